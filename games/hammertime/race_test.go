package hammertime

import (
	"context"
	"flag"
	"fmt"
	"math"
	"slices"
	"testing"

	"minehall/game"
)

var raceGames = flag.Int("hammertime.racegames", 60, "games of BenchmarkRaceNoise")

// filledSlots counts the slots p has filled: every slot of its full wagons
// and the gems in its top wagon.
func filledSlots(s *State, p game.Player) int {
	st := &s.seats[p]
	n := 0
	for i := int8(0); i < st.top; i++ {
		n += int(s.pack.Wagons[st.pile[i]].total)
	}
	_, top := s.wagonContent(int8(p))
	return n + int(top)
}

// raceTurns plays a two-player game of hard against hard from seed and
// returns, for each seat, the slots it had filled at the start of each of
// its turns and at the end.
func raceTurns(seed uint64) ([2][]int, error) {
	g := New().(*Game)
	var filled [2][]int
	gs, _, err := game.Start(g, 2, nil, seed)
	if err != nil {
		return filled, err
	}
	var bots [2]*HitBot
	for i := range bots {
		bot, err := g.NewBot("hard", seed*2+uint64(i))
		if err != nil {
			return filled, err
		}
		bots[i] = bot.(*HitBot)
	}
	rng := game.NewRand(seed ^ 0x5ca1ab1e)
	lastTurn := int32(-1)
	for !gs.Terminal() {
		s := gs.(*State)
		p := s.Actors(nil)[0]
		if p == game.Chance {
			gs.Apply(p, game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64()))
			continue
		}
		if s.turns != lastTurn {
			lastTurn = s.turns
			filled[p] = append(filled[p], filledSlots(s, p))
		}
		d, err := bots[p].Act(context.Background(), gs, p)
		if err != nil {
			return filled, err
		}
		gs.Apply(p, d.Action)
	}
	for p := range filled {
		filled[p] = append(filled[p], filledSlots(gs.(*State), game.Player(p)))
	}
	return filled, nil
}

// BenchmarkRaceNoise measures how much of a two-player game's result the
// noise of the turns decides, to say what edge a level needs over hard to
// finish ahead of it in 70% of games. It plays games of hard against hard
// and reports the slots a seat fills in a turn (mean m and standard
// deviation σ), the turns a seat plays (n), and how far apart the two
// seats' filled slots stand after k turns each (the standard deviation
// σ_k of the difference, over the games that lasted k turns). A level
// that fills δ more slots a turn than hard, on the same spread, finishes
// ahead of it in about Φ(δk/σ_k) of the games that are decided by turn
// k: 70% asks δ = 0.524 σ_k / k. Game i plays seed 1000+i, on as many
// cores as GOMAXPROCS gives.
//
//	go test ./games/hammertime -run '^$' -bench RaceNoise -benchtime 1x -hammertime.racegames 60
func BenchmarkRaceNoise(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var gains []float64
		var turns []int
		games := make([][2][]int, *raceGames)
		err := onEveryCore(len(games), func(gi int) (err error) {
			games[gi], err = raceTurns(uint64(1000 + gi))
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range games {
			for _, seat := range f {
				turns = append(turns, len(seat)-1)
				for t := 1; t < len(seat); t++ {
					gains = append(gains, float64(seat[t]-seat[t-1]))
				}
			}
		}
		m, sd := mean(gains), stdDev(gains)
		slices.Sort(turns)
		fmt.Printf("%d games of hard against hard, 2 players: %d turns\n", len(games), len(gains))
		fmt.Printf("slots filled a turn: mean %.3f, sd %.3f; turns a seat plays: median %d (%d to %d)\n",
			m, sd, turns[len(turns)/2], turns[0], turns[len(turns)-1])
		fmt.Printf("%4s %6s %8s %10s %14s %14s\n", "k", "games", "sd_k", "sd_k/√2k", "δ for 70%", "δ/m")
		for _, k := range []int{5, 10, 15, turns[len(turns)/2]} {
			var diffs []float64
			for _, f := range games {
				if len(f[0]) > k && len(f[1]) > k {
					diffs = append(diffs, float64(f[1][k]-f[0][k]))
				}
			}
			if len(diffs) < 3 {
				continue
			}
			sdk := stdDev(diffs)
			delta := 0.524 * sdk / float64(k)
			fmt.Printf("%4d %6d %8.2f %10.3f %14.3f %13.1f%%\n", k, len(diffs), sdk, sdk/math.Sqrt(2*float64(k)), delta, 100*delta/m)
		}
	}
}
