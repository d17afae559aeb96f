package sim

import (
	"math"
	"slices"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The expected intervals were computed by hand with z = 1.96:
// center = (p + z²/2n) / (1 + z²/n), half = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n).
func TestWilson(t *testing.T) {
	tests := []struct {
		name      string
		wins      float64
		n         int
		rate      float64
		low, high float64
	}{
		{"7 of 10", 7, 10, 0.7, 0.3968, 0.8922},
		{"0 of 10", 0, 10, 0, 0, 0.2775},
		{"10 of 10", 10, 10, 1, 0.7225, 1},
		{"shared 2.5 of 5", 2.5, 5, 0.5, 0.1704, 0.8296},
		{"50 of 100", 50, 100, 0.5, 0.4038, 0.5962},
		{"no games", 0, 0, 0, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Wilson(tt.wins, tt.n)
			if !near(r.Rate, tt.rate, 1e-12) || !near(r.Low, tt.low, 1e-4) || !near(r.High, tt.high, 1e-4) {
				t.Fatalf("got %.4f [%.4f, %.4f]; want %.4f [%.4f, %.4f]", r.Rate, r.Low, r.High, tt.rate, tt.low, tt.high)
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		want Dist
	}{
		// mean 40/8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sd = sqrt(32/7).
		{"textbook", []float64{2, 4, 4, 4, 5, 5, 7, 9}, Dist{N: 8, Mean: 5, SD: 2.138090, Min: 2, Max: 9}},
		{"one value", []float64{-3}, Dist{N: 1, Mean: -3, Min: -3, Max: -3}},
		{"empty", nil, Dist{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Describe(tt.xs)
			if got.N != tt.want.N || !near(got.Mean, tt.want.Mean, 1e-9) || !near(got.SD, tt.want.SD, 1e-6) || got.Min != tt.want.Min || got.Max != tt.want.Max {
				t.Fatalf("got %+v; want %+v", got, tt.want)
			}
		})
	}
}

func TestPoolMatchesDescribeOfUnion(t *testing.T) {
	a, b := []float64{1, 2, 3, 10}, []float64{4, 4, 7}
	got, want := pool(Describe(a), Describe(b)), Describe(append(slices.Clone(a), b...))
	if got.N != want.N || !near(got.Mean, want.Mean, 1e-12) || !near(got.SD, want.SD, 1e-12) || got.Min != want.Min || got.Max != want.Max {
		t.Fatalf("got %+v; want %+v", got, want)
	}
}

func TestHistogram(t *testing.T) {
	t.Run("OK whole numbers", func(t *testing.T) {
		edges := Bins([]float64{1, 2, 2}, []float64{5})
		if want := []float64{1, 2, 3, 4, 5, 6}; !slices.Equal(edges, want) {
			t.Fatalf("edges %v; want %v", edges, want)
		}
		h := Count([]float64{1, 2, 2, 5}, edges)
		if want := []int{1, 2, 0, 0, 1}; !slices.Equal(h.Counts, want) {
			t.Fatalf("counts %v; want %v", h.Counts, want)
		}
	})
	t.Run("OK fractions", func(t *testing.T) {
		edges := Bins([]float64{0, 0.25, 10})
		if len(edges) != maxBins+1 || edges[0] != 0 || edges[1] != 0.5 || edges[maxBins] != 10 {
			t.Fatalf("edges %v; want 21 edges 0, 0.5, …, 10", edges)
		}
		h := Count([]float64{0, 0.25, 0.5, 10, 11}, edges)
		if h.Counts[0] != 2 || h.Counts[1] != 1 || h.Counts[maxBins-1] != 1 {
			t.Fatalf("counts %v; want 2 in the first bin, 1 in the second and 10 in the last (11 is outside)", h.Counts)
		}
	})
	t.Run("OK wide whole bins", func(t *testing.T) {
		// 0 to 100 is 101 integers: bins of 6 whole numbers, 17 of them.
		edges := Bins([]float64{0, 37, 100})
		if len(edges) != 18 || edges[0] != 0 || edges[1] != 6 || edges[17] != 102 {
			t.Fatalf("edges %v; want 0, 6, …, 102", edges)
		}
		h := Count([]float64{0, 5, 6, 100}, edges)
		if h.Counts[0] != 2 || h.Counts[1] != 1 || h.Counts[16] != 1 || !h.Whole {
			t.Fatalf("histogram %+v; want 0 and 5 in 0–5, 6 in 6–11, 100 in 96–101, whole", h)
		}
		if got := binLabel(edges, 1, true); got != "6–11" {
			t.Errorf("label %q; want 6–11", got)
		}
		if got := binLabel([]float64{3, 4}, 0, true); got != "3" {
			t.Errorf("label %q; want 3", got)
		}
	})
	t.Run("OK nice widths for fractions", func(t *testing.T) {
		edges := Bins([]float64{0.3, 7.9})
		if len(edges) > maxBins+1 || edges[0] != 0 || edges[1] != 0.5 || edges[len(edges)-1] < 7.9 {
			t.Fatalf("edges %v; want steps of 0.5 from 0", edges)
		}
		if got := binLabel(edges, 1, false); got != "0.5–1" {
			t.Errorf("label %q; want 0.5–1", got)
		}
	})
	t.Run("OK one value", func(t *testing.T) {
		if edges := Bins([]float64{0.5, 0.5}); !slices.Equal(edges, []float64{0, 1}) {
			t.Fatalf("edges %v; want [0 1]", edges)
		}
	})
	t.Run("OK no values", func(t *testing.T) {
		if edges := Bins(nil); edges != nil {
			t.Fatalf("edges %v; want nil", edges)
		}
	})
}

// The critical values at 5% are the textbook ones: 3.841 (1 df), 5.991 (2),
// 7.815 (3), 9.488 (4).
func TestChiSquareSurvival(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		df   int
		want float64
	}{
		{3.841459, 1, 0.05}, {5.991465, 2, 0.05}, {7.814728, 3, 0.05}, {9.487729, 4, 0.05},
		{0, 3, 1}, {2, 2, math.Exp(-1)},
	} {
		if got := ChiSquareSurvival(tt.x, tt.df); !near(got, tt.want, 1e-6) {
			t.Errorf("ChiSquareSurvival(%g, %d) = %.7f; want %.7f", tt.x, tt.df, got, tt.want)
		}
	}
}

func TestChiSquareUniform(t *testing.T) {
	// 30 and 10 wins against 20 expected each: (100 + 100) / 20 = 10; with
	// 1 df, p = erfc(sqrt(5)) = 0.0015654.
	stat, p := ChiSquareUniform([]float64{30, 10})
	if !near(stat, 10, 1e-12) || !near(p, 0.0015654, 1e-7) {
		t.Fatalf("got %g, p %.7f; want 10, p 0.0015654", stat, p)
	}
	if stat, p := ChiSquareUniform([]float64{5, 5, 5}); stat != 0 || p != 1 {
		t.Fatalf("even counts: got %g, p %g; want 0, p 1", stat, p)
	}
}
