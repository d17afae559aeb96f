package tf22

import (
	"testing"

	"minehall/ai"
	"minehall/game"
)

// replayTestdata replays the record testdata/stall/NAME.json, an opening of
// a game played by bots, and returns its state.
func replayTestdata(t *testing.T, name string) *State {
	t.Helper()
	rec, err := game.ReadRecordFile("testdata/stall/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var reg game.Registry
	reg.Register(New())
	s, err := game.Replay(&reg, rec)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// TestSecretTunnelCountsForOneCrew checks progress where both crews of a
// two-player seat could take the secret tunnel to Ranium: the tunnel takes
// 3 of a turn's 4 ore and closes to the seat once a crew carries Ranium, so
// it shortens the way of one crew only. In this position of a bots' game
// (easy with 15 iterations against medium with 50) the second seat has 2
// markers, its crews stand 6 and 8 or more actions from Ranium without the
// tunnel (worth 0.3·(1−6/8) = 0.075 and 0) and both could take it (3
// actions: 0.3·(1−3/8) = 0.1875): its progress is 2 + 0.075 + 0.1875 with
// the tunnel counted for the farther crew, not 2.375 with it counted for
// both, which is what made the bots turn the same cards back and forth.
func TestSecretTunnelCountsForOneCrew(t *testing.T) {
	s := replayTestdata(t, "secret-2p")
	var m tunnelMap
	s.mapTunnels(&m)
	var dist []int
	for k := range numColors {
		if s.crewOwner[k] != 1 {
			continue
		}
		if !s.secretReachesRanium(k, &m) {
			t.Fatalf("the %s crew cannot take the secret tunnel to Ranium; the position should let it", colorNames[k])
		}
		dist = append(dist, s.crewDistance(k, &m))
	}
	if len(dist) != 2 || dist[0]+dist[1] != 14 || min(dist[0], dist[1]) != 6 {
		t.Fatalf("the second seat's crews stand %v actions from Ranium; want 6 and 8", dist)
	}
	if got, want := s.progress(1, &m), 2+0.075+0.1875; got < want-1e-9 || got > want+1e-9 {
		t.Fatalf("progress %v; want %v", got, want)
	}
}

// TestBotsPlayOnWhereTheyOnceStalled plays on from the opening of a
// two-player game of medium against easy that never ended while the secret
// tunnel counted for both of a seat's crews: from its 45th action both
// bots only turned cards, each opening the tunnel to Ranium for its own
// crews and closing the other's, for 100 000 actions. The record holds its
// first 120 actions. The same levels, with several seeds, must now finish
// the game.
func TestBotsPlayOnWhereTheyOnceStalled(t *testing.T) {
	start := replayTestdata(t, "easy-medium-2p")
	g := New().(*Game)
	for seed := range uint64(4) {
		s := start.Clone().(*State)
		bots := make([]ai.Bot, 2)
		for seat, level := range []string{"medium", "easy"} {
			b, err := g.NewBot(level, 10*seed+uint64(seat))
			if err != nil {
				t.Fatal(err)
			}
			bots[seat] = b
		}
		chance := game.NewRand(seed)
		for n := 0; !s.Terminal(); n++ {
			if n == 2000 {
				t.Fatalf("seed %d: the game has not ended after %d more actions (markers %v)", seed, n, s.markers[:2])
			}
			p, a := nextMove(t, s, bots, &chance)
			if err := game.Play(s, p, a); err != nil {
				t.Fatalf("seed %d: %s by %s: %v", seed, s.ActionString(p, a), p, err)
			}
		}
	}
}
