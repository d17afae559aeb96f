package store

import (
	"context"
	"time"
)

// PuzzleTicket is a start ticket: the server issues one when a player opens
// a puzzle, and a submitted solution must bring it back, once. Puzzle names
// the puzzle ("outofmine/daily/2026-11-23", "hammertime/daily/2026-11-23/exact");
// Player is the player's identity, empty for a guest. Used is zero until a
// solution was accepted with the ticket.
type PuzzleTicket struct {
	ID     string
	Puzzle string
	Player string
	Issued time.Time
	Used   time.Time
}

// PuzzleAccount is the player of a signed-in account's puzzle tickets,
// attempts and ratings: "account:" and the account's ID, which never
// changes.
func PuzzleAccount(id string) string { return "account:" + id }

// PuzzleAttempt is an accepted solution: the ticket it used, the puzzle,
// who solved it (Player empty for a guest, Name as shown on the best-score
// table), the score (higher is better), the time the server measured from
// the ticket's issue to the submission, whether it reached the optimum,
// when it was accepted, and the solution as JSON. PlayerRating, when not
// nil, is the player's own rating after the attempt (their rating in a
// rated mode), stored with it under its Puzzle name as puzzle ratings
// are; it is not read back with the attempt.
//
// Counted is whether the attempt counts for ratings, streaks and best
// tables: a puzzle counts once per player, at their first attempt, and
// only when it was not faster than a person can be (see package puzzle).
// An attempt that does not count is kept all the same.
type PuzzleAttempt struct {
	Ticket  string
	Puzzle  string
	Player  string
	Name    string
	Score   int64
	Millis  int64
	Perfect bool
	At      time.Time
	Body    string
	Counted bool

	PlayerRating *PuzzleRating
}

// PuzzleRating is a puzzle's own rating (the rating package's mean and
// standard deviation) and how many attempts moved it.
type PuzzleRating struct {
	Puzzle   string
	Mu       float64
	Sigma    float64
	Attempts int64
}

// PuzzleStore keeps puzzle tickets, accepted attempts and puzzle ratings.
// Errors carry game codes: CodeNotFound for an unknown ticket, CodeConflict
// for a ticket id that exists already or a ticket used already. Every
// method is safe for concurrent use and durable once it returns nil.
type PuzzleStore interface {
	// CreatePuzzleTicket stores a new, unused ticket.
	CreatePuzzleTicket(ctx context.Context, t PuzzleTicket) error

	// PuzzleTicket returns the ticket with the given id.
	PuzzleTicket(ctx context.Context, id string) (PuzzleTicket, error)

	// FinishPuzzle marks ticket a.Ticket used at a.At and stores a, in one
	// transaction: all of it or, refused, nothing. A ticket used already
	// is refused with CodeConflict, so that a solution counts once.
	// a.Counted asks that the attempt count; it counts unless a.Player has
	// an attempt at a.Puzzle already (counted or not), which the
	// transaction decides, so that of two concurrent first attempts one
	// counts. Only an attempt that counts stores r as the puzzle's rating
	// and a.PlayerRating, when they are not nil. counted reports what was
	// stored.
	FinishPuzzle(ctx context.Context, a PuzzleAttempt, r *PuzzleRating) (counted bool, err error)

	// BestPuzzleAttempts returns up to limit attempts at puzzle that
	// count (at most one per player, so), best first: highest score,
	// then shortest time, then earliest.
	BestPuzzleAttempts(ctx context.Context, puzzle string, limit int) ([]PuzzleAttempt, error)

	// PlayerPuzzleAttempts returns up to limit of player's attempts at
	// the puzzles whose names start with prefix, newest first.
	PlayerPuzzleAttempts(ctx context.Context, player, prefix string, limit int) ([]PuzzleAttempt, error)

	// PuzzleRating returns the stored rating of puzzle; ok is false when
	// none is stored yet.
	PuzzleRating(ctx context.Context, puzzle string) (r PuzzleRating, ok bool, err error)

	// PuzzleRatings returns the stored ratings of the puzzles whose names
	// start with prefix, by name.
	PuzzleRatings(ctx context.Context, prefix string) (map[string]PuzzleRating, error)
}
