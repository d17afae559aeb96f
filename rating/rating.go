package rating

import (
	"fmt"
	"math"
)

// The default prior, the rating of a player who has not played yet.
const (
	// DefaultMu is the Mu of a new player, 25.
	DefaultMu = 25.0
	// DefaultSigma is the Sigma of a new player, 25/3, so that a new
	// player's Ordinal is 0.
	DefaultSigma = DefaultMu / 3
)

// Rating is a belief about a player's skill: a normal distribution with mean
// Mu and standard deviation Sigma. A valid rating has a finite Mu and a finite
// Sigma > 0; [Model.Rate] returns only valid ratings.
type Rating struct {
	Mu, Sigma float64
}

// Default returns the rating of a new player: Mu [DefaultMu] (25) and Sigma
// [DefaultSigma] (25/3).
func Default() Rating {
	return Rating{Mu: DefaultMu, Sigma: DefaultSigma}
}

// Ordinal returns Mu - 3 Sigma, the value to order a leaderboard by: the true
// skill is above it with probability 99.87%. It is 0 for a new player and
// rises as the games make Sigma shrink.
func (r Rating) Ordinal() float64 {
	return r.Mu - 3*r.Sigma
}

// String formats r as "25.000±8.333".
func (r Rating) String() string {
	return fmt.Sprintf("%.3f±%.3f", r.Mu, r.Sigma)
}

// check returns an error wrapping [ErrInvalidRating], which names the
// rating by calling who (if who is not nil), if r is not valid; nil if it is.
func (r Rating) check(who func() string) error {
	badMu := math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0)
	badSigma := !(r.Sigma > 0) || math.IsInf(r.Sigma, 0)
	switch {
	case !badMu && !badSigma:
		return nil
	case who == nil:
		return ErrInvalidRating
	case badMu:
		return fmt.Errorf("%w: %s has Mu %v; want a finite Mu", ErrInvalidRating, who(), r.Mu)
	default:
		return fmt.Errorf("%w: %s has Sigma %v; want a finite Sigma > 0", ErrInvalidRating, who(), r.Sigma)
	}
}

// Scale maps ratings to display numbers: Target + Alpha*(Mu - Z*Sigma), the
// ordinal of openskill with its z, alpha and target options. Scale{Z: 3,
// Alpha: 1} is [Rating.Ordinal]; Scale{Z: 3, Alpha: 24, Target: 1500} shows a
// new player as 1500 and Ordinal steps of 1 as steps of 24. The zero Scale
// maps every rating to 0.
type Scale struct {
	Z, Alpha, Target float64
}

// Value returns r on the scale s: s.Target + s.Alpha*(r.Mu - s.Z*r.Sigma).
func (s Scale) Value(r Rating) float64 {
	return s.Target + s.Alpha*(r.Mu-s.Z*r.Sigma)
}
