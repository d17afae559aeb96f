package table_test

import (
	"context"
	"crypto/sha256"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/store"
)

// A Hammer Time table stored before the piles option existed (its options
// lack it) plays on with the piles shuffled at setup, as it began: no card
// is drawn by chance and seat 1 hits first. A table made now gets the
// drawn piles: the table's chance turns each first wagon and the first
// mission card up before seat 1's turn, as actions of its record.
func TestHammerTimeTableKeepsItsPilesVersion(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(hammertime.New())
	ctx := context.Background()
	g, _ := e.reg.Lookup("hammertime")
	fresh, err := g.Spec().ResolveOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		opts    game.Options
		reveals []string
	}{
		{"stored before the option", game.Options{"expert": "false", "missions": "true", "wagons": "4"}, nil},
		{"made now", fresh, []string{"wagon", "wagon", "mission"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			owner := sha256.Sum256([]byte("owner"))
			id := "piles" + strings.ReplaceAll(tc.name, " ", "")
			rec := &store.Table{ID: id, Game: "hammertime", Players: 2, Options: tc.opts, Seed: 17, OwnerHash: owner[:],
				Seats:     []store.Seat{{Kind: store.SeatPerson}, {Kind: store.SeatPerson}},
				AutoStart: true, Status: store.StatusOpen, Created: e.clock.Now(), StandInBot: "easy"}
			if err := e.db.CreateTable(ctx, rec); err != nil {
				t.Fatal(err)
			}
			if _, err := e.hall.Restore(ctx); err != nil {
				t.Fatal(err)
			}
			tb, err := e.hall.Table(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"Ann", "Bo"} {
				if _, _, err := tb.Join(ctx, name, -1); err != nil {
					t.Fatal(err)
				}
			}
			if got := e.hall.Actors(id); !slices.Equal(got, []game.Player{0}) {
				t.Fatalf("after the start the actors are %v; want seat 1", got)
			}
			acts, err := e.db.Actions(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			for _, a := range acts {
				if a.Player != game.Chance || !strings.HasPrefix(a.Move, "reveal ") {
					t.Errorf("action %d is %s by %s; want only chance's draws before seat 1's turn", a.N, a.Move, a.Player)
					continue
				}
				kind := "wagon"
				if strings.HasPrefix(a.Move, "reveal mission-") {
					kind = "mission"
				}
				kinds = append(kinds, kind)
			}
			if !slices.Equal(kinds, tc.reveals) {
				t.Errorf("the table drew %v before seat 1's turn; want %v", kinds, tc.reveals)
			}
		})
	}
}
