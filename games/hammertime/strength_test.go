package hammertime

import (
	"context"
	"flag"
	"os"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

var (
	strengthGames   = flag.Int("hammertime.games", 40, "games of BenchmarkHardAgainstBefore69")
	strengthSeed    = flag.Uint64("hammertime.seed", 7, "seed of BenchmarkHardAgainstBefore69")
	strengthJournal = flag.String("hammertime.journal", "", "journal of BenchmarkHardAgainstBefore69 (resumable)")
)

// before69Game offers, besides the game's bots, "hard-69": hard as it was
// before issue 69, which tables do not offer.
type before69Game struct{ *Game }

func (g before69Game) BotNames() []string { return append(g.Game.BotNames(), "hard-69") }

func (g before69Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	if name == "hard-69" {
		return &HitBot{Level: before69, rng: game.NewRand(seed)}, nil
	}
	return g.Game.NewBot(name, seed)
}

// BenchmarkHardAgainstBefore69 plays hard against hard as it was before
// issue 69 (hard-69) with sim's own runner, two players, seats alternated,
// one game at a time, and prints sim's report: the share of games each
// finished ahead, with Wilson intervals, and each bot's CPU per decision.
//
//	go test ./games/hammertime -run '^$' -bench HardAgainstBefore69 -benchtime 1x -hammertime.games 40
func BenchmarkHardAgainstBefore69(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sum, _, err := sim.Run(context.Background(), sim.Config{
			Game: before69Game{New().(*Game)}, Players: 2, Bots: []string{"hard", "hard-69"},
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
