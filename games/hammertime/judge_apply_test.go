package hammertime

import (
	"testing"

	"minehall/game"
)

// TestJudgedHitIsApply checks that the judge's simulation without the
// gems' paths reaches the state a hit played at a table reaches: at trays
// of three games, for a spread of hits, the same state hash, the same
// fallen gems, and no paths kept. The judge reads nothing else of a
// simulated hit, so the bots choose the same hits.
func TestJudgedHitIsApply(t *testing.T) {
	for g := range 3 {
		gs, _, err := game.Start(New(), 2+g, nil, uint64(30+g))
		if err != nil {
			t.Fatal(err)
		}
		s := gs.(*State)
		for i := range 12 {
			a := HitAction(Side(i%4), 1+(3*i)%HitPositions, 1+(7*i)%HitStrengths)
			played, judged := s.Clone().(*State), s.Clone().(*State)
			played.Apply(game.Player(s.current), a)
			judged.applyJudgedHit(a, false)
			hp, err := game.Hash(played)
			if err != nil {
				t.Fatal(err)
			}
			hj, _ := game.Hash(judged)
			if hp != hj {
				t.Fatalf("game %d, %s: the judged hit reaches another state than the played one", g, s.ActionString(game.Player(s.current), a))
			}
			if got, want := judged.last.Fallen, played.last.Fallen; len(got) != len(want) {
				t.Fatalf("game %d, %s: judged fallen %v; played %v", g, s.ActionString(game.Player(s.current), a), got, want)
			}
			if judged.last.Frames != nil || played.last.Frames == nil {
				t.Fatalf("game %d: judged frames %d, played frames %d; want none and some", g, len(judged.last.Frames), len(played.last.Frames))
			}
		}
	}
}
