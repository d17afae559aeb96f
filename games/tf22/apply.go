package tf22

import (
	"minehall/game"
)

// Apply applies a legal action of p without checking it. It does not
// allocate.
func (s *State) Apply(p game.Player, a game.Action) { s.apply(p, a, true) }

// apply is Apply. When label is false, a card turned or flipped changes
// the tunnels (ex, dir) but leaves the networks' labels (net) as they were:
// only for a copy that is valued by [State.margin], which reads no labels,
// and then dropped, as the search's pruning does.
func (s *State) apply(p game.Player, a game.Action, label bool) {
	seat := int8(p)
	d := decode(int(a))
	switch d.kind {
	case kindKeep:
		s.swapsLeft = 0
		s.phase = phaseChoose
	case kindSwap:
		x, y := ringPositions[d.crew], ringPositions[d.arg]
		s.card[x], s.card[y] = s.card[y], s.card[x]
		s.orient[x], s.orient[y] = s.orient[y], s.orient[x]
		s.refresh()
		s.swapsLeft--
		if s.swapsLeft == 0 {
			s.phase = phaseChoose
		}
	case kindChoose:
		s.crewOwner[d.arg] = seat
		if s.seatColor[seat] < 0 {
			s.seatColor[seat] = int8(d.arg)
		}
		s.chooseStep++
		if s.chooseStep == s.chooseSteps() {
			s.dealSymbolCards()
			s.phase = phaseTurn
			s.startTurn(0)
		}
	case kindCard:
		s.playCard(seat, int8(d.arg))
	case kindDraw:
		s.draw(int8(d.arg))
	case kindPlace:
		s.ranium |= 1 << d.arg
		s.placeCount--
		s.placeSym = -1
	default:
		if s.freeSeat >= 0 {
			s.freeSeat = -1
		} else {
			s.ore -= d.kind.cost()
		}
		s.applyMineAction(d, label)
	}
	s.settle()
}

// applyMineAction carries out one of the actions A–K, relabelling the
// networks after a card turn when label is true (see [State.apply]).
func (s *State) applyMineAction(d decoded, label bool) {
	k := d.crew
	switch d.kind {
	case kindTurn:
		s.orient[d.arg] ^= orientTurned
		s.recard(d.arg, label)
	case kindFlipLong:
		s.orient[d.arg] ^= orientBack
		s.recard(d.arg, label)
	case kindFlipShort:
		s.orient[d.arg] ^= orientBack | orientTurned
		s.recard(d.arg, label)
	case kindMove, kindSecret:
		s.crewPos[k] = int8(d.arg)
	case kindSwitch:
		s.crewTunnel[k] = int8(d.arg)
	case kindCollect:
		s.ranium &^= 1 << s.crewPos[k]
		s.crewRanium[k]++
	case kindSteal:
		// The attacker's card comes first: drawn by chance, or laid face
		// down from the hand in the strategy variant.
		s.fight = combat{Stage: combatAttackerCard, Attacker: int8(k), Defender: int8(d.arg), Card: -1}
	case kindLoader:
		s.loader[k] = s.loaderStep(k, d.arg)
	case kindDeliver:
		s.deliver(k)
	case kindTrap:
		from, owner := s.crewPos[k], s.crewOwner[k]
		for j := range numColors {
			if j != k && s.crewPos[j] == from && s.crewOwner[j] != owner {
				s.crewPos[j] = int8(d.arg)
				s.crewTunnel[j] = s.crewTunnel[k]
			}
		}
	}
}

// deliver hands Ranium of crew k to a loader for as many markers, as much
// as it carries up to the 2 a seat may deliver in a turn, sends the crew
// back to its base, and either ends the game or asks the seat to the right
// of the crew's owner, the deliverer, to re-place the Ranium: the seat to
// the right of the active player on a turn, and the seat to the right of
// the defender when a defender delivers in its free action (RULINGS.md).
func (s *State) deliver(k int) {
	owner := s.crewOwner[k]
	n := min(s.crewRanium[k], maxDelivered-s.delivered[owner])
	s.crewRanium[k] -= n
	s.markers[owner] += n
	s.delivered[owner] += n
	s.tally[k].markers += n
	s.tally[k].deliveries++
	s.returnToBase(k)
	if s.markers[owner] >= s.goal() {
		s.winner = owner
		s.phase = phaseOver
		return
	}
	s.placer = s.rightOf(owner)
	s.placeCount = n
	s.placeSym = -1
}

// returnToBase puts crew k back on its base, in its own crossing.
func (s *State) returnToBase(k int) {
	s.crewPos[k] = int8(centerPos[k])
	s.crewTunnel[k] = int8(k)
}

// settle carries out what follows without a choice: placing Ranium where
// only one card qualifies, and ending the turn when the ore is spent. It
// stops where a seat chooses or chance draws a symbol card.
func (s *State) settle() {
	for s.phase == phaseTurn {
		if s.placeCount > 0 {
			if s.placeSym < 0 {
				return // the placer's symbol card: drawn, or chosen from the hand
			}
			m := s.placeTargets()
			if m&(m-1) != 0 {
				return
			}
			s.ranium |= m
			s.placeCount--
			s.placeSym = -1
			continue
		}
		if s.fight.Stage != combatNone || s.freeSeat >= 0 || s.ore > 0 {
			return
		}
		if s.roundLimit > 0 && int(s.turns) >= int(s.roundLimit)*int(s.n) {
			s.phase = phaseOver
			return
		}
		s.startTurn((s.active + 1) % s.n)
	}
}

// startTurn begins seat's turn: every loader advances two docks clockwise and
// the seat gets 4 ore.
func (s *State) startTurn(seat int8) {
	s.active = seat
	s.ore = 4
	s.turns++
	s.delivered = [4]int8{}
	for l := range s.loader {
		s.loader[l] = (s.loader[l] + 2) % numDocks
	}
}

// dealSymbolCards gives every seat the five symbol cards of its (first)
// color: as a face-down pile (standard), into the hand (strategy), or to be
// shuffled before every draw (luck).
func (s *State) dealSymbolCards() {
	for seat := range s.n {
		s.deck[seat].Avail = allValues
	}
}

// draw reveals value index v, the symbol card chance drew for
// [State.drawSeat] (luck and standard variants): as the attacker's card, as
// the defender's card, which resolves the combat, or as the card whose
// symbol says where delivered Ranium goes. In the standard variant the card
// leaves the pile, and a pile used up is shuffled anew: all five cards
// return to it.
func (s *State) draw(v int8) {
	seat := s.drawSeat()
	s.lastCard[seat] = v
	if s.variant == variantStandard {
		dk := &s.deck[seat]
		dk.Avail &^= 1 << v
		if dk.Avail == 0 {
			dk.Avail = allValues
		}
	}
	switch {
	case s.placeCount > 0:
		s.placeSym = s.pack.symbolOf[s.seatColor[seat]][v]
	case s.fight.Stage == combatAttackerCard:
		s.fight.Card = v
		s.fight.Stage = combatDefenderCard
	default:
		s.resolveCombat(s.fight.Card, v)
	}
}

// playCard plays value index v from seat's hand (strategy variant): as the
// reveal for a placement, as the attacker's hidden card, or as the
// defender's answer, which resolves the combat.
func (s *State) playCard(seat, v int8) {
	s.deck[seat].Avail &^= 1 << v
	switch {
	case s.placeCount > 0:
		s.lastCard[seat] = v
		s.placeSym = s.pack.symbolOf[s.seatColor[seat]][v]
		s.refillHand(seat)
	case s.fight.Stage == combatAttackerCard:
		s.fight.Card = v
		s.fight.Stage = combatDefenderCard
	default:
		att := s.crewOwner[s.fight.Attacker]
		s.lastCard[att] = s.fight.Card
		s.lastCard[seat] = v
		s.resolveCombat(s.fight.Card, v)
		s.refillHand(att)
		s.refillHand(seat)
	}
}

// refillHand takes all five cards back once the hand is empty.
func (s *State) refillHand(seat int8) {
	if s.deck[seat].Avail == 0 {
		s.deck[seat].Avail = allValues
	}
}

// resolveCombat compares the combat values (card value minus the Ranium the
// crew carries): the attacker takes one Ranium and returns to its base, the
// defender earns a free 1-ore action, a tie changes nothing.
func (s *State) resolveCombat(ac, dc int8) {
	a, d := s.fight.Attacker, s.fight.Defender
	av := ac + minValue - s.crewRanium[a]
	dv := dc + minValue - s.crewRanium[d]
	s.lastFight = combatResult{Attacker: a, Defender: d, AttackerCard: ac + minValue, DefendCard: dc + minValue, AttackerValue: av, DefValue: dv}
	s.combats++
	s.fight = combat{Card: -1}
	s.tally[a].attacks++
	s.tally[d].defenses++
	switch {
	case av > dv:
		s.tally[a].attacksWon++
		s.crewRanium[d]--
		s.crewRanium[a]++
		s.returnToBase(int(a))
	case dv > av:
		s.tally[d].defensesWon++
		s.freeSeat = s.crewOwner[d]
	}
}
