package outofmine

import (
	"slices"
	"testing"
)

// fullSide is a 4 x 5 side whose every cell is gallery, in a 5-row frame
// whose last row is rock when rockRow is set.
func fullSide(rockRow bool, elves ...Elf) *Side {
	s := &Side{Rows: 4, Cols: 5, Elves: elves}
	if rockRow {
		s.Rows = 5
	}
	for r := range s.Rows {
		for c := range s.Cols {
			s.Area |= Cell(r, c)
			if r < 4 {
				s.Gallery |= Cell(r, c)
			}
		}
	}
	return s
}

// tileOf returns the id of the k-th tile (0-based) of shape and element.
func tileOf(t *testing.T, pack *Pack, shape string, el Element, k int) int {
	t.Helper()
	si, ok := pack.ShapeByID(shape)
	if !ok {
		t.Fatalf("no shape %s", shape)
	}
	for _, tl := range pack.Tiles {
		if tl.Shape == si && tl.Element == el {
			if k == 0 {
				return tl.ID
			}
			k--
		}
	}
	t.Fatalf("no tile %d of %s %s", k, shape, el)
	return -1
}

func cells(rc ...[2]int) CellSet {
	var s CellSet
	for _, p := range rc {
		s |= Cell(p[0], p[1])
	}
	return s
}

func row(r, c0, c1 int) CellSet {
	var s CellSet
	for c := c0; c <= c1; c++ {
		s |= Cell(r, c)
	}
	return s
}

// TestRulebookTim: Tim called too early with one green tile more than
// allowed and a blue tile over the rock: both are removed, 4 spaces are
// empty, and he scores 10 - 4 - 2 = 4.
func TestRulebookTim(t *testing.T) {
	pack := DefaultPack()
	side := fullSide(true)
	card := &Card{Count: [NumColors]int{Yellow: 2, Blue: 2, Green: 2, Red: 2}}
	placed := []PlacedTile{
		{tileOf(t, pack, "I4", NoElement, 0), row(0, 0, 3)},
		{tileOf(t, pack, "I4", NoElement, 1), row(1, 0, 3)},
		{tileOf(t, pack, "I3", NoElement, 0), cells([2]int{0, 4}, [2]int{1, 4}, [2]int{2, 4})},
		{tileOf(t, pack, "I3", NoElement, 1), row(2, 0, 2)},
		{tileOf(t, pack, "I3", NoElement, 2), row(3, 0, 2)},
		{tileOf(t, pack, "B2", NoElement, 0), cells([2]int{2, 3}, [2]int{3, 3})},
		{tileOf(t, pack, "B2", NoElement, 1), cells([2]int{3, 4}, [2]int{4, 4})}, // over the rock
	}
	if (side.Gallery &^ (placed[0].Cells | placed[1].Cells | placed[2].Cells | placed[3].Cells | placed[4].Cells | placed[5].Cells | placed[6].Cells)) != 0 {
		t.Fatal("Tim's board must be fully covered for him to call")
	}
	got, removed := ScoreBoard(pack, side, card, placed, true, Objective{})
	want := RoundScore{Empty: 4, Base: 6, Caller: -2, Score: 4}
	if got != want {
		t.Errorf("got %+v; want %+v", got, want)
	}
	if len(removed) != 2 || !slices.Contains(removed, placed[6].Tile) {
		t.Errorf("got removed %v; want the protruding blue %d and one green", removed, placed[6].Tile)
	}
}

// TestRulebookCarl: elves variant. Blue tile at the blue elf, white tile at
// the white elf, a white tile at the green elf: 10 - 4 + 1 + 1 = 8. A
// yellow elf gives nothing when yellow is not on the card.
func TestRulebookCarl(t *testing.T) {
	pack := DefaultPack()
	side := fullSide(false,
		Elf{Row: 3, Col: 0, Color: Blue, Edge: "south"},
		Elf{Row: 0, Col: 0, Color: White, Edge: "north"},
		Elf{Row: 0, Col: 4, Color: Green, Edge: "north"},
		Elf{Row: 3, Col: 1, Color: Yellow, Edge: "south"},
	)
	card := &Card{Count: [NumColors]int{Blue: 3, Red: 1, White: 2}}
	placed := []PlacedTile{
		{tileOf(t, pack, "I5", NoElement, 0), row(0, 0, 4)},
		{tileOf(t, pack, "L5", Silver, 0), row(1, 0, 3) | Cell(2, 0)},
		{tileOf(t, pack, "B2", NoElement, 0), row(2, 1, 2)},
		{tileOf(t, pack, "B2", NoElement, 1), row(2, 3, 4)},
		{tileOf(t, pack, "B2", NoElement, 2), row(3, 0, 1)},
	}
	got, removed := ScoreBoard(pack, side, card, placed, false, Objective{Elves: true})
	want := RoundScore{Empty: 4, Base: 6, Elves: 2, Score: 8}
	if got != want || len(removed) != 0 {
		t.Errorf("got %+v removing %v; want %+v removing nothing", got, removed, want)
	}
	// Without the variant the elves count for nothing.
	if got, _ := ScoreBoard(pack, side, card, placed, false, Objective{}); got.Score != 6 {
		t.Errorf("without elves got %d; want 6", got.Score)
	}
}

// TestRulebookAnnika: finds variant. Four empty spaces, one woodworm at -1
// and two gold nuggets at +2 each: 10 - 4 - 1 + 2 + 2 = 9.
func TestRulebookAnnika(t *testing.T) {
	pack := DefaultPack()
	side := fullSide(false)
	card := &Card{Count: [NumColors]int{Yellow: 5, Blue: 2, Green: 1, Red: 2}}
	card.Finds[Woodworm] = -1
	card.Finds[Gold] = 2
	placed := []PlacedTile{
		{tileOf(t, pack, "I4", NoElement, 0), row(0, 0, 3)},
		{tileOf(t, pack, "I4", NoElement, 1), row(1, 0, 3)},
		{tileOf(t, pack, "I3", NoElement, 0), row(2, 0, 2)},
		{tileOf(t, pack, "B2", Woodworm, 0), row(2, 3, 4)},
		{tileOf(t, pack, "Y1", Gold, 0), Cell(0, 4)},
		{tileOf(t, pack, "Y1", Gold, 1), Cell(1, 4)},
		{tileOf(t, pack, "Y1", NoElement, 0), Cell(3, 0)},
	}
	got, _ := ScoreBoard(pack, side, card, placed, false, Objective{Finds: true})
	want := RoundScore{Empty: 4, Base: 6, Finds: 3, Score: 9}
	if got != want {
		t.Errorf("got %+v; want %+v", got, want)
	}
}

func TestScoringRulings(t *testing.T) {
	pack := DefaultPack()
	full := func() []PlacedTile { // covers all 20 spaces with 2 yellow, 1 blue and 4 red tiles
		return []PlacedTile{
			{tileOf(t, pack, "I4", NoElement, 0), row(0, 0, 3)},
			{tileOf(t, pack, "I4", NoElement, 1), row(1, 0, 3)},
			{tileOf(t, pack, "O4", NoElement, 0), cells([2]int{2, 0}, [2]int{2, 1}, [2]int{3, 0}, [2]int{3, 1})},
			{tileOf(t, pack, "T4", NoElement, 0), row(2, 2, 4) | Cell(3, 3)},
			{tileOf(t, pack, "B2", NoElement, 0), cells([2]int{0, 4}, [2]int{1, 4})},
			{tileOf(t, pack, "Y1", NoElement, 0), Cell(3, 2)},
			{tileOf(t, pack, "Y1", NoElement, 1), Cell(3, 4)},
		}
	}
	card := &Card{Count: [NumColors]int{Yellow: 2, Blue: 1, Red: 4, Green: 0}} // 2 + 2 + 16 = 20
	elfSide := fullSide(false, Elf{Row: 3, Col: 4, Color: Yellow, Edge: "south"})
	tests := []struct {
		name   string
		side   *Side
		card   *Card
		placed []PlacedTile
		caller bool
		obj    Objective
		want   int
	}{
		{"CallerCleanGetsTwo", fullSide(false), card, full(), true, Objective{}, 12},
		{"NotCallerNoBonus", fullSide(false), card, full(), false, Objective{}, 10},
		{"ColorNotOnCardRemoved", fullSide(false), &Card{Count: [NumColors]int{Yellow: 2, Red: 4, Green: 1}}, full(), true, Objective{}, 10 - 2 - 2},
		{"FewerTilesIsNoError", fullSide(false), card, full()[:6], false, Objective{}, 10 - 1},
		{"MoreThanTenEmptyIsZeroNoPenalty", fullSide(false), &Card{Count: [NumColors]int{Yellow: 2, Blue: 1}}, full(), true, Objective{}, 0},
		// Three yellows for a card allowing one: the one kept is the one on
		// the yellow elf, since that gives the higher score.
		{"ExcessRemovalMaximisesScore", elfSide, &Card{Count: [NumColors]int{Yellow: 1, Blue: 1, Red: 4}}, full(), false, Objective{Elves: true}, 10 - 1 + 1},
		{"ScoreMayGoBelowZero", fullSide(false), &Card{Count: [NumColors]int{Yellow: 2, Blue: 1, Red: 4}, Finds: [NumElements]int{Rat: -2}},
			[]PlacedTile{{tileOf(t, pack, "Y1", Rat, 0), Cell(0, 0)}, {tileOf(t, pack, "Y1", Rat, 1), Cell(0, 1)},
				{tileOf(t, pack, "B2", NoElement, 0), row(0, 2, 3)}, {tileOf(t, pack, "I4", NoElement, 0), row(1, 0, 3)}, {tileOf(t, pack, "I4", NoElement, 1), row(2, 0, 3)}},
			false, Objective{Finds: true}, 10 - 8 - 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := ScoreBoard(pack, tt.side, tt.card, tt.placed, tt.caller, tt.obj)
			if got.Score != tt.want {
				t.Errorf("got score %d (%+v); want %d", got.Score, got, tt.want)
			}
		})
	}
}

// TestRulebookCarlDutch: the Dutch rulebook's Carl has 5 empty spaces:
// 10 - 5 + 1 + 1 = 7.
func TestRulebookCarlDutch(t *testing.T) {
	pack := DefaultPack()
	side := fullSide(false,
		Elf{Row: 3, Col: 0, Color: Blue, Edge: "south"},
		Elf{Row: 0, Col: 0, Color: White, Edge: "north"},
		Elf{Row: 0, Col: 4, Color: Green, Edge: "north"},
	)
	card := &Card{Count: [NumColors]int{Yellow: 2, Blue: 2, Red: 1, White: 2}}
	placed := []PlacedTile{
		{tileOf(t, pack, "I5", NoElement, 0), row(0, 0, 4)},
		{tileOf(t, pack, "L5", Silver, 0), row(1, 0, 3) | Cell(2, 0)},
		{tileOf(t, pack, "B2", NoElement, 0), row(2, 1, 2)},
		{tileOf(t, pack, "B2", NoElement, 2), row(3, 0, 1)},
		{tileOf(t, pack, "Y1", NoElement, 0), Cell(2, 4)},
	}
	got, removed := ScoreBoard(pack, side, card, placed, false, Objective{Elves: true})
	if got.Score != 7 || got.Empty != 5 || got.Elves != 2 || len(removed) != 0 {
		t.Errorf("got %+v removing %v; want 7 points: 5 empty, 2 elves, nothing removed", got, removed)
	}
}
