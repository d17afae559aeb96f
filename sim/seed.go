package sim

// mix is the splitmix64 finalizer: a bijection of uint64 that spreads
// nearby inputs over the whole range.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// GameSeed returns the seed of game i of a run with seed seed. It is the
// game's own seed (its deal, its chance) and the root of its bots' seeds.
func GameSeed(seed uint64, i int) uint64 { return mix(mix(seed) ^ uint64(i)) }

// BotSeed returns the seed of the bot in seat p of a game with seed s
// (what `minehall env` advises with, so that its episodes are sim's games).
func BotSeed(s uint64, p int) uint64 { return mix(s ^ mix(uint64(p)+1)) }

// chanceSeed returns the seed of the generator that draws a game's chance
// outcomes.
func chanceSeed(s uint64) uint64 { return mix(s ^ 0x63_68_61_6e_63_65) }
