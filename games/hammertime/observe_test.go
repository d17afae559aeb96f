package hammertime

import (
	"math"
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// The conformance kit checks the observation at every state of its random
// games (TestConformance): a fixed shape, finite values, a pure read, every
// value written, the same tensor in determinizations. These tests check
// the encoding itself, and the leak check for a player aiming blind.

func obsStart(t testing.TB, players int, opts game.Options, seed uint64) *State {
	t.Helper()
	s, _, err := game.Start(New(), players, setupPiles(opts), seed)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// Offsets for 2 players, counted by hand from Observe's doc comment: 90
// gems of 12 values, then the hidden count, quarter (4), facing (4),
// current seat (2), phase (4), technique (7), hits, moves, final, round;
// then 2 seat blocks of 22, the missions (5 + 8 × 5 + 1), the options (3)
// and the observer (5).
const (
	o2Hidden   = 1080
	o2Quarter  = 1081
	o2Facing   = 1085
	o2Current  = 1089
	o2Phase    = 1091
	o2Tech     = 1095
	o2Hits     = 1102
	o2Seats    = 1106
	o2Missions = 1150
	o2Options  = 1196
	o2You      = 1199
	o2Size     = 1204
)

func TestObservationShape(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for _, opts := range []game.Options{nil, {"expert": "true", "missions": "false", "wagons": "1"}} {
			s := obsStart(t, n, opts, 1)
			want := 1158 + 23*n
			if n == 2 && want != o2Size {
				t.Fatalf("hand-counted size %d; want %d", o2Size, want)
			}
			if got := s.ObservationShape(); !slices.Equal(got, []int{want}) {
				t.Errorf("%d players, %v: shape %v; want [%d]", n, opts, got, want)
			}
		}
	}
}

func TestObserveFirstState(t *testing.T) {
	// The first state of a seeded 2-player game, seen by seat 1: all 90
	// gems on the tray where the view puts them, each with its color; seat
	// 1 faces north (the tray not turned); seat 0 (relative seat 1) to hit;
	// each seat's top wagon face up with its slots, three wagons under it,
	// no gem, no mission card; the mission pile of 9 with its face-up card.
	s := obsStart(t, 2, nil, 21)
	o := s.Observe(1, nil)
	v := s.View(1).(View)
	if len(v.Tray.Gems) != NumGems {
		t.Fatalf("the view shows %d gems; want %d", len(v.Tray.Gems), NumGems)
	}
	halfW, halfD := v.Tray.Width/2, v.Tray.Depth/2
	for _, g := range v.Tray.Gems {
		f := o[g.ID*12 : g.ID*12+12]
		col, _ := parseColor(g.Color)
		want := []float32{1, float32(g.X / halfW), float32(g.Y / halfD), float32(math.Sin(2 * g.A)), float32(math.Cos(2 * g.A)), 0, 0, 0, 0, 0, 0, 0}
		want[6+int(col)] = 1
		if !slices.Equal(f, want) {
			t.Errorf("gem %d (%s at %v, %v): %v; want %v", g.ID, g.Color, g.X, g.Y, f, want)
		}
		if f[1] < -1 || f[1] > 1 || f[2] < -1 || f[2] > 1 {
			t.Errorf("gem %d lies at %v, %v; want within [-1, 1]", g.ID, f[1], f[2])
		}
	}
	if o[o2Hidden] != 0 || o[o2Quarter] != 1 || o[o2Facing+int(North)] != 1 || o[o2Current+1] != 1 || o[o2Phase] != 1 || o[o2Tech] != 1 {
		t.Errorf("hidden %v, quarter %v, facing %v, current %v, phase %v, technique %v; want none, 0, north, relative seat 1, hit, none",
			o[o2Hidden], o[o2Quarter:o2Facing], o[o2Facing:o2Current], o[o2Current:o2Phase], o[o2Phase:o2Tech], o[o2Tech:o2Hits])
	}
	if got := o[o2Hits : o2Hits+4]; !slices.Equal(got, []float32{0, 1, 0, 0}) {
		t.Errorf("hits, moves left, final, round %v; want 0, 1, 0, 0", got)
	}
	for q := range 2 {
		blk := o[o2Seats+22*((q+1)%2) : o2Seats+22*((q+1)%2)+22]
		sv := v.Seats[q]
		var slots, left [numColors]int
		for _, c := range sv.Wagon.Slots {
			col, _ := parseColor(c)
			slots[col]++
		}
		for _, w := range s.pack.Wagons {
			if w.Owner == sv.Owner && w.ID != sv.Wagon.ID {
				for _, c := range w.Slots {
					col, _ := parseColor(c)
					left[col]++
				}
			}
		}
		want := make([]float32, 22)
		want[0] = 1
		for c := Blue; c <= Red; c++ {
			want[1+int(c-Blue)] = float32(slots[c]) / 6
			want[12+int(c-Blue)] = float32(left[c]) / 18
		}
		want[11] = 1 // three wagons left of three
		if !slices.Equal(blk, want) {
			t.Errorf("seat %d (%s, wagon %s): %v; want %v", q, sv.Owner, sv.Wagon.ID, blk, want)
		}
	}
	kind := slices.Index(missionKindNames[:], v.Mission)
	m := o[o2Missions:o2Options]
	if m[kind] != 1 || obsSum(m[:5]) != 1 || obsSum(m[5:45]) != 0 || m[45] != 1 {
		t.Errorf("missions %v; want the face-up %s, no known card under it, a full pile", m, v.Mission)
	}
	if got := o[o2Options:]; !slices.Equal(got, []float32{0, 1, 1, 0, 1, 0, 0, 0}) {
		t.Errorf("options and observer %v; want basic game, missions, 4 wagons, seat 1", got)
	}
}

func obsSum(xs []float32) float32 {
	var t float32
	for _, x := range xs {
		t += x
	}
	return t
}

func TestObserveBlind(t *testing.T) {
	// The die shows "eyes closed" to seat 0: seat 0's tensor shows no gem
	// on the tray and counts all 90 hidden, seat 1's and the spectator's
	// show them all. With "head down" seat 0, facing south, sees only the
	// gems on its own (south) half. Determinizations, which lay the unseen gems out afresh, give
	// every viewer the same tensor.
	for _, tech := range []Technique{EyesClosed, HeadDown} {
		s := obsStart(t, 2, game.Options{"expert": "true"}, 5)
		if err := game.Play(s, game.Chance, RollAction(tech)); err != nil {
			t.Fatal(err)
		}
		o0, o1 := s.Observe(0, nil), s.Observe(1, nil)
		seen := 0
		for g := range NumGems {
			seen += int(o0[g*12])
			if o1[g*12] != 1 {
				t.Errorf("%s: seat 1 does not see gem %d", tech, g)
			}
			if o0[g*12] == 1 && tech == HeadDown && o0[g*12+2] > 0 {
				t.Errorf("head down, facing south: seat 0 sees gem %d on the north half at y %v", g, o0[g*12+2])
			}
		}
		if got := int(o0[o2Hidden]*NumGems + 0.5); got+seen != NumGems || (tech == EyesClosed && seen != 0) || (tech == HeadDown && seen == 0) {
			t.Errorf("%s: seat 0 sees %d gems and %d hidden; want 90 in all, none seen with eyes closed", tech, seen, got)
		}
		if o0[o2Tech+int(tech)] != 1 {
			t.Errorf("%s: technique flags %v", tech, o0[o2Tech:o2Hits])
		}
		rng := game.NewRand(9)
		for i := range 3 {
			if err := gametest.CheckObservation(s, &rng); err != nil {
				t.Fatalf("%s, check %d: %v", tech, i, err)
			}
		}
	}
}

func TestObserveFilling(t *testing.T) {
	// Hit until gems fall into the fill phase: the fallen gems are flagged
	// and off the tray's list, everyone sees the same gems.
	s := obsStart(t, 2, nil, 8)
	rng := game.NewRand(8)
	for i := 0; s.phase != PhaseFill; i++ {
		if i == 400 {
			t.Fatal("no filling in 400 random actions")
		}
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
	}
	o := s.Observe(game.Spectator, nil)
	fallen := s.View(game.Spectator).(View).Fill.Fallen
	for g := range NumGems {
		want := float32(0)
		if slices.Contains(fallen, g) {
			want = 1
		}
		if o[g*12+5] != want || (want == 1 && o[g*12] != 0) {
			t.Errorf("gem %d: fallen %v, on the tray %v; want fallen %v", g, o[g*12+5], o[g*12], want)
		}
	}
	if o[o2Phase+int(PhaseFill)] != 1 {
		t.Errorf("phase flags %v; want fill", o[o2Phase:o2Tech])
	}
	if err := gametest.CheckObservation(s, &rng); err != nil {
		t.Fatal(err)
	}
}

func TestObserveNoAllocation(t *testing.T) {
	s := obsStart(t, 4, nil, 2)
	buf := make([]float32, 0, s.ObservationShape()[0])
	if n := testing.AllocsPerRun(20, func() { buf = s.Observe(2, buf) }); n != 0 {
		t.Errorf("Observe into a large enough buffer allocates %v times; want 0", n)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := obsStart(b, 4, nil, 3)
	buf := make([]float32, 0, s.ObservationShape()[0])
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Observe(1, buf)
	}
}
