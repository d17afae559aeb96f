package outofmine

import (
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// The conformance kit checks the observation at every state of its random
// games (TestConformance): a fixed shape, finite values, a pure read, every
// value written, the same tensor in determinizations. These tests check
// the encoding itself, and the leak check in the phase with hidden cards.

func obsStart(t testing.TB, players int, opts game.Options, seed uint64) *State {
	t.Helper()
	s, _, err := game.Start(New(), players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// obsChance plays chance's outcomes, drawn with rng, while chance is to
// act, stopping early once stop returns true.
func obsChance(t testing.TB, s *State, rng *game.Rand, stop func() bool) {
	t.Helper()
	for slices.Contains(s.Actors(nil), game.Chance) && !stop() {
		a := game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64())
		if err := game.Play(s, game.Chance, a); err != nil {
			t.Fatal(err)
		}
	}
}

func obsPlay(t testing.TB, s *State, p game.Player, move string) {
	t.Helper()
	if _, err := game.PlayNotation(s, p, move); err != nil {
		t.Fatalf("%s by %s: %v", move, p, err)
	}
}

// Offsets counted by hand from Observe's doc comment.
const (
	obsSeatSize   = 32*64 + 51 // 2099
	obsVecAt      = 32 * 64    // a seat's values after its planes
	obsTableSize  = 163
	obsTSupply    = 5 + 1 + 2 + 3 // after the phase, round, clock and options
	obsTPile      = obsTSupply + 95
	obsTCardsLeft = obsTPile + 1
	obsTToDeal    = obsTCardsLeft + 1
	obsTSeen      = obsTToDeal + 10
	obsTYou       = obsTSeen + 40
)

func TestObservationShape(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		for _, opts := range []game.Options{nil, {OptElves: "true", OptFinds: "true", OptClock: "0"}} {
			s := obsStart(t, n, opts, 1)
			want := n*obsSeatSize + obsTableSize
			if got := s.ObservationShape(); !slices.Equal(got, []int{want}) {
				t.Errorf("%d players, %v: shape %v; want [%d]", n, opts, got, want)
			}
		}
	}
}

func obsSum(xs []float32) float32 {
	var t float32
	for _, x := range xs {
		t += x
	}
	return t
}

func TestObserveFirstState(t *testing.T) {
	// Before the deal: no seat has a board; the whole box is in the supply
	// (every kind the box holds at 1, the others 0), six boards in the
	// pile, all 40 cards to deal, the clock on at 180 seconds.
	s := obsStart(t, 3, nil, 7)
	o := s.Observe(1, nil)
	if got := obsSum(o[:3*obsSeatSize]); got != 0 {
		t.Errorf("the seat blocks sum to %v before the deal; want 0", got)
	}
	g := o[3*obsSeatSize:]
	if g[0] != 1 || g[5] != 1.0/7 || g[6] != 1 || g[7] != 180.0/3600 || g[8] != 0 {
		t.Errorf("phase deal %v, round %v, clock on %v, clock %v, assist %v; want 1, 1/7, 1, 0.05, 0", g[0], g[5], g[6], g[7], g[8])
	}
	kinds := 0
	var box [numKinds]int
	for _, tl := range s.pack.Tiles {
		box[kindOf(&tl)]++
	}
	for k := range numKinds {
		want := float32(0)
		if box[k] > 0 {
			want = 1
			kinds++
		}
		if g[obsTSupply+k] != want {
			t.Errorf("supply of %s: %v; want %v", kindName(s.pack, k), g[obsTSupply+k], want)
		}
	}
	if kinds < NumShapes {
		t.Errorf("only %d kinds in the box; want at least one per shape (%d)", kinds, NumShapes)
	}
	if g[obsTPile] != 1 || g[obsTCardsLeft] != 1 || obsSum(g[obsTToDeal:obsTSeen]) != 0 || obsSum(g[obsTSeen:obsTYou]) != 0 {
		t.Errorf("pile %v, cards left %v, to deal %v, seen %v; want 1, 1, none, none", g[obsTPile], g[obsTCardsLeft], g[obsTToDeal:obsTSeen], g[obsTSeen:obsTYou])
	}
	if !slices.Equal(g[obsTYou:], []float32{0, 1, 0, 0, 0}) {
		t.Errorf("observer flags %v; want seat 1", g[obsTYou:])
	}
}

func TestObserveChoosingAndCards(t *testing.T) {
	// After the deal, each seat's planes show both sides of its board as
	// the view draws them ('#' a gallery space), seen from seat 1: seat 1
	// first, then 2, then 0.
	s := obsStart(t, 3, game.Options{OptElves: "true"}, 8)
	rng := game.NewRand(8)
	obsChance(t, s, &rng, func() bool { return false })
	if s.phase != PhaseChoose {
		t.Fatalf("phase %s after the deal; want choose", s.phase)
	}
	o := s.Observe(1, nil)
	v := s.View(1).(View)
	for q := range 3 {
		blk := o[((q+2)%3)*obsSeatSize:]
		if blk[obsVecAt+int(s.seats[q].Board)] != 1 {
			t.Errorf("seat %d: board %d not flagged", q, s.seats[q].Board)
		}
		for side := range 2 {
			planes := blk[(7+7*side)*64:]
			sv := v.Players[q].Sides[side]
			for r, row := range sv.Rows {
				for c := range row {
					gal, area := planes[r*8+c], planes[64+r*8+c]
					if gal != obsFlag(row[c] == '#') || area != 1 {
						t.Errorf("seat %d side %c cell %s: gallery %v, area %v; want %v, 1", q, 'A'+side, cellName(r*8+c), gal, area, obsFlag(row[c] == '#'))
					}
				}
			}
			if got := obsSum(planes[:64]); got != GalleryCells {
				t.Errorf("seat %d side %c: %v gallery spaces; want %d", q, 'A'+side, got, GalleryCells)
			}
			for _, e := range sv.Elves {
				col, _ := ParseColor(e.Color)
				cell := int(e.Cell[0]-'a') + 8*int(e.Cell[1]-'1')
				if planes[(2+int(col))*64+cell] != 1 {
					t.Errorf("seat %d side %c: no %s elf at %s", q, 'A'+side, e.Color, e.Cell)
				}
			}
		}
		if obsSum(blk[:7*64]) != 0 {
			t.Errorf("seat %d: the planes of the side played are set before it chose", q)
		}
	}
	// Seat 2 chooses side B: its played planes now hold side B, its choice
	// planes are cleared.
	obsPlay(t, s, 2, "side B")
	o = s.Observe(1, nil)
	blk := o[1*obsSeatSize:]
	side := &s.pack.Boards[s.seats[2].Board].Sides[1]
	if obsSum(blk[:64]) != GalleryCells || obsSum(blk[64:128]) != float32(side.Area.Count()) || obsSum(blk[7*64:21*64]) != 0 {
		t.Errorf("seat 2 after side B: gallery %v, area %v, choice planes %v; want 20, %d, 0", obsSum(blk[:64]), obsSum(blk[64:128]), obsSum(blk[7*64:21*64]), side.Area.Count())
	}
	if blk[obsVecAt+10] != 0 || blk[obsVecAt+11] != 1 {
		t.Errorf("seat 2's side flags %v; want B", blk[obsVecAt+10:obsVecAt+12])
	}
	for _, p := range []game.Player{0, 1} {
		obsPlay(t, s, p, "side A")
	}
	// The cards are dealt face down, one seat at a time: the tensors flag
	// them down and show no face, and a determinization (which redraws
	// them) gives every viewer the same tensor.
	if s.phase != PhaseCards {
		t.Fatalf("phase %s; want cards", s.phase)
	}
	for i := 0; s.phase == PhaseCards; i++ {
		for q := range 3 {
			o := s.Observe(game.Player(q), nil)
			down := s.seats[q].Card >= 0
			if o[obsVecAt+23] != obsFlag(down) || obsSum(o[obsVecAt+14:obsVecAt+23]) != 0 {
				t.Errorf("card %d dealt: seat %d sees card down %v and face %v; want %v and no face", i, q, o[obsVecAt+23], o[obsVecAt+14:obsVecAt+23], down)
			}
		}
		if err := gametest.CheckObservation(s, &rng); err != nil {
			t.Fatalf("%d cards dealt: %v", i, err)
		}
		a := game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64())
		if err := game.Play(s, game.Chance, a); err != nil {
			t.Fatal(err)
		}
	}
	if s.phase != PhaseRound {
		t.Fatalf("phase %s after the cards; want round", s.phase)
	}
	// The last card turns them all face up: each seat's card face, and
	// the three cards flagged as seen.
	o = s.Observe(0, nil)
	for q := range 3 {
		c := s.cardOf(q)
		blk := o[q*obsSeatSize+obsVecAt:]
		for col := range NumColors {
			if blk[14+int(col)] != float32(c.Count[col])/5 {
				t.Errorf("seat %d's card %d: %s %v; want %v", q, c.ID, col, blk[14+int(col)], float32(c.Count[col])/5)
			}
		}
		if k, _ := s.pack.CardByID(c.ID); o[3*obsSeatSize+obsTSeen+k] != 1 {
			t.Errorf("card %d is not flagged as seen", c.ID)
		}
	}
	if got := obsSum(o[3*obsSeatSize+obsTSeen : 3*obsSeatSize+obsTYou]); got != 3 {
		t.Errorf("%v cards flagged as seen; want 3", got)
	}
}

func TestObserveTiles(t *testing.T) {
	// Seat 0 takes an I3 with gold: its hand shows shape I3 and element
	// gold, the supply of that kind drops by one. Placed, the green plane
	// and the gold plane hold its three cells, joined by two joins.
	s := obsStart(t, 2, nil, 4)
	rng := game.NewRand(4)
	obsChance(t, s, &rng, func() bool { return false })
	obsPlay(t, s, 0, "side A")
	obsPlay(t, s, 1, "side A")
	obsChance(t, s, &rng, func() bool { return false })
	i3, _ := s.pack.ShapeByID("I3")
	kind := i3*int(NumElements) + int(Gold)
	var box int
	for _, tl := range s.pack.Tiles {
		if kindOf(&tl) == kind {
			box++
		}
	}
	obsPlay(t, s, 0, "take I3 gold")
	o := s.Observe(0, nil)
	if o[obsVecAt+24+i3] != 1 || o[obsVecAt+24+NumShapes+int(Gold)] != 1 {
		t.Errorf("hand: shape flags %v, element flags %v; want I3 and gold", o[obsVecAt+24:obsVecAt+24+NumShapes], o[obsVecAt+24+NumShapes:obsVecAt+24+NumShapes+5])
	}
	if got, want := o[2*obsSeatSize+obsTSupply+kind], float32(box-1)/float32(box); got != want {
		t.Errorf("supply of I3 gold %v; want %v", got, want)
	}
	var place game.Action = -1
	for _, a := range s.Legal(0, nil) {
		if int(a) >= actPlace && int(a) < actMove {
			place = a
			break
		}
	}
	if err := game.Play(s, 0, place); err != nil {
		t.Fatal(err)
	}
	tile := -1
	for tl, w := range s.where {
		if w == boardBase {
			tile = tl
		}
	}
	cells := s.tileCells(tile, s.spots[tile])
	o = s.Observe(1, nil) // seat 0 is relative seat 1 for seat 1
	blk := o[obsSeatSize:]
	for c := range 64 {
		in := obsFlag(cells&(1<<c) != 0)
		if blk[(21+int(Green))*64+c] != in || blk[(26+int(Gold)-1)*64+c] != in {
			t.Errorf("cell %s: green %v, gold %v; want %v", cellName(c), blk[(21+int(Green))*64+c], blk[(26+int(Gold)-1)*64+c], in)
		}
	}
	if got := obsSum(blk[30*64 : 32*64]); got != 2 {
		t.Errorf("%v joins for a straight tromino; want 2", got)
	}
	if got := obsSum(blk[obsVecAt+24 : obsVecAt+24+NumShapes+5]); got != 0 {
		t.Errorf("hand flags sum to %v after placing; want 0", got)
	}
	want := float32((s.sideOf(0).Gallery &^ cells).Count()) / GalleryCells
	if blk[obsVecAt+24+NumShapes+5] != want {
		t.Errorf("empty spaces %v; want %v", blk[obsVecAt+24+NumShapes+5], want)
	}
}

func TestObserveNoAllocation(t *testing.T) {
	s := obsStart(t, 4, nil, 2)
	rng := game.NewRand(2)
	obsChance(t, s, &rng, func() bool { return false })
	buf := make([]float32, 0, s.ObservationShape()[0])
	if n := testing.AllocsPerRun(20, func() { buf = s.Observe(2, buf) }); n != 0 {
		t.Errorf("Observe into a large enough buffer allocates %v times; want 0", n)
	}
}

func BenchmarkObserve(b *testing.B) {
	// A 4-player round in progress, a few tiles placed.
	s := obsStart(b, 4, nil, 3)
	rng := game.NewRand(3)
	for i := 0; i < 400 && !s.Terminal(); i++ {
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
		if s.phase == PhaseRound && s.seats[0].Occupied != 0 {
			break
		}
	}
	buf := make([]float32, 0, s.ObservationShape()[0])
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Observe(1, buf)
	}
}
