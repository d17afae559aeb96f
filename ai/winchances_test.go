package ai

import (
	"math"
	"testing"
)

func TestWinChances(t *testing.T) {
	tests := []struct {
		name     string
		strength []float64
		scale    float64
		want     []float64
	}{
		{"two: the logistic of the lead", []float64{5, 2}, 3, []float64{1 / (1 + math.Exp(-1)), 1 / (1 + math.Exp(1))}},
		{"equals share alike", []float64{4, 4, 4, 4}, 2, []float64{0.25, 0.25, 0.25, 0.25}},
		{"three", []float64{0, math.Log(2), math.Log(4)}, 1, []float64{1.0 / 7, 2.0 / 7, 4.0 / 7}},
		{"far apart, no overflow", []float64{0, 5000}, 1, []float64{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WinChances(nil, tt.strength, tt.scale)
			sum := 0.0
			for i := range got {
				sum += got[i]
				if math.Abs(got[i]-tt.want[i]) > 1e-12 {
					t.Errorf("chance of player %d: got %.15f; want %.15f", i, got[i], tt.want[i])
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("chances sum to %.15f; want 1", sum)
			}
		})
	}
}

// Taking from the leader raises every other player's chance, not only the
// runner-up's: the property that a lead over the best other lacks.
func TestWinChancesTakingFromTheLeaderHelpsEveryOther(t *testing.T) {
	before := WinChances(nil, []float64{10, 8, 6, 4, 2}, 3)
	after := WinChances(nil, []float64{7, 8, 6, 4, 2}, 3)
	for p := 1; p < 5; p++ {
		if after[p] <= before[p] {
			t.Errorf("player %d's chance %.4f after the leader lost 3; before %.4f: want higher", p, after[p], before[p])
		}
	}
}
