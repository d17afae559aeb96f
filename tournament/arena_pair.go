package tournament

import (
	"cmp"
	"slices"
	"time"

	"minehall/game"
)

// Pair returns the tables to start now, each the entrants' IDs in seat
// order, best-placed table first, given every entrant, every game so far and
// the IDs of the entrants who wait for a game. It returns no table when now
// is before Start or not before End, or when fewer than TableSize wait.
//
// It refuses (CodeInvalid) bad entrants or games (a game naming a
// non-entrant, a player count other than TableSize, ranks of the wrong
// length or not ranks, a game starting outside the arena's time) and a
// waiting ID that is not an entrant, is repeated, has withdrawn or is in a
// running game.
func (a Arena) Pair(entrants []Entrant, games []Game, waiting []string, now time.Time) ([][]string, error) {
	h, err := a.history(entrants, games)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, id := range waiting {
		e, ok := h.f[id]
		switch {
		case !ok:
			return nil, game.Errorf(game.CodeInvalid, "waiting player %q is not an entrant", id)
		case seen[id]:
			return nil, game.Errorf(game.CodeInvalid, "waiting player %q is listed twice", id)
		case e.Withdrawn:
			return nil, game.Errorf(game.CodeInvalid, "waiting player %q has withdrawn", id)
		case h.playing[id]:
			return nil, game.Errorf(game.CodeInvalid, "waiting player %q is playing a game", id)
		}
		seen[id] = true
	}
	k, n := h.k, len(waiting)
	if now.Before(a.Start) || !now.Before(a.End) || n < k {
		return nil, nil
	}
	points := h.points()
	order := make([]*Entrant, n)
	for i, id := range waiting {
		order[i] = h.f[id]
	}
	slices.SortFunc(order, func(x, y *Entrant) int {
		if c := cmp.Compare(points[y.ID].total, points[x.ID].total); c != 0 {
			return c
		}
		if c := cmp.Compare(y.Rating, x.Rating); c != 0 {
			return c
		}
		return cmp.Compare(x.ID, y.ID)
	})
	conflict := make([][]bool, n)
	for i := range conflict {
		conflict[i] = make([]bool, n)
		for j := range conflict[i] {
			conflict[i][j] = i != j && (h.lastWith(order[i].ID, order[j].ID) || h.lastWith(order[j].ID, order[i].ID))
		}
	}
	cands := make([]int, n) // who keeps waiting: lowest first
	for i := range cands {
		cands[i] = n - 1 - i
	}
	outSets := leaveOutSets(n%k, cands, func(int) int { return 0 })
	ar := arrange(n, k, conflict, nil, func(_ int, free []int) []int { return free }, outSets)
	var tables [][]string
	for ti, t := range ar.tables {
		slices.Sort(t)
		ids := make([]string, len(t))
		for i, x := range t {
			ids[i] = order[x].ID
		}
		tables = append(tables, seatOrder(ids, h.seats, ti))
	}
	return tables, nil
}

// lastWith reports whether b played in a's latest game.
func (h *arenaHistory) lastWith(a, b string) bool {
	g, ok := h.last[a]
	return ok && slices.Contains(g.Players, b)
}
