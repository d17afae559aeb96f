package minerals

import (
	"slices"
	"testing"

	"minehall/game"
)

// position builds a turn position by hand: n players, the full version with
// the given tool sides, an empty board, every mineral in the pouch, the
// cards in the deck; player 0 to move.
type position struct {
	t *testing.T
	s *State
}

func newPosition(t *testing.T, n int, tools string) *position {
	t.Helper()
	pack := DefaultPack()
	s := &State{pack: pack, n: int8(n), version: VersionFull, origin: -1}
	for m := range NumMinerals {
		side := 0
		if tools[m] == 'B' {
			side = 1
		}
		s.tools[m] = pack.Tiles[m][side].Tool
		s.pouch[m] = uint8(MineralCounts[m])
	}
	for p := range s.pawn {
		s.pawn[p] = -1
	}
	s.faceUp = [faceUpSlots]int8{-1, -1, -1, -1}
	s.deck = 1<<len(pack.Cards) - 1
	s.phase = phaseMove
	return &position{t: t, s: s}
}

// put lays mineral m on c.
func (p *position) put(c Cell, m Mineral) {
	p.s.pouch[m]--
	p.s.setMineral(c, uint8(m)+1)
}

// give puts minerals from the pouch into seat q's pool.
func (p *position) give(q int, c Counts) {
	for m, k := range c {
		p.s.pouch[m] -= k
		p.s.pool[q][m] += k
	}
}

// cell walks k hexes from c in direction d.
func (p *position) cell(c Cell, d Direction, k int) Cell {
	p.t.Helper()
	for range k {
		next, ok := Neighbour(c, d)
		if !ok {
			p.t.Fatalf("walking from %s %s leaves the grid", c, d)
		}
		c = next
	}
	return c
}

func (p *position) targets() []string {
	var out []string
	for _, a := range p.s.Legal(game.Player(p.s.current), nil) {
		if a < actFail {
			out = append(out, Cell(a).String())
		}
	}
	slices.Sort(out)
	return out
}

func (p *position) play(a string) {
	p.t.Helper()
	if _, err := game.PlayNotation(p.s, game.Player(p.s.current), a); err != nil {
		p.t.Fatalf("%s: %v", a, err)
	}
	if err := p.s.CheckInvariants(); err != nil {
		p.t.Fatalf("after %s: %v", a, err)
	}
}

func names(cs ...Cell) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	slices.Sort(out)
	return out
}

// Matt (golden: orpiment, 5 hexes) can move in three directions only: two
// others leave the board and one is blocked by a crevice of two hexes.
func TestExampleMattThreeDirections(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(2, 7)
	p.put(o, Orpiment)
	p.s.pawn[0] = int16(o)
	for _, d := range []Direction{East, West, SouthEast} {
		for k := 1; k <= 5; k++ {
			p.put(p.cell(o, d, k), Wollastonite)
		}
	}
	for _, k := range []int{1, 4, 5} { // hexes 2 and 3 are a crevice
		p.put(p.cell(o, SouthWest, k), Kyanite)
	}
	p.put(p.cell(o, NorthEast, 1), Kyanite) // the way north leaves the grid
	p.put(p.cell(o, NorthWest, 1), Kyanite)
	want := names(p.cell(o, East, 5), p.cell(o, West, 5), p.cell(o, SouthEast, 5))
	if got := p.targets(); !slices.Equal(got, want) {
		t.Errorf("Matt's moves are %v; want %v", got, want)
	}
	if err := game.Check(p.s, 0, game.Action(p.cell(o, SouthWest, 5))); err == nil {
		t.Errorf("the move across the two-hex crevice was accepted")
	}
}

// David (pink: tourmaline, 3 hexes) can only move onto the anthracite or the
// kyanite.
func TestExampleDavidTwoDestinations(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Tourmaline)
	p.s.pawn[0] = int16(o)
	// East: two minerals, then the anthracite.
	p.put(p.cell(o, East, 1), Wollastonite)
	p.put(p.cell(o, East, 2), Wollastonite)
	anthracite := p.cell(o, East, 3)
	p.put(anthracite, Anthracite)
	// North-east: across a one-hex crevice onto the kyanite.
	p.put(p.cell(o, NorthEast, 1), Wollastonite)
	kyanite := p.cell(o, NorthEast, 3)
	p.put(kyanite, Kyanite)
	// West ends on a crevice.
	p.put(p.cell(o, West, 1), Wollastonite)
	p.put(p.cell(o, West, 2), Wollastonite)
	// North-west ends on Matt's pawn.
	for k := 1; k <= 3; k++ {
		p.put(p.cell(o, NorthWest, k), Wollastonite)
	}
	p.s.pawn[1] = int16(p.cell(o, NorthWest, 3))
	// South-west: a crevice of two hexes. South-east: nothing.
	p.put(p.cell(o, SouthWest, 3), Kyanite)
	want := names(anthracite, kyanite)
	if got := p.targets(); !slices.Equal(got, want) {
		t.Errorf("David's moves are %v; want %v", got, want)
	}
	err := game.Check(p.s, 0, game.Action(p.cell(o, NorthWest, 3)))
	if err == nil || game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("moving onto a pawn: got %v; want an illegal-move error", err)
	}
}

// David's move from a wollastonite onto the anthracite cuts off two
// fragments: he takes the tourmaline from A and the wollastonite from B; the
// rest goes to the pouch.
func cutOffPosition(t *testing.T, tools string) (*position, Cell, Cell, Cell) {
	p := newPosition(t, 2, tools)
	o := CellAt(7, 7)
	p.put(o, Wollastonite)
	p.s.pawn[0] = int16(o)
	dest := p.cell(o, East, 1)
	p.put(dest, Anthracite)
	p.put(p.cell(dest, East, 1), Kyanite)
	p.put(p.cell(dest, NorthEast, 1), Kyanite)
	p.s.pawn[1] = int16(p.cell(dest, East, 1))
	a1, a2 := p.cell(o, NorthWest, 1), p.cell(o, NorthWest, 2)
	p.put(a1, Tourmaline)
	p.put(a2, Anthracite)
	b1, b2 := p.cell(o, SouthWest, 1), p.cell(o, SouthWest, 2)
	p.put(b1, Wollastonite)
	p.put(b2, Kyanite)
	return p, dest, a2, o
}

func TestExampleDavidTwoFragments(t *testing.T) {
	p, dest, _, _ := cutOffPosition(t, "AAAAA")
	pouch := p.s.pouch
	p.play("move " + dest.String())
	// The lifted wollastonite could pay for the Hammer: David declines.
	p.play("cut")
	if got, want := p.s.pool[0], (Counts{2, 0, 1, 0, 0}); got != want {
		t.Errorf("David's pool is %v; want %v (the lifted wollastonite, the tourmaline of A, the wollastonite of B)", got, want)
	}
	pouch[Anthracite]++
	pouch[Kyanite]++
	if p.s.pouch != pouch {
		t.Errorf("pouch is %v; want %v", p.s.pouch, pouch)
	}
	if got := p.s.minerals.Len(); got != 3 {
		t.Errorf("%d minerals on the board; want 3", got)
	}
}

func TestShovelTakesAnyMineral(t *testing.T) {
	p, dest, a2, _ := cutOffPosition(t, "BAAAA")
	p.give(0, Counts{1, 0, 0, 0, 0})
	p.play("move " + dest.String())
	if p.s.phase != phaseCut {
		t.Fatalf("phase %s; want the cut, where the Shovel may act", phaseNames[p.s.phase])
	}
	p.play("shovel " + a2.String())
	if got, want := p.s.pool[0], (Counts{2, 0, 0, 1, 0}); got != want {
		t.Errorf("pool is %v; want %v (the anthracite of A by the Shovel, the wollastonite of B)", got, want)
	}
	if got, want := p.s.stack[0], (Counts{1, 0, 0, 0, 0}); got != want {
		t.Errorf("tools paid %v; want %v", got, want)
	}
}

func TestHammerKeepsFragment(t *testing.T) {
	p, dest, _, o := cutOffPosition(t, "AAAAA")
	p.give(0, Counts{1, 0, 0, 0, 0})
	p.play("move " + dest.String())
	if p.s.phase != phaseCut {
		t.Fatalf("phase %s; want the cut, where the Hammer may act", phaseNames[p.s.phase])
	}
	// A kyanite on the lifted hex joins both fragments to the board.
	p.play("hammer kyanite " + o.String())
	if got, want := p.s.pool[0], (Counts{1, 0, 0, 0, 0}); got != want {
		t.Errorf("pool is %v; want %v (one wollastonite of two paid for the Hammer, nothing cut off)", got, want)
	}
	if got := p.s.minerals.Len(); got != 8 {
		t.Errorf("%d minerals on the board; want 8", got)
	}
}

// Kate (blue) stands on anthracite with no correct move; she spends a
// tourmaline on the Map, turns over a crevice, ends on a wollastonite, takes
// the anthracite and the kyanite of the fragment she cut off, and exchanges
// 1 wollastonite, 2 kyanite, 2 tourmaline and 1 anthracite for the card
// worth 21 points.
func TestExampleKateMapAndCollection(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 5)
	p.put(o, Anthracite)
	p.s.pawn[0] = int16(o)
	e1, e2 := p.cell(o, East, 1), p.cell(o, East, 2)
	p.put(e1, Wollastonite)
	link := p.cell(e1, SouthEast, 1)
	p.put(link, Kyanite)
	turn := p.cell(e2, SouthEast, 1)
	p.put(turn, Tourmaline)
	dest := p.cell(e2, SouthEast, 2)
	p.put(dest, Wollastonite)
	p.put(p.cell(o, West, 1), Kyanite) // fragment C
	p.put(p.cell(o, West, 2), Tourmaline)
	far := CellAt(2, 12) // the other pawn, on its own piece
	p.put(far, Wollastonite)
	p.put(p.cell(far, East, 1), Wollastonite)
	p.s.pawn[1] = int16(far)
	p.give(0, Counts{1, 1, 3, 0, 0})
	for k, c := range p.s.pack.Cards {
		if c.ID == "d01" {
			p.s.faceUp[0] = int8(k)
			p.s.deck &^= 1 << k
		}
	}
	legal := p.s.Legal(0, nil)
	if !slices.Contains(legal, actFail) {
		t.Fatalf("Kate has a plain move (legal %v); the example says she has none", legal)
	}
	if !slices.Contains(legal, game.Action(actMap+int(dest))) {
		t.Fatalf("map %s is not legal", dest)
	}
	p.play("map " + dest.String())
	if got, want := p.s.pool[0], (Counts{1, 2, 2, 1, 0}); got != want {
		t.Fatalf("Kate's pool is %v; want %v", got, want)
	}
	p.play("take 1")
	if got := p.s.Score(0); got != 21+3-1 {
		t.Errorf("Kate's score is %d; want 23 (the card's 21, the tourmaline on the Map: 3 - 1)", got)
	}
	if p.s.pool[0].Total() != 0 {
		t.Errorf("Kate's pool is %v after the exchange; want empty", p.s.pool[0])
	}
}
