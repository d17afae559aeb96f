package minerals

import (
	"context"
	"slices"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
)

// TestExpertIsDeterministic plays the expert from the same position twice
// with the same seed and iteration budget: it makes the same choices, also
// when a time bound far longer than the search is added (so that the
// iterations of a simulation decide, never the clock), and each is legal.
func TestExpertIsDeterministic(t *testing.T) {
	const iterations = 1000
	choices := func(budget ai.Budget) []game.Action {
		s := midGame(t)
		b := newExpertBot(budget, 17)
		var out []game.Action
		for range 4 {
			p := game.Player(s.current)
			d, err := b.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Check(s, p, d.Action); err != nil {
				t.Fatalf("expert chose an illegal action: %v", err)
			}
			out = append(out, d.Action)
			s.Apply(p, d.Action)
			for !s.Terminal() && s.Actors(nil)[0] == game.Chance {
				o := s.ChanceOutcomes(nil)
				s.Apply(game.Chance, o[0].Action)
			}
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

// TestExpertIsOffered checks that expert is a level of NewBot and of
// NewTimedBot, and that an unknown name is refused as not found.
func TestExpertIsOffered(t *testing.T) {
	g := NewWithPack(DefaultPack())
	if !slices.Contains(g.BotNames(), "expert") {
		t.Fatalf("BotNames() = %v; want expert among them", g.BotNames())
	}
	if _, err := g.NewBot("expert", 1); err != nil {
		t.Errorf("NewBot(expert): %v", err)
	}
	if _, err := g.NewTimedBot("expert", 1, ai.Budget{Time: time.Second}); err != nil {
		t.Errorf("NewTimedBot(expert): %v", err)
	}
	if _, err := g.NewTimedBot("grandmaster", 1, ai.Budget{Time: time.Second}); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("NewTimedBot(grandmaster): %v; want not_found", err)
	}
}
