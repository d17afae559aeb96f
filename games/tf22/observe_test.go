package tf22

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// The conformance kit checks the observation at every state of its random
// games (TestConformance): a fixed shape, finite values, a pure read, every
// value written, the same tensor in determinizations. These tests check
// the encoding itself, and the leak check at a strategy combat, which
// short random games seldom reach.

func obsStart(t testing.TB, players int, opts game.Options, seed uint64) *State {
	t.Helper()
	s, _, err := game.Start(New(), players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// obsPlay plays move for the seat that acts now.
func obsPlay(t testing.TB, s *State, move string) {
	t.Helper()
	if _, err := game.PlayNotation(s, game.Player(s.actor()), move); err != nil {
		t.Fatalf("%s by seat %d: %v", move, s.actor(), err)
	}
}

// The 2-player layout with the embedded pack (5 symbols), counted by hand
// from Observe's doc comment: 44 planes of 36, then the crews (4 × 9), the
// loaders (3 × 24), the seats (2 × 23), and the rest.
const (
	o2Planes  = 44 * 36        // 1584
	o2Crews   = o2Planes       // 4 blocks of 9
	o2Loaders = o2Crews + 36   // 1620
	o2Seats   = o2Loaders + 72 // 1692, 2 blocks of 23
	o2Variant = o2Seats + 46   // 1738
	o2Phase   = o2Variant + 7  // after variant (3), goal, limit on, limit, turns
	o2ToAct   = o2Phase + 4
	o2Active  = o2ToAct + 2
	o2Ore     = o2Active + 2
	o2Combat  = o2Ore + 2 + 2 + 2 // after ore, swaps, free action, winner
	o2Last    = o2Combat + 15
	o2Place   = o2Last + 21
	o2You     = o2Place + 1 + 2 + 1 + 5
	o2Size    = o2You + 5
)

func TestObservationShape(t *testing.T) {
	if o2Size != 1809 {
		t.Fatalf("hand-counted size %d; want 1809", o2Size)
	}
	for n := 2; n <= 4; n++ {
		for _, v := range []string{"luck", "standard", "strategy"} {
			s := obsStart(t, n, game.Options{OptionSymbolCards: v}, 3)
			want := 1560 + 37*5 + 32*n
			if got := s.ObservationShape(); !slices.Equal(got, []int{want}) {
				t.Errorf("%d players, %s: shape %v; want [%d]", n, v, got, want)
			}
		}
	}
}

func TestObserveFirstState(t *testing.T) {
	// The dealt planet of a seeded 2-player game, seen by seat 1: the
	// exits as the view lists them, Ranium on three inner corners (the one
	// above the white crossing stays empty with 2 players), the crews on
	// their crossings and not yet chosen, the loaders at their docks, the
	// swap phase with seat 0 (relative seat 1) to act.
	s := obsStart(t, 2, nil, 11)
	o := s.Observe(1, nil)
	v := s.View(1).(*View)
	for _, cv := range v.Cards {
		pos := cv.Row*gridSize + cv.Col
		for c, name := range colorNames {
			for e, letter := range "NESW" {
				want := float32(0)
				if strings.ContainsRune(cv.Tunnels[name], letter) {
					want = 1
				}
				if got := o[(4*c+e)*numPos+pos]; got != want {
					t.Errorf("card %s at %s: %s exit %c is %v; want %v", cv.ID, posName(pos), name, letter, got, want)
				}
			}
		}
		if got := o[32*numPos+pos]; got != obsFlag(cv.Ranium) {
			t.Errorf("card %s: Ranium %v; want %v", cv.ID, got, cv.Ranium)
		}
		if o[33*numPos+pos] != obsFlag(cv.Side == "back") || o[34*numPos+pos] != obsFlag(cv.Turned) {
			t.Errorf("card %s: back %v, turned %v; want %v, %v", cv.ID, o[33*numPos+pos], o[34*numPos+pos], cv.Side == "back", cv.Turned)
		}
		sym := slices.Index(s.pack.symbols, cv.Symbol)
		for k := range 5 {
			if got := o[(35+k)*numPos+pos]; got != obsFlag(k == sym) {
				t.Errorf("card %s (symbol %q): symbol plane %d is %v", cv.ID, cv.Symbol, k, got)
			}
		}
	}
	if got := obsSum(o[32*numPos : 33*numPos]); got != 3 {
		t.Errorf("%v cards hold Ranium; want 3", got)
	}
	for k := range numColors {
		if o[(40+k)*numPos+centerPos[k]] != 1 || obsSum(o[(40+k)*numPos:(41+k)*numPos]) != 1 {
			t.Errorf("crew %s is not on its crossing alone", colorNames[k])
		}
		blk := o[o2Crews+9*k : o2Crews+9*k+9]
		want := []float32{1, 0, 0, 1, 0, 0, 0, 0, 0}
		want[4+k] = 1
		if !slices.Equal(blk, want) {
			t.Errorf("crew %s: %v; want in the game, not chosen, in its own tunnel, no Ranium: %v", colorNames[k], blk, want)
		}
	}
	for i, d := range s.pack.loaderInit {
		if o[o2Loaders+24*i+int(d)] != 1 {
			t.Errorf("loader %d is not flagged at dock %d", i+1, d)
		}
	}
	if o[o2Variant+1] != 1 || o[o2Variant+3] != 1 || o[o2Phase] != 1 || o[o2ToAct+1] != 1 || o[o2Active+1] != 1 {
		t.Errorf("variant %v, goal %v, phase %v, to act %v, active %v; want standard, 5/5, swap, relative seat 1 twice",
			o[o2Variant:o2Variant+3], o[o2Variant+3], o[o2Phase:o2ToAct], o[o2ToAct:o2Active], o[o2Active:o2Ore])
	}
	if o[o2Ore+1] != 1 {
		t.Errorf("swaps left %v; want 2/2", o[o2Ore+1])
	}
	if !slices.Equal(o[o2You:], []float32{0, 1, 0, 0, 0}) {
		t.Errorf("observer flags %v; want seat 1", o[o2You:])
	}
}

func TestObserveFlippedExits(t *testing.T) {
	// The flipped planes of a card are the exits it shows after action B.
	s := obsStart(t, 2, nil, 12)
	obsPlay(t, s, "keep planet")
	for _, c := range []string{"red", "blue", "yellow", "white"} {
		obsPlay(t, s, "choose "+c)
	}
	o := s.Observe(0, nil)
	for _, pos := range []int{0, 7, 20, 35} {
		c := s.Clone().(*State)
		obsPlay(t, c, "B "+posName(pos))
		after := c.Observe(0, nil)
		for pl := range 16 {
			if got, want := o[(16+pl)*numPos+pos], after[pl*numPos+pos]; got != want {
				t.Errorf("card at %s: flipped plane %d is %v; after B the exit plane is %v", posName(pos), pl, got, want)
			}
		}
	}
}

func TestObserveStrategyCombat(t *testing.T) {
	// Blue (seat 0) attacks red (seat 1), which carries Ranium; seat 0
	// lays a 5 face down. Seat 0's tensor shows its 5, seat 1's and the
	// spectator's do not; both see the card down and seat 0's hand one
	// card smaller. Determinizations for every viewer give the same
	// tensors (the kit's leak check), though they redraw the hidden 5.
	s := obsStart(t, 2, game.Options{OptionSymbolCards: "strategy"}, 7)
	obsPlay(t, s, "keep planet")
	for _, c := range []string{"red", "blue", "yellow", "white"} {
		obsPlay(t, s, "choose "+c)
	}
	s.crewPos[red], s.crewTunnel[red] = s.crewPos[blue], s.crewTunnel[blue]
	s.crewRanium[red] = 1
	rng := game.NewRand(5)
	obsPlay(t, s, "G blue attacks red")
	if err := gametest.CheckObservation(s, &rng); err != nil {
		t.Fatalf("waiting for the attacker's card: %v", err)
	}
	obsPlay(t, s, "card 5")
	for i := range 4 {
		if err := gametest.CheckObservation(s, &rng); err != nil {
			t.Fatalf("check %d with the attacker's card down: %v", i, err)
		}
	}
	combat := func(p game.Player) []float32 { return s.Observe(p, nil)[o2Combat:o2Last] }
	want := []float32{1 /**/, 0, 0, 1, 0 /**/, 0, 1, 0, 0 /**/, 1 /**/, 0, 0, 0, 1, 0}
	if got := combat(0); !slices.Equal(got, want) {
		t.Errorf("attacker's combat slice %v; want %v", got, want)
	}
	copy(want[10:], []float32{0, 0, 0, 0, 0})
	for _, p := range []game.Player{1, game.Spectator} {
		if got := combat(p); !slices.Equal(got, want) {
			t.Errorf("%s's combat slice %v; want %v", p, got, want)
		}
	}
	// Seat 0's block seen by seat 1 (relative seat 1): 4 cards in hand,
	// none revealed (the 5 lies face down), no hand flags.
	blk := s.Observe(1, nil)[o2Seats+23 : o2Seats+46]
	if blk[6] != 4.0/5 || obsSum(blk[7:17]) != 0 {
		t.Errorf("seat 0 seen by seat 1: hand %v, revealed and hand flags %v; want 4/5 and none", blk[6], blk[7:17])
	}
	own := s.Observe(0, nil)[o2Seats : o2Seats+23]
	if !slices.Equal(own[12:17], []float32{1, 1, 1, 0, 1}) {
		t.Errorf("seat 0's own hand flags %v; want 2, 3, 4 and 6", own[12:17])
	}
	// The defender answers with a 6: the last combat shows both cards and
	// the values 5 and 6-1, each (v+2)/8, and seat 0's 5 is revealed.
	obsPlay(t, s, "card 6")
	o := s.Observe(game.Spectator, nil)
	last := o[o2Last:o2Place]
	wantLast := []float32{1 /**/, 0, 0, 1, 0 /**/, 0, 1, 0, 0 /**/, 0, 0, 0, 1, 0 /**/, 0, 0, 0, 0, 1 /**/, 0.875, 0.875}
	if !slices.Equal(last, wantLast) {
		t.Errorf("last combat %v; want %v", last, wantLast)
	}
	if got := o[o2Seats+7 : o2Seats+12]; !slices.Equal(got, []float32{0, 0, 0, 1, 0}) {
		t.Errorf("seat 0's revealed cards %v; want the 5", got)
	}
}

func obsSum(xs []float32) float32 {
	var t float32
	for _, x := range xs {
		t += x
	}
	return t
}

func obsFlag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

func TestObserveNoAllocation(t *testing.T) {
	s := obsStart(t, 4, nil, 2)
	buf := make([]float32, 0, s.ObservationShape()[0])
	if n := testing.AllocsPerRun(20, func() { buf = s.Observe(2, buf) }); n != 0 {
		t.Errorf("Observe into a large enough buffer allocates %v times; want 0", n)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := obsStart(b, 4, game.Options{OptionRoundLimit: "50"}, 3)
	rng := game.NewRand(3)
	for i := 0; i < 60 && !s.Terminal(); i++ {
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
	}
	buf := make([]float32, 0, s.ObservationShape()[0])
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Observe(1, buf)
	}
}
