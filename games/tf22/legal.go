package tf22

import (
	"fmt"
	"math/bits"

	"minehall/game"
)

// Legal appends the legal actions of p in ascending order. It writes nothing
// but dst.
func (s *State) Legal(p game.Player, dst []game.Action) []game.Action {
	if p == nobody || p != s.actor() {
		return dst
	}
	if p == game.Chance {
		pool := s.drawPool(s.drawSeat())
		for v := range numValues {
			if pool&(1<<v) != 0 {
				dst = append(dst, game.Action(actDraw+v))
			}
		}
		return dst
	}
	seat := int8(p)
	switch s.phase {
	case phaseSwap:
		dst = append(dst, actKeep)
		for i := range 32 {
			for j := i + 1; j < 32; j++ {
				dst = append(dst, game.Action(actSwap+i*32+j))
			}
		}
	case phaseChoose:
		for col := range numColors {
			if s.crewPos[col] >= 0 && s.crewOwner[col] < 0 {
				dst = append(dst, game.Action(actChoose+col))
			}
		}
	case phaseTurn:
		switch {
		case s.placeCount > 0:
			if s.placeSym < 0 {
				dst = appendHand(dst, s.deck[seat].Avail)
			} else {
				for m := s.placeTargets(); m != 0; m &= m - 1 {
					dst = append(dst, game.Action(actPlace+bits.TrailingZeros64(m)))
				}
			}
		case s.fight.Stage != combatNone:
			dst = appendHand(dst, s.deck[seat].Avail)
		case s.freeSeat >= 0:
			dst = s.appendTurnActions(seat, 1, true, dst)
		default:
			dst = s.appendTurnActions(seat, s.ore, false, dst)
		}
	}
	return dst
}

func appendHand(dst []game.Action, hand uint8) []game.Action {
	for v := range numValues {
		if hand&(1<<v) != 0 {
			dst = append(dst, game.Action(actCard+v))
		}
	}
	return dst
}

// appendTurnActions appends the actions A–K that seat can pay with ore, or
// the 1-ore actions of a free action (after a won defense).
func (s *State) appendTurnActions(seat, ore int8, free bool, dst []game.Action) []game.Action {
	for a := actTurn; a < actMove; a++ {
		dst = append(dst, game.Action(a))
	}
	var own [numColors]bool
	for k := range numColors {
		own[k] = s.crewPos[k] >= 0 && s.crewOwner[k] == seat
	}
	for k := range numColors { // D
		if !own[k] {
			continue
		}
		pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
		if !s.hasTunnel(pos, col) {
			continue
		}
		id := s.net[col][pos]
		for q := range numPos {
			if q != pos && s.net[col][q] == id {
				dst = append(dst, game.Action(actMove+k*numPos+q))
			}
		}
	}
	for k := range numColors { // E
		if !own[k] {
			continue
		}
		pos := int(s.crewPos[k])
		for c := range numColors {
			if c != int(s.crewTunnel[k]) && s.hasTunnel(pos, c) {
				dst = append(dst, game.Action(actSwitch+k*numColors+c))
			}
		}
	}
	for k := range numColors { // F
		if own[k] && s.ranium&(1<<s.crewPos[k]) != 0 {
			dst = append(dst, game.Action(actCollect+k))
		}
	}
	{ // G
		for k := range numColors {
			if !own[k] {
				continue
			}
			for j := range numColors {
				if s.canSteal(k, j) {
					dst = append(dst, game.Action(actSteal+k*4+j))
				}
			}
		}
	}
	for l := range numLoader { // H
		for dir := range 2 {
			if s.loaderFree(l, dir) {
				dst = append(dst, game.Action(actLoader+l*2+dir))
			}
		}
	}
	for k := range numColors { // I
		if own[k] && s.crewRanium[k] > 0 && s.delivered[seat] < maxDelivered && s.canDeliver(k) {
			dst = append(dst, game.Action(actDeliver+k))
		}
	}
	if !free && ore >= 3 && s.carrier(seat) < 0 { // J
		for k := range numColors {
			if !own[k] {
				continue
			}
			pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
			if !s.hasTunnel(pos, col) {
				continue
			}
			for q := range numPos {
				if q != pos && s.hasTunnel(q, col) {
					dst = append(dst, game.Action(actSecret+k*numPos+q))
				}
			}
		}
	}
	if !free && ore >= 2 { // K
		for k := range numColors {
			if !own[k] {
				continue
			}
			pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
			if !s.hasTunnel(pos, col) || !s.opponentsOn(k) {
				continue
			}
			for q := range numPos {
				if q != pos && s.hasTunnel(q, col) {
					dst = append(dst, game.Action(actTrap+k*numPos+q))
				}
			}
		}
	}
	return dst
}

// carrier returns a crew of seat that carries Ranium, the lowest color
// first, or -1 when none does. The secret tunnel (J) is closed to a seat
// that carries Ranium with any of its crews: the rulebook says "der Spieler
// darf kein Weißes Ranium besitzen", and with 2 players that covers both of
// the player's crews (RULINGS.md).
func (s *State) carrier(seat int8) int {
	for k := range numColors {
		if s.crewPos[k] >= 0 && s.crewOwner[k] == seat && s.crewRanium[k] > 0 {
			return k
		}
	}
	return -1
}

// canSteal reports whether crew k may attack crew j: another seat's crew on
// the same card carrying Ranium.
func (s *State) canSteal(k, j int) bool {
	return j != k && s.crewPos[j] >= 0 && s.crewPos[j] == s.crewPos[k] &&
		s.crewOwner[j] >= 0 && s.crewOwner[j] != s.crewOwner[k] && s.crewRanium[j] > 0
}

// opponentsOn reports whether another seat's crew stands on crew k's card.
func (s *State) opponentsOn(k int) bool {
	for j := range numColors {
		if j != k && s.crewPos[j] == s.crewPos[k] && s.crewOwner[j] != s.crewOwner[k] {
			return true
		}
	}
	return false
}

// loaderFree reports whether loader l may move one dock forward (dir 0,
// clockwise) or back (dir 1) without running into another loader.
func (s *State) loaderFree(l, dir int) bool {
	to := s.loaderStep(l, dir)
	for m := range numLoader {
		if m != l && s.loader[m] == to {
			return false
		}
	}
	return true
}

func (s *State) loaderStep(l, dir int) int8 {
	if dir == 0 {
		return (s.loader[l] + 1) % numDocks
	}
	return (s.loader[l] + numDocks - 1) % numDocks
}

// canDeliver reports whether crew k can reach a docked loader within its
// tunnel color: its network includes an outer card whose tunnel of that color
// opens onto a loader's dock.
func (s *State) canDeliver(k int) bool {
	pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
	if pos < 0 || !s.hasTunnel(pos, col) {
		return false
	}
	id := s.net[col][pos]
	for _, d := range s.loader {
		dk := s.pack.docks[d]
		if s.net[col][dk.pos] == id && s.exitsOf(int(dk.pos), col)&dk.edge != 0 {
			return true
		}
	}
	return false
}

// placeTargets returns the inner-ring cards where the next delivered Ranium
// may go: the empty ones showing the revealed symbol, or any empty one when
// none shows it.
func (s *State) placeTargets() uint64 {
	var withSym, empty uint64
	for _, p := range innerRing {
		if s.ranium&(1<<p) != 0 {
			continue
		}
		empty |= 1 << p
		if s.pack.symbol[s.card[p]] == s.placeSym {
			withSym |= 1 << p
		}
	}
	if withSym != 0 {
		return withSym
	}
	return empty
}

// Explain returns nil when p may take a now, else an error that says why not.
// Its messages count seats from 1, as the app shows them.
func (s *State) Explain(p game.Player, a game.Action) error {
	if s.phase == phaseOver {
		return game.Errorf(game.CodeGameOver, "the game is over")
	}
	if a < 0 || int(a) >= numActions {
		return game.Errorf(game.CodeInvalid, "action %d is outside 0 to %d", a, numActions-1)
	}
	if act := s.actor(); p != act {
		if p == game.Chance {
			return game.Errorf(game.CodeNotYourTurn, "no symbol card is drawn now: %s", s.waitingFor())
		}
		return game.Errorf(game.CodeNotYourTurn, "it is not your turn: %s", s.waitingFor())
	}
	d := decode(int(a))
	if p == game.Chance {
		if why := s.whyDraw(d); why != "" {
			return game.Errorf(game.CodeIllegal, "%s", why)
		}
		return nil
	}
	if why := s.why(int8(p), d); why != "" {
		return game.Errorf(game.CodeIllegal, "%s", why)
	}
	return nil
}

// seatName names a seat for people, counting from 1 as the app does.
func seatName(seat int8) string { return fmt.Sprintf("seat %d", int(seat)+1) }

// waitingFor says who must act now and for what.
func (s *State) waitingFor() string {
	if s.drawing() {
		return fmt.Sprintf("a symbol card of %s is drawn", seatName(s.drawSeat()))
	}
	a := int8(s.actor())
	switch {
	case s.phase == phaseSwap:
		return seatName(0) + " (the start player) may swap cards"
	case s.phase == phaseChoose:
		return seatName(a) + " chooses a crew"
	case s.placeCount > 0:
		return seatName(a) + " places delivered Ranium"
	case s.fight.Stage != combatNone:
		return seatName(a) + " plays a symbol card in the combat"
	case s.freeSeat >= 0:
		return seatName(a) + " takes its free action after winning a defense"
	}
	return seatName(a) + " is playing its turn"
}

// whyDraw returns "" when chance may draw d now, else why not. It agrees
// with Legal(game.Chance).
func (s *State) whyDraw(d decoded) string {
	seat := s.drawSeat()
	if d.kind != kindDraw {
		return fmt.Sprintf("chance only draws a symbol card of %s now", seatName(seat))
	}
	if s.drawPool(seat)&(1<<d.arg) == 0 {
		return fmt.Sprintf("the %d of %s is not in the pile", d.arg+minValue, seatName(seat))
	}
	return ""
}

// why returns "" when seat may take d now, else the reason in words a player
// understands. It agrees with Legal.
func (s *State) why(seat int8, d decoded) string {
	switch s.phase {
	case phaseSwap:
		switch d.kind {
		case kindKeep:
			return ""
		case kindSwap:
			if d.crew >= d.arg {
				return "name two different ring cards, the lower ring index first"
			}
			return ""
		}
		return "before the first turn the start player may only swap two pairs of ring cards or keep the planet"
	case phaseChoose:
		if d.kind != kindChoose {
			return "the players are still choosing their crews"
		}
		if s.crewPos[d.arg] < 0 {
			return "the white crew is not in the game with 3 players"
		}
		if o := s.crewOwner[d.arg]; o >= 0 {
			return fmt.Sprintf("the %s crew already belongs to %s", colorNames[d.arg], seatName(o))
		}
		return ""
	}
	hand := s.deck[seat].Avail
	switch {
	case s.placeCount > 0 && s.placeSym < 0:
		if d.kind != kindCard {
			return "first reveal a symbol card from your hand to place the delivered Ranium"
		}
		return whyCard(hand, d.arg)
	case s.placeCount > 0:
		if d.kind != kindPlace {
			return "first place the delivered Ranium on an inner-ring card"
		}
		if ringOf(d.arg) != 1 {
			return fmt.Sprintf("card %s is not in the inner ring", posName(d.arg))
		}
		if s.ranium&(1<<d.arg) != 0 {
			return fmt.Sprintf("card %s already holds Ranium", posName(d.arg))
		}
		if s.placeTargets()&(1<<d.arg) == 0 {
			return fmt.Sprintf("card %s does not show the revealed symbol %s, and an empty inner-ring card does",
				posName(d.arg), s.pack.symbols[s.placeSym])
		}
		return ""
	case s.fight.Stage != combatNone:
		if d.kind != kindCard {
			return "the combat waits for your symbol card"
		}
		return whyCard(hand, d.arg)
	}
	switch d.kind {
	case kindKeep, kindSwap, kindChoose:
		return "the set-up is over"
	case kindDraw:
		return "symbol cards are drawn by chance, not by a player"
	case kindCard:
		if s.variant != variantStrategy {
			return "in this variant symbol cards are drawn from the pile, not chosen"
		}
		return "symbol cards are played only in combat or to place delivered Ranium"
	case kindPlace:
		return "there is no delivered Ranium to place"
	}
	free := s.freeSeat >= 0
	cost := d.kind.cost()
	if free && cost > 1 {
		return "the free action after a won defense must be a 1-ore action"
	}
	if !free && cost > s.ore {
		return fmt.Sprintf("action %s costs %d ore and you have %d left", d.kind.letter(), cost, s.ore)
	}
	switch d.kind {
	case kindTurn, kindFlipLong, kindFlipShort:
		return ""
	case kindLoader:
		if !s.loaderFree(d.crew, d.arg) {
			return fmt.Sprintf("loader %d is blocked by another loader", d.crew+1)
		}
		return ""
	}
	k := d.crew
	if s.crewPos[k] < 0 {
		return fmt.Sprintf("the %s crew is not in the game", colorNames[k])
	}
	if s.crewOwner[k] != seat {
		return fmt.Sprintf("the %s crew is not yours", colorNames[k])
	}
	pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
	inTunnel := s.hasTunnel(pos, col)
	noTunnel := fmt.Sprintf("the %s crew stands where its %s tunnel was before the card turned; switch to a tunnel of this card first (E)", colorNames[k], colorNames[col])
	switch d.kind {
	case kindMove:
		if !inTunnel {
			return noTunnel
		}
		if d.arg == pos {
			return fmt.Sprintf("the %s crew is already on card %s", colorNames[k], posName(pos))
		}
		if s.net[col][d.arg] != s.net[col][pos] {
			return fmt.Sprintf("card %s is not connected to card %s by %s tunnels", posName(d.arg), posName(pos), colorNames[col])
		}
	case kindSwitch:
		if d.arg == col {
			return fmt.Sprintf("the %s crew already stands in the %s tunnel", colorNames[k], colorNames[col])
		}
		if !s.hasTunnel(pos, d.arg) {
			return fmt.Sprintf("card %s has no %s tunnel", posName(pos), colorNames[d.arg])
		}
	case kindCollect:
		if s.ranium&(1<<pos) == 0 {
			return fmt.Sprintf("there is no Ranium on card %s", posName(pos))
		}
	case kindSteal:
		j := d.arg
		switch {
		case j == k || s.crewPos[j] < 0 || s.crewOwner[j] == seat:
			return fmt.Sprintf("the %s crew is not an opponent's crew", colorNames[j])
		case s.crewPos[j] != s.crewPos[k]:
			return fmt.Sprintf("the %s crew is not on card %s", colorNames[j], posName(pos))
		case s.crewRanium[j] == 0:
			return fmt.Sprintf("the %s crew carries no Ranium", colorNames[j])
		}
	case kindDeliver:
		if s.crewRanium[k] == 0 {
			return fmt.Sprintf("the %s crew carries no Ranium", colorNames[k])
		}
		if s.delivered[seat] >= maxDelivered {
			return fmt.Sprintf("you have delivered %d units of White Ranium this turn, the most a turn allows", maxDelivered)
		}
		if !inTunnel {
			return noTunnel
		}
		if !s.canDeliver(k) {
			return fmt.Sprintf("no loader is docked at an exit of the %s crew's %s tunnels", colorNames[k], colorNames[col])
		}
	case kindSecret, kindTrap:
		if d.kind == kindSecret {
			if s.crewRanium[k] > 0 {
				return fmt.Sprintf("the secret tunnel is closed to the %s crew while it carries Ranium", colorNames[k])
			}
			if c := s.carrier(seat); c >= 0 {
				return fmt.Sprintf("the secret tunnel is closed to you while your %s crew carries Ranium: a player who uses it may have no White Ranium", colorNames[c])
			}
		}
		if !inTunnel {
			return noTunnel
		}
		if d.kind == kindTrap && !s.opponentsOn(k) {
			return fmt.Sprintf("no opponent's crew is on card %s", posName(pos))
		}
		if d.arg == pos {
			return fmt.Sprintf("the target must be another card than %s", posName(pos))
		}
		if !s.hasTunnel(d.arg, col) {
			return fmt.Sprintf("card %s has no %s tunnel like card %s", posName(d.arg), colorNames[col], posName(pos))
		}
	}
	return ""
}

func whyCard(hand uint8, v int) string {
	if hand&(1<<v) == 0 {
		return fmt.Sprintf("the %d is not in your hand", v+minValue)
	}
	return ""
}
