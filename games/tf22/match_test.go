package tf22

import (
	"context"
	"flag"
	"math"
	"sync"
	"testing"

	"minehall/ai"
	"minehall/game"
)

var (
	matchGames   = flag.Int("tf22.match", 200, "games of BenchmarkHardAgainstMedium")
	matchWorkers = flag.Int("tf22.workers", 1, "games BenchmarkHardAgainstMedium plays at once")
)

// BenchmarkHardAgainstMedium is the recorded strength check of the bots:
// -tf22.match games (2 players, seats alternating, seeded) of the hard bot
// against the medium one. Run it once with -benchtime=1x.
func BenchmarkHardAgainstMedium(b *testing.B) {
	for range b.N {
		hardAgainstMedium(b)
	}
}

func hardAgainstMedium(t testing.TB) {
	g := New().(*Game)
	type result struct {
		hardReturn float64
		turns      int
		err        error
	}
	results := make([]result, *matchGames)
	var wg sync.WaitGroup
	for w := range *matchWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < *matchGames; i += *matchWorkers {
				r, turns, err := playHardAgainstMedium(g, i)
				results[i] = result{r, turns, err}
			}
		}()
	}
	wg.Wait()
	var hardWins, mediumWins, shared, seat0Wins float64
	var turns int
	for i, r := range results {
		if (i%2 == 0 && r.hardReturn == 1) || (i%2 == 1 && r.hardReturn == 0) {
			seat0Wins++
		}
		if r.err != nil {
			t.Fatal(r.err)
		}
		switch r.hardReturn {
		case 1:
			hardWins++
		case 0:
			mediumWins++
		default:
			shared++
		}
		turns += r.turns
	}
	n := float64(*matchGames)
	score := (hardWins + shared/2) / n
	ci := 1.96 * math.Sqrt(score*(1-score)/n)
	if b, ok := t.(*testing.B); ok {
		b.ReportMetric(score, "hard-score")
		b.ReportMetric(float64(turns)/n, "turns/game")
	}
	t.Logf("hard vs medium, %d games: hard won %.0f, medium won %.0f, shared %.0f; hard's score %.3f ± %.3f (95%%); mean %.1f turns; seat 0 won %.0f",
		*matchGames, hardWins, mediumWins, shared, score, ci, float64(turns)/n, seat0Wins)
}

// playHardAgainstMedium plays game i: the hard bot in seat i%2, both bots and
// the deal seeded from i. It returns the hard bot's return and the turns.
func playHardAgainstMedium(g *Game, i int) (float64, int, error) {
	hardSeat := game.Player(i % 2)
	bots := make([]ai.Bot, 2)
	var err error
	if bots[hardSeat], err = g.NewBot("hard", uint64(2*i+1)); err != nil {
		return 0, 0, err
	}
	if bots[1-hardSeat], err = g.NewBot("medium", uint64(2*i+2)); err != nil {
		return 0, 0, err
	}
	s, _, err := game.Start(g, 2, game.Options{OptionRoundLimit: "50"}, uint64(1000+i))
	if err != nil {
		return 0, 0, err
	}
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		d, err := bots[p].Act(context.Background(), s, p)
		if err != nil {
			return 0, 0, err
		}
		if err := game.Play(s, p, d.Action); err != nil {
			return 0, 0, err
		}
	}
	return s.Returns(nil)[hardSeat], int(s.(*State).turns), nil
}
