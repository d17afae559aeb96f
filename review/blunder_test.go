package review_test

import (
	"context"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/games/minerals"
	"minehall/puzzle"
	"minehall/review"
)

// Minerals tactics puzzle m0003 is a position of a hard bots' game where
// move g4 cuts off fragments whose lowest minerals the mover takes, and
// move g3 leaves the mover 3.8 points behind instead of 3.6 ahead by the
// deep search: a record that plays g3 there has a blunder, and the better
// move is g4.
func TestReviewMarksAMineralsBlunder(t *testing.T) {
	pz, err := puzzle.MineralsPuzzleByID("m0003")
	if err != nil {
		t.Fatal(err)
	}
	if pz.Best != "move g4" || pz.Reason != puzzle.ReasonCutOff {
		t.Fatalf("puzzle m0003 is %s for %s; want move g4 for a cut-off", pz.Best, pz.Reason)
	}
	rec := &game.Record{Version: game.RecordVersion, Game: "minerals", Options: pz.Options, Players: pz.Players, Seed: pz.Seed,
		Actions: append(append([]game.RecordedAct(nil), pz.Prefix...), game.RecordedAct{Player: game.Player(pz.Seat), Move: "move g3"})}
	res, err := review.Review(context.Background(), minerals.New(), rec, review.Config{Budget: ai.Budget{Iterations: 1000}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Moves[len(res.Moves)-1]
	if m.N != len(rec.Actions) || m.Mark != "blunder" || m.Best != "move g4" {
		t.Fatalf("the last move is %d %q marked %s with best %q; want %d marked a blunder with best move g4", m.N, m.Move, m.Mark, m.Best, len(rec.Actions))
	}
	if m.Reason["en"] == "" || res.Swings[len(res.Swings)-1] != m.N {
		t.Errorf("the blunder has reason %q and swings are %v; want a reason and the blunder among the swings", m.Reason["en"], res.Swings)
	}
}
