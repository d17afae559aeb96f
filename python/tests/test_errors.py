"""Bad input: a malformed frame and an illegal action are refused with a
message, the episode is left as it was, and the process keeps serving."""

import unittest

import numpy as np

import minehall

from support import make_env


class BadInput(unittest.TestCase):
    def setUp(self):
        self.env = make_env("minerals", views=False)
        self.env.reset(seed=8)

    def tearDown(self):
        self.env.close()

    def test_malformed_frames(self):
        env = self.env
        before = env.observe(env.agent_selection)
        for line, says in [
            ("this is not json", "not a JSON request object"),
            ('{"op":"step","action":', "not a JSON request object"),
            ('{"op":"jump"}', 'unknown op "jump"'),
            ('{"op":"step","action":1,"move":"x"}', "exactly one of action, move and wait"),
        ]:
            with self.subTest(line=line):
                ans = env._proc.send_line(line)
                self.assertFalse(ans["ok"])
                self.assertIn(says, ans["error"])
        env._obs_cache.clear()
        after = env.observe(env.agent_selection)
        np.testing.assert_array_equal(before["observation"], after["observation"])
        np.testing.assert_array_equal(before["action_mask"], after["action_mask"])
        self.assertEqual(env._proc.request("observe", seat=0)["obs"]["seat"], 0)

    def test_illegal_action(self):
        env = self.env
        agent = env.agent_selection
        obs = env.observe(agent)
        illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        for action, code in [(illegal, "illegal"), (env.num_actions + 5, "invalid"), ("dig a hole", "invalid")]:
            with self.subTest(action=action):
                with self.assertRaises(minehall.ActionError) as cm:
                    env.step(action)
                self.assertEqual(cm.exception.code, code)
                self.assertTrue(str(cm.exception))
                self.assertEqual(env.agent_selection, agent)
                self.assertEqual(env.steps, 0)
        legal = int(np.flatnonzero(obs["action_mask"])[0])
        env.step(legal)
        self.assertEqual(env.steps, 1)

    def test_unknown_game_and_option(self):
        with self.assertRaises(minehall.MinehallError) as cm:
            make_env("chess")
        self.assertIn('unknown game "chess"', str(cm.exception))
        with self.assertRaises(minehall.MinehallError):
            make_env("minerals", board="moon")


if __name__ == "__main__":
    unittest.main()
