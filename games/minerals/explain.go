package minerals

import (
	"minehall/game"
)

// Explain returns nil when p may take a now, else an error that says why.
func (s *State) Explain(p game.Player, a game.Action) error {
	if s.phase == phaseOver {
		return game.Errorf(game.CodeGameOver, "the game is over")
	}
	x := int(a)
	if x < 0 || x >= numActions {
		return game.Errorf(game.CodeInvalid, "action %d is outside 0 to %d", x, numActions-1)
	}
	if s.phase == phaseRevealCard || s.phase == phaseChestDraw {
		if p != game.Chance {
			return game.Errorf(game.CodeNotYourTurn, "a random draw comes next, not a player's move")
		}
	} else if p != game.Player(s.current) {
		if !p.Seated() {
			return game.Errorf(game.CodeNotYourTurn, "it is seat %d's turn, not %s's", s.current+1, p)
		}
		return game.Errorf(game.CodeNotYourTurn, "it is seat %d's turn, not seat %d's", s.current+1, p+1)
	}
	var buf [256]game.Action
	for _, l := range s.Legal(p, buf[:0]) {
		if l == a {
			return nil
		}
	}
	return game.Errorf(game.CodeIllegal, "%s", s.reason(x))
}

func (s *State) reason(x int) string {
	what := s.ActionString(game.Player(s.current), game.Action(x))
	if s.phase == phaseSack && (x < actSackWith || x >= actHammer) {
		return what + ": you are building a Sack swap with seat " + itoa(int(s.sackWith)+1) + "; make it (sack swap) or cancel it (sack cancel) first"
	}
	switch s.phase {
	case phaseRevealCard:
		return what + ": that card is not in the deck"
	case phaseChestDraw:
		return what + ": the pouch holds no such mineral"
	case phaseRemove:
		c := Cell(x)
		if x >= actFail {
			return "at set-up each player removes one mineral from the board (remove HEX)"
		}
		if s.board[c] == 0 {
			return what + ": there is no mineral on " + c.String()
		}
		return what + ": removing it would divide the board; the board must stay one piece"
	case phasePlacePawn, phaseFailPlace:
		c := Cell(x)
		switch {
		case x >= actFail:
			return "place the pawn on a free wollastonite first (place HEX)"
		case s.board[c] != 1:
			return what + ": pawns are placed on a wollastonite (white mineral)"
		default:
			return what + ": another pawn stands there"
		}
	case phaseCut:
		return what + ": fragments are about to be cut off; cut, or use the Hammer or the Shovel if you may"
	}
	if x < actFail {
		if s.phase != phaseMove {
			return what + ": you have already moved this turn"
		}
		return s.moveReason(Cell(x))
	}
	switch {
	case x == actFail:
		if s.phase != phaseMove {
			return "you have already moved this turn"
		}
		return "a correct move exists, so you must make it"
	case x == actEnd:
		return "you must move before your turn can end"
	case x == actCut:
		return "nothing is being cut off now"
	case x < actTakeLess:
		return s.takeReason(x-actTake, false)
	case x < actChest:
		return s.takeReason(x-actTakeLess, true)
	case x > actChest && x < actSackWith:
		return what + ": draws and reveals are random events, not a player's move"
	}
	if !s.toolsInPlay() {
		return what + ": this version is played without tools"
	}
	if s.toolUsed {
		return what + ": you have already used a tool this turn (one tool per turn)"
	}
	tool := s.toolOf(x)
	m, ok := s.tileOf(tool)
	if !ok {
		return what + ": the " + s.toolName(tool) + " is not in this game (its tile shows the other side)"
	}
	if s.pool[s.current][m] == 0 {
		return what + ": the " + s.toolName(tool) + " costs one " + m.String() + " and you have none"
	}
	switch tool {
	case Dynamite:
		if s.phase != phaseAfter {
			return what + ": the " + s.toolName(tool) + " is used after a correct move"
		}
	case Map, Compass, Rope:
		if s.phase != phaseMove {
			return what + ": the " + s.toolName(tool) + " is used during your move, and you have already moved"
		}
	case Shovel:
		return what + ": the Shovel is used when your move cuts off several fragments, on a mineral of one of them"
	case Chest:
		if s.pouch.Total() == 0 {
			return "the Chest cannot be used when the pouch is empty"
		}
	}
	return what + ": " + s.toolReason(tool, x)
}

// toolReason says why tool action x, whose tool is in play, paid for and
// used in the right part of the turn, is still not legal.
func (s *State) toolReason(tool ToolID, x int) string {
	dist := 0
	if at := s.pawn[s.current]; at >= 0 {
		dist = int(s.board[at])
	}
	switch tool {
	case Hammer:
		m, c := Mineral((x-actHammer)/NumCells), Cell((x-actHammer)%NumCells)
		switch {
		case s.pouch[m] == 0:
			return "the pouch holds no " + m.String()
		case s.board[c] != 0:
			return c.String() + " already holds a mineral"
		}
		return "the Hammer adds a mineral only on an empty hex touching at least two minerals"
	case Sack:
		return s.sackReason(x)
	case Map:
		return "with the Map the move is still exactly " + hexes(dist) + ", turns once over a crevice or a pawn, ends on a free mineral, and reaches a hex a straight move does not"
	case Compass:
		switch {
		case dist <= 1:
			return "the Compass moves fewer hexes than a plain move and at least 1, so it cannot move from " + Wollastonite.String()
		case dist == 2:
			return "the Compass moves 1 hex in a straight line and stops on a free mineral just before a crevice, the edge of the grid or a pawn"
		}
		return "the Compass moves 1 to " + itoa(dist-1) + " hexes in a straight line and stops on a free mineral just before a crevice, the edge of the grid or a pawn"
	case Glass:
		return "the Magnifying Glass takes a free mineral next to your pawn whose color differs from the mineral your pawn stands on now"
	case Vortex:
		return "the Vortex carries your pawn and its mineral to an empty hex touching at least two other minerals"
	case Rope:
		return "with the Rope the move is still exactly " + hexes(dist) + " in a straight line, ends on a free mineral, and reaches a hex a straight move does not"
	case Dynamite:
		c := Cell(x - actDynamite)
		if s.board[c] == 0 {
			return "there is no mineral on " + c.String()
		}
		return "the Dynamite blasts a mineral without a pawn, and a pawn stands on " + c.String()
	}
	return "the " + s.toolName(tool) + " cannot do that now"
}

// toolOf returns the tool an action of the tool ranges belongs to.
func (s *State) toolOf(x int) ToolID {
	switch {
	case x == actChest:
		return Chest
	case x < actHammer:
		return Sack
	case x < actShovel:
		return Hammer
	}
	for i := len(cellTools) - 1; i >= 0; i-- {
		if x >= cellTools[i].first {
			return cellTools[i].tool
		}
	}
	return Hammer
}

// moveReason says why a move to c is not correct.
func (s *State) moveReason(c Cell) string {
	origin := Cell(s.pawn[s.current])
	dist := int(s.board[origin])
	m := Mineral(dist - 1)
	for d := range numDirections {
		at, gaps := origin, 0
		for k := 1; k <= dist; k++ {
			next, ok, empty := s.step(at, d, origin)
			if !ok {
				break
			}
			at = next
			if empty {
				gaps++
			} else {
				gaps = 0
			}
			if at != c {
				if gaps > 1 {
					break
				}
				continue
			}
			switch {
			case k < dist:
				return "move " + c.String() + ": your pawn stands on " + m.String() + " and must move exactly " + hexes(dist) + ", not " + itoa(k)
			case gaps > 1:
				return "move " + c.String() + ": the way crosses a crevice wider than one hex"
			case s.board[c] == 0:
				return "move " + c.String() + ": a move cannot end on a crevice"
			default:
				return "move " + c.String() + ": another pawn stands there"
			}
		}
		if at == c {
			break
		}
	}
	for d := range numDirections {
		at := origin
		for k := 1; k <= 2*GridCols; k++ {
			next, ok, _ := s.step(at, d, origin)
			if !ok {
				break
			}
			at = next
			if at == c {
				if k > dist {
					return "move " + c.String() + ": your pawn stands on " + m.String() + " and must move exactly " + hexes(dist) + ", not " + itoa(k)
				}
				return "move " + c.String() + ": the way crosses a crevice wider than one hex"
			}
		}
	}
	return "move " + c.String() + ": not in a straight line from " + origin.String()
}

// takeReason says why the card in slot cannot be taken (without its
// orpiment if without).
func (s *State) takeReason(slot int, without bool) string {
	switch {
	case !s.collectionsInPlay():
		return "this version is played without collection cards"
	case s.phase != phaseAfter:
		return "collection cards are taken after your move"
	case s.exchanged:
		return "you have already taken a collection card this turn"
	case s.faceUp[slot] < 0:
		return "face-up slot " + itoa(slot+1) + " is empty"
	}
	k := int(s.faceUp[slot])
	c := &s.pack.Cards[k]
	if without {
		if !c.Reducible() {
			return "card " + c.ID + " cannot be taken without an orpiment: only ♦♦ cards with an orpiment can"
		}
		return "card " + c.ID + " asks for minerals you do not have besides its orpiment"
	}
	if c.Reducible() && s.pool[s.current][Orpiment] < c.Minerals[Orpiment] && s.canTake(s.current, k, true) {
		return "card " + c.ID + " asks for an orpiment you do not have; take it without the orpiment (take " + itoa(slot+1) + " without orpiment) for " + itoa(c.ReducedPoints) + " points"
	}
	return "card " + c.ID + " asks for minerals you do not have"
}

// hexes says a count of hexes: "1 hex", "3 hexes".
var hexes = countWords{"%d hex", "%d hexes"}.say

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// toolName returns the tool's name as printed on its tile ("Magnifying
// Glass").
func (s *State) toolName(t ToolID) string {
	for m := range s.pack.Tiles {
		for _, side := range s.pack.Tiles[m] {
			if side.Tool == t {
				return side.Name
			}
		}
	}
	return t.String()
}
