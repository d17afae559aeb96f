package tf22

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/internal/racedetector"
)

// recordedPositions replays the golden records of the three variants and
// returns perRecord positions of each, spread over the game, where a seat
// acts on a turn (the positions the search view prunes).
func recordedPositions(t testing.TB, perRecord int) []*State {
	t.Helper()
	var out []*State
	for _, name := range []string{"luck-3p", "standard-4p", "strategy-2p"} {
		rec, err := game.ReadRecordFile("testdata/golden/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := game.Start(New(), rec.Players, rec.Options, rec.Seed)
		if err != nil {
			t.Fatal(err)
		}
		var turns []*State
		for i, act := range rec.Actions {
			st := s.(*State)
			if act.Player >= 0 && st.prunesTurn() {
				c := *st
				turns = append(turns, &c)
			}
			if _, err := game.PlayNotation(s, act.Player, act.Move); err != nil {
				t.Fatalf("%s: action %d (%q): %v", name, i, act.Move, err)
			}
		}
		if len(turns) < perRecord {
			t.Fatalf("%s has %d positions on a turn; want at least %d", name, len(turns), perRecord)
		}
		for i := range perRecord {
			out = append(out, turns[(2*i+1)*len(turns)/(2*perRecord)])
		}
	}
	return out
}

// TestPruneCacheKeepsDecisions checks that remembering the pruned actions
// only makes the search faster: at recorded positions of every variant,
// the hard bot decides the same with the cache as without it, at the same
// seed and iteration budget. It runs only without the race detector
// (searches on one goroutine; see racedetector).
func TestPruneCacheKeepsDecisions(t *testing.T) {
	racedetector.WholeOnly(t)
	for i, s := range recordedPositions(t, 4) {
		p := game.Player(s.actor())
		seed := uint64(100 + i)
		cached := newSearchBot(searchIterations["hard"], seed)
		plain := newSearchBot(searchIterations["hard"], seed)
		plain.prune = nil
		got, err := cached.Act(context.Background(), s, p)
		if err != nil {
			t.Fatal(err)
		}
		want, err := plain.Act(context.Background(), s, p)
		if err != nil {
			t.Fatal(err)
		}
		if got.Action != want.Action {
			t.Errorf("position %d (seat %d, turn %d, %d ore): with the cache %s; without %s", i, p, s.turns, s.ore, s.ActionString(p, got.Action), s.ActionString(p, want.Action))
		}
	}
}

// TestPruneCacheReturnsThePruning checks the cache's contract directly: at
// every recorded position, the search view with a cache offers, on the
// first call and on a repeated one, exactly the actions of the view
// without one.
func TestPruneCacheReturnsThePruning(t *testing.T) {
	pc := newPruneCache()
	for i, s := range recordedPositions(t, 20) {
		p := game.Player(s.actor())
		want := searchState{State: s}.Legal(p, nil)
		for call := range 2 {
			got := searchState{s, pc}.Legal(p, []game.Action{999})
			if len(got) != len(want)+1 || got[0] != 999 {
				t.Fatalf("position %d, call %d: %v; want 999 kept in front of %v", i, call+1, got, want)
			}
			for j, a := range want {
				if got[j+1] != a {
					t.Fatalf("position %d, call %d: %v; want 999 then %v", i, call+1, got, want)
				}
			}
		}
	}
}
