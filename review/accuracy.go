package review

import (
	"math"

	"minehall/ai"
)

// MoveAccuracy is the accuracy of one decision that lost loss on scale s,
// from 0 to 100, as Lichess computes it from a loss in winning chances:
// 103.1668·e^(−0.04354·L) − 3.1669, clamped to [0, 100], where L is the
// loss beyond the scale's Best margin in units of s.Unit (the loss worth
// one percentage point of winning chances). A decision marked best scores
// 100.
func MoveAccuracy(s ai.Scale, loss float64) float64 {
	l := (loss - s.Best) / s.Unit
	if l <= 0 {
		return 100
	}
	return max(0, min(100, 103.1668*math.Exp(-0.04354*l)-3.1669))
}

// meanAccuracy returns the mean of accs rounded to one decimal, or nil for
// none.
func meanAccuracy(accs []float64) *float64 {
	if len(accs) == 0 {
		return nil
	}
	sum := 0.0
	for _, a := range accs {
		sum += a
	}
	v := math.Round(10*sum/float64(len(accs))) / 10
	return &v
}
