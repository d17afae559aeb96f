package envproto

import "minehall/sim"

// The seeds of an episode are those of game 0 of `minehall sim --seed S`:
// the game's seed is sim.GameSeed(S, 0), and the bot of seat p is seeded
// with botSeed(gameSeed, p), the derivation sim uses for its own bots.

// episodeSeed returns the game seed of an episode reset with seed.
func episodeSeed(seed uint64) uint64 { return sim.GameSeed(seed, 0) }

// botSeed returns the seed sim gives the bot in seat p of a game with seed
// s (sim's own derivation, kept equal by TestAdvisedEpisodeEqualsSim).
func botSeed(s uint64, p int) uint64 { return mix(s ^ mix(uint64(p)+1)) }

// mix is the splitmix64 finalizer, as in sim.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
