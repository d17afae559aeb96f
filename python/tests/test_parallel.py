"""The parallel API on Out of Mine's real-time rounds."""

import unittest

from support import binary

import minehall


class Parallel(unittest.TestCase):
    def test_outofmine_rounds(self):
        env = minehall.parallel_env("outofmine", players=3, binary=binary(), views=False, max_steps=300)
        try:
            observations, infos = env.reset(seed=6)
            self.assertEqual(set(observations), set(env.possible_agents))
            steps = 0
            while env.agents:
                asked = env.asked()
                self.assertTrue(asked)
                actions = {a: env.action_space(a).sample(observations[a]["action_mask"]) if observations[a]["action_mask"].any()
                           else env.aec_env.wait_action for a in env.agents}
                observations, rewards, terms, truncs, infos = env.step(actions)
                steps += 1
                for a, obs in observations.items():
                    self.assertTrue(env.observation_space(a).contains(obs))
                self.assertEqual(set(rewards), set(env.possible_agents))
            self.assertTrue(all(truncs.values()) or all(terms.values()))
            self.assertGreater(steps, 10)
        finally:
            env.close()

    def test_every_seat_is_asked_on_one_state(self):
        env = minehall.parallel_env("outofmine", players=3, binary=binary(), views=False)
        try:
            env.reset(seed=2)
            aec = env.aec_env
            start, seen = aec.pass_number, []
            while aec.pass_number == start:
                seen.append(aec.agent_selection)
                aec.step(aec.wait_action)
            self.assertEqual(seen, ["player_0", "player_1", "player_2"])
        finally:
            env.close()


if __name__ == "__main__":
    unittest.main()
