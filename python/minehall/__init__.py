"""Minehall's four mining board games (Out of Mine, Minerals, TF22 Mine,
Hammer Time) as multi-agent environments with PettingZoo's APIs, played by
the Go engine through one long-lived `minehall env` process per
environment. See docs/env.md.

    import minehall
    env = minehall.env("minerals", players=2)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    env.close()
"""

from .aec import GAMES, MinehallEnv
from .base import HAVE_PETTINGZOO
from .parallel import MinehallParallelEnv
from .process import ActionError, MinehallError, build_binary, find_binary
from .spaces import HAVE_GYMNASIUM

__all__ = [
    "GAMES", "MinehallEnv", "MinehallParallelEnv", "ActionError", "MinehallError",
    "env", "parallel_env", "raw_env", "build_binary", "find_binary", "HAVE_PETTINGZOO", "HAVE_GYMNASIUM",
]


def env(game, players=2, binary=None, **options):
    """A PettingZoo AEC environment of game ("hammertime", "minerals",
    "outofmine", "tf22") for players seats. binary is the minehall program
    (default: $MINEHALL_BINARY, minehall on PATH, or one built with go build
    from the repository). Keyword arguments render_mode, max_steps, pace_ms,
    bots and views configure the environment; every other one is a game
    option (`minehall games` lists them), e.g. board="hexagon"."""
    return MinehallEnv(game, players=players, binary=binary, **options)


raw_env = env


def parallel_env(game, players=2, binary=None, **options):
    """The same environment in the shape of PettingZoo's ParallelEnv."""
    return MinehallParallelEnv(game, players=players, binary=binary, **options)
