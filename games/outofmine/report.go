package outofmine

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// PairResult is the solver's answer for one card on one board side.
type PairResult struct {
	Card       int           `json:"card"`  // card id
	Board      int           `json:"board"` // board id
	Side       string        `json:"side"`  // "A" or "B"
	Empty      int           `json:"empty"`
	Tilings    int64         `json:"tilings"`
	Bonus      int           `json:"bonus"`
	Placements []PlacementID `json:"placements,omitempty"`
}

// PlacementID is a placement in the notation's terms.
type PlacementID struct {
	Shape     string `json:"shape"`
	Element   string `json:"element,omitempty"`
	Transform string `json:"transform"`
	Cell      string `json:"cell"`
}

// CardSummary counts the board sides a card tiles exactly.
type CardSummary struct {
	Card       int   `json:"card"`
	ExactSides int   `json:"exact_sides"`
	Tilings    int64 `json:"tilings"` // exact tilings over all sides
}

// SideSummary counts the cards that tile a board side exactly.
type SideSummary struct {
	Board      int    `json:"board"`
	Side       string `json:"side"`
	ExactCards int    `json:"exact_cards"`
	Tilings    int64  `json:"tilings"`
}

// Report is the result of solving every card on every board side.
type Report struct {
	Pairs        int           `json:"pairs"`
	ExactPairs   int           `json:"exact_pairs"`
	PerCard      []CardSummary `json:"per_card"`
	PerSide      []SideSummary `json:"per_side"`
	OptimalEmpty []PairResult  `json:"optimal_empty"`
	ElapsedMS    float64       `json:"elapsed_ms"`
}

// SolveAll solves all card × side pairs of pack with the full box as the
// supply.
func SolveAll(pack *Pack, obj Objective) *Report {
	start := time.Now()
	rep := &Report{}
	supply := FullSupply(pack)
	perCard := make([]CardSummary, len(pack.Cards))
	for ci := range pack.Cards {
		perCard[ci].Card = pack.Cards[ci].ID
	}
	for bi := range pack.Boards {
		for side := range 2 {
			ss := NewSideSolver(pack, &pack.Boards[bi].Sides[side])
			sum := SideSummary{Board: pack.Boards[bi].ID, Side: sideName(side)}
			for ci := range pack.Cards {
				sol := ss.Solve(&pack.Cards[ci], &supply, obj)
				rep.Pairs++
				if sol.Empty == 0 {
					rep.ExactPairs++
					sum.ExactCards++
					perCard[ci].ExactSides++
				}
				sum.Tilings += sol.Tilings
				perCard[ci].Tilings += sol.Tilings
				rep.OptimalEmpty = append(rep.OptimalEmpty, PairResult{Card: pack.Cards[ci].ID, Board: sum.Board, Side: sum.Side,
					Empty: sol.Empty, Tilings: sol.Tilings, Bonus: sol.Bonus})
			}
			rep.PerSide = append(rep.PerSide, sum)
		}
	}
	rep.PerCard = perCard
	rep.ElapsedMS = float64(time.Since(start).Microseconds()) / 1000
	return rep
}

// SolvePair solves one card on one side of a board.
func SolvePair(pack *Pack, board, side, card int, obj Objective) PairResult {
	supply := FullSupply(pack)
	ss := NewSideSolver(pack, &pack.Boards[board].Sides[side])
	sol := ss.Solve(&pack.Cards[card], &supply, obj)
	r := PairResult{Card: pack.Cards[card].ID, Board: pack.Boards[board].ID, Side: sideName(side), Empty: sol.Empty, Tilings: sol.Tilings, Bonus: sol.Bonus}
	for i, p := range sol.Placements {
		sh := &pack.Shapes[p.Shape]
		r.Placements = append(r.Placements, PlacementID{Shape: sh.ID, Element: sol.Elements[i].String(),
			Transform: symbolNames[sh.Orientations[p.Orient].Symbol], Cell: cellName(p.Row*GridStride + p.Col)})
	}
	return r
}

// SolveRequest is what `minehall solve outofmine` was asked.
type SolveRequest struct {
	Board int    // board id, 0 for every board
	Side  string // "A", "B" or "" for both
	Card  int    // card id, 0 for every card
	All   bool   // every card on every side, with summaries
	JSON  bool
	Obj   Objective
}

// WriteSolve runs req on pack and writes a readable table, or JSON, to w.
// With All it writes the Report; otherwise one PairResult per pair
// selected by Board, Side and Card (Board is required), drawing the
// placement when a single pair is selected.
func WriteSolve(w io.Writer, pack *Pack, req SolveRequest) error {
	if req.All {
		rep := SolveAll(pack, req.Obj)
		if req.JSON {
			return writeJSON(w, rep)
		}
		return writeReportTable(w, rep)
	}
	if req.Board == 0 {
		return fmt.Errorf("name a board with --board (ids %s) or use --all", idList(pack.Boards, func(b Board) int { return b.ID }))
	}
	bi, ok := pack.BoardByID(req.Board)
	if !ok {
		return fmt.Errorf("no board %d (ids %s)", req.Board, idList(pack.Boards, func(b Board) int { return b.ID }))
	}
	sides := []int{0, 1}
	switch req.Side {
	case "":
	case "A", "a":
		sides = []int{0}
	case "B", "b":
		sides = []int{1}
	default:
		return fmt.Errorf("side %q is not A or B", req.Side)
	}
	cards := make([]int, len(pack.Cards))
	for i := range cards {
		cards[i] = i
	}
	if req.Card != 0 {
		ci, ok := pack.CardByID(req.Card)
		if !ok {
			return fmt.Errorf("no card %d (ids %s)", req.Card, idList(pack.Cards, func(c Card) int { return c.ID }))
		}
		cards = []int{ci}
	}
	var results []PairResult
	for _, side := range sides {
		for _, ci := range cards {
			results = append(results, SolvePair(pack, bi, side, ci, req.Obj))
		}
	}
	if req.JSON {
		if len(results) == 1 {
			return writeJSON(w, results[0])
		}
		return writeJSON(w, results)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "BOARD\tSIDE\tCARD\tEMPTY\tTILINGS\tBONUS\t")
	for _, r := range results {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t\n", r.Board, r.Side, r.Card, r.Empty, r.Tilings, r.Bonus)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(results) == 1 {
		fmt.Fprintln(w)
		fmt.Fprint(w, DrawPlacement(pack, &pack.Boards[bi].Sides[sides[0]], results[0].Placements))
	}
	return nil
}

// DrawPlacement draws a side with tiles as text: rock '.', empty gallery
// '#', and each tile as a letter ('a' for the first, 'b' for the next, …).
func DrawPlacement(pack *Pack, side *Side, ps []PlacementID) string {
	grid := make([][]byte, side.Rows)
	for r := range grid {
		grid[r] = make([]byte, side.Cols)
		for c := range grid[r] {
			grid[r][c] = '.'
			if side.Gallery.Has(r, c) {
				grid[r][c] = '#'
			}
		}
	}
	for i, p := range ps {
		si, _ := pack.ShapeByID(p.Shape)
		pl, err := parsePlacement(p.Transform, p.Cell)
		if err != nil || si < 0 {
			continue
		}
		sh := &pack.Shapes[si]
		cells := sh.Orientations[sh.BySymbol[pl/64]].Cells << (pl % 64)
		for r := range side.Rows {
			for c := range side.Cols {
				if cells.Has(r, c) {
					grid[r][c] = byte('a' + i%26)
				}
			}
		}
	}
	var b strings.Builder
	for _, row := range grid {
		b.Write(row)
		b.WriteByte('\n')
	}
	for i, p := range ps {
		fmt.Fprintf(&b, "%c: %s %s %s %s\n", 'a'+i%26, p.Shape, p.Element, p.Transform, p.Cell)
	}
	return strings.ReplaceAll(b.String(), "  ", " ")
}

func writeReportTable(w io.Writer, rep *Report) error {
	fmt.Fprintf(w, "%d pairs, %d with an exact tiling (%.1f%%), solved in %.1f ms\n\n", rep.Pairs, rep.ExactPairs, 100*float64(rep.ExactPairs)/float64(max(rep.Pairs, 1)), rep.ElapsedMS)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "CARD\tEXACT SIDES\tTILINGS\tMIN\tMAX\t")
	for _, c := range rep.PerCard {
		var ts []int64
		for _, r := range rep.OptimalEmpty {
			if r.Card == c.Card {
				ts = append(ts, r.Tilings)
			}
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t\n", c.Card, c.ExactSides, c.Tilings, slices.Min(ts), slices.Max(ts))
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "BOARD\tSIDE\tEXACT CARDS\tTILINGS\tWORST EMPTY\t")
	for _, s := range rep.PerSide {
		worst := 0
		for _, r := range rep.OptimalEmpty {
			if r.Board == s.Board && r.Side == s.Side {
				worst = max(worst, r.Empty)
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t\n", s.Board, s.Side, s.ExactCards, s.Tilings, worst)
	}
	return tw.Flush()
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func idList[T any](xs []T, id func(T) int) string {
	ids := make([]string, len(xs))
	for i, x := range xs {
		ids[i] = fmt.Sprint(id(x))
	}
	return strings.Join(ids, ", ")
}
