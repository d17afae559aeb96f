package sim

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// moves renders a record's actions as "ms/player/move".
func moves(rec *game.Record) []string {
	var out []string
	for _, a := range rec.Actions {
		out = append(out, fmt.Sprintf("%d/%s/%s", a.Ms, a.Player, a.Move))
	}
	return out
}

func play(t *testing.T, setup GameSetup) GameResult {
	t.Helper()
	res, err := PlayGame(context.Background(), setup)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestRealTimeSchedule(t *testing.T) {
	tests := []struct {
		name   string
		bots   []string
		want   string
		scores string
	}{
		// Seat 0 taps every second, seat 1 every 1.5 s; re-asked after each
		// tap, a bot that repeats its choice keeps its due time, so seat 1
		// still taps at 1.5, 3 and 4.5 s; at 3 s the lower seat goes first.
		{"OK paced", []string{"paced1000", "paced1500"},
			"1000/0/tap 1500/1/tap 2000/0/tap 3000/0/tap 3000/1/tap 4000/0/tap 4500/1/tap 5000/0/tap", "[5 3]"},
		// Generic bots take GenericDelay (1 s) per action in real time.
		{"OK generic bots paced", []string{"greedy", "greedy"},
			"1000/0/tap 1000/1/tap 2000/0/tap 2000/1/tap 3000/0/tap 3000/1/tap 4000/0/tap 4000/1/tap 5000/0/tap", "[5 4]"},
		// The 10 s clock fires after the seat due at the same moment.
		{"OK clock", []string{"paced5000", "wait"}, "5000/0/tap 10000/0/tap 10000/system/time", "[2 0]"},
		// Seat 1 is 4 s per tap: 4 and 8 s, then the clock at 10 s.
		{"OK clock ends", []string{"wait", "paced4000"}, "4000/1/tap 8000/1/tap 10000/system/time", "[0 2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := play(t, GameSetup{Game: withBots{tapper{}}, Players: 2, Seed: 3, Bots: tt.bots})
			if !res.OK() {
				t.Fatalf("error game: %s", res.Error)
			}
			if got := strings.Join(moves(res.Record), " "); got != tt.want {
				t.Fatalf("got %s; want %s", got, tt.want)
			}
			if got := fmt.Sprint(res.Scores); got != tt.scores {
				t.Fatalf("scores %s; want %s", got, tt.scores)
			}
			if _, err := game.Verify(testRegistry(), res.Record); err != nil {
				t.Fatalf("record does not replay: %v", err)
			}
		})
	}
}

func TestTimerOfSimultaneousGame(t *testing.T) {
	// Nobody bids: each round chance turns up a prize at once and the 30 s
	// timer bids for everyone.
	res := play(t, GameSetup{Game: withBots{gametest.Goofspiel()}, Players: 2, Seed: 9, Bots: []string{"wait", "wait"}})
	if !res.OK() {
		t.Fatalf("error game: %s", res.Error)
	}
	var times []string
	for _, a := range res.Record.Actions {
		times = append(times, fmt.Sprintf("%d/%s", a.Ms, a.Player))
	}
	want := "0/chance 30000/system 30000/chance 60000/system 60000/chance 90000/system 90000/chance 120000/system 120000/chance 150000/system"
	if got := strings.Join(times, " "); got != want {
		t.Fatalf("got %s; want %s", got, want)
	}
	if res.Ms != 150000 || res.Turns != 0 || res.Actions != 10 {
		t.Fatalf("ms %d, turns %d, actions %d; want 150000, 0, 10", res.Ms, res.Turns, res.Actions)
	}
}

func TestWaitingSeatDoesNotStopTheTimer(t *testing.T) {
	// Seat 1 bids at once; seat 0 keeps waiting (asked again every 10 s and
	// after every action), so the 30 s timer bids for it.
	res := play(t, GameSetup{Game: withBots{gametest.Goofspiel()}, Players: 2, Options: game.Options{"cards": "3"}, Seed: 2, Bots: []string{"wait", "random"}})
	if !res.OK() {
		t.Fatalf("error game: %s", res.Error)
	}
	var got []string
	for _, a := range res.Record.Actions {
		got = append(got, fmt.Sprintf("%d/%s", a.Ms, a.Player))
	}
	want := "0/chance 0/1 30000/system 30000/chance 30000/1 60000/system 60000/chance 60000/1 90000/system"
	if strings.Join(got, " ") != want {
		t.Fatalf("got %s; want %s", strings.Join(got, " "), want)
	}
}

// countingBot counts how often it is asked.
type countingBot struct {
	ai.Bot
	asked *int
}

func (b countingBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	*b.asked++
	return b.Bot.Act(ctx, s, p)
}

func TestWhoIsAskedAgain(t *testing.T) {
	t.Run("OK simultaneous bids stand", func(t *testing.T) {
		// Without a timer, each seat is asked once per round of 5 cards.
		var asked [3]int
		bots := []ai.Bot{countingBot{ai.NewRandom(1), &asked[0]}, countingBot{ai.NewRandom(2), &asked[1]}, countingBot{ai.NewRandom(3), &asked[2]}}
		res, err := Play(context.Background(), GameSetup{Game: gametest.Goofspiel(), Players: 3, Options: game.Options{"timer": "0"}, Seed: 4, Bots: []string{"a", "b", "c"}}, bots)
		if err != nil || !res.OK() {
			t.Fatalf("got %v %q", err, res.Error)
		}
		if asked != [3]int{5, 5, 5} {
			t.Fatalf("asked %v; want [5 5 5]", asked)
		}
	})
	t.Run("OK real time asks again", func(t *testing.T) {
		// 8 taps; seat 0 is asked at the start and after each of the 8
		// taps but its last winning one: 8 times; seat 1 likewise: 8 times.
		var asked [2]int
		bots := []ai.Bot{countingBot{pacedBot{1000e6}, &asked[0]}, countingBot{pacedBot{1500e6}, &asked[1]}}
		res, err := Play(context.Background(), GameSetup{Game: tapper{}, Players: 2, Seed: 4, Bots: []string{"a", "b"}}, bots)
		if err != nil || !res.OK() {
			t.Fatalf("got %v %q", err, res.Error)
		}
		if asked != [2]int{8, 8} {
			t.Fatalf("asked %v; want [8 8]", asked)
		}
	})
}

func TestRecordsReplay(t *testing.T) {
	reg := testRegistry()
	tests := []GameSetup{
		{Game: gametest.ConnectFour(), Players: 2, Bots: []string{"random", "mcts:easy"}},
		{Game: gametest.ConnectFour(), Players: 2, Bots: []string{"greedy", "greedy"}},
		{Game: gametest.Goofspiel(), Players: 4, Bots: []string{"ismcts:10", "random", "greedy", "mcts:10"}},
		{Game: gametest.HighCard(), Players: 2, Bots: []string{"easy", "greedy"}},
		{Game: tapper{}, Players: 2, Options: game.Options{"clock": "0"}, Bots: []string{"random", "random"}},
	}
	for i, setup := range tests {
		setup.Seed = uint64(100 + i)
		t.Run(fmt.Sprintf("%s %s", setup.Game.Spec().ID, strings.Join(setup.Bots, ",")), func(t *testing.T) {
			res := play(t, setup)
			if !res.OK() {
				t.Fatalf("error game: %s", res.Error)
			}
			s, err := game.Verify(reg, res.Record)
			if err != nil {
				t.Fatalf("record does not replay: %v", err)
			}
			if got := s.Scores(nil); fmt.Sprint(got) != fmt.Sprint(res.Scores) {
				t.Fatalf("replayed scores %v; want %v", got, res.Scores)
			}
			if res.Actions != len(res.Record.Actions) || res.Turns == 0 {
				t.Fatalf("actions %d, turns %d; want %d actions and some turns", res.Actions, res.Turns, len(res.Record.Actions))
			}
		})
	}
}

func TestErrorGames(t *testing.T) {
	tests := []struct {
		bot  string
		want string
	}{
		{"illegal", `seat 1 (bot illegal) chose`},
		{"failing", "seat 1 (bot failing) failed after 0 actions: out of ideas"},
		{"panicking", "panic: the bot fell over"},
	}
	for _, tt := range tests {
		t.Run(tt.bot, func(t *testing.T) {
			res := play(t, GameSetup{Game: withBots{gametest.ConnectFour()}, Players: 2, Seed: 1, Bots: []string{tt.bot, "random"}})
			if res.OK() || !strings.Contains(res.Error, tt.want) || res.Scores != nil {
				t.Fatalf("error %q, scores %v; want an error game saying %q", res.Error, res.Scores, tt.want)
			}
		})
	}
	t.Run("action limit", func(t *testing.T) {
		res := play(t, GameSetup{Game: gametest.ConnectFour(), Players: 2, Seed: 1, Bots: []string{"random", "random"}, MaxActions: 3})
		if want := "the game did not end within 3 actions"; res.Error != want || res.Actions != 3 {
			t.Fatalf("error %q after %d actions; want %q after 3", res.Error, res.Actions, want)
		}
	})
	t.Run("bad setup", func(t *testing.T) {
		res := play(t, GameSetup{Game: gametest.ConnectFour(), Players: 2, Seed: 1, Bots: []string{"random"}})
		if res.Error != "1 bots for 2 seats" {
			t.Fatalf("error %q; want %q", res.Error, "1 bots for 2 seats")
		}
	})
}

func TestPlayGameStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PlayGame(ctx, GameSetup{Game: gametest.ConnectFour(), Players: 2, Bots: []string{"random", "random"}}); err != context.Canceled {
		t.Fatalf("got %v; want context.Canceled", err)
	}
}

// watchingBot records what a driver tells a watching bot and plays the
// first legal action.
type watchingBot struct {
	start  ai.GameStart
	starts int
	moves  []ai.MoveSeen
	end    *ai.GameEnd
}

func (b *watchingBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	return ai.Decision{Action: s.Legal(p, nil)[0]}, nil
}
func (b *watchingBot) Start(ctx context.Context, g ai.GameStart) error {
	b.start = g
	b.starts++
	return nil
}
func (b *watchingBot) Update(ctx context.Context, m ai.MoveSeen) error {
	b.moves = append(b.moves, m)
	return nil
}
func (b *watchingBot) End(ctx context.Context, e ai.GameEnd) error {
	b.end = &e
	return nil
}

func TestPlayTellsWatchers(t *testing.T) {
	// Goofspiel: chance turns up the prize, then every seat bids in
	// secret; a bid is named only to its bidder, chance's card to all.
	w0, w1 := &watchingBot{}, &watchingBot{}
	setup := GameSetup{Game: gametest.Goofspiel(), Players: 3, Options: game.Options{"cards": "3", "timer": "0"}, Seed: 8, Bots: []string{"w0", "w1", "random"}}
	res, err := Play(context.Background(), setup, []ai.Bot{w0, w1, ai.NewRandom(1)})
	if err != nil || !res.OK() {
		t.Fatalf("got %v %q; want a whole game", err, res.Error)
	}
	for i, w := range []*watchingBot{w0, w1} {
		st := w.start
		if w.starts != 1 || st.Game != "goofspiel" || st.Players != 3 || st.Seat != game.Player(i) || st.Options["cards"] != "3" ||
			st.Seed == nil || *st.Seed != BotSeed(8, i) || len(st.Names) != 3 || st.Names[2] != "random" {
			t.Errorf("watcher %d started %d times with %+v; want once, with the game, seat, options, names and its seed", i, w.starts, st)
		}
		if len(w.moves) != len(res.Record.Actions) {
			t.Fatalf("watcher %d was told %d moves; want all %d", i, len(w.moves), len(res.Record.Actions))
		}
		for n, m := range w.moves {
			a := res.Record.Actions[n]
			if m.N != int64(n+1) || m.Player != a.Player || m.Ms != a.Ms {
				t.Fatalf("watcher %d, move %d: got %+v; want action %d by %s", i, n, m, n+1, a.Player)
			}
			mine := a.Player == game.Player(i)
			if mine && m.Move != a.Move {
				t.Errorf("watcher %d, move %d: its own move named %q; want %q", i, n+1, m.Move, a.Move)
			}
			if a.Player.Seated() && !mine && m.Move != "" {
				t.Errorf("watcher %d, move %d: seat %d's secret bid named %q; want it hidden", i, n+1, a.Player+1, m.Move)
			}
			if a.Player == game.Chance && m.Move != a.Move {
				t.Errorf("watcher %d, move %d: chance's public card named %q; want %q", i, n+1, m.Move, a.Move)
			}
		}
		if w.end == nil || w.end.Result == nil || w.end.Error != "" || w.end.N != int64(res.Actions) {
			t.Errorf("watcher %d ended with %+v; want the result after %d actions", i, w.end, res.Actions)
		}
	}
	t.Run("OK an error game ends with its error", func(t *testing.T) {
		w := &watchingBot{}
		res, _ := Play(context.Background(), GameSetup{Game: gametest.ConnectFour(), Players: 2, Seed: 1, MaxActions: 4}, []ai.Bot{w, ai.NewRandom(2)})
		if res.OK() || w.end == nil || w.end.Result != nil || w.end.Error != res.Error || w.end.N != 4 {
			t.Fatalf("ended with %+v for error %q; want the error after 4 actions", w.end, res.Error)
		}
	})
}

func TestPlayWithBotsOfOnesOwn(t *testing.T) {
	// No names: messages name the seat, counted from 1.
	res, err := Play(context.Background(), GameSetup{Game: tapper{}, Players: 2, Seed: 3}, []ai.Bot{pacedBot{time.Second}, illegalBot{}})
	if err != nil || !strings.HasPrefix(res.Error, `seat 2 chose "tap" after 0 actions: action 101 is outside 0 to 1`) {
		t.Fatalf("got %v %q; want seat 2's illegal choice", err, res.Error)
	}
	res, err = Play(context.Background(), GameSetup{Game: tapper{}, Players: 2, Options: game.Options{"clock": "0"}, Seed: 3}, []ai.Bot{pacedBot{time.Second}, pacedBot{1500 * time.Millisecond}})
	if err != nil || !res.OK() || fmt.Sprint(res.Scores) != "[5 3]" || res.Ms != 5000 {
		t.Fatalf("got %v %q, scores %v at %d ms; want [5 3] at 5000 ms on the virtual clock", err, res.Error, res.Scores, res.Ms)
	}
	if res, err := Play(context.Background(), GameSetup{Game: tapper{}, Players: 2}, []ai.Bot{pacedBot{}}); err != nil || res.Error != "1 bots for 2 seats" {
		t.Fatalf("got %v, error game %q; want 1 bots for 2 seats", err, res.Error)
	}
}
