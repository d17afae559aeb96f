"""What the tests share: the binary (MINEHALL_BINARY, else built once from
the repository) and the four games."""

import os

import minehall

GAMES = minehall.GAMES

_binary = None


def binary():
    global _binary
    if _binary is None:
        _binary = os.environ.get("MINEHALL_BINARY") or minehall.build_binary(
            os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        )
    return _binary


def make_env(game, **kwargs):
    return minehall.env(game, players=2, binary=binary(), **kwargs)
