package hammertime

import (
	"math"
	"reflect"
	"testing"

	"minehall/game"
)

// playScript plays a fixed list of moves of the expert variant from a seed,
// the die rolled before each turn from a generator seeded with the same
// seed, and returns the state.
func playScript(t *testing.T, seed uint64, moves []string) *State {
	t.Helper()
	st, _, err := game.Start(New(), 3, setupPiles(game.Options{"expert": "true"}), seed)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	die := game.NewRand(seed)
	for _, m := range moves {
		if s.Actors(nil)[0] == game.Chance {
			if err := game.Play(s, game.Chance, game.PickOutcome(s.ChanceOutcomes(nil), die.Float64())); err != nil {
				t.Fatal(err)
			}
		}
		if s.Terminal() {
			break
		}
		p := s.Actors(nil)[0]
		if f, ok := s.SuggestedFilling(); ok {
			m = f.String()
		}
		if _, err := game.PlayNotation(s, p, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

var script = []string{
	"hit south 5 strength 6", "hit north 2 strength 4", "push east", "hit east 7 strength 8",
	"turn left", "hit west 3 strength 5", "hit south 9 strength 3", "hit north 5 strength 9",
}

// goldenHash is the hash of the state after script from seed 2026. A change
// of the physics or the rules that moves any gem by a single bit changes it.
const goldenHash = "a4d64c0cc9a0bd3585ce423cc8318f773254dbfc479e6f964df4b313d0d02661"

func TestDeterminism(t *testing.T) {
	a := playScript(t, 2026, script)
	b := playScript(t, 2026, script)
	ha, err := game.Hash(a)
	if err != nil {
		t.Fatal(err)
	}
	hb, _ := game.Hash(b)
	if ha != hb {
		t.Fatalf("two runs of the same game differ: %s and %s", ha, hb)
	}
	if ha != goldenHash {
		t.Errorf("state hash %s; want the golden %s (same seed and inputs across processes)", ha, goldenHash)
	}
	c := playScript(t, 2027, script[:2])
	if hc, _ := game.Hash(c); hc == ha {
		t.Errorf("another seed gives the same hash %s", hc)
	}
}

// A hit on a fresh tray ends when every gem rests, long before the
// three-second limit, and its paths are recorded at 30 frames a second.
func TestHitRestsAndRecords(t *testing.T) {
	pack := DefaultPack()
	rng := game.NewRand(5)
	var gems [NumGems]Gem
	setupTray(pack, &gems, &rng)
	m := hitMotion(pack.Tray, South, 5, 6, NoTechnique, &rng)
	res := simulate(pack, &gems, m, &rng, true)
	if res.Steps >= maxSimSteps {
		t.Errorf("the hit ran %d steps; want the gems at rest before %d", res.Steps, maxSimSteps)
	}
	if want := (res.Steps + frameEvery - 1) / frameEvery; len(res.Frames) != want {
		t.Errorf("%d frames for %d steps; want %d (30 a second)", len(res.Frames), res.Steps, want)
	}
	if simHz/frameEvery < 30 {
		t.Errorf("%d frames a second; want at least 30", simHz/frameEvery)
	}
	moved := 0
	for _, f := range res.Frames {
		if len(f)%4 != 0 {
			t.Fatalf("a frame of %d numbers is not made of (gem, x, y, angle) quadruples", len(f))
		}
		moved += len(f) / 4
	}
	if moved == 0 {
		t.Errorf("no gem moved in a strength-6 hit")
	}
}

func TestFreshTray(t *testing.T) {
	s := newTestState(t, 4, nil)
	minDist := math.Inf(1)
	for i := range s.gems {
		if !onTray(s.pack, &s.gems[i]) {
			t.Errorf("gem %d starts off the tray", i)
		}
		for j := i + 1; j < NumGems; j++ {
			minDist = min(minDist, math.Hypot(s.gems[i].X-s.gems[j].X, s.gems[i].Y-s.gems[j].Y))
		}
	}
	if minDist < s.pack.Gem.WidthCM {
		t.Errorf("two gems' centers are %.2f cm apart; want no overlap (at least %.2f)", minDist, s.pack.Gem.WidthCM)
	}
}

// FuzzHit simulates hits with arbitrary parameters on trays from arbitrary
// seeds: no gem is lost or duplicated, every gem ends on the tray or among
// the fallen, and the simulation stays within its time limit.
func FuzzHit(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(5), uint8(5), uint8(0))
	f.Add(uint64(99), uint8(3), uint8(1), uint8(10), uint8(6))
	f.Add(uint64(7), uint8(1), uint8(9), uint8(1), uint8(3))
	pack := DefaultPack()
	f.Fuzz(func(t *testing.T, seed uint64, side, pos, strength, tech uint8) {
		rng := game.NewRand(seed)
		var gems [NumGems]Gem
		setupTray(pack, &gems, &rng)
		m := hitMotion(pack.Tray, Side(side%4), 1+int(pos)%HitPositions, 1+int(strength)%HitStrengths, Technique(int(tech)%int(numTechniques)), &rng)
		res := simulate(pack, &gems, m, &rng, false)
		if res.Steps < 1 || res.Steps > maxSimSteps {
			t.Fatalf("%d steps; want 1 to %d", res.Steps, maxSimSteps)
		}
		seen := map[int8]bool{}
		for _, g := range res.Fallen {
			if g < 0 || g >= NumGems || seen[g] {
				t.Fatalf("fallen %v: gem %d is out of range or repeated", res.Fallen, g)
			}
			seen[g] = true
		}
		for i := range gems {
			g := &gems[i]
			if math.IsNaN(g.X) || math.IsNaN(g.Y) || math.IsNaN(g.A) {
				t.Fatalf("gem %d has a NaN place", i)
			}
			if onTray(pack, g) == seen[int8(i)] {
				t.Fatalf("gem %d: on the tray %v, fallen %v", i, onTray(pack, g), seen[int8(i)])
			}
		}
	})
}

// TestHitsRunAtOnce: tables and bots simulate hits at the same time. The
// same hit on two copies of a tray, simulated at once, gives the same
// result as on its own (the physics is a function of the state and the
// action), and under the race detector the two simulations share nothing.
func TestHitsRunAtOnce(t *testing.T) {
	st, _, err := game.Start(New(), 2, setupPiles(nil), 7)
	if err != nil {
		t.Fatal(err)
	}
	hit := HitAction(North, 5, 4)
	alone := st.Clone()
	if err := game.Play(alone, 0, hit); err != nil {
		t.Fatal(err)
	}
	want := alone.(*State).Snapshot()
	results := make(chan any, 4)
	for range 4 {
		go func() {
			c := st.Clone()
			if err := game.Play(c, 0, hit); err != nil {
				t.Error(err)
			}
			results <- c.(*State).Snapshot()
		}()
	}
	for range 4 {
		if got := <-results; !reflect.DeepEqual(got, want) {
			t.Errorf("a hit simulated alongside others gave %+v; alone %+v", got, want)
		}
	}
}
