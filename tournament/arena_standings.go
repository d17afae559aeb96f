package tournament

import (
	"cmp"
	"slices"
)

// Standings returns every entrant's standing (withdrawn ones included),
// ordered by points, performance, rating, all highest first, then ID. Running
// and aborted games do not count. It refuses bad input as [Arena.Pair] does.
func (a Arena) Standings(entrants []Entrant, games []Game) ([]ArenaStanding, error) {
	h, err := a.history(entrants, games)
	if err != nil {
		return nil, err
	}
	scores := h.points()
	standings := make([]ArenaStanding, len(entrants))
	for i, e := range entrants {
		sc := scores[e.ID]
		st := ArenaStanding{
			ID:        e.ID,
			Points:    sc.total,
			Rating:    e.Rating,
			Games:     sc.games,
			Wins:      sc.wins,
			Sheet:     sc.sheet,
			OnFire:    sc.streak >= 2,
			Withdrawn: e.Withdrawn,
		}
		if st.Sheet == nil {
			st.Sheet = []int{}
		}
		if sc.games > 0 {
			st.Performance = sc.perf / float64(sc.games)
		}
		standings[i] = st
	}
	slices.SortFunc(standings, func(x, y ArenaStanding) int {
		if c := cmp.Compare(y.Points, x.Points); c != 0 {
			return c
		}
		if c := cmpDesc(x.Performance, y.Performance); c != 0 {
			return c
		}
		if c := cmp.Compare(y.Rating, x.Rating); c != 0 {
			return c
		}
		return cmp.Compare(x.ID, y.ID)
	})
	for i := range standings {
		standings[i].Rank = i + 1
	}
	return standings, nil
}
