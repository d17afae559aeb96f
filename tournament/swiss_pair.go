package tournament

import (
	"slices"
	"strings"

	"minehall/game"
)

// Pair returns the next round's pairing, given every entrant (withdrawn
// ones included), every game of the earlier rounds and every bye given.
// The next round is one after the highest round in games and byes.
//
// It refuses (CodeInvalid) bad entrants, games or byes: a game or bye naming
// a non-entrant, a game whose player count is not TableSize, ranks of the
// wrong length or not ranks, a round out of range. It refuses
// (CodeConflict) when a game is still running, when every round has been
// paired, and when fewer than TableSize active entrants remain.
func (s Swiss) Pair(entrants []Entrant, games []Game, byes []Bye) (Pairing, error) {
	h, err := s.history(entrants, games, byes)
	if err != nil {
		return Pairing{}, err
	}
	if g := h.running; g != nil {
		return Pairing{}, game.Errorf(game.CodeConflict, "round %d is still being played: the game of %s has no result", g.Round, strings.Join(g.Players, ", "))
	}
	round := h.last + 1
	if round > s.Rounds {
		return Pairing{}, game.Errorf(game.CodeConflict, "all %d rounds have been paired", s.Rounds)
	}
	order := h.pairingOrder(entrants)
	n, k := len(order), h.k
	if n < k {
		return Pairing{}, game.Errorf(game.CodeConflict, "only %d entrants are still playing; a table needs %d", n, k)
	}

	conflict := make([][]bool, n)
	for i := range conflict {
		conflict[i] = make([]bool, n)
		for j := range conflict[i] {
			conflict[i][j] = i != j && h.met[pairKey(order[i].ID, order[j].ID)] > 0
		}
	}
	// Bye candidates: fewest byes first, then lowest in pairing order.
	cands := make([]int, n)
	for i := range cands {
		cands[i] = n - 1 - i
	}
	slices.SortStableFunc(cands, func(a, b int) int { return h.byes[order[a].ID] - h.byes[order[b].ID] })
	outSets := leaveOutSets(n%k, cands, func(i int) int { return h.byes[order[i].ID] })

	candidates := func(p int, free []int) []int { return free }
	if k == 2 {
		candidates = func(p int, free []int) []int { return halfwayFirst(p, free, order, h.points) }
	}
	a := arrange(n, k, conflict, h.seatClashes(order), candidates, outSets)

	pairing := Pairing{Round: round, Rematches: a.conflicts}
	for ti, t := range a.tables {
		slices.Sort(t) // pairing order within the table
		ids := make([]string, len(t))
		for i, x := range t {
			ids[i] = order[x].ID
		}
		pairing.Tables = append(pairing.Tables, seatOrder(ids, h.seats, ti))
	}
	out := slices.Clone(a.out)
	slices.Sort(out)
	for _, x := range out {
		pairing.Byes = append(pairing.Byes, order[x].ID)
	}
	return pairing, nil
}

// halfwayFirst orders p's candidate opponents at two-player tables: first
// p's own score group, starting half a group below p and going down, then
// the group's members above that point going up (so that the top half of a
// group meets the bottom half: 1–5, 2–6, 3–7, 4–8); then every lower
// entrant in pairing order. free is in pairing order and p is above all of
// it.
func halfwayFirst(p int, free []int, order []Entrant, points map[string]float64) []int {
	score := points[order[p].ID]
	g := 0 // free[:g] is p's score group
	for g < len(free) && approx(points[order[free[g]].ID], score) {
		g++
	}
	if g == 0 {
		return free
	}
	// In the group [p, free[0], …, free[g-1]] of g+1, half a group below p
	// is position (g+1)/2, that is free[(g+1)/2-1].
	h := (g+1)/2 - 1
	cands := make([]int, 0, len(free))
	cands = append(cands, free[h:g]...)
	for i := h - 1; i >= 0; i-- {
		cands = append(cands, free[i])
	}
	return append(cands, free[g:]...)
}

// seatClashes marks, at two-player tables, the pairs who both sat first
// (or both second) at least two games more than the other seat: one of
// them would fall three behind. It is nil at larger tables.
func (h *swissHistory) seatClashes(order []Entrant) [][]bool {
	if h.k != 2 {
		return nil
	}
	n := len(order)
	lean := make([]int, n) // firsts minus seconds
	for i, e := range order {
		st := h.seats.of(e.ID)
		lean[i] = 2*st.firsts - st.games
	}
	clash := make([][]bool, n)
	for i := range clash {
		clash[i] = make([]bool, n)
		for j := range clash[i] {
			clash[i][j] = i != j && (lean[i] >= 2 && lean[j] >= 2 || lean[i] <= -2 && lean[j] <= -2)
		}
	}
	return clash
}
