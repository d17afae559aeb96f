"""Minehall's games as PettingZoo AEC environments."""

import json
import random

import numpy as np

from .base import AECEnv
from .process import ActionError, Process, decode_tensor
from .spaces import Box, Dict, Discrete

GAMES = ("hammertime", "minerals", "outofmine", "tf22")


class MinehallEnv(AECEnv):
    """One game of Minehall as a PettingZoo AEC environment, played by the Go
    engine in one long-lived `minehall env` process (every episode of the
    environment runs in it).

    Agents are "player_0" … "player_{n-1}" (seat 0 first). agent_selection
    is the seat the game's driver asks for a decision: the player to move in
    a turn-based game; in Out of Mine's real-time rounds every seat in turn
    on a virtual clock (docs/env.md). observe(agent) is
    {"observation": float32 tensor, "action_mask": int8 of the action
    space}; only agent_selection's mask has ones. The seat's view (the JSON
    the web page shows) is infos[agent_selection]["view"] and view(agent).
    Rewards come at the end: each agent's return of the game (1 for a win,
    0 for a loss, 1/k to each of k sharing a win); infos then hold the
    scores. A step the environment refuses (outside the mask) raises
    ActionError and changes nothing."""

    # Not parallelizable by PettingZoo's aec_to_parallel, which expects every
    # agent once per cycle: a Minehall seat may act several times in a row.
    # minehall.parallel_env is the parallel API.
    metadata = {"render_modes": ["human", "ansi"], "name": "minehall_v0", "is_parallelizable": False}

    def __init__(self, game, players=2, binary=None, render_mode=None, max_steps=None, pace_ms=None,
                 bots=None, views=True, **options):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game = game
        self.options = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
        self._bots = bots
        self._views = views
        self._max_steps = max_steps
        self._pace_ms = pace_ms
        self._proc = Process(binary)
        try:
            self.spec_info = self._proc.request("describe", game=game, players=players, options=self.options)["env"]
        except Exception:
            self._proc.close()
            raise
        self.metadata = dict(self.metadata, name=f"minehall_{self.spec_info['game']}_v0")
        self.num_players = self.spec_info["players"]
        self.possible_agents = [f"player_{p}" for p in range(self.num_players)]
        self.agents = []
        self.shape = tuple(self.spec_info["shape"])
        self.num_actions = self.spec_info["num_actions"]
        #: the number of the wait action (real-time games), else None
        self.wait_action = None if self.spec_info["wait_action"] < 0 else self.spec_info["wait_action"]
        obs_space = Dict({
            "observation": Box(low=-np.inf, high=np.inf, shape=self.shape, dtype=np.float32),
            "action_mask": Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: Discrete(self.num_actions) for a in self.possible_agents}
        self._seeder = random.Random()
        self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos = {}, {}, {}, {}, {}
        self.agent_selection = None
        self._obs_cache = {}
        self._turn = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---- episodes ----------------------------------------------------------------------

    def reset(self, seed=None, options=None):
        """Start a new episode. The same seed gives the same episode (the deal,
        every chance event, the advising bots); seed=None draws one. options
        may hold "bots", "max_steps", "pace_ms" and "views" for this episode."""
        if seed is None:
            seed = self._seeder.getrandbits(63)
        seed = int(seed)
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed {seed} is outside 0 to 2**64 - 1")
        opts = dict(options or {})
        req = {"game": self.game, "players": self.num_players, "options": self.options, "seed": seed,
               "views": opts.pop("views", self._views)}
        for key, default in (("bots", self._bots), ("max_steps", self._max_steps), ("pace_ms", self._pace_ms)):
            value = opts.pop(key, default)
            if value is not None:
                req[key] = value
        if opts:
            raise ValueError(f"unknown reset options {sorted(opts)} (known: bots, max_steps, pace_ms, views)")
        for space in self.action_spaces.values():
            space.seed(seed)
        ans = self._proc.request("reset", **req)
        self.seed_used = seed
        self.episode_info = ans["env"]
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._take_turn(ans)

    def _take_turn(self, ans):
        """Follow an answer of reset or step: the asked agent and its
        observation, or the end of the episode."""
        self._turn = ans
        self._obs_cache = {}
        self.steps, self.pass_number = ans["steps"], ans["pass"]
        for a in self.agents:
            self.infos[a] = {}
        if ans.get("agent") is not None:
            agent = self.possible_agents[ans["agent"]]
            self.agent_selection = agent
            self._obs_cache[agent] = ans["obs"]
            if ans["obs"].get("view") is not None:
                self.infos[agent]["view"] = ans["obs"]["view"]
            return
        if ans["terminated"]:
            returns = ans["result"]["returns"]
            scores = ans["result"]["scores"]
            for p, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = float(returns[p])
                    self.terminations[a] = True
                    self.infos[a] = {"scores": list(scores), "returns": list(returns)}
        else:
            scores = ans.get("scores") or []
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"scores": list(scores), "reason": ans.get("reason", "")}
        if self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action, delay_ms=None):
        """Take agent_selection's action: a number of the action space (the
        wait action in a real-time game) or its notation (a str). delay_ms,
        in a real-time game, is the virtual time the decision took (default:
        the pace). After the episode ends, each agent steps once with None
        to leave, as PettingZoo's AEC API requires."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        req = {}
        if isinstance(action, str):
            req["move"] = action
        elif action is None:
            raise ActionError(f"{agent} may act: None is only for an agent whose episode is over", "invalid")
        else:
            req["action"] = int(action)
        if delay_ms is not None:
            req["delay_ms"] = int(delay_ms)
        ans = self._proc.request("step", **req)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self._take_turn(ans)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ---- observations --------------------------------------------------------------

    def _raw_obs(self, agent):
        if agent not in self._obs_cache:
            seat = self.possible_agents.index(agent)
            self._obs_cache[agent] = self._proc.request("observe", seat=seat)["obs"]
        return self._obs_cache[agent]

    def observe(self, agent):
        """{"observation": the game's tensor for agent, "action_mask": 1 for
        every action agent may take now (none unless it is asked)}."""
        raw = self._raw_obs(agent)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if raw["legal"]:
            mask[np.asarray(raw["legal"], dtype=np.int64)] = 1
        return {"observation": decode_tensor(raw["tensor"], self.shape), "action_mask": mask}

    def view(self, agent):
        """The game's view for agent (a dict), as the web page shows it."""
        raw = self._raw_obs(agent)
        if raw.get("view") is None:
            raise ValueError("views are off for this episode (views=False)")
        return raw["view"]

    def advise(self):
        """The decision the Go bot of agent_selection's seat (random unless
        bots=… says otherwise), seeded as `minehall sim` seeds it, takes now:
        {"action": number, "wait": bool, "delay_ms": ms, "notation": str}.
        Stepping every agent with env.step(a["action"], delay_ms=a["delay_ms"])
        plays exactly the game `minehall sim --seed S --games 1` plays."""
        return self._proc.request("advise")["advice"]

    # ---- the rest of the API -------------------------------------------------------------

    def render(self):
        """A short text of the episode: "ansi" returns it, "human" prints it."""
        if self.render_mode is None:
            return None
        t = self._turn or {}
        lines = [f"{self.spec_info['title']}, {self.num_players} players, step {t.get('steps', 0)}"]
        if t.get("agent") is not None:
            lines.append(f"to act: {self.possible_agents[t['agent']]}, {len(t['obs']['legal'])} legal actions")
        elif t.get("terminated"):
            lines.append(f"over: scores {t['result']['scores']}, returns {t['result']['returns']}")
        elif t.get("truncated"):
            lines.append(f"truncated ({t.get('reason')}): scores {t.get('scores')}")
        if t.get("obs") and t["obs"].get("view") is not None:
            lines.append(json.dumps(t["obs"]["view"])[:2000])
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        """End the `minehall env` process."""
        proc = getattr(self, "_proc", None)
        if proc is not None:
            proc.close()

    def __del__(self):
        self.close()

    def state(self):
        raise NotImplementedError("a global state is not offered: observations are per seat")
