package ai_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/all"
)

// searchPositions returns positions of game id where a seat must choose:
// the first after set-up, one in the middle of a random game and, for a
// real-time game, one inside a round where the clock (System) and seats
// act at once.
func searchPositions(t testing.TB, g game.Game, players int, seed uint64) map[string]game.State {
	t.Helper()
	rec, _, err := gametest.RandomGame(g, players, nil, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := game.Start(g, players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]game.State{}
	for i, act := range rec.Actions {
		actors := s.Actors(nil)
		seated := slices.ContainsFunc(actors, func(p game.Player) bool { return p >= 0 })
		switch {
		case seated && out["first"] == nil:
			out["first"] = s.Clone()
		case seated && slices.Contains(actors, game.System) && out["real-time"] == nil:
			out["real-time"] = s.Clone()
		case seated && i >= len(rec.Actions)/2 && out["middle"] == nil:
			out["middle"] = s.Clone()
		}
		if _, err := game.PlayNotation(s, act.Player, act.Move); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestDefaultSearchReturnsWithinBudget: MCTS and ISMCTS with default
// settings and a 200 ms budget answer a legal action in every game,
// real-time rounds included. The failure condition is a generous context
// deadline, not a timing.
func TestDefaultSearchReturnsWithinBudget(t *testing.T) {
	reg := all.Registry()
	for _, g := range reg.Games() {
		id := g.Spec().ID
		for name, s := range searchPositions(t, g, 3, 11) {
			p := firstSeated(s)
			searches := map[string]*ai.Search{"mcts": ai.NewMCTS(ai.MCTSConfig{Budget: ai.Budget{Time: 200 * time.Millisecond}, Seed: 1})}
			if _, ok := s.(game.Determinizer); ok {
				searches["ismcts"] = ai.NewISMCTS(ai.MCTSConfig{Budget: ai.Budget{Time: 200 * time.Millisecond}, Seed: 1})
			}
			for kind, search := range searches {
				t.Run(fmt.Sprintf("%s/%s/%s", id, name, kind), func(t *testing.T) {
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					defer cancel()
					d, err := search.Act(ctx, s.Clone(), p)
					if ctx.Err() != nil {
						t.Fatalf("the search ran past its 30 s context (200 ms budget)")
					}
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Contains(s.Legal(p, nil), d.Action) {
						t.Errorf("answered %s (%d) for %s; it is not legal", s.ActionString(p, d.Action), d.Action, p)
					}
				})
			}
		}
	}
}

// TestSearchStopsWhenContextEnds: a search with an iteration budget it
// cannot finish stops inside its rollouts when its context ends, and still
// answers a legal action.
func TestSearchStopsWhenContextEnds(t *testing.T) {
	reg := all.Registry()
	for _, id := range []string{"outofmine", "tf22", "hammertime"} {
		g, _ := reg.Lookup(id)
		s := searchPositions(t, g, 2, 3)["first"]
		p := firstSeated(s)
		t.Run(id, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			d, err := ai.NewMCTS(ai.MCTSConfig{Budget: ai.Budget{Iterations: 1 << 30}}).Act(ctx, s.Clone(), p)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(s.Legal(p, nil), d.Action) {
				t.Errorf("answered %d; it is not legal", d.Action)
			}
		})
	}
}

func firstSeated(s game.State) game.Player {
	for _, p := range s.Actors(nil) {
		if p >= 0 {
			return p
		}
	}
	return game.Spectator
}

// BenchmarkMCTSDefault measures MCTS iterations per second with default
// settings from a position in the middle of a random 3-player game.
func BenchmarkMCTSDefault(b *testing.B) {
	reg := all.Registry()
	for _, g := range reg.Games() {
		s := searchPositions(b, g, 3, 11)["middle"]
		p := firstSeated(s)
		b.Run(g.Spec().ID, func(b *testing.B) {
			const iterations = 50
			search := ai.NewMCTS(ai.MCTSConfig{Budget: ai.Budget{Iterations: iterations}, Seed: 1})
			b.ResetTimer()
			for b.Loop() {
				if _, err := search.Act(context.Background(), s, p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*iterations)/b.Elapsed().Seconds(), "iter/s")
		})
	}
}
