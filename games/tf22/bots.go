package tf22

import (
	"math"
	"math/bits"

	"minehall/ai"
	"minehall/game"
)

var _ ai.BotMaker = (*Game)(nil)

// botBudgets are the ISMCTS iterations per decision of each level.
var botBudgets = map[string]int{"easy": 200, "medium": 600, "hard": 2000}

// BotNames lists the bots: random play and ISMCTS at three strengths.
func (g *Game) BotNames() []string { return []string{"random", "easy", "medium", "hard"} }

// NewBot returns the named bot, seeded. The ISMCTS bots search only
// determinizations for their own seat, so they never read another seat's
// cards or any pile's order.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	if name == "random" {
		return ai.NewRandom(seed), nil
	}
	it, ok := botBudgets[name]
	if !ok {
		return nil, game.Errorf(game.CodeNotFound, "TF22 Mine has no bot %q (it has random, easy, medium, hard)", name)
	}
	return ai.NewISMCTS(ai.MCTSConfig{
		Budget:      ai.Budget{Iterations: it},
		Evaluator:   Evaluate,
		Exploration: botExploration,
		Seed:        seed,
	}), nil
}

// progress estimates how far seat is toward its goal, in markers: markers
// already earned, plus for each of its crews the Ranium it carries (worth
// more the fewer actions separate it from a docked loader) or, for an
// empty-handed crew, a little for being few actions from Ranium.
func (s *State) progress(seat int8, deliverable *[numColors][numPos]bool) float64 {
	pr := float64(s.markers[seat])
	for k := range numColors {
		if s.crewOwner[k] != seat || s.crewPos[k] < 0 {
			continue
		}
		carried := float64(s.crewRanium[k])
		d := float64(s.crewDistance(k, deliverable))
		if carried > 0 {
			pr += carried * (0.5 + 0.4*max(0, 1-d/6))
		} else {
			pr += 0.3 * max(0, 1-d/8)
		}
	}
	return pr
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

// crewDistance counts the actions D and E crew k needs to stand on a card
// with Ranium (empty-handed) or in a tunnel network reaching a docked loader
// (carrying Ranium), without turning any card; the secret tunnel (3 ore)
// counts for an empty-handed crew. It returns 99 when neither is reachable.
func (s *State) crewDistance(k int, deliverable *[numColors][numPos]bool) int {
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
	if !carrying && s.hasTunnel(pos, col) && s.ranium != 0 {
		for m := s.ranium; m != 0; m &= m - 1 {
			if s.hasTunnel(bits.TrailingZeros64(m), col) {
				best = 3
				break
			}
		}
	}
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

// evalSharpness scales a lead of one marker (in a 3-marker game) to the
// logistic's argument.
const evalSharpness = 3

// Evaluate estimates a state for the bots: one value in [0, 1] per seat, a
// logistic function of the seat's lead in progress over its best rival
// (measured in markers, scaled so that the 2-player goal of 5 counts like
// 3). It reads only what every seat sees.
func Evaluate(gs game.State, dst []float64) []float64 {
	s := gs.(*State)
	if s.Terminal() {
		return s.Returns(dst)
	}
	var deliverable [numColors][numPos]bool
	s.deliverableNetworks(&deliverable)
	var pr [4]float64
	for seat := range s.n {
		pr[seat] = s.progress(seat, &deliverable)
	}
	goal := float64(s.goal())
	for seat := range s.n {
		best := -1.0
		for o := range s.n {
			if o != seat && pr[o] > best {
				best = pr[o]
			}
		}
		dst = append(dst, 1/(1+math.Exp(-evalSharpness*(pr[seat]-best)*3/goal)))
	}
	return dst
}

// botExploration is the UCB constant of the bots: small, because the
// evaluator's differences between actions are small against the many card
// turns every turn offers.
const botExploration = 0.1
