package tf22

import (
	"context"
	"testing"

	"minehall/ai/aitest"
	"minehall/game"
)

// BenchmarkRandomPlay measures random play: one op is one Legal listing and
// one unchecked Apply of a uniformly chosen action, over 4-player games
// restarted when they end.
func BenchmarkRandomPlay(b *testing.B) {
	g := New()
	start, _, err := game.Start(g, 4, nil, 1)
	if err != nil {
		b.Fatal(err)
	}
	s := *start.(*State)
	rng := game.NewRand(1)
	buf := make([]game.Action, 0, 2048)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if s.phase == phaseOver {
			s = *start.(*State)
		}
		p := game.Player(s.actor())
		buf = s.Legal(p, buf[:0])
		s.Apply(p, buf[rng.IntN(len(buf))])
	}
}

// BenchmarkApply measures one unchecked Apply of a mid-game action on a
// copied state.
func BenchmarkApply(b *testing.B) {
	gs, _, _ := game.Start(New(), 4, nil, 2)
	rng := game.NewRand(2)
	var buf []game.Action
	for range 60 {
		p := gs.Actors(nil)[0]
		buf = gs.Legal(p, buf[:0])
		gs.Apply(p, buf[rng.IntN(len(buf))])
	}
	base := *gs.(*State)
	p := game.Player(base.actor())
	buf = base.Legal(p, buf[:0])
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		s := base
		s.Apply(p, buf[i%len(buf)])
	}
}

// BenchmarkEvaluate measures the bots' evaluator on a mid-game state.
func BenchmarkEvaluate(b *testing.B) {
	gs, _, _ := game.Start(New(), 4, nil, 2)
	rng := game.NewRand(2)
	var buf []game.Action
	for range 60 {
		p := gs.Actors(nil)[0]
		buf = gs.Legal(p, buf[:0])
		gs.Apply(p, buf[rng.IntN(len(buf))])
	}
	dst := make([]float64, 0, 4)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		dst = Evaluate(gs, dst[:0])
	}
}

// BenchmarkDecision measures one decision of each bot on a mid-game
// 4-player state, the seat to act holding a full turn of ore, in wall time
// and in CPU time of the process.
func BenchmarkDecision(b *testing.B) {
	g := New().(*Game)
	gs := decisionPosition()
	p := gs.Actors(nil)[0]
	for _, name := range g.BotNames() {
		b.Run(name, func(b *testing.B) {
			bot, _ := g.NewBot(name, 1)
			cpu0, _ := processCPU()
			for range b.N {
				if _, err := bot.Act(context.Background(), gs, p); err != nil {
					b.Fatal(err)
				}
			}
			cpu1, _ := processCPU()
			b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// decisionPosition is the position of the decision benchmarks: a mid-game
// 4-player state, the seat to act holding a full turn of ore.
func decisionPosition() game.State {
	gs, _, _ := game.Start(New(), 4, nil, 2)
	rng := game.NewRand(2)
	var buf []game.Action
	for range 60 {
		p := gs.Actors(nil)[0]
		buf = gs.Legal(p, buf[:0])
		gs.Apply(p, buf[rng.IntN(len(buf))])
	}
	for gs.(*State).ore != 4 {
		p := gs.Actors(nil)[0]
		buf = gs.Legal(p, buf[:0])
		gs.Apply(p, buf[rng.IntN(len(buf))])
	}
	return gs
}

// BenchmarkHardDecision measures the hard bot's decision at the position
// of [BenchmarkDecision] with the search view's pruning remembered
// (cached, as the bot plays) and pruned again at every visit (uncached,
// the bot before the cache), in wall time and in CPU time of the process.
// Both decide the same (TestPruneCacheKeepsDecisions).
func BenchmarkHardDecision(b *testing.B) {
	gs := decisionPosition()
	p := gs.Actors(nil)[0]
	for _, cached := range []bool{false, true} {
		name := "uncached"
		if cached {
			name = "cached"
		}
		b.Run(name, func(b *testing.B) {
			bot := newSearchBot(searchIterations["hard"], 1)
			if !cached {
				bot.prune = nil
			}
			cpu0, _ := processCPU()
			for range b.N {
				if _, err := bot.Act(context.Background(), gs, p); err != nil {
					b.Fatal(err)
				}
			}
			cpu1, _ := processCPU()
			b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkLevelAgreement measures how often each search level chooses
// expert's action, at two players and four, in positions of expert's own
// games (docs/bots.md, "Why the steps shrink at the largest counts"):
//
//	go test ./games/tf22 -run '^$' -bench LevelAgreement -benchtime 1x
func BenchmarkLevelAgreement(b *testing.B) {
	aitest.BenchmarkAgreement(b, New(), []int{2, 4}, "expert", []string{"easy", "medium", "hard"}, 150)
}
