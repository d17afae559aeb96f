"""Minehall's games in the shape of PettingZoo's ParallelEnv, for games
where players act at once (Out of Mine's real-time rounds)."""

from .aec import MinehallEnv
from .base import ParallelEnv


class MinehallParallelEnv(ParallelEnv):
    """A parallel view of a MinehallEnv. Each step(actions) gives the
    environment the actions of the agents it asks on the current state (in
    Out of Mine, every seat of a real-time round; in a turn-based game, the
    player to move) and returns when the state has moved on. Actions of
    agents that were not asked are ignored; every asked agent must have
    one (else KeyError), so give every live agent an action. Observations,
    rewards, terminations, truncations and infos are dicts over the live
    agents, as in PettingZoo; agents becomes empty when the episode ends."""

    def __init__(self, game, players=2, binary=None, render_mode=None, **kwargs):
        self.aec_env = MinehallEnv(game, players=players, binary=binary, render_mode=render_mode, **kwargs)
        self.metadata = self.aec_env.metadata
        self.render_mode = render_mode
        self.possible_agents = list(self.aec_env.possible_agents)
        self.observation_spaces = self.aec_env.observation_spaces
        self.action_spaces = self.aec_env.action_spaces
        self.agents = []

    def observation_space(self, agent):
        return self.aec_env.observation_space(agent)

    def action_space(self, agent):
        return self.aec_env.action_space(agent)

    def reset(self, seed=None, options=None):
        """Start an episode; returns (observations, infos)."""
        self.aec_env.reset(seed=seed, options=options)
        self.agents = list(self.aec_env.agents)
        return self._observations(), {a: dict(self.aec_env.infos[a]) for a in self.agents}

    def asked(self):
        """[the agent the environment asks now], or [] once the episode is
        over. On one state the environment may go on to ask the agents after
        it (every seat in Out of Mine), so a step should hold an action for
        every live agent."""
        env = self.aec_env
        if not env.agents or env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            return []
        return [env.agent_selection]

    def step(self, actions):
        """Give each asked agent its action; returns (observations, rewards,
        terminations, truncations, infos)."""
        env = self.aec_env
        start = env.pass_number
        rewards = {a: 0.0 for a in self.agents}
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent] or env.pass_number != start:
                break
            if agent not in actions:
                raise KeyError(f"no action for {agent}, which the environment asks now")
            env.step(actions[agent])
            for a, r in env.rewards.items():
                rewards[a] = rewards.get(a, 0.0) + r
        observations = self._observations()
        terminations = {a: env.terminations[a] for a in self.agents}
        truncations = {a: env.truncations[a] for a in self.agents}
        infos = {a: dict(env.infos[a]) for a in self.agents}
        if all(terminations[a] or truncations[a] for a in self.agents):
            while env.agents:
                env.step(None)
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self):
        return {a: self.aec_env.observe(a) for a in self.agents}

    def advise(self):
        """The advised decisions of the asked agents (see MinehallEnv.advise)."""
        return {self.aec_env.agent_selection: self.aec_env.advise()} if self.asked() else {}

    def render(self):
        return self.aec_env.render()

    def close(self):
        self.aec_env.close()

    def state(self):
        return self.aec_env.state()
