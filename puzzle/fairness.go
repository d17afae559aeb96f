package puzzle

import (
	"context"
	"strings"
	"time"

	"minehall/game"
	"minehall/store"
)

// A puzzle counts once per player, and only when solved no faster than a
// person can: a bot that solves with the bundled solver as fast as the API
// answers, or a player who opens a puzzle again once they know its
// answer, gains no rating, streak or best-table place by it.
//
// A player is a signed-in account ("account:" and its ID) or a guest's
// browser ("guest:" and the id of the cookie the server gave it, see
// package server). A player's first accepted attempt at a puzzle is the
// one that counts; later ones are kept and answered, but move no rating
// and enter no best table. An attempt faster than its puzzle's floor is
// kept and shown the same way.

// The floors: the least time a person needs from opening a puzzle to
// submitting its answer. They are well below a fast player's times (they
// only mean to tell a program from a person), and an attempt under its
// floor is kept but does not count.
const (
	// TileFloor is Out of Mine's floor for each tile laid: taking a tile
	// from the box, turning it and dropping it on the board.
	TileFloor = time.Second
	// MineralsFloor is a Minerals tactic's floor: reading the position
	// and playing one move.
	MineralsFloor = 2 * time.Second
	// RouteMoveFloor is a TF22 route's floor for each move of the plan,
	// entered one by one on the board.
	RouteMoveFloor = time.Second
	// HitFloor is a Hammer Time drill's floor for each hit: choosing a
	// side, a place and a strength.
	HitFloor = time.Second
)

// TicketLife is how long a start ticket lasts: a solution must be
// submitted within it (and a daily puzzle's on its day).
const TicketLife = 12 * time.Hour

// GuestPrefix begins a guest's player identity.
const GuestPrefix = "guest:"

// IsGuest reports whether player is a guest: a browser's identity, or
// none at all (empty).
func IsGuest(player string) bool { return player == "" || strings.HasPrefix(player, GuestPrefix) }

// Why an attempt does not count (Counting.NotCounted).
const (
	NotCountedRepeat  = "repeat"   // the player attempted the puzzle before
	NotCountedTooFast = "too_fast" // faster than the puzzle's floor
)

// Counting says whether an accepted attempt counts for ratings, streaks
// and best tables, why not when it does not, and the puzzle's floor for
// this attempt in milliseconds.
type Counting struct {
	Counted    bool   `json:"counted"`
	NotCounted string `json:"not_counted,omitempty"`
	FloorMS    int64  `json:"floor_ms"`
}

// finish stores the accepted attempt a, asking that it count unless took
// is under floor, with the ratings of r (nil outside rated modes), which
// the store keeps only when the attempt counts. It answers how the
// attempt counted.
func (s *Service) finish(ctx context.Context, a store.PuzzleAttempt, r *rated, took, floor time.Duration) (Counting, error) {
	a.Counted = took >= floor
	var pr *store.PuzzleRating
	if r != nil {
		pr, a.PlayerRating = r.puzzle, r.mine
	}
	counted, err := s.Store.FinishPuzzle(ctx, a, pr)
	if game.ErrorCode(err) == game.CodeConflict {
		return Counting{}, game.Errorf(game.CodeConflict, "this start ticket was used already: a solution counts once (a replayed submission)")
	}
	if err != nil {
		return Counting{}, err
	}
	c := Counting{Counted: counted, FloorMS: floor.Milliseconds()}
	switch {
	case !a.Counted:
		c.NotCounted = NotCountedTooFast
	case !counted:
		c.NotCounted = NotCountedRepeat
	}
	return c, nil
}
