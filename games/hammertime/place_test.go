package hammertime

import (
	"math"
	"testing"

	"minehall/game"
)

// placeGemByFullSearch is placeGem as first written: every candidate point
// measured against every gem on the tray. placeGem cuts these searches
// short and must choose exactly the same spot.
func placeGemByFullSearch(pack *Pack, gems *[NumGems]Gem, i int, rng *game.Rand, allowed func(x, y float64) bool) (grid bool) {
	halfW, halfD := pack.Tray.WidthCM/2-returnMargin, pack.Tray.DepthCM/2-returnMargin
	clearance := func(x, y float64) float64 {
		best := math.Inf(1)
		for j := range gems {
			if j == i || gems[j].Holder != OnTray || !onTray(pack, &gems[j]) {
				continue
			}
			dx, dy := gems[j].X-x, gems[j].Y-y
			best = min(best, dx*dx+dy*dy)
		}
		return best
	}
	need := returnSpacing * returnSpacing
	for try := 0; try < 48; try++ {
		x := (rng.Float64()*2 - 1) * halfW
		y := (rng.Float64()*2 - 1) * halfD
		if (allowed == nil || allowed(x, y)) && clearance(x, y) >= need {
			gems[i] = Gem{X: x, Y: y, A: rng.Float64() * math.Pi, Holder: OnTray}
			return false
		}
	}
	bx, by, bc := 0.0, 0.0, -1.0
	for y := -halfD; y <= halfD; y += 0.5 {
		for x := -halfW; x <= halfW; x += 0.5 {
			if allowed != nil && !allowed(x, y) {
				continue
			}
			if c := clearance(x, y); c > bc {
				bx, by, bc = x, y, c
			}
		}
	}
	gems[i] = Gem{X: bx, Y: by, A: rng.Float64() * math.Pi, Holder: OnTray}
	return true
}

// TestPlaceGemMatchesFullSearch returns gems to trays from crowded (fresh)
// to sparse, on the whole tray and on the half a hidden view allows, and
// checks that placeGem puts each exactly where the full search does, and
// leaves the generator in the same state: records replay only if every
// returned gem lands on the same bit.
func TestPlaceGemMatchesFullSearch(t *testing.T) {
	pack := DefaultPack()
	southHalf := func(x, y float64) bool { return y < 0 }
	var grids, randoms int
	for seed := uint64(0); seed < 40; seed++ {
		rng := game.NewRand(seed)
		var gems [NumGems]Gem
		setupTray(pack, &gems, &rng)
		// Take off a share of the gems, more for later seeds, as play does.
		for j := range gems {
			if rng.Float64() < float64(seed%8)/10 {
				gems[j].Holder = 0
			}
		}
		for _, allowed := range []func(x, y float64) bool{nil, southHalf} {
			for _, i := range []int{0, 17, 89} {
				gems[i].Holder = Fallen
				want, got := gems, gems
				r1, r2 := game.NewRand(seed*100+uint64(i)), game.NewRand(seed*100+uint64(i))
				if placeGemByFullSearch(pack, &want, i, &r1, allowed) {
					grids++
				} else {
					randoms++
				}
				placeGem(pack, &got, i, &r2, allowed)
				if got != want {
					t.Fatalf("seed %d, gem %d, allowed %v: placed at %+v, the full search places it at %+v", seed, i, allowed != nil, got[i], want[i])
				}
				if r1.Uint64() != r2.Uint64() {
					t.Fatalf("seed %d, gem %d: the generators differ after placing", seed, i)
				}
			}
		}
	}
	// Both ways of choosing a spot must have been tried for the test to
	// mean anything.
	if grids == 0 || randoms == 0 {
		t.Fatalf("%d placements by the grid and %d at random: the trays do not cover both", grids, randoms)
	}
}

// BenchmarkPlaceGem returns a gem to a fresh tray, crowded enough that
// random tries fail and the grid is searched, as after a hit that drops
// many gems early in a game.
func BenchmarkPlaceGem(b *testing.B) {
	pack := DefaultPack()
	rng := game.NewRand(1)
	var fresh [NumGems]Gem
	setupTray(pack, &fresh, &rng)
	fresh[0].Holder = Fallen
	for b.Loop() {
		gems := fresh
		placeGem(pack, &gems, 0, &rng, nil)
	}
}
