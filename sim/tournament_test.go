package sim

import (
	"context"
	"encoding/json"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func tournament(t *testing.T, cfg TournamentConfig) *Tournament {
	t.Helper()
	tr, err := RunTournament(context.Background(), cfg)
	if err != nil {
		t.Fatalf("RunTournament: %v", err)
	}
	return tr
}

// A round robin of Connect Four: every ordered pair plays, a search bot
// rates above the random one, the cross table's two sides agree, and the
// result reproduces from the seed whatever the number of workers.
func TestTournament(t *testing.T) {
	cfg := TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random", "mcts:200", "greedy"}, Games: 4, Seed: 7, Workers: 1}
	tr := tournament(t, cfg)
	if tr.Seatings != 6 || tr.Games != 24 || tr.Errors != 0 {
		t.Fatalf("got %d seatings, %d games, %d errors; want 6, 24, 0", tr.Seatings, tr.Games, tr.Errors)
	}
	rank := map[string]int{}
	for i, s := range tr.Standings {
		rank[s.Bot] = i
		if s.Games != 16 || !(s.Low < s.Mu && s.Mu < s.High) {
			t.Errorf("%s: %d games, interval [%v, %v] around %v; want 16 games and mu inside its interval", s.Bot, s.Games, s.Low, s.High, s.Mu)
		}
	}
	if rank["mcts:200"] > rank["random"] {
		t.Errorf("standings %+v; want mcts:200 above random", tr.Standings)
	}
	for i := range tr.Cross {
		for j := range tr.Cross {
			a, b := tr.Cross[i][j], tr.Cross[j][i]
			if i != j && (a.Games != 8 || a.Ahead != b.Behind || a.Level != b.Level || a.Share+b.Share != 1) {
				t.Errorf("cross %s v %s = %+v and %+v; want 8 games each way and the two sides to agree", tr.Bots[i], tr.Bots[j], a, b)
			}
		}
	}
	cfg.Workers = 3
	again := tournament(t, cfg)
	for _, s := range tr.Standings {
		if s.Think.Decisions == 0 {
			t.Errorf("%s: no decisions counted", s.Bot)
		}
	}
	untimedTournament(tr)
	untimedTournament(again)
	x, _ := json.Marshal(tr)
	y, _ := json.Marshal(again)
	if string(x) != string(y) {
		t.Errorf("the same seed with 3 workers gave\n%s\nwant\n%s", y, x)
	}
	cfg.Seed = 8
	other := tournament(t, cfg)
	untimedTournament(other)
	if z, _ := json.Marshal(other); string(z) == string(x) {
		t.Errorf("another seed gave the same tournament")
	}
}

func TestTournamentRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  TournamentConfig
	}{
		{"ErrTooFewBots", TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random"}}},
		{"ErrSameBotTwice", TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random", "random"}}},
		{"ErrUnknownBot", TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random", "grandmaster"}}},
		{"ErrNegativeGames", TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random", "greedy"}, Games: -1}},
		{"ErrPlayers", TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random", "greedy", "mcts"}, Players: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := RunTournament(context.Background(), tc.cfg); game.ErrorCode(err) == "" {
				t.Errorf("got %v; want a refusal", err)
			}
		})
	}
}

// untimedTournament clears what a tournament measures rather than derives
// from its seed: its run time and how long its bots thought.
func untimedTournament(tr *Tournament) {
	tr.ElapsedS = 0
	for i := range tr.Standings {
		tr.Standings[i].Think = Think{Decisions: tr.Standings[i].Think.Decisions}
	}
}
