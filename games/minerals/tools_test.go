package minerals

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// refuse plays move for the current player and wants it refused with an
// error of code want whose message contains reason, the state unchanged.
func (p *position) refuse(move string, want game.Code, reason string) {
	p.t.Helper()
	before, _ := json.Marshal(p.s.Snapshot())
	_, err := game.PlayNotation(p.s, game.Player(p.s.current), move)
	if err == nil {
		p.t.Errorf("%s was accepted; want it refused saying %q", move, reason)
		return
	}
	if got := game.ErrorCode(err); got != want || !strings.Contains(err.Error(), reason) {
		p.t.Errorf("%s: got %q (%s); want code %s saying %q", move, err, got, want, reason)
	}
	if after, _ := json.Marshal(p.s.Snapshot()); !bytes.Equal(before, after) {
		p.t.Errorf("%s was refused but changed the state", move)
	}
}

// chance plays a random outcome's notation as Chance.
func (p *position) chance(move string) {
	p.t.Helper()
	if _, err := game.PlayNotation(p.s, game.Chance, move); err != nil {
		p.t.Fatalf("chance %s: %v", move, err)
	}
	if err := p.s.CheckInvariants(); err != nil {
		p.t.Fatalf("after chance %s: %v", move, err)
	}
}

// toolTargets returns the hexes of p's legal actions of the cell tool
// whose first action is first.
func (p *position) toolTargets(first int) []string {
	var out []string
	for _, a := range p.s.Legal(game.Player(p.s.current), nil) {
		if int(a) >= first && int(a) < first+NumCells {
			out = append(out, Cell(int(a)-first).String())
		}
	}
	slices.Sort(out)
	return out
}

// wantPlayer checks seat q's pool and tool stack and its points: the pool's
// value plus the stack's value minus one point per stacked mineral.
func (p *position) wantPlayer(q int, pool, stack Counts, points int) {
	p.t.Helper()
	if p.s.pool[q] != pool {
		p.t.Errorf("seat %d's pool is %v; want %v", q, p.s.pool[q], pool)
	}
	if p.s.stack[q] != stack {
		p.t.Errorf("seat %d's tool stack is %v; want %v", q, p.s.stack[q], stack)
	}
	if got := p.s.Score(q); got != points {
		p.t.Errorf("seat %d scores %d; want %d", q, got, points)
	}
}

// pouchPlus returns the pouch before plus the counts d.
func pouchPlus(before Counts, d Counts) Counts {
	for m := range d {
		before[m] += d[m]
	}
	return before
}

func TestChestDrawsFromThePouch(t *testing.T) {
	build := func() (*position, Cell) {
		p := newPosition(t, 2, "AAAAA")
		o := CellAt(7, 7)
		p.put(o, Kyanite)
		p.s.pawn[0] = int16(o)
		p.put(p.cell(o, East, 1), Wollastonite)
		p.put(p.cell(o, East, 2), Wollastonite)
		p.put(p.cell(o, East, 3), Wollastonite)
		p.s.pawn[1] = int16(p.cell(o, East, 3))
		return p, o
	}
	t.Run("OK", func(t *testing.T) {
		p, o := build()
		p.give(0, Counts{0, 1, 0, 0, 0})
		pouch := p.s.pouch
		p.play("chest")
		if got := p.s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) {
			t.Fatalf("actors after the Chest are %v; want Chance", got)
		}
		outs := p.s.ChanceOutcomes(nil)
		total := float64(pouch.Total())
		for _, o := range outs {
			m := Mineral(int(o.Action) - actDraw)
			if want := float64(pouch[m]) / total; o.Probability != want {
				t.Errorf("drawing %s has probability %v; want %v", m, o.Probability, want)
			}
		}
		p.chance("draw orpiment")
		if p.s.phase != phaseMove || p.s.current != 0 {
			t.Fatalf("after the draw: phase %s, seat %d; want seat 0 still to move", phaseNames[p.s.phase], p.s.current)
		}
		if p.s.pouch[Orpiment] != pouch[Orpiment]-1 {
			t.Errorf("pouch holds %d orpiment; want %d", p.s.pouch[Orpiment], pouch[Orpiment]-1)
		}
		p.wantPlayer(0, Counts{0, 0, 0, 0, 1}, Counts{0, 1, 0, 0, 0}, 5+2-1)
		p.refuse("chest", game.CodeIllegal, "already used a tool this turn")
		p.play("move " + p.cell(o, East, 2).String())
		p.wantPlayer(0, Counts{0, 1, 0, 0, 1}, Counts{0, 1, 0, 0, 0}, 2+5+2-1)
	})
	t.Run("ErrNoKyanite", func(t *testing.T) {
		p, _ := build()
		p.refuse("chest", game.CodeIllegal, "costs one kyanite and you have none")
	})
	t.Run("ErrPouchEmpty", func(t *testing.T) {
		p, _ := build()
		p.give(0, Counts{0, 1, 0, 0, 0})
		p.give(1, p.s.pouch)
		p.refuse("chest", game.CodeIllegal, "cannot be used when the pouch is empty")
	})
	t.Run("ErrOtherSide", func(t *testing.T) {
		p, _ := build()
		p.s.tools[Kyanite] = Sack
		p.give(0, Counts{0, 1, 0, 0, 0})
		p.refuse("chest", game.CodeIllegal, "the Chest is not in this game")
	})
	t.Run("ErrNoToolsInVersion", func(t *testing.T) {
		for _, v := range []Version{Version6, Version7} {
			p, _ := build()
			p.s.version = v
			p.give(0, Counts{0, 1, 0, 0, 0})
			p.refuse("chest", game.CodeIllegal, "played without tools")
		}
	})
}

func TestCompassStopsShort(t *testing.T) {
	// Seat 0 stands on an anthracite with no correct move of 4 hexes. East:
	// two wollastonites, a crevice, a kyanite under seat 2's pawn; west: a
	// kyanite, then seat 1's pawn.
	p := newPosition(t, 3, "AABAA")
	o := CellAt(7, 7)
	p.put(o, Anthracite)
	p.s.pawn[0] = int16(o)
	e1, e2, e4 := p.cell(o, East, 1), p.cell(o, East, 2), p.cell(o, East, 4)
	w1, w2 := p.cell(o, West, 1), p.cell(o, West, 2)
	p.put(e1, Wollastonite)
	p.put(e2, Wollastonite)
	p.put(e4, Kyanite)
	p.s.pawn[2] = int16(e4)
	p.put(w1, Kyanite)
	p.put(w2, Wollastonite)
	p.s.pawn[1] = int16(w2)
	p.give(0, Counts{0, 0, 1, 0, 0})
	if legal := p.s.Legal(0, nil); !slices.Contains(legal, actFail) {
		t.Fatalf("seat 0 has a correct move; the position has none")
	}
	if got, want := p.toolTargets(actCompass), names(e2, w1); !slices.Equal(got, want) {
		t.Errorf("Compass targets %v; want %v (before the crevice, before the pawn)", got, want)
	}
	p.refuse("compass "+e1.String(), game.CodeIllegal, "stops on a free mineral just before a crevice, the edge of the grid or a pawn")
	p.refuse("compass "+e4.String(), game.CodeIllegal, "moves 1 to 3 hexes")
	pouch := p.s.pouch
	p.play("compass " + w1.String())
	// Lifting the anthracite cuts the two wollastonites off: one to seat 0,
	// one to the pouch.
	p.wantPlayer(0, Counts{1, 0, 0, 1, 0}, Counts{0, 0, 1, 0, 0}, 1+4+3-1)
	if want := pouchPlus(pouch, Counts{1, 0, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v", p.s.pouch, want)
	}
	if p.s.pawn[0] != int16(w1) || p.s.board[o] != 0 || p.s.board[e1] != 0 || p.s.board[e2] != 0 {
		t.Errorf("pawn on %s, origin %d, fragment %d %d; want the pawn on %s and the rest lifted", Cell(p.s.pawn[0]), p.s.board[o], p.s.board[e1], p.s.board[e2], w1)
	}
	if p.s.current != 1 {
		t.Errorf("seat %d to move; want 1 (nothing left to do after the move)", p.s.current)
	}
}

func TestCompassOnlyDuringTheMove(t *testing.T) {
	p := newPosition(t, 2, "AABAA")
	o := CellAt(7, 7)
	p.put(o, Wollastonite)
	p.s.pawn[0] = int16(o)
	for k := 1; k <= 4; k++ {
		p.put(p.cell(o, East, k), Tourmaline)
	}
	p.s.pawn[1] = int16(p.cell(o, East, 4))
	p.give(0, Counts{0, 0, 1, 0, 0})
	p.play("move " + p.cell(o, East, 1).String())
	if p.s.phase != phaseAfter {
		t.Fatalf("phase %s; want after the move (the lifted wollastonite pays for the Hammer)", phaseNames[p.s.phase])
	}
	p.refuse("compass "+p.cell(o, East, 2).String(), game.CodeIllegal, "used during your move, and you have already moved")
}

func TestMagnifyingGlassTakesAnotherColor(t *testing.T) {
	// Seat 0 moves from a kyanite two hexes east onto a tourmaline. Around
	// it: the wollastonite it crossed (west), a kyanite leading to a tail
	// of a wollastonite and a kyanite (east), a tourmaline (north-east) and
	// seat 1's pawn on a wollastonite (south-east).
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 5)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	e := func(k int) Cell { return p.cell(o, East, k) }
	p.put(e(1), Wollastonite)
	p.put(e(2), Tourmaline)
	p.put(e(3), Kyanite)
	p.put(e(4), Wollastonite)
	p.put(e(5), Kyanite)
	ne, se := p.cell(e(2), NorthEast, 1), p.cell(e(2), SouthEast, 1)
	p.put(ne, Tourmaline)
	p.put(se, Wollastonite)
	p.s.pawn[1] = int16(se)
	p.give(0, Counts{0, 0, 0, 1, 0})
	if got, want := p.toolTargets(actGlass), names(e(1)); !slices.Equal(got, want) {
		t.Errorf("Magnifying Glass targets before the move %v; want %v (next to the pawn where it stands)", got, want)
	}
	p.play("move " + e(2).String())
	if p.s.phase != phaseAfter || p.s.current != 0 {
		t.Fatalf("phase %s, seat %d; want seat 0 after the move", phaseNames[p.s.phase], p.s.current)
	}
	if got, want := p.toolTargets(actGlass), names(e(1), e(3)); !slices.Equal(got, want) {
		t.Errorf("Magnifying Glass targets %v; want %v", got, want)
	}
	p.refuse("glass "+ne.String(), game.CodeIllegal, "whose color differs from the mineral your pawn stands on")
	p.refuse("glass "+se.String(), game.CodeIllegal, "free mineral next to your pawn")
	p.refuse("glass "+e(4).String(), game.CodeIllegal, "next to your pawn")
	pouch := p.s.pouch
	p.play("glass " + e(3).String())
	// The kyanite taken cuts the tail off: its wollastonite to seat 0, its
	// kyanite to the pouch.
	p.wantPlayer(0, Counts{1, 2, 0, 0, 0}, Counts{0, 0, 0, 1, 0}, 1+4+4-1)
	if want := pouchPlus(pouch, Counts{0, 1, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v", p.s.pouch, want)
	}
	for _, c := range []Cell{e(3), e(4), e(5)} {
		if p.s.board[c] != 0 {
			t.Errorf("hex %s still holds a mineral", c)
		}
	}
	if p.s.current != 1 {
		t.Errorf("seat %d to move; want 1", p.s.current)
	}
}

// explainAgrees checks that Explain allows exactly the legal actions, for
// every seat and Chance.
func (p *position) explainAgrees() {
	p.t.Helper()
	for q := game.Chance; q < game.Player(p.s.n); q++ {
		legal := p.s.Legal(q, nil)
		for a := range game.Action(numActions) {
			if err := p.s.Explain(q, a); (err == nil) != slices.Contains(legal, a) {
				p.t.Errorf("seat %s, %s: Explain says %v; legal %v", q, p.s.ActionString(q, a), err, slices.Contains(legal, a))
			}
		}
	}
}

// The Magnifying Glass may be used any time in the turn: before the move it
// takes a mineral next to where the pawn stands then, and that mineral goes
// to the pouch if no correct move follows; fragments its taking cuts off
// follow the tool cut-off rule either way.
func TestMagnifyingGlassAnyTimeInTheTurn(t *testing.T) {
	// moveRow: a row w1, o, e1, e2, e3; seat 0 on the kyanite o, seat 1 on
	// e3; the only correct move is east to e2, which cuts w1 off (to seat
	// 0, unless the Glass took it).
	moveRow := func(p *position) map[string]Cell {
		o := CellAt(7, 7)
		h := map[string]Cell{"o": o, "w1": p.cell(o, West, 1), "e1": p.cell(o, East, 1), "e2": p.cell(o, East, 2), "e3": p.cell(o, East, 3)}
		p.put(o, Kyanite)
		p.put(h["w1"], Tourmaline)
		p.put(h["e1"], Wollastonite)
		p.put(h["e2"], Tourmaline)
		p.put(h["e3"], Wollastonite)
		p.s.pawn[0], p.s.pawn[1] = int16(o), int16(h["e3"])
		return h
	}
	// stuck: seat 0 on the anthracite o with no correct move: east a
	// kyanite and two wollastonites, the last under seat 1's pawn, then the
	// edge of the pieces; north-west a kyanite with a wollastonite tail.
	stuck := func(p *position) map[string]Cell {
		o := CellAt(7, 7)
		h := map[string]Cell{"o": o, "e1": p.cell(o, East, 1), "e2": p.cell(o, East, 2), "e3": p.cell(o, East, 3), "nw": p.cell(o, NorthWest, 1), "tail": p.cell(o, NorthWest, 2)}
		p.put(o, Anthracite)
		p.put(h["e1"], Kyanite)
		p.put(h["e2"], Wollastonite)
		p.put(h["e3"], Wollastonite)
		p.put(h["nw"], Kyanite)
		p.put(h["tail"], Wollastonite)
		p.s.pawn[0], p.s.pawn[1] = int16(o), int16(h["e3"])
		return h
	}
	type step struct {
		move   string // notation, hexes as {name}
		refuse string // if set, the move is refused with this reason
	}
	for _, tc := range []struct {
		name       string
		board      func(*position) map[string]Cell
		give       Counts
		before     []string // the Glass's targets before the move
		steps      []step
		pool       Counts // seat 0's pool at the end
		stack      Counts
		points     int
		pouchDelta Counts // what the steps put in the pouch
	}{
		{
			name: "BeforeThenMoveKeeps", board: moveRow, give: Counts{0, 0, 0, 1, 0}, before: []string{"e1", "w1"},
			steps: []step{
				{move: "glass {w1}"},
				{move: "glass {e1}", refuse: "already used a tool this turn"},
				{move: "chest", refuse: "already used a tool this turn"},
				{move: "move {e2}"},
			},
			pool: Counts{0, 1, 1, 0, 0}, stack: Counts{0, 0, 0, 1, 0}, points: 2 + 3 + 4 - 1,
		},
		{
			name: "AfterTheMove", board: moveRow, give: Counts{0, 0, 0, 1, 0}, before: []string{"e1", "w1"},
			steps: []step{
				{move: "move {e2}"},
				{move: "glass {e1}"},
			},
			pool: Counts{1, 1, 1, 0, 0}, stack: Counts{0, 0, 0, 1, 0}, points: 1 + 2 + 3 + 4 - 1,
		},
		{
			name: "NotAfterAnotherTool", board: moveRow, give: Counts{0, 1, 0, 1, 0}, before: []string{"e1", "w1"},
			steps: []step{
				{move: "chest"},
				{move: "draw orpiment"},
				{move: "glass {w1}", refuse: "already used a tool this turn"},
				{move: "move {e2}"},
			},
			pool: Counts{0, 1, 1, 1, 1}, stack: Counts{0, 1, 0, 0, 0}, points: 2 + 3 + 4 + 5 + 2 - 1,
		},
		{
			name: "NeedsAnAnthracite", board: moveRow, before: nil,
			steps: []step{
				{move: "glass {w1}", refuse: "costs one anthracite and you have none"},
				{move: "move {e2}"},
				{move: "end"}, // the kyanite lifted pays for the Chest
			},
			pool: Counts{0, 1, 1, 0, 0}, points: 2 + 3,
		},
		{
			// The kyanite taken cuts the tail off and seat 0 takes its
			// wollastonite, but no correct move follows. RULINGS.md: "A
			// failed turn keeps nothing it cut off. When the turn's move
			// fails, every fragment cut off during that turn goes to the
			// pouch whole, including fragments cut off by a tool used before
			// the move (...): a mineral already taken from such a fragment
			// goes back to the pouch"; the rulebook: "If you were unable to
			// move correctly, you would not be allowed to take a Mineral from
			// the cut off fragment". The Glass's own kyanite follows the
			// Glass's text: "nothing if you made no correct move". Only the
			// anthracite paid for the Glass stays, on the player board.
			name: "BeforeThenNoMoveToPouch", board: stuck, give: Counts{0, 0, 0, 1, 0}, before: []string{"e1", "nw"},
			steps: []step{
				{move: "glass {nw}"},
				{move: "move {e1}", refuse: "must move exactly 4 hexes"},
				{move: "no move"},
				{move: "place {e2}"},
			},
			pool: Counts{}, stack: Counts{0, 0, 0, 1, 0}, points: 4 - 1, pouchDelta: Counts{1, 1, 0, 1, 0},
		},
		{
			// Without the Glass the lifted anthracite cuts the kyanite and
			// its tail off, whole to the pouch.
			name: "NoMoveWithoutGlass", board: stuck, give: Counts{0, 0, 0, 1, 0}, before: []string{"e1", "nw"},
			steps: []step{
				{move: "no move"},
				{move: "place {e2}"},
			},
			pool: Counts{0, 0, 0, 1, 0}, points: 4, pouchDelta: Counts{1, 1, 0, 1, 0},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPosition(t, 2, "AAAAA")
			h := tc.board(p)
			p.give(0, tc.give)
			var before []string
			for _, n := range tc.before {
				before = append(before, h[n].String())
			}
			slices.Sort(before)
			if got := p.toolTargets(actGlass); !slices.Equal(got, before) {
				t.Errorf("Magnifying Glass targets before the move %v; want %v", got, before)
			}
			p.explainAgrees()
			if err := p.s.Explain(1, game.Action(actGlass+int(h["e1"]))); game.ErrorCode(err) != game.CodeNotYourTurn {
				t.Errorf("seat 1 uses the Glass in seat 0's turn: %v; want code %s", err, game.CodeNotYourTurn)
			}
			pouch := p.s.pouch
			var args []string
			for n, c := range h {
				args = append(args, "{"+n+"}", c.String())
			}
			r := strings.NewReplacer(args...)
			for _, st := range tc.steps {
				move := r.Replace(st.move)
				switch {
				case st.refuse != "":
					p.refuse(move, game.CodeIllegal, st.refuse)
				case strings.HasPrefix(move, "draw "):
					p.chance(move)
				default:
					p.play(move)
				}
				p.explainAgrees()
			}
			if p.s.current != 1 || p.s.phase != phaseMove {
				t.Errorf("phase %s, seat %d; want seat 1 to move", phaseNames[p.s.phase], p.s.current)
			}
			if p.s.provisional != (Counts{}) {
				t.Errorf("the turn is over but minerals %v taken before the move are still provisional", p.s.provisional)
			}
			p.wantPlayer(0, tc.pool, tc.stack, tc.points)
			wantPouch := pouchPlus(pouch, tc.pouchDelta)
			if tc.name == "NotAfterAnotherTool" {
				wantPouch[Orpiment]-- // the Chest drew it
			}
			if p.s.pouch != wantPouch {
				t.Errorf("pouch %v; want %v", p.s.pouch, wantPouch)
			}
		})
	}
}

// vortexRow sets up a row of the Vortex tests: w2 and w1 (wollastonites),
// o (seat 0 on a kyanite), then e(1) to e(3) (wollastonites, seat 1's
// pawn on e(3)); seat 0 has the anthracite the Vortex costs.
func vortexRow(t *testing.T) (p *position, o, w1, w2 Cell, e func(k int) Cell) {
	t.Helper()
	p = newPosition(t, 2, "AAABA")
	o = CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	w1, w2 = p.cell(o, West, 1), p.cell(o, West, 2)
	p.put(w1, Wollastonite)
	p.put(w2, Wollastonite)
	e = func(k int) Cell { return p.cell(o, East, k) }
	for k := 1; k <= 3; k++ {
		p.put(e(k), Wollastonite)
	}
	p.s.pawn[1] = int16(e(3))
	p.give(0, Counts{0, 0, 0, 1, 0})
	return p, o, w1, w2, e
}

func TestVortexCarriesPawnAndMineral(t *testing.T) {
	p, o, w1, w2, e := vortexRow(t)
	// Empty hexes touching two minerals besides the carried kyanite: above
	// and below each pair of neighbours on the row, not next to the kyanite.
	want := names(p.cell(w2, NorthEast, 1), p.cell(w2, SouthEast, 1), p.cell(e(1), NorthEast, 1), p.cell(e(1), SouthEast, 1), p.cell(e(2), NorthEast, 1), p.cell(e(2), SouthEast, 1))
	if got := p.toolTargets(actVortex); !slices.Equal(got, want) {
		t.Errorf("Vortex targets %v; want %v", got, want)
	}
	p.refuse("vortex "+p.cell(w1, NorthEast, 1).String(), game.CodeIllegal, "an empty hex touching at least two other minerals")
	p.refuse("vortex "+p.cell(w2, West, 1).String(), game.CodeIllegal, "touching at least two other minerals")
	x := p.cell(e(1), NorthEast, 1)
	pouch := p.s.pouch
	p.play("vortex " + x.String())
	// The two wollastonites west of the emptied hex are cut off: one to
	// seat 0, one to the pouch. Seat 0 still has to move, from x.
	p.wantPlayer(0, Counts{1, 0, 0, 0, 0}, Counts{0, 0, 0, 1, 0}, 1+4-1)
	if want := pouchPlus(pouch, Counts{1, 0, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v", p.s.pouch, want)
	}
	if p.s.pawn[0] != int16(x) || p.s.board[x] != uint8(Kyanite)+1 || p.s.board[o] != 0 {
		t.Errorf("pawn on %s holding %d, origin %d; want the pawn and its kyanite on %s", Cell(p.s.pawn[0]), p.s.board[x], p.s.board[o], x)
	}
	if p.s.phase != phaseMove || p.s.current != 0 {
		t.Fatalf("phase %s, seat %d; want seat 0 still to move", phaseNames[p.s.phase], p.s.current)
	}
	// From x no straight move of two hexes ends on a mineral: the Vortex
	// left seat 0 with a failed move.
	if got := p.targets(); len(got) != 0 || !slices.Contains(p.s.Legal(0, nil), actFail) {
		t.Errorf("moves from %s: %v; want none, and no move legal", x, got)
	}
	p.refuse("vortex "+p.cell(e(2), NorthEast, 1).String(), game.CodeIllegal, "already used a tool this turn")
	// The move fails. RULINGS.md: "A failed turn keeps nothing it cut off
	// [...] including fragments cut off by a tool used before the move
	// (Magnifying Glass, Vortex, Hammer, Dynamite): a mineral already taken
	// from such a fragment goes back to the pouch." The wollastonite seat 0
	// took from the fragment goes back with the lifted kyanite; the
	// anthracite paid for the Vortex stays on the player board.
	p.play("no move")
	p.wantPlayer(0, Counts{}, Counts{0, 0, 0, 1, 0}, 4-1)
	if want := pouchPlus(pouch, Counts{2, 1, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch after the failed move %v; want %v (both wollastonites of the fragment and the kyanite)", p.s.pouch, want)
	}
	if p.s.phase != phaseFailPlace || p.s.provisional != (Counts{}) {
		t.Errorf("phase %s, provisional %v; want the pawn to be placed and nothing provisional", phaseNames[p.s.phase], p.s.provisional)
	}
}

// A fragment a tool cuts off before a correct move is the player's as any
// tool cut-off: the Vortex cuts two wollastonites off, then seat 0 moves
// correctly and keeps one of them. Rulebook: "a fragment of the board can
// be cut off as a result of moving a pawn or using a Tool".
func TestVortexBeforeACorrectMoveKeepsItsCutOff(t *testing.T) {
	// A row w2, w1, o (seat 0 on a kyanite), e1, e2, e3 (seat 1), and a
	// wollastonite south-east of o, touching o and e1 only.
	p, o, _, _, e := vortexRow(t)
	se := p.cell(o, SouthEast, 1)
	p.put(se, Wollastonite)
	x := p.cell(e(1), NorthEast, 1)
	pouch := p.s.pouch
	p.play("vortex " + x.String())
	p.wantPlayer(0, Counts{1, 0, 0, 0, 0}, Counts{0, 0, 0, 1, 0}, 1+4-1)
	if p.s.provisional != (Counts{1, 0, 0, 0, 0}) {
		t.Errorf("provisional %v; want the wollastonite taken from the fragment", p.s.provisional)
	}
	// From x, two hexes south-west over e1 end on se.
	if got, want := p.targets(), names(se); !slices.Equal(got, want) {
		t.Fatalf("moves from %s: %v; want %v", x, got, want)
	}
	p.play("move " + se.String())
	p.wantPlayer(0, Counts{1, 1, 0, 0, 0}, Counts{0, 0, 0, 1, 0}, 1+2+4-1)
	if want := pouchPlus(pouch, Counts{1, 0, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v (the fragment's other wollastonite)", p.s.pouch, want)
	}
	if p.s.provisional != (Counts{}) {
		t.Errorf("provisional %v after a correct move; want nothing", p.s.provisional)
	}
}

func TestRopeCrossesWideCrevices(t *testing.T) {
	// Seat 0 on an anthracite: east, a crevice of three hexes, then a
	// wollastonite beside seat 1's pawn; west, four wollastonites.
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Anthracite)
	p.s.pawn[0] = int16(o)
	e4, e5 := p.cell(o, East, 4), p.cell(o, East, 5)
	p.put(e4, Wollastonite)
	p.put(e5, Wollastonite)
	p.s.pawn[1] = int16(e5)
	for k := 1; k <= 4; k++ {
		p.put(p.cell(o, West, k), Wollastonite)
	}
	w4 := p.cell(o, West, 4)
	p.give(0, Counts{0, 0, 0, 0, 1})
	if got, want := p.targets(), names(w4); !slices.Equal(got, want) {
		t.Errorf("plain moves %v; want %v", got, want)
	}
	if got, want := p.toolTargets(actRope), names(e4); !slices.Equal(got, want) {
		t.Errorf("Rope targets %v; want %v (not the hex a plain move reaches)", got, want)
	}
	p.refuse("rope "+w4.String(), game.CodeIllegal, "reaches a hex a straight move does not")
	p.refuse("rope "+e5.String(), game.CodeIllegal, "exactly 4 hexes in a straight line, ends on a free mineral")
	pouch := p.s.pouch
	p.play("rope " + e4.String())
	// The four wollastonites west are cut off: one to seat 0, three to the
	// pouch.
	p.wantPlayer(0, Counts{1, 0, 0, 1, 0}, Counts{0, 0, 0, 0, 1}, 1+4+5-1)
	if want := pouchPlus(pouch, Counts{3, 0, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v", p.s.pouch, want)
	}
	if p.s.pawn[0] != int16(e4) {
		t.Errorf("pawn on %s; want %s", Cell(p.s.pawn[0]), e4)
	}
}

func TestDynamiteBlastsAFreeMineral(t *testing.T) {
	// Seat 0 moves one hex east from a wollastonite onto a kyanite; beyond
	// it a wollastonite holds a tail tourmaline; seat 1's pawn stands south
	// of the kyanite.
	p := newPosition(t, 2, "AAAAB")
	o := CellAt(7, 7)
	p.put(o, Wollastonite)
	p.s.pawn[0] = int16(o)
	e := func(k int) Cell { return p.cell(o, East, k) }
	p.put(e(1), Kyanite)
	p.put(e(2), Wollastonite)
	p.put(e(3), Tourmaline)
	se := p.cell(e(1), SouthEast, 1)
	p.put(se, Wollastonite)
	p.s.pawn[1] = int16(se)
	p.give(0, Counts{0, 0, 0, 0, 1})
	p.refuse("dynamite "+e(2).String(), game.CodeIllegal, "is used after a correct move")
	p.play("move " + e(1).String())
	if got, want := p.toolTargets(actDynamite), names(e(2), e(3)); !slices.Equal(got, want) {
		t.Errorf("Dynamite targets %v; want %v", got, want)
	}
	p.refuse("dynamite "+se.String(), game.CodeIllegal, "a pawn stands on "+se.String())
	p.refuse("dynamite "+o.String(), game.CodeIllegal, "there is no mineral on "+o.String())
	pouch := p.s.pouch
	p.play("dynamite " + e(2).String())
	// The blasted wollastonite goes to the pouch; the tourmaline it cut off
	// goes to seat 0.
	p.wantPlayer(0, Counts{1, 0, 1, 0, 0}, Counts{0, 0, 0, 0, 1}, 1+3+5-1)
	if want := pouchPlus(pouch, Counts{1, 0, 0, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v", p.s.pouch, want)
	}
	if p.s.board[e(2)] != 0 || p.s.board[e(3)] != 0 {
		t.Errorf("the blasted hex and its fragment are still on the board")
	}
}
