"""The base classes: PettingZoo's AECEnv and ParallelEnv when pettingzoo is
importable, else plain classes with the same helpers and semantics."""

try:  # pragma: no cover - depends on the machine
    from pettingzoo import AECEnv, ParallelEnv  # noqa: F401

    HAVE_PETTINGZOO = True
except ImportError:
    HAVE_PETTINGZOO = False

    class _Env:
        """What pettingzoo's AECEnv and ParallelEnv both have: the agents,
        the metadata and the properties read from them."""

        metadata = {}
        possible_agents = []
        agents = []
        render_mode = None

        def __str__(self):
            return self.metadata.get("name", type(self).__name__)

        @property
        def unwrapped(self):
            return self

        @property
        def num_agents(self):
            return len(self.agents)

        @property
        def max_num_agents(self):
            return len(self.possible_agents)

    class AECEnv(_Env):
        """The helpers of pettingzoo.AECEnv (agent_iter, last,
        _was_dead_step, reward bookkeeping), for machines without it."""

        def agent_iter(self, max_iter=2**63):
            """Yield agent_selection until no agent is left or max_iter."""
            n = 0
            while self.agents and n < max_iter:
                n += 1
                yield self.agent_selection

        def last(self, observe=True):
            """(observation, cumulative reward, terminated, truncated, info)
            of agent_selection."""
            agent = self.agent_selection
            assert agent is not None
            observation = self.observe(agent) if observe else None
            return (
                observation,
                self._cumulative_rewards[agent],
                self.terminations[agent],
                self.truncations[agent],
                self.infos[agent],
            )

        def _clear_rewards(self):
            for agent in self.rewards:
                self.rewards[agent] = 0

        def _accumulate_rewards(self):
            for agent, reward in self.rewards.items():
                self._cumulative_rewards[agent] += reward

        def _deads_step_first(self):
            _deads_order = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            if _deads_order:
                self._skip_agent_selection = self.agent_selection
                self.agent_selection = _deads_order[0]
            return self.agent_selection

        def _was_dead_step(self, action):
            if action is not None:
                raise ValueError("when an agent is dead, the only valid action is None")
            agent = self.agent_selection
            assert self.terminations[agent] or self.truncations[agent], "an agent that is not dead cannot be removed"
            del self.terminations[agent]
            del self.truncations[agent]
            del self.rewards[agent]
            del self._cumulative_rewards[agent]
            del self.infos[agent]
            self.agents.remove(agent)
            _deads_order = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            if _deads_order:
                if getattr(self, "_skip_agent_selection", None) is None:
                    self._skip_agent_selection = self.agent_selection
                self.agent_selection = _deads_order[0]
            else:
                if getattr(self, "_skip_agent_selection", None) is not None:
                    self.agent_selection = self._skip_agent_selection
                self._skip_agent_selection = None
            self._clear_rewards()

    class ParallelEnv(_Env):
        """The shape of pettingzoo.ParallelEnv, for machines without it."""
