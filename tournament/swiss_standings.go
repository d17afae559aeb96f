package tournament

import (
	"cmp"
	"slices"
)

// Standings returns every entrant's standing (withdrawn ones included),
// ordered by points, Buchholz, Sonneborn-Berger, rating, all highest first,
// then ID. Running and aborted games do not count. It refuses bad input as
// [Swiss.Pair] does (CodeInvalid) but accepts running games.
func (s Swiss) Standings(entrants []Entrant, games []Game, byes []Bye) ([]SwissStanding, error) {
	h, err := s.history(entrants, games, byes)
	if err != nil {
		return nil, err
	}
	opp := map[string][]float64{} // per entrant, per finished game: the opponents' mean points
	sb := map[string]float64{}
	played := map[string]int{}
	for _, g := range h.finished {
		others := float64(len(g.Players) - 1)
		for i, a := range g.Players {
			played[a]++
			sum := 0.0
			for j, b := range g.Players {
				if j == i {
					continue
				}
				sum += h.points[b]
				sb[a] += versus(g.Ranks, i, j) * h.points[b] / others
			}
			opp[a] = append(opp[a], sum/others)
		}
	}
	standings := make([]SwissStanding, len(entrants))
	for i, e := range entrants {
		standings[i] = SwissStanding{
			ID:              e.ID,
			Points:          h.points[e.ID],
			Buchholz:        buchholzCut1(opp[e.ID]),
			SonnebornBerger: sb[e.ID],
			Rating:          e.Rating,
			Games:           played[e.ID],
			Byes:            h.byes[e.ID],
			Withdrawn:       e.Withdrawn,
		}
	}
	slices.SortFunc(standings, func(a, b SwissStanding) int {
		if c := cmpDesc(a.Points, b.Points); c != 0 {
			return c
		}
		if c := cmpDesc(a.Buchholz, b.Buchholz); c != 0 {
			return c
		}
		if c := cmpDesc(a.SonnebornBerger, b.SonnebornBerger); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for i := range standings {
		standings[i].Rank = i + 1
	}
	return standings, nil
}

// buchholzCut1 sums the per-game opponent values less the lowest one, when
// there are two or more.
func buchholzCut1(values []float64) float64 {
	if len(values) == 0 {
		return 0
	}
	sum, low := 0.0, values[0]
	for _, v := range values {
		sum += v
		low = min(low, v)
	}
	if len(values) >= 2 {
		sum -= low
	}
	return sum
}
