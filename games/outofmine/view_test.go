package outofmine

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// viewOf returns p's view of s.
func viewOf(t *testing.T, s *State, p game.Player) View {
	t.Helper()
	v, ok := s.View(p).(View)
	if !ok {
		t.Fatalf("View(%s) is a %T; want a View", p, s.View(p))
	}
	return v
}

// lastPlace returns the notation of the last legal placement of p's tile
// in hand: the highest transform, so mirrored tiles are covered too.
func lastPlace(t *testing.T, s *State, p game.Player) string {
	t.Helper()
	var last game.Action = -1
	for _, a := range s.Legal(p, nil) {
		if int(a) >= actPlace && int(a) < actMove {
			last = a
		}
	}
	if last < 0 {
		t.Fatalf("player %s has no placement for the tile in hand", p)
	}
	return s.ActionString(p, last)
}

func TestViewHandTileNamesShapeAndElement(t *testing.T) {
	s := newRound(t, 2, nil, 3)
	if got := viewOf(t, s, 0).Players[0].HandTile; got != nil {
		t.Fatalf("got hand tile %+v with nothing taken; want none", got)
	}
	tests := []struct {
		take, shape, element string
	}{
		{"take I3 gold", "I3", "gold"},
		{"take B2", "B2", ""},
		{"take L3 silver", "L3", "silver"},
	}
	for _, tt := range tests {
		play(t, s, 1, tt.take)
		for _, seen := range []game.Player{0, 1, game.Spectator} {
			h := viewOf(t, s, seen).Players[1].HandTile
			if h == nil || h.Tile != int(s.seats[1].Hand) || h.Shape != tt.shape || h.Element != tt.element {
				t.Errorf("%s, seen by %s: got hand tile %+v; want tile %d, %s, element %q", tt.take, seen, h, s.seats[1].Hand, tt.shape, tt.element)
			}
		}
		play(t, s, 1, "return")
	}
}

func TestViewPlacedTileNamesElementAndCells(t *testing.T) {
	s := newRound(t, 2, nil, 5)
	play(t, s, 0, "take L3 woodworm")
	tile := int(s.seats[0].Hand)
	place := lastPlace(t, s, 0)
	play(t, s, 0, place)
	f := strings.Fields(place)
	pv := viewOf(t, s, 1).Players[0].Placed
	want := []PlacedView{{Tile: tile, Shape: "L3", Element: "woodworm", Transform: f[1], Cell: f[2], Cells: cellNames(s.tileCells(tile, s.spots[tile]))}}
	if !reflect.DeepEqual(pv, want) {
		t.Fatalf("got placed %+v; want %+v", pv, want)
	}
	if len(pv[0].Cells) != 3 {
		t.Errorf("got cells %v; want the tile's 3 cells", pv[0].Cells)
	}
}

func TestCellNames(t *testing.T) {
	tests := []struct {
		set  CellSet
		want []string
	}{
		{0, []string{}},
		{Cell(0, 0), []string{"a1"}},
		{Cell(1, 2) | Cell(0, 3) | Cell(1, 3), []string{"d1", "c2", "d2"}},
		{Cell(7, 7) | Cell(0, 7), []string{"h1", "h8"}},
		{^CellSet(0), nil}, // all 64, checked by count below
	}
	for _, tt := range tests {
		got := cellNames(tt.set)
		if tt.want == nil {
			if len(got) != 64 || got[0] != "a1" || got[63] != "h8" {
				t.Errorf("cellNames(all) = %d names from %s to %s; want 64 from a1 to h8", len(got), got[0], got[len(got)-1])
			}
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("cellNames(%#x) = %v; want %v", uint64(tt.set), got, tt.want)
		}
	}
}

// TestSpotOfEveryPlacement: the spot read back from a tile's cells is the
// canonical spot it was laid at, for every shape, transform and cell.
func TestSpotOfEveryPlacement(t *testing.T) {
	pack := DefaultPack()
	checked := 0
	for i := range pack.Shapes {
		sh := &pack.Shapes[i]
		for _, o := range sh.Orientations {
			for r := 0; r+o.Rows <= MaxRows; r++ {
				for c := 0; c+o.Cols <= MaxCols; c++ {
					at := r*GridStride + c
					got := spotOf(sh, o.Cells<<at)
					if got != (spot{Sym: int8(o.Symbol), Cell: int8(at)}) {
						t.Fatalf("shape %s: spotOf(%s %s) = %s %s; want %s %s", sh.ID, symbolNames[o.Symbol], cellName(at),
							symbolNames[got.Sym], cellName(int(got.Cell)), symbolNames[o.Symbol], cellName(at))
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no placement checked")
	}
}

// TestViewSidesWhileChoosing: while a player chooses, the view shows both
// sides of the board dealt and no layout; once chosen, the layout of that
// side and no longer the pair.
func TestViewSidesWhileChoosing(t *testing.T) {
	s0, _, err := game.Start(New(), 3, game.Options{OptElves: "true"}, 8)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	settle(t, s, 8)
	v := viewOf(t, s, game.Spectator)
	for p, pv := range v.Players {
		b := &s.pack.Boards[s.seats[p].Board]
		if len(pv.Sides) != 2 || pv.Layout != nil {
			t.Fatalf("player %d while choosing: got %d sides and layout %v; want 2 sides and no layout", p, len(pv.Sides), pv.Layout)
		}
		for i := range 2 {
			if want := sideView(&b.Sides[i]); !reflect.DeepEqual(pv.Sides[i], *want) {
				t.Errorf("player %d side %c: got %+v; want %+v", p, 'A'+i, pv.Sides[i], *want)
			}
		}
	}
	play(t, s, 1, "side B")
	v = viewOf(t, s, 0)
	p1 := v.Players[1]
	if p1.Sides != nil || p1.Layout == nil || !reflect.DeepEqual(*p1.Layout, *sideView(&s.pack.Boards[s.seats[1].Board].Sides[1])) {
		t.Errorf("player 1 after choosing B: got sides %v and layout %+v; want no sides and side B's layout", p1.Sides, p1.Layout)
	}
	if len(v.Players[0].Sides) != 2 {
		t.Errorf("player 0 still choosing: got %d sides; want 2", len(v.Players[0].Sides))
	}
}

// TestViewResultsNameTiles: a round's results show every placed tile as
// it lay (shape, element, transform, cell and cells) and the layout of the
// side played.
func TestViewResultsNameTiles(t *testing.T) {
	s := newRound(t, 2, game.Options{OptFinds: "true"}, 6)
	for _, take := range []string{"take L3 silver", "take T4 silver", "take Y1 rat"} {
		play(t, s, 0, take)
		play(t, s, 0, lastPlace(t, s, 0))
	}
	before := viewOf(t, s, 0).Players[0]
	play(t, s, game.System, "time up")
	v := viewOf(t, s, 1)
	if len(v.Results) != 1 || len(v.Results[0]) != 2 {
		t.Fatalf("got results %v; want one round of 2 players", v.Results)
	}
	r := v.Results[0][0]
	if !reflect.DeepEqual(r.Placed, before.Placed) {
		t.Errorf("got placed in the results %+v; want as they lay %+v", r.Placed, before.Placed)
	}
	if r.Layout == nil || !reflect.DeepEqual(*r.Layout, *before.Layout) || r.Side != before.Side || r.Board != before.Board {
		t.Errorf("got board %d side %s layout %+v; want %d %s %+v", r.Board, r.Side, r.Layout, before.Board, before.Side, before.Layout)
	}
	if e := v.Results[0][1]; e.Placed == nil || len(e.Placed) != 0 || e.Removed == nil {
		t.Errorf("player 1's empty board: got placed %v, removed %v; want two empty lists", e.Placed, e.Removed)
	}
}

// TestViewSupplyListsEveryKind: a kind whose last tile is taken stays in
// the supply with count 0, so a client can list every kind from the view.
func TestViewSupplyListsEveryKind(t *testing.T) {
	s := newRound(t, 2, nil, 2)
	kinds := len(viewOf(t, s, 0).Supply)
	var want [numKinds]bool
	n := 0
	for i := range s.pack.Tiles {
		if k := kindOf(&s.pack.Tiles[i]); !want[k] {
			want[k] = true
			n++
		}
	}
	if kinds != n {
		t.Fatalf("got %d kinds in the supply; want the pack's %d", kinds, n)
	}
	play(t, s, 0, "take I5")
	v := viewOf(t, s, 1)
	i := slices.IndexFunc(v.Supply, func(k SupplyCount) bool { return k.Shape == "I5" && k.Element == "" })
	if len(v.Supply) != n || i < 0 || v.Supply[i].Count != 0 {
		t.Errorf("after taking the only I5: got %d kinds, I5 at %d; want %d kinds with I5 at count 0", len(v.Supply), i, n)
	}
}

// TestViewJSON: the view encodes cell sets as names, never as numbers, and
// holds neither the generator nor the seed.
func TestViewJSON(t *testing.T) {
	s := newRound(t, 2, nil, 9)
	play(t, s, 0, "take B2")
	play(t, s, 0, lastPlace(t, s, 0))
	play(t, s, game.System, "time up")
	chooseSides(t, s, 9)
	play(t, s, 1, "take Y1")
	play(t, s, 1, lastPlace(t, s, 1))
	b, err := json.Marshal(s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Players []struct {
			Placed []struct {
				Cells []string `json:"cells"`
			} `json:"placed"`
		} `json:"players"`
		Results [][]struct {
			Placed []struct {
				Cells []string `json:"cells"`
			} `json:"placed"`
		} `json:"results"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatalf("the view's cells are not lists of names: %v", err)
	}
	if got := raw.Players[1].Placed; len(got) != 1 || len(got[0].Cells) != 1 {
		t.Errorf("got player 1's placed %v; want one tile of one cell", got)
	}
	if got := raw.Results[0][0].Placed; len(got) != 1 || len(got[0].Cells) != 2 {
		t.Errorf("got round 1's placed %v; want one tile of two cells", got)
	}
	for _, secret := range []string{`"rand"`, `"seed"`} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the view holds %s", secret)
		}
	}
}

// BenchmarkViewJSON encodes a seat's view late in a 4-player game, as a
// table does after every action.
func BenchmarkViewJSON(b *testing.B) {
	rec, _, err := gametest.RandomGame(New(), 4, nil, 5, 0)
	if err != nil {
		b.Fatal(err)
	}
	s, _, err := game.Start(New(), 4, nil, 5)
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range rec.Actions[:len(rec.Actions)-1] { // up to the last round's end
		if _, err := game.PlayNotation(s, a.Player, a.Move); err != nil {
			b.Fatal(err)
		}
	}
	var n int
	for b.Loop() {
		enc, err := json.Marshal(s.View(0))
		if err != nil {
			b.Fatal(err)
		}
		n = len(enc)
	}
	b.ReportMetric(float64(n), "bytes/view")
}
