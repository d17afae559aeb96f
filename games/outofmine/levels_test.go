package outofmine

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
)

// soloRun lets a bot of level lv, seeded with seed, play seat 0 of a copy
// of s alone (the other seats do nothing) on a virtual clock until the
// time until or its call, and returns the empty gallery spaces its board
// would score then (tiles that do not stay at scoring removed).
func soloRun(t *testing.T, s0 *State, lv Level, seed uint64, until time.Duration) int {
	t.Helper()
	s := s0.Clone().(*State)
	b := NewBot(lv, seed)
	var now time.Duration
	for steps := 0; steps < 1000; steps++ {
		d, err := b.Act(context.Background(), s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if now+d.Delay > until {
			break
		}
		now += max(d.Delay, time.Millisecond)
		if d.Wait {
			continue
		}
		if d.Action == game.Action(actCall) {
			break
		}
		if err := game.Play(s, 0, d.Action); err != nil {
			t.Fatalf("%s played %q: %v", lv.Name, s.ActionString(0, d.Action), err)
		}
	}
	sc, _ := ScoreBoard(s.pack, s.sideOf(0), s.cardOf(0), s.placedTiles(0), false, Objective{})
	return sc.Empty
}

// exactRound returns a two-player round whose seat 0 has a board side and
// card that the solver tiles exactly, and one whose side and card it
// cannot.
func exactRound(t *testing.T, exact bool) *State {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		s := newRound(t, 2, nil, seed)
		sup := FullSupply(s.pack)
		if sol := NewSideSolver(s.pack, s.sideOf(0)).Plan(s.cardOf(0), &sup, Objective{}); (sol.Empty == 0) == exact {
			return s
		}
	}
	t.Fatalf("no seed below 200 deals seat 1 a board it can tile exactly = %v", exact)
	return nil
}

// TestLevelsDifferInTheirTiling: on one board and card that can be tiled
// exactly, the levels play differently at the same virtual time, over the
// same 20 seeds of each bot. After a minute, when every level has laid
// all it planned, easy (one greedy tiling, and mistakes) leaves more
// spaces empty than medium (the best of six), and medium more than hard
// and expert (the solver's exact tiling), which leave none. Twelve seconds
// in, at the same pace, expert (big and scarce tiles first) has covered
// more than hard (the solver's plan in its order, along the gallery).
func TestLevelsDifferInTheirTiling(t *testing.T) {
	s := exactRound(t, true)
	empty := func(name string, until time.Duration) int {
		n := 0
		for seed := range uint64(20) {
			n += soloRun(t, s, Levels[name], seed, until)
		}
		return n
	}
	late := map[string]int{}
	for _, name := range []string{"easy", "medium", "hard", "expert"} {
		late[name] = empty(name, time.Minute)
	}
	t.Logf("empty spaces after a minute, 20 rounds: %v", late)
	if late["hard"] != 0 || late["expert"] != 0 {
		t.Errorf("hard and expert left %d and %d spaces empty in 20 rounds; want 0 (the board tiles exactly)", late["hard"], late["expert"])
	}
	if !(late["easy"] > late["medium"] && late["medium"] > late["hard"]) {
		t.Errorf("empty spaces after a minute: easy %d, medium %d, hard %d; want easy > medium > hard", late["easy"], late["medium"], late["hard"])
	}
	hard, expert := empty("hard", 12*time.Second), empty("expert", 12*time.Second)
	t.Logf("empty spaces after 12 s, 20 rounds: hard %d, expert %d", hard, expert)
	if expert >= hard {
		t.Errorf("after 12 s at the same pace expert left %d spaces empty in 20 rounds, hard %d; want expert fewer (its big tiles first)", expert, hard)
	}
}

// TestLevelsPlayAtAPersonsPace: every level takes seconds per tile, as a
// person does, on the virtual clock: over a round alone on a board, its
// mean time per action (a take or a lay) is between 1 and 4 seconds, and
// the first takes longer (the card is read and the board planned).
func TestLevelsPlayAtAPersonsPace(t *testing.T) {
	s := exactRound(t, true)
	for _, name := range levelNames {
		b := NewBot(Levels[name], 1)
		c := s.Clone().(*State)
		var total, first time.Duration
		actions := 0
		for range 60 {
			d, err := b.Act(context.Background(), c, 0)
			if err != nil {
				t.Fatal(err)
			}
			if d.Wait || d.Action == game.Action(actCall) {
				break
			}
			if actions == 0 {
				first = d.Delay
			} else {
				total += d.Delay
			}
			actions++
			if err := game.Play(c, 0, d.Action); err != nil {
				t.Fatal(err)
			}
		}
		if actions < 4 {
			t.Fatalf("%s took %d actions alone on a board; want a round's worth", name, actions)
		}
		mean := total / time.Duration(actions-1)
		if mean < time.Second || mean > 4*time.Second {
			t.Errorf("%s: %v an action on average; want a person's 1 to 4 s", name, mean)
		}
		if first <= mean {
			t.Errorf("%s: first action after %v, the others %v on average; want the first slower (reading the card)", name, first, mean)
		}
	}
}

// TestExpertCoversWhenItCannotTile: on a board its card cannot tile, hard
// and medium lay what they can and never call, but expert covers the
// rest of the gallery with any tiles and calls (its round then scores
// 10 − empty − 2 and stops the other player's), in the same rounds.
func TestExpertCoversWhenItCannotTile(t *testing.T) {
	s := exactRound(t, false)
	for _, name := range []string{"medium", "hard", "expert"} {
		c := s.Clone().(*State)
		b := NewBot(Levels[name], 3)
		called := false
		for range 80 {
			d, err := b.Act(context.Background(), c, 0)
			if err != nil {
				t.Fatal(err)
			}
			if d.Wait {
				continue
			}
			if err := game.Play(c, 0, d.Action); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if c.phase != PhaseRound {
				called = true
				break
			}
		}
		if want := name == "expert"; called != want {
			t.Errorf("%s called = %v on a board its card cannot tile; want %v", name, called, want)
		}
		if called {
			if r := c.results[0][0]; !r.Called || r.Score.Caller != -2 {
				t.Errorf("expert's round: called %v, caller points %d; want a call with −2 (tiles removed)", r.Called, r.Score.Caller)
			}
		}
	}
}

// TestExpertIsDeterministic: the same seed gives the same game, action for
// action, and the expert at a table (NewTimedBot, on the wall clock)
// chooses the same actions as in simulations; only its delays differ.
func TestExpertIsDeterministic(t *testing.T) {
	record := func() string {
		s, _ := botGame(t, []string{"expert", "hard"}, game.Options{OptElves: "true", OptFinds: "true"}, 21)
		b, err := json.Marshal(s.Snapshot())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if a, b := record(), record(); a != b {
		t.Errorf("two games with seed 21 differ:\n%s\n%s", a, b)
	}
	g := New().(*Game)
	simBot, err := g.NewBot("expert", 5)
	if err != nil {
		t.Fatal(err)
	}
	tableBot, err := g.NewTimedBot("expert", 5, ai.Budget{Time: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s := newRound(t, 2, nil, 8)
	for i := range 12 {
		d1, err1 := simBot.Act(context.Background(), s, 0)
		d2, err2 := tableBot.Act(context.Background(), s, 0)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if d1.Wait != d2.Wait || d1.Action != d2.Action {
			t.Fatalf("decision %d: in sim %+v, at a table %+v; want the same action", i, d1, d2)
		}
		if d1.Wait {
			break
		}
		if err := game.Play(s, 0, d1.Action); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBotsDoNotReadHiddenCards gives every level two states that differ
// only in what no player can see, a treasure card dealt face down while
// the cards are dealt (the one secret of Out of Mine): the same seeded bot
// decides the same for every seat in both.
func TestBotsDoNotReadHiddenCards(t *testing.T) {
	s := cardsDealing(t)
	other := s.Clone().(*State)
	other.used[other.seats[0].Card] = false
	other.seats[0].Card = 30
	other.used[30] = true
	if err := other.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	for p := range s.n {
		if s.InfoKey(game.Player(p)) != other.InfoKey(game.Player(p)) {
			t.Fatalf("the states differ for seat %d", p+1)
		}
	}
	g := New().(*Game)
	for _, name := range g.BotNames() {
		for p := range s.n {
			b1, _ := g.NewBot(name, 5)
			b2, _ := g.NewBot(name, 5)
			d1, err1 := b1.Act(context.Background(), s, game.Player(p))
			d2, err2 := b2.Act(context.Background(), other, game.Player(p))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if d1 != d2 {
				t.Errorf("%s, seat %d: decided %+v and %+v in states that differ only in a face-down card", name, p+1, d1, d2)
			}
		}
	}
}

// TestLevelsAnswerWithinTheirThinkingTime asks every level, as a table
// makes it, for decisions along a four-player game with both advanced
// variants (the solver's heaviest objective): each answers within its
// 100 ms thinking time, with a generous margin for a loaded machine and
// the race detector (a bot that thinks on regardless would take far
// longer over these decisions).
func TestLevelsAnswerWithinTheirThinkingTime(t *testing.T) {
	const budget = 100 * time.Millisecond
	const margin = 2 * time.Second
	g := New().(*Game)
	for _, name := range g.BotNames() {
		s := newRound(t, 4, game.Options{OptElves: "true", OptFinds: "true"}, 6)
		bots := make([]ai.Bot, s.n)
		for p := range bots {
			b, err := ai.NewTableBot(g, name, uint64(p), budget)
			if err != nil {
				t.Fatal(err)
			}
			bots[p] = b
		}
		for step := 0; step < 40 && s.phase == PhaseRound; step++ {
			p := step % s.n
			start := time.Now()
			d, err := bots[p].Act(context.Background(), s, game.Player(p))
			if took := time.Since(start); took > budget+margin {
				t.Errorf("%s answered after %v; want within %v", name, took, budget)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !d.Wait {
				if err := game.Play(s, game.Player(p), d.Action); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
	}
}

// TestTableBotKeepsItsPace: at a table the bots are asked again whenever
// anyone acts; a bot asked again before its action is due answers the
// same action with the time left, not a new delay, so that it keeps a
// person's pace however busy the table.
func TestTableBotKeepsItsPace(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b := NewBot(Levels["hard"], 2)
	b.clock = func() time.Time { return now }
	s := newRound(t, 2, nil, 4)
	first, err := b.Act(context.Background(), s, 0)
	if err != nil || first.Wait {
		t.Fatalf("got %+v, %v; want an action", first, err)
	}
	now = now.Add(first.Delay / 2)
	again, err := b.Act(context.Background(), s, 0)
	if err != nil {
		t.Fatal(err)
	}
	if again.Action != first.Action || again.Delay != first.Delay-first.Delay/2 {
		t.Errorf("asked again halfway: got %s after %v; want %s after %v", s.ActionString(0, again.Action), again.Delay,
			s.ActionString(0, first.Action), first.Delay-first.Delay/2)
	}
	now = now.Add(time.Minute)
	late, _ := b.Act(context.Background(), s, 0)
	if late.Action != first.Action || late.Delay != 0 {
		t.Errorf("asked again after its due time: got %s after %v; want %s at once", s.ActionString(0, late.Action), late.Delay, s.ActionString(0, first.Action))
	}
}

// TestExpertIsOffered: expert is a level of NewBot and NewTimedBot, last
// (strongest) in BotNames; an unknown level is refused as not found.
func TestExpertIsOffered(t *testing.T) {
	g := New().(*Game)
	if names := g.BotNames(); !slices.Equal(names, []string{"random", "easy", "medium", "hard", "expert"}) {
		t.Errorf("BotNames() = %v; want random, easy, medium, hard, expert", names)
	}
	if _, err := g.NewTimedBot("grandmaster", 1, ai.Budget{}); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("NewTimedBot(grandmaster): %v; want not_found", err)
	}
	if _, err := g.NewBot("grandmaster", 1); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("NewBot(grandmaster): %v; want not_found", err)
	}
}

// BenchmarkExpertDecision measures the expert's decisions per second
// over the decisions of one round against hard (the round's plan, its
// choice between plan and cover, and each action), asked of a fresh bot
// each time round.
//
//	go test -run '^$' -bench ExpertDecision -cpu 1 ./games/outofmine
func BenchmarkExpertDecision(b *testing.B) {
	// The states at which the expert was asked, in order.
	var states []*State
	s := newRound(b, 2, nil, 3)
	hard := NewBot(Levels["hard"], 9)
	expert := NewBot(Levels["expert"], 9)
	for range 400 {
		states = append(states, s.Clone().(*State))
		d, err := expert.Act(context.Background(), s, 0)
		if err != nil {
			b.Fatal(err)
		}
		if !d.Wait {
			if err := game.Play(s, 0, d.Action); err != nil {
				b.Fatal(err)
			}
		}
		if s.phase != PhaseRound {
			break
		}
		if d, err := hard.Act(context.Background(), s, 1); err == nil && !d.Wait {
			if err := game.Play(s, 1, d.Action); err != nil {
				b.Fatal(err)
			}
		}
		if s.phase != PhaseRound {
			break
		}
	}
	n := 0
	for b.Loop() {
		bot := NewBot(Levels["expert"], 9)
		for _, st := range states {
			if _, err := bot.Act(context.Background(), st, 0); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "decisions/s")
}
