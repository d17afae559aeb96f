package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOutOfMineData checks the tile and board table the Out of Mine
// renderer reads: the box's 69 tiles with shape and color, and 10 boards
// whose 20 sides each have 20 gallery spaces and elves on gallery cells.
func TestOutOfMineData(t *testing.T) {
	rec := get(t, Handler(), "GET", "/assets/data/outofmine.json", nil)
	var data struct {
		Tiles  []oomTile  `json:"tiles"`
		Boards []oomBoard `json:"boards"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &data); err != nil {
		t.Fatalf("the Out of Mine data does not decode: %v", err)
	}
	if len(data.Tiles) != 69 || len(data.Boards) != 10 {
		t.Fatalf("got %d tiles and %d boards; want 69 and 10", len(data.Tiles), len(data.Boards))
	}
	colors := map[string]int{}
	for i, tl := range data.Tiles {
		if tl.ID != i || tl.Shape == "" {
			t.Errorf("tile %d: got id %d, shape %q; want its index and a shape", i, tl.ID, tl.Shape)
		}
		colors[tl.Color]++
	}
	want := map[string]int{"yellow": 12, "blue": 16, "green": 16, "red": 15, "white": 10}
	for c, n := range want {
		if colors[c] != n {
			t.Errorf("%s tiles: got %d; want %d", c, colors[c], n)
		}
	}
	for _, b := range data.Boards {
		for i, sd := range b.Sides {
			gallery := strings.Count(strings.Join(sd.Rows, ""), "#")
			if gallery != 20 {
				t.Errorf("board %d side %c: got %d gallery spaces; want 20", b.ID, 'A'+i, gallery)
			}
			for _, e := range sd.Elves {
				r, c := int(e.Cell[1]-'1'), int(e.Cell[0]-'a')
				if r >= len(sd.Rows) || c >= len(sd.Rows[r]) || sd.Rows[r][c] != '#' {
					t.Errorf("board %d side %c: elf at %s is not on a gallery space", b.ID, 'A'+i, e.Cell)
				}
			}
		}
	}
}
