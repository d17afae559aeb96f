package tf22

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"minehall/ai"
	"minehall/game"
)

// TestRecordsCarryTheDraws plays a greedy 2-player game in the luck and in
// the standard variant, drawing chance's symbol cards by their
// probabilities as a table does, and checks the record: every draw is an
// action of game.Chance written "draw VALUE", the game had combats and
// deliveries (so it had draws), and the record read back from JSON replays
// to the same state.
func TestRecordsCarryTheDraws(t *testing.T) {
	g := New().(*Game)
	for i, variant := range []string{"luck", "standard"} {
		t.Run(variant, func(t *testing.T) {
			rec, err := game.NewRecorder(g, 2, game.Options{OptionSymbolCards: variant, OptionRoundLimit: "40"}, uint64(70+i))
			if err != nil {
				t.Fatal(err)
			}
			bots := []ai.Bot{NewGreedy(1), NewGreedy(2)}
			chance := game.NewRand(uint64(i))
			s := rec.State
			for n := 0; !s.Terminal(); n++ {
				if n > 5000 {
					t.Fatalf("no end after %d actions", n)
				}
				p, a := nextMove(t, s, bots, &chance)
				if err := rec.Play(p, a, int64(n)); err != nil {
					t.Fatalf("%s by %s: %v", s.ActionString(p, a), p, err)
				}
			}
			r, err := rec.Finish()
			if err != nil {
				t.Fatal(err)
			}
			draws, combats, deliveries := 0, 0, 0
			for _, act := range r.Actions {
				isDraw := strings.HasPrefix(act.Move, "draw ")
				if isDraw != (act.Player == game.Chance) {
					t.Fatalf("action %q by %s: draws and only draws must be chance's", act.Move, act.Player)
				}
				switch {
				case isDraw:
					draws++
				case strings.HasPrefix(act.Move, "G "):
					combats++
				case strings.HasPrefix(act.Move, "I "):
					deliveries++
				}
			}
			if combats == 0 || deliveries == 0 || draws != 2*combats+drawsForPlacements(t, g, r) {
				t.Fatalf("%d draws for %d combats and %d deliveries; want two a combat and one a delivered Ranium", draws, combats, deliveries)
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			back, err := game.ReadRecord(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			var reg game.Registry
			reg.Register(g)
			if _, err := game.Verify(&reg, back); err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			t.Logf("%d actions: %d draws, %d combats, %d deliveries", len(r.Actions), draws, combats, deliveries)
		})
	}
}

// drawsForPlacements replays r and counts the Ranium delivered without
// ending the game: each is placed after a card drawn for it.
func drawsForPlacements(t *testing.T, g *Game, r *game.Record) int {
	t.Helper()
	s, _, err := game.Start(g, r.Players, r.Options, r.Seed)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, act := range r.Actions {
		a, err := s.ParseAction(act.Player, act.Move)
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(act.Player, a)
		if st := s.(*State); strings.HasPrefix(act.Move, "I ") && !st.Terminal() {
			n += int(st.placeCount)
		}
	}
	return n
}
