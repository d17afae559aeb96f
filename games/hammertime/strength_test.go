package hammertime

import (
	"context"
	"flag"
	"math"
	"os"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

var (
	strengthGames   = flag.Int("hammertime.games", 40, "games of BenchmarkHardAgainstBefore69 and BenchmarkOracleAgainstHard")
	strengthSeed    = flag.Uint64("hammertime.seed", 7, "seed of BenchmarkHardAgainstBefore69 and BenchmarkOracleAgainstHard")
	strengthJournal = flag.String("hammertime.journal", "", "journal of BenchmarkHardAgainstBefore69 or BenchmarkOracleAgainstHard (resumable)")
)

// measuredGame offers, besides the game's bots, two that tables do not
// offer, for the strength benchmarks: "hard-69", hard as it was before issue
// 69, and "oracle" ([oracleBot]).
type measuredGame struct{ *Game }

func (g measuredGame) BotNames() []string { return append(g.Game.BotNames(), "hard-69", "oracle") }

func (g measuredGame) NewBot(name string, seed uint64) (ai.Bot, error) {
	switch name {
	case "hard-69":
		return &HitBot{Level: before69, rng: game.NewRand(seed)}, nil
	case "oracle":
		return &oracleBot{judge: HitBot{Level: botLevels["expert"]}}, nil
	}
	return g.Game.NewBot(name, seed)
}

// oracleBot cheats: it knows what every hit will do. It plays each of the
// 360 hits on a copy of the true state, whose generator holds the hand's
// noise and the gems' kicks to come, and takes the one whose outcome
// expert's judge values most (the progress after the suggested filling,
// less what is left near the edges for the next player; the win when the
// game ends); a hit that drops nothing it takes only when every other is
// worth less than nothing. It measures how much of a turn the noise
// decides, which no fair player knows: the distance between it and hard is
// the most any judgement of the hit could still gain.
type oracleBot struct{ judge HitBot }

func (o *oracleBot) Act(_ context.Context, gs game.State, p game.Player) (ai.Decision, error) {
	s := gs.(*State)
	if f, ok := s.SuggestedFilling(); ok {
		a, _ := FillAction(f)
		return ai.Decision{Action: a, Delay: time.Second}, nil
	}
	base := progress(s, p)
	best, bestV, miss := game.Action(-1), math.Inf(-1), game.Action(-1)
	for side := Side(0); side < 4; side++ {
		for pos := 1; pos <= HitPositions; pos++ {
			for str := 1; str <= HitStrengths; str++ {
				a := HitAction(side, pos, str)
				c := s.Clone().(*State)
				c.Apply(p, a)
				v, fell := o.judge.judgeOutcome(c, p, base)
				switch {
				case !fell && miss < 0:
					miss = a
				case fell && v > bestV:
					best, bestV = a, v
				}
			}
		}
	}
	if (best < 0 || bestV < 0) && miss >= 0 {
		best = miss
	}
	return ai.Decision{Action: best, Delay: time.Second}, nil
}

// playMatch plays hard against the named bot with sim's own runner, two
// players, seats alternated, one game at a time, as the -hammertime flags
// say, and prints sim's report: the share of games each finished ahead,
// with Wilson intervals, and each bot's CPU per decision.
func playMatch(b *testing.B, rival string) {
	for i := 0; i < b.N; i++ {
		sum, _, err := sim.Run(context.Background(), sim.Config{
			Game: measuredGame{New().(*Game)}, Players: 2, Bots: []string{"hard", rival},
			Games: *strengthGames, Seed: *strengthSeed, Workers: 1, Journal: *strengthJournal,
		})
		if err != nil {
			b.Fatal(err)
		}
		if err := sum.WriteText(os.Stdout); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHardAgainstBefore69 plays hard against hard as it was before
// issue 69 (hard-69) ([playMatch]).
//
//	go test ./games/hammertime -run '^$' -bench HardAgainstBefore69 -benchtime 1x -hammertime.games 40
func BenchmarkHardAgainstBefore69(b *testing.B) { playMatch(b, "hard-69") }

// BenchmarkOracleAgainstHard plays hard against the oracle, which knows
// what every hit will do ([oracleBot], [playMatch]).
//
//	go test ./games/hammertime -run '^$' -bench OracleAgainstHard -benchtime 1x -hammertime.games 40
func BenchmarkOracleAgainstHard(b *testing.B) { playMatch(b, "oracle") }
