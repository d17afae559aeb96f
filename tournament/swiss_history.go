package tournament

import (
	"cmp"
	"fmt"
	"slices"

	"minehall/game"
)

// swissHistory is what a Swiss event's games and byes say, checked.
type swissHistory struct {
	k        int
	f        field
	points   map[string]float64
	byes     map[string]int
	met      map[[2]string]int // by pair, lower ID first: games together, aborted ones included
	seats    seatRecord
	finished []Game // in round order
	last     int    // the highest round in games and byes; 0 before the first
	running  *Game  // a running game, if any
}

// pairKey returns the met key of two IDs.
func pairKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// history checks the configuration, entrants, games and byes and sums them
// up.
func (s Swiss) history(entrants []Entrant, games []Game, byes []Bye) (*swissHistory, error) {
	k, err := s.tableSize()
	if err != nil {
		return nil, err
	}
	f, err := checkEntrants(entrants)
	if err != nil {
		return nil, err
	}
	h := &swissHistory{
		k: k, f: f,
		points: map[string]float64{},
		byes:   map[string]int{},
		met:    map[[2]string]int{},
		seats:  seatRecord{},
	}
	inRound := map[string]int{} // "round/id" seen, to refuse doubles
	seen := func(round int, id, what string) error {
		key := fmt.Sprint(round, "/", id)
		if inRound[key] > 0 {
			return game.Errorf(game.CodeInvalid, "%s: %q already plays or has a bye in round %d", what, id, round)
		}
		inRound[key]++
		return nil
	}
	for i, b := range byes {
		what := fmt.Sprintf("bye %d", i+1)
		if _, ok := f[b.ID]; !ok {
			return nil, game.Errorf(game.CodeInvalid, "%s names %q, who is not an entrant", what, b.ID)
		}
		if b.Round < 1 || b.Round > s.Rounds {
			return nil, game.Errorf(game.CodeInvalid, "%s is in round %d, out of range: want 1 to %d", what, b.Round, s.Rounds)
		}
		if err := seen(b.Round, b.ID, what); err != nil {
			return nil, err
		}
		h.byes[b.ID]++
		h.points[b.ID] += s.ByeScore.Points()
		h.last = max(h.last, b.Round)
	}
	ordered := slices.Clone(games)
	slices.SortStableFunc(ordered, func(a, b Game) int { return cmp.Compare(a.Round, b.Round) })
	for i, g := range games {
		what := fmt.Sprintf("game %d", i+1)
		if err := checkGame(g, f, k, what); err != nil {
			return nil, err
		}
		if g.Round < 1 || g.Round > s.Rounds {
			return nil, game.Errorf(game.CodeInvalid, "%s is in round %d, out of range: want 1 to %d", what, g.Round, s.Rounds)
		}
		for _, id := range g.Players {
			if err := seen(g.Round, id, what); err != nil {
				return nil, err
			}
		}
		if g.Running() && h.running == nil {
			h.running = &games[i]
		}
	}
	for _, g := range ordered {
		h.last = max(h.last, g.Round)
		h.seats.add(g)
		for i, a := range g.Players {
			for _, b := range g.Players[:i] {
				h.met[pairKey(a, b)]++
			}
		}
		if !g.Finished() {
			continue
		}
		h.finished = append(h.finished, g)
		for i, p := range SwissPoints(g.Ranks) {
			h.points[g.Players[i]] += p
		}
	}
	return h, nil
}

// pairingOrder returns the active entrants in pairing order: points, then
// rating, highest first, then ID.
func (h *swissHistory) pairingOrder(entrants []Entrant) []Entrant {
	var order []Entrant
	for _, e := range entrants {
		if !e.Withdrawn {
			order = append(order, e)
		}
	}
	slices.SortFunc(order, func(a, b Entrant) int {
		if c := cmpDesc(h.points[a.ID], h.points[b.ID]); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return order
}
