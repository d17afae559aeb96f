package tf22

import (
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// variants are the option sets the conformance kit plays.
// The round limit keeps random games short; the default limit is played in
// TestDefaultRoundLimit.
var variants = []game.Options{
	{OptionSymbolCards: "standard", OptionRoundLimit: "6"},
	{OptionSymbolCards: "luck", OptionRoundLimit: "6"},
	{OptionSymbolCards: "strategy", OptionRoundLimit: "6"},
}

// TestConformance runs the conformance kit on two games of each variant
// and player count; one under the race detector (see racedetector) or
// with -short.
func TestConformance(t *testing.T) {
	games := racedetector.Pick(2, 1)
	if testing.Short() {
		games = 1
	}
	gametest.Run(t, New(), gametest.Config{Options: variants, Games: games, DeterminizeEvery: 4})
}

func TestGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		players int
		opts    game.Options
		seed    uint64
	}{
		{"standard-4p", 4, game.Options{OptionRoundLimit: "15"}, 22},
		{"strategy-2p", 2, game.Options{OptionSymbolCards: "strategy", OptionRoundLimit: "15"}, 23},
		{"luck-3p", 3, game.Options{OptionSymbolCards: "luck", OptionRoundLimit: "15"}, 24},
	} {
		t.Run(c.name, func(t *testing.T) {
			gametest.Golden(t, New(), c.players, c.opts, c.seed, "testdata/golden/"+c.name+".json")
		})
	}
}

func TestRoundLimit(t *testing.T) {
	rec, s, err := gametest.RandomGame(New(), 2, game.Options{OptionRoundLimit: "50"}, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Terminal() || s.(*State).turns != 2*50 {
		t.Fatalf("a random game with a 50-round limit ends terminal %v after %d turns (%d actions); want 100 turns",
			s.Terminal(), s.(*State).turns, len(rec.Actions))
	}
}

func TestNoRoundLimitByDefault(t *testing.T) {
	// The rulebook's game has no round limit: random play goes on past any
	// limit until someone reaches the goal.
	s, _, err := game.Start(New(), 2, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(5)
	for !s.Terminal() && s.(*State).turns < 2*60 {
		p, a, ok := gametest.RandomStep(s, &rng, nil, nil)
		if !ok {
			t.Fatal("no legal action")
		}
		s.Apply(p, a)
	}
	st := s.(*State)
	if st.roundLimit != 0 {
		t.Fatalf("default round limit %d; want 0", st.roundLimit)
	}
	if s.Terminal() && slices.Max(st.markers[:st.n]) < st.goal() {
		t.Fatalf("the game ended after %d turns with no one at the goal", st.turns)
	}
}

func FuzzGame(f *testing.F) { gametest.FuzzActions(f, New(), nil) }
