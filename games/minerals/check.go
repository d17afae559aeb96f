package minerals

import (
	"fmt"
)

// CheckInvariants verifies the components are conserved (every mineral is
// on the board, in the pouch, in a pool or on a player board: 53, 30, 20,
// 10 and 5 of them), the mineral set matches the board, pawns stand on
// minerals, one pawn per hex, every collection card is in exactly one place,
// minerals taken before the move are provisional only until the move and
// are still in the pool, and, between turns, every piece of the board holds
// a pawn.
func (s *State) CheckInvariants() error {
	total := s.pouch
	for i := range NumCells {
		v := s.board[i]
		if v > 5 {
			return fmt.Errorf("hex %s holds %d", Cell(i), v)
		}
		if (v != 0) != s.minerals.Has(Cell(i)) {
			return fmt.Errorf("hex %s: board and mineral set disagree", Cell(i))
		}
		if v != 0 {
			total[v-1]++
		}
	}
	for p := 0; p < int(s.n); p++ {
		for m := range NumMinerals {
			total[m] += s.pool[p][m] + s.stack[p][m]
		}
		if s.reduced[p]&^s.cards[p] != 0 {
			return fmt.Errorf("player %d has reduced cards it does not hold", p)
		}
	}
	for m := range NumMinerals {
		if int(total[m]) != MineralCounts[m] {
			return fmt.Errorf("%d %s in the game; want %d", total[m], m, MineralCounts[m])
		}
	}
	if s.provisional != (Counts{}) {
		if s.phase != phaseMove {
			return fmt.Errorf("minerals %v taken before the move are still provisional in phase %s", s.provisional, phaseNames[s.phase])
		}
		for m, n := range s.provisional {
			if n > s.pool[s.current][m] {
				return fmt.Errorf("%d %s taken before the move are provisional but the pool holds %d", n, Mineral(m), s.pool[s.current][m])
			}
		}
	}
	if err := s.checkSack(); err != nil {
		return err
	}
	var pawns CellSet
	for p := 0; p < int(s.n); p++ {
		at := s.pawn[p]
		if at < 0 {
			continue
		}
		if at >= NumCells || s.board[at] == 0 {
			return fmt.Errorf("the pawn of player %d stands on hex %d, which holds no mineral", p, at)
		}
		if pawns.Has(Cell(at)) {
			return fmt.Errorf("two pawns stand on hex %s", Cell(at))
		}
		pawns.Add(Cell(at))
	}
	if s.collectionsInPlay() {
		var seen uint32
		places := []uint32{s.deck}
		for _, k := range s.faceUp {
			if k >= 0 {
				places = append(places, 1<<k)
			}
		}
		for p := 0; p < int(s.n); p++ {
			places = append(places, s.cards[p])
		}
		for _, set := range places {
			if seen&set != 0 {
				return fmt.Errorf("a collection card is in two places (cards %b)", seen&set)
			}
			seen |= set
		}
		if want := uint32(1)<<len(s.pack.Cards) - 1; seen != want {
			return fmt.Errorf("collection cards %b are nowhere", want&^seen)
		}
	}
	if s.phase == phaseMove || s.phase == phaseOver {
		left := s.minerals
		for !left.Empty() {
			first := left.First()
			g := left.component(first)
			for i := range left {
				left[i] &^= g[i]
			}
			hasPawn := false
			for i := range g {
				if g[i]&pawns[i] != 0 {
					hasPawn = true
				}
			}
			if !hasPawn && s.phase == phaseMove {
				return fmt.Errorf("the piece of the board at hex %s has no pawn but was not cut off", first)
			}
		}
	}
	return nil
}

// checkSack verifies the Sack swap being built: only in phaseSack, opened
// before or after the move, with an opponent, no kind on both sides, each
// side within its pool (the giver's less the Sack's own mineral), and a
// swap of equal value still within reach.
func (s *State) checkSack() error {
	if s.phase != phaseSack {
		if s.sackWith != 0 || s.sackBack != 0 || s.sackGive != (Counts{}) || s.sackTake != (Counts{}) {
			return fmt.Errorf("a Sack swap is remembered in phase %s", phaseNames[s.phase])
		}
		return nil
	}
	p, o := s.current, s.sackWith
	switch {
	case s.sackBack != phaseMove && s.sackBack != phaseAfter:
		return fmt.Errorf("the Sack was opened in phase %s", phaseNames[s.sackBack])
	case o < 0 || o >= s.n || o == p:
		return fmt.Errorf("the Sack swap is with seat %d, not an opponent of seat %d", o, p)
	case s.toolUsed:
		return fmt.Errorf("a Sack swap is built after the turn's tool was used")
	}
	cost := s.sackCost()
	for m := range NumMinerals {
		give, take := int(s.sackGive[m]), int(s.sackTake[m])
		if give > 0 && take > 0 {
			return fmt.Errorf("the Sack swap gives and takes %s", m)
		}
		have := int(s.pool[p][m])
		if m == cost {
			have--
		}
		if give > have || take > int(s.pool[o][m]) {
			return fmt.Errorf("the Sack swap gives %d and takes %d %s; the pools hold %d and %d", give, take, m, s.pool[p][m], s.pool[o][m])
		}
	}
	if d := s.sackDiff(); d != 0 {
		a, b := s.sackAvail(o)
		if e := sackReach(&a, &b); !e.has(-d) {
			return fmt.Errorf("the Sack swap %v for %v can no longer be balanced", s.sackGive, s.sackTake)
		}
	}
	return nil
}
