package minerals

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"

	"minehall/ai"
	"minehall/game"
)

var (
	balanceGames       = flag.Int("minerals.balance.games", 400, "games per iteration of BenchmarkSeatBalance")
	balanceBot         = flag.String("minerals.balance.bot", "easy", "the bot in every seat in BenchmarkSeatBalance")
	balancePlayers     = flag.Int("minerals.balance.players", 5, "players in BenchmarkSeatBalance")
	balanceOptions     = flag.String("minerals.balance.options", "", "game options of BenchmarkSeatBalance, KEY=VALUE,KEY=VALUE")
	balanceRandomSetup = flag.Bool("minerals.balance.randomsetup", false, "BenchmarkSeatBalance: removals and pawn placements at random, the rest by the bots")
)

// seatRecord is what BenchmarkSeatBalance adds up per seat over its games.
type seatRecord struct {
	wins, score, cardPoints, cardBonus, turns float64
	atRound                                   [3]float64 // points at the start of rounds 5, 10 and 15, every seat having moved as often
	reached                                   [3]float64 // games that reached those rounds
}

// balanceRounds are the rounds at whose start BenchmarkSeatBalance reads
// every seat's points.
var balanceRounds = [3]int{5, 10, 15}

// BenchmarkSeatBalance is the measurement of docs/seat-balance.md: each
// iteration plays -minerals.balance.games games (seeds 1000 on) with the
// same bot in every seat, and logs per seat the win rate, the mean points,
// the points of collection cards and their bonus over the minerals given
// for them, the number of turns, and the points at the start of rounds 5,
// 10 and 15 (when every seat has moved equally often). With
// -minerals.balance.randomsetup the set-up (removals, pawn placements) is
// played at random. Run it with -v to see the table:
//
//	go test -run XXX -bench SeatBalance -benchtime 1x -v ./games/minerals/ -minerals.balance.bot=easy
func BenchmarkSeatBalance(b *testing.B) {
	g := NewWithPack(DefaultPack())
	opts := game.Options{}
	if *balanceOptions != "" {
		for _, kv := range strings.Split(*balanceOptions, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				b.Fatalf("-minerals.balance.options: %q is not KEY=VALUE", kv)
			}
			opts[k] = v
		}
	}
	n := *balancePlayers
	for range b.N {
		seats := make([]seatRecord, n)
		for i := range *balanceGames {
			if err := balanceGame(g, n, opts, uint64(1000+i), seats); err != nil {
				b.Fatal(err)
			}
		}
		games := float64(*balanceGames)
		b.Logf("%s in all %d seats, %d games, options %v, random set-up %v", *balanceBot, n, *balanceGames, opts, *balanceRandomSetup)
		b.Logf("seat  wins    points  card points  card bonus  turns  points at the start of rounds 5, 10, 15")
		for q, r := range seats {
			at := make([]string, len(balanceRounds))
			for k := range balanceRounds {
				at[k] = fmt.Sprintf("%6.2f", r.atRound[k]/max(1, r.reached[k]))
			}
			b.Logf("%-4d  %5.1f%%  %6.2f  %11.2f  %10.2f  %5.2f  %s", q, 100*r.wins/games, r.score/games, r.cardPoints/games, r.cardBonus/games, r.turns/games, strings.Join(at, " "))
		}
		b.ReportMetric(100*seats[0].wins/games, "%first-seat-wins")
		b.ReportMetric(100*seats[n-1].wins/games, "%last-seat-wins")
		b.ReportMetric((seats[0].turns-seats[n-1].turns)/games, "first-minus-last-turns")
	}
}

// balanceGame plays one game of BenchmarkSeatBalance and adds it to seats.
func balanceGame(g *Game, n int, opts game.Options, seed uint64, seats []seatRecord) error {
	st, _, err := game.Start(g, n, opts, seed)
	if err != nil {
		return err
	}
	s := st.(*State)
	bots := make([]ai.Bot, n)
	for i := range bots {
		if bots[i], err = g.NewBot(*balanceBot, seed*10+uint64(i)); err != nil {
			return err
		}
	}
	rng := game.NewRand(seed)
	turn, round := int32(-1), 0
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		var a game.Action
		switch {
		case p == game.Chance:
			outs := s.ChanceOutcomes(nil)
			x := rng.Float64()
			a = outs[len(outs)-1].Action
			for _, o := range outs {
				if x < o.Probability {
					a = o.Action
					break
				}
				x -= o.Probability
			}
		case *balanceRandomSetup && (s.phase == phaseRemove || s.phase == phasePlacePawn):
			legal := s.Legal(p, nil)
			a = legal[rng.IntN(len(legal))]
		default:
			if s.phase == phaseMove && s.turns != turn {
				turn = s.turns
				seats[p].turns++
				if p == 0 {
					round++
					for k, r := range balanceRounds {
						if round == r {
							for q := range seats {
								seats[q].atRound[k] += float64(s.Score(q))
								seats[q].reached[k]++
							}
						}
					}
				}
			}
			d, err := bots[p].Act(context.Background(), s, p)
			if err != nil {
				return fmt.Errorf("seed %d: %v", seed, err)
			}
			a = d.Action
		}
		if err := s.Explain(p, a); err != nil {
			return fmt.Errorf("seed %d: %s: %v", seed, s.ActionString(p, a), err)
		}
		s.Apply(p, a)
	}
	for q, r := range s.Returns(nil) {
		seats[q].wins += r
		seats[q].score += float64(s.Score(q))
		for k, c := range s.pack.Cards {
			if s.cards[q]&(1<<k) == 0 {
				continue
			}
			points, given := c.Points, c.Minerals
			if s.reduced[q]&(1<<k) != 0 {
				points, given[Orpiment] = c.ReducedPoints, 0
			}
			seats[q].cardPoints += float64(points)
			seats[q].cardBonus += float64(points - given.Value())
		}
	}
	return nil
}
