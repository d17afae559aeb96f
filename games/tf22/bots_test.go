package tf22

import (
	"context"
	"testing"

	"minehall/ai"
	"minehall/game"
)

// TestBotsReachTheGoalAgainstRandom plays one seeded 4-player game of each
// cheap bot in seat 0 against three random bots: it must win by reaching 3
// markers.
func TestBotsReachTheGoalAgainstRandom(t *testing.T) {
	for _, name := range []string{"greedy", "easy"} {
		t.Run(name, func(t *testing.T) {
			m := match{players: 4, bots: []string{name, "random"}, seat0: true, rounds: 40, games: 1}
			ret, goal, _, turns, _, err := m.play(New().(*Game), 0)
			if err != nil {
				t.Fatal(err)
			}
			if !goal || ret != 1 {
				t.Fatalf("%s in seat 0 against three random bots: return %v, goal reached %v after %d turns; want a win at the goal", name, ret, goal, turns)
			}
		})
	}
}

// TestSearchViewOffersLegalActions checks that every action the search view
// offers is legal, that it keeps every collection, theft and delivery, and
// that it offers at most searchWidth others.
func TestSearchViewOffersLegalActions(t *testing.T) {
	step, turns := 0, 0
	randomStates(t, 2, func(s *State) {
		if step++; step%5 != 0 {
			return
		}
		if s.phase == phaseTurn {
			turns++
		}
		p := game.Player(s.actor())
		full := s.Legal(p, nil)
		view := searchState{State: s}.Legal(p, nil)
		if len(view) == 0 {
			t.Fatalf("the search view offers nothing where %d actions are legal", len(full))
		}
		others := 0
		j := 0
		for i, a := range view {
			if i > 0 && view[i-1] >= a {
				t.Fatalf("the search view's actions %v are not ascending", view)
			}
			for j < len(full) && full[j] < a {
				j++
			}
			if j == len(full) || full[j] != a {
				t.Fatalf("the search view offers %s, which is not legal", s.ActionString(p, a))
			}
			switch decode(int(a)).kind {
			case kindCollect, kindSteal, kindDeliver, kindCard, kindPlace, kindChoose, kindKeep, kindDraw:
			default:
				others++
			}
		}
		if others > searchWidth {
			t.Fatalf("the search view offers %d actions besides F, G and I; want at most %d", others, searchWidth)
		}
		for _, a := range full {
			switch decode(int(a)).kind {
			case kindCollect, kindSteal, kindDeliver, kindCard, kindPlace, kindChoose, kindDraw:
				if !containsAction(view, a) {
					t.Fatalf("the search view leaves out %s", s.ActionString(p, a))
				}
			}
		}
	})
	if turns < 20 {
		t.Fatalf("checked %d states on a turn; want at least 20", turns)
	}
}

func containsAction(as []game.Action, a game.Action) bool {
	for _, b := range as {
		if a == b {
			return true
		}
	}
	return false
}

// TestGreedyTakesADelivery gives the greedy bot a crew carrying Ranium next
// to a docked loader: it delivers.
func TestGreedyTakesADelivery(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.crewRanium[blue] = 1
	s.ranium &^= 1 << innerCorners[1]
	deliveryRoute(t, s)
	d, err := NewGreedy(1).Act(context.Background(), s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ActionString(0, d.Action); got != "I blue" {
		t.Fatalf("greedy chose %s; want I blue", got)
	}
}

// TestSearchViewLegalDoesNotAllocate lists the search view's actions at the
// start of a mid-game turn into a buffer that is large enough.
func TestSearchViewLegalDoesNotAllocate(t *testing.T) {
	gs, _, _ := game.Start(New(), 4, nil, 3)
	rng := game.NewRand(1)
	buf := make([]game.Action, 0, 2048)
	for i := 0; i < 80 || gs.(*State).ore != 4; i++ {
		p := gs.Actors(nil)[0]
		buf = gs.Legal(p, buf[:0])
		gs.Apply(p, buf[rng.IntN(len(buf))])
	}
	v := searchState{State: gs.(*State)}
	p := gs.Actors(nil)[0]
	allocs := testing.AllocsPerRun(10, func() { buf = v.Legal(p, buf[:0]) })
	if allocs != 0 || len(buf) == 0 {
		t.Fatalf("%.1f allocations listing %d actions; want 0 and some actions", allocs, len(buf))
	}
}

// TestBotsPlayEveryVariant plays a short 3-player game of the greedy, easy
// and random bots in each symbol-card variant: every decision is legal and
// the game ends.
func TestBotsPlayEveryVariant(t *testing.T) {
	g := New().(*Game)
	for i, variant := range []string{"luck", "standard", "strategy"} {
		t.Run(variant, func(t *testing.T) {
			s, _, err := game.Start(g, 3, game.Options{OptionSymbolCards: variant, OptionRoundLimit: "6"}, uint64(40+i))
			if err != nil {
				t.Fatal(err)
			}
			var bots []ai.Bot
			for j, name := range []string{"greedy", "easy", "random"} {
				b, err := g.NewBot(name, uint64(j+1))
				if err != nil {
					t.Fatal(err)
				}
				bots = append(bots, b)
			}
			chance := game.NewRand(uint64(i))
			for n := 0; !s.Terminal(); n++ {
				if n > 2000 {
					t.Fatalf("no end after %d decisions", n)
				}
				p := s.Actors(nil)[0]
				if p == game.Chance {
					if err := game.Play(s, p, drawByChance(s, &chance)); err != nil {
						t.Fatal(err)
					}
					continue
				}
				d, err := bots[p].Act(context.Background(), s, p)
				if err != nil {
					t.Fatal(err)
				}
				if err := game.Play(s, p, d.Action); err != nil {
					t.Fatalf("seat %d's bot chose %s: %v", p, s.ActionString(p, d.Action), err)
				}
			}
		})
	}
}
