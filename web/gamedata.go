package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"minehall/games/minerals"
	"minehall/games/outofmine"
)

// The Minerals view names collection cards by id only; the renderer needs
// what each card asks for and is worth. mineralsCards is that table, taken
// from the game's own component pack so that it never drifts from the
// rules, and served as /assets/data/minerals.json.

// cardInfo is one collection card as the Minerals renderer reads it.
type cardInfo struct {
	ID            string         `json:"id"`
	Deck          string         `json:"deck"`
	Minerals      map[string]int `json:"minerals"`
	Points        int            `json:"points"`
	ReducedPoints int            `json:"reduced_points,omitempty"`
	Reconstructed bool           `json:"reconstructed"`
}

// mineralsData returns the JSON of the Minerals card table.
func mineralsData() ([]byte, error) {
	pack := minerals.DefaultPack()
	cards := make([]cardInfo, 0, len(pack.Cards))
	for _, c := range pack.Cards {
		ci := cardInfo{ID: c.ID, Deck: c.Deck, Minerals: map[string]int{}, Points: c.Points, ReducedPoints: c.ReducedPoints, Reconstructed: c.Reconstructed}
		for m, n := range c.Minerals {
			if n > 0 {
				ci.Minerals[minerals.Mineral(m).String()] = int(n)
			}
		}
		cards = append(cards, ci)
	}
	return json.Marshal(map[string]any{"cards": cards})
}

// The Out of Mine view names the tile in a hand and the tiles of a round's
// results by tile id only, and shows the layout of a board side only once
// it is chosen; the renderer needs each tile's shape and element, and both
// sides of the board dealt to choose between. outOfMineData is that table,
// taken from the game's own component pack, served as
// /assets/data/outofmine.json.

// oomTile is one crystal tile as the Out of Mine renderer reads it.
type oomTile struct {
	ID      int    `json:"id"`
	Shape   string `json:"shape"`
	Color   string `json:"color"`
	Element string `json:"element,omitempty"`
}

// oomElf is an elf at the edge of a gallery space.
type oomElf struct {
	Cell  string `json:"cell"`
	Color string `json:"color"`
	Edge  string `json:"edge"`
}

// oomSide is a board side: rows of '#' (gallery) and '.' (rock), and elves.
type oomSide struct {
	Rows  []string `json:"rows"`
	Elves []oomElf `json:"elves"`
}

// oomBoard is a double-sided gallery board.
type oomBoard struct {
	ID    int        `json:"id"`
	Sides [2]oomSide `json:"sides"`
}

// outOfMineData returns the JSON of the Out of Mine tile and board table.
func outOfMineData() ([]byte, error) {
	pack := outofmine.DefaultPack()
	tiles := make([]oomTile, 0, len(pack.Tiles))
	for _, t := range pack.Tiles {
		tiles = append(tiles, oomTile{ID: t.ID, Shape: pack.Shapes[t.Shape].ID, Color: t.Color.String(), Element: t.Element.String()})
	}
	boards := make([]oomBoard, 0, len(pack.Boards))
	for _, b := range pack.Boards {
		ob := oomBoard{ID: b.ID}
		for i, sd := range b.Sides {
			os := oomSide{Elves: []oomElf{}}
			for r := range sd.Rows {
				row := make([]byte, sd.Cols)
				for c := range sd.Cols {
					row[c] = '.'
					if sd.Gallery.Has(r, c) {
						row[c] = '#'
					}
				}
				os.Rows = append(os.Rows, string(row))
			}
			for _, e := range sd.Elves {
				os.Elves = append(os.Elves, oomElf{Cell: fmt.Sprintf("%c%d", 'a'+e.Col, e.Row+1), Color: e.Color.String(), Edge: e.Edge})
			}
			ob.Sides[i] = os
		}
		boards = append(boards, ob)
	}
	return json.Marshal(map[string]any{"tiles": tiles, "boards": boards, "reconstructed": pack.Reconstructed})
}

// addGameData adds the generated data files to the site.
func (s site) addGameData() error {
	for name, data := range map[string]func() ([]byte, error){"data/minerals.json": mineralsData, "data/outofmine.json": outOfMineData, "data/tf22.json": tf22Data} {
		b, err := data()
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		s[name] = &asset{name: name, body: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, ctype: contentType("x.json")}
	}
	return nil
}
