package tutorial

import (
	"strings"

	"minehall/game"
	mn "minehall/games/minerals"
)

// mnView is seat 0's view of a Minerals state.
func mnView(s game.State) mn.View {
	v := s.View(0)
	if p, ok := v.(*mn.View); ok {
		return *p
	}
	return v.(mn.View)
}

// mnBoard maps each hex with a mineral to the mineral's name.
func mnBoard(v mn.View) map[mn.Cell]string {
	b := map[mn.Cell]string{}
	for _, h := range v.Board {
		c, _ := mn.ParseCell(h.Hex)
		b[c] = h.Mineral
	}
	return b
}

// directions classifies the six directions of a pawn on c moving dist
// hexes: "legal" (a move of legal), "outside" (the walk leaves the grid or
// ends beyond the board's last mineral), "crevice" (a run of two or more
// empty hexes on the way, the end hex holding a mineral), or "other".
func directions(b map[mn.Cell]string, pawns map[mn.Cell]bool, c mn.Cell, dist int, legal map[string]bool) map[string]int {
	out := map[string]int{}
	for d := mn.Direction(0); d < 6; d++ {
		cur, ok := c, true
		run, maxRun := 0, 0
		for k := 1; k <= dist && ok; k++ {
			cur, ok = mn.Neighbour(cur, d)
			if !ok {
				break
			}
			if k < dist {
				if _, has := b[cur]; has {
					run = 0
				} else {
					run++
					maxRun = max(maxRun, run)
				}
			}
		}
		switch {
		case ok && legal["move "+cur.String()]:
			out["legal"]++
		case !ok:
			out["outside"]++
		default:
			beyond := true
			for n, ok2 := cur, true; ok2; {
				if _, has := b[n]; has {
					beyond = false
					break
				}
				n, ok2 = mn.Neighbour(n, d)
			}
			_, endHas := b[cur]
			switch {
			case beyond:
				out["outside"]++
			case maxRun >= 2 && endHas && !pawns[cur]:
				out["crevice"]++
			default:
				out["other"]++
			}
		}
	}
	return out
}

// legalMoves returns seat 0's "move" actions.
func legalMoves(s game.State) map[string]bool {
	out := map[string]bool{}
	for _, a := range s.Legal(0, nil) {
		if m := s.ActionString(0, a); strings.HasPrefix(m, "move ") {
			out[m] = true
		}
	}
	return out
}

func pawnsOf(v mn.View) map[mn.Cell]bool {
	out := map[mn.Cell]bool{}
	for _, p := range v.Players {
		if c, err := mn.ParseCell(p.Pawn); err == nil {
			out[c] = true
		}
	}
	return out
}
