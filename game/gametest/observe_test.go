package gametest

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// Mutants of the test games whose observations break one rule of the
// game.Observer contract each; the kit must report every one.

// leakyObserver shows the other seat's card even while it lies face down.
type leakyObserver struct{ *HCState }

func (r leakyObserver) Observe(p game.Player, dst []float32) []float32 {
	dst = r.HCState.Observe(p, dst)
	if p == 0 || p == 1 {
		if c := r.Cards[1-p]; c > 0 {
			dst[hcDeck+int(c)-1] = 1
		}
	}
	return dst
}
func (r leakyObserver) Clone() game.State { return leakyObserver{r.HCState.Clone().(*HCState)} }
func (r leakyObserver) Determinize(p game.Player, g *game.Rand) game.State {
	return leakyObserver{r.HCState.Determinize(p, g).(*HCState)}
}

// blindObserver gives every seat the spectator's observation.
type blindObserver struct{ *HCState }

func (r blindObserver) Observe(p game.Player, dst []float32) []float32 {
	return r.HCState.Observe(game.Spectator, dst)
}
func (r blindObserver) Clone() game.State { return blindObserver{r.HCState.Clone().(*HCState)} }
func (r blindObserver) Determinize(p game.Player, g *game.Rand) game.State {
	return blindObserver{r.HCState.Determinize(p, g).(*HCState)}
}

// growingShape adds a plane once the first disc has dropped.
type growingShape struct{ *C4State }

func (r growingShape) ObservationShape() []int {
	if r.Moves > 0 {
		return []int{4, c4Rows, c4Cols}
	}
	return r.C4State.ObservationShape()
}
func (r growingShape) Observe(p game.Player, dst []float32) []float32 {
	dst = r.C4State.Observe(p, dst)
	if r.Moves > 0 {
		dst = append(dst, make([]float32, c4Rows*c4Cols)...)
	}
	return dst
}
func (r growingShape) Clone() game.State { return growingShape{r.C4State.Clone().(*C4State)} }

// shortObservation leaves out the last value.
type shortObservation struct{ *C4State }

func (r shortObservation) Observe(p game.Player, dst []float32) []float32 {
	dst = r.C4State.Observe(p, dst)
	return dst[:len(dst)-1]
}
func (r shortObservation) Clone() game.State { return shortObservation{r.C4State.Clone().(*C4State)} }

// nanObservation divides by the number of discs in the top row: 0/0 while
// it is empty.
type nanObservation struct{ *C4State }

func (r nanObservation) Observe(p game.Player, dst []float32) []float32 {
	dst = r.C4State.Observe(p, dst)
	top := float32(0)
	for c := 0; c < c4Cols; c++ {
		if r.Cells[c*c4Rows+c4Rows-1] != 0 {
			top++
		}
	}
	dst[0] = top / top
	return dst
}
func (r nanObservation) Clone() game.State { return nanObservation{r.C4State.Clone().(*C4State)} }

// staleObservation sets the discs' values but never clears the buffer.
type staleObservation struct{ *C4State }

func (r staleObservation) Observe(p game.Player, dst []float32) []float32 {
	n := 3 * c4Rows * c4Cols
	if cap(dst) < n {
		dst = make([]float32, n)
	}
	dst = dst[:n]
	fresh := r.C4State.Observe(p, nil)
	for i, v := range fresh {
		if v != 0 {
			dst[i] = v
		}
	}
	return dst
}
func (r staleObservation) Clone() game.State { return staleObservation{r.C4State.Clone().(*C4State)} }

// allocatingObservation ignores the caller's buffer.
type allocatingObservation struct{ *C4State }

func (r allocatingObservation) Observe(p game.Player, dst []float32) []float32 {
	return r.C4State.Observe(p, nil)
}
func (r allocatingObservation) Clone() game.State {
	return allocatingObservation{r.C4State.Clone().(*C4State)}
}

// countingObserver counts its calls in the state.
type countingObserver struct {
	*C4State
	calls *int
}

func (r countingObserver) Observe(p game.Player, dst []float32) []float32 {
	*r.calls++
	return r.C4State.Observe(p, dst)
}
func (r countingObserver) Snapshot() any {
	return struct {
		S     any
		Calls int
	}{r.C4State.Snapshot(), *r.calls}
}
func (r countingObserver) Clone() game.State {
	n := *r.calls
	return countingObserver{r.C4State.Clone().(*C4State), &n}
}

func TestKitCatchesBrokenObservers(t *testing.T) {
	c4 := func(wrap func(*C4State) game.State) game.Game {
		return mutantGame{ConnectFour(), func(s game.State, _ game.Config) game.State { return wrap(s.(*C4State)) }}
	}
	hc := func(wrap func(*HCState) game.State) game.Game {
		return mutantGame{HighCard(), func(s game.State, _ game.Config) game.State { return wrap(s.(*HCState)) }}
	}
	tests := []struct {
		name string
		g    game.Game
		want string
	}{
		{"observation leaks the hidden card", hc(func(s *HCState) game.State { return leakyObserver{s} }), "reads hidden information"},
		{"observation ignores the player", hc(func(s *HCState) game.State { return blindObserver{s} }), "must depend on the player"},
		{"shape changes", c4(func(s *C4State) game.State { return growingShape{s} }), "must not change"},
		{"observation too short", c4(func(s *C4State) game.State { return shortObservation{s} }), "gives 125 values; the shape [3 6 7] has 126"},
		{"observation not finite", c4(func(s *C4State) game.State { return nanObservation{s} }), "not finite"},
		{"observation keeps stale values", c4(func(s *C4State) game.State { return staleObservation{s} }), "every value must be written"},
		{"observation ignores the buffer", c4(func(s *C4State) game.State { return allocatingObservation{s} }), "did not write into that buffer"},
		{"observation writes a cache", c4(func(s *C4State) game.State { n := 0; return countingObserver{s, &n} }), "changed the state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCaught(t, tt.g, tt.want)
		})
	}
}

func TestCheckObservation(t *testing.T) {
	// A dealt High Card hand: the observation check passes on the real
	// game and fails on the leaking mutant, whose tensor shows player 1's
	// card to player 0.
	s := &HCState{Cards: [2]int8{2, 4}, History: "p"}
	rng := game.NewRand(1)
	if err := CheckObservation(s, &rng); err != nil {
		t.Fatalf("CheckObservation(high card) = %v; want nil", err)
	}
	err := CheckObservation(leakyObserver{s}, &rng)
	if err == nil || !strings.Contains(err.Error(), "reads hidden information") {
		t.Fatalf("CheckObservation(leaky) = %v; want an error saying it reads hidden information", err)
	}
	// A state that is no game.Observer is not checked.
	if err := CheckObservation(noObserver{s}, &rng); err != nil {
		t.Fatalf("CheckObservation(no observer) = %v; want nil", err)
	}
}

// noObserver hides the Observer methods of the state it wraps.
type noObserver struct{ game.State }

func TestHighCardObservation(t *testing.T) {
	// Player 0 holds a 2, player 1 a 4; player 0 passed, then player 1
	// bet. Player 0 sees its own 2 first, not the 4, its seat and the
	// betting; player 1 sees its own 4 first; the spectator no card.
	s := &HCState{Cards: [2]int8{2, 4}, History: "pb"}
	want := map[game.Player][]float32{
		0:              {0, 1, 0, 0, 0 /**/, 0, 0, 0, 0, 0 /**/, 1, 0 /**/, 1, 0, 0, 1, 0, 0 /**/, 0},
		1:              {0, 0, 0, 1, 0 /**/, 0, 0, 0, 0, 0 /**/, 0, 1 /**/, 1, 0, 0, 1, 0, 0 /**/, 0},
		game.Spectator: {0, 0, 0, 0, 0 /**/, 0, 0, 0, 0, 0 /**/, 0, 0 /**/, 1, 0, 0, 1, 0, 0 /**/, 0},
	}
	for p, w := range want {
		if got := s.Observe(p, nil); !slices.Equal(got, w) {
			t.Errorf("Observe(%s) = %v; want %v", p, got, w)
		}
	}
	// After player 0 calls, the showdown shows both cards to everyone.
	s.History = "pbb"
	got := s.Observe(1, nil)
	if got[3] != 1 || got[hcDeck+1] != 1 || got[hcObsSize-1] != 1 {
		t.Errorf("Observe(1) after the showdown = %v; want its 4, the other's 2 and the end flag set", got)
	}
}

func TestConnectFourObservation(t *testing.T) {
	// Player 0 dropped into column a, player 1 into column c; player 0 is
	// to move.
	s := ConnectFour()
	st, _ := s.New(game.Config{Players: 2})
	st.Apply(0, 0)
	st.Apply(1, 2)
	o := st.(game.Observer)
	if shape := o.ObservationShape(); !slices.Equal(shape, []int{3, 6, 7}) {
		t.Fatalf("shape %v; want [3 6 7]", shape)
	}
	at := func(t []float32, plane, row, col int) float32 { return t[plane*42+row*7+col] }
	// Rows count from the bottom: both discs lie in row 0.
	me, other := o.Observe(0, nil), o.Observe(1, nil)
	if at(me, 0, 0, 0) != 1 || at(me, 1, 0, 2) != 1 || at(me, 2, 3, 3) != 1 {
		t.Errorf("player 0's planes: own disc %v, other disc %v, to move %v; want 1, 1, 1", at(me, 0, 0, 0), at(me, 1, 0, 2), at(me, 2, 3, 3))
	}
	if at(other, 0, 0, 2) != 1 || at(other, 1, 0, 0) != 1 || at(other, 2, 3, 3) != 0 {
		t.Errorf("player 1's planes: own disc %v, other disc %v, to move %v; want 1, 1, 0", at(other, 0, 0, 2), at(other, 1, 0, 0), at(other, 2, 3, 3))
	}
	if sum := sumOf(me); sum != 2+42 {
		t.Errorf("player 0's tensor sums to %v; want 44 (two discs and the to-move plane)", sum)
	}
}

func sumOf(t []float32) float64 {
	s := 0.0
	for _, v := range t {
		s += float64(v)
	}
	return s
}

func BenchmarkObserveHighCard(b *testing.B) {
	s := &HCState{Cards: [2]int8{2, 4}, History: "pb"}
	buf := make([]float32, 0, hcObsSize)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Observe(0, buf)
	}
}
