package sim

import (
	"fmt"
	"testing"
)

func TestFinalRanks(t *testing.T) {
	for _, tt := range []struct {
		name            string
		scores, returns []float64
		want            []int
	}{
		{"by score after the winner", []float64{7, 48, 12, 30}, []float64{0, 1, 0, 0}, []int{4, 1, 3, 2}},
		{"the tie-break's winner first", []float64{20, 20, 5}, []float64{0, 1, 0}, []int{2, 1, 3}},
		{"a shared win", []float64{9, 9, 3}, []float64{0.5, 0.5, 0}, []int{1, 1, 3}},
		{"level losers", []float64{10, 4, 4}, []float64{1, 0, 0}, []int{1, 2, 2}},
		{"a win on a lower score (TF22's goal)", []float64{3, 8, 5}, []float64{1, 0, 0}, []int{1, 2, 3}},
		{"two players", []float64{1, 0}, []float64{1, 0}, []int{1, 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := FinalRanks(tt.scores, tt.returns); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("FinalRanks(%v, %v) = %v; want %v", tt.scores, tt.returns, got, tt.want)
			}
		})
	}
}
