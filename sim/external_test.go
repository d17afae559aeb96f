package sim_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minehall/ai/agenttest"
	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
	"minehall/sim"
)

// children lists the processes this test process started that are not
// reaped yet (running or zombies), from /proc.
func children(t *testing.T) []string {
	t.Helper()
	tasks, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil {
		t.Fatal(err)
	}
	var pids []string
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the thread ended meanwhile
		}
		pids = append(pids, strings.Fields(string(b))...)
	}
	return pids
}

// TestExternalAgentPlaysEveryGame plays each of the four games through
// sim with the test agent in every seat: a Go program that reads the line
// protocol, checks every line (it exits with status 2 on anything out of
// order, which would make an error game) and plays random legal moves.
// Out of Mine is played in real time: the agent gives its pace as
// delay_ms, one second a move, on the virtual clock.
func TestExternalAgentPlaysEveryGame(t *testing.T) {
	bin := agenttest.Build(t)
	tests := []struct {
		g       game.Game
		players int
		opts    game.Options
		bots    []string
		games   int
	}{
		{minerals.New(), 3, nil, []string{"ext:" + bin + " -turns sequential", "ext:" + bin + " -answer number", "random"}, 3},
		{tf22.New(), 2, game.Options{"round_limit": "8"}, []string{"ext:" + bin}, 2},
		{hammertime.New(), 2, game.Options{"wagons": "1"}, []string{"ext:" + bin, "easy"}, 2},
		{outofmine.New(), 2, game.Options{"clock": "60"}, []string{"ext:" + bin + " -answer json -delay-ms 1000 -turns realtime", "easy"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.g.Spec().ID, func(t *testing.T) {
			sum, results, err := sim.Run(context.Background(), sim.Config{Game: tt.g, Players: tt.players, Options: tt.opts, Bots: tt.bots,
				Games: tt.games, Seed: 3, Workers: 1, AgentTimeout: 20 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if err := sum.Failed(); err != nil {
				t.Fatalf("got %v; want every game played to its end", err)
			}
			var reg game.Registry
			reg.Register(tt.g)
			agentMoves := 0
			for _, r := range results {
				if _, err := game.Verify(&reg, r.Record); err != nil {
					t.Fatalf("game %d does not replay: %v", r.Index, err)
				}
				for _, a := range r.Record.Actions {
					if a.Player.Seated() && strings.HasPrefix(r.Bots[a.Player], "ext:") {
						agentMoves++
					}
				}
			}
			if agentMoves == 0 {
				t.Fatalf("the agents made no move")
			}
			if tt.g.Spec().Turns == game.RealTime {
				// One move a second of virtual time, as the agent said: the
				// seven rounds of a minute each run on the round clock.
				if s := sum.VirtualSeconds.Mean; s < 7*60 || s > 7*60+60 {
					t.Errorf("virtual time %.0f s; want seven one-minute rounds", s)
				}
				for _, r := range results {
					// Seats rotate between games: check the agent's seat.
					last := map[game.Player]int64{}
					for _, a := range r.Record.Actions {
						if a.Player.Seated() && strings.HasPrefix(r.Bots[a.Player], "ext:") {
							if prev, ok := last[a.Player]; ok && a.Ms-prev < 1000 && a.Ms != prev {
								t.Fatalf("game %d: the agent moved at %d ms and %d ms; want its pace of 1 s", r.Index, prev, a.Ms)
							}
							last[a.Player] = a.Ms
						}
					}
				}
			}
			if pids := children(t); len(pids) > 0 {
				t.Errorf("processes %v are left after the run; want every agent reaped", pids)
			}
		})
	}
}

// TestBadAgentsAreErrorGames: an agent that answers garbage, one that
// sleeps and one that exits each make error games that say which seat,
// which agent and which request, without hanging, and leave no process.
func TestBadAgentsAreErrorGames(t *testing.T) {
	bin := agenttest.Build(t)
	tests := []struct {
		name string
		bot  string
		want string
	}{
		{"ErrGarbage", "ext:" + bin + " -mode garbage",
			`seat 1 (bot ext:` + bin + ` -mode garbage) failed after 0 actions: agent "` + bin + ` -mode garbage" answered the act request after 0 actions with "I would rather not": "I would rather not" is neither the notation nor the number of a legal move`},
		{"ErrSleeps", "ext:" + bin + " -mode sleep",
			`seat 1 (bot ext:` + bin + ` -mode sleep) failed after 0 actions: agent "` + bin + ` -mode sleep" did not answer the act request after 0 actions within 300ms (it was stopped)`},
		{"ErrExits", "ext:" + bin + " -mode exit",
			`agent "` + bin + ` -mode exit" exited (exit status 3) before answering the act request after 0 actions; the end of its standard error: "giving up"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			sum, results, err := sim.Run(context.Background(), sim.Config{Game: minerals.New(), Players: 2, Bots: []string{tt.bot, "random"},
				Games: 2, FixedSeats: true, Seed: 1, Workers: 2, AgentTimeout: 300 * time.Millisecond, AgentStartup: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if el := time.Since(start); el > 15*time.Second {
				t.Errorf("took %s; want the bad agents stopped at once or after their timeout", el)
			}
			if sum.Errors != 2 || sum.Completed != 0 {
				t.Fatalf("completed %d, errors %d; want 2 error games", sum.Completed, sum.Errors)
			}
			for _, r := range results {
				if !strings.Contains(r.Error, tt.want) {
					t.Errorf("game %d: error %q; want it to say %s", r.Index, r.Error, tt.want)
				}
			}
			err = sum.Failed()
			if err == nil || !strings.HasPrefix(err.Error(), "2 of 2 games ended in error; the first, game 0 (seed ") || strings.Count(err.Error(), "agent \"") != 1 {
				t.Errorf("Failed() = %v; want the count and the first error, once", err)
			}
			if pids := children(t); len(pids) > 0 {
				t.Errorf("processes %v are left after the run; want every agent reaped", pids)
			}
		})
	}
}

// An agent slow to start (here the test agent behind a shell that sleeps a
// second and a half first, as an interpreter loading its libraries on a
// busy machine) gets the start-up allowance for its first answer, its start
// included, and only then the per-answer timeout: with a timeout of one
// second it plays its game when the allowance is longer than its start,
// and is stopped when it is shorter.
func TestAgentStartupAllowance(t *testing.T) {
	bin := agenttest.Build(t)
	slow := "ext:sh -c 'sleep 1.5; exec " + bin + "'"
	tests := []struct {
		name    string
		startup time.Duration
		want    string
	}{
		{"OK slow start within the allowance", 30 * time.Second, ""},
		{"ErrStartLongerThanTheAllowance", time.Second, "did not answer the act request after 0 actions within 1s (it was stopped)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sum, results, err := sim.Run(context.Background(), sim.Config{Game: minerals.New(), Players: 2, Bots: []string{slow, "random"},
				Games: 1, FixedSeats: true, Seed: 1, AgentTimeout: time.Second, AgentStartup: tt.startup})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.want == "" && sum.Completed != 1:
				t.Errorf("the slow starter's game: %q; want it played to the end", results[0].Error)
			case tt.want != "" && !strings.Contains(results[0].Error, tt.want):
				t.Errorf("the slow starter's game: %q; want it stopped: %s", results[0].Error, tt.want)
			}
			if pids := children(t); len(pids) > 0 {
				t.Errorf("processes %v are left after the run; want every agent reaped", pids)
			}
		})
	}
}
