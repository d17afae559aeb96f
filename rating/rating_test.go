package rating

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestDefaults(t *testing.T) {
	m := DefaultModel()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Default().Mu", Default().Mu, 25},
		{"Default().Sigma", Default().Sigma, 25.0 / 3},
		{"Beta", m.Beta, 25.0 / 6},
		{"Kappa", m.Kappa, 0.0001},
		{"Tau", m.Tau, 25.0 / 300},
		{"Default().Ordinal()", Default().Ordinal(), 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("got %.17g; want %.17g", c.got, c.want)
			}
		})
	}
	if m.LimitSigma || m.Gamma != nil {
		t.Errorf("DefaultModel(): got LimitSigma %v, Gamma set %v; want false, false", m.LimitSigma, m.Gamma != nil)
	}
}

func TestErrors(t *testing.T) {
	d := Default()
	bad := func(f func(*Model)) Model {
		m := DefaultModel()
		f(&m)
		return m
	}
	for _, c := range []struct {
		name    string
		model   Model
		players []Rating
		ranks   []int
		want    error
		msg     string // a part of the message
	}{
		{"no players", DefaultModel(), nil, nil, ErrTooFewPlayers, "got 0 players"},
		{"one player", DefaultModel(), []Rating{d}, []int{1}, ErrTooFewPlayers, "got 1 player"},
		{"too few ranks", DefaultModel(), []Rating{d, d, d}, []int{1, 2}, ErrRanks, "got 2 ranks for 3 players"},
		{"too many ranks", DefaultModel(), []Rating{d, d}, []int{1, 2, 3}, ErrRanks, "got 3 ranks for 2 players"},
		{"nil ranks", DefaultModel(), []Rating{d, d}, nil, ErrRanks, "got 0 ranks for 2 players"},
		{"NaN sigma", DefaultModel(), []Rating{d, {25, math.NaN()}}, []int{1, 2}, ErrInvalidRating, "players[1] has Sigma NaN"},
		{"negative sigma", DefaultModel(), []Rating{{25, -1}, d}, []int{1, 2}, ErrInvalidRating, "players[0] has Sigma -1"},
		{"zero sigma", DefaultModel(), []Rating{d, d, {25, 0}}, []int{1, 2, 3}, ErrInvalidRating, "players[2] has Sigma 0"},
		{"infinite sigma", DefaultModel(), []Rating{d, {25, math.Inf(1)}}, []int{1, 2}, ErrInvalidRating, "players[1] has Sigma +Inf"},
		{"NaN mu", DefaultModel(), []Rating{{math.NaN(), 3}, d}, []int{1, 2}, ErrInvalidRating, "players[0] has Mu NaN"},
		{"infinite mu", DefaultModel(), []Rating{d, {math.Inf(-1), 3}}, []int{1, 2}, ErrInvalidRating, "players[1] has Mu -Inf"},
		{"zero model", Model{}, []Rating{d, d}, []int{1, 2}, ErrInvalidModel, "Beta is 0"},
		{"NaN beta", bad(func(m *Model) { m.Beta = math.NaN() }), []Rating{d, d}, []int{1, 2}, ErrInvalidModel, "Beta is NaN"},
		{"zero kappa", bad(func(m *Model) { m.Kappa = 0 }), []Rating{d, d}, []int{1, 2}, ErrInvalidModel, "Kappa is 0"},
		{"kappa above 1", bad(func(m *Model) { m.Kappa = 1.5 }), []Rating{d, d}, []int{1, 2}, ErrInvalidModel, "Kappa is 1.5"},
		{"negative tau", bad(func(m *Model) { m.Tau = -0.1 }), []Rating{d, d}, []int{1, 2}, ErrInvalidModel, "Tau is -0.1"},
		{"infinite tau", bad(func(m *Model) { m.Tau = math.Inf(1) }), []Rating{d, d}, []int{1, 2}, ErrInvalidModel, "Tau is +Inf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.model.Rate(c.players, c.ranks)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("Rate: got %v; want an error wrapping %q that says %q", err, c.want, c.msg)
			}
			if got != nil {
				t.Errorf("Rate: got ratings %v with the error; want none", got)
			}
			if c.want != ErrRanks {
				_, err := c.model.WinProbabilities(c.players)
				if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
					t.Errorf("WinProbabilities: got %v; want an error wrapping %q that says %q", err, c.want, c.msg)
				}
			}
		})
	}
}

func TestTeamErrors(t *testing.T) {
	d := Default()
	for _, c := range []struct {
		name  string
		teams [][]Rating
		ranks []int
		want  error
		msg   string
	}{
		{"one team", [][]Rating{{d, d}}, []int{1}, ErrTooFewPlayers, "got 1 team"},
		{"ranks", [][]Rating{{d}, {d, d}}, []int{1}, ErrRanks, "got 1 rank for 2 teams"},
		{"empty team", [][]Rating{{d}, {}, {d}}, []int{1, 2, 3}, ErrEmptyTeam, "teams[1] has no players"},
		{"bad sigma", [][]Rating{{d}, {d, {20, -2}}}, []int{1, 2}, ErrInvalidRating, "teams[1][1] has Sigma -2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := DefaultModel().RateTeams(c.teams, c.ranks)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("RateTeams: got %v; want an error wrapping %q that says %q", err, c.want, c.msg)
			}
			if got != nil {
				t.Errorf("RateTeams: got ratings %v with the error; want none", got)
			}
			if len(c.ranks) == len(c.teams) {
				_, err := DefaultModel().TeamWinProbabilities(c.teams)
				if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
					t.Errorf("TeamWinProbabilities: got %v; want an error wrapping %q that says %q", err, c.want, c.msg)
				}
			}
		})
	}
}

// TestErrorMessage pins one whole message, to keep them readable.
func TestErrorMessage(t *testing.T) {
	_, err := DefaultModel().Rate([]Rating{Default(), {25, math.NaN()}}, []int{1, 2})
	want := "rating: invalid rating: players[1] has Sigma NaN; want a finite Sigma > 0"
	if err == nil || err.Error() != want {
		t.Errorf("got %v; want %s", err, want)
	}
}

var varied = []Rating{{27.3, 2.2}, {21.4, 5.5}, {33.9, 1.9}, {25, 25.0 / 3}, {16.6, 4.1}}

func TestRateDoesNotChangeArguments(t *testing.T) {
	players := slices.Clone(varied)
	ranks := []int{4, 2, 1, 5, 3}
	got, err := DefaultModel().Rate(players, ranks)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(players, varied) || !slices.Equal(ranks, []int{4, 2, 1, 5, 3}) {
		t.Errorf("after Rate: got players %v, ranks %v; want them unchanged", players, ranks)
	}
	got[0].Mu = 0
	if players[0] != varied[0] {
		t.Errorf("the result shares memory with the players")
	}

	teams := [][]Rating{slices.Clone(varied[:2]), slices.Clone(varied[2:])}
	res, err := DefaultModel().RateTeams(teams, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(teams[0], varied[:2]) || !slices.Equal(teams[1], varied[2:]) {
		t.Errorf("after RateTeams: got teams %v; want them unchanged", teams)
	}
	res[0] = append(res[0], Rating{})
	if res[1][0] == (Rating{}) {
		t.Errorf("appending to one team of the result overwrote the next")
	}
}

// TestRateIsRateTeamsOfOne checks that a free-for-all is a game between
// teams of one, to the bit.
func TestRateIsRateTeamsOfOne(t *testing.T) {
	ranks := []int{3, 1, 3, 2, 5}
	got, err := DefaultModel().Rate(varied, ranks)
	if err != nil {
		t.Fatal(err)
	}
	teams := make([][]Rating, len(varied))
	for i, p := range varied {
		teams[i] = []Rating{p}
	}
	want, err := DefaultModel().RateTeams(teams, ranks)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != want[i][0] {
			t.Errorf("players[%d]: got %v; want %v", i, got[i], want[i][0])
		}
	}
}

func TestRateProperties(t *testing.T) {
	m := DefaultModel()
	d := Default()
	for _, c := range []struct {
		name    string
		model   Model
		players []Rating
		ranks   []int
		check   func(t *testing.T, before, after []Rating)
	}{
		{"winner gains what the loser loses", m, []Rating{d, d}, []int{1, 2}, func(t *testing.T, _, after []Rating) {
			if !(after[0].Mu > 25 && after[1].Mu < 25) || math.Abs((after[0].Mu-25)-(25-after[1].Mu)) > 1e-12 {
				t.Errorf("got %v; want the winner up and the loser down by as much", after)
			}
		}},
		{"a draw between equals moves no mu", m, []Rating{d, d, d}, []int{1, 1, 1}, func(t *testing.T, _, after []Rating) {
			for i, r := range after {
				if math.Abs(r.Mu-25) > 1e-12 {
					t.Errorf("players[%d]: got Mu %.17g; want 25", i, r.Mu)
				}
			}
		}},
		{"tied players end equal", m, []Rating{d, d, d, d}, []int{2, 1, 2, 4}, func(t *testing.T, _, after []Rating) {
			if after[0] != after[2] {
				t.Errorf("got %v and %v for the tied players; want them equal", after[0], after[2])
			}
		}},
		{"mu follows the rank order", m, []Rating{d, d, d, d, d}, []int{3, 5, 1, 4, 2}, func(t *testing.T, _, after []Rating) {
			order := []int{2, 4, 0, 3, 1}
			for i := 1; i < len(order); i++ {
				if !(after[order[i-1]].Mu > after[order[i]].Mu) {
					t.Errorf("got %v; want Mu falling from rank 1 to 5", after)
				}
			}
		}},
		{"sigma shrinks without tau", Model{Beta: DefaultBeta, Kappa: DefaultKappa}, varied, []int{4, 2, 1, 5, 3}, func(t *testing.T, before, after []Rating) {
			for i := range after {
				if !(after[i].Sigma < before[i].Sigma) {
					t.Errorf("players[%d]: got Sigma %.17g; want below %.17g", i, after[i].Sigma, before[i].Sigma)
				}
			}
		}},
		{"limitSigma keeps sigma", Model{Beta: DefaultBeta, Kappa: DefaultKappa, Tau: 1, LimitSigma: true}, []Rating{{25, 0.3}, {24, 0.2}, {26, 0.5}}, []int{1, 1, 3}, func(t *testing.T, before, after []Rating) {
			for i := range after {
				if after[i].Sigma > before[i].Sigma {
					t.Errorf("players[%d]: got Sigma %.17g; want at most %.17g", i, after[i].Sigma, before[i].Sigma)
				}
			}
		}},
		{"kappa bounds the shrink", Model{Beta: DefaultBeta, Kappa: 0.99}, []Rating{d, d}, []int{1, 2}, func(t *testing.T, _, after []Rating) {
			want := math.Sqrt(0.99) * DefaultSigma
			for i, r := range after {
				if math.Abs(r.Sigma-want) > 1e-12 {
					t.Errorf("players[%d]: got Sigma %.17g; want %.17g", i, r.Sigma, want)
				}
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			after, err := c.model.Rate(c.players, c.ranks)
			if err != nil {
				t.Fatal(err)
			}
			c.check(t, c.players, after)
		})
	}
}

// TestRankValues checks that only the order of the ranks counts, not their
// values, and that the players' order does not count either.
func TestRankValues(t *testing.T) {
	m := DefaultModel()
	want, err := m.Rate(varied, []int{1, 2, 2, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		ranks []int
	}{
		{"dense", []int{1, 2, 2, 3, 4}},
		{"sparse", []int{10, 20, 20, 90, 91}},
		{"negative", []int{-5, 0, 0, 7, 8}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := m.Rate(varied, c.ranks)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("ranks %v: got %v; want %v (as for 1 2 2 4 5)", c.ranks, got, want)
			}
		})
	}
	t.Run("players permuted", func(t *testing.T) {
		perm := []int{3, 0, 4, 2, 1}
		players := make([]Rating, len(perm))
		ranks := make([]int, len(perm))
		for i, p := range perm {
			players[i], ranks[i] = varied[p], []int{1, 2, 2, 4, 5}[p]
		}
		got, err := m.Rate(players, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range perm {
			if math.Abs(got[i].Mu-want[p].Mu) > 1e-12 || math.Abs(got[i].Sigma-want[p].Sigma) > 1e-12 {
				t.Errorf("players[%d] (was %d): got %v; want %v", i, p, got[i], want[p])
			}
		}
	})
}

// TestLargeMu checks that Mu far above c neither overflows nor changes the
// update, which depends on Mu differences only.
func TestLargeMu(t *testing.T) {
	m := DefaultModel()
	ranks := []int{4, 2, 1, 5, 3}
	want, err := m.Rate(varied, ranks)
	if err != nil {
		t.Fatal(err)
	}
	for _, shift := range []float64{1e4, -1e4, 1e6} {
		players := slices.Clone(varied)
		for i := range players {
			players[i].Mu += shift
		}
		got, err := m.Rate(players, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			// Tolerance: the shift costs the Mu's low bits (1e6 has an ulp of 1e-10).
			if math.Abs(got[i].Mu-shift-want[i].Mu) > 1e-9 || math.Abs(got[i].Sigma-want[i].Sigma) > 1e-9 {
				t.Errorf("shift %g, players[%d]: got %v; want %v shifted", shift, i, got[i], want[i])
			}
		}
	}
}

func TestWinProbabilities(t *testing.T) {
	m := DefaultModel()
	for _, c := range []struct {
		name    string
		players []Rating
	}{
		{"2 equal", []Rating{Default(), Default()}},
		{"5 varied", varied},
		{"far apart", []Rating{{1000, 1}, {0, 1}, {500, 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := m.WinProbabilities(c.players)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for i := range p {
				sum += p[i]
				if p[i] < 0 || p[i] > 1 {
					t.Errorf("players[%d]: got %v; want a probability", i, p[i])
				}
				for j := range p {
					if c.players[i].Mu > c.players[j].Mu && c.players[i].Sigma == c.players[j].Sigma && !(p[i] > p[j]) {
						t.Errorf("got %v for players[%d] and %v for players[%d]; want the higher Mu likelier to win", p[i], i, p[j], j)
					}
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("got probabilities summing to %.17g; want 1", sum)
			}
		})
	}
}

func TestScale(t *testing.T) {
	r := Rating{Mu: 31.7, Sigma: 1.2}
	for _, c := range []struct {
		name  string
		scale Scale
		want  float64
	}{
		{"ordinal", Scale{Z: 3, Alpha: 1}, r.Ordinal()},
		{"display", Scale{Z: 3, Alpha: 24, Target: 1500}, 1500 + 24*(31.7-3.6)},
		{"mean", Scale{Alpha: 1}, 31.7},
		{"zero", Scale{}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.scale.Value(r); math.Abs(got-c.want) > 1e-12 {
				t.Errorf("got %.17g; want %.17g", got, c.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	if got, want := Default().String(), "25.000±8.333"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

func BenchmarkRate5(b *testing.B) {
	m := DefaultModel()
	ranks := []int{4, 2, 1, 5, 3}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Rate(varied, ranks); err != nil {
			b.Fatal(err)
		}
	}
}

func TestOverflow(t *testing.T) {
	noTau := Model{Beta: DefaultBeta, Kappa: DefaultKappa}
	nanGamma := DefaultModel()
	nanGamma.Gamma = func(float64, int, float64, float64) float64 { return math.NaN() }
	huge := Rating{Mu: 1e308, Sigma: 1}
	for _, c := range []struct {
		name string
		call func() error
		msg  string
	}{
		{"tiny sigma without tau", func() error {
			_, err := noTau.Rate([]Rating{{25, 1e-170}, {25, 1e-170}}, []int{1, 2})
			return err
		}, "players[0] Mu NaN"},
		{"NaN gamma", func() error {
			_, err := nanGamma.Rate([]Rating{Default(), Default()}, []int{1, 2})
			return err
		}, "players[0] Mu 27.635389493140497, Sigma NaN"},
		{"team mu beyond float64", func() error {
			_, err := DefaultModel().RateTeams([][]Rating{{huge, huge}, {huge}}, []int{1, 2})
			return err
		}, "teams[0][0] Mu NaN"},
		{"team win probabilities", func() error {
			_, err := DefaultModel().TeamWinProbabilities([][]Rating{{huge, huge}, {huge, huge}})
			return err
		}, "win probability NaN for teams[0]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			if !errors.Is(err, ErrOverflow) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v; want an error wrapping %q that says %q", err, ErrOverflow, c.msg)
			}
		})
	}
}
