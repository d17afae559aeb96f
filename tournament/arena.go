package tournament

import (
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
