package envproto

import "minehall/sim"

// The seeds of an episode are those of game 0 of `minehall sim --seed S`:
// the game's seed is sim.GameSeed(S, 0), and the bot of seat p is seeded
// with sim.BotSeed(gameSeed, p), as sim seeds its own bots.

// episodeSeed returns the game seed of an episode reset with seed.
func episodeSeed(seed uint64) uint64 { return sim.GameSeed(seed, 0) }
