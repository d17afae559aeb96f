package minerals

import (
	"slices"
	"testing"

	"minehall/game"
)

// armsPosition: seat 0's pawn on a kyanite (a move of 2) between two
// arms: east an anthracite then a tourmaline, west two wollastonites and
// seat 1's pawn on a third. Moving west leaves the east arm without a pawn.
func armsPosition(t *testing.T) (p *position, west, east Cell) {
	p = newPosition(t, 2, "AAAAA")
	p.s.version = Version7
	o := CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	p.put(p.cell(o, East, 1), Anthracite)
	p.put(p.cell(o, East, 2), Tourmaline)
	for k := 1; k <= 3; k++ {
		p.put(p.cell(o, West, k), Wollastonite)
	}
	p.s.pawn[1] = int16(p.cell(o, West, 3))
	p.s.turns = 1
	return p, p.cell(o, West, 2), p.cell(o, East, 2)
}

// Rulebook: "If after your move, an isolated fragment of the board is
// created ... in which there are no pawns, that fragment gets cut off. Take
// one Mineral of the lowest value from the isolated fragment and move it to
// your Mineral pool." Looking one turn ahead, the search values the move
// west, which cuts the east arm off and takes its tourmaline, above the
// move east. Looking three turns ahead it sees further: after the move
// east and seat 1's reply, the pawn on the tourmaline (a move of 3) crosses
// the one-hex crevice west, lifts the tourmaline and cuts off the
// anthracite, the lowest of its fragment: the move east is best. The move's
// facts say what it cuts off and takes.
func TestDeepValuesPrefersTheCutOff(t *testing.T) {
	p, west, east := armsPosition(t)
	before := *p.s
	moves := func(turns int) []MoveValue {
		t.Helper()
		vals, err := p.s.DeepValues(turns)
		if err != nil {
			t.Fatal(err)
		}
		if *p.s != before {
			t.Fatalf("the search changed the position")
		}
		if len(vals) != 2 || vals[0].Margin <= vals[1].Margin {
			t.Fatalf("%d turns: values %+v; want two moves, the first ahead", turns, vals)
		}
		return vals
	}
	if v := moves(1); v[0].Move != "move "+west.String() {
		t.Errorf("1 turn: the best move is %s; want the cut-off, move %s", v[0].Move, west)
	}
	vals := moves(3)
	if vals[0].Move != "move "+east.String() {
		t.Errorf("3 turns: the best move is %s; want move %s, which cuts off the anthracite a turn later", vals[0].Move, east)
	}
	again, _ := p.s.DeepValues(3)
	if !slices.Equal(again, vals) {
		t.Errorf("a second search gave %v, the first %v: the search must not depend on chance", again, vals)
	}
	f, err := p.s.ExplainMove(vals[1].Action, 3)
	if err != nil {
		t.Fatal(err)
	}
	if f.Lifted != Kyanite || f.Landing != Wollastonite || f.Fragments != 1 || f.CutOff != 2 || f.Taken != (Counts{0, 0, 1, 0, 0}) {
		t.Errorf("facts %+v; want the kyanite lifted, 1 fragment of 2 minerals cut off, its tourmaline taken", f)
	}
	if *p.s != before {
		t.Fatalf("explaining changed the position")
	}
	f, err = p.s.ExplainMove(vals[0].Action, 3)
	if err != nil {
		t.Fatal(err)
	}
	if f.Fragments != 0 || f.CutOff != 0 || f.Taken != (Counts{}) || f.Landing != Tourmaline {
		t.Errorf("facts of the east move %+v; want nothing cut off, landing on the tourmaline", f)
	}
}

// Rulebook (collections): cards are exchanged after the move, at most one
// per turn (RULINGS.md: "at most one exchange per turn, after the move").
// The move that lifts the third wollastonite completes card s01 (3
// wollastonite, 5 points), and the search's line takes it in the same turn.
func TestExplainMoveCompletesACollection(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	p.s.version = Version7
	o := CellAt(7, 7)
	p.put(o, Wollastonite)
	p.s.pawn[0] = int16(o)
	p.put(p.cell(o, East, 1), Kyanite)
	p.put(p.cell(o, East, 2), Kyanite)
	p.put(p.cell(o, West, 1), Kyanite)
	p.put(p.cell(o, West, 2), Wollastonite)
	p.s.pawn[1] = int16(p.cell(o, West, 2))
	p.give(0, Counts{2, 0, 0, 0, 0})
	p.faceUp(0, "s01")
	p.s.turns = 1
	move, err := p.s.ParseAction(0, "move "+p.cell(o, East, 1).String())
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.s.ExplainMove(move, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.Cards, []string{"s01"}) || f.CardPoints != 5 {
		t.Errorf("cards %v for %d points; want s01 for 5", f.Cards, f.CardPoints)
	}
	if len(f.Line) == 0 || f.Line[0] != "take 1" {
		t.Errorf("the turn's line %v; want it to take card 1 first", f.Line)
	}
}

// Bad input gets an error and changes nothing: the deep search starts at
// the start of a move and looks at least one turn ahead; a move explained
// must be a legal pawn move.
func TestDeepValuesRefusals(t *testing.T) {
	p, _, _ := armsPosition(t)
	before := *p.s
	if _, err := p.s.DeepValues(0); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("0 turns: %v; want an invalid-input error", err)
	}
	if _, err := p.s.ExplainMove(game.Action(CellAt(7, 7)), 3); game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("a move onto the pawn's own hex: %v; want an illegal-move error", err)
	}
	if _, err := p.s.ExplainMove(actEnd, 3); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("end explained as a move: %v; want an invalid-input error", err)
	}
	if *p.s != before {
		t.Fatalf("a refusal changed the position")
	}
	p.play("move " + p.cell(CellAt(7, 7), East, 2).String())
	if p.s.AtMoveStart() && p.s.Seat() == 0 {
		t.Fatalf("seat 0 still at the start of its move after moving")
	}
	mid := *p.s
	mid.phase = phaseAfter
	if _, err := mid.DeepValues(3); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("after the move: %v; want an invalid-input error", err)
	}
}
