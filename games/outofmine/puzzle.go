package outofmine

import (
	"fmt"
	"slices"
)

// A solo tiling puzzle lays one treasure card's tiles on one board side,
// taken from the whole box, under assist mode's placement rules (RULINGS.md:
// "the engine refuses protruding tiles, colors not on the card and tiles
// beyond the card's count at placement"). It is scored as a round without a
// caller: 10 - empty spaces, plus the elves or finds bonus of the variant.

// PuzzleView returns the view of a one-seat round in which seat 0 plays
// side (0 for A, 1 for B) of the board at index board with the card at
// index card, nothing placed, the whole box in the supply, no round clock
// and assist mode on. It has the shape of [State.View], so that a client
// draws it with the game's own renderer.
func PuzzleView(pack *Pack, board, side, card int, obj Objective) *View {
	v := &View{You: 0, Phase: PhaseRound.String(), Round: 1, Rounds: 1, Assist: true, Elves: obj.Elves, Finds: obj.Finds,
		Results: [][]ResultView{}, Scores: []int{0}}
	sd := &pack.Boards[board].Sides[side]
	v.Players = []PlayerView{{Board: pack.Boards[board].ID, Side: sideName(side), Card: pack.Cards[card].ID,
		CardFace: cardView(&pack.Cards[card]), Layout: sideView(sd), Placed: []PlacedView{}, Empty: sd.Gallery.Count()}}
	supply := FullSupply(pack)
	for si := range pack.Shapes {
		for e := range NumElements {
			if n := supply[si][e]; n > 0 {
				v.Supply = append(v.Supply, SupplyCount{Shape: pack.Shapes[si].ID, Element: e.String(), Count: n})
			}
		}
	}
	for i := range pack.Shapes {
		sh := &pack.Shapes[i]
		o := sh.Orientations[0]
		v.Shapes = append(v.Shapes, ShapeView{ID: sh.ID, Color: sh.Color.String(), Cells: drawCells(o.Cells, o.Rows, o.Cols)})
	}
	return v
}

// ScoreTiling checks a solo tiling of card (index) on side (0 A, 1 B) of
// board (index) and scores it. Each placement names a shape, an element
// ("" for a plain tile), a transform (r0 … m270, canonical as in the
// notation) and the top-left cell of its box. It refuses, with the first
// placement at fault and the reason, a shape, element, transform or cell
// that does not exist, a tile the box does not hold, a tile off the board,
// over rock or over another tile, a color not on the card and a tile beyond
// the card's count of its color. A refused tiling has no score.
//
// The score is [ScoreBoard]'s round score without a caller: 10 - empty
// spaces, plus the elves bonus (obj.Elves) and the finds score (obj.Finds).
func ScoreTiling(pack *Pack, board, side, card int, ps []PlacementID, obj Objective) (RoundScore, error) {
	if board < 0 || board >= len(pack.Boards) || side < 0 || side > 1 || card < 0 || card >= len(pack.Cards) {
		return RoundScore{}, fmt.Errorf("no board side %d/%d or card %d", board, side, card)
	}
	sd := &pack.Boards[board].Sides[side]
	cd := &pack.Cards[card]
	var used [NumTiles]bool
	var colors [NumColors]int
	var covered CellSet
	placed := make([]PlacedTile, 0, len(ps))
	for i, p := range ps {
		at := fmt.Sprintf("placement %d (%s %s %s)", i+1, p.Shape, p.Transform, p.Cell)
		si, ok := pack.ShapeByID(p.Shape)
		if !ok {
			return RoundScore{}, fmt.Errorf("%s: there is no shape %q", at, p.Shape)
		}
		el, ok := ParseElement(p.Element)
		if !ok {
			return RoundScore{}, fmt.Errorf("%s: there is no element %q", at, p.Element)
		}
		pl, err := parsePlacement(p.Transform, p.Cell)
		if err != nil {
			return RoundScore{}, fmt.Errorf("%s: %v", at, err)
		}
		sh := &pack.Shapes[si]
		sym, cell := pl/64, pl%64
		if !sh.Canonical[sym] {
			return RoundScore{}, fmt.Errorf("%s: transform %s of %s gives the cells of an earlier transform; name that one", at, p.Transform, sh.ID)
		}
		o := sh.Orientations[sh.BySymbol[sym]]
		r, c := cell/GridStride, cell%GridStride
		if r+o.Rows > sd.Rows || c+o.Cols > sd.Cols {
			return RoundScore{}, fmt.Errorf("%s: the tile reaches off the board", at)
		}
		cells := o.Cells << cell
		if cells&^sd.Gallery != 0 {
			return RoundScore{}, fmt.Errorf("%s: the tile covers rock", at)
		}
		if cells&covered != 0 {
			return RoundScore{}, fmt.Errorf("%s: the tile overlaps another tile", at)
		}
		if cd.Count[sh.Color] == 0 {
			return RoundScore{}, fmt.Errorf("%s: %s is not a color of card %d", at, sh.Color, cd.ID)
		}
		if colors[sh.Color]++; colors[sh.Color] > cd.Count[sh.Color] {
			return RoundScore{}, fmt.Errorf("%s: card %d allows %d %s tiles", at, cd.ID, cd.Count[sh.Color], sh.Color)
		}
		tile := slices.IndexFunc(pack.Tiles, func(t Tile) bool { return !used[t.ID] && t.Shape == si && t.Element == el })
		if tile < 0 {
			return RoundScore{}, fmt.Errorf("%s: the box holds no more %s tiles", at, kindName(pack, si*int(NumElements)+int(el)))
		}
		used[tile] = true
		covered |= cells
		placed = append(placed, PlacedTile{Tile: tile, Cells: cells})
	}
	rs, _ := ScoreBoard(pack, sd, cd, placed, false, obj)
	return rs, nil
}

// PuzzleOptimum is what the best solo tiling of a card on a side scores.
type PuzzleOptimum struct {
	// Empty is the fewest empty spaces (the solver's optimum).
	Empty int `json:"empty"`
	// Bonus is the best elves or finds bonus among the placements with
	// Empty empty spaces.
	Bonus int `json:"bonus"`
	// Score is the best round score, 10 - Empty + Bonus, when Proved.
	Score int `json:"score"`
	// Proved reports whether no placement with more empty spaces can
	// score more than Score: always with neither variant; with one, when
	// Bonus is at least the variant's most possible bonus minus 1 (an
	// empty space more costs a point).
	Proved bool `json:"proved"`
	// Perfect counts the placements scoring Score with Empty empty
	// spaces, tiles of one shape being interchangeable.
	Perfect int64 `json:"perfect"`
	// Tilings counts the exact tilings whatever their bonus.
	Tilings int64 `json:"tilings"`
	// Placements is one perfect placement, in the notation's terms.
	Placements []PlacementID `json:"placements"`
}

// SolvePuzzle solves card (index) on side (0 A, 1 B) of board (index) with
// the whole box as [SolvePair] does, and adds what a puzzle needs: the best
// round score, whether it is proved, and how many placements reach it.
func SolvePuzzle(pack *Pack, board, side, card int, obj Objective) PuzzleOptimum {
	supply := FullSupply(pack)
	sd := &pack.Boards[board].Sides[side]
	cd := &pack.Cards[card]
	sol := NewSideSolver(pack, sd).Solve(cd, &supply, obj)
	opt := PuzzleOptimum{Empty: sol.Empty, Bonus: sol.Bonus, Score: 10 - sol.Empty + sol.Bonus, Tilings: sol.Tilings, Perfect: sol.Best}
	if !obj.Elves && !obj.Finds && sol.Empty == 0 {
		opt.Perfect = sol.Tilings
	}
	opt.Proved = sol.Bonus >= MaxBonus(pack, sd, cd, obj)-1 || !obj.Elves && !obj.Finds
	for i, p := range sol.Placements {
		sh := &pack.Shapes[p.Shape]
		opt.Placements = append(opt.Placements, PlacementID{Shape: sh.ID, Element: sol.Elements[i].String(),
			Transform: symbolNames[sh.Orientations[p.Orient].Symbol], Cell: cellName(p.Row*GridStride + p.Col)})
	}
	return opt
}

// MaxBonus bounds the elves and finds bonus any placement of card's tiles
// on sd can reach, whatever its empty spaces: every elf of a color on the
// card (obj.Elves), and per color the card's count of the box's tiles of
// that color with the best positive finds values (obj.Finds).
func MaxBonus(pack *Pack, sd *Side, cd *Card, obj Objective) int {
	n := 0
	if obj.Elves {
		for _, e := range sd.Elves {
			if cd.Count[e.Color] > 0 {
				n++
			}
		}
	}
	if obj.Finds {
		var vals [NumColors][]int
		for _, t := range pack.Tiles {
			if v := cd.Finds[t.Element]; v > 0 {
				vals[t.Color] = append(vals[t.Color], v)
			}
		}
		for col := range NumColors {
			slices.SortFunc(vals[col], func(a, b int) int { return b - a })
			for _, v := range vals[col][:min(len(vals[col]), cd.Count[col])] {
				n += v
			}
		}
	}
	return n
}

// PlacedViews names the cells of placements as a view names placed tiles
// (Tile is the placement's index), for a client to draw them. It refuses
// a shape, transform or cell that does not exist.
func PlacedViews(pack *Pack, ps []PlacementID) ([]PlacedView, error) {
	out := make([]PlacedView, 0, len(ps))
	for i, p := range ps {
		si, ok := pack.ShapeByID(p.Shape)
		if !ok {
			return nil, fmt.Errorf("placement %d: there is no shape %q", i+1, p.Shape)
		}
		pl, err := parsePlacement(p.Transform, p.Cell)
		if err != nil {
			return nil, fmt.Errorf("placement %d: %v", i+1, err)
		}
		sh := &pack.Shapes[si]
		o := sh.Orientations[sh.BySymbol[pl/64]]
		if pl%64%GridStride+o.Cols > GridStride {
			return nil, fmt.Errorf("placement %d: the tile reaches off the grid", i+1)
		}
		out = append(out, PlacedView{Tile: i, Shape: p.Shape, Element: p.Element, Transform: p.Transform, Cell: p.Cell, Cells: cellNames(o.Cells << (pl % 64))})
	}
	return out, nil
}
