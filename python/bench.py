"""Steps per second through the Python environment, per game: seeded,
uniformly random actions from the mask, views off, episodes reset as they
end. Compare with the Go engine's own rate (docs/benchmarks.md).

    python3 python/bench.py [--steps 3000] [--binary PATH] [GAME …]
"""

import argparse
import time

import minehall


def bench(game, steps, binary):
    env = minehall.env(game, players=2, binary=binary, views=False)
    try:
        seed, done = 0, 0
        env.reset(seed=seed)
        start = time.perf_counter()
        while done < steps:
            agent = env.agent_selection
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                while env.agents:
                    env.step(None)
                seed += 1
                env.reset(seed=seed)
                continue
            env.step(env.action_space(agent).sample(obs["action_mask"]))
            done += 1
        elapsed = time.perf_counter() - start
    finally:
        env.close()
    return done / elapsed, seed + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=list(minehall.GAMES))
    ap.add_argument("--steps", type=int, default=3000, help="steps per game (Hammer Time: a tenth)")
    ap.add_argument("--binary", default=None, help="the minehall binary (default: found or built)")
    args = ap.parse_args()
    print(f"{'game':<12} {'steps/s':>10} {'episodes':>9}")
    for game in args.games:
        steps = max(args.steps // 10, 10) if game == "hammertime" else args.steps
        rate, episodes = bench(game, steps, args.binary)
        print(f"{game:<12} {rate:>10.0f} {episodes:>9}")


if __name__ == "__main__":
    main()
