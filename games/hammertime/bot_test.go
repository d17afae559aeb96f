package hammertime

import (
	"context"
	"slices"
	"testing"

	"minehall/game"
)

// Every bot answers with a legal action and leaves the state alone. The
// context is already done, so the hitting bots stop after their first
// candidate (search is slow under the race detector).
func TestBotsPlayLegally(t *testing.T) {
	g := New().(*Game)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range g.BotNames() {
		t.Run(name, func(t *testing.T) {
			bot, err := g.NewBot(name, 1)
			if err != nil {
				t.Fatal(err)
			}
			s := newTestState(t, 2, nil)
			before, _ := game.Hash(s)
			d, err := bot.Act(ctx, s, 0)
			if err != nil {
				t.Fatal(err)
			}
			if after, _ := game.Hash(s); after != before {
				t.Errorf("the bot changed the state it was shown")
			}
			if !slices.Contains(s.Legal(0, nil), d.Action) {
				t.Errorf("bot chose %d, which is not legal", d.Action)
			}
		})
	}
	if _, err := g.NewBot("wizard", 1); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("unknown bot: got %v; want not found", err)
	}
}

// A hitting bot fills its wagon as suggested, completing it with mission
// cards when it can.
func TestBotFillsAsSuggested(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	holdMission(s, 0)
	s.gems[gemYellow].Holder = 0
	s.settle(fall(s, gemRed, gemWhite, gemBlack), true)
	bot, _ := New().(*Game).NewBot("hard", 1)
	d, err := bot.Act(context.Background(), s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ActionString(0, d.Action); got != "fill red 1 white 1 missions 1" {
		t.Errorf("got %s; want fill red 1 white 1 missions 1", got)
	}
}

// The easy bot, which aims at gems near an edge, makes more progress with
// its hits than a random player does.
func TestEasyBotBeatsRandom(t *testing.T) {
	g := New().(*Game)
	gain := func(name string) float64 {
		sum := 0.0
		for seed := uint64(0); seed < 8; seed++ {
			s := newTestState(t, 2, nil)
			s.rng = game.NewRand(seed)
			base := progress(s, 0)
			bot, err := g.NewBot(name, seed)
			if err != nil {
				t.Fatal(err)
			}
			d, err := bot.Act(context.Background(), s, 0)
			if err != nil {
				t.Fatal(err)
			}
			s.Apply(0, d.Action)
			fillAsSuggested(s, 0)
			sum += progress(s, 0) - base
		}
		return sum
	}
	if easy, random := gain("easy"), gain("random"); easy <= random {
		t.Errorf("progress over 8 hits: easy bot %.1f, random %.1f; want the easy bot ahead", easy, random)
	}
}
