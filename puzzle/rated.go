package puzzle

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"strings"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// ratedModes names each game's rated puzzle mode, in which a player's own
// rating moves: Out of Mine's ladder, Minerals' and TF22's practice.
var ratedModes = map[string]string{"outofmine": "outofmine/ladder", "minerals": "minerals/practice", "tf22": "tf22/practice"}

// storedRating returns the rating stored under key (a puzzle's, or a
// player's), or else initial, named key.
func (s *Service) storedRating(ctx context.Context, key string, initial rating.Rating) (store.PuzzleRating, error) {
	r, ok, err := s.Store.PuzzleRating(ctx, key)
	if err != nil || ok {
		return r, err
	}
	return store.PuzzleRating{Puzzle: key, Mu: initial.Mu, Sigma: initial.Sigma}, nil
}

// playerRating returns the stored rating of a player in a rated mode
// ("outofmine/ladder"), or the starting rating, named as it is stored.
// The server keeps every player's, a guest browser's too.
func (s *Service) playerRating(ctx context.Context, player, mode string) (store.PuzzleRating, error) {
	return s.storedRating(ctx, "player/"+player+"/"+mode, rating.Default())
}

// playerMu is the rating mean a rated mode picks a puzzle for: the
// player's stored one. A query that names one ("mu") is refused: the
// server keeps the rating.
func (s *Service) playerMu(ctx context.Context, q url.Values, player, mode string) (float64, error) {
	if q.Has("mu") {
		return 0, game.Errorf(game.CodeInvalid, "mu %q: the server keeps every player's puzzle rating and picks a puzzle by it; leave mu out", q.Get("mu"))
	}
	r, err := s.playerRating(ctx, player, mode)
	return r.Mu, err
}

// rated is the outcome of a rated attempt: the player's and the puzzle's
// ratings after it, and the ratings to store should the attempt count:
// the player's, and the puzzle's unless a guest made it.
type rated struct {
	Player, Puzzle rating.Rating
	puzzle, mine   *store.PuzzleRating
}

// rate rates an attempt at puzzle (its rating now) in a rated mode: a win
// against the puzzle when solved, a loss otherwise, from the player's
// rating as the server keeps it. A guest's attempt moves the guest's
// rating but not the puzzle's: a guest's identity costs nothing to make,
// so that a crowd of them could push a puzzle's rating anywhere.
func (s *Service) rate(ctx context.Context, player, mode string, puzzle store.PuzzleRating, solved bool) (*rated, error) {
	mine, err := s.playerRating(ctx, player, mode)
	if err != nil {
		return nil, err
	}
	ranks := []int{2, 1}
	if solved {
		ranks = []int{1, 2}
	}
	after, err := rating.DefaultModel().Rate([]rating.Rating{{Mu: mine.Mu, Sigma: mine.Sigma}, {Mu: puzzle.Mu, Sigma: puzzle.Sigma}}, ranks)
	if err != nil {
		return nil, fmt.Errorf("puzzle: rating %s against %s: %w", player, puzzle.Puzzle, err)
	}
	mine.Mu, mine.Sigma, mine.Attempts = after[0].Mu, after[0].Sigma, mine.Attempts+1
	out := &rated{Player: after[0], Puzzle: after[1], mine: &mine}
	if IsGuest(player) {
		out.Puzzle = rating.Rating{Mu: puzzle.Mu, Sigma: puzzle.Sigma}
	} else {
		out.puzzle = &store.PuzzleRating{Puzzle: puzzle.Puzzle, Mu: after[1].Mu, Sigma: after[1].Sigma, Attempts: puzzle.Attempts + 1}
	}
	return out, nil
}

// nearest picks a puzzle of a rated mode for the player: of the n puzzles,
// puzzle i named id(i) (stored as mode/id(i)) and rated initial(i) until
// an attempt moved its rating, the one whose rating's mean is nearest the
// player's (see Service.playerMu), skipping those the player attempted
// and those named in the query's "skip" (comma-separated) unless that
// leaves none. It returns the puzzle's index and rating.
func (s *Service) nearest(ctx context.Context, q url.Values, player, mode string, n int, id func(int) string, initial func(int) rating.Rating) (int, store.PuzzleRating, error) {
	mu, err := s.playerMu(ctx, q, player, mode)
	if err != nil {
		return 0, store.PuzzleRating{}, err
	}
	skip := map[string]bool{}
	for _, f := range strings.Split(q.Get("skip"), ",") {
		if f = strings.TrimSpace(f); f != "" {
			skip[f] = true
		}
	}
	done, err := s.Store.PlayerPuzzleAttempts(ctx, player, mode+"/", 10*n)
	if err != nil {
		return 0, store.PuzzleRating{}, err
	}
	for _, a := range done {
		skip[strings.TrimPrefix(a.Puzzle, mode+"/")] = true
	}
	skipped := 0
	for i := range n {
		if skip[id(i)] {
			skipped++
		}
	}
	stored, err := s.Store.PuzzleRatings(ctx, mode+"/")
	if err != nil {
		return 0, store.PuzzleRating{}, err
	}
	pick, best := -1, -1.0
	var pr store.PuzzleRating
	for i := range n {
		if skip[id(i)] && skipped < n {
			continue
		}
		key := mode + "/" + id(i)
		r, ok := stored[key]
		if !ok {
			in := initial(i)
			r = store.PuzzleRating{Puzzle: key, Mu: in.Mu, Sigma: in.Sigma}
		}
		if d := math.Abs(r.Mu - mu); pick < 0 || d < best {
			pick, best, pr = i, d, r
		}
	}
	if pick < 0 {
		return 0, store.PuzzleRating{}, game.Errorf(game.CodeNotFound, "there are no %s puzzles", mode)
	}
	return pick, pr, nil
}
