package ai

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"minehall/ai/agenttest"
	"minehall/game"
	"minehall/game/gametest"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"python3 agent.py", []string{"python3", "agent.py"}, ""},
		{"  a\t b\n c ", []string{"a", "b", "c"}, ""},
		{`prog 'two words' "and \"more\"" back\ slash`, []string{"prog", "two words", `and "more"`, "back slash"}, ""},
		{`prog '' "" x`, []string{"prog", "", "", "x"}, ""},
		{`prog "a\nb" 'c\d'`, []string{"prog", `a\nb`, `c\d`}, ""},
		{`prog a"b c"d`, []string{"prog", "ab cd"}, ""},
		{`prog --w=1,2`, []string{"prog", "--w=1,2"}, ""},
		{"", nil, "the command is empty"},
		{"   ", nil, "the command is empty"},
		{"prog 'open", nil, "unterminated single quote"},
		{`prog "open`, nil, "unterminated double quote"},
		{`prog \`, nil, "ends with a backslash"},
	}
	for _, tt := range tests {
		got, err := SplitCommand(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("SplitCommand(%q) = %q, %v; want an error saying %q", tt.in, got, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestParseAnswerAndPick(t *testing.T) {
	legal := []LegalMove{{3, "a"}, {7, "bid 7"}, {12, "12"}, {20, "x"}}
	ms := func(n int) *time.Duration { d := time.Duration(n) * time.Millisecond; return &d }
	tests := []struct {
		line  string
		pick  int // index in legal, -1 for a wait
		delay *time.Duration
		err   string
	}{
		{"a", 0, nil, ""},
		{"  bid 7 \r", 1, nil, ""},
		{"7", 1, nil, ""},  // a number: the listed action 7
		{"12", 2, nil, ""}, // the notation "12" comes before the number 12
		{"20", 3, nil, ""},
		{`{"move": "x", "delay_ms": 1500}`, 3, ms(1500), ""},
		{`{"action": 3}`, 0, nil, ""},
		{`{"wait": true, "delay_ms": 250}`, -1, ms(250), ""},
		{"", 0, nil, "empty line"},
		{"b", 0, nil, `"b" is neither the notation nor the number of a legal move (legal: "a" = 3, "bid 7" = 7, "12" = 12, "x" = 20)`},
		{"4", 0, nil, `"4" is neither the notation nor the number of a legal move`},
		{`{"move": "7"}`, 0, nil, `"7" is not the notation of a legal move`},
		{`{"action": 4}`, 0, nil, "4 is not the number of a legal move"},
		{`{"move": "a", "action": 3}`, 0, nil, "exactly one of move, action and wait"},
		{`{}`, 0, nil, "exactly one of move, action and wait"},
		{`{"mvoe": "a"}`, 0, nil, `unknown field "mvoe"`},
		{`{"move": "a"} x`, 0, nil, "more after its JSON object"},
		{`{"move": "a", "delay_ms": -1}`, 0, nil, "delay_ms -1 is outside 0 to 86400000"},
		{`{"move": `, 0, nil, "not a JSON object"},
	}
	for _, tt := range tests {
		a, err := ParseAnswer(tt.line)
		i := -1
		if err == nil && !a.Wait {
			i, err = a.Pick(legal)
		}
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("answer %q: got index %d, error %v; want an error saying %q", tt.line, i, err, tt.err)
			}
			continue
		}
		if err != nil || i != tt.pick || (a.Delay == nil) != (tt.delay == nil) || (a.Delay != nil && *a.Delay != *tt.delay) {
			t.Errorf("answer %q: got index %d, delay %v, error %v; want index %d, delay %v", tt.line, i, a.Delay, err, tt.pick, tt.delay)
		}
	}
}

// watchMatch plays one game between bots like a whole-game driver: chance
// sampled at once, every Watcher told the start, each move (hidden ones
// without notation) and the end. It returns the final state or the first
// bot error.
func watchMatch(t *testing.T, g game.Game, players int, opts game.Options, bots []Bot, seed uint64) (game.State, error) {
	t.Helper()
	ctx := context.Background()
	s, resolved, err := game.Start(g, players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	for p, b := range bots {
		if w, ok := b.(Watcher); ok {
			if err := w.Start(ctx, GameStart{Game: g.Spec().ID, Turns: g.Spec().Turns, Options: resolved, Players: players, Seat: game.Player(p), Seed: &seed}); err != nil {
				return s, err
			}
		}
	}
	rng := game.NewRand(seed)
	hidden := g.Spec().Information == game.ImperfectInformation
	var n int64
	for !s.Terminal() {
		actors := s.Actors(nil)
		p := actors[0]
		var a game.Action
		switch p {
		case game.Chance:
			a = gametest.SampleChance(s.(game.ChanceState), &rng)
		case game.System:
			a = s.Legal(p, nil)[0]
		default:
			d, err := bots[p].Act(ctx, s, p)
			if err != nil {
				return s, err
			}
			a = d.Action
		}
		move := s.ActionString(p, a)
		public := !hidden
		if pm, ok := s.(game.PublicMover); ok && hidden {
			public = pm.MoveIsPublic(p, a)
		}
		if err := game.Play(s, p, a); err != nil {
			t.Fatalf("seat %s chose %s: %v", p, move, err)
		}
		n++
		for q, b := range bots {
			if w, ok := b.(Watcher); ok {
				m := MoveSeen{N: n, Player: p}
				if public || p == game.Player(q) {
					m.Move = move
				}
				if err := w.Update(ctx, m); err != nil {
					return s, err
				}
			}
		}
	}
	for _, b := range bots {
		if w, ok := b.(Watcher); ok {
			if err := w.End(ctx, GameEnd{N: n, Result: game.ResultOf(s)}); err != nil {
				return s, err
			}
		}
	}
	return s, nil
}

// gone reports whether the process pid no longer exists (it was reaped).
func gone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

func TestExternal(t *testing.T) {
	bin := agenttest.Build(t)
	ext := func(timeout time.Duration, args ...string) *External {
		return NewExternal("test", AgentConfig{Command: append([]string{bin}, args...), Name: "test agent", Timeout: timeout})
	}
	t.Run("OK plays whole games", func(t *testing.T) {
		// The agent checks every line: a start first, updates numbered one
		// after another, act requests at the current action, an end last;
		// it exits with status 2 on anything else, which fails the game.
		for _, tc := range []struct {
			g       game.Game
			players int
			opts    game.Options
			args    []string
		}{
			{gametest.ConnectFour(), 2, nil, nil},
			{gametest.ConnectFour(), 2, nil, []string{"-answer", "number"}},
			{gametest.Goofspiel(), 3, game.Options{"timer": "0"}, []string{"-answer", "json", "-delay-ms", "700", "-turns", "simultaneous"}},
			{gametest.HighCard(), 2, nil, nil},
		} {
			t.Run(fmt.Sprintf("%s %v", tc.g.Spec().ID, tc.args), func(t *testing.T) {
				var bots []Bot
				for range tc.players {
					bots = append(bots, ext(10*time.Second, tc.args...))
				}
				s, err := watchMatch(t, tc.g, tc.players, tc.opts, bots, 5)
				if err != nil {
					t.Fatalf("got %v; want a whole game", err)
				}
				if !s.Terminal() {
					t.Fatalf("the game did not end")
				}
				for _, b := range bots {
					pid := b.(*External).agent.Pid()
					if err := b.(*External).Close(); err != nil {
						t.Fatalf("Close: %v", err)
					}
					if !gone(pid) {
						t.Errorf("agent process %d is still there after Close", pid)
					}
				}
			})
		}
	})
	t.Run("OK delay is the time taken or delay_ms", func(t *testing.T) {
		s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
		b := ext(10*time.Second, "-answer", "json", "-delay-ms", "1234")
		defer b.Close()
		d, err := b.Act(context.Background(), s, 0)
		if err != nil || d.Delay != 1234*time.Millisecond || d.Wait {
			t.Fatalf("got %+v, %v; want a move with delay 1.234s", d, err)
		}
		plain := ext(10 * time.Second)
		defer plain.Close()
		if d, err := plain.Act(context.Background(), s, 0); err != nil || d.Delay <= 0 || d.Delay > 10*time.Second {
			t.Fatalf("got %+v, %v; want a move with the time the agent took", d, err)
		}
	})
	t.Run("OK wait", func(t *testing.T) {
		s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
		b := ext(10*time.Second, "-mode", "waitfirst")
		defer b.Close()
		d, err := b.Act(context.Background(), s, 0)
		if err != nil || !d.Wait || d.Delay != 250*time.Millisecond {
			t.Fatalf("got %+v, %v; want a wait of 250ms", d, err)
		}
		if d, err = b.Act(context.Background(), s, 0); err != nil || d.Wait {
			t.Fatalf("second ask: got %+v, %v; want a move", d, err)
		}
	})
	errTests := []struct {
		name    string
		bot     func() *External
		want    string
		maxTime time.Duration
	}{
		{"ErrGarbage", func() *External { return ext(10*time.Second, "-mode", "garbage") },
			`agent "test agent" answered the act request after 0 actions with "I would rather not": "I would rather not" is neither the notation nor the number of a legal move (legal: "a" = 0`, 5 * time.Second},
		{"ErrTooSlow", func() *External {
			return ext(300*time.Millisecond, "-mode", "sleep").SetStartup(300 * time.Millisecond)
		},
			`agent "test agent" did not answer the act request after 0 actions within 300ms (it was stopped)`, 5 * time.Second},
		{"ErrExits", func() *External { return ext(10*time.Second, "-mode", "exit") },
			`agent "test agent" exited (exit status 3) before answering the act request after 0 actions; the end of its standard error: "giving up"`, 5 * time.Second},
		{"ErrNoProgram", func() *External {
			return NewExternal("test", AgentConfig{Command: []string{"/nonexistent/agent"}, Name: "lost agent"})
		}, `agent "lost agent" could not start: fork/exec /nonexistent/agent: no such file or directory`, time.Second},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
			b := tt.bot()
			start := time.Now()
			_, err := b.Act(context.Background(), s, 0)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error saying %s", err, tt.want)
			}
			if el := time.Since(start); el > tt.maxTime {
				t.Errorf("took %s; want at most %s", el, tt.maxTime)
			}
			// The agent is not asked again: the same error at once.
			if _, err2 := b.Act(context.Background(), s, 0); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("second ask: got %v; want the first error again", err2)
			}
			var pid int
			if b.agent != nil {
				pid = b.agent.Pid()
			}
			start = time.Now()
			b.Close()
			if el := time.Since(start); el > 3*time.Second {
				t.Errorf("Close took %s; want at most 3s", el)
			}
			if pid != 0 && !gone(pid) {
				t.Errorf("agent process %d is still there after Close", pid)
			}
		})
	}
	t.Run("ErrTooSlow kills what the agent started", func(t *testing.T) {
		var stderr bytes.Buffer
		b := NewExternal("test", AgentConfig{Command: []string{bin, "-mode", "spawn"}, Timeout: 500 * time.Millisecond, Stderr: &stderr}).SetStartup(500 * time.Millisecond)
		s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
		if _, err := b.Act(context.Background(), s, 0); err == nil || !strings.Contains(err.Error(), "did not answer") {
			t.Fatalf("got %v; want no answer", err)
		}
		b.Close()
		m := regexp.MustCompile(`child (\d+)`).FindStringSubmatch(stderr.String())
		if m == nil {
			t.Fatalf("the agent did not say its child's pid: %q", stderr.String())
		}
		child, _ := strconv.Atoi(m[1])
		// The child is not ours to reap: it was killed and init reaps it.
		deadline := time.Now().Add(5 * time.Second)
		for !gone(child) && time.Now().Before(deadline) {
			if st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child)); err == nil && strings.Contains(string(st), ") Z ") {
				break // killed, waiting for init
			}
			time.Sleep(20 * time.Millisecond)
		}
		if !gone(child) {
			if st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child)); err != nil || !strings.Contains(string(st), ") Z ") {
				t.Errorf("the agent's child %d still runs after Close", child)
			}
		}
	})
	t.Run("OK context ends the wait", func(t *testing.T) {
		s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
		b := ext(time.Minute, "-mode", "sleep")
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		if _, err := b.Act(ctx, s, 0); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v; want the context's error", err)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("took %s; want about 200ms", el)
		}
		pid := b.agent.Pid()
		b.Close()
		if !gone(pid) {
			t.Errorf("agent process %d is still there after Close", pid)
		}
	})
}
