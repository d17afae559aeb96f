package minerals

import (
	"testing"
	"time"

	"minehall/ai/aitest"
	"minehall/game"
	"minehall/game/gametest"
)

// playRandom plays s to the end with uniformly random legal actions (chance
// by its probabilities) through the unchecked path, and returns the number
// of actions.
func playRandom(s *State, rng *game.Rand, buf []game.Action, obuf []game.ChanceOutcome) int {
	n := 0
	for s.phase != phaseOver {
		var a game.Action
		p := game.Player(s.current)
		if s.phase == phaseRevealCard || s.phase == phaseChestDraw {
			p = game.Chance
			outs := s.ChanceOutcomes(obuf[:0])
			x := rng.Float64()
			a = outs[len(outs)-1].Action
			for _, o := range outs {
				if x < o.Probability {
					a = o.Action
					break
				}
				x -= o.Probability
			}
		} else {
			legal := s.Legal(p, buf[:0])
			a = legal[rng.IntN(len(legal))]
		}
		s.Apply(p, a)
		n++
	}
	return n
}

func newState(tb testing.TB, players int, opts game.Options, seed uint64) *State {
	tb.Helper()
	s, _, err := game.Start(New(), players, opts, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return s.(*State)
}

// BenchmarkRandomGame plays whole random 4-player games on the default
// board with the default options (full version, random tool sides). Besides
// games per second of wall time it reports games per second of the
// process's CPU time (cpu-games/s), which a busy machine does not lower:
// with -cpu 1 it is what one core gives.
func BenchmarkRandomGame(b *testing.B) {
	start := newState(b, 4, nil, 1)
	rng := game.NewRand(7)
	buf := make([]game.Action, 0, 4096)
	obuf := make([]game.ChanceOutcome, 0, 64)
	actions := 0
	b.ReportAllocs()
	cpu0, cpuOK := processCPU()
	for i := 0; i < b.N; i++ {
		s := *start
		s.rng = game.NewRand(uint64(i))
		actions += playRandom(&s, &rng, buf, obuf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if cpu1, ok := processCPU(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "cpu-games/s")
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// midGame returns a 4-player state some turns into a random game.
func midGame(tb testing.TB) *State {
	s := newState(tb, 4, nil, 3)
	rng := game.NewRand(5)
	for i := 0; i < 60; i++ {
		p, a, ok := gametest.RandomStep(s, &rng, nil, nil)
		if !ok {
			tb.Fatal("game ended early")
		}
		s.Apply(p, a)
	}
	for s.phase != phaseMove {
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
	}
	return s
}

// reportCPU reports the CPU time per operation since cpu0 (cpu-ns/op), which
// a busy machine does not inflate as it does ns/op.
func reportCPU(b *testing.B, cpu0 time.Duration, ok bool) {
	if cpu1, ok1 := processCPU(); ok && ok1 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkLegal(b *testing.B) {
	s := midGame(b)
	buf := make([]game.Action, 0, 4096)
	p := game.Player(s.current)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := processCPU()
	for i := 0; i < b.N; i++ {
		buf = s.Legal(p, buf[:0])
	}
	reportCPU(b, cpu0, ok)
}

func BenchmarkApply(b *testing.B) {
	s := midGame(b)
	p := game.Player(s.current)
	legal := s.Legal(p, nil)
	a := legal[0]
	var c State
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := processCPU()
	for i := 0; i < b.N; i++ {
		c = *s
		c.Apply(p, a)
	}
	reportCPU(b, cpu0, ok)
}

// toolPositions returns positions of random games with every tool side
// and two to five players in which the player to move may use a tool
// (before or after the move, or cutting): those where the search view's
// Legal differs from the rules'.
func toolPositions(tb testing.TB) []*State {
	var positions []*State
	for players := 2; players <= MaxPlayers; players++ {
		for g := range 5 {
			seed := uint64(10*players + g)
			s := newState(tb, players, game.Options{"tools": "random"}, seed)
			rng := game.NewRand(seed)
			for !s.Terminal() {
				if (s.phase == phaseMove || s.phase == phaseAfter || s.phase == phaseCut) && !s.toolUsed {
					c := *s
					positions = append(positions, &c)
				}
				p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
				s.Apply(p, a)
			}
		}
	}
	if len(positions) == 0 {
		tb.Fatal("no position with a tool to use")
	}
	return positions
}

// benchmarkLegalAlong measures legal over the positions of toolPositions,
// one position per operation, in wall and CPU time (cpu-ns/op).
func benchmarkLegalAlong(b *testing.B, legal func(*State, []game.Action) []game.Action) {
	positions := toolPositions(b)
	buf := make([]game.Action, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := processCPU()
	for i := range b.N {
		buf = legal(positions[i%len(positions)], buf[:0])
	}
	reportCPU(b, cpu0, ok)
}

// BenchmarkLegalAlongGames measures the rules' Legal in positions where a
// tool may be used.
func BenchmarkLegalAlongGames(b *testing.B) {
	benchmarkLegalAlong(b, func(s *State, dst []game.Action) []game.Action {
		return s.Legal(game.Player(s.current), dst)
	})
}

// BenchmarkSearchLegal measures the search view's Legal, the one the bots'
// searches call, in positions where a tool may be used.
func BenchmarkSearchLegal(b *testing.B) {
	benchmarkLegalAlong(b, func(s *State, dst []game.Action) []game.Action {
		return searchState{s}.Legal(game.Player(s.current), dst)
	})
}

// BenchmarkLevelAgreement measures how often each search level chooses
// expert's move, at two players and five, in positions of expert's own
// games (docs/bots.md, "Why the steps shrink at the largest counts"):
//
//	go test ./games/minerals -run '^$' -bench LevelAgreement -benchtime 1x
func BenchmarkLevelAgreement(b *testing.B) {
	aitest.BenchmarkAgreement(b, New(), []int{2, MaxPlayers}, "expert", []string{"easy", "medium", "hard"}, 150)
}
