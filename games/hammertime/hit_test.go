package hammertime

import (
	"math"
	"testing"

	"minehall/game"
)

// handStats draws n hits of strength 5 in the middle of the south side
// and returns the mean applied strength (see appliedStrength), the
// standard deviations of the log speed, of the hit point along the side
// and of the blow's direction, and the mean reach of the hop.
func handStats(tech Technique, n int) (mean, strength, aim, angle, reach float64) {
	pack := DefaultPack()
	rng := game.NewRand(9)
	var m1, s1, s2, a1, a2, d1, d2, r1 float64
	for i := 0; i < n; i++ {
		m := hitMotion(pack.Tray, South, 5, 5, tech, &rng)
		speed := m.V0.Length() / rigidShare
		m1 += appliedStrength(speed)
		ls := math.Log(speed)
		s1, s2 = s1+ls, s2+ls*ls
		a1, a2 = a1+m.HitPoint.X, a2+m.HitPoint.X*m.HitPoint.X
		d := math.Atan2(m.V0.X, m.V0.Y)
		d1, d2 = d1+d, d2+d*d
		r1 += m.KickReach
	}
	k := float64(n)
	sd := func(x1, x2 float64) float64 { return math.Sqrt(x2/k - (x1/k)*(x1/k)) }
	return m1 / k, sd(s1, s2), sd(a1, a2), sd(d1, d2), r1 / k
}

// RULINGS.md: "Less control is spread, not force: the strength a player
// chooses is the hit's strength on average (the noise is centred on it)."
// Over many seeded hits of strength 5, the mean applied strength is 5 for
// the bare hand and for every face that only widens a spread.
func TestNoiseCentredOnChosenStrength(t *testing.T) {
	const n = 40000
	for _, tech := range []Technique{NoTechnique, WeakHand, HeadDown, ThumbOff, EyesClosed} {
		mean, _, _, _, _ := handStats(tech, n)
		if math.Abs(mean-5) > 0.05 {
			t.Errorf("%s: mean applied strength %.3f over %d hits of strength 5; want 5 ± 0.05", tech, mean, n)
		}
	}
	// The centring holds for every spread, clipping included.
	for _, sigma := range []float64{0.2, 0.4, 0.6, 0.8} {
		rng := game.NewRand(4)
		sum := 0.0
		for i := 0; i < n; i++ {
			sum += strengthFactor(rng.NormFloat64(), sigma)
		}
		if mean := sum / n; math.Abs(mean-1) > 0.01 {
			t.Errorf("spread %.1f: mean factor %.4f; want 1 ± 0.01", sigma, mean)
		}
	}
}

// RULINGS.md: "Only two faces change the force itself, as the rulebook's
// texts say: the handle ("les violentes secousses pourraient réveiller
// Dragomir") hits harder, the fist hits harder and blunter (wider
// contact). Weaker hand: less control of aim and strength; head on the
// table: the far half of the tray hidden; thumb off: less control of
// strength; eyes closed: the tray hidden and less control of aim."
func TestTechniquesChangeTheHit(t *testing.T) {
	const n = 20000
	_, bs, ba, bd, br := handStats(NoTechnique, n)
	near := func(x, base float64) bool { return math.Abs(x/base-1) < 0.05 }
	tests := []struct {
		tech  Technique
		check func(mean, s, a, d, r float64) bool
		what  string
	}{
		{Handle, func(mean, s, a, d, r float64) bool {
			return mean > 6 && near(s, bs) && near(a, ba) && near(d, bd) && r == br
		}, "harder (mean applied strength above 6), with the bare hand's spreads and contact"},
		{WeakHand, func(mean, s, a, d, r float64) bool {
			return math.Abs(mean-5) < 0.1 && s > 1.4*bs && a > 2*ba && d > 2*bd && r == br
		}, "as strong on average, strength spread × 1.5 or more, aim and direction spreads more than doubled"},
		{Fist, func(mean, s, a, d, r float64) bool {
			return mean > 5.5 && near(s, bs) && near(a, ba) && near(d, bd) && r >= 1.9*br
		}, "harder and with a contact about twice as wide, with the bare hand's spreads"},
		{HeadDown, func(mean, s, a, d, r float64) bool {
			return near(s, bs) && near(a, ba) && near(d, bd) && r == br
		}, "the bare hand's hit (only the view changes)"},
		{ThumbOff, func(mean, s, a, d, r float64) bool {
			return s > 1.8*bs && near(a, ba) && near(d, bd) && r == br
		}, "the strength spread about doubled, nothing else"},
		{EyesClosed, func(mean, s, a, d, r float64) bool {
			return near(s, bs) && a > 1.7*ba && d > 1.7*bd && r == br
		}, "the aim and direction spreads about doubled, nothing else"},
	}
	for _, tt := range tests {
		mean, s, a, d, r := handStats(tt.tech, n)
		if !tt.check(mean, s, a, d, r) {
			t.Errorf("%s: mean strength %.2f, spreads strength %.3f, aim %.3f, direction %.3f, contact %.1f cm (bare hand %.3f, %.3f, %.3f, %.1f cm); want %s",
				tt.tech, mean, s, a, d, r, bs, ba, bd, br, tt.what)
		}
	}
}

// The hand's factor stays within the clipped log-normal's bounds.
func TestStrengthFactorBounds(t *testing.T) {
	for _, sigma := range []float64{strengthSpread, 2 * strengthSpread} {
		m := meanFactor(sigma)
		lo, hi := math.Exp(-spreadLimit*sigma)/m, math.Exp(spreadLimit*sigma)/m
		for _, z := range []float64{-10, -spreadLimit, 0, spreadLimit, 10} {
			if f := strengthFactor(z, sigma); f < lo-1e-12 || f > hi+1e-12 {
				t.Errorf("spread %.1f, deviate %v: factor %v outside [%v, %v]", sigma, z, f, lo, hi)
			}
		}
		if f := strengthFactor(100, sigma); math.Abs(f-hi) > 1e-12 {
			t.Errorf("spread %.1f: a deviate of 100 gives factor %v; want the clip %v", sigma, f, hi)
		}
	}
}
