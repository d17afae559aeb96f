package outofmine

import (
	"context"
	"slices"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
)

// botGame plays a game between the named bots on a virtual clock: chance
// deals at once, drawn by its probabilities with a generator seeded from
// seed, before the clock of a round starts; each seat's action is due
// Delay after the bot was asked; a due action that is no longer legal is
// dropped and the bot asked again; the round clock ends a round when it
// runs out. It fails the test on any illegal action.
func botGame(t testing.TB, names []string, opts game.Options, seed uint64) (*State, int) {
	t.Helper()
	g := New()
	s0, _, err := game.Start(g, len(names), opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	bots := make([]ai.Bot, len(names))
	for i, n := range names {
		if bots[i], err = g.(ai.BotMaker).NewBot(n, seed+uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	type pending struct {
		at   time.Duration
		dec  ai.Decision
		have bool
	}
	var now, phaseStart time.Duration
	phase := int64(-1)
	queue := make([]pending, len(names))
	calls := 0
	chance := game.NewRand(seed ^ 0x5eed)
	for steps := 0; !s.Terminal(); steps++ {
		if steps > 200000 {
			t.Fatalf("game not over after %d steps", steps)
		}
		if slices.Contains(s.Actors(nil), game.Chance) {
			a := game.PickOutcome(s.ChanceOutcomes(nil), chance.Float64())
			if err := game.Play(s, game.Chance, a); err != nil {
				t.Fatalf("chance's %s: %v", s.ActionString(game.Chance, a), err)
			}
			queue = make([]pending, len(names))
			continue
		}
		if ph, _, _ := s.Timer(); ph != phase {
			phase, phaseStart = ph, now
		}
		for p := range names {
			if queue[p].have || !slices.Contains(s.Actors(nil), game.Player(p)) {
				continue
			}
			d, err := bots[p].Act(context.Background(), s, game.Player(p))
			if err != nil {
				t.Fatalf("bot %s (seat %d): %v", names[p], p, err)
			}
			queue[p] = pending{at: now + d.Delay, dec: d, have: true}
		}
		best := -1
		for p := range queue {
			if queue[p].have && (best < 0 || queue[p].at < queue[best].at) {
				best = p
			}
		}
		if acts := s.Actors(nil); len(acts) == 1 && acts[0] == game.System {
			// Every player has stopped: the round ends now.
			if err := game.Play(s, game.System, s.Legal(game.System, nil)[0]); err != nil {
				t.Fatalf("the end of a round every player stopped: %v", err)
			}
			queue = make([]pending, len(names))
			continue
		}
		if _, d, ok := s.Timer(); ok && (best < 0 || phaseStart+d <= queue[best].at) {
			now = phaseStart + d
			if err := game.Play(s, game.System, game.Action(actTimeUp)); err != nil {
				t.Fatalf("time up: %v", err)
			}
			queue = make([]pending, len(names))
			continue
		}
		if best < 0 {
			t.Fatalf("nobody can act and no clock runs")
		}
		q := queue[best]
		queue[best].have = false
		now = q.at
		if q.dec.Wait {
			continue
		}
		if !s.mayTake(game.Player(best), q.dec.Action) {
			continue // overtaken by another player: ask again
		}
		if q.dec.Action == game.Action(actCall) {
			calls++
		}
		if err := game.Play(s, game.Player(best), q.dec.Action); err != nil {
			t.Fatalf("bot %s played %q: %v", names[best], s.ActionString(game.Player(best), q.dec.Action), err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		if s.phase != PhaseRound {
			queue = make([]pending, len(names))
		}
	}
	return s, calls
}

func TestBotsPlayLegalGames(t *testing.T) {
	tests := []struct {
		names []string
		opts  game.Options
	}{
		{[]string{"hard", "easy"}, nil},
		{[]string{"medium", "hard", "easy"}, game.Options{OptElves: "true", OptFinds: "true"}},
		{[]string{"hard", "hard", "medium", "easy"}, game.Options{OptAssist: "true"}},
		{[]string{"random", "hard"}, game.Options{OptClock: "60"}},
	}
	for _, tt := range tests {
		s, calls := botGame(t, tt.names, tt.opts, 5)
		sc := s.Scores(nil)
		t.Logf("%v: scores %v, %d calls", tt.names, sc, calls)
		if calls == 0 {
			t.Errorf("%v: got no OUT OF MINE! call in 7 rounds; want the hard bot to call", tt.names)
		}
	}
}

func TestHardBeatsEasy(t *testing.T) {
	hard, easy := 0.0, 0.0
	for seed := range uint64(3) {
		s, _ := botGame(t, []string{"hard", "easy"}, nil, 100+seed)
		sc := s.Scores(nil)
		hard += sc[0]
		easy += sc[1]
	}
	if hard <= easy {
		t.Errorf("got hard %v points, easy %v over 3 games; want hard ahead", hard, easy)
	}
}

func TestBotWaitsWhenChosen(t *testing.T) {
	s0, _ := New().New(game.Config{Players: 2, Options: game.Options{OptClock: "180"}, Seed: 1})
	s := s0.(*State)
	settle(t, s, 1)
	if err := game.Play(s, 0, s.Legal(0, nil)[0]); err != nil {
		t.Fatal(err)
	}
	d, err := NewBot(Levels["hard"], 1).Act(context.Background(), s, 0)
	if err != nil || !d.Wait {
		t.Errorf("got %+v, %v; want Wait for a player who already chose", d, err)
	}
}

// TestBotWaitsWhileChanceDeals: while chance deals the boards or the cards
// no seat may act, and a bot asked anyway waits.
func TestBotWaitsWhileChanceDeals(t *testing.T) {
	s0, _ := New().New(game.Config{Players: 2, Seed: 1})
	s := s0.(*State)
	for _, lv := range []string{"easy", "hard"} {
		d, err := NewBot(Levels[lv], 1).Act(context.Background(), s, 1)
		if err != nil || !d.Wait {
			t.Errorf("%s bot while the boards are dealt: got %+v, %v; want Wait", lv, d, err)
		}
	}
}

// BenchmarkBotGame plays a whole 4-player game between bots on the virtual
// clock.
//
//	go test -run '^$' -bench BotGame -cpu 1 ./games/outofmine
func BenchmarkBotGame(b *testing.B) {
	seed := uint64(0)
	for b.Loop() {
		seed++
		botGame(b, []string{"hard", "medium", "easy", "hard"}, game.Options{OptElves: "true", OptFinds: "true"}, seed)
	}
}

// TestBotReplansWhenShapeRunsOut: the hard bot wants a white pentomino
// (one of each in the box); another player takes it first; the bot plans
// again without it and goes on taking tiles it can get.
func TestBotReplansWhenShapeRunsOut(t *testing.T) {
	for seed := uint64(1); seed < 100; seed++ {
		s := newRound(t, 2, nil, seed)
		bot := NewBot(Levels["hard"], seed)
		d, err := bot.Act(context.Background(), s, 0)
		if err != nil || d.Wait {
			t.Fatalf("seed %d: got %+v, %v; want an action", seed, d, err)
		}
		k := int(d.Action) - actTake
		if k < 0 || k >= numKinds || s.pack.Shapes[k/int(NumElements)].Color != White {
			continue
		}
		play(t, s, 1, "take "+kindName(s.pack, k))
		d, err = bot.Act(context.Background(), s, 0)
		if err != nil || d.Wait {
			t.Fatalf("seed %d: after losing %s got %+v, %v; want an action", seed, kindName(s.pack, k), d, err)
		}
		if err := game.Check(s, 0, d.Action); err != nil {
			t.Fatalf("seed %d: bot chose %q: %v", seed, s.ActionString(0, d.Action), err)
		}
		for _, e := range bot.plan {
			if e.shape == k/int(NumElements) {
				t.Errorf("seed %d: the new plan still uses %s, which the supply no longer has", seed, kindName(s.pack, k))
			}
		}
		return
	}
	t.Fatal("no seed made the hard bot start with a white pentomino")
}

// TestRandomBaselinePlays: the ladder's baseline lays tiles where they
// fit, so it scores (a round is worth 10 − empty spaces with at most 10
// empty, the rulebook's scoring), but plans nothing, so easy, which fills
// the gallery greedily, scores more.
func TestRandomBaselinePlays(t *testing.T) {
	random, easy, scoring := 0.0, 0.0, 0
	for seed := range uint64(4) {
		s, _ := botGame(t, []string{"random", "easy"}, nil, 200+seed)
		sc := s.Scores(nil)
		random += sc[0]
		easy += sc[1]
		if sc[0] > 0 {
			scoring++
		}
	}
	t.Logf("over 4 games: random %v points, easy %v", random, easy)
	if scoring < 3 {
		t.Errorf("the random bot scored in %d of 4 games; want at least 3", scoring)
	}
	if easy <= random {
		t.Errorf("got easy %v points, random %v over 4 games; want easy ahead", easy, random)
	}
}
