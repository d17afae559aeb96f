package hammertime

import (
	"fmt"
	"slices"

	"minehall/game"
)

// The values of the piles option, the rules version that says when the
// order of the wagon piles and of the mission pile is decided.
const (
	// PilesSetup: each pile is shuffled at setup with the game's
	// generator, and its next card is simply the one underneath. The
	// rules of every game, record, table, tutorial and puzzle made before
	// the option existed.
	PilesSetup = "setup"
	// PilesChance: a pile's order is never fixed in advance; whenever a
	// card is turned face up (each player's first wagon and the first
	// mission card at setup, a player's next wagon after one is filled,
	// the next mission card after one is won) chance draws it from the
	// cards left in that pile, each equally likely, as an action of the
	// log ("reveal pink-2"). The same probabilities as a shuffled pile;
	// the draw is only made later, in the open, so search can see it.
	PilesChance = "chance"
)

// revealPending reports whether, with drawn piles, a card waits to be
// turned face up: chance acts before anyone else.
func (s *State) revealPending() bool {
	_, ok := s.pendingReveal()
	return ok
}

// pendingReveal returns the pile whose next card chance turns face up now
// (drawn piles only): the wagon pile of seat q, or the mission pile (q =
// -1); seats first, in order, then the mission pile. False when no card
// waits, always with piles set at setup.
func (s *State) pendingReveal() (q int8, ok bool) {
	if !s.drawn || s.presampled {
		return 0, false
	}
	for p := int8(0); p < s.n; p++ {
		if st := &s.seats[p]; st.top < 4 && !st.up {
			return p, true
		}
	}
	if s.missions && !s.missionUp && s.deckLen > s.deckKnown {
		return -1, true
	}
	return 0, false
}

// revealCards returns the cards chance draws from now, in pack order (the
// order they are kept in): the wagons left in seat q's pile, or the
// mission cards in the pile that nobody has seen.
func (s *State) revealCards(q int8) []int8 {
	if q >= 0 {
		st := &s.seats[q]
		return st.pile[st.top:]
	}
	return s.deck[:s.deckLen-s.deckKnown]
}

// revealAction returns the action that turns card c of seat q's wagon
// pile (q >= 0) or of the mission pile (q = -1) face up.
func revealAction(q int8, c int8) game.Action {
	if q >= 0 {
		return actRevealWagon + game.Action(c)
	}
	return actRevealMission + game.Action(c)
}

// appendRevealActions appends the actions that turn each card left in the
// pending pile face up, ascending.
func (s *State) appendRevealActions(dst []game.Action) []game.Action {
	q, ok := s.pendingReveal()
	if !ok {
		return dst
	}
	for _, c := range s.revealCards(q) {
		dst = append(dst, revealAction(q, c))
	}
	return dst
}

// appendRevealOutcomes appends the pending pile's cards as chance
// outcomes, each with the same probability.
func (s *State) appendRevealOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	q, ok := s.pendingReveal()
	if !ok {
		return dst
	}
	cards := s.revealCards(q)
	for _, c := range cards {
		dst = append(dst, game.ChanceOutcome{Action: revealAction(q, c), Probability: 1 / float64(len(cards))})
	}
	return dst
}

// explainReveal says why chance may not take a (a card turned face up)
// now, or returns nil.
func (s *State) explainReveal(a game.Action) error {
	q, ok := s.pendingReveal()
	if !ok {
		return game.Errorf(game.CodeIllegal, "%s turns a card face up, which only chance does when a card is turned up; none is now", s.ActionString(game.Chance, a))
	}
	if slices.Contains(s.appendRevealActions(nil), a) {
		return nil
	}
	if q >= 0 {
		return game.Errorf(game.CodeIllegal, "%s is not in seat %d's wagon pile, whose next wagon is turned up now", s.ActionString(game.Chance, a), q+1)
	}
	return game.Errorf(game.CodeIllegal, "%s is not among the mission cards left face down, whose next card is turned up now", s.ActionString(game.Chance, a))
}

// applyReveal turns card a names face up on top of the pending pile; the
// cards left under it stay in pack order.
func (s *State) applyReveal(a game.Action) {
	q, _ := s.pendingReveal()
	var c int8
	if a >= actRevealMission {
		c = int8(a - actRevealMission)
	} else {
		c = int8(a - actRevealWagon)
	}
	cards := s.revealCards(q)
	i := slices.Index(cards, c)
	if i < 0 {
		panic(fmt.Sprintf("hammertime: card %d is not in the pile to reveal", c))
	}
	copy(cards[1:i+1], cards[:i])
	cards[0] = c
	if q >= 0 {
		s.seats[q].up = true
	} else {
		s.missionUp = true
	}
}

// missionShown reports whether the mission pile has a face-up card:
// it is not empty and, with drawn piles, its top card was drawn or is
// one whose place everyone saw.
func (s *State) missionShown() bool {
	return s.deckLen > 0 && (!s.drawn || s.missionUp || s.deckKnown == s.deckLen)
}

// wagonShown reports whether seat q has a face-up wagon.
func (s *State) wagonShown(q int8) bool {
	st := &s.seats[q]
	return st.top < 4 && (!s.drawn || st.up)
}

// presample gives the cards of every pile that nobody has seen a random
// order from rng and makes the state turn them up in that order without
// chance (a determinization's draw of what chance would show); it does
// nothing with piles set at setup or while a card waits to be turned up.
func (s *State) presample(rng *game.Rand) {
	if !s.drawn || s.revealPending() {
		return
	}
	shuffle := func(cs []int8) {
		rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	}
	if s.missions && s.deckLen > s.deckKnown {
		shuffle(s.deck[1 : s.deckLen-s.deckKnown])
	}
	for q := int8(0); q < s.n; q++ {
		if st := &s.seats[q]; st.top < 3 {
			shuffle(st.pile[st.top+1:])
		}
	}
	s.presampled = true
}
