package tf22

import (
	"context"
	"slices"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/internal/racedetector"
)

// TestExpertIsDeterministic plays the expert for the seat to act in the
// same positions twice with the same seed and iteration budget: it makes
// the same choices, also when a time bound far longer than the search is
// added (so that the iterations of a simulation decide, never the clock),
// and each is legal.
func TestExpertIsDeterministic(t *testing.T) {
	const iterations = 800
	choices := func(budget ai.Budget) []game.Action {
		s := started(t, 2, "strategy", "red", "blue", "yellow", "white")
		b := newLevelSearchBot(budget, 0, 17)
		rng := game.NewRand(3)
		var out []game.Action
		for len(out) < 4 && !s.Terminal() {
			p := s.Actors(nil)[0]
			if p == game.Chance {
				s.Apply(p, game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64()))
				continue
			}
			d, err := b.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Check(s, p, d.Action); err != nil {
				t.Fatalf("expert chose an illegal action: %v", err)
			}
			out = append(out, d.Action)
			s.Apply(p, d.Action)
		}
		return out
	}
	first := choices(ai.Budget{Iterations: iterations})
	if again := choices(ai.Budget{Iterations: iterations}); !slices.Equal(first, again) {
		t.Errorf("the same seed chose %v, then %v; want the same", first, again)
	}
	if timed := choices(ai.Budget{Iterations: iterations, Time: time.Hour}); !slices.Equal(first, timed) {
		t.Errorf("with an hour's time bound the expert chose %v; want %v, as without", timed, first)
	}
}

// TestTableLevelsPlayAsInSimulations checks that easy, medium and hard at
// a table with time to spare stop at their simulation budgets: at recorded
// positions, each level's table bot chooses what its simulation bot of the
// same seed chooses.
func TestTableLevelsPlayAsInSimulations(t *testing.T) {
	g := New().(*Game)
	for i, s := range recordedPositions(t, 2) {
		p := game.Player(s.actor())
		seed := uint64(60 + i)
		for _, level := range []string{"easy", "medium", "hard"} {
			sim, err := g.NewBot(level, seed)
			if err != nil {
				t.Fatal(err)
			}
			table, err := g.NewTimedBot(level, seed, ai.Budget{Time: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			want, err := sim.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := table.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if got.Action != want.Action {
				t.Errorf("%s, position %d: at a table %s; in simulations %s", level, i, s.ActionString(p, got.Action), s.ActionString(p, want.Action))
			}
		}
	}
}

// TestWeakerLevelsSometimesTakeALesserAction checks the levels' choice at
// recorded positions: hard always takes its search's most visited action,
// while easy and medium, which draw by the visits (levelTemperature),
// sometimes take another, and easy more often than medium. It runs only
// without the race detector (searches on one goroutine; see racedetector).
func TestWeakerLevelsSometimesTakeALesserAction(t *testing.T) {
	racedetector.WholeOnly(t)
	g := New().(*Game)
	lesser := map[string]int{}
	positions := recordedPositions(t, 4)
	for _, s := range positions {
		p := game.Player(s.actor())
		if len(searchState{State: s}.Legal(p, nil)) < 2 {
			continue
		}
		for _, level := range []string{"easy", "medium", "hard"} {
			for seed := range uint64(5) {
				bot, err := g.NewBot(level, seed)
				if err != nil {
					t.Fatal(err)
				}
				d, err := bot.Act(context.Background(), s, p)
				if err != nil {
					t.Fatal(err)
				}
				// The same search from the same seed, asked for its
				// statistics instead of its choice.
				twin := newSearchBot(searchIterations[level], seed)
				view := searchState{s.Determinize(p, &twin.rng).(*State), twin.prune}
				stats, err := twin.search.Analyze(context.Background(), view, p, nil)
				if err != nil {
					t.Fatal(err)
				}
				most := stats[0]
				for _, st := range stats {
					if st.Visits > most.Visits {
						most = st
					}
				}
				if d.Action != most.Action {
					lesser[level]++
				}
			}
		}
	}
	if lesser["hard"] != 0 || lesser["medium"] == 0 || lesser["easy"] <= lesser["medium"] {
		t.Errorf("decisions that were not the most visited action: easy %d, medium %d, hard %d; want hard none, medium some, easy more", lesser["easy"], lesser["medium"], lesser["hard"])
	}
	t.Logf("of %d positions, 5 seeds each, decisions that were not the most visited action: easy %d, medium %d, hard %d", len(positions), lesser["easy"], lesser["medium"], lesser["hard"])
}
