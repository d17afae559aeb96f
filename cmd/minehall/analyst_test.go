package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// The engine's analyst values every legal move of the mover, ranked by
// value with a reason in each language, on the game's scale, and gives the
// same answer for the same seed: Minerals (perfect information) and TF22
// (hidden cards, searched from the mover's view) at their first decision.
func TestEngineAnalyst(t *testing.T) {
	reg := registry()
	an := engineAnalyst(ai.Budget{Iterations: 60})
	for _, id := range []string{"minerals", "tf22"} {
		t.Run(id, func(t *testing.T) {
			g, err := reg.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := game.Start(g, 2, nil, 7)
			if err != nil {
				t.Fatal(err)
			}
			mover := s.Actors(nil)[0]
			legal := s.Legal(mover, nil)
			ev, err := an.Evaluate(context.Background(), g, s, mover, 11)
			if err != nil {
				t.Fatal(err)
			}
			if ev.Mover != mover || ev.Scale != "win" || len(ev.Moves) != len(legal) {
				t.Fatalf("got mover %d, scale %q, %d moves; want seat %d's %d legal moves on the win scale", ev.Mover, ev.Scale, len(ev.Moves), mover, len(legal))
			}
			for i, m := range ev.Moves {
				if i > 0 && m.Value > ev.Moves[i-1].Value {
					t.Errorf("move %d %q (%v) ranks below %q (%v)", i, m.Move, m.Value, ev.Moves[i-1].Move, ev.Moves[i-1].Value)
				}
				for _, lang := range []string{"en", "de", "fr", "nl"} {
					if m.Reason[lang] == "" {
						t.Errorf("move %q has no reason in %s", m.Move, lang)
					}
				}
			}
			again, _ := an.Evaluate(context.Background(), g, s, mover, 11)
			for i := range again.Moves {
				if again.Moves[i].Move != ev.Moves[i].Move || again.Moves[i].Value != ev.Moves[i].Value {
					t.Fatalf("the same position and seed twice: move %d is %+v, then %+v", i, ev.Moves[i], again.Moves[i])
				}
			}
		})
	}
}

// The board searches with the review's budget, never longer than
// analysisTime a position.
func TestAnalysisBudget(t *testing.T) {
	reg := registry()
	g, _ := reg.Lookup("tf22")
	tests := []struct {
		name  string
		given ai.Budget
		want  ai.Budget
	}{
		{"Review", ai.Budget{}, ai.Budget{Iterations: g.(ai.ReviewBudgeter).ReviewBudget().Iterations, Time: analysisTime}},
		{"Given", ai.Budget{Iterations: 5}, ai.Budget{Iterations: 5, Time: analysisTime}},
		{"Capped", ai.Budget{Time: time.Minute}, ai.Budget{Time: analysisTime}},
		{"Shorter", ai.Budget{Time: time.Second}, ai.Budget{Time: time.Second}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := analysisBudget(g, tc.given); got != tc.want {
				t.Errorf("got %+v; want %+v", got, tc.want)
			}
		})
	}
}

// serve refuses an --analysis-workers out of range, naming the flag; a
// game without a judge is not analysed, with a message that says so.
func TestAnalysisRefusals(t *testing.T) {
	for _, n := range []string{"-1", "17"} {
		code, _, errOut := runCmd(t, testRegistry(), "serve", "--addr", "127.0.0.1:0", "--analysis-workers", n)
		if code != 1 || !strings.Contains(errOut, "--analysis-workers") {
			t.Errorf("serve --analysis-workers %s: exit %d, %q; want 1 and a message naming the flag", n, code, errOut)
		}
	}
	g := gametest.ConnectFour()
	s, _, err := game.Start(g, 2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, err = engineAnalyst(ai.Budget{Iterations: 10}).Evaluate(context.Background(), g, s, 0, 1)
	if game.ErrorCode(err) != game.CodeNotFound || !strings.Contains(err.Error(), "no engine") {
		t.Errorf("a game without a judge: %v; want not_found saying it has no engine", err)
	}
	if analystFor(0) != nil {
		t.Errorf("--analysis-workers 0 gave an analyst; want none (the board off)")
	}
}

// Hammer Time's board simulates fewer hits than its review (600 against
// 1000), so that a person waits about two seconds for an answer.
func TestAnalysisBudgetOfHammerTime(t *testing.T) {
	g, err := registry().Lookup("hammertime")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := analysisBudget(g, ai.Budget{}), (ai.Budget{Iterations: 600, Time: analysisTime}); got != want {
		t.Errorf("got %+v; want %+v", got, want)
	}
}
