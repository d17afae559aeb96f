package main

import (
	"context"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
)

// TestTableBotsAnswerWithinTheirThinkingTime asks every bot level of
// every game, as a table makes it (ai.NewTableBot), for a decision a few
// actions into a two-player game, with a thinking time of 200 ms: each
// answers with a legal action (or says Wait, in a real-time game), and
// none keeps the table waiting long past its time. The bound is generous
// (5 s), so that a loaded machine or the race detector does not fail it;
// it catches a bot that ignores its time and thinks on.
func TestTableBotsAnswerWithinTheirThinkingTime(t *testing.T) {
	const budget = 200 * time.Millisecond
	const tooLong = 5 * time.Second
	reg := registry()
	for _, g := range reg.Games() {
		spec := g.Spec()
		s := midGame(t, g)
		p, _ := seatedActor(s)
		bm, ok := g.(ai.BotMaker)
		if !ok {
			continue
		}
		for _, name := range bm.BotNames() {
			t.Run(spec.ID+"/"+name, func(t *testing.T) {
				b, err := ai.NewTableBot(g, name, 3, budget)
				if err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				d, err := b.Act(context.Background(), s.Clone(), p)
				took := time.Since(start)
				if err != nil {
					t.Fatal(err)
				}
				if took > tooLong {
					t.Errorf("%s answered after %v; want about %v (at most %v)", name, took, budget, tooLong)
				}
				if !d.Wait {
					if err := game.Check(s, p, d.Action); err != nil {
						t.Errorf("%s chose an illegal action: %v", name, err)
					}
				}
			})
		}
	}
}

// midGame is a two-player game of g with the default options, a few
// seeded random actions in, where a seat has a choice the search levels
// think about: at least 2 actions, and in Minerals at most 20 (more are
// tool uses the searches leave out, with one move left to search).
func midGame(t *testing.T, g game.Game) game.State {
	t.Helper()
	spec := g.Spec()
	opts, err := spec.ResolveOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(game.Config{Players: max(2, spec.MinPlayers), Options: opts, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(5)
	for step := 0; step < 500 && !s.Terminal(); step++ {
		if p, ok := seatedActor(s); ok && step >= 12 {
			if n := len(s.Legal(p, nil)); n >= 2 && (spec.ID != "minerals" || n <= 20) {
				return s
			}
		}
		if false {
			return s
		}
		actors := s.Actors(nil)
		if len(actors) == 0 {
			break
		}
		p := actors[0]
		for _, a := range actors {
			if a == game.Chance {
				p = a
			}
		}
		var a game.Action
		if p == game.Chance {
			a = game.PickOutcome(s.(game.ChanceState).ChanceOutcomes(nil), rng.Float64())
		} else {
			legal := s.Legal(p, nil)
			a = legal[rng.IntN(len(legal))]
		}
		if err := game.Play(s, p, a); err != nil {
			t.Fatalf("%s step %d: %v", spec.ID, step, err)
		}
	}
	t.Fatalf("%s: no seat has a choice in 500 random actions", spec.ID)
	return nil
}

// seatedActor returns the first seat that may act in s.
func seatedActor(s game.State) (game.Player, bool) {
	for _, a := range s.Actors(nil) {
		if a.Seated() {
			return a, true
		}
	}
	return 0, false
}
