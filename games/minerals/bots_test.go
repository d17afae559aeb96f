package minerals

import (
	"context"
	"flag"
	"slices"
	"testing"

	"minehall/ai"
	"minehall/game"
)

var matchGames = flag.Int("minerals.match", 200, "games per iteration of BenchmarkHardAgainstGreedy")

// playMatch plays one game between bots (bots[i] on seat i) and returns
// the returns.
func playMatch(t testing.TB, bots []ai.Bot, opts game.Options, seed uint64) []float64 {
	t.Helper()
	rec, err := game.NewRecorder(New(), len(bots), opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed)
	s := rec.State
	for step := 0; !s.Terminal(); step++ {
		p := s.Actors(nil)[0]
		var a game.Action
		if p == game.Chance {
			outs := s.(game.ChanceState).ChanceOutcomes(nil)
			x := rng.Float64()
			a = outs[len(outs)-1].Action
			for _, o := range outs {
				if x < o.Probability {
					a = o.Action
					break
				}
				x -= o.Probability
			}
		} else {
			d, err := bots[p].Act(context.Background(), s, p)
			if err != nil {
				t.Fatalf("seed %d step %d: bot of seat %s: %v", seed, step, p, err)
			}
			a = d.Action
		}
		if err := rec.Play(p, a, int64(step)); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
	}
	return s.Returns(nil)
}

func TestBotsActLegally(t *testing.T) {
	g := NewWithPack(DefaultPack())
	s := midGame(t)
	p := game.Player(s.current)
	legal := s.Legal(p, nil)
	for _, name := range g.BotNames() {
		t.Run(name, func(t *testing.T) {
			bot, err := g.NewBot(name, 1)
			if err != nil {
				t.Fatal(err)
			}
			d, err := bot.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(legal, d.Action) {
				t.Errorf("%s chose %s; want one of the %d legal actions", name, s.ActionString(p, d.Action), len(legal))
			}
		})
	}
	if _, err := g.NewBot("grandmaster", 1); err == nil {
		t.Errorf("NewBot(grandmaster) succeeded; want an error")
	}
	easy, _ := g.NewBot("easy", 3)
	greedy, _ := g.NewBot("greedy", 4)
	if ret := playMatch(t, []ai.Bot{easy, greedy}, nil, 11); len(ret) != 2 {
		t.Fatalf("got %d returns; want 2", len(ret))
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	g := NewWithPack(DefaultPack())
	wins := 0.0
	const games = 6
	for i := range games {
		greedy, _ := g.NewBot("greedy", uint64(i))
		random, _ := g.NewBot("random", uint64(i))
		bots := []ai.Bot{greedy, random}
		seat := i % 2
		if seat == 1 {
			bots = []ai.Bot{random, greedy}
		}
		wins += playMatch(t, bots, nil, uint64(100+i))[seat]
	}
	if wins < games-1 {
		t.Errorf("greedy won %.1f of %d games against random; want at least %d", wins, games, games-1)
	}
}

// BenchmarkHardAgainstGreedy is the strength figure recorded in
// docs/benchmarks.md: each iteration plays -minerals.match 2-player games
// (seats alternating) of the hard bot against the greedy bot. Run it once:
//
//	go test -run XXX -bench HardAgainstGreedy -benchtime 1x ./games/minerals/
func BenchmarkHardAgainstGreedy(b *testing.B) {
	g := NewWithPack(DefaultPack())
	for range b.N {
		wins := 0.0
		for i := range *matchGames {
			hard, _ := g.NewBot("hard", uint64(i))
			greedy, _ := g.NewBot("greedy", uint64(i))
			bots := []ai.Bot{hard, greedy}
			seat := i % 2
			if seat == 1 {
				bots = []ai.Bot{greedy, hard}
			}
			wins += playMatch(b, bots, nil, uint64(1000+i))[seat]
		}
		b.ReportMetric(100*wins/float64(*matchGames), "%wins")
		b.ReportMetric(wins, "wins")
	}
}
