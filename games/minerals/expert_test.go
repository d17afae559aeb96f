package minerals

import (
	"context"
	"flag"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// TestExpertIsDeterministic plays the expert from the same position twice
// with the same seed and iteration budget: it makes the same choices, also
// when a time bound far longer than the search is added (so that the
// iterations of a simulation decide, never the clock), and each is legal.
func TestExpertIsDeterministic(t *testing.T) {
	const iterations = 1000
	choices := func(budget ai.Budget) []game.Action {
		s := midGame(t)
		b := newExpertBot(budget, 17)
		var out []game.Action
		for range 4 {
			p := game.Player(s.current)
			d, err := b.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Check(s, p, d.Action); err != nil {
				t.Fatalf("expert chose an illegal action: %v", err)
			}
			out = append(out, d.Action)
			s.Apply(p, d.Action)
			for !s.Terminal() && s.Actors(nil)[0] == game.Chance {
				o := s.ChanceOutcomes(nil)
				s.Apply(game.Chance, o[0].Action)
			}
		}
		return out
	}
	first := choices(ai.Budget{Iterations: iterations})
	if again := choices(ai.Budget{Iterations: iterations}); !slices.Equal(first, again) {
		t.Errorf("the same seed chose %v, then %v; want the same", first, again)
	}
	if timed := choices(ai.Budget{Iterations: iterations, Time: time.Hour}); !slices.Equal(first, timed) {
		t.Errorf("with an hour's time bound the expert chose %v; want %v, as without", timed, first)
	}
}

// TestExpertIsOffered checks that expert is a level of NewBot and of
// NewTimedBot, and that an unknown name is refused as not found.
func TestExpertIsOffered(t *testing.T) {
	g := NewWithPack(DefaultPack())
	if !slices.Contains(g.BotNames(), "expert") {
		t.Fatalf("BotNames() = %v; want expert among them", g.BotNames())
	}
	if _, err := g.NewBot("expert", 1); err != nil {
		t.Errorf("NewBot(expert): %v", err)
	}
	if _, err := g.NewTimedBot("expert", 1, ai.Budget{Time: time.Second}); err != nil {
		t.Errorf("NewTimedBot(expert): %v", err)
	}
	if _, err := g.NewTimedBot("grandmaster", 1, ai.Budget{Time: time.Second}); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("NewTimedBot(grandmaster): %v; want not_found", err)
	}
}

// twoPlayerPositions returns positions of a two-player game, from its
// opening to late in it, each at the start of a move: the positions of the
// expert's decisions against hard.
func twoPlayerPositions(tb testing.TB) []*State {
	tb.Helper()
	var out []*State
	for _, steps := range []int{4, 24, 48, 72} {
		s := newState(tb, 2, nil, 11)
		rng := game.NewRand(uint64(steps))
		for i := 0; i < steps || s.phase != phaseMove; i++ {
			p, a, ok := gametest.RandomStep(s, &rng, nil, nil)
			if !ok {
				tb.Fatalf("the random game ended after %d steps; want a position after %d", i, steps)
			}
			s.Apply(p, a)
		}
		out = append(out, s)
	}
	return out
}

// TestSearchLevelsKeepTheirSearch checks that easy, medium and hard still
// play the search their ladder in docs/bots.md was measured with (the
// search's default exploration, their iteration budgets), and that expert
// plays its own (its exploration constant, at any iteration budget): each
// level's bot searches as that search does (the same visits and values of
// every move), from the same seed, in positions from the opening to late
// in a game. At a table with time to spare, easy, medium and hard search
// as they do in simulations.
func TestSearchLevelsKeepTheirSearch(t *testing.T) {
	g := NewWithPack(DefaultPack())
	const expertBudget = 1000
	for _, level := range []string{"easy", "medium", "hard", "expert"} {
		for i, s := range twoPlayerPositions(t) {
			seed := uint64(40 + i)
			var bot ai.Bot
			var err error
			want := ai.MCTSConfig{Budget: ai.Budget{Iterations: mctsIterations[level]}, Evaluator: Evaluate, Seed: seed}
			if level == "expert" {
				bot, err = g.NewBotWithIterations(level, seed, expertBudget)
				want.Budget.Iterations, want.Exploration = expertBudget, expertExploration
			} else {
				bot, err = g.NewBot(level, seed)
			}
			if err != nil {
				t.Fatal(err)
			}
			p := game.Player(s.current)
			got, err := bot.(*searchBot).search.Analyze(context.Background(), searchState{s}, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			wantStats, err := ai.NewMCTS(want).Analyze(context.Background(), searchState{s}, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, wantStats) {
				t.Errorf("%s, position %d: searched %v; want %v, as the search %+v", level, i, got, wantStats, want)
			}
			if level == "expert" {
				continue
			}
			// At a table with time to spare, the level stops at the same
			// budget and searches alike.
			table, err := g.NewTimedBot(level, seed, ai.Budget{Time: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			got, err = table.(*searchBot).search.Analyze(context.Background(), searchState{s}, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, wantStats) {
				t.Errorf("%s at a table, position %d: searched %v; want %v, as in simulations", level, i, got, wantStats)
			}
		}
	}
}

// BenchmarkExpertDecision measures expert's decisions at its simulation
// budget (expertIterations) in positions of a two-player game, from the
// opening to late in it: besides ns/op it reports the process's CPU time
// per decision (cpu-ns/op), which a busy machine does not inflate, and
// decisions per second of it (decisions/cpu-s); run it with -cpu 1.
func BenchmarkExpertDecision(b *testing.B) {
	positions := twoPlayerPositions(b)
	g := NewWithPack(DefaultPack())
	cpu0, ok := processCPU()
	b.ResetTimer()
	for i := range b.N {
		bot, err := g.NewBot("expert", uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		s := positions[i%len(positions)].Clone()
		if _, err := bot.Act(context.Background(), s, game.Player(positions[i%len(positions)].current)); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if cpu1, ok1 := processCPU(); ok && ok1 && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "decisions/cpu-s")
	}
	reportCPU(b, cpu0, ok)
}

var (
	explorationGames      = flag.Int("minerals.exploration.games", 20, "games per constant of BenchmarkExpertExploration")
	explorationIterations = flag.Int("minerals.exploration.iterations", 5000, "the candidates' iterations in BenchmarkExpertExploration")
	explorationConstants  = flag.String("minerals.exploration", "1,0.6,0.3,0.15", "the exploration constants BenchmarkExpertExploration compares")
)

// BenchmarkExpertExploration compares exploration constants for expert: for
// each constant of -minerals.exploration, the search of the levels at
// -minerals.exploration.iterations with that constant plays hard in the
// same -minerals.exploration.games two-player games (game i: seed 1000+i,
// the candidate in seat i%2, the bots seeded from the game's seed), and the
// benchmark reports the candidate's share of games ahead per constant and
// its CPU time per decision. Every constant meets the same games and the
// same dice. Run it once, alone on a core:
//
//	go test -run XXX -bench ExpertExploration -benchtime 1x -cpu 1 ./games/minerals/
func BenchmarkExpertExploration(b *testing.B) {
	var constants []float64
	for f := range strings.SplitSeq(*explorationConstants, ",") {
		c, err := strconv.ParseFloat(f, 64)
		if err != nil || c <= 0 {
			b.Fatalf("-minerals.exploration: %q is no positive number", f)
		}
		constants = append(constants, c)
	}
	for range b.N {
		for _, c := range constants {
			ahead, decisions := 0.0, 0
			var cpu time.Duration
			for i := range *explorationGames {
				seed := uint64(1000 + i)
				candidate := newLevelBot(ai.Budget{Iterations: *explorationIterations}, c, 2*seed+1)
				bots := []ai.Bot{candidate, newSearchBot(mctsIterations["hard"], 2*seed+2)}
				seat := i % 2
				if seat == 1 {
					bots[0], bots[1] = bots[1], bots[0]
				}
				r, err := playGame(bots, nil, seed)
				if err != nil {
					b.Fatal(err)
				}
				ahead += r.returns[seat]
				cpu += r.cpu[seat]
				decisions += r.decisions[seat]
			}
			name := strconv.FormatFloat(c, 'g', -1, 64)
			b.ReportMetric(100*ahead/float64(*explorationGames), "%ahead-c"+name)
			b.ReportMetric(float64(cpu.Milliseconds())/float64(max(1, decisions)), "cpu-ms/decision-c"+name)
		}
	}
}
