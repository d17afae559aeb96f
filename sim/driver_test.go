package sim

import (
	"context"
	"fmt"
	"strings"
	"testing"

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
		res, err := playGame(context.Background(), GameSetup{Game: gametest.Goofspiel(), Players: 3, Options: game.Options{"timer": "0"}, Seed: 4, Bots: []string{"a", "b", "c"}}, bots)
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
		res, err := playGame(context.Background(), GameSetup{Game: tapper{}, Players: 2, Seed: 4, Bots: []string{"a", "b"}}, bots)
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
		{"illegal", `seat 0 (bot illegal) chose`},
		{"failing", "seat 0 (bot failing) failed after 0 actions: out of ideas"},
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
