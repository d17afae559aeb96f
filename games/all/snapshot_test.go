package all_test

import (
	"fmt"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/all"
	"minehall/internal/racedetector"
)

// snapshotGames are the games and player counts the snapshot tests play.
var snapshotGames = []struct {
	id      string
	players int
	opts    game.Options
}{
	{"hammertime", 3, game.Options{"missions": "true", "expert": "true"}},
	{"minerals", 3, nil},
	{"outofmine", 3, nil},
	{"outofmine", 2, game.Options{"clock": "60", "elves": "true", "finds": "true"}},
	{"tf22", 4, nil},
	{"tf22", 3, game.Options{"symbol_cards": "strategy"}},
}

// positions plays a random game of g and returns the states at its start,
// a third and two thirds of the way, and its end.
func positions(t *testing.T, g game.Game, players int, opts game.Options, seed uint64) map[string]game.State {
	t.Helper()
	rec, _, err := gametest.RandomGame(g, players, opts, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := len(rec.Actions)
	at := map[int]string{0: "start", n / 3: "early", 2 * n / 3: "mid-game", n: "end"}
	out := map[string]game.State{}
	s, _, err := game.Start(g, players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if name, ok := at[i]; ok {
			out[name] = s.Clone()
		}
		if i == n {
			return out
		}
		act := rec.Actions[i]
		if _, err := game.PlayNotation(s, act.Player, act.Move); err != nil {
			t.Fatalf("replaying action %d: %v", i, err)
		}
	}
}

// TestSnapshotRestoresEqualState saves and restores every game at its
// start, in the middle and at its end, and plays the same future on the
// original and the restored state: two random games of each, one under
// the race detector (see racedetector).
func TestSnapshotRestoresEqualState(t *testing.T) {
	reg := all.Registry()
	for _, tc := range snapshotGames {
		g, err := reg.Lookup(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= uint64(racedetector.Pick(2, 1)); seed++ {
			ps := positions(t, g, tc.players, tc.opts, seed)
			for _, name := range []string{"start", "early", "mid-game", "end"} {
				t.Run(fmt.Sprintf("%s/%dp/seed%d/%s", tc.id, tc.players, seed, name), func(t *testing.T) {
					rng := game.NewRand(seed * 7)
					if err := gametest.CheckSnapshot(g, ps[name], &rng, 40); err != nil {
						t.Error(err)
					}
				})
			}
		}
	}
}
