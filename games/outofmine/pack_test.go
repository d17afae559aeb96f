package outofmine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestDefaultPack(t *testing.T) {
	p := DefaultPack()
	if len(p.Tiles) != NumTiles || len(p.Shapes) != NumShapes || len(p.Boards) != NumBoards || len(p.Cards) != NumCards {
		t.Fatalf("got %d tiles, %d shapes, %d boards, %d cards; want %d, %d, %d, %d",
			len(p.Tiles), len(p.Shapes), len(p.Boards), len(p.Cards), NumTiles, NumShapes, NumBoards, NumCards)
	}
	for _, c := range p.Cards {
		if c.Cells() != GalleryCells {
			t.Errorf("card %d covers %d cells; want %d", c.ID, c.Cells(), GalleryCells)
		}
	}
	// Every board, card and white shape is marked reconstructed.
	rec := strings.Join(p.Reconstructed, "\n")
	for _, want := range []string{"board 1\n", "board 10", "card 1\n", "card 40", "shape F5", "shape Y5"} {
		if !strings.Contains(rec+"\n", want) {
			t.Errorf("reconstructed items lack %q", strings.TrimSpace(want))
		}
	}
	// A count of tiles says one tile in the singular.
	ones := 0
	for _, r := range p.Reconstructed {
		if strings.HasPrefix(r, "1 ") {
			ones++
			if !strings.Contains(r, " tile with element ") {
				t.Errorf("reconstructed item %q; want one tile in the singular", r)
			}
		}
	}
	if ones == 0 {
		t.Errorf("no reconstructed item counts one tile; the pack has some")
	}
}

// TestPackDemandFitsSupply: for 4 players drawing cards, the average
// demand of each color fits the supply (the common case of RULINGS.md).
func TestPackDemandFitsSupply(t *testing.T) {
	p := DefaultPack()
	for col := range NumColors {
		sum := 0
		for _, c := range p.Cards {
			sum += c.Count[col]
		}
		if demand := 4 * float64(sum) / float64(len(p.Cards)); demand > float64(tilesPerColor[col]) {
			t.Errorf("4 players need %.1f %s tiles on average; the box has %d", demand, col, tilesPerColor[col])
		}
	}
}

// edit returns the embedded pack with f applied to its decoded JSON.
func edit(t *testing.T, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(embeddedPack, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func item(m map[string]any, list string, i int) map[string]any {
	return m[list].([]any)[i].(map[string]any)
}

func TestLoadPackErrors(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want []string
	}{
		{"NotJSON", []byte("{"), []string{"not valid JSON"}},
		{"UnknownField", edit(t, func(m map[string]any) { m["dice"] = 3 }), []string{"unknown field"}},
		{"CardSum", edit(t, func(m map[string]any) {
			item(m, "cards", 2)["tiles"] = map[string]any{"yellow": 3}
		}), []string{"cards[2] (id 3): tiles cover 3 cells"}},
		{"CardBadColorAndFind", edit(t, func(m map[string]any) {
			c := item(m, "cards", 0)
			c["tiles"].(map[string]any)["purple"] = 1
			c["finds"] = map[string]any{"gold": -1}
		}), []string{`cards[0] (id 1): tiles has color "purple"`, "cards[0] (id 1): finds.gold is -1"}},
		{"SideGalleryCount", edit(t, func(m map[string]any) {
			s := item(m, "boards", 4)["sides"].([]any)[1].(map[string]any)
			rows := s["rows"].([]any)
			rows[0] = strings.Repeat(".", len(rows[0].(string)))
		}), []string{"boards[4] (id 5) side B:", "gallery spaces; every side has 20"}},
		{"ElfOnRock", edit(t, func(m map[string]any) {
			s := item(m, "boards", 0)["sides"].([]any)[0].(map[string]any)
			s["elves"] = []any{map[string]any{"row": 0, "col": 6, "color": "blue", "edge": "north"}}
		}), []string{"boards[0] (id 1) side A elves[0]: (0, 6) is not a gallery space"}},
		{"ShapeWrongSize", edit(t, func(m map[string]any) {
			item(m, "shapes", 4)["cells"] = []any{"###"}
		}), []string{`shapes[4] ("I4"): 3 cells; a red tile has 4`}},
		{"TileCount", edit(t, func(m map[string]any) {
			item(m, "tiles", 0)["count"] = 7.0
		}), []string{"tiles: 11 yellow tiles; the box has 12"}},
		{"DuplicateShape", edit(t, func(m map[string]any) {
			item(m, "shapes", 10)["cells"] = []any{".##", "##.", ".#."}
		}), []string{`same shape as "F5"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := LoadPack(bytes.NewReader(tt.data))
			if err == nil {
				t.Fatalf("got a pack; want an error")
			}
			if p != nil {
				t.Errorf("got a pack with the error; want nil")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got %q; want it to contain %q", err, w)
				}
			}
		})
	}
}
