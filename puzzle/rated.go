package puzzle

import (
	"context"
	"math"
	"net/url"
	"strconv"
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

// playerRating returns the stored rating of a signed-in player in a rated
// mode ("outofmine/ladder"), or the starting rating, named as it is
// stored.
func (s *Service) playerRating(ctx context.Context, player, mode string) (store.PuzzleRating, error) {
	return s.storedRating(ctx, "player/"+player+"/"+mode, rating.Default())
}

// playerMu is the rating mean a rated mode picks a puzzle for: a signed-in
// player's stored one, else a guest's query "mu" (their browser keeps it),
// default [rating.DefaultMu].
func (s *Service) playerMu(ctx context.Context, q url.Values, player, mode string) (float64, error) {
	if player != "" {
		r, err := s.playerRating(ctx, player, mode)
		return r.Mu, err
	}
	m := q.Get("mu")
	if m == "" {
		return rating.DefaultMu, nil
	}
	v, err := strconv.ParseFloat(m, 64)
	if err != nil || v != v || v < -1000 || v > 1000 {
		return 0, game.Errorf(game.CodeInvalid, "mu %q is not a rating's mean", m)
	}
	return v, nil
}

// Bounds of a rating a guest's browser sends: far beyond any a player
// reaches, near enough that the model's arithmetic stays finite.
const (
	maxSubmittedMu    = 1000
	maxSubmittedSigma = 1000
)

// checkSubmittedRating refuses a rating a guest's browser sent that no
// player can have: not a number, infinite, absurdly large (1e308), or a
// sigma not above 0.
func checkSubmittedRating(r rating.Rating) error {
	if !(r.Mu >= -maxSubmittedMu && r.Mu <= maxSubmittedMu) || !(r.Sigma > 0 && r.Sigma <= maxSubmittedSigma) {
		return game.Errorf(game.CodeInvalid, "the rating sent (mu %g, sigma %g) is not a player's: mu must be within ±%d and sigma above 0 and at most %d",
			r.Mu, r.Sigma, maxSubmittedMu, maxSubmittedSigma)
	}
	return nil
}

// rated is the outcome of a rated attempt: the player's and the puzzle's
// ratings after it, the puzzle's to store and, for a signed-in player,
// theirs to store with the attempt.
type rated struct {
	Player, Puzzle rating.Rating
	puzzle, mine   *store.PuzzleRating
}

// rate rates an attempt at puzzle (its rating now) in a rated mode: a win
// against the puzzle when solved, a loss otherwise. The player's rating
// before it is the server's for a signed-in player; a guest's is the one
// their submission brings (their browser keeps it), the default when it
// brings none.
func (s *Service) rate(ctx context.Context, player, mode string, submitted *rating.Rating, puzzle store.PuzzleRating, solved bool) (*rated, error) {
	me := rating.Default()
	if submitted != nil {
		if err := checkSubmittedRating(*submitted); err != nil {
			return nil, err
		}
		me = *submitted
	}
	var mine *store.PuzzleRating
	if player != "" {
		r, err := s.playerRating(ctx, player, mode)
		if err != nil {
			return nil, err
		}
		me, mine = rating.Rating{Mu: r.Mu, Sigma: r.Sigma}, &r
	}
	ranks := []int{2, 1}
	if solved {
		ranks = []int{1, 2}
	}
	after, err := rating.DefaultModel().Rate([]rating.Rating{me, {Mu: puzzle.Mu, Sigma: puzzle.Sigma}}, ranks)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "the player's rating: %v", err)
	}
	out := &rated{Player: after[0], Puzzle: after[1],
		puzzle: &store.PuzzleRating{Puzzle: puzzle.Puzzle, Mu: after[1].Mu, Sigma: after[1].Sigma, Attempts: puzzle.Attempts + 1}}
	if mine != nil {
		mine.Mu, mine.Sigma, mine.Attempts = after[0].Mu, after[0].Sigma, mine.Attempts+1
		out.mine = mine
	}
	return out, nil
}

// nearest picks a puzzle of a rated mode for the player: of the n puzzles,
// puzzle i named id(i) (stored as mode/id(i)) and rated initial(i) until
// an attempt moved its rating, the one whose rating's mean is nearest the
// player's (see Service.playerMu), skipping those named in the query's
// "skip" (comma-separated, the ones the player did lately) unless every
// one is. It returns the puzzle's index and rating.
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
	stored, err := s.Store.PuzzleRatings(ctx, mode+"/")
	if err != nil {
		return 0, store.PuzzleRating{}, err
	}
	pick, best := -1, -1.0
	var pr store.PuzzleRating
	for i := range n {
		if skip[id(i)] && len(skip) < n {
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
