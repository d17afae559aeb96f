"""A seeded random episode in Python ends as `minehall sim` with the same
seed ends: the environment offers the decisions of the Go random bot, seeded
as sim seeds it, and plays chance and the virtual clock as sim does."""

import json
import os
import subprocess
import tempfile
import unittest

from support import GAMES, binary, make_env


def sim(game, seed):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "sim.json")
        subprocess.run([binary(), "sim", game, "--bots", "random,random", "--seed", str(seed), "--games", "1",
                        "--json", out], check=True, stdout=subprocess.DEVNULL)
        with open(out, encoding="utf-8") as f:
            return json.load(f)


class SameAsSim(unittest.TestCase):
    def test_advised_random_episode_equals_sim(self):
        seed = 4
        for game in GAMES:
            with self.subTest(game=game):
                env = make_env(game, views=False)
                try:
                    env.reset(seed=seed)
                    final = None
                    for agent in env.agent_iter():
                        _, _, term, trunc, info = env.last(observe=False)
                        if term or trunc:
                            final = info
                            env.step(None)
                            continue
                        advice = env.advise()
                        env.step(advice["action"], delay_ms=advice["delay_ms"])
                finally:
                    env.close()
                want = sim(game, seed)
                self.assertEqual(want["completed"], 1)
                self.assertEqual(final["scores"], want["mean_score_by_seat"])
                # sim counts a win shared by k seats as 1/k to each.
                best = max(final["returns"])
                winners = sum(r == best for r in final["returns"])
                self.assertEqual([(1 / winners if r == best else 0) for r in final["returns"]],
                                 [w["wins"] for w in want["wins_by_seat"]])


if __name__ == "__main__":
    unittest.main()
