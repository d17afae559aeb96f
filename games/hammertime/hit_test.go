package hammertime

import (
	"math"
	"testing"

	"minehall/game"
)

// spreads draws many hits and returns the standard deviations of the log
// speed, of the hit point along the side and of the blow's direction, and
// the mean jolt time.
func spreads(tech Technique) (strength, aim, angle, tau float64) {
	pack := DefaultPack()
	rng := game.NewRand(9)
	const n = 2000
	var s1, s2, a1, a2, d1, d2, tt float64
	for i := 0; i < n; i++ {
		m := hitMotion(pack.Tray, South, 5, 5, tech, &rng)
		ls := math.Log(m.V0.Length())
		s1, s2 = s1+ls, s2+ls*ls
		a1, a2 = a1+m.HitPoint.X, a2+m.HitPoint.X*m.HitPoint.X
		d := math.Atan2(m.V0.X, m.V0.Y)
		d1, d2 = d1+d, d2+d*d
		tt += m.Tau
	}
	sd := func(x1, x2 float64) float64 { return math.Sqrt(x2/n - (x1/n)*(x1/n)) }
	return sd(s1, s2), sd(a1, a2), sd(d1, d2), tt / n
}

// Each technique of the expert die changes the hit as the rules text says.
func TestTechniquesChangeTheHit(t *testing.T) {
	bs, ba, bd, bt := spreads(NoTechnique)
	tests := []struct {
		tech  Technique
		check func(s, a, d, tau float64) bool
		what  string
	}{
		{Handle, func(s, a, d, tau float64) bool { return s > 1.8*bs }, "strength spread about doubled"},
		{WeakHand, func(s, a, d, tau float64) bool { return a > 2*ba }, "aim spread more than doubled"},
		{Fist, func(s, a, d, tau float64) bool { return tau > 1.9*bt && d > 1.5*bd }, "a longer, less straight blow"},
		{ThumbOff, func(s, a, d, tau float64) bool { return d > 2*bd }, "direction spread more than doubled"},
		{EyesClosed, func(s, a, d, tau float64) bool { return a > 1.5*ba && s > 1.5*bs }, "aim and strength spread widened"},
		{HeadDown, func(s, a, d, tau float64) bool { return a > 1.2*ba }, "aim spread widened"},
	}
	for _, tt := range tests {
		s, a, d, tau := spreads(tt.tech)
		if !tt.check(s, a, d, tau) {
			t.Errorf("%s: strength %.3f, aim %.3f, direction %.3f, jolt %.3f s (base %.3f, %.3f, %.3f, %.3f); want %s",
				tt.tech, s, a, d, tau, bs, ba, bd, bt, tt.what)
		}
	}
}
