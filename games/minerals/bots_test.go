package minerals

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

var (
	matchGames   = flag.Int("minerals.match", 200, "games per iteration of BenchmarkHardAgainstGreedy")
	matchBot     = flag.String("minerals.bot", "hard", "the bot BenchmarkHardAgainstGreedy measures")
	matchAgainst = flag.String("minerals.against", "greedy", "its opponent in BenchmarkHardAgainstGreedy")
	matchWorkers = flag.Int("minerals.workers", 1, "games BenchmarkHardAgainstGreedy plays at once")
)

// matchResult is the outcome of one game between bots.
type matchResult struct {
	returns   []float64
	thinking  [MaxPlayers]time.Duration // each seat's total time to decide
	cpu       [MaxPlayers]time.Duration // and the process's CPU time meanwhile
	decisions [MaxPlayers]int
	slowest   [MaxPlayers]time.Duration
	slowCPU   [MaxPlayers]time.Duration
}

// playMatch plays one game between bots (bots[i] on seat i) through a
// recorder (every action checked), chance by its probabilities.
func playMatch(t testing.TB, bots []ai.Bot, opts game.Options, seed uint64) []float64 {
	t.Helper()
	r, err := playGame(bots, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return r.returns
}

func playGame(bots []ai.Bot, opts game.Options, seed uint64) (matchResult, error) {
	var r matchResult
	rec, err := game.NewRecorder(New(), len(bots), opts, seed)
	if err != nil {
		return r, err
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
			start := time.Now()
			cpu0, _ := processCPU()
			d, err := bots[p].Act(context.Background(), s, p)
			if err != nil {
				return r, fmt.Errorf("seed %d step %d: bot of seat %s: %v", seed, step, p, err)
			}
			took := time.Since(start)
			cpu1, _ := processCPU()
			r.thinking[p] += took
			r.cpu[p] += cpu1 - cpu0
			r.decisions[p]++
			r.slowest[p] = max(r.slowest[p], took)
			r.slowCPU[p] = max(r.slowCPU[p], cpu1-cpu0)
			a = d.Action
		}
		if err := rec.Play(p, a, int64(step)); err != nil {
			return r, fmt.Errorf("seed %d step %d: %v", seed, step, err)
		}
	}
	r.returns = s.Returns(nil)
	return r, nil
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

// TestSearchBotPlaysWholeGames plays whole 2-player games of the MCTS bot
// of the levels (its search view and evaluator; a small budget keeps the
// test quick under the race detector) against greedy, every action checked,
// with each tool side in play.
func TestSearchBotPlaysWholeGames(t *testing.T) {
	for i, tools := range []string{"AAAAA", "BBBBB"} {
		t.Run(tools, func(t *testing.T) {
			greedy := &Greedy{rng: game.NewRand(uint64(i))}
			ret := playMatch(t, []ai.Bot{newSearchBot(30, uint64(i)), greedy}, game.Options{"tools": tools}, uint64(500+i))
			if len(ret) != 2 || ret[0]+ret[1] != 1 {
				t.Errorf("returns %v; want two that sum to 1", ret)
			}
		})
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
// (seats alternating, seeds 1000 on) of the -minerals.bot bot (hard) against
// the -minerals.against bot (greedy), and reports the first bot's win rate
// and its mean and slowest time per decision, in wall time and, with
// -minerals.workers 1, in CPU time (which a busy machine does not inflate).
// Run it once:
//
//	go test -run XXX -bench HardAgainstGreedy -benchtime 1x ./games/minerals/
func BenchmarkHardAgainstGreedy(b *testing.B) {
	g := NewWithPack(DefaultPack())
	for range b.N {
		results := make([]matchResult, *matchGames)
		errs := make([]error, *matchGames)
		var wg sync.WaitGroup
		next := make(chan int)
		for range max(1, *matchWorkers) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					bot, err1 := g.NewBot(*matchBot, uint64(i))
					other, err2 := g.NewBot(*matchAgainst, uint64(i))
					if err := errors.Join(err1, err2); err != nil {
						errs[i] = err
						continue
					}
					bots := []ai.Bot{bot, other}
					if i%2 == 1 {
						bots = []ai.Bot{other, bot}
					}
					results[i], errs[i] = playGame(bots, nil, uint64(1000+i))
				}
			}()
		}
		for i := range *matchGames {
			next <- i
		}
		close(next)
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			b.Fatal(err)
		}
		wins, decisions := 0.0, 0
		var thinking, slowest, cpu, slowCPU time.Duration
		for i, r := range results {
			seat := i % 2
			wins += r.returns[seat]
			thinking += r.thinking[seat]
			cpu += r.cpu[seat]
			decisions += r.decisions[seat]
			slowest = max(slowest, r.slowest[seat])
			slowCPU = max(slowCPU, r.slowCPU[seat])
		}
		if *matchWorkers <= 1 {
			b.ReportMetric(float64(cpu.Milliseconds())/float64(decisions), "cpu-ms/decision")
			b.ReportMetric(float64(slowCPU.Milliseconds()), "slowest-cpu-ms")
		}
		b.ReportMetric(100*wins/float64(*matchGames), "%wins")
		b.ReportMetric(wins, "wins")
		b.ReportMetric(float64(thinking.Milliseconds())/float64(decisions), "ms/decision")
		b.ReportMetric(float64(slowest.Milliseconds()), "slowest-ms")
	}
}

// TestSearchViewOffersLegalSubset checks the search view along random games
// with every tool side: its actions are ascending, legal in the state, and
// never none when the state has some; a clone is a search view again.
func TestSearchViewOffersLegalSubset(t *testing.T) {
	for i, tools := range []string{"AAAAA", "BBBBB", "ABABA", "BABAB"} {
		s := newState(t, 3, game.Options{"tools": tools}, uint64(20+i))
		rng := game.NewRand(uint64(i))
		for step := 0; !s.Terminal(); step++ {
			for _, p := range s.Actors(nil) {
				full := s.Legal(p, nil)
				view := searchState{s}.Legal(p, nil)
				if len(full) > 0 && len(view) == 0 {
					t.Fatalf("%s step %d: the search view offers nothing of %d legal actions", tools, step, len(full))
				}
				for k, a := range view {
					if k > 0 && view[k-1] >= a {
						t.Fatalf("%s step %d: search actions not ascending at %d", tools, step, k)
					}
					if !slices.Contains(full, a) {
						t.Fatalf("%s step %d: the search view offers %s, which is not legal", tools, step, s.ActionString(p, a))
					}
				}
			}
			p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
			s.Apply(p, a)
		}
	}
	if _, ok := (searchState{newState(t, 2, nil, 1)}).Clone().(searchState); !ok {
		t.Errorf("a clone of the search view is not a search view")
	}
}
