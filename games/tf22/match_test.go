package tf22

import (
	"context"
	"flag"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
)

var (
	matchGames   = flag.Int("tf22.match", 200, "games of each match benchmark")
	matchWorkers = flag.Int("tf22.workers", 1, "games a match benchmark plays at once")
	matchBots    = flag.String("tf22.bots", "hard,greedy", "the two bots of BenchmarkMatch, the measured one first")
	matchLimit   = flag.Int("tf22.rounds", 50, "round limit of the match benchmarks")
)

// match is a series of seeded games of one bot against others.
type match struct {
	players int
	bots    []string // bots[0] is the measured bot; the others fill the seats after it in order, the last one repeated
	seat0   bool     // the measured bot always sits in seat 0, instead of in seat i%players in game i
	rounds  int      // the round_limit option
	games   int
	workers int
}

// matchResult is the measured bot's record over a match.
type matchResult struct {
	wins, losses, shared float64 // shared: a win shared when the round limit ran out
	score                float64
	goalReached          int // games the measured bot ended at its goal
	seat0Wins            int // games won by the start seat, whoever sat there
	turns                int
	cpu, wall            time.Duration
	slowest              time.Duration // the measured bot's slowest decision, wall time
	slowestCPU           time.Duration // and in CPU time of its thread (0 where unknown)
}

// String reports the result with a 95% interval of the score.
func (r matchResult) String() string {
	n := r.wins + r.losses + r.shared
	ci := 1.96 * math.Sqrt(r.score*(1-r.score)/n)
	return fmt.Sprintf("won %.0f, lost %.0f, shared %.0f; score %.3f ± %.3f (95%%); reached the goal in %d; start seat won %d; mean %.1f turns; CPU %.0f s, wall %.0f s; slowest decision %.2f s wall, %.2f s CPU",
		r.wins, r.losses, r.shared, r.score, ci, r.goalReached, r.seat0Wins, float64(r.turns)/n, r.cpu.Seconds(), r.wall.Seconds(), r.slowest.Seconds(), r.slowestCPU.Seconds())
}

// run plays the match; game i is dealt from seed 1000+i.
func (m match) run() (matchResult, error) {
	g := New().(*Game)
	type one struct {
		ret     float64
		goal    bool
		winner  int
		turns   int
		slowest [2]time.Duration
		err     error
	}
	results := make([]one, m.games)
	cpu0, _ := processCPU()
	start := time.Now()
	var wg sync.WaitGroup
	for w := range max(1, m.workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for i := w; i < m.games; i += max(1, m.workers) {
				r, goal, winner, turns, slowest, err := m.play(g, i)
				results[i] = one{r, goal, winner, turns, slowest, err}
			}
		}()
	}
	wg.Wait()
	cpu1, _ := processCPU()
	res := matchResult{cpu: cpu1 - cpu0, wall: time.Since(start)}
	var sum float64
	for _, r := range results {
		if r.err != nil {
			return res, r.err
		}
		switch r.ret {
		case 1:
			res.wins++
		case 0:
			res.losses++
		default:
			res.shared++
		}
		if r.goal {
			res.goalReached++
		}
		if r.winner == 0 {
			res.seat0Wins++
		}
		sum += r.ret
		res.turns += r.turns
		res.slowest = max(res.slowest, r.slowest[0])
		res.slowestCPU = max(res.slowestCPU, r.slowest[1])
	}
	res.score = sum / float64(m.games)
	return res, nil
}

// play plays game i and returns the measured bot's return, whether it
// reached the goal, the seat that reached the goal (-1 none), the turns
// played and the measured bot's slowest decision in wall time and in CPU
// time of the calling thread.
func (m match) play(g *Game, i int) (float64, bool, int, int, [2]time.Duration, error) {
	seat := i % m.players
	if m.seat0 {
		seat = 0
	}
	bots := make([]ai.Bot, m.players)
	for j := range m.players {
		name := m.bots[min(j, len(m.bots)-1)]
		bot, err := matchBot(g, name, uint64(m.players*i+j+1))
		if err != nil {
			return 0, false, 0, 0, [2]time.Duration{}, err
		}
		bots[(seat+j)%m.players] = bot
	}
	s, _, err := game.Start(g, m.players, game.Options{OptionRoundLimit: strconv.Itoa(m.rounds)}, uint64(1000+i))
	if err != nil {
		return 0, false, 0, 0, [2]time.Duration{}, err
	}
	var slowest [2]time.Duration
	chance := game.NewRand(uint64(1000+i) ^ 0xc4a9ce)
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		if p == game.Chance {
			if err := game.Play(s, p, drawByChance(s, &chance)); err != nil {
				return 0, false, 0, 0, [2]time.Duration{}, err
			}
			continue
		}
		t0 := time.Now()
		c0, _ := threadCPU()
		d, err := bots[p].Act(context.Background(), s, p)
		c1, _ := threadCPU()
		if err != nil {
			return 0, false, 0, 0, [2]time.Duration{}, err
		}
		if int(p) == seat {
			slowest[0] = max(slowest[0], time.Since(t0))
			slowest[1] = max(slowest[1], c1-c0)
		}
		if err := game.Play(s, p, d.Action); err != nil {
			return 0, false, 0, 0, [2]time.Duration{}, err
		}
	}
	st := s.(*State)
	return s.Returns(nil)[seat], st.winner == int8(seat), int(st.winner), int(st.turns), slowest, nil
}

// matchBot makes the named bot of g, or for "ismcts:ITERATIONS" a search
// bot of that budget, for trying levels out.
func matchBot(g *Game, name string, seed uint64) (ai.Bot, error) {
	var iterations int
	if _, err := fmt.Sscanf(name, "ismcts:%d", &iterations); err == nil && iterations > 0 {
		return newSearchBot(iterations, seed), nil
	}
	return g.NewBot(name, seed)
}

// benchmarkMatch runs m once per b.N and reports the measured bot's score.
func benchmarkMatch(b *testing.B, m match) {
	for range b.N {
		r, err := m.run()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.score, "score")
		b.ReportMetric(float64(r.goalReached)/float64(m.games), "goal-rate")
		b.Logf("%s, %d players, round limit %d, %d games: %s against %v: %s",
			m.bots[0], m.players, m.rounds, m.games, m.bots[0], m.bots[1:], r)
	}
}

// BenchmarkHardAgainstMedium is the recorded strength check of the bots:
// -tf22.match 2-player games of the hard bot against the medium one, seats
// alternating, round limit -tf22.rounds. Run it once with -benchtime=1x.
func BenchmarkHardAgainstMedium(b *testing.B) {
	benchmarkMatch(b, match{players: 2, bots: []string{"hard", "medium"}, rounds: *matchLimit, games: *matchGames, workers: *matchWorkers})
}

// BenchmarkHardAgainstGreedy: the hard bot against the greedy one, as
// BenchmarkHardAgainstMedium.
func BenchmarkHardAgainstGreedy(b *testing.B) {
	benchmarkMatch(b, match{players: 2, bots: []string{"hard", "greedy"}, rounds: *matchLimit, games: *matchGames, workers: *matchWorkers})
}

// BenchmarkHardAgainstThreeRandom: 4-player games of the hard bot against
// three random bots, the hard bot in seat 0; the goal rate is the share of
// games it ends by reaching 3 markers.
func BenchmarkHardAgainstThreeRandom(b *testing.B) {
	benchmarkMatch(b, match{players: 4, bots: []string{"hard", "random"}, seat0: true, rounds: *matchLimit, games: *matchGames, workers: *matchWorkers})
}

// BenchmarkMatch plays the two bots of -tf22.bots against each other (2
// players), for comparing any pair of levels.
func BenchmarkMatch(b *testing.B) {
	names := strings.Split(*matchBots, ",")
	if len(names) != 2 {
		b.Fatalf("-tf22.bots %q: want two bot names separated by a comma", *matchBots)
	}
	benchmarkMatch(b, match{players: 2, bots: names, rounds: *matchLimit, games: *matchGames, workers: *matchWorkers})
}
