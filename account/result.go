package account

import (
	"slices"
	"time"

	"minehall/game"
	"minehall/store"
)

// The rules that decide whether a finished table moves ratings, and how.
const (
	// StandInShare is the largest share of a seat's actions a stand-in may
	// play for its person: above it, the person counts as having left the
	// game (ranked last) whatever the stand-in did.
	StandInShare = 0.2
	// StandInLast is how many of a seat's last actions its person must
	// have played themselves: a stand-in that played any of them makes the
	// person count as having left.
	StandInLast = 3
	// PairGames is how many rated games two accounts may play against each
	// other within PairWindow and still move each other's ratings: a table
	// where a pair of its accounts met that often lately is recorded, not
	// rated.
	PairGames = 3
	// PairWindow is the time PairGames counts over, by finish time.
	PairWindow = 24 * time.Hour
)

// ResultOf returns what RecordGame records of a finished table, given its
// action log and its game's spec, and false for a table with nothing to
// record: no result (abandoned, aborted, expired), or no account at it and
// not rated.
//
// The rank order is the game's: a seat's rank is 1 plus the number of seats
// whose return is higher (equal returns tie). A person counts as having
// left the game, and ranks last, below every seat that stayed, tied with
// any other who left, when a stand-in played more than [StandInShare] of
// the seat's actions or any of its last [StandInLast], or when they left
// the seat at the end; a person who came back and played on is ranked by
// the board.
//
// A table made rated moves ratings only if every seat is a bot or an
// account (else [store.ReasonGuest]), its options are the rulebook's (else
// [store.ReasonOptions]) and every person played at least
// spec.OwnMovesToRate() actions themselves (else [store.ReasonAborted]: it
// counts for nobody, on either side); a table not made rated is
// [store.ReasonCasual]. A rated result carries the pair limit of
// [PairGames] in [PairWindow].
func ResultOf(t *store.Table, acts []store.Action, spec game.Spec) (store.GameResult, bool) {
	if t.Status != store.StatusFinished || t.Result == nil || len(t.Result.Returns) != len(t.Seats) {
		return store.GameResult{}, false
	}
	g := store.GameResult{Table: t.ID, Game: t.Game, Finished: t.Finished, Rated: t.Rated}
	ret := t.Result.Returns
	counts := countActions(t, acts)
	left := make([]bool, len(t.Seats))
	hasAccount, guest, aborted := false, false, false
	for i, s := range t.Seats {
		var sr store.SeatResult
		switch s.Kind {
		case store.SeatBot:
			sr.Player = store.BotPlayer(s.Bot)
		default:
			c := counts[i]
			sr.Player = s.Account
			sr.OwnActions, sr.StandInActions = c.own, c.standIn
			left[i] = c.leftGame() || t.Absence(game.Player(i)) == "left"
			hasAccount = hasAccount || s.Account != ""
			aborted = aborted || c.own < spec.OwnMovesToRate()
		}
		guest = guest || sr.Player == ""
		g.Seats = append(g.Seats, sr)
	}
	switch {
	case !t.Rated:
		g.Reason = store.ReasonCasual
	case guest:
		g.Reason = store.ReasonGuest
	case spec.CheckRated(t.Options) != nil:
		g.Reason = store.ReasonOptions
	case aborted:
		g.Reason = store.ReasonAborted
	}
	g.Rated = g.Reason == ""
	if g.Rated {
		g.PairLimit = store.PairLimit{Games: PairGames, Since: t.Finished.Add(-PairWindow)}
	}
	if !hasAccount && !g.Rated {
		return store.GameResult{}, false
	}
	worst := 0
	for i := range g.Seats {
		if left[i] {
			continue
		}
		r := 1
		for j := range g.Seats {
			if !left[j] && ret[j] > ret[i] {
				r++
			}
		}
		g.Seats[i].Rank = r
		worst = max(worst, r)
	}
	for i := range g.Seats {
		if left[i] {
			g.Seats[i].Rank = worst + 1
			g.Seats[i].Left = true
			continue
		}
		g.Seats[i].Won = g.Seats[i].Rank == 1 && ret[i] > 0
	}
	return g, true
}

// seatActions counts who played a seat's actions.
type seatActions struct {
	own, standIn int
	// last says, for the seat's last StandInLast actions, oldest first,
	// whether a stand-in played each.
	last []bool
}

// leftGame reports whether the seat's person counts as having left: a
// stand-in played more than StandInShare of its actions or one of its
// last StandInLast.
func (c seatActions) leftGame() bool {
	if float64(c.standIn) > StandInShare*float64(c.own+c.standIn) {
		return true
	}
	return slices.Contains(c.last, true)
}

// countActions counts, per seat of t, the actions of acts its person
// played and those a stand-in played.
func countActions(t *store.Table, acts []store.Action) []seatActions {
	out := make([]seatActions, len(t.Seats))
	for _, a := range acts {
		if a.Player < 0 || int(a.Player) >= len(out) {
			continue // chance and system actions
		}
		c := &out[a.Player]
		stood := t.StoodInAt(a.Player, a.N)
		if stood {
			c.standIn++
		} else {
			c.own++
		}
		c.last = append(c.last, stood)
		if len(c.last) > StandInLast {
			c.last = c.last[1:]
		}
	}
	return out
}

// Ranks returns the seats' ranks of g.
func Ranks(g store.GameResult) []int {
	out := make([]int, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = s.Rank
	}
	return out
}
