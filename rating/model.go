package rating

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// The model's default parameters, those of openskill.
const (
	// DefaultBeta is the default [Model.Beta], half of [DefaultSigma].
	DefaultBeta = DefaultSigma / 2
	// DefaultKappa is the default [Model.Kappa].
	DefaultKappa = 0.0001
	// DefaultTau is the default [Model.Tau], a hundredth of [DefaultSigma].
	DefaultTau = DefaultSigma / 100
)

// The errors of the methods of [Model]. Each error they return wraps one of
// these (test with [errors.Is]) and says which argument is at fault and how.
var (
	// ErrTooFewPlayers means that a game had fewer than 2 players or teams.
	ErrTooFewPlayers = errors.New("rating: a game needs at least 2 players or teams")
	// ErrRanks means that there was not exactly one rank per player or team.
	ErrRanks = errors.New("rating: not one rank per player or team")
	// ErrEmptyTeam means that a team had no players.
	ErrEmptyTeam = errors.New("rating: empty team")
	// ErrInvalidRating means that a rating was not valid: a Mu not finite,
	// or a Sigma not finite or not > 0.
	ErrInvalidRating = errors.New("rating: invalid rating")
	// ErrInvalidModel means that a parameter of the [Model] was out of its
	// range.
	ErrInvalidModel = errors.New("rating: invalid model")
	// ErrOverflow means that valid arguments gave a result that is not a
	// valid rating or probability, because the arithmetic left the range of
	// float64: ratings or parameters beyond about 1e150 or a Sigma below
	// about 1e-150 without Tau, or a Gamma that returned NaN or infinity.
	// Ratings on the model's scale never come near.
	ErrOverflow = errors.New("rating: result out of float64 range")
)

// GammaFunc is the factor gamma_i of Weng and Lin's Algorithm 4 by which
// team i's share of the variance update is damped, given c (the square root
// of the sum of every team's variance plus Beta squared), k (the number of
// teams), and team i's summed Mu and summed Sigma squared. It should return
// a finite number >= 0: a negative one lets a game widen Sigma, and NaN or
// infinity makes the update fail with [ErrOverflow].
type GammaFunc func(c float64, k int, mu, sigmaSq float64) float64

// DefaultGamma is openskill's gamma: sqrt(sigmaSq) / c, the team's standard
// deviation relative to the game's overall spread.
func DefaultGamma(c float64, _ int, _, sigmaSq float64) float64 {
	return math.Sqrt(sigmaSq) / c
}

// Model holds the parameters of the rating update. Start from [DefaultModel]
// and change what needs changing; the zero Model is invalid (Beta 0). A Model
// is a value: its methods never change it and are safe for concurrent use
// (as long as Gamma is).
type Model struct {
	// Beta is the standard deviation of a player's performance in one game
	// around their skill: the larger, the more a game's result is down to
	// luck and the less one game moves a rating. Default [DefaultBeta]
	// (25/6); it must be finite and > 0.
	Beta float64
	// Kappa is the floor of the factor by which a game multiplies a
	// player's variance (Sigma² after Tau), so that no Sigma shrinks below
	// sqrt(Kappa) times its value in one game. Default [DefaultKappa]
	// (0.0001); 0 < Kappa <= 1.
	Kappa float64
	// Tau is the additive dynamics factor: before a game, each Sigma becomes
	// sqrt(Sigma² + Tau²), so that a rating keeps following a player whose
	// skill changes instead of freezing. Default [DefaultTau] (25/300); 0
	// turns it off; it must be finite and >= 0.
	Tau float64
	// LimitSigma, if set, keeps a game from raising any Sigma: a player's
	// Sigma after the game is at most their Sigma before it, whatever Tau
	// added (openskill's limitSigma option). Default false.
	LimitSigma bool
	// Gamma is the variance damping factor of Algorithm 4; nil means
	// [DefaultGamma].
	Gamma GammaFunc
}

// DefaultModel returns openskill's defaults: Beta 25/6, Kappa 0.0001, Tau
// 25/300, LimitSigma false and the default gamma.
func DefaultModel() Model {
	return Model{Beta: DefaultBeta, Kappa: DefaultKappa, Tau: DefaultTau}
}

// check returns an error wrapping [ErrInvalidModel] if a parameter of m is
// out of its range, nil if none is.
func (m Model) check() error {
	switch {
	case !(m.Beta > 0) || math.IsInf(m.Beta, 0):
		return fmt.Errorf("%w: Beta is %v; want a finite Beta > 0 (start from DefaultModel)", ErrInvalidModel, m.Beta)
	case !(m.Kappa > 0 && m.Kappa <= 1):
		return fmt.Errorf("%w: Kappa is %v; want 0 < Kappa <= 1", ErrInvalidModel, m.Kappa)
	case !(m.Tau >= 0) || math.IsInf(m.Tau, 0):
		return fmt.Errorf("%w: Tau is %v; want a finite Tau >= 0", ErrInvalidModel, m.Tau)
	}
	return nil
}

// Rate returns the ratings of players after a free-for-all game among them
// in which players[i] finished at rank ranks[i]. A lower rank is better and
// equal ranks are a tie; only the order of the ranks matters, so ranks
// {1, 2, 2, 4}, {1, 2, 2, 3} and {10, 20, 20, 90} mean the same. The result has
// one rating per player, in the order of players. Rate changes neither
// argument and keeps no reference to them.
//
// It returns an error, and no ratings, if there are fewer than 2 players
// ([ErrTooFewPlayers]), if len(ranks) != len(players) ([ErrRanks]), if a
// rating is not valid ([ErrInvalidRating]), if m is not ([ErrInvalidModel])
// or if a result would not be a valid rating ([ErrOverflow]).
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: got %s", ErrTooFewPlayers, count(len(players), "player"))
	}
	if len(ranks) != len(players) {
		return nil, fmt.Errorf("%w: got %s for %s", ErrRanks, count(len(ranks), "rank"), count(len(players), "player"))
	}
	for i, p := range players {
		if err := p.check(func() string { return "players[" + strconv.Itoa(i) + "]" }); err != nil {
			return nil, err
		}
	}
	teams := make([][]Rating, len(players))
	for i := range players {
		teams[i] = players[i : i+1 : i+1]
	}
	out := make([]Rating, len(players))
	m.update(teams, ranks, out)
	for i, r := range out {
		if r.check(nil) != nil {
			return nil, fmt.Errorf("%w: the update gives players[%d] Mu %v, Sigma %v", ErrOverflow, i, r.Mu, r.Sigma)
		}
	}
	return out, nil
}

// RateTeams returns the ratings of the players of teams after a game between
// the teams in which teams[i] finished at rank ranks[i], with ranks and ties
// as for [Model.Rate]. A team's performance is the sum of its players'; a
// team of one is a player of a free-for-all, so RateTeams with every team of
// one player rates as Rate does. The result has the shape of teams: one
// rating per player, team by team in the order of teams. RateTeams changes
// neither argument and keeps no reference to them.
//
// It returns an error, and no ratings, if there are fewer than 2 teams
// ([ErrTooFewPlayers]), if len(ranks) != len(teams) ([ErrRanks]), if a team
// is empty ([ErrEmptyTeam]), if a rating is not valid ([ErrInvalidRating]),
// if m is not ([ErrInvalidModel]) or if a result would not be a valid rating
// ([ErrOverflow]).
func (m Model) RateTeams(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, fmt.Errorf("%w: got %s", ErrTooFewPlayers, count(len(teams), "team"))
	}
	if len(ranks) != len(teams) {
		return nil, fmt.Errorf("%w: got %s for %s", ErrRanks, count(len(ranks), "rank"), count(len(teams), "team"))
	}
	n, err := checkTeams(teams)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, n)
	m.update(teams, ranks, out)
	res := make([][]Rating, len(teams))
	off := 0
	for i, t := range teams {
		res[i] = out[off : off+len(t) : off+len(t)]
		off += len(t)
		for j, r := range res[i] {
			if r.check(nil) != nil {
				return nil, fmt.Errorf("%w: the update gives teams[%d][%d] Mu %v, Sigma %v", ErrOverflow, i, j, r.Mu, r.Sigma)
			}
		}
	}
	return res, nil
}

// count returns "1 thing" or "n things".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// checkTeams returns the number of players in teams, or an error if a team
// is empty or a rating not valid.
func checkTeams(teams [][]Rating) (int, error) {
	n := 0
	for i, t := range teams {
		if len(t) == 0 {
			return 0, fmt.Errorf("%w: teams[%d] has no players", ErrEmptyTeam, i)
		}
		for j, p := range t {
			if err := p.check(func() string { return fmt.Sprintf("teams[%d][%d]", i, j) }); err != nil {
				return 0, err
			}
		}
		n += len(t)
	}
	return n, nil
}

// team is one team's part in an update.
type team struct {
	off     int // index of the team's first player in the flat output
	players []Rating
	rank    int
	mu      float64 // sum of the players' Mu
	sigmaSq float64 // sum of the players' Sigma², after Tau
	e       float64 // exp((mu - max mu) / c)
	sumQ    float64 // sum of e over the teams ranked no better than this one
	a       float64 // number of teams with this rank
}

// update writes into out the ratings after the game of teams (valid, at
// least 2) with ranks (one per team), player by player, team by team in the
// order of teams. It follows Algorithm 4 of Weng and Lin as openskill.js
// 5.0.1 implements it: the teams are taken in a stable order of rank, a tie
// shares the terms of its teams (a_q), Tau widens every Sigma first, and
// Kappa bounds the variance factor.
//
// One change to openskill: exp(mu_i / c) is computed as
// exp((mu_i - max mu) / c), which leaves every quotient e_i / sumQ_q the
// same but cannot overflow when Mu is far above c.
func (m Model) update(teams [][]Rating, ranks []int, out []Rating) {
	gamma := m.Gamma
	if gamma == nil {
		gamma = DefaultGamma
	}
	tauSq := m.Tau * m.Tau
	ts := make([]team, len(teams))
	off := 0
	for i, t := range teams {
		ts[i] = team{off: off, players: t, rank: ranks[i]}
		off += len(t)
	}
	slices.SortStableFunc(ts, func(a, b team) int { return cmp.Compare(a.rank, b.rank) })

	// c² is the sum of every team's variance plus Beta².
	betaSq := m.Beta * m.Beta
	cSq := 0.0
	maxMu := math.Inf(-1)
	for i := range ts {
		t := &ts[i]
		for _, p := range t.players {
			s := math.Sqrt(p.Sigma*p.Sigma + tauSq)
			t.mu += p.Mu
			t.sigmaSq += s * s
		}
		cSq += t.sigmaSq + betaSq
		maxMu = max(maxMu, t.mu)
	}
	c := math.Sqrt(cSq)
	for i := range ts {
		ts[i].e = math.Exp((ts[i].mu - maxMu) / c)
	}
	for q := range ts {
		for i := range ts {
			if ts[i].rank >= ts[q].rank {
				ts[q].sumQ += ts[i].e
			}
			if ts[i].rank == ts[q].rank {
				ts[q].a++
			}
		}
	}

	k := len(ts)
	for i := range ts {
		t := &ts[i]
		omega, delta := 0.0, 0.0
		for q := range ts {
			if ts[q].rank > t.rank {
				continue
			}
			quotient := t.e / ts[q].sumQ
			if q == i {
				omega += (1 - quotient) / ts[q].a
			} else {
				omega += -quotient / ts[q].a
			}
			delta += quotient * (1 - quotient) / ts[q].a
		}
		g := gamma(c, k, t.mu, t.sigmaSq)
		teamOmega := omega * (t.sigmaSq / c)
		teamDelta := delta * (t.sigmaSq / (c * c)) * g
		for j, p := range t.players {
			s := math.Sqrt(p.Sigma*p.Sigma + tauSq)
			share := s * s / t.sigmaSq
			r := Rating{
				Mu:    p.Mu + share*teamOmega,
				Sigma: s * math.Sqrt(max(1-share*teamDelta, m.Kappa)),
			}
			if m.LimitSigma {
				r.Sigma = min(r.Sigma, p.Sigma)
			}
			out[t.off+j] = r
		}
	}
}

// WinProbabilities returns, for each player, a probability that they win a
// free-for-all game among players, as openskill's predictWin computes it:
// the mean over the other players of the probability that the player's
// performance beats theirs, Phi((Mu_i - Mu_j) / sqrt(n Beta² + Sigma_i² +
// Sigma_j²)) for n players. The probabilities sum to 1 and order the players
// by their chances; for more than 2 players they are a measure of those
// chances, not the exact probability of finishing first. Tau plays no part.
// It changes neither argument.
//
// It returns an error, and no probabilities, if there are fewer than 2
// players ([ErrTooFewPlayers]), if a rating is not valid
// ([ErrInvalidRating]), if m is not ([ErrInvalidModel]) or if the arithmetic
// overflows ([ErrOverflow]).
func (m Model) WinProbabilities(players []Rating) ([]float64, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, fmt.Errorf("%w: got %s", ErrTooFewPlayers, count(len(players), "player"))
	}
	for i, p := range players {
		if err := p.check(func() string { return "players[" + strconv.Itoa(i) + "]" }); err != nil {
			return nil, err
		}
	}
	mu := make([]float64, len(players))
	sigmaSq := make([]float64, len(players))
	for i, p := range players {
		mu[i], sigmaSq[i] = p.Mu, p.Sigma*p.Sigma
	}
	return m.winProbabilities(mu, sigmaSq, "players")
}

// TeamWinProbabilities returns, for each team, the probability that it wins
// a game between teams, as [Model.WinProbabilities] does for players, with a
// team's Mu and Sigma² the sums of its players' and n the number of teams.
// It changes neither argument.
//
// It returns an error, and no probabilities, if there are fewer than 2 teams
// ([ErrTooFewPlayers]), if a team is empty ([ErrEmptyTeam]), if a rating is
// not valid ([ErrInvalidRating]), if m is not ([ErrInvalidModel]) or if the
// arithmetic overflows ([ErrOverflow]).
func (m Model) TeamWinProbabilities(teams [][]Rating) ([]float64, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, fmt.Errorf("%w: got %s", ErrTooFewPlayers, count(len(teams), "team"))
	}
	if _, err := checkTeams(teams); err != nil {
		return nil, err
	}
	mu := make([]float64, len(teams))
	sigmaSq := make([]float64, len(teams))
	for i, t := range teams {
		for _, p := range t {
			mu[i] += p.Mu
			sigmaSq[i] += p.Sigma * p.Sigma
		}
	}
	return m.winProbabilities(mu, sigmaSq, "teams")
}

// winProbabilities is predictWin over the teams' summed Mu and Sigma²; what
// names the teams in errors ("players" or "teams").
func (m Model) winProbabilities(mu, sigmaSq []float64, what string) ([]float64, error) {
	n := len(mu)
	nBetaSq := float64(n) * m.Beta * m.Beta
	wins := make([]float64, n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			p := phi((mu[i] - mu[j]) / math.Sqrt(nBetaSq+sigmaSq[i]+sigmaSq[j]))
			wins[i] += p
			wins[j] += 1 - p
		}
	}
	pairs := float64(n*(n-1)) / 2
	for i := range wins {
		wins[i] /= pairs
		if !(wins[i] >= 0 && wins[i] <= 1) {
			return nil, fmt.Errorf("%w: win probability %v for %s[%d]", ErrOverflow, wins[i], what, i)
		}
	}
	return wins, nil
}

// phi is the standard normal cumulative distribution function.
func phi(x float64) float64 {
	return 0.5 * (1 + math.Erf(x/math.Sqrt2))
}
