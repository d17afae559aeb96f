package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"minehall/ai/agenttest"
	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/minerals"
	"minehall/games/tf22"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/table"
)

// agentServer is a real server (server.New on a temporary SQLite file,
// bots playing at once) behind httptest, with Minerals, TF22 Mine and
// Connect Four.
func agentServer(t *testing.T) (*httptest.Server, *game.Registry) {
	t.Helper()
	return agentServerWith(t, server.Config{})
}

// agentServerWith is agentServer with cfg's limits.
func agentServerWith(t *testing.T, cfg server.Config) (*httptest.Server, *game.Registry) {
	t.Helper()
	reg := &game.Registry{}
	reg.Register(minerals.New())
	reg.Register(tf22.New())
	reg.Register(gametest.ConnectFour())
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "agent.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	cfg.Registry, cfg.Hall, cfg.Logger = reg, hall, log
	srv := server.New(cfg)
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		ts.Close()
		hall.Close()
		db.Close()
	})
	return ts, reg
}

// api sends a JSON request to the test server and decodes the answer.
func api(t *testing.T, method, url string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json") // the server takes state changes as JSON only
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %s does not decode: %v", method, url, b, err)
		}
	}
	return resp.StatusCode
}

// newTable creates a table that starts once its seats are taken and
// returns its id.
func newTable(t *testing.T, base string, req table.CreateRequest) string {
	t.Helper()
	req.AutoStart = true
	if req.TimeControl == nil && !req.Private {
		// A public table where people play a turn-based game needs a
		// clock: a day a move, which no test waits out.
		req.TimeControl = &store.TimeControl{MoveS: 24 * 60 * 60}
	}
	var created struct {
		Table table.Info `json:"table"`
	}
	if st := api(t, http.MethodPost, base+"/api/tables", req, &created); st != http.StatusCreated {
		t.Fatalf("creating %+v: status %d", req, st)
	}
	return created.Table.ID
}

// runAgent runs `minehall agent` with a deadline and returns its exit
// status and standard error.
func runAgent(t *testing.T, reg *game.Registry, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, reg, append([]string{"agent"}, args...), &out, &errOut)
	if ctx.Err() != nil {
		t.Fatalf("agent %v did not end within a minute: %s", args, errOut.String())
	}
	return code, errOut.String()
}

// TestAgentPlaysAtATable seats the test agent (a Go program that checks
// every line it reads against the protocol and plays random legal moves)
// at tables of a real server, against the tables' bots, through the join
// and the WebSocket, until the games end.
func TestAgentPlaysAtATable(t *testing.T) {
	bin := agenttest.Build(t)
	ts, reg := agentServer(t)
	tests := []struct {
		name  string
		req   table.CreateRequest
		args  []string
		agent []string
		seat  int
	}{
		{"minerals, first seat", table.CreateRequest{Game: "minerals", Players: 2, Seats: []table.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "random"}}},
			nil, []string{bin, "-turns", "sequential"}, 0},
		{"TF22 Mine, hidden information, second seat", table.CreateRequest{Game: "tf22", Players: 3, Options: game.Options{"round_limit": "6"},
			Seats: []table.SeatRequest{{Kind: "bot", Bot: "random"}, {Kind: "person"}, {Kind: "bot", Bot: "greedy"}}},
			[]string{"--seat", "2"}, []string{bin, "-answer", "number"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := newTable(t, ts.URL, tt.req)
			args := append([]string{ts.URL, "--table", id, "--name", "Agent"}, tt.args...)
			code, errOut := runAgent(t, reg, append(append(args, "--"), tt.agent...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if !strings.Contains(errOut, "Agent took seat ") || !strings.Contains(errOut, "run again with --token ") {
				t.Errorf("stderr %q; want the seat and its token", errOut)
			}
			var info table.Info
			api(t, http.MethodGet, ts.URL+"/api/tables/"+id, nil, &info)
			if info.Status != "finished" || info.Result == nil || info.Seats[tt.seat].Name != "Agent" {
				t.Fatalf("table %+v; want finished with the agent in seat %d", info, tt.seat+1)
			}
			var rec game.Record
			api(t, http.MethodGet, ts.URL+"/api/tables/"+id+"/record", nil, &rec)
			moves := 0
			for _, a := range rec.Actions {
				if a.Player == game.Player(tt.seat) {
					moves++
					if a.StandIn {
						t.Fatalf("a stand-in played for the agent: %+v", a)
					}
				}
			}
			if moves == 0 {
				t.Fatalf("the agent made no move in %d actions", len(rec.Actions))
			}
			if _, err := game.Verify(reg, &rec); err != nil {
				t.Fatalf("the table's record does not replay: %v", err)
			}
		})
	}
}

// TestAgentAtAPrivateTable: an untimed table must be private, and a
// private table lets in only who has its invitation: without --invite the
// agent is refused, saying the table is private; with the secret of the
// table's link it plays the game to its end.
func TestAgentAtAPrivateTable(t *testing.T) {
	bin := agenttest.Build(t)
	ts, reg := agentServer(t)
	var created struct {
		Table table.Info `json:"table"`
		Link  string     `json:"link"`
	}
	req := table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, Private: true,
		Seats: []table.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "random"}}}
	if st := api(t, http.MethodPost, ts.URL+"/api/tables", req, &created); st != http.StatusCreated {
		t.Fatalf("creating a private table: status %d", st)
	}
	id := created.Table.ID
	_, invite, ok := strings.Cut(created.Link, "?invite=")
	if !ok {
		t.Fatalf("the private table's link %q has no invitation", created.Link)
	}
	code, errOut := runAgent(t, reg, ts.URL, "--table", id, "--", bin)
	if code != 1 || !strings.Contains(errOut, "is private: only its invitation link lets you join") {
		t.Fatalf("without the invitation: exit %d %q; want 1 and the table is private", code, errOut)
	}
	if code, errOut = runAgent(t, reg, ts.URL, "--table", id, "--invite", invite, "--", bin); code != 0 {
		t.Fatalf("with the invitation: exit %d: %s", code, errOut)
	}
	var info table.Info
	if st := api(t, http.MethodGet, ts.URL+"/api/tables/"+id+"?invite="+invite, nil, &info); st != http.StatusOK || info.Status != "finished" {
		t.Fatalf("table: %d %+v; want the game finished", st, info)
	}
}

// TestAgentErrorsAtATable: a bad answer is an error naming the agent and
// the request; the token printed then takes the seat back with a good
// agent, which plays the game to its end.
func TestAgentErrorsAtATable(t *testing.T) {
	bin := agenttest.Build(t)
	ts, reg := agentServer(t)
	c4 := table.CreateRequest{Game: "connectfour", Players: 2, Seats: []table.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "random"}}}
	id := newTable(t, ts.URL, c4)
	code, errOut := runAgent(t, reg, ts.URL, "--table", id, "--name", "Garbage", "--", bin, "-mode", "garbage")
	want := `minehall: agent "` + bin + ` -mode garbage" answered the act request after 0 actions with "I would rather not": "I would rather not" is neither the notation nor the number of a legal move (legal: "a" = 0`
	if code != 1 || !strings.Contains(errOut, want) {
		t.Fatalf("got %d %q; want exit 1 saying %s", code, errOut, want)
	}
	m := regexp.MustCompile(`--token ([0-9a-f]+)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("no token in %q", errOut)
	}
	code, errOut = runAgent(t, reg, ts.URL, "--table", id, "--token", m[1], "--", bin)
	if code != 0 {
		t.Fatalf("taking the seat back: exit %d: %s", code, errOut)
	}
	var info table.Info
	api(t, http.MethodGet, ts.URL+"/api/tables/"+id, nil, &info)
	if info.Status != "finished" || info.Seats[0].Name != "Garbage" {
		t.Fatalf("table %+v; want finished, the agent's seat kept", info)
	}

	slow := newTable(t, ts.URL, c4)
	start := time.Now()
	code, errOut = runAgent(t, reg, ts.URL, "--table", slow, "--timeout", "300ms", "--startup", "300ms", "--", bin, "-mode", "sleep")
	if code != 1 || !strings.Contains(errOut, `did not answer the act request after 0 actions within 300ms (it was stopped)`) || time.Since(start) > 20*time.Second {
		t.Fatalf("got %d %q after %s; want exit 1 for the slow agent, soon", code, errOut, time.Since(start))
	}
	gone := newTable(t, ts.URL, c4)
	code, errOut = runAgent(t, reg, ts.URL, "--table", gone, "--", bin, "-mode", "exit")
	if code != 1 || !strings.Contains(errOut, `exited (exit status 3) before answering the act request after 0 actions; the end of its standard error: "giving up"`) {
		t.Fatalf("got %d %q; want exit 1 for the agent that exited", code, errOut)
	}

	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ErrWrongToken", []string{ts.URL, "--table", id, "--token", "00112233445566778899aabbccddeeff", "--", bin}, 1, "the server refused the seat: "},
		{"ErrUnknownTable", []string{ts.URL, "--table", "nosuchtable", "--", bin}, 1, "joining table nosuchtable: no table"},
		{"ErrSeatTaken", []string{ts.URL, "--table", id, "--seat", "1", "--", bin}, 1, "joining table " + id + ": "},
		{"ErrNoTable", []string{ts.URL, "--", bin}, 2, "--table is required"},
		{"ErrNoCommand", []string{ts.URL, "--table", id}, 2, "takes the server's URL, then -- and the agent's command"},
		{"ErrSeatZero", []string{ts.URL, "--table", id, "--seat", "0", "--", bin}, 2, "--seat must be at least 1, not 0"},
		{"ErrTimeout", []string{ts.URL, "--table", id, "--timeout", "0s", "--", bin}, 2, "--timeout must be more than 0, not 0s"},
		{"ErrStartup", []string{ts.URL, "--table", id, "--startup", "0s", "--", bin}, 2, "--startup must be more than 0, not 0s"},
		{"ErrURL", []string{"ftp://x", "--table", id, "--", bin}, 2, `"ftp://x" is not a server's URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, errOut := runAgent(t, reg, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Fatalf("got %d %q; want %d and %q", code, errOut, tt.code, tt.want)
			}
		})
	}
}

// TestAgentKeepsToTheRate: against a server that takes 4 frames at once
// and then only 3 a second (and closes a connection after 4 refused
// frames), a move refused for the rate is sent again a second later, the
// moves slow down, and the game is played to its end.
func TestAgentKeepsToTheRate(t *testing.T) {
	bin := agenttest.Build(t)
	ts, reg := agentServerWith(t, server.Config{Rate: 3, Burst: 4})
	id := newTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, Seats: []table.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "random"}}})
	code, errOut := runAgent(t, reg, ts.URL, "--table", id, "--", bin)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	t.Logf("moves sent again: %d", strings.Count(errOut, "the server took too many frames a second; sending the move again"))
	var info table.Info
	api(t, http.MethodGet, ts.URL+"/api/tables/"+id, nil, &info)
	if info.Status != "finished" {
		t.Fatalf("table %+v; want finished", info)
	}
}
