package tf22

import (
	"math/bits"
	"testing"

	"minehall/game"
)

// TestCrewDistanceAgreesWithSearch checks the bitboard crewDistance against
// a plain breadth-first search over (color, card) pairs on the states of
// random games, for every crew both empty-handed and carrying Ranium, up to
// the horizon, and secretReachesRanium against the secret tunnel's own
// condition: a tunnel of the crew's color on a card with Ranium, and no
// Ranium carried by the seat.
func TestCrewDistanceAgreesWithSearch(t *testing.T) {
	checked, secrets := 0, 0
	randomStates(t, 2, func(s *State) {
		if s.phase != phaseTurn {
			return
		}
		var m tunnelMap
		s.mapTunnels(&m)
		var deliverable [numColors][numPos]bool
		s.deliverableNetworks(&deliverable)
		for k := range numColors {
			if s.crewPos[k] < 0 {
				continue
			}
			for _, carried := range []int8{0, 1} {
				c := *s
				c.crewRanium[k] = carried
				horizon := emptyHorizon
				if carried > 0 {
					horizon = carryHorizon
				}
				got, want := c.crewDistance(k, &m), min(c.crewDistanceBFS(k, &deliverable), horizon)
				if got != want {
					t.Fatalf("the %s crew at %s in %s carrying %d: distance %d; want %d", colorNames[k],
						posName(int(c.crewPos[k])), colorNames[c.crewTunnel[k]], carried, got, want)
				}
				checked++
			}
			if got, want := s.crewRanium[k] == 0 && s.secretReachesRanium(k, &m), s.secretTunnelToRanium(k); got != want {
				t.Fatalf("the %s crew at %s in %s: secret tunnel to Ranium %v; want %v", colorNames[k],
					posName(int(s.crewPos[k])), colorNames[s.crewTunnel[k]], got, want)
			}
			if s.secretTunnelToRanium(k) {
				secrets++
			}
		}
	})
	if checked < 100 || secrets < 10 {
		t.Fatalf("checked %d crews, %d of them with a secret tunnel to Ranium; want at least 100 and 10", checked, secrets)
	}
}

// secretTunnelToRanium reports, by the test of the legal actions (J), whether
// empty-handed crew k could take the secret tunnel to another card with
// Ranium.
func (s *State) secretTunnelToRanium(k int) bool {
	pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
	if s.crewRanium[k] > 0 || !s.hasTunnel(pos, col) || s.carrier(s.crewOwner[k]) >= 0 {
		return false
	}
	for m := s.ranium; m != 0; m &= m - 1 {
		if q := bits.TrailingZeros64(m); q != pos && s.hasTunnel(q, col) {
			return true
		}
	}
	return false
}

// deliverableNetworks marks, per color, the tunnel networks that open onto a
// dock where a loader waits now.
func (s *State) deliverableNetworks(dst *[numColors][numPos]bool) {
	for _, l := range s.loader {
		dk := s.pack.docks[l]
		for col := range numColors {
			if s.exitsOf(int(dk.pos), col)&dk.edge != 0 {
				dst[col][s.net[col][dk.pos]] = true
			}
		}
	}
}

// crewDistanceBFS is the breadth-first search over (color, card) pairs that
// crewDistance must agree with. It counts the actions D and E crew k needs to stand on a card
// with Ranium (empty-handed) or in a tunnel network reaching a docked loader
// (carrying Ranium), without turning any card or taking the secret tunnel.
// It returns 99 when neither is reachable.
func (s *State) crewDistanceBFS(k int, deliverable *[numColors][numPos]bool) int {
	pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
	carrying := s.crewRanium[k] > 0
	if !carrying && s.ranium&(1<<pos) != 0 {
		return 0
	}
	var dist [numColors][numPos]int8
	var expanded [numColors][numPos]bool
	var queue [numColors * numPos]uint8
	for c := range dist {
		for p := range dist[c] {
			dist[c][p] = -1
		}
	}
	head, tail := 0, 0
	push := func(p, c int, d int8) {
		if dist[c][p] < 0 {
			dist[c][p] = d
			queue[tail] = uint8(c*numPos + p)
			tail++
		}
	}
	if s.hasTunnel(pos, col) {
		push(pos, col, 0)
	} else {
		for c := range numColors {
			if s.hasTunnel(pos, c) {
				push(pos, c, 1)
			}
		}
	}
	best := 99
	for head < tail {
		c, p := int(queue[head])/numPos, int(queue[head])%numPos
		head++
		d := dist[c][p]
		if int(d) >= best {
			break
		}
		id := s.net[c][p]
		if carrying && deliverable[c][id] {
			return int(d)
		}
		if !carrying && s.ranium&(1<<p) != 0 {
			return int(d)
		}
		for c2 := range numColors {
			if c2 != c && s.hasTunnel(p, c2) {
				push(p, c2, d+1)
			}
		}
		if !expanded[c][id] {
			expanded[c][id] = true
			for q := range numPos {
				if s.net[c][q] == id {
					push(q, c, d+1)
				}
			}
		}
	}
	return best
}

// TestMarginReadsNoNetworkLabels checks the contract the search's pruning
// relies on: after any legal action of the acting seat, margin is the same
// whether the copy's tunnel networks were relabelled (Apply) or not
// (apply without labels), for every seat, on the states of random games.
// Card turns, which change the networks, must be among the actions
// checked.
func TestMarginReadsNoNetworkLabels(t *testing.T) {
	turns := 0
	randomStates(t, 2, func(s *State) {
		p := game.Player(s.actor())
		for _, a := range s.Legal(p, nil) {
			labelled, unlabelled := *s, *s
			labelled.Apply(p, a)
			unlabelled.apply(p, a, false)
			if k := decode(int(a)).kind; k == kindTurn || k == kindFlipLong || k == kindFlipShort {
				turns++
			}
			for seat := range s.n {
				if got, want := unlabelled.margin(seat), labelled.margin(seat); got != want {
					t.Fatalf("after %s, seat %d's margin is %v without relabelling and %v with it", s.ActionString(p, a), seat, got, want)
				}
			}
		}
	})
	if turns < 100 {
		t.Fatalf("checked %d card turns; want at least 100", turns)
	}
}
