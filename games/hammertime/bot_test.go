package hammertime

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
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

// TestBotsDoNotReadHiddenState gives every bot two states that differ only
// in what the seat to hit cannot see: it aims with its eyes closed (the
// expert variant's die), and the gems lie elsewhere on the tray and the
// hand's noise to come is another. The same seeded bot must choose the
// same action in both. The judging levels search on smaller budgets
// ([smallLevel]): what they read does not depend on the budget.
func TestBotsDoNotReadHiddenState(t *testing.T) {
	g := New().(*Game)
	s := newTestState(t, 2, game.Options{"expert": "true"})
	mustRoll(t, s, EyesClosed)
	other := s.Clone().(*State)
	other.rng = game.NewRand(99)
	for i := 0; i < NumGems/2; i++ {
		j := NumGems - 1 - i
		other.gems[i].X, other.gems[j].X = other.gems[j].X, other.gems[i].X
		other.gems[i].Y, other.gems[j].Y = other.gems[j].Y, other.gems[i].Y
	}
	mustInvariants(t, other)
	if s.InfoKey(0) != other.InfoKey(0) {
		t.Fatalf("the states differ for seat 0")
	}
	if gametest.MustHash(t, s) == gametest.MustHash(t, other) {
		t.Fatalf("the states do not differ")
	}
	for _, name := range g.BotNames() {
		b1, _ := g.NewBot(name, 5)
		b2, _ := g.NewBot(name, 5)
		if _, judges := botLevels[name]; judges && botLevels[name].Judged > 0 {
			b1, b2 = smallLevel(name, 5), smallLevel(name, 5)
		}
		d1, err1 := b1.Act(context.Background(), s, 0)
		d2, err2 := b2.Act(context.Background(), other, 0)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if d1.Action != d2.Action {
			t.Errorf("%s chose %s and %s in states that differ only in what seat 0 cannot see", name,
				s.ActionString(0, d1.Action), s.ActionString(0, d2.Action))
		}
	}
}

// smallLevel is the level's bot with its search (expert's two
// refinements around the best with its eight neighbours, hard's and
// medium's one) on a budget of a few dozen simulated hits, for tests that
// the race detector would make too slow at the full budgets.
func smallLevel(name string, seed uint64) *HitBot {
	lv := botLevels[name]
	lv.Judge.Candidates, lv.Judge.Screen, lv.Judge.Samples, lv.Judge.RefineFirst = 8, 2, 4, 2
	return &HitBot{Level: lv, rng: game.NewRand(seed)}
}

// TestExpertIsDeterministic: expert's search has a fixed budget of
// simulated hits in NewBot, so the same seed chooses the same hit from the
// same position, and the state shown is left alone (on the smaller budget
// of [smallLevel]).
func TestExpertIsDeterministic(t *testing.T) {
	s := newTestState(t, 2, nil)
	before := gametest.MustHash(t, s)
	var got [2]game.Action
	for i := range got {
		bot := smallLevel("expert", 5)
		d, err := bot.Act(context.Background(), s, 0)
		if err != nil {
			t.Fatal(err)
		}
		got[i] = d.Action
	}
	if got[0] != got[1] {
		t.Errorf("seed 5 chose %s, then %s", s.ActionString(0, got[0]), s.ActionString(0, got[1]))
	}
	if after := gametest.MustHash(t, s); after != before {
		t.Errorf("expert changed the state it was shown")
	}
}

// TestDeepeningJudgeSpendsItsBudget: a judge given a budget of simulated
// hits larger than its schedule (as sim's "expert:N" is) searches on in
// deeper rounds, simulates no more than the budget, and chooses the same
// hit for the same seed; a budget smaller than the schedule cuts it short
// (on the smaller levels of [smallLevel]). It runs only without the race
// detector (searches on one goroutine; see racedetector).
func TestDeepeningJudgeSpendsItsBudget(t *testing.T) {
	racedetector.WholeOnly(t)
	s := newTestState(t, 2, nil)
	schedule := smallLevel("expert", 5)
	if _, err := schedule.Act(context.Background(), s, 0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		budget     int
		wantDeeper bool
	}{
		{"a budget of four schedules", 4 * schedule.simulated, true},
		{"half the schedule", schedule.simulated / 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [2]game.Action
			for i := range got {
				bot := smallLevel("expert", 5)
				bot.deepen, bot.maxSims = true, tt.budget
				d, err := bot.Act(context.Background(), s, 0)
				if err != nil {
					t.Fatal(err)
				}
				got[i] = d.Action
				if bot.simulated > tt.budget {
					t.Errorf("simulated %d hits; the budget is %d", bot.simulated, tt.budget)
				}
				if deeper := bot.deeper > 0; deeper != tt.wantDeeper {
					t.Errorf("finished %d rounds past the schedule (of %d simulated hits) with a budget of %d", bot.deeper, schedule.simulated, tt.budget)
				}
				if tt.wantDeeper && bot.simulated <= schedule.simulated {
					t.Errorf("simulated %d hits; the schedule alone takes %d", bot.simulated, schedule.simulated)
				}
			}
			if got[0] != got[1] {
				t.Errorf("seed 5 chose %s, then %s", s.ActionString(0, got[0]), s.ActionString(0, got[1]))
			}
		})
	}
}

// TestOnlyExpertDeepensAtATable: at a table hard stops at its own
// schedule, whatever the thinking time (it plays as it was measured),
// while expert is made to search for the whole time.
func TestOnlyExpertDeepensAtATable(t *testing.T) {
	g := New().(*Game)
	s := newTestState(t, 2, nil)
	fixed, _ := g.NewBot("hard", 9)
	timed, err := g.NewTimedBot("hard", 9, ai.Budget{Time: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want, err := fixed.Act(context.Background(), s, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := timed.Act(context.Background(), s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got.Action != want.Action || timed.(*HitBot).simulated != fixed.(*HitBot).simulated {
		t.Errorf("hard at a table of a minute chose %s after %d simulated hits; its schedule %s after %d",
			s.ActionString(0, got.Action), timed.(*HitBot).simulated, s.ActionString(0, want.Action), fixed.(*HitBot).simulated)
	}
	expert, err := g.NewTimedBot("expert", 9, ai.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if hb := expert.(*HitBot); !hb.deepen || hb.think != ai.DefaultThinkingTime {
		t.Errorf("expert at a table with the default time: deepens %v, thinks %v; want true, %v", hb.deepen, hb.think, ai.DefaultThinkingTime)
	}
}

// TestBudgetedLevels: sim's "LEVEL:N" bots of Hammer Time are its judging
// levels; the others, and a budget under one hit, are refused.
func TestBudgetedLevels(t *testing.T) {
	g := New().(*Game)
	tests := []struct {
		name    string
		iters   int
		wantErr string
	}{
		{"expert", 800, ""},
		{"medium", 50, ""},
		{"easy", 100, "the easy bot of Hammer Time is no search"},
		{"random", 100, "the random bot of Hammer Time is no search"},
		{"hard", 0, "0 iterations; want at least 1"},
		{"grandmaster", 100, "no bot"},
	}
	for _, tt := range tests {
		bot, err := g.NewBotWithIterations(tt.name, 1, tt.iters)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s:%d: %v", tt.name, tt.iters, err)
		case tt.wantErr == "" && bot.(*HitBot).maxSims != tt.iters:
			t.Errorf("%s:%d: a budget of %d simulated hits", tt.name, tt.iters, bot.(*HitBot).maxSims)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s:%d: error %v; want one saying %q", tt.name, tt.iters, err, tt.wantErr)
		}
	}
}
