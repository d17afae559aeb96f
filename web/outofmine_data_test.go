package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/outofmine"
)

// oomView is the part of the Out of Mine view that the renderer
// (assets/games/outofmine.js) reads besides the phase, options and scores.
type oomView struct {
	Players []struct {
		Sides    []oomSide `json:"sides"`
		Layout   *oomSide  `json:"layout"`
		HandTile *oomTile  `json:"hand_tile"`
		Placed   []oomTile `json:"placed"`
	} `json:"players"`
	Supply []struct {
		Shape   string `json:"shape"`
		Element string `json:"element"`
		Count   int    `json:"count"`
	} `json:"supply"`
	Results [][]struct {
		Layout *oomSide  `json:"layout"`
		Placed []oomTile `json:"placed"`
	} `json:"results"`
}

// oomSide is a board side: rows of '#' and '.', and elves.
type oomSide struct {
	Rows  []string `json:"rows"`
	Elves []struct {
		Cell string `json:"cell"`
	} `json:"elves"`
}

// oomTile is a tile in a hand, on a board or in a round's results.
type oomTile struct {
	Tile      int      `json:"tile"`
	Shape     string   `json:"shape"`
	Element   string   `json:"element"`
	Transform string   `json:"transform"`
	Cell      string   `json:"cell"`
	Cells     []string `json:"cells"`
}

// decodeOOMView encodes s's view for seat 0 and decodes what the renderer
// reads.
func decodeOOMView(t *testing.T, s game.State) oomView {
	t.Helper()
	b, err := json.Marshal(s.View(0))
	if err != nil {
		t.Fatalf("the view does not encode: %v", err)
	}
	var v oomView
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("the view does not decode as the renderer reads it: %v", err)
	}
	return v
}

// dealOOM plays chance's first outcome for as long as chance is to act.
func dealOOM(t *testing.T, s game.State) {
	t.Helper()
	for slices.Contains(s.Actors(nil), game.Chance) {
		if err := game.Play(s, game.Chance, s.Legal(game.Chance, nil)[0]); err != nil {
			t.Fatalf("chance: %v", err)
		}
	}
}

// playOOM plays move for p, or the first legal action whose notation
// starts with move when it ends in a space.
func playOOM(t *testing.T, s game.State, p game.Player, move string) {
	t.Helper()
	if strings.HasSuffix(move, " ") {
		for _, a := range s.Legal(p, nil) {
			if strings.HasPrefix(s.ActionString(p, a), move) {
				move = s.ActionString(p, a)
				break
			}
		}
	}
	if _, err := game.PlayNotation(s, p, move); err != nil {
		t.Fatalf("%s by %s: %v", move, p, err)
	}
}

// TestOutOfMineNeedsNoDataTable: the Out of Mine renderer reads everything
// from the game's view. No data table is served or fetched, and the view
// holds both sides of the board dealt while choosing, the hand tile's shape
// and element, placed tiles with element and cell names, every kind of the
// supply, and the results' layouts and placements.
func TestOutOfMineNeedsNoDataTable(t *testing.T) {
	if rec := get(t, Handler(), "GET", "/assets/data/outofmine.json", nil); rec.Code != http.StatusNotFound {
		t.Errorf("GET /assets/data/outofmine.json: got status %d; want 404", rec.Code)
	}
	js := get(t, Handler(), "GET", "/assets/games/outofmine.js", nil)
	if js.Code != http.StatusOK || strings.Contains(js.Body.String(), "/assets/data/") {
		t.Errorf("the renderer (status %d) fetches a data table; want it to read only the view", js.Code)
	}

	s, _, err := game.Start(outofmine.New(), 2, game.Options{outofmine.OptElves: "true"}, 11)
	if err != nil {
		t.Fatal(err)
	}
	dealOOM(t, s)
	v := decodeOOMView(t, s)
	for p, pv := range v.Players {
		if len(pv.Sides) != 2 || pv.Layout != nil {
			t.Fatalf("choosing, player %d: got %d sides and layout %v; want both sides and no layout", p, len(pv.Sides), pv.Layout)
		}
		for i, sd := range pv.Sides {
			if got := strings.Count(strings.Join(sd.Rows, ""), "#"); got != outofmine.GalleryCells {
				t.Errorf("choosing, player %d side %c: got %d gallery spaces; want %d", p, 'A'+i, got, outofmine.GalleryCells)
			}
		}
	}
	playOOM(t, s, 0, "side ")
	playOOM(t, s, 1, "side ")
	dealOOM(t, s)
	playOOM(t, s, 0, "take I3 gold")
	v = decodeOOMView(t, s)
	if h := v.Players[0].HandTile; h == nil || h.Shape != "I3" || h.Element != "gold" {
		t.Fatalf("got hand tile %+v; want an I3 with gold", h)
	}
	if v.Players[0].Layout == nil || v.Players[0].Sides != nil {
		t.Errorf("in the round: got layout %v and %d sides; want the layout only", v.Players[0].Layout, len(v.Players[0].Sides))
	}
	playOOM(t, s, 0, "place ")
	playOOM(t, s, 0, "take I5")
	v = decodeOOMView(t, s)
	placed := v.Players[0].Placed
	if len(placed) != 1 || placed[0].Shape != "I3" || placed[0].Element != "gold" || placed[0].Transform == "" || placed[0].Cell == "" || len(placed[0].Cells) != 3 {
		t.Fatalf("got placed %+v; want the I3 with gold, its transform, cell and 3 cell names", placed)
	}
	kinds := map[string]int{}
	for _, k := range v.Supply {
		kinds[k.Shape+" "+k.Element] = k.Count
	}
	if n, ok := kinds["I5 "]; !ok || n != 0 {
		t.Errorf("supply after taking the only I5: got I5 %d (listed %v); want listed at 0", n, ok)
	}
	playOOM(t, s, game.System, "time up")
	v = decodeOOMView(t, s)
	if len(v.Results) != 1 || v.Results[0][0].Layout == nil || len(v.Results[0][0].Placed) != 1 {
		t.Fatalf("got results %+v; want round 1 with player 0's layout and one tile", v.Results)
	}
	if got := v.Results[0][0].Placed[0]; got.Shape != placed[0].Shape || got.Element != placed[0].Element || got.Transform != placed[0].Transform ||
		got.Cell != placed[0].Cell || strings.Join(got.Cells, " ") != strings.Join(placed[0].Cells, " ") {
		t.Errorf("got the result's tile %+v; want it as it lay %+v", got, placed[0])
	}
}
