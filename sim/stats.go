package sim

import (
	"math"
	"slices"
)

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054

// Rate is a proportion with its Wilson score 95% confidence interval.
type Rate struct {
	Wins  float64 `json:"wins"`  // shared wins count as fractions
	Games int     `json:"games"` // trials
	Rate  float64 `json:"rate"`  // Wins / Games, 0 with no games
	Low   float64 `json:"low"`   // lower bound of the 95% interval
	High  float64 `json:"high"`  // upper bound of the 95% interval
}

// Wilson returns the rate wins/n with its Wilson score interval at 95%
// confidence (z = 1.96). Wins may be fractional (a k-way shared win counts
// 1/k). With n = 0 the rate is 0 and the interval is [0, 1].
func Wilson(wins float64, n int) Rate {
	if n <= 0 {
		return Rate{Wins: wins, Low: 0, High: 1}
	}
	nf := float64(n)
	p := wins / nf
	z2 := z95 * z95
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(max(p*(1-p)/nf+z2/(4*nf*nf), 0)) / den
	return Rate{Wins: wins, Games: n, Rate: p, Low: max(center-half, 0), High: min(center+half, 1)}
}

// Dist describes a sample of numbers: its size, mean, sample standard
// deviation (n-1 in the denominator; 0 for fewer than two values), minimum
// and maximum.
type Dist struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
}

// Describe returns the distribution of xs, computed with Welford's method.
func Describe(xs []float64) Dist {
	d := Dist{N: len(xs)}
	if len(xs) == 0 {
		return d
	}
	d.Min, d.Max = xs[0], xs[0]
	var m2 float64
	for i, x := range xs {
		delta := x - d.Mean
		d.Mean += delta / float64(i+1)
		m2 += delta * (x - d.Mean)
		d.Min = min(d.Min, x)
		d.Max = max(d.Max, x)
	}
	if len(xs) > 1 {
		d.SD = math.Sqrt(m2 / float64(len(xs)-1))
	}
	return d
}

// Histogram counts values in bins: bin i holds the values v with
// Edges[i] <= v < Edges[i+1], the last bin also its upper edge. Whole says
// every value counted is a whole number and so are the edges: bin i then
// holds the integers Edges[i] to Edges[i+1]-1.
type Histogram struct {
	Edges  []float64 `json:"edges"`
	Counts []int     `json:"counts"`
	Whole  bool      `json:"whole"`
}

// maxBins bounds the number of bins of [Bins].
const maxBins = 20

// Bins returns bin edges that suit all the samples together, at most
// maxBins bins. When every value is a whole number the bins are whole
// numbers too: one per integer when the range spans at most maxBins
// integers, else the smallest whole width that needs at most maxBins bins,
// from the minimum. Otherwise the width is the smallest of 1, 2, 2.5 or 5
// times a power of ten that needs at most maxBins bins, from the minimum
// rounded down to a multiple of it. With no values it returns nil.
func Bins(samples ...[]float64) []float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, xs := range samples {
		for _, x := range xs {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	if math.IsInf(lo, 1) {
		return nil
	}
	if wholeNumbers(samples...) {
		width := math.Ceil((hi - lo + 1) / maxBins)
		edges := []float64{lo}
		for e := lo; e <= hi; {
			e += width
			edges = append(edges, e)
		}
		return edges
	}
	width := niceWidth((hi - lo) / maxBins)
	start := math.Floor(lo/width) * width
	n := max(int(math.Floor((hi-start)/width))+1, 1)
	if start+float64(n-1)*width == hi && n > 1 {
		n-- // hi falls on the last edge, which the last bin includes
	}
	edges := make([]float64, n+1)
	for i := range edges {
		// Multiply, not add, so that edges such as 0.3 come out exact.
		edges[i] = roundTo(start+float64(i)*width, width)
	}
	return edges
}

// wholeNumbers reports whether every value is a whole number.
func wholeNumbers(samples ...[]float64) bool {
	for _, xs := range samples {
		for _, x := range xs {
			if x != math.Trunc(x) {
				return false
			}
		}
	}
	return true
}

// niceWidth returns the smallest of 1, 2, 2.5 and 5 times a power of ten
// that is at least w (w > 0), or 1 for w = 0.
func niceWidth(w float64) float64 {
	if w <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(w)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= w*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

// roundTo rounds x to the precision of width's decimal digits.
func roundTo(x, width float64) float64 {
	scale := math.Pow(10, math.Max(0, 2-math.Floor(math.Log10(width))))
	return math.Round(x*scale) / scale
}

// Count returns the histogram of xs over edges (from [Bins]); values
// outside the edges are not counted.
func Count(xs []float64, edges []float64) Histogram {
	h := Histogram{Edges: edges, Counts: make([]int, max(len(edges)-1, 0)), Whole: wholeNumbers(xs, edges)}
	if len(edges) < 2 {
		return h
	}
	last := len(edges) - 1
	for _, x := range xs {
		if x < edges[0] || x > edges[last] {
			continue
		}
		i, found := slices.BinarySearch(edges, x)
		if !found {
			i--
		}
		h.Counts[min(i, last-1)]++
	}
	return h
}

// ChiSquareUniform tests whether counts (fractional allowed) come from a
// uniform distribution over their categories. It returns Pearson's
// statistic and its p-value with len(counts)-1 degrees of freedom; with
// fewer than two categories or no counts it returns 0 and 1.
func ChiSquareUniform(counts []float64) (stat, p float64) {
	var total float64
	for _, c := range counts {
		total += c
	}
	if len(counts) < 2 || total <= 0 {
		return 0, 1
	}
	want := total / float64(len(counts))
	for _, c := range counts {
		stat += (c - want) * (c - want) / want
	}
	return stat, ChiSquareSurvival(stat, len(counts)-1)
}

// ChiSquareSurvival returns P(X >= x) for X chi-square distributed with df
// degrees of freedom (df >= 1), by the closed forms for whole df.
func ChiSquareSurvival(x float64, df int) float64 {
	if x <= 0 {
		return 1
	}
	h := x / 2
	if df%2 == 0 {
		// Q = exp(-x/2) * sum_{i < df/2} (x/2)^i / i!
		term, sum := 1.0, 1.0
		for i := 1; i < df/2; i++ {
			term *= h / float64(i)
			sum += term
		}
		return min(math.Exp(-h)*sum, 1)
	}
	// Q = erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2) * sum_{i=1}^{(df-1)/2} x^(i-1) / (3*5*...*(2i-1))
	q := math.Erfc(math.Sqrt(h))
	term, sum := 1.0, 0.0
	for i := 1; i <= (df-1)/2; i++ {
		if i > 1 {
			term *= x / float64(2*i-1)
		}
		sum += term
	}
	return min(q+math.Sqrt(2*x/math.Pi)*math.Exp(-h)*sum, 1)
}

// pool returns the distribution of the union of two samples from their
// sizes, means, standard deviations and extremes.
func pool(a, b Dist) Dist {
	switch {
	case a.N == 0:
		return b
	case b.N == 0:
		return a
	}
	n := a.N + b.N
	na, nb := float64(a.N), float64(b.N)
	mean := (na*a.Mean + nb*b.Mean) / float64(n)
	// Sum of squared deviations of each part, plus the shift of its mean.
	ss := (na-1)*a.SD*a.SD + (nb-1)*b.SD*b.SD + na*(a.Mean-mean)*(a.Mean-mean) + nb*(b.Mean-mean)*(b.Mean-mean)
	d := Dist{N: n, Mean: mean, Min: min(a.Min, b.Min), Max: max(a.Max, b.Max)}
	if n > 1 {
		d.SD = math.Sqrt(max(ss, 0) / float64(n-1))
	}
	return d
}
