package tournament

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSwissPair pairs the last round of a large Swiss event.
func BenchmarkSwissPair(b *testing.B) {
	for _, n := range []int{16, 64, 256} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			s := Swiss{Rounds: RecommendedRounds(n, 2)}
			var es []Entrant
			for i := range n {
				es = append(es, Entrant{ID: fmt.Sprintf("p%03d", i), Rating: float64(1000 + rng.IntN(1000))})
			}
			var games []Game
			var bs []Bye
			for round := 1; round < s.Rounds; round++ {
				p, err := s.Pair(es, games, bs)
				if err != nil {
					b.Fatal(err)
				}
				for _, t := range p.Tables {
					games = append(games, winner(round, t, t[rng.IntN(2)]))
				}
				bs = append(bs, byes(round, p.Byes)...)
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := s.Pair(es, games, bs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
