package tournament

import (
	"fmt"
	"slices"
	"time"

	"minehall/game"
)

// arenaHistory is what an arena's games say, checked.
type arenaHistory struct {
	k        int
	f        field
	finished []Game // in the order they ended
	playing  map[string]bool
	last     map[string]Game // each entrant's latest game by start, aborted ones included, running ones excluded
	seats    seatRecord
}

// history checks the configuration, entrants and games and sums them up.
func (a Arena) history(entrants []Entrant, games []Game) (*arenaHistory, error) {
	k, err := a.tableSize()
	if err != nil {
		return nil, err
	}
	f, err := checkEntrants(entrants)
	if err != nil {
		return nil, err
	}
	h := &arenaHistory{k: k, f: f, playing: map[string]bool{}, last: map[string]Game{}, seats: seatRecord{}}
	for i, g := range games {
		what := fmt.Sprintf("game %d", i+1)
		if err := checkGame(g, f, k, what); err != nil {
			return nil, err
		}
		if g.Start.Before(a.Start) || !g.Start.Before(a.End) {
			return nil, game.Errorf(game.CodeInvalid, "%s starts at %s, outside the arena (%s to %s)", what, g.Start.Format(time.RFC3339), a.Start.Format(time.RFC3339), a.End.Format(time.RFC3339))
		}
		if g.Finished() && g.End.IsZero() {
			return nil, game.Errorf(game.CodeInvalid, "%s has a result but no end time", what)
		}
		if g.Finished() && g.End.Before(g.Start) {
			return nil, game.Errorf(game.CodeInvalid, "%s ends at %s, before it starts", what, g.End.Format(time.RFC3339))
		}
		if g.Running() {
			for _, id := range g.Players {
				if h.playing[id] {
					return nil, game.Errorf(game.CodeInvalid, "%s: %q already plays another running game", what, id)
				}
				h.playing[id] = true
			}
		}
	}
	byStart := slices.Clone(games)
	slices.SortStableFunc(byStart, func(x, y Game) int { return x.Start.Compare(y.Start) })
	for _, g := range byStart {
		h.seats.add(g)
		if g.Running() {
			continue
		}
		for _, id := range g.Players {
			h.last[id] = g
		}
	}
	for _, g := range games {
		if g.Finished() {
			h.finished = append(h.finished, g)
		}
	}
	slices.SortStableFunc(h.finished, func(x, y Game) int { return x.End.Compare(y.End) })
	return h, nil
}

// arenaScore is an entrant's arena score so far.
type arenaScore struct {
	total  int
	sheet  []int
	wins   int
	streak int // wins in a row at the end
	perf   float64
	games  int
}

// points scores the finished games in the order they ended.
func (h *arenaHistory) points() map[string]*arenaScore {
	scores := map[string]*arenaScore{}
	for id := range h.f {
		scores[id] = &arenaScore{}
	}
	for _, g := range h.finished {
		base := ArenaPoints(g.Ranks)
		for i, id := range g.Players {
			sc := scores[id]
			p := base[i]
			if sc.streak >= 2 {
				p *= 2
			}
			sc.total += p
			sc.sheet = append(sc.sheet, p)
			sc.games++
			if wins(g.Ranks, i) {
				sc.wins++
				sc.streak++
			} else {
				sc.streak = 0
			}
			perf := 0.0
			for j, other := range g.Players {
				if j != i {
					perf += h.f[other].Rating + 400*(2*versus(g.Ranks, i, j)-1)
				}
			}
			sc.perf += perf / float64(len(g.Players)-1)
		}
	}
	return scores
}
