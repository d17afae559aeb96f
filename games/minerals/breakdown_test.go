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
