package tournament

import (
	"math"

	"minehall/game"
)

// Swiss is the configuration of a Swiss event: a fixed number of rounds in
// which entrants with equal points meet, nobody meets the same opponent
// twice while it can be avoided, and an odd entrant out gets a bye.
//
// Pairing rules, in order of priority (see [Swiss.Rules]):
//
//  1. Only entrants that have not withdrawn are paired.
//  2. When the active entrants do not divide into tables of TableSize, the
//     remainder gets a bye: the lowest in pairing order who had no bye yet
//     (lowest first), and only if everyone had one, the lowest among those
//     with the fewest byes. A bye scores [Swiss.ByeScore].
//  3. No two entrants who met before (in any game, aborted ones included) sit
//     at one table while any pairing without such a rematch exists; when
//     none exists, the fewest rematches are made. At two-player tables this
//     is exact (a maximum matching of the pairs who have not met says, at
//     every choice, how few rematches the rest can have); at larger tables
//     a depth-first search looks within a fixed budget of steps and, past
//     it, allows more rematches.
//  4. Among pairings that satisfy 2 and 3, tables are filled from the top of
//     the pairing order: points, then rating, then ID. At two players the
//     top entrant of a score group meets the entrant half a group below it
//     (1 meets 5, 2 meets 6 in a group of 8, as in the Dutch system); an
//     odd entrant out of a group floats down and meets the top of the next
//     group. Larger tables are filled with the next entrants in order.
//  5. Seats are balanced: at each table the entrant who sat first least
//     often (relative to its games) sits first; ties go to the one who sat
//     later in its last game, then to pairing order (reversed at every
//     other table). At two-player tables, two entrants who both sat first
//     (or both second) two games more than the other seat are not paired
//     while a pairing without rematches avoids it, so nobody falls three
//     first seats behind or ahead without need.
//
// The zero value is not valid: Rounds must be set. TableSize 0 means 2.
type Swiss struct {
	// Rounds is the number of rounds, 1 to [MaxRounds].
	Rounds int `json:"rounds"`
	// TableSize is the number of players per game: 0 or 2 for two-player
	// games, up to 8 for larger tables.
	TableSize int `json:"table_size,omitempty"`
	// ByeScore is what a bye is worth; the zero value is a win (1 point),
	// as on Lichess.
	ByeScore ByeScore `json:"bye_score,omitempty"`
}

// MaxRounds is the most rounds a Swiss event may have.
const MaxRounds = 30

// MaxTableSize is the largest table a Swiss event or an arena may have.
const MaxTableSize = 8

// ByeScore is what a Swiss bye is worth.
type ByeScore int

// The bye scores.
const (
	ByeWin  ByeScore = iota // 1 point, as a win (first place)
	ByeHalf                 // 0.5 points, as a draw at two players
	ByeZero                 // no points
)

// Points returns the Swiss points a bye of this kind scores.
func (b ByeScore) Points() float64 {
	switch b {
	case ByeHalf:
		return 0.5
	case ByeZero:
		return 0
	}
	return 1
}

// Bye is a round in which an entrant sat out and scored [Swiss.ByeScore].
type Bye struct {
	Round int    `json:"round"`
	ID    string `json:"id"`
}

// Pairing is the next round of a Swiss event.
type Pairing struct {
	// Round is the round's number, from 1.
	Round int `json:"round"`
	// Tables are the games to start, each the entrants' IDs in seat order;
	// the table of the best-placed entrants comes first.
	Tables [][]string `json:"tables"`
	// Byes are the entrants who sit this round out, lowest-placed last.
	Byes []string `json:"byes,omitempty"`
	// Rematches counts the pairs of entrants at a table who met before; it
	// is 0 unless no pairing without rematches exists.
	Rematches int `json:"rematches,omitempty"`
}

// SwissStanding is one entrant's line in a Swiss event's standings.
type SwissStanding struct {
	// Rank is the position in the standings, from 1; every entrant has its
	// own rank, since the order ends in the ID.
	Rank int    `json:"rank"`
	ID   string `json:"id"`
	// Points are the points from finished games and byes.
	Points float64 `json:"points"`
	// Buchholz is the first tie-break: the sum over the entrant's finished
	// games of its opponents' points (at larger tables, the mean of the
	// opponents' points at that table), less the lowest such value (cut-1)
	// when there are two or more games.
	Buchholz float64 `json:"buchholz"`
	// SonnebornBerger is the second tie-break: the sum over the entrant's
	// finished games and opponents of the result against that opponent
	// (1 ranked better, 0.5 tied, 0 ranked worse) times the opponent's
	// points, divided by the number of opponents at that table.
	SonnebornBerger float64 `json:"sonneborn_berger"`
	// Rating is the third tie-break, the entrant's rating; the ID is the
	// last.
	Rating float64 `json:"rating"`
	// Games counts finished games (byes and aborted games are not games).
	Games int `json:"games"`
	// Byes counts the byes the entrant had.
	Byes      int  `json:"byes,omitempty"`
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// Validate checks the configuration alone: Rounds from 1 to [MaxRounds],
// TableSize 0 or 2 to [MaxTableSize], a known ByeScore.
func (s Swiss) Validate() error {
	_, err := s.tableSize()
	return err
}

// tableSize validates the configuration and returns the table size in
// effect.
func (s Swiss) tableSize() (int, error) {
	if s.Rounds < 1 || s.Rounds > MaxRounds {
		return 0, game.Errorf(game.CodeInvalid, "%d rounds is out of range: want 1 to %d", s.Rounds, MaxRounds)
	}
	if s.ByeScore < ByeWin || s.ByeScore > ByeZero {
		return 0, game.Errorf(game.CodeInvalid, "bye score %d is unknown: want %d (win), %d (half) or %d (zero)", s.ByeScore, ByeWin, ByeHalf, ByeZero)
	}
	return checkTableSize(s.TableSize)
}

// CheckStart reports whether a Swiss event with these entrants may start:
// the configuration must be valid, the entrants' IDs unique and non-empty,
// and at least twice TableSize of them active (so that the first round has
// two tables and pairings can vary); and Rounds must not exceed
// [SwissMaxRounds] for the active entrants.
func (s Swiss) CheckStart(entrants []Entrant) error {
	k, err := s.tableSize()
	if err != nil {
		return err
	}
	if _, err := checkEntrants(entrants); err != nil {
		return err
	}
	n := active(entrants)
	if n < 2*k {
		return game.Errorf(game.CodeInvalid, "a Swiss event at tables of %d needs at least %d entrants; it has %d", k, 2*k, n)
	}
	if most := SwissMaxRounds(n, k); s.Rounds > most {
		return game.Errorf(game.CodeInvalid, "%d rounds is too many for %d entrants: at most %d, or pairings repeat", s.Rounds, n, most)
	}
	return nil
}

// SwissMaxRounds returns the most rounds a Swiss event of n active entrants
// at tables of tableSize may have without forcing rematches by counting
// alone: at two players n-1 for even n and n for odd n (a round robin), at
// larger tables n-1. It is at least 1.
func SwissMaxRounds(n, tableSize int) int {
	most := n - 1
	if (tableSize == 0 || tableSize == 2) && n%2 == 1 {
		most = n
	}
	return max(most, 1)
}

// RecommendedRounds returns a good number of rounds for n entrants at tables
// of tableSize (0 means 2): ceil(log_k n) + 1 for k players a table (at two
// players ceil(log2 n) + 1), so that one entrant can end alone on top, capped
// by [SwissMaxRounds] and by [MaxRounds]. It is at least 1.
func RecommendedRounds(n, tableSize int) int {
	k := max(tableSize, 2)
	r := 1
	for p := k; p < n; p *= k {
		r++
	}
	if n <= 1 {
		r = 0
	}
	return max(1, min(r+1, SwissMaxRounds(n, tableSize), MaxRounds))
}

// approx reports whether two point totals are equal up to rounding.
func approx(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// cmpDesc orders point totals highest first, equal up to rounding.
func cmpDesc(a, b float64) int {
	switch {
	case approx(a, b):
		return 0
	case a > b:
		return -1
	}
	return 1
}
