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
		return game.Errorf(game.CodeNotYourTurn, "it is player %d's turn, not player %s's", s.current, p)
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
	case x < actChest:
		return s.takeReason(x - actTake)
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
		return what + ": the " + tool.String() + " is not in this game (its tile shows the other side)"
	}
	if s.pool[s.current][m] == 0 {
		return what + ": the " + tool.String() + " costs one " + m.String() + " and you have none"
	}
	switch tool {
	case Glass, Dynamite:
		if s.phase != phaseAfter {
			return what + ": the " + tool.String() + " is used after a correct move"
		}
	case Map, Compass, Rope:
		if s.phase != phaseMove {
			return what + ": the " + tool.String() + " is used during your move, and you have already moved"
		}
	case Shovel:
		return what + ": the Shovel is used when your move cuts off several fragments, on a mineral of one of them"
	case Chest:
		if s.pouch.Total() == 0 {
			return "the Chest cannot be used when the pouch is empty"
		}
	}
	return what + ": the " + tool.String() + " cannot reach that (see the tool's rules)"
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
				return "move " + c.String() + ": your pawn stands on " + m.String() + " and must move exactly " + itoa(dist) + " hexes, not " + itoa(k)
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
					return "move " + c.String() + ": your pawn stands on " + m.String() + " and must move exactly " + itoa(dist) + " hexes, not " + itoa(k)
				}
				return "move " + c.String() + ": the way crosses a crevice wider than one hex"
			}
		}
	}
	return "move " + c.String() + ": not in a straight line from " + origin.String()
}

// takeReason says why the card in slot cannot be taken.
func (s *State) takeReason(slot int) string {
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
	c := &s.pack.Cards[s.faceUp[slot]]
	return "card " + c.ID + " asks for minerals you do not have"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
