package outofmine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"minehall/game"
)

// The notation of actions:
//
//	take B2 | take B2 gold     take a tile of that shape (and element) into the hand
//	return                     put the tile in hand back in the supply
//	place r90 c2               lay the tile in hand turned r90 with its top-left at c2
//	move 12 m0 a1              move, turn or mirror placed tile 12
//	remove 12                  take placed tile 12 off, back to the supply
//	swap 12 L3 silver          put placed tile 12 back and take an L3 with silver into the hand
//	call                       OUT OF MINE!
//	stop                       stop digging for the rest of the round
//	side A | side B            choose the side of the board dealt
//	time up                    the round clock ran out, or every player stopped (system)
//	deal board 7 to seat 2     board 7 is dealt to seat 2 (chance)
//	draw card 12 for seat 2    seat 2 draws treasure card 12, face down (chance)
//	lot seat 2                 the lot picks seat 2 to return its board (chance)
//	draw board 7               board 7 comes from the pile (chance)
//
// Transforms are r0, r90, r180, r270 (clockwise turns) and m0 … m270 (the
// same turn, then mirrored left to right: m90 turns the tile 90° clockwise
// and then mirrors it). Of transforms that give the same cells only the
// first in this order is legal. Cells are a column letter a–h and a row
// number 1–8 from the top left, naming the top-left cell of the tile's
// bounding box. Boards and cards are named by their ids in the pack, seats
// by their number counted from 1.

// kindName names a supply kind: its shape, and its element if any.
func kindName(pack *Pack, k int) string {
	sh, el := k/int(NumElements), Element(k%int(NumElements))
	name := fmt.Sprintf("shape%d", sh)
	if sh < len(pack.Shapes) {
		name = pack.Shapes[sh].ID
	}
	if el != NoElement {
		name += " " + el.String()
	}
	return name
}

// cellName names a grid cell, e.g. "c2" for row 1, column 2 (0-based).
func cellName(cell int) string {
	return fmt.Sprintf("%c%d", 'a'+cell%GridStride, cell/GridStride+1)
}

func placementName(pl int) string {
	return symbolNames[pl/64] + " " + cellName(pl%64)
}

// ActionString implements game.State.
func (s *State) ActionString(p game.Player, act game.Action) string {
	a := int(act)
	switch {
	case a < 0 || a >= numActions:
		return fmt.Sprintf("action %d", a)
	case a < actReturn:
		return "take " + kindName(s.pack, a-actTake)
	case a == actReturn:
		return "return"
	case a == actCall:
		return "call"
	case a < actTimeUp:
		return "side " + sideName(a-actSide)
	case a == actTimeUp:
		return "time up"
	case a < actPlace:
		return fmt.Sprintf("remove %d", a-actRemove)
	case a < actMove:
		return "place " + placementName(a-actPlace)
	case a < actSwap:
		return fmt.Sprintf("move %d %s", (a-actMove)/numPlacements, placementName((a-actMove)%numPlacements))
	case a < actLot:
		return fmt.Sprintf("swap %d %s", (a-actSwap)/numKinds, kindName(s.pack, (a-actSwap)%numKinds))
	case a < actDraw:
		return fmt.Sprintf("lot seat %d", a-actLot+1)
	case a < actDeal:
		return "draw board " + s.boardName(a-actDraw)
	case a < actCard:
		return fmt.Sprintf("deal board %s to seat %d", s.boardName((a-actDeal)%NumBoards), (a-actDeal)/NumBoards+1)
	case a == actStop:
		return "stop"
	default:
		return fmt.Sprintf("draw card %s for seat %d", s.cardName((a-actCard)%NumCards), (a-actCard)/NumCards+1)
	}
}

// boardName names board index b by its id ("#b" past the pack's boards).
func (s *State) boardName(b int) string {
	if b < len(s.pack.Boards) {
		return strconv.Itoa(s.pack.Boards[b].ID)
	}
	return fmt.Sprintf("#%d", b)
}

// cardName names card index c by its id ("#c" past the pack's cards).
func (s *State) cardName(c int) string {
	if c < len(s.pack.Cards) {
		return strconv.Itoa(s.pack.Cards[c].ID)
	}
	return fmt.Sprintf("#%d", c)
}

// ParseAction implements game.State.
func (s *State) ParseAction(p game.Player, str string) (game.Action, error) {
	f := strings.Fields(str)
	bad := func(format string, args ...any) (game.Action, error) {
		return 0, game.Errorf(game.CodeInvalid, "%q: "+format, append([]any{str}, args...)...)
	}
	if len(f) == 0 {
		return bad("empty move")
	}
	switch f[0] {
	case "return", "call", "stop":
		if len(f) != 1 {
			return bad("%s takes no arguments", f[0])
		}
		switch f[0] {
		case "call":
			return game.Action(actCall), nil
		case "stop":
			return game.Action(actStop), nil
		}
		return game.Action(actReturn), nil
	case "time":
		if len(f) != 2 || f[1] != "up" {
			return bad("write \"time up\"")
		}
		return game.Action(actTimeUp), nil
	case "side":
		if len(f) != 2 || (f[1] != "A" && f[1] != "B") {
			return bad("write \"side A\" or \"side B\"")
		}
		return game.Action(actSide + int(f[1][0]-'A')), nil
	case "take":
		k, err := s.parseKind(f[1:])
		if err != nil {
			return bad("%v; write e.g. \"take B2\" or \"take B2 gold\"", err)
		}
		return game.Action(actTake + k), nil
	case "remove":
		if len(f) != 2 {
			return bad("write \"remove TILE\"")
		}
		t, err := parseTile(f[1])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(actRemove + t), nil
	case "place":
		if len(f) != 3 {
			return bad("write \"place TRANSFORM CELL\", e.g. \"place r90 c2\"")
		}
		pl, err := parsePlacement(f[1], f[2])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(actPlace + pl), nil
	case "move":
		if len(f) != 4 {
			return bad("write \"move TILE TRANSFORM CELL\", e.g. \"move 12 m0 a1\"")
		}
		t, err := parseTile(f[1])
		if err != nil {
			return bad("%v", err)
		}
		pl, err := parsePlacement(f[2], f[3])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(actMove + t*numPlacements + pl), nil
	case "swap":
		if len(f) < 3 {
			return bad("write \"swap TILE SHAPE [ELEMENT]\", e.g. \"swap 12 L3 silver\"")
		}
		t, err := parseTile(f[1])
		if err != nil {
			return bad("%v", err)
		}
		k, err := s.parseKind(f[2:])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(actSwap + t*numKinds + k), nil
	case "lot":
		if len(f) != 3 || f[1] != "seat" {
			return bad("write \"lot seat N\"")
		}
		q, err := parseSeat(f[2])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(actLot + q), nil
	case "deal":
		if len(f) != 6 || f[1] != "board" || f[3] != "to" || f[4] != "seat" {
			return bad("write \"deal board ID to seat N\"")
		}
		b, err := s.parseBoard(f[2])
		if err != nil {
			return bad("%v", err)
		}
		q, err := parseSeat(f[5])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(actDeal + q*NumBoards + b), nil
	case "draw":
		switch {
		case len(f) == 3 && f[1] == "board":
			b, err := s.parseBoard(f[2])
			if err != nil {
				return bad("%v", err)
			}
			return game.Action(actDraw + b), nil
		case len(f) == 6 && f[1] == "card" && f[3] == "for" && f[4] == "seat":
			c, err := s.parseCard(f[2])
			if err != nil {
				return bad("%v", err)
			}
			q, err := parseSeat(f[5])
			if err != nil {
				return bad("%v", err)
			}
			return game.Action(actCard + q*NumCards + c), nil
		}
		return bad("write \"draw board ID\" or \"draw card ID for seat N\"")
	}
	return bad("unknown move %q; moves are take, return, place, move, remove, swap, call, side and time up, and chance's deal, draw and lot", f[0])
}

// parseSeat reads a seat number counted from 1.
func parseSeat(str string) (int, error) {
	q, err := strconv.Atoi(str)
	if err != nil || q < 1 || q > MaxPlayers {
		return 0, fmt.Errorf("seat %q is not a seat number 1 to %d", str, MaxPlayers)
	}
	return q - 1, nil
}

// parseBoard reads a board id of the pack and returns its index.
func (s *State) parseBoard(str string) (int, error) {
	id, err := strconv.Atoi(str)
	b, ok := s.pack.BoardByID(id)
	if err != nil || !ok {
		return 0, fmt.Errorf("board %q is not a board of the pack", str)
	}
	return b, nil
}

// parseCard reads a card id of the pack and returns its index.
func (s *State) parseCard(str string) (int, error) {
	id, err := strconv.Atoi(str)
	c, ok := s.pack.CardByID(id)
	if err != nil || !ok {
		return 0, fmt.Errorf("card %q is not a card of the pack", str)
	}
	return c, nil
}

func (s *State) parseKind(f []string) (int, error) {
	if len(f) == 0 || len(f) > 2 {
		return 0, fmt.Errorf("name a shape and optionally an element")
	}
	sh, ok := s.pack.ShapeByID(f[0])
	if !ok {
		ids := make([]string, len(s.pack.Shapes))
		for i := range s.pack.Shapes {
			ids[i] = s.pack.Shapes[i].ID
		}
		return 0, fmt.Errorf("no shape %q (shapes: %s)", f[0], strings.Join(ids, ", "))
	}
	el := NoElement
	if len(f) == 2 {
		e, ok := ParseElement(f[1])
		if !ok || e == NoElement {
			return 0, fmt.Errorf("no element %q (gold, silver, woodworm, rat)", f[1])
		}
		el = e
	}
	return sh*int(NumElements) + int(el), nil
}

func parseTile(s string) (int, error) {
	t, err := strconv.Atoi(s)
	if err != nil || t < 0 || t >= NumTiles {
		return 0, fmt.Errorf("tile %q is not a tile number 0 to %d", s, NumTiles-1)
	}
	return t, nil
}

func parsePlacement(sym, cell string) (int, error) {
	t := slices.Index(symbolNames[:], sym)
	if t < 0 {
		return 0, fmt.Errorf("transform %q is not one of %s", sym, strings.Join(symbolNames[:], ", "))
	}
	if len(cell) < 2 || cell[0] < 'a' || cell[0] >= 'a'+GridStride {
		return 0, fmt.Errorf("cell %q is not a column a-h and a row 1-8", cell)
	}
	r, err := strconv.Atoi(cell[1:])
	if err != nil || r < 1 || r > MaxRows {
		return 0, fmt.Errorf("cell %q is not a column a-h and a row 1-8", cell)
	}
	return t*64 + (r-1)*GridStride + int(cell[0]-'a'), nil
}
