package tournament

import (
	"slices"
	"testing"
)

func TestPoints(t *testing.T) {
	tests := []struct {
		name  string
		ranks []int
		swiss []float64
		arena []int
	}{
		{"win", []int{1, 2}, []float64{1, 0}, []int{2, 0}},
		{"loss", []int{2, 1}, []float64{0, 1}, []int{0, 2}},
		{"draw", []int{1, 1}, []float64{0.5, 0.5}, []int{1, 1}},
		{"three players", []int{2, 3, 1}, []float64{0.5, 0, 1}, []int{1, 0, 2}},
		{"three tied for first", []int{1, 1, 1}, []float64{0.5, 0.5, 0.5}, []int{1, 1, 1}},
		{"two tied for first of three", []int{1, 1, 3}, []float64{0.75, 0.75, 0}, []int{2, 2, 0}},
		{"four players", []int{1, 2, 3, 4}, []float64{1, 2.0 / 3, 1.0 / 3, 0}, []int{2, 1, 1, 0}},
		{"four, two tied second", []int{4, 2, 1, 2}, []float64{0, 0.5, 1, 0.5}, []int{0, 1, 2, 1}},
		{"four, two tied last", []int{1, 2, 3, 3}, []float64{1, 2.0 / 3, 1.0 / 6, 1.0 / 6}, []int{2, 1, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SwissPoints(tt.ranks)
			for i := range got {
				if !approx(got[i], tt.swiss[i]) {
					t.Fatalf("SwissPoints(%v) = %v; want %v", tt.ranks, got, tt.swiss)
				}
			}
			if got := ArenaPoints(tt.ranks); !slices.Equal(got, tt.arena) {
				t.Errorf("ArenaPoints(%v) = %v; want %v", tt.ranks, got, tt.arena)
			}
		})
	}
}

func TestRecommendedRounds(t *testing.T) {
	tests := []struct{ n, size, want int }{
		{2, 2, 1},
		{3, 2, 3},
		{4, 2, 3},
		{8, 2, 4},
		{9, 0, 5},
		{64, 2, 7},
		{1000, 2, 11},
		{16, 4, 3},
		{17, 4, 4},
	}
	for _, tt := range tests {
		if got := RecommendedRounds(tt.n, tt.size); got != tt.want {
			t.Errorf("RecommendedRounds(%d, %d) = %d; want %d", tt.n, tt.size, got, tt.want)
		}
	}
}
