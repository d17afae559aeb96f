package outofmine

import (
	"strings"
	"testing"
)

// TestSolvePuzzlePerfectTiling lays the solver's own placement with
// ScoreTiling: RULINGS.md, "Round score = 10 − empty spaces", so an exact
// tiling without a caller scores 10 plus the variant's bonus, which is the
// optimum the solver proves.
func TestSolvePuzzlePerfectTiling(t *testing.T) {
	pack := DefaultPack()
	for _, obj := range []Objective{{}, {Elves: true}, {Finds: true}} {
		opt := SolvePuzzle(pack, 0, 0, 0, obj)
		if opt.Empty != 0 || opt.Perfect < 1 || opt.Perfect > opt.Tilings {
			t.Fatalf("%+v: got empty %d, perfect %d of %d tilings; want 0 and 1..tilings", obj, opt.Empty, opt.Perfect, opt.Tilings)
		}
		rs, err := ScoreTiling(pack, 0, 0, 0, opt.Placements, obj)
		if err != nil {
			t.Fatalf("%+v: ScoreTiling(solver's plan): %v", obj, err)
		}
		if rs.Score != opt.Score || rs.Empty != 0 || opt.Score != 10+opt.Bonus {
			t.Errorf("%+v: got score %d (empty %d); want the optimum %d", obj, rs.Score, rs.Empty, opt.Score)
		}
	}
}

// TestSolvePuzzleCountsPerfect: with no bonus asked for, every exact tiling
// is perfect; with the elves, only those reaching the best bonus.
func TestSolvePuzzleCountsPerfect(t *testing.T) {
	pack := DefaultPack()
	plain := SolvePuzzle(pack, 0, 0, 0, Objective{})
	if plain.Perfect != plain.Tilings || plain.Tilings != 1589 {
		t.Errorf("plain: got %d perfect of %d tilings; want all 1589 (minehall solve outofmine --board 1 --side A --card 1)", plain.Perfect, plain.Tilings)
	}
	if !plain.Proved || plain.Score != 10 {
		t.Errorf("plain: got score %d proved %v; want 10, proved", plain.Score, plain.Proved)
	}
	elves := SolvePuzzle(pack, 0, 0, 0, Objective{Elves: true})
	if elves.Tilings != plain.Tilings || elves.Perfect > elves.Tilings {
		t.Errorf("elves: got %d perfect of %d tilings; want at most the plain %d", elves.Perfect, elves.Tilings, plain.Tilings)
	}
}

// TestMaxBonusElves: "elves (variant A) +1 for each elf whose space holds a
// tile of the elf's color, only if that color is on the player's card".
func TestMaxBonusElves(t *testing.T) {
	pack := DefaultPack()
	sd := &pack.Boards[0].Sides[0]
	cd := pack.Cards[0]
	want := 0
	for _, e := range sd.Elves {
		if cd.Count[e.Color] > 0 {
			want++
		}
	}
	if got := MaxBonus(pack, sd, &cd, Objective{Elves: true}); got != want {
		t.Errorf("MaxBonus(elves) = %d; want %d", got, want)
	}
	if got := MaxBonus(pack, sd, &cd, Objective{}); got != 0 {
		t.Errorf("MaxBonus(plain) = %d; want 0", got)
	}
}

// TestScoreTilingRefuses checks every refusal of assist mode's rules
// (RULINGS.md: "the engine refuses protruding tiles, colors not on the card
// and tiles beyond the card's count at placement") and of names that do
// not exist.
func TestScoreTilingRefuses(t *testing.T) {
	pack := DefaultPack()
	// Board 1 side A (see TestSolvePuzzleCountsPerfect): a1 is gallery, b1 rock.
	// Card 1 holds 3 yellow tiles.
	y := func(cell string) PlacementID { return PlacementID{Shape: "Y1", Transform: "r0", Cell: cell} }
	cases := []struct {
		name string
		ps   []PlacementID
		want string
	}{
		{"ErrShape", []PlacementID{{Shape: "Q9", Transform: "r0", Cell: "a1"}}, "no shape"},
		{"ErrElement", []PlacementID{{Shape: "Y1", Element: "diamond", Transform: "r0", Cell: "a1"}}, "no element"},
		{"ErrTransform", []PlacementID{{Shape: "Y1", Transform: "r45", Cell: "a1"}}, "transform"},
		{"ErrNotCanonical", []PlacementID{{Shape: "Y1", Transform: "r90", Cell: "a1"}}, "earlier transform"},
		{"ErrOffBoard", []PlacementID{{Shape: "I5", Transform: "r0", Cell: "d6"}}, "off the board"},
		{"ErrRock", []PlacementID{y("b1")}, "rock"},
		{"ErrOverlap", []PlacementID{y("a1"), y("a1")}, "overlaps"},
		{"ErrBeyondCount", []PlacementID{y("a1"), y("a2"), y("b2"), y("d2")}, "allows 3 yellow"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ScoreTiling(pack, 0, 0, 0, tc.ps, Objective{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v; want an error with %q", err, tc.want)
			}
		})
	}
	// A color not on the card: a card without green, an I3 on a6..c6.
	found := false
	for ci := range pack.Cards {
		if pack.Cards[ci].Count[Green] == 0 {
			_, err := ScoreTiling(pack, 0, 0, ci, []PlacementID{{Shape: "I3", Transform: "r0", Cell: "a6"}}, Objective{})
			if err == nil || !strings.Contains(err.Error(), "not a color") {
				t.Errorf("card %d without green: got %v; want a refusal of the color", pack.Cards[ci].ID, err)
			}
			found = true
			break
		}
	}
	if !found {
		t.Fatal("no card without green to test with")
	}
}

// TestPlacedViews names the cells a placement covers, as the notation
// anchors it: "the top-left cell of the tile's bounding box".
func TestPlacedViews(t *testing.T) {
	pack := DefaultPack()
	got, err := PlacedViews(pack, []PlacementID{{Shape: "I5", Transform: "r0", Cell: "a6"}, {Shape: "B2", Transform: "r90", Cell: "a4"}})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"a6", "b6", "c6", "d6", "e6"}, {"a4", "a5"}}
	for i := range want {
		if strings.Join(got[i].Cells, " ") != strings.Join(want[i], " ") {
			t.Errorf("placement %d: cells %v; want %v", i, got[i].Cells, want[i])
		}
	}
	if _, err := PlacedViews(pack, []PlacementID{{Shape: "I5", Transform: "r0", Cell: "e1"}}); err == nil {
		t.Error("an I5 from e1 reaches off the grid: got no error")
	}
}
