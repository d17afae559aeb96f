package outofmine

import (
	"math/bits"
	"slices"
	"strings"

	"minehall/game"
)

// The dense action space. Kinds are tiles of one shape and element
// (interchangeable in the supply): kind = shape*NumElements + element.
// Placements are a transform (0..7) and a top-left cell (row*8+col):
// placement = transform*64 + cell.
const (
	numKinds      = NumShapes * int(NumElements)
	numPlacements = 8 * 64

	actTake    = 0                                // + kind: take a tile of that kind into the hand
	actReturn  = actTake + numKinds               // put the tile in hand back
	actCall    = actReturn + 1                    // "OUT OF MINE!"
	actSide    = actCall + 1                      // + 0 or 1: play side A or B
	actTimeUp  = actSide + 2                      // System: the round clock ran out
	actRemove  = actTimeUp + 1                    // + tile: take a placed tile off, back to the supply
	actPlace   = actRemove + NumTiles             // + placement: lay the tile in hand
	actMove    = actPlace + numPlacements         // + tile*numPlacements + placement: move, turn or mirror a placed tile
	actSwap    = actMove + NumTiles*numPlacements // + tile*numKinds + kind: swap a placed tile for a supply tile, which goes to the hand
	actLot     = actSwap + NumTiles*numKinds      // chance + seat: the lot picks this tied seat to return its board
	actDraw    = actLot + MaxPlayers              // chance + board: this board comes from the pile
	actDeal    = actDraw + NumBoards              // chance + seat*NumBoards + board: this board is dealt to this seat
	actCard    = actDeal + MaxPlayers*NumBoards   // chance + seat*NumCards + card: this seat draws this treasure card
	actStop    = actCard + MaxPlayers*NumCards    // stop digging for the rest of the round
	numActions = actStop + 1
)

// Legal implements game.State. It appends in ascending order and allocates
// nothing beyond dst.
func (s *State) Legal(p game.Player, dst []game.Action) []game.Action {
	switch s.phase {
	case PhaseDeal, PhaseCards:
		if p == game.Chance {
			dst = s.appendChance(dst)
		}
		return dst
	case PhaseChoose:
		if !p.Seated() || int(p) >= s.n || s.seats[p].Side >= 0 {
			return dst
		}
		st := &s.seats[p]
		for side := range 2 {
			if st.Board == st.PrevBoard && int(st.PrevSide) == side {
				continue // the same board again: its other side
			}
			dst = append(dst, game.Action(actSide+side))
		}
		return dst
	case PhaseRound:
	default:
		return dst
	}
	if p == game.System {
		if s.opts.Clock > 0 || s.allStopped() {
			dst = append(dst, game.Action(actTimeUp))
		}
		return dst
	}
	if !p.Seated() || int(p) >= s.n || s.seats[p].Stopped {
		return dst
	}
	pi := int(p)
	st := &s.seats[pi]
	if st.Hand < 0 {
		for k, n := range s.supply {
			if n > 0 {
				dst = append(dst, game.Action(actTake+k))
			}
		}
	} else {
		dst = append(dst, game.Action(actReturn))
	}
	side := s.sideOf(pi)
	if side.Gallery&^st.Occupied == 0 {
		dst = append(dst, game.Action(actCall))
	}
	for t, w := range s.where {
		if w == boardBase+int8(pi) {
			dst = append(dst, game.Action(actRemove+t))
		}
	}
	if st.Hand >= 0 {
		dst = s.appendPlacements(pi, int(st.Hand), st.Occupied, actPlace, -1, dst)
	}
	for t, w := range s.where {
		if w == boardBase+int8(pi) {
			cur := s.tileCells(t, s.spots[t])
			dst = s.appendPlacements(pi, t, st.Occupied&^cur, actMove+t*numPlacements, int(s.spots[t].Sym)*64+int(s.spots[t].Cell), dst)
		}
	}
	if st.Hand < 0 {
		for t, w := range s.where {
			if w != boardBase+int8(pi) {
				continue
			}
			own := kindOf(&s.pack.Tiles[t])
			for k, n := range s.supply {
				if n > 0 && k != own {
					dst = append(dst, game.Action(actSwap+t*numKinds+k))
				}
			}
		}
	}
	return append(dst, game.Action(actStop))
}

// appendPlacements appends base+placement for every placement of tile t on
// p's board that avoids occ, except the placement skip.
func (s *State) appendPlacements(p, t int, occ CellSet, base int, skip int, dst []game.Action) []game.Action {
	tile := &s.pack.Tiles[t]
	sh := &s.pack.Shapes[tile.Shape]
	side := s.sideOf(p)
	card := s.cardOf(p)
	if s.opts.Assist && !s.assistColorOK(p, t, card) {
		return dst
	}
	for sym := range 8 {
		if !sh.Canonical[sym] {
			continue
		}
		o := &sh.Orientations[sh.BySymbol[sym]]
		for r := 0; r+o.Rows <= side.Rows; r++ {
			for c := 0; c+o.Cols <= side.Cols; c++ {
				cell := r*GridStride + c
				m := o.Cells << cell
				if m&occ != 0 || sym*64+cell == skip {
					continue
				}
				if s.opts.Assist && m&^side.Gallery != 0 {
					continue
				}
				dst = append(dst, game.Action(base+sym*64+cell))
			}
		}
	}
	return dst
}

// assistColorOK reports whether assist mode lets p lay tile t: its color is
// on the card and the card's count of that color is not yet reached (a tile
// already on the board, being moved, counts as itself).
func (s *State) assistColorOK(p, t int, card *Card) bool {
	col := s.pack.Tiles[t].Color
	if card.Count[col] == 0 {
		return false
	}
	if s.where[t] == boardBase+int8(p) {
		return true
	}
	n := 0
	for u, w := range s.where {
		if w == boardBase+int8(p) && s.pack.Tiles[u].Color == col {
			n++
		}
	}
	return n < card.Count[col]
}

// Apply implements game.State; a must be legal for p.
func (s *State) Apply(p game.Player, act game.Action) {
	pi, a := int(p), int(act)
	switch {
	case a == actStop:
		st := &s.seats[pi]
		if st.Hand >= 0 {
			s.toSupply(int(st.Hand))
			st.Hand = -1
		}
		st.Stopped = true
	case a >= actLot:
		s.applyChance(a)
	case a >= actSide && a < actSide+2:
		s.seats[pi].Side = int8(a - actSide)
		for q := range s.n {
			if s.seats[q].Side < 0 {
				return
			}
		}
		// Every side is chosen: chance deals the treasure cards.
		s.phase = PhaseCards
		s.seq++
	case a == actTimeUp:
		s.endRound(-1)
	case a == actCall:
		s.endRound(pi)
	case a < actReturn:
		s.takeKind(pi, int(a-actTake))
	case a == actReturn:
		s.toSupply(int(s.seats[pi].Hand))
		s.seats[pi].Hand = -1
	case a < actPlace:
		t := int(a - actRemove)
		s.seats[pi].Occupied &^= s.tileCells(t, s.spots[t])
		s.toSupply(t)
	case a < actMove:
		t := int(s.seats[pi].Hand)
		s.seats[pi].Hand = -1
		s.put(pi, t, int(a-actPlace))
	case a < actSwap:
		t := int(a-actMove) / numPlacements
		s.seats[pi].Occupied &^= s.tileCells(t, s.spots[t])
		s.put(pi, t, int(a-actMove)%numPlacements)
	default:
		t := int(a-actSwap) / numKinds
		s.seats[pi].Occupied &^= s.tileCells(t, s.spots[t])
		s.toSupply(t)
		s.takeKind(pi, int(a-actSwap)%numKinds)
	}
}

// put lays tile t on p's board at placement pl.
func (s *State) put(p, t, pl int) {
	sp := spot{Sym: int8(pl / 64), Cell: int8(pl % 64)}
	s.where[t] = boardBase + int8(p)
	s.spots[t] = sp
	s.seats[p].Occupied |= s.tileCells(t, sp)
}

// mayTake reports whether p may take a now, as game.Check would, without
// listing every legal action: p is an actor and Explain finds no reason
// against a. TestExplainAgreesWithLegal keeps the two in step.
func (s *State) mayTake(p game.Player, a game.Action) bool {
	var buf [MaxPlayers + 1]game.Player
	return slices.Contains(s.Actors(buf[:0]), p) && s.Explain(p, a) == nil
}

// Explain implements game.Explainer: it says why p may not take a now.
func (s *State) Explain(p game.Player, act game.Action) error {
	a := int(act)
	illegal := func(format string, args ...any) error { return game.Errorf(game.CodeIllegal, format, args...) }
	if s.phase == PhaseOver {
		return game.Errorf(game.CodeGameOver, "the game is over")
	}
	if a < 0 || a >= numActions {
		return game.Errorf(game.CodeInvalid, "action %d is outside 0 to %d", a, numActions-1)
	}
	if p == game.Chance {
		return s.explainChance(a)
	}
	if a >= actLot && a != actStop {
		return game.Errorf(game.CodeNotYourTurn, "only chance deals boards and cards and draws lots")
	}
	if a == actTimeUp {
		if p != game.System {
			return game.Errorf(game.CodeNotYourTurn, "only the round clock ends a round by time")
		}
		if s.phase == PhaseRound && (s.opts.Clock > 0 || s.allStopped()) {
			return nil
		}
		if s.phase == PhaseRound {
			return illegal("the round clock is off, and not every player has stopped")
		}
		return illegal("no round clock is running")
	}
	if !p.Seated() || int(p) >= s.n {
		return game.Errorf(game.CodeNotYourTurn, "player %s has no seat at this table", p)
	}
	pi := int(p)
	st := &s.seats[pi]
	switch s.phase {
	case PhaseDeal:
		return game.Errorf(game.CodeNotYourTurn, "the boards are being dealt; wait for yours")
	case PhaseCards:
		return game.Errorf(game.CodeNotYourTurn, "the treasure cards are being dealt; the round starts when every player has one")
	}
	if a >= actSide && a < actSide+2 {
		if s.phase != PhaseChoose {
			return illegal("sides are chosen between rounds, not now")
		}
		if st.Side >= 0 {
			return game.Errorf(game.CodeNotYourTurn, "you already chose side %s", sideName(int(st.Side)))
		}
		if st.Board == st.PrevBoard && int(a-actSide) == int(st.PrevSide) {
			return illegal("you were dealt the same board again, so you must play its other side")
		}
		return nil
	}
	if s.phase != PhaseRound {
		return game.Errorf(game.CodeNotYourTurn, "the round has not started: every player first chooses a side of their board")
	}
	if st.Stopped {
		return illegal("you have stopped digging this round; it ends when every player has stopped or someone calls OUT OF MINE!")
	}
	side := s.sideOf(pi)
	onBoard := func(t int) error {
		if s.where[t] != boardBase+int8(pi) {
			return illegal("tile %d is not on your board", t)
		}
		return nil
	}
	switch {
	case a == actStop:
		return nil
	case a == actCall:
		switch n := (side.Gallery &^ st.Occupied).Count(); {
		case n == 1:
			return illegal("you may call OUT OF MINE! only when every gallery space is covered; 1 is still empty")
		case n > 0:
			return illegal("you may call OUT OF MINE! only when every gallery space is covered; %d are still empty", n)
		}
	case a < actReturn:
		if st.Hand >= 0 {
			return illegal("you already hold a tile; place it or put it back first (one hand)")
		}
		if s.supply[a-actTake] == 0 {
			return illegal("the supply has no %s left%s", kindName(s.pack, a-actTake), s.otherKinds(a-actTake))
		}
	case a == actReturn:
		if st.Hand < 0 {
			return illegal("you hold no tile to put back")
		}
	case a < actPlace:
		return onBoard(int(a - actRemove))
	case a < actMove:
		if st.Hand < 0 {
			return illegal("you hold no tile to place; take one from the supply first")
		}
		return s.explainPlacement(pi, int(st.Hand), st.Occupied, int(a-actPlace))
	case a < actSwap:
		t := int(a-actMove) / numPlacements
		if err := onBoard(t); err != nil {
			return err
		}
		pl := int(a-actMove) % numPlacements
		if pl == int(s.spots[t].Sym)*64+int(s.spots[t].Cell) {
			return illegal("tile %d already lies there", t)
		}
		return s.explainPlacement(pi, t, st.Occupied&^s.tileCells(t, s.spots[t]), pl)
	default:
		t := int(a-actSwap) / numKinds
		k := int(a-actSwap) % numKinds
		if err := onBoard(t); err != nil {
			return err
		}
		if st.Hand >= 0 {
			return illegal("you already hold a tile; place it or put it back before swapping (one hand)")
		}
		if s.supply[k] == 0 {
			return illegal("the supply has no %s left%s", kindName(s.pack, k), s.otherKinds(k))
		}
		if kindOf(&s.pack.Tiles[t]) == k {
			return illegal("tile %d is already a %s", t, kindName(s.pack, k))
		}
	}
	return nil
}

// otherKinds lists the supply's tiles of the same shape as kind k with
// another element, for an error message.
func (s *State) otherKinds(k int) string {
	sh := k / int(NumElements)
	var names []string
	for el := range int(NumElements) {
		if kk := sh*int(NumElements) + el; kk != k && s.supply[kk] > 0 {
			names = append(names, kindName(s.pack, kk))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (it has " + strings.Join(names, ", ") + ")"
}

// explainPlacement says why tile t may not lie at placement pl on p's board
// with the cells occ taken.
func (s *State) explainPlacement(p, t int, occ CellSet, pl int) error {
	illegal := func(format string, args ...any) error { return game.Errorf(game.CodeIllegal, format, args...) }
	sh := &s.pack.Shapes[s.pack.Tiles[t].Shape]
	sym, cell := pl/64, pl%64
	if !sh.Canonical[sym] {
		canon := sh.Orientations[sh.BySymbol[sym]].Symbol
		return illegal("a %s turned %s looks the same as turned %s; use %s", sh.ID, symbolNames[sym], symbolNames[canon], symbolNames[canon])
	}
	o := &sh.Orientations[sh.BySymbol[sym]]
	side := s.sideOf(p)
	r, c := cell/GridStride, cell%GridStride
	if r+o.Rows > side.Rows || c+o.Cols > side.Cols {
		return illegal("a tile may lie only on the board: %s at %s would stick out of the %dx%d board", sh.ID, cellName(cell), side.Rows, side.Cols)
	}
	m := o.Cells << cell
	if m&occ != 0 {
		return illegal("tiles never overlap: %s at %s would cover %s, which is taken", sh.ID, cellName(cell), cellName(bits.TrailingZeros64(uint64(m&occ))))
	}
	if s.opts.Assist {
		card := s.cardOf(p)
		col := sh.Color
		if m&^side.Gallery != 0 {
			return illegal("assist mode: %s at %s would cover rock at %s", sh.ID, cellName(cell), cellName(bits.TrailingZeros64(uint64(m&^side.Gallery))))
		}
		if card.Count[col] == 0 {
			return illegal("assist mode: your card has no %s tiles", col)
		}
		if !s.assistColorOK(p, t, card) {
			if card.Count[col] == 1 {
				return illegal("assist mode: your card allows only 1 %s tile and it is already on your board", col)
			}
			return illegal("assist mode: your card allows only %d %s tiles and they are already on your board", card.Count[col], col)
		}
	}
	return nil
}
