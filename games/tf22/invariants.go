package tf22

import (
	"fmt"
	"math/bits"
)

// CheckInvariants verifies that every component is where it can be: each
// mine card lies once with the start cards in the center, Ranium is
// conserved (on cards, carried, or awaiting re-placement), crews, loaders and
// symbol cards are consistent, and the derived tunnel networks match the
// cards. Its messages count seats from 1, as the app does.
func (s *State) CheckInvariants() error {
	var seen [numPos]bool
	for pos, id := range s.card {
		if id < 0 || int(id) >= numPos || seen[id] {
			return fmt.Errorf("card %d at %s is missing or lies twice", id, posName(pos))
		}
		seen[id] = true
		if s.orient[pos] > 3 {
			return fmt.Errorf("card at %s has orientation %d", posName(pos), s.orient[pos])
		}
	}
	for col, pos := range centerPos {
		if s.card[pos] != s.pack.startCard[col] {
			return fmt.Errorf("the %s start card left the center", colorNames[col])
		}
	}
	want := int8(4)
	if s.n <= 3 {
		want = 3
	}
	if s.total != want {
		return fmt.Errorf("the game holds %d Ranium with %d players; want %d", s.total, s.n, want)
	}
	if s.ranium>>numPos != 0 {
		return fmt.Errorf("the Ranium mask %x has bits off the planet", s.ranium)
	}
	sum := int8(bits.OnesCount64(s.ranium)) + s.placeCount
	for k := range numColors {
		if s.crewRanium[k] < 0 {
			return fmt.Errorf("the %s crew carries %d Ranium", colorNames[k], s.crewRanium[k])
		}
		sum += s.crewRanium[k]
	}
	if sum != s.total {
		return fmt.Errorf("the Ranium is not conserved: %d on cards, carried or awaiting placement; want %d", sum, s.total)
	}
	for k := range numColors {
		pos := s.crewPos[k]
		if pos < 0 {
			if s.n != 3 || k != white {
				return fmt.Errorf("the %s crew left the game", colorNames[k])
			}
			continue
		}
		if int(pos) >= numPos || s.crewTunnel[k] < 0 || s.crewTunnel[k] >= numColors {
			return fmt.Errorf("the %s crew is at %d in tunnel %d", colorNames[k], pos, s.crewTunnel[k])
		}
		if s.phase >= phaseTurn && (s.crewOwner[k] < 0 || s.crewOwner[k] >= s.n) {
			return fmt.Errorf("the %s crew has owner %d", colorNames[k], s.crewOwner[k])
		}
	}
	for l, d := range s.loader {
		if d < 0 || d >= numDocks {
			return fmt.Errorf("loader %d at dock %d", l+1, d)
		}
		for m := l + 1; m < numLoader; m++ {
			if s.loader[m] == d {
				return fmt.Errorf("loaders %d and %d share dock %d", l+1, m+1, d)
			}
		}
	}
	for seat := range s.n {
		if s.markers[seat] < 0 || (s.markers[seat] >= s.goal() && s.winner != seat) {
			return fmt.Errorf("%s has %d markers and has not won", seatName(seat), s.markers[seat])
		}
		if s.phase < phaseTurn {
			continue
		}
		dk := s.deck[seat]
		switch s.variant {
		case variantLuck:
			if dk.Avail != allValues {
				return fmt.Errorf("%s: luck variant with cards %05b", seatName(seat), dk.Avail)
			}
		case variantStandard:
			if dk.Avail == 0 || dk.Avail > allValues {
				return fmt.Errorf("%s: pile %05b", seatName(seat), dk.Avail)
			}
		case variantStrategy:
			held := dk.Avail
			if s.fight.Stage == combatDefenderCard && s.crewOwner[s.fight.Attacker] == seat {
				if held&(1<<s.fight.Card) != 0 {
					return fmt.Errorf("%s: the face-down card is still in hand", seatName(seat))
				}
				held |= 1 << s.fight.Card
			}
			if held == 0 || held>>numValues != 0 {
				return fmt.Errorf("%s: hand %05b", seatName(seat), held)
			}
		}
	}
	if s.fight.Stage == combatDefenderCard && (s.fight.Card < 0 || s.fight.Card >= numValues) {
		return fmt.Errorf("the combat waits for the defender without the attacker's card (%d)", s.fight.Card)
	}
	if s.fight.Stage != combatNone && s.placeCount > 0 {
		return fmt.Errorf("a combat and a placement of Ranium are pending at once")
	}
	if s.ore < 0 || s.ore > 4 {
		return fmt.Errorf("ore %d outside 0 to 4", s.ore)
	}
	c := *s
	c.refresh()
	if c.ex != s.ex || c.net != s.net || c.dir != s.dir {
		return fmt.Errorf("tunnel networks do not match the cards")
	}
	return nil
}
