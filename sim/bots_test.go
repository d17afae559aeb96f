package sim

import (
	"context"
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func TestGreedyTakesTheWin(t *testing.T) {
	s, err := gametest.ConnectFour().New(game.Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0 stacks three in column 3, seat 1 in column 4: column 3 wins.
	for i, col := range []game.Action{3, 4, 3, 4, 3, 4} {
		if err := game.Play(s, game.Player(i%2), col); err != nil {
			t.Fatal(err)
		}
	}
	for seed := range uint64(5) {
		d, err := NewGreedy(seed).Act(context.Background(), s, 0)
		if err != nil || d.Action != 3 {
			t.Fatalf("seed %d: got %d, %v; want column 3", seed, d.Action, err)
		}
	}
}

func TestGreedyHasNoMove(t *testing.T) {
	s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
	if _, err := NewGreedy(1).Act(context.Background(), s, 1); game.ErrorCode(err) != game.CodeNotYourTurn {
		t.Fatalf("got %v; want a not-your-turn error", err)
	}
}

func TestScoreRanks(t *testing.T) {
	s, _ := gametest.Goofspiel().New(game.Config{Players: 3, Options: game.Options{"cards": "3", "timer": "0"}})
	gs := s.(*gametest.GSState)
	gs.Points = [4]int{4, 6, 6}
	if got := ScoreRanks(gs, nil); !slices.Equal(got, []float64{0, 0.5, 0.5}) {
		t.Fatalf("got %v; want [0 0.5 0.5]", got)
	}
}
