package tournament

import "slices"

// seatStats is what seat balancing knows of an entrant's earlier games.
type seatStats struct {
	games  int // games seated at, aborted ones excluded
	firsts int // of which in the first seat
	last   int // seat index in the latest of them; -1 before any
}

// seatRecord counts seats per entrant.
type seatRecord map[string]*seatStats

// add records a game's seating; games must be added in the order played.
func (r seatRecord) add(g Game) {
	if g.Aborted {
		return
	}
	for i, id := range g.Players {
		st := r.get(id)
		st.games++
		if i == 0 {
			st.firsts++
		}
		st.last = i
	}
}

// get returns id's record, adding an empty one if there is none yet.
func (r seatRecord) get(id string) *seatStats {
	st, ok := r[id]
	if !ok {
		st = &seatStats{last: -1}
		r[id] = st
	}
	return st
}

// of returns id's record without changing r.
func (r seatRecord) of(id string) seatStats {
	if st, ok := r[id]; ok {
		return *st
	}
	return seatStats{last: -1}
}

// seatOrder returns a table's players (given in pairing order) in seat
// order: first the one whose share of first seats is lowest (firsts·k −
// games, ascending), ties to the one who sat later in its latest game, then
// to pairing order, reversed at odd-numbered tables (index 1, 3, …) so that
// in a first round the better-placed player sits first at every other
// table.
func seatOrder(players []string, r seatRecord, tableIndex int) []string {
	k := len(players)
	pos := make(map[string]int, k)
	for i, id := range players {
		pos[id] = i
		if tableIndex%2 == 1 {
			pos[id] = -i
		}
	}
	seated := slices.Clone(players)
	slices.SortStableFunc(seated, func(a, b string) int {
		sa, sb := r.of(a), r.of(b)
		if d := (sa.firsts*k - sa.games) - (sb.firsts*k - sb.games); d != 0 {
			return d
		}
		if d := sb.last - sa.last; d != 0 {
			return d
		}
		return pos[a] - pos[b]
	})
	return seated
}
