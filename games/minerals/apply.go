package minerals

import (
	"minehall/game"
)

// ChanceOutcomes appends the outcomes of the pending random event: a card
// revealed from the deck (each remaining card alike) or a mineral the Chest
// draws from the pouch (by the pouch's counts).
func (s *State) ChanceOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	switch s.phase {
	case phaseRevealCard:
		n := 0
		for k := range s.pack.Cards {
			if s.deck&(1<<k) != 0 {
				n++
			}
		}
		for k := range s.pack.Cards {
			if s.deck&(1<<k) != 0 {
				dst = append(dst, game.ChanceOutcome{Action: game.Action(actReveal + k), Probability: 1 / float64(n)})
			}
		}
	case phaseChestDraw:
		total := float64(s.pouch.Total())
		for m, n := range s.pouch {
			if n > 0 {
				dst = append(dst, game.ChanceOutcome{Action: game.Action(actDraw + m), Probability: float64(n) / total})
			}
		}
	}
	return dst
}

// Apply applies a legal action a of p without checking it.
func (s *State) Apply(p game.Player, a game.Action) {
	x := int(a)
	switch s.phase {
	case phaseRemove:
		c := Cell(x - actCell)
		s.pouch[s.board[c]-1]++
		s.setMineral(c, 0)
		s.setupCount++
		s.current = (s.current + 1) % s.n
		if s.setupCount == removals {
			s.phase, s.setupCount, s.current = phasePlacePawn, 0, 0
		}
		return
	case phasePlacePawn:
		owner := (s.current + s.n - 1) % s.n
		s.pawn[owner] = int16(x - actCell)
		s.current++
		if s.current == s.n {
			s.current = 0
			s.startTurn()
		}
		return
	case phaseFailPlace:
		s.pawn[s.current] = int16(x - actCell)
		s.endTurn()
		return
	case phaseRevealCard:
		k := x - actReveal
		s.deck &^= 1 << k
		s.faceUp[s.refillSlot] = int8(k)
		s.phase = phaseAfter
		s.settle()
		return
	case phaseChestDraw:
		m := x - actDraw
		s.pouch[m]--
		s.pool[s.current][m]++
		s.phase = s.chestBack
		s.settle()
		return
	}
	switch {
	case x < actFail:
		s.move(Cell(x - actCell))
	case x == actFail:
		s.fail()
	case x == actEnd:
		s.endTurn()
	case x == actCut:
		s.resolveCut(true, -1)
		s.phase = phaseAfter
		s.settle()
	case x < actTakeLess:
		s.take(x-actTake, false)
	case x < actChest:
		s.take(x-actTakeLess, true)
	case x == actChest:
		s.pay(Chest)
		s.chestBack = s.phase
		s.phase = phaseChestDraw
	case x < actHammer:
		s.sackStep(x)
	case x < actShovel:
		s.hammer(Mineral((x-actHammer)/NumCells), Cell((x-actHammer)%NumCells))
	case x < actMap:
		s.pay(Shovel)
		s.resolveCut(true, int16(x-actShovel))
		s.phase = phaseAfter
		s.settle()
	case x < actCompass:
		s.pay(Map)
		s.move(Cell(x - actMap))
	case x < actGlass:
		s.pay(Compass)
		s.move(Cell(x - actCompass))
	case x < actVortex:
		s.glass(Cell(x - actGlass))
	case x < actRope:
		s.vortex(Cell(x - actVortex))
	case x < actDynamite:
		s.pay(Rope)
		s.move(Cell(x - actRope))
	default:
		s.pay(Dynamite)
		c := Cell(x - actDynamite)
		s.pouch[s.board[c]-1]++
		s.setMineral(c, 0)
		s.cutAfterTool(c)
	}
}

// pay moves the mineral tool t costs from the current player's pool to the
// stack on the player board, and marks the turn's tool as used.
func (s *State) pay(t ToolID) {
	m, _ := s.tileOf(t)
	s.pool[s.current][m]--
	s.stack[s.current][m]++
	s.toolUsed = true
}

// startTurn begins the current player's turn.
func (s *State) startTurn() {
	s.phase = phaseMove
	s.toolUsed, s.exchanged = false, false
	s.provisional = Counts{}
	s.origin = -1
	s.turns++
}

// endTurn passes the turn to the next player whose pawn is on the board,
// or ends the game when no pawn is left.
func (s *State) endTurn() {
	for i := int8(1); i <= s.n; i++ {
		q := (s.current + i) % s.n
		if s.pawn[q] >= 0 {
			s.current = q
			s.startTurn()
			return
		}
	}
	s.phase = phaseOver
}

// settle ends the turn after a move when the player has nothing left to
// choose but ending it.
func (s *State) settle() {
	if s.phase == phaseAfter && !s.hasAfterChoice() {
		s.endTurn()
	}
}

// hasAfterChoice reports whether the current player has any action after
// the move besides ending the turn.
func (s *State) hasAfterChoice() bool {
	p := s.current
	if s.collectionsInPlay() && !s.exchanged {
		for _, k := range s.faceUp {
			if k >= 0 && (s.canTake(p, int(k), false) || s.canTake(p, int(k), true)) {
				return true
			}
		}
	}
	if !s.toolsInPlay() || s.toolUsed {
		return false
	}
	if s.canUse(p, Chest) && s.pouch.Total() > 0 || s.canUse(p, Sack) && s.anySack() {
		return true
	}
	var t CellSet
	if s.canUse(p, Hammer) && s.pouch.Total() > 0 {
		s.placeTargets(-1, &t)
	}
	if s.canUse(p, Glass) {
		s.glassTargets(&t)
	}
	if s.canUse(p, Vortex) {
		s.placeTargets(s.pawn[p], &t)
	}
	if s.canUse(p, Dynamite) {
		s.dynamiteTargets(&t)
	}
	return !t.Empty()
}

// move lifts the current pawn's mineral into the player's pool and moves
// the pawn to c (a correct move, with or without a tool), then cuts off
// fragments.
func (s *State) move(c Cell) {
	p := s.current
	s.provisional = Counts{} // a correct move: what tools gave before it stays
	origin := Cell(s.pawn[p])
	s.origin = int16(origin)
	s.pool[p][s.board[origin]-1]++
	s.setMineral(origin, 0)
	s.pawn[p] = int16(c)
	s.pending = s.fragmentsAround(origin)
	if s.pending.Empty() {
		s.phase = phaseAfter
		s.settle()
		return
	}
	if s.canUse(p, Hammer) && s.pouch.Total() > 0 || s.canShovel() {
		s.phase = phaseCut
		return
	}
	s.resolveCut(true, -1)
	s.phase = phaseAfter
	s.settle()
}

// fail gives up the move: the lifted mineral and every fragment it cuts off
// go to the pouch, and the pawn goes to a free wollastonite, or leaves the
// game when there is none. A failed turn keeps nothing it cut off: the
// lowest minerals the player took from fragments a tool cut off before the
// move go back to the pouch, and so does the Magnifying Glass's own mineral
// (the Glass gives nothing without a correct move).
func (s *State) fail() {
	p := s.current
	for m, n := range s.provisional {
		s.pool[p][m] -= n
		s.pouch[m] += n
	}
	s.provisional = Counts{}
	origin := Cell(s.pawn[p])
	if s.lastPawn(p) {
		s.final = &finalPosition{board: s.board, pawn: s.pawn[p], seat: p}
	}
	s.origin = int16(origin)
	s.pouch[s.board[origin]-1]++
	s.setMineral(origin, 0)
	s.pawn[p] = -1
	s.pending = s.fragmentsAround(origin)
	s.resolveCut(false, -1)
	if s.hasFreeWollastonite() {
		s.phase = phaseFailPlace
		return
	}
	s.endTurn()
}

// lastPawn reports whether p's pawn is the only one on the board.
func (s *State) lastPawn(p int8) bool {
	for q := range s.n {
		if q != p && s.pawn[q] >= 0 {
			return false
		}
	}
	return true
}

// glass takes the free mineral on c into the current player's pool with
// the Magnifying Glass, then cuts off what that leaves without a pawn as any
// tool does. Used before the move, the mineral and what the cut-off gives
// are provisional: they go to the pouch if the player then has no correct
// move.
func (s *State) glass(c Cell) {
	s.pay(Glass)
	v := s.board[c]
	s.pool[s.current][v-1]++
	if s.phase == phaseMove {
		s.provisional[v-1]++
	}
	s.setMineral(c, 0)
	s.cutAfterTool(c)
}

// cutAfterTool cuts off the fragments a tool left without a pawn after
// emptying c; the current player takes the lowest of each. Before the move
// what the player takes is provisional (see [State.fail]).
func (s *State) cutAfterTool(c Cell) {
	s.pending = s.fragmentsAround(c)
	took := s.resolveCut(true, -1)
	if s.phase == phaseMove {
		for m, n := range took {
			s.provisional[m] += n
		}
	}
	if s.phase == phaseAfter {
		s.settle()
	}
}

// take exchanges the current player's minerals for the face-up card in
// slot: all of them, or without its orpiment if without (the card then
// scores its lower value), then refills the slot from the deck (a chance
// event).
func (s *State) take(slot int, without bool) {
	p := s.current
	k := int(s.faceUp[slot])
	c := &s.pack.Cards[k]
	for m := range NumMinerals {
		n := c.Minerals[m]
		if m == Orpiment && without {
			n = 0
		}
		s.pool[p][m] -= n
		s.pouch[m] += n
	}
	s.cards[p] |= 1 << k
	if without {
		s.reduced[p] |= 1 << k
	}
	s.faceUp[slot] = -1
	s.exchanged = true
	if s.deck != 0 {
		s.refillSlot = int8(slot)
		s.phase = phaseRevealCard
		return
	}
	s.settle()
}

// hammer adds a mineral m from the pouch on c. In phaseCut it may keep
// fragments on the board; what is still cut off is then cut off.
func (s *State) hammer(m Mineral, c Cell) {
	s.pay(Hammer)
	s.pouch[m]--
	s.setMineral(c, uint8(m)+1)
	switch s.phase {
	case phaseCut:
		s.pending = s.fragmentsAround(Cell(s.origin))
		s.resolveCut(true, -1)
		s.phase = phaseAfter
		s.settle()
	case phaseAfter:
		s.settle()
	}
}

// vortex carries the current pawn and its mineral to c, then cuts off what
// that leaves without a pawn.
func (s *State) vortex(c Cell) {
	s.pay(Vortex)
	p := s.current
	from := Cell(s.pawn[p])
	s.setMineral(c, s.board[from])
	s.setMineral(from, 0)
	s.pawn[p] = int16(c)
	s.cutAfterTool(from)
}
