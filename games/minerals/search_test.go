package minerals

import (
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// filteredSearchLegal is the search view's Legal by its definition: every
// legal action, less the tool uses the view leaves out (see
// [searchState]), filtered one by one.
func filteredSearchLegal(s *State, p game.Player) []game.Action {
	if s.phase == phaseSack && p == game.Player(s.current) {
		return s.appendSearchSackSteps(nil)
	}
	all := s.Legal(p, nil)
	if !s.toolsInPlay() || s.toolUsed || p != game.Player(s.current) || (s.phase != phaseMove && s.phase != phaseAfter && s.phase != phaseCut) {
		return all
	}
	var landing, cutters CellSet
	rescue := false
	if s.phase == phaseMove {
		landing = s.landingHexes()
		rescue = all[0] == actFail
	}
	if s.phase == phaseAfter {
		cutters = s.minerals.multiArc()
	}
	var out []game.Action
	for _, a := range all {
		x := int(a)
		switch {
		case x >= actHammer && x < actShovel:
			if s.phase != phaseMove || !landing.Has(Cell((x-actHammer)%NumCells)) {
				continue
			}
		case x >= actVortex && x < actRope:
			if !rescue {
				continue
			}
		case x >= actDynamite:
			if !cutters.Has(Cell(x - actDynamite)) {
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// TestSearchViewLeavesOutExactlyTheRareToolUses checks, along random games
// with every tool side and two to five players, that the search view
// offers exactly the legal actions less the tool uses it leaves out, in
// the same order: the bots' searches are those their strength was measured
// with.
func TestSearchViewLeavesOutExactlyTheRareToolUses(t *testing.T) {
	compared, withTools := 0, 0
	for i, tools := range []string{"AAAAA", "BBBBB", "ABABA", "BABAB", "random"} {
		for players := 2; players <= MaxPlayers; players++ {
			for g := range 4 {
				seed := uint64(100*i + 10*players + g)
				s := newState(t, players, game.Options{"tools": tools}, seed)
				rng := game.NewRand(seed)
				for step := 0; !s.Terminal(); step++ {
					for _, p := range s.Actors(nil) {
						want := filteredSearchLegal(s, p)
						got := searchState{s}.Legal(p, nil)
						if !slices.Equal(got, want) {
							t.Fatalf("tools %s, %d players, seed %d, step %d (%s): the search view offers %v; want %v", tools, players, seed, step, phaseNames[s.phase], got, want)
						}
						compared++
						if len(s.Legal(p, nil)) > len(got) {
							withTools++
						}
					}
					p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
					s.Apply(p, a)
				}
			}
		}
	}
	if withTools == 0 {
		t.Errorf("none of %d positions had a tool use to leave out; want some", compared)
	}
	t.Logf("%d positions compared, %d with tool uses left out", compared, withTools)
}
