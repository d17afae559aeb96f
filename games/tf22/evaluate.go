package tf22

import (
	"math"

	"minehall/game"
)

// tunnelMap is what the evaluator derives once per state from the tunnels:
// per color, the cards showing it, the connections between neighbouring
// cards, and the cards of the networks that open onto a dock where a loader
// waits now.
type tunnelMap struct {
	present, east, south, deliverable [numColors]uint64
}

// mapTunnels fills m from s.
func (s *State) mapTunnels(m *tunnelMap) {
	var docked [numColors]uint64
	for _, l := range s.loader {
		dk := s.pack.docks[l]
		for c := range numColors {
			if s.exitsOf(int(dk.pos), c)&dk.edge != 0 {
				docked[c] |= 1 << dk.pos
			}
		}
	}
	for c := range numColors {
		d := &s.dir[c]
		m.present[c] = d[0] | d[1] | d[2] | d[3]
		m.east[c], m.south[c] = s.connections(c)
		if docked[c] != 0 {
			m.deliverable[c] = flood(docked[c], m.east[c], m.south[c])
		}
	}
}

// progress estimates how far seat is toward its goal, in markers: markers
// already earned, plus for each of its crews the Ranium it carries (worth
// more the fewer actions separate it from a docked loader) or, for an
// empty-handed crew, a little for being few actions from Ranium. The
// secret tunnel (J, 3 ore) shortens the way of at most one crew: it takes
// most of a turn, and once a crew carries Ranium it is closed to the seat,
// so two crews that could each take it are worth one that could.
func (s *State) progress(seat int8, m *tunnelMap) float64 {
	// A crew the tunnel could take to Ranium is measured only up to the
	// tunnel's 3 actions; when two such crews are farther, both are
	// measured in full and the tunnel goes to the farther.
	var dist [numColors]int
	var open [numColors]int // crews with the tunnel open and farther than it
	n := 0
	for k := range numColors {
		if s.crewOwner[k] != seat || s.crewPos[k] < 0 {
			continue
		}
		if s.crewRanium[k] == 0 && s.secretReachesRanium(k, m) {
			if dist[k] = s.crewDistanceUpTo(k, m, secretDistance); dist[k] == secretDistance {
				open[n] = k
				n++
			}
			continue
		}
		dist[k] = s.crewDistance(k, m)
	}
	if n > 1 {
		far := open[0]
		for _, k := range open[:n] {
			if dist[k] = s.crewDistance(k, m); dist[k] > dist[far] {
				far = k
			}
		}
		dist[far] = secretDistance
	}
	pr := float64(s.markers[seat])
	for k := range numColors {
		if s.crewOwner[k] != seat || s.crewPos[k] < 0 {
			continue
		}
		carried := float64(s.crewRanium[k])
		d := float64(dist[k])
		if carried > 0 {
			pr += carried * (0.5 + 0.4*max(0, 1-d/carryHorizon))
		} else {
			pr += 0.3 * max(0, 1-d/emptyHorizon)
		}
	}
	return pr
}

// secretDistance is what the secret tunnel counts for in progress: the
// actions of a crew that stands on Ranium after it, as its 3 ore are three
// of the turn's actions.
const secretDistance = 3

// Horizons of crewDistance: progress gives nothing for a crew farther
// from its goal.
const (
	carryHorizon = 6 // actions from a docked loader, carrying Ranium
	emptyHorizon = 8 // actions from Ranium, empty-handed
)

// crewDistance counts the actions D and E crew k needs to stand on a card
// with Ranium (empty-handed) or in a tunnel network reaching a docked loader
// (carrying Ranium), without turning any card or taking the secret tunnel
// (progress counts that apart, [State.secretReachesRanium]). It returns at
// most the horizon (carryHorizon or emptyHorizon), also when neither is
// reachable. It grows, one action at a time, the cards the crew can stand on
// in each color, as bitboards: D adds the whole networks of the cards
// reached, E adds the other colors of those cards.
func (s *State) crewDistance(k int, m *tunnelMap) int {
	if s.crewRanium[k] > 0 {
		return s.crewDistanceUpTo(k, m, carryHorizon)
	}
	return s.crewDistanceUpTo(k, m, emptyHorizon)
}

// crewDistanceUpTo is [State.crewDistance] with the horizon best: it
// returns best when the crew's goal is not nearer.
func (s *State) crewDistanceUpTo(k int, m *tunnelMap, best int) int {
	pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
	carrying := s.crewRanium[k] > 0
	at := uint64(1) << pos
	if !carrying && s.ranium&at != 0 {
		return 0
	}
	var reach [numColors]uint64
	d := 0
	if m.present[col]&at != 0 {
		reach[col] = at
	} else {
		d = 1 // in the rock: E into a tunnel of the card first
		for c := range numColors {
			reach[c] = m.present[c] & at
		}
	}
	var expanded [numColors]uint64
	for ; d < best; d++ {
		var all uint64
		for c := range numColors {
			if carrying && reach[c]&m.deliverable[c] != 0 {
				return d
			}
			all |= reach[c]
		}
		if !carrying && all&s.ranium != 0 {
			return d
		}
		// Each color's next reach depends on its own reach and on all, so
		// it can replace the color's reach at once.
		grown := false
		for c := range numColors {
			n := reach[c] | all&m.present[c]
			if x := reach[c] &^ expanded[c]; x != 0 {
				f := flood(x, m.east[c], m.south[c])
				expanded[c] |= f
				n |= f
			}
			if n != reach[c] {
				reach[c], grown = n, true
			}
		}
		if !grown {
			break
		}
	}
	return best
}

// secretReachesRanium reports whether empty-handed crew k could take the
// secret tunnel (J) to another card with Ranium, ore aside: it stands in a
// tunnel whose color another card with Ranium shows, and no crew of its
// seat carries Ranium (the tunnel is closed to such a seat).
func (s *State) secretReachesRanium(k int, m *tunnelMap) bool {
	pos, col := int(s.crewPos[k]), int(s.crewTunnel[k])
	at := uint64(1) << pos
	return m.present[col]&at != 0 && m.present[col]&s.ranium&^at != 0 && s.carrier(s.crewOwner[k]) < 0
}

// progressAll fills pr with every seat's progress.
func (s *State) progressAll(pr *[4]float64) {
	var m tunnelMap
	s.mapTunnels(&m)
	for seat := range s.n {
		pr[seat] = s.progress(seat, &m)
	}
}

// evalSharpness scales a lead of one marker (in a 3-marker game) to the
// logistic's argument.
const evalSharpness = 3

// leadOf is seat's progress minus the best progress of the other seats.
func (s *State) leadOf(seat int8, pr *[4]float64) float64 {
	best := -1.0
	for o := range s.n {
		if o != seat && pr[o] > best {
			best = pr[o]
		}
	}
	return pr[seat] - best
}

// margin is seat's lead in progress over its best rival, in markers scaled
// so that the 2-player goal of 5 counts like 3; a game won by reaching the
// goal is worth a lead of 10 and a lost one -10. While chance draws a
// symbol card it is the lead expected over the draws (a combat's two draws,
// or a placement's, until a seat acts). It reads only what every seat sees,
// and no network labels (net): the search's pruning values copies applied
// without them (see [State.apply]).
func (s *State) margin(seat int8) float64 {
	if s.phase == phaseOver && s.winner >= 0 {
		if s.winner == seat {
			return 10
		}
		return -10
	}
	if s.drawing() {
		var obuf [numValues]game.ChanceOutcome
		m := 0.0
		for _, o := range s.ChanceOutcomes(obuf[:0]) {
			c := *s
			c.Apply(game.Chance, o.Action)
			m += o.Probability * c.margin(seat)
		}
		return m
	}
	var pr [4]float64
	s.progressAll(&pr)
	return s.leadOf(seat, &pr) * 3 / float64(s.goal())
}

// Evaluate estimates a state for the bots: one value in [0, 1] per seat, a
// logistic function of the seat's lead in progress over its best rival
// (measured in markers, scaled so that the 2-player goal of 5 counts like
// 3). While chance draws a symbol card, it is the value expected over the
// draws. It reads only what every seat sees.
func Evaluate(gs game.State, dst []float64) []float64 {
	var v [4]float64
	s := stateOf(gs)
	s.evaluate(&v)
	return append(dst, v[:s.n]...)
}

// evaluate fills v with [Evaluate]'s value of every seat.
func (s *State) evaluate(v *[4]float64) {
	if s.Terminal() {
		s.Returns(v[:0])
		return
	}
	if s.drawing() {
		var obuf [numValues]game.ChanceOutcome
		*v = [4]float64{}
		for _, o := range s.ChanceOutcomes(obuf[:0]) {
			c := *s
			c.Apply(game.Chance, o.Action)
			var cv [4]float64
			c.evaluate(&cv)
			for seat := range s.n {
				v[seat] += o.Probability * cv[seat]
			}
		}
		return
	}
	var pr [4]float64
	s.progressAll(&pr)
	goal := float64(s.goal())
	for seat := range s.n {
		v[seat] = 1 / (1 + math.Exp(-evalSharpness*s.leadOf(seat, &pr)*3/goal))
	}
}

// stateOf returns the TF22 state behind gs, which is a *State or a search
// view of one.
func stateOf(gs game.State) *State {
	if v, ok := gs.(searchState); ok {
		return v.State
	}
	return gs.(*State)
}
