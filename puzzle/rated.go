package puzzle

import (
	"context"
	"net/url"
	"strconv"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// ratedModes names each game's rated puzzle mode, in which a player's own
// rating moves: Out of Mine's ladder, Minerals' and TF22's practice.
var ratedModes = map[string]string{"outofmine": "outofmine/ladder", "minerals": "minerals/practice", "tf22": "tf22/practice"}

// playerRating returns the stored rating of a signed-in player in a rated
// mode ("outofmine/ladder"), or the starting rating, named as it is
// stored.
func (s *Service) playerRating(ctx context.Context, player, mode string) (store.PuzzleRating, error) {
	key := "player/" + player + "/" + mode
	r, ok, err := s.Store.PuzzleRating(ctx, key)
	if err != nil || ok {
		return r, err
	}
	d := rating.Default()
	return store.PuzzleRating{Puzzle: key, Mu: d.Mu, Sigma: d.Sigma}, nil
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
