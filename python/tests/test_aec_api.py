"""The AEC contract as PettingZoo's api_test checks it, for all four games."""

import unittest

import numpy as np

import minehall

from support import GAMES, make_env

STEPS = 150  # a step cap that keeps the suite short (Hammer Time's physics is slow)


def play(env, seed, max_iter=10_000):
    """Play one episode with seeded, masked random actions; return the list
    of (agent, action, observation bytes) it went through."""
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter(max_iter=max_iter):
        obs, _, term, trunc, _ = env.last()
        action = None if term or trunc else env.action_space(agent).sample(obs["action_mask"])
        trace.append((agent, action, obs["observation"].tobytes()))
        env.step(action)
    return trace


class AECContract(unittest.TestCase):
    def test_agent_iteration_last_masks_and_spaces(self):
        for game in GAMES:
            with self.subTest(game=game):
                env = make_env(game, max_steps=STEPS, views=False)
                try:
                    self.check_episode(env)
                finally:
                    env.close()

    def check_episode(self, env):
        self.assertEqual(env.possible_agents, ["player_0", "player_1"])
        self.assertIs(env.observation_space("player_0"), env.observation_space("player_0"))
        env.reset(seed=3)
        self.assertEqual(env.agents, env.possible_agents)
        for d in (env.rewards, env._cumulative_rewards, env.terminations, env.truncations, env.infos):
            self.assertEqual(set(d), set(env.agents))
        live_steps = 0
        for agent in env.agent_iter():
            self.assertEqual(agent, env.agent_selection)
            self.assertIn(agent, env.agents)
            obs, reward, term, trunc, info = env.last()
            self.assertTrue(env.observation_space(agent).contains(obs), f"{agent}'s observation is outside its space")
            self.assertEqual(obs["observation"].dtype, np.float32)
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            self.assertIsInstance(info, dict)
            self.assertEqual(reward, env._cumulative_rewards[agent])
            for other in env.agents:
                self.assertTrue(env.observation_space(other).contains(env.observe(other)))
            if term or trunc:
                action = None
            else:
                self.assertGreater(obs["action_mask"].sum(), 0, "a live agent has no legal action")
                action = env.action_space(agent).sample(obs["action_mask"])
                self.assertTrue(env.action_space(agent).contains(action))
                self.assertEqual(obs["action_mask"][action], 1)
                live_steps += 1
            env.step(action)
            self.assertEqual(set(env.rewards), set(env.agents))
        self.assertEqual(env.agents, [])
        self.assertLessEqual(live_steps, STEPS)

    def test_termination_rewards_are_the_games_returns(self):
        env = make_env("minerals", views=False)
        try:
            env.reset(seed=5)
            final = {}
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last()
                if term or trunc:
                    self.assertTrue(term, "the game was truncated, not finished")
                    self.assertFalse(trunc)
                    final[agent] = (reward, info)
                    env.step(None)
                else:
                    env.step(env.action_space(agent).sample(obs["action_mask"]))
            self.assertEqual(set(final), {"player_0", "player_1"})
            self.assertAlmostEqual(sum(r for r, _ in final.values()), 1.0)
            for p, agent in enumerate(["player_0", "player_1"]):
                self.assertEqual(final[agent][0], final[agent][1]["returns"][p])
                self.assertEqual(len(final[agent][1]["scores"]), 2)
        finally:
            env.close()

    def test_truncation_at_max_steps(self):
        for game in GAMES:
            with self.subTest(game=game):
                env = make_env(game, max_steps=4, views=False)
                try:
                    env.reset(seed=1)
                    steps = 0
                    while not any(env.truncations.values()):
                        obs, _, _, _, _ = env.last()
                        env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
                        steps += 1
                    self.assertEqual(steps, 4)
                    self.assertTrue(all(env.truncations.values()))
                    self.assertFalse(any(env.terminations.values()))
                    self.assertEqual(env.rewards, {a: 0 for a in env.agents})
                    self.assertEqual(env.infos[env.agent_selection]["reason"], "max_steps")
                    with self.assertRaises(ValueError):
                        env.step(0)  # a dead agent only steps with None
                    while env.agents:
                        env.step(None)
                finally:
                    env.close()

    def test_same_seed_same_episode(self):
        for game in GAMES:
            with self.subTest(game=game):
                env = make_env(game, max_steps=40, views=False)
                try:
                    a, b, c = play(env, 21), play(env, 21), play(env, 22)
                    self.assertEqual(a, b, "two episodes of seed 21 differ")
                    self.assertNotEqual(a, c, "seeds 21 and 22 gave the same episode")
                finally:
                    env.close()

    def test_one_process_serves_every_episode(self):
        env = make_env("minerals", max_steps=3, views=False)
        try:
            pid = env._proc._proc.pid
            for seed in range(5):
                play(env, seed)
            self.assertEqual(env._proc._proc.pid, pid)
            self.assertIsNone(env._proc._proc.poll(), "the environment's process ended")
        finally:
            env.close()

    def test_view_is_the_seats_view(self):
        env = make_env("tf22")
        try:
            env.reset(seed=2)
            agent = env.agent_selection
            self.assertIsInstance(env.infos[agent]["view"], dict)
            self.assertEqual(env.view(agent), env.infos[agent]["view"])
            other = [a for a in env.agents if a != agent][0]
            self.assertIsInstance(env.view(other), dict)
            self.assertEqual(env.observe(other)["action_mask"].sum(), 0, "an agent that is not asked has a mask")
        finally:
            env.close()

    def test_render_and_spaces_without_gymnasium(self):
        env = make_env("minerals", render_mode="ansi", views=False)
        try:
            env.reset(seed=1)
            self.assertIn("Minerals", env.render())
            space = env.action_space("player_0")
            self.assertEqual(space.n, env.num_actions)
            self.assertFalse(space.contains(env.num_actions))
            self.assertEqual(env.observation_space("player_0")["observation"].shape, env.shape)
        finally:
            env.close()


class Spaces(unittest.TestCase):
    def test_discrete_sample_respects_the_mask(self):
        space = minehall.spaces.Discrete(10, seed=1)
        mask = np.zeros(10, dtype=np.int8)
        mask[[2, 7]] = 1
        for _ in range(20):
            self.assertIn(space.sample(mask), (2, 7))

    def test_box_contains(self):
        box = minehall.spaces.Box(low=0, high=1, shape=(3,), dtype=np.int8)
        self.assertTrue(box.contains(np.array([0, 1, 1], dtype=np.int8)))
        self.assertFalse(box.contains(np.array([0, 2, 1], dtype=np.int8)))
        self.assertFalse(box.contains(np.array([0, 1], dtype=np.int8)))


if __name__ == "__main__":
    unittest.main()
