package ai

import "math"

// WinChances appends to dst each player's chance of winning when the
// players' strengths stand as exp(strength/scale) (a logistic choice among
// them, as Bradley–Terry's between two): 1/Σq exp((strength[q]−strength[p])/scale).
// The chances sum to 1; at two players each is the logistic curve of the
// player's lead, 1/(1+exp(−lead/scale)). A search that backs up one value
// per player can use them as leaf values at any player count: what the
// leader loses, every other player gains in proportion to its chance,
// where a lead over the best other would reward only the runner-up.
// scale must be positive.
func WinChances(dst []float64, strength []float64, scale float64) []float64 {
	for p := range strength {
		sum := 0.0
		for q := range strength {
			sum += math.Exp((strength[q] - strength[p]) / scale)
		}
		dst = append(dst, 1/sum)
	}
	return dst
}
