package tf22

import (
	"context"

	"minehall/ai"
	"minehall/game"
)

// greedySamples is how many determinizations the greedy bot averages an
// action's result over when something is hidden from it: the attacker's
// face-down card, for a defender answering in a strategy combat.
const greedySamples = 4

// Greedy is the one-ply bot: it takes the action whose result has the best
// [State.margin] for its seat (the margin expected over the symbol cards
// chance draws next, for a theft or a delivery), with ties going to a
// random one of the best. Where something is hidden from its seat it
// averages over a few determinizations for its seat, so it never reads
// another seat's cards. Before the first turn it keeps the planet as it
// is, since its evaluator cannot tell card swaps apart.
type Greedy struct {
	rng  game.Rand
	abuf []game.Action
	sums []float64
}

var _ ai.Bot = (*Greedy)(nil)

// NewGreedy returns a greedy bot seeded with seed.
func NewGreedy(seed uint64) *Greedy { return &Greedy{rng: game.NewRand(seed)} }

// Act implements [ai.Bot].
func (g *Greedy) Act(ctx context.Context, st game.State, p game.Player) (ai.Decision, error) {
	s, ok := st.(*State)
	if !ok {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "the greedy bot plays TF22 Mine only")
	}
	g.abuf = s.Legal(p, g.abuf[:0])
	switch {
	case len(g.abuf) == 0:
		who := p.String()
		if p.Seated() {
			who = seatName(int8(p))
		}
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "%s has no legal action", who)
	case len(g.abuf) == 1:
		return ai.Decision{Action: g.abuf[0]}, nil
	case s.phase == phaseSwap:
		return ai.Decision{Action: actKeep}, nil
	}
	g.sums = append(g.sums[:0], make([]float64, len(g.abuf))...)
	samples := 1
	if s.hiddenFrom(p) {
		samples = greedySamples
	}
	for range samples {
		d := s.Determinize(p, &g.rng).(*State)
		for i, a := range g.abuf {
			c := *d
			c.Apply(p, a)
			g.sums[i] += c.margin(int8(p))
		}
	}
	best, bestV, ties := g.abuf[0], g.sums[0], 0
	for i, a := range g.abuf {
		v := g.sums[i]
		switch {
		case v > bestV+1e-9:
			best, bestV, ties = a, v, 1
		case v > bestV-1e-9:
			ties++
			if g.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return ai.Decision{Action: best}, nil
}
