package ai_test

import (
	"strings"
	"testing"

	"minehall/ai"
	"minehall/game"
)

// A game's NewBotWithIterations sets the iterations of its search levels
// only: a level that is no search, an unknown name and fewer than one
// iteration are refused with a code and a message that says why.
func TestCheckIterations(t *testing.T) {
	names := []string{"random", "greedy", "easy", "expert"}
	levels := map[string]int{"easy": 60, "expert": 40_000}
	tests := []struct {
		name       string
		iterations int
		code       game.Code
		says       string
	}{
		{"expert", 80_000, "", ""},
		{"easy", 1, "", ""},
		{"greedy", 100, game.CodeInvalid, "the greedy bot of Minerals is no search: it has no iterations to set"},
		{"master", 100, game.CodeNotFound, `Minerals has no bot "master" (it has random, greedy, easy, expert)`},
		{"expert", 0, game.CodeInvalid, "Minerals bot expert: 0 iterations; want at least 1"},
		{"easy", -5, game.CodeInvalid, "Minerals bot easy: -5 iterations; want at least 1"},
	}
	for _, tc := range tests {
		err := ai.CheckIterations("Minerals", names, levels, tc.name, tc.iterations)
		if game.ErrorCode(err) != tc.code || (err != nil && !strings.Contains(err.Error(), tc.says)) {
			t.Errorf("CheckIterations(%s, %d) = %v; want code %q saying %q", tc.name, tc.iterations, err, tc.code, tc.says)
		}
	}
}

// TestTableIterations checks the caps at a table: every level but expert
// stops at its simulation budget, expert at ai.ExpertTableCap whatever its
// simulation budget.
func TestTableIterations(t *testing.T) {
	sim := map[string]int{"easy": 50, "medium": 200, "hard": 600, "expert": 24_000}
	for name, want := range map[string]int{"easy": 50, "medium": 200, "hard": 600, "expert": ai.ExpertTableCap} {
		if got := ai.TableIterations(sim, name); got != want {
			t.Errorf("%s: %d iterations at a table; want %d", name, got, want)
		}
	}
}
