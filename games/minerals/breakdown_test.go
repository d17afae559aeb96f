package minerals

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// TestBreakdownAddsUp checks every player's score parts along random games
// of each version against the score. Rulebook, End of the Game: "Score
// points for your Collection cards. Subtract 1 point for each Mineral you
// used for Tools and then move those Minerals back to your pool. Score
// points for each Mineral you own." Version for 6 year olds: "count each
// player's Minerals (pay no attention to the value of each Mineral)".
// Version for 7+: "score each player's Collection cards and Minerals".
func TestBreakdownAddsUp(t *testing.T) {
	for i, opts := range []game.Options{nil, {"version": "7+"}, {"version": "6+"}} {
		s := newState(t, 3, opts, uint64(60+i))
		rng := game.NewRand(uint64(i + 9))
		sawCard, sawTool := false, false
		for step := 0; ; step++ {
			if step%5 == 0 || s.Terminal() {
				v := s.View(game.Spectator).(View)
				for p, pv := range v.Players {
					b := pv.Breakdown
					sum, owned := b.MineralPoints-b.ToolMinerals, 0
					for _, c := range b.Cards {
						sum += c.Points
					}
					for name, n := range b.Minerals {
						m, err := ParseMineral(name)
						if err != nil {
							t.Fatal(err)
						}
						if s.version == Version6 {
							owned += n
						} else {
							owned += n * m.Value()
						}
					}
					if b.Total != s.Score(p) || pv.Score != b.Total || sum != b.Total || owned != b.MineralPoints || b.TieBreak != s.TieBreak(p) {
						t.Fatalf("version %s, step %d, seat %d: breakdown %+v adds up to %d (minerals %d); score %d", s.version, step, p, b, sum, owned, s.Score(p))
					}
					if s.version != VersionFull && b.ToolMinerals != 0 {
						t.Fatalf("version %s: %d minerals paid for tools", s.version, b.ToolMinerals)
					}
					sawCard = sawCard || len(b.Cards) > 0
					sawTool = sawTool || b.ToolMinerals > 0
				}
			}
			if s.Terminal() {
				break
			}
			p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
			s.Apply(p, a)
		}
		if s.version != Version6 && !sawCard {
			t.Errorf("version %s: no collection card was taken; the test checks nothing of cards", s.version)
		}
		if s.version == VersionFull && !sawTool {
			t.Errorf("no tool was paid for; the test checks nothing of tools")
		}
	}
}

// TestFinalPositionKept checks that the view at the end keeps the final
// position. Rulebook, End of the Game: "The game ends when none of the
// players can perform a correct move and there is no unoccupied
// wollastonite (white Mineral) left. Return the remaining Minerals to the
// pouch": the view's board is then empty, and Final shows the board as it
// stood before the last pawn's failed move, with that pawn.
func TestFinalPositionKept(t *testing.T) {
	for i, opts := range []game.Options{nil, {"version": "6+"}} {
		s := newState(t, 3, opts, uint64(80+i))
		rng := game.NewRand(uint64(i + 21))
		var before *State
		for !s.Terminal() {
			if v := s.View(game.Spectator).(View); v.Final != nil {
				t.Fatalf("phase %s: a final position before the end", v.Phase)
			}
			p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
			before = s.Clone().(*State)
			s.Apply(p, a)
		}
		v := s.View(game.Spectator).(View)
		if v.Final == nil {
			t.Fatal("no final position at the end")
		}
		want := before.View(game.Spectator).(View)
		if len(v.Final.Board) != len(want.Board) || len(v.Final.Board) == 0 {
			t.Fatalf("final board of %d minerals; the board before the last move had %d", len(v.Final.Board), len(want.Board))
		}
		for k, h := range want.Board {
			if v.Final.Board[k] != h {
				t.Fatalf("final board at %d: %+v; want %+v", k, v.Final.Board[k], h)
			}
		}
		if got := want.Players[v.Final.Seat].Pawn; got != v.Final.Pawn {
			t.Errorf("the last pawn: seat %d on %s; before the last move it stood on %q", v.Final.Seat+1, v.Final.Pawn, got)
		}
		if len(v.Board) != 0 {
			t.Errorf("%d minerals left on the board at the end; want them in the pouch", len(v.Board))
		}
	}
}
