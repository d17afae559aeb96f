package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"minehall/game"
)

// Arena is the configuration of an arena event, as on Lichess: between
// Start and End every entrant plays as many games as it can; an entrant who
// finishes a game waits and is paired again as soon as enough others wait.
//
// Pairing rules (see [Arena.Rules]):
//
//  1. Only waiting entrants are paired: those the runner says are waiting,
//     not withdrawn and in no running game. No game starts at or after End.
//  2. The waiting entrants are taken in order of arena points, then rating,
//     then ID, and seated TableSize at a time from the top; the lowest ones
//     that do not fill a table keep waiting (unless rule 3 keeps others
//     waiting instead).
//  3. Nobody is seated with an entrant of its own last game while another
//     table arrangement of the same waiting entrants avoids it; when none
//     does, the arrangement with the fewest such repeats is used.
//  4. Seats are balanced as in a Swiss event (see [Swiss]).
//
// Scoring: a game scores [ArenaPoints] (win 2, draw 1, loss 0 at two
// players). An entrant who won two games in a row is on fire: each
// following game scores double until, and including, the first game it does
// not win, which ends the streak (a draw on fire scores 2). A win is a sole
// first place; aborted games neither score nor touch a streak. Games that
// started before End count when they finish, even after End.
//
// TableSize 0 means 2.
type Arena struct {
	// Start is when the first games may start.
	Start time.Time `json:"start"`
	// End is when the last games may start; games running then still count.
	End time.Time `json:"end"`
	// TableSize is the number of players per game, 0 or 2 to
	// [MaxTableSize].
	TableSize int `json:"table_size,omitempty"`
}

// ArenaStanding is one entrant's line in an arena's standings.
type ArenaStanding struct {
	// Rank is the position in the standings, from 1; every entrant has its
	// own rank, since the order ends in the ID.
	Rank int    `json:"rank"`
	ID   string `json:"id"`
	// Points are the arena points, streak doubling included.
	Points int `json:"points"`
	// Performance is the first tie-break: the mean over the entrant's
	// finished games and opponents of the opponent's rating plus 400 for a
	// better rank, minus 400 for a worse one, plus nothing for a tie; 0
	// when the entrant has no finished game.
	Performance float64 `json:"performance"`
	// Rating is the second tie-break; the ID is the last.
	Rating float64 `json:"rating"`
	// Games counts finished games; Wins those with a sole first place.
	Games int `json:"games"`
	Wins  int `json:"wins"`
	// Sheet is the points of each finished game in the order the games
	// ended, streak doubling included.
	Sheet []int `json:"sheet"`
	// OnFire reports that the entrant's last two finished games were wins
	// in a row: its next game scores double.
	OnFire    bool `json:"on_fire,omitempty"`
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// Validate checks the configuration alone: Start before End, TableSize 0 or
// 2 to [MaxTableSize].
func (a Arena) Validate() error {
	_, err := a.tableSize()
	return err
}

// tableSize validates the configuration and returns the table size in
// effect.
func (a Arena) tableSize() (int, error) {
	if a.Start.IsZero() || !a.Start.Before(a.End) {
		return 0, game.Errorf(game.CodeInvalid, "an arena needs a start before its end; it starts %s and ends %s", a.Start.Format(time.RFC3339), a.End.Format(time.RFC3339))
	}
	return checkTableSize(a.TableSize)
}

// CheckStart reports whether an arena with these entrants may start: the
// table size must be valid, the entrants' IDs unique and non-empty, and at
// least TableSize of them active. It does not look at Start and End, which a
// runner may set only as the arena starts; [Arena.Validate], [Arena.Pair]
// and [Arena.Standings] check them.
func (a Arena) CheckStart(entrants []Entrant) error {
	k, err := checkTableSize(a.TableSize)
	if err != nil {
		return err
	}
	if _, err := checkEntrants(entrants); err != nil {
		return err
	}
	if n := active(entrants); n < k {
		return game.Errorf(game.CodeInvalid, "an arena at tables of %d needs at least %d entrants; it has %d", k, k, n)
	}
	return nil
}

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
