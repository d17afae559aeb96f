package sim

import (
	"context"
	"slices"
	"strings"
	"testing"

	"minehall/ai"
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

func TestParseBots(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"random", []string{"random"}, ""},
		{" greedy , mcts:hard,random ", []string{"greedy", "mcts:hard", "random"}, ""},
		{`ext:python3 agent.py '--w=1,2',random`, []string{`ext:python3 agent.py '--w=1,2'`, "random"}, ""},
		{`ext:prog "a,b" c\,d,easy`, []string{`ext:prog "a,b" c\,d`, "easy"}, ""},
		{"random,", nil, `bot list "random," has an empty name`},
		{"", nil, "has an empty name"},
		{"ext:prog 'a,b", nil, "has an unterminated quote"},
	}
	for _, tt := range tests {
		got, err := ParseBots(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseBots(%q) = %q, %v; want an error saying %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseBots(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestCheckBotsOnce(t *testing.T) {
	// An unknown bot in every seat is reported once, as the games and the
	// server report it (ai.NoSuchBot).
	g := gametest.ConnectFour()
	err := CheckBots(g, []string{"wizard", "wizard"})
	want := ai.NoSuchBot("Connect Four", "wizard", BotNames(g)).Error()
	if err == nil || err.Error() != want || game.ErrorCode(err) != game.CodeNotFound {
		t.Fatalf("got %v; want once %q", err, want)
	}
	if !strings.Contains(want, "ext:COMMAND") {
		t.Errorf("the bots listed, %s, lack ext:COMMAND", want)
	}
	err = CheckBots(g, []string{"wizard", "mcts:0", "wizard"})
	if err == nil || strings.Count(err.Error(), "wizard") != 1 || !strings.Contains(err.Error(), `bot "mcts:0": level "0"`) || game.ErrorCode(err) != game.CodeInvalid {
		t.Fatalf("got %v; want both bad names, each once", err)
	}
}
