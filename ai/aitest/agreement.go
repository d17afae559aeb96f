// Package aitest holds measurements of bots that the games' tests and
// benchmarks share.
package aitest

import (
	"context"
	"fmt"
	"testing"

	"minehall/ai"
	"minehall/game"
)

// Agreement is how often each level chose the reference level's action,
// over the same positions.
type Agreement struct {
	Positions int            // positions asked, each with at least two legal actions
	Same      map[string]int // per level, the positions where it chose as the reference did
}

// Share is the share of the positions at which level chose as the
// reference did.
func (a Agreement) Share(level string) float64 {
	if a.Positions == 0 {
		return 0
	}
	return float64(a.Same[level]) / float64(a.Positions)
}

// AgainLevel names, in an [Agreement], the reference level itself asked
// again with another seed: how often a search agrees with itself, the most
// any level can agree with it.
const AgainLevel = "again"

// MeasureAgreement plays games of n players of g with options opts, every
// seat played by the level play, and at every stride-th decision with at
// least two legal actions (positions of them in all) asks the reference
// level ref and each of levels, each a fresh bot, what it would play. It
// reports how often each level's action is ref's, and how often ref asked
// again with another seed ([AgainLevel]) is. Game i starts from seed+i,
// chance is drawn from its own generator, and every bot is seeded from the
// position: the result depends only on the arguments. The bots see the
// state as a table shows it to them and must not read hidden state, which
// their own tests check.
func MeasureAgreement(g game.Game, n int, opts game.Options, play, ref string, levels []string, positions, stride int, seed uint64) (Agreement, error) {
	maker, ok := g.(ai.BotMaker)
	if !ok {
		return Agreement{}, fmt.Errorf("%s has no bots", g.Spec().Title)
	}
	ctx := context.Background()
	ask := func(level string, botSeed uint64, s game.State, p game.Player) (game.Action, error) {
		bot, err := maker.NewBot(level, botSeed)
		if err != nil {
			return 0, err
		}
		d, err := bot.Act(ctx, s.Clone(), p)
		return d.Action, err
	}
	out := Agreement{Same: map[string]int{}}
	decisions := 0
	for i := uint64(0); out.Positions < positions; i++ {
		s, _, err := game.Start(g, n, opts, seed+i)
		if err != nil {
			return out, err
		}
		rng := game.NewRand(seed ^ (i + 1))
		players := make([]ai.Bot, n)
		for p := range players {
			if players[p], err = maker.NewBot(play, seed+i*uint64(n)+uint64(p)); err != nil {
				return out, err
			}
		}
		var buf []game.Action
		var obuf []game.ChanceOutcome
		for !s.Terminal() && out.Positions < positions {
			p := s.Actors(nil)[0]
			if p == game.Chance {
				obuf = s.(game.ChanceState).ChanceOutcomes(obuf[:0])
				s.Apply(p, game.PickOutcome(obuf, rng.Float64()))
				continue
			}
			if buf = s.Legal(p, buf[:0]); len(buf) > 1 {
				if decisions%stride == 0 {
					at := rng.Uint64()
					want, err := ask(ref, at, s, p)
					if err != nil {
						return out, err
					}
					out.Positions++
					for k, level := range append([]string{AgainLevel}, levels...) {
						name := level
						if level == AgainLevel {
							name = ref
						}
						a, err := ask(name, at+uint64(k)+1, s, p)
						if err != nil {
							return out, err
						}
						if a == want {
							out.Same[level]++
						}
					}
				}
				decisions++
			}
			d, err := players[p].Act(ctx, s.Clone(), p)
			if err != nil {
				return out, err
			}
			if err := game.Play(s, p, d.Action); err != nil {
				return out, fmt.Errorf("%s played an illegal action: %w", play, err)
			}
		}
	}
	return out, nil
}

// BenchmarkAgreement runs [MeasureAgreement] once per player count in
// counts as a sub-benchmark ("players=N"), the games played by ref itself,
// every third decision asked, seed 1, and reports each level's share of
// agreement with ref in percent ("LEVEL-%", "again-%"). It is a
// measurement of play, not of speed: run it with -benchtime 1x.
func BenchmarkAgreement(b *testing.B, g game.Game, counts []int, ref string, levels []string, positions int) {
	for _, n := range counts {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			var a Agreement
			for range b.N {
				var err error
				if a, err = MeasureAgreement(g, n, nil, ref, ref, levels, positions, 3, 1); err != nil {
					b.Fatal(err)
				}
			}
			for _, level := range append([]string{AgainLevel}, levels...) {
				b.ReportMetric(100*a.Share(level), level+"-%")
			}
			b.ReportMetric(float64(a.Positions), "positions")
		})
	}
}
