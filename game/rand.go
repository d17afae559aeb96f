package game

import (
	"math"
	"math/bits"
)

// Rand is a small, fast, seeded generator (xoshiro256**) whose whole state
// is four exported words, so a state that holds one by value clones it by
// copying and snapshots it as JSON. It is not safe for concurrent use.
type Rand struct {
	S [4]uint64 `json:"s"`
}

// NewRand returns a generator seeded from seed by splitmix64, as the
// xoshiro authors recommend; every seed, 0 included, gives a good state.
func NewRand(seed uint64) Rand {
	var r Rand
	r.Seed(seed)
	return r
}

// Seed resets r to the stream of seed.
func (r *Rand) Seed(seed uint64) {
	for i := range r.S {
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		r.S[i] = z ^ (z >> 31)
	}
}

// Uint64 returns a uniformly random 64-bit value.
func (r *Rand) Uint64() uint64 {
	s := &r.S
	result := rotl(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = rotl(s[3], 45)
	return result
}

func rotl(x uint64, k uint) uint64 { return x<<k | x>>(64-k) }

// IntN returns a uniform integer in [0, n); it panics if n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("game: Rand.IntN with n <= 0")
	}
	// Lemire's multiply-and-reject: unbiased and nearly always one draw.
	bound := uint64(n)
	for {
		hi, lo := bits.Mul64(r.Uint64(), bound)
		if lo >= bound || lo >= (-bound)%bound {
			return int(hi)
		}
	}
}

// Float64 returns a uniform float in [0, 1).
func (r *Rand) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// NormFloat64 returns a standard normal value (Box–Muller; deterministic
// across platforms because it uses only math.Log, Sqrt and Cos).
func (r *Rand) NormFloat64() float64 {
	u := 1 - r.Float64() // (0, 1]
	v := r.Float64()
	return math.Sqrt(-2*math.Log(u)) * math.Cos(2*math.Pi*v)
}

// Shuffle permutes n elements with swap (Fisher–Yates).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Perm returns a random permutation of 0..n-1.
func (r *Rand) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
