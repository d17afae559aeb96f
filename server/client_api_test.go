package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestUIHandler(t *testing.T) {
	ui := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "web client at "+r.URL.Path)
	})
	ts := newTestServer(t, server.Config{UI: ui})
	tests := []struct {
		name, path string
		status     int
		want       string
	}{
		{"Root", "/", 200, "web client at /"},
		{"ClientRoute", "/tables/3f2a9c0d11b4e7a2", 200, "web client at /tables/3f2a9c0d11b4e7a2"},
		{"Asset", "/assets/app.js", 200, "web client at /assets/app.js"},
		{"Health", "/healthz", 200, `"ok"`},
		{"Ready", "/readyz", 200, `"ready"`},
		{"MetricsOnlyOnAdmin", "/metrics", 200, "web client at /metrics"},
		{"API", "/api/games", 200, `"connectfour"`},
		{"ErrUnknownAPI", "/api/nothing", 404, `"not_found"`},
		{"ErrAPIWrongMethod", "/api/tables/x/join", 404, `"not_found"`},
		{"ErrUnknownWebSocket", "/ws/nothing", 404, `"not_found"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, body := get(t, ts.URL+tc.path)
			if st != tc.status || !strings.Contains(body, tc.want) {
				t.Errorf("GET %s: got %d %q; want %d with %q", tc.path, st, body, tc.status, tc.want)
			}
		})
	}
	t.Run("NoUI", func(t *testing.T) {
		plain := newTestServer(t, server.Config{})
		if st, body := get(t, plain.URL+"/"); st != 200 || !strings.Contains(body, "Connect Four") {
			t.Errorf("GET / without a UI: got %d %q; want 200 with the games", st, body)
		}
		if st, _ := get(t, plain.URL+"/tables/x"); st != 404 {
			t.Errorf("GET /tables/x without a UI: got %d; want 404", st)
		}
	})
}

func TestGameRules(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	type rules struct {
		Lang     string `json:"lang"`
		Fallback bool   `json:"fallback"`
		Markdown string `json:"markdown"`
	}
	tests := []struct {
		name, path string
		want       rules
	}{
		{"German", "/api/games/ruledfour/rules?lang=de", rules{"de", false, "# Vier gewinnt"}},
		{"English", "/api/games/ruledfour/rules?lang=en", rules{"en", false, "# Connect Four"}},
		{"DefaultEnglish", "/api/games/ruledfour/rules", rules{"en", false, "# Connect Four"}},
		{"FrenchFallsBack", "/api/games/ruledfour/rules?lang=fr", rules{"fr", true, "# Connect Four"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got rules
			if st, eb := do(t, ts.URL, "GET", tc.path, "", nil, &got); st != 200 {
				t.Fatalf("GET %s: %d %+v; want 200", tc.path, st, eb)
			}
			if got.Lang != tc.want.Lang || got.Fallback != tc.want.Fallback || !strings.HasPrefix(got.Markdown, tc.want.Markdown) {
				t.Errorf("GET %s: got %+v; want lang %s, fallback %v, text starting %q", tc.path, got, tc.want.Lang, tc.want.Fallback, tc.want.Markdown)
			}
		})
	}
	refusals := []struct {
		name, path string
		status     int
		code       game.Code
	}{
		{"ErrNoRulebook", "/api/games/connectfour/rules", 404, game.CodeNotFound},
		{"ErrUnknownGame", "/api/games/chess/rules", 404, game.CodeNotFound},
		{"ErrBadLang", "/api/games/ruledfour/rules?lang=DE!", 400, game.CodeInvalid},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if st, eb := do(t, ts.URL, "GET", tc.path, "", nil, nil); st != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Errorf("GET %s: got %d %+v; want %d with code %s and a message", tc.path, st, eb, tc.status, tc.code)
			}
		})
	}
}

// replayStep is the answer of GET /api/tables/{id}/replay.
type replayStep struct {
	Step    int64           `json:"step"`
	Actions int64           `json:"actions"`
	Player  *game.Player    `json:"player"`
	Move    string          `json:"move"`
	Status  string          `json:"status"`
	Actors  []game.Player   `json:"actors"`
	View    json.RawMessage `json:"view"`
	Result  *game.Result    `json:"result"`
}

func TestReplay(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	open, _, _ := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	var c created
	do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "goofspiel", Players: 2, AutoStart: true, TimeControl: patient,
		Options: game.Options{"timer": "0"}, Seats: []table.SeatRequest{{Kind: store.SeatBot}, {Kind: store.SeatBot}}}, &c)
	id := c.Table.ID
	s := dial(t, ts.URL, id, "", 0, nil)
	for f := s.next("state", "update", "table"); f.Status != "finished"; f = s.next("state", "update", "table") {
	}
	var rec game.Record
	if st, eb := do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != 200 {
		t.Fatalf("record: %d %+v", st, eb)
	}
	total := int64(len(rec.Actions))

	// The expected steps, replayed here from the record.
	g, _ := ts.reg.Lookup(rec.Game)
	st, _, err := game.Start(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	want := make([]replayStep, total+1)
	for i := int64(0); i <= total; i++ {
		if i > 0 {
			ra := rec.Actions[i-1]
			if _, err := game.PlayNotation(st, ra.Player, ra.Move); err != nil {
				t.Fatalf("record action %d: %v", i, err)
			}
			p := ra.Player
			want[i].Player, want[i].Move = &p, ra.Move
		}
		want[i].Step, want[i].Actions, want[i].Status = i, total, "playing"
		if st.Terminal() {
			want[i].Status = "finished"
		}
		want[i].View, _ = json.Marshal(st.View(game.Spectator))
		want[i].Actors = st.Actors(nil)
	}
	// Forwards, backwards and jumping about, as a client steps.
	order := []int64{0, 1, 2, 3, total, total - 1, 5, 4, total / 2, 0, total}
	for i := range total + 1 {
		order = append(order, i)
	}
	for _, step := range order {
		var got replayStep
		path := "/api/tables/" + id + "/replay?step=" + itoa(step)
		if code, eb := do(t, ts.URL, "GET", path, "", nil, &got); code != 200 {
			t.Fatalf("GET %s: %d %+v; want 200", path, code, eb)
		}
		w := want[step]
		var view bytes.Buffer
		json.Compact(&view, got.View)
		if got.Step != w.Step || got.Actions != w.Actions || got.Move != w.Move || got.Status != w.Status ||
			(got.Player == nil) != (w.Player == nil) || (got.Player != nil && *got.Player != *w.Player) ||
			view.String() != string(w.View) || !equalPlayers(got.Actors, w.Actors) {
			t.Errorf("step %d: got %s %v %q %s actors %v view %s; want %s %v %q %s actors %v view %s", step,
				itoa(got.Step), got.Player, got.Move, got.Status, got.Actors, view.String(), itoa(w.Step), w.Player, w.Move, w.Status, w.Actors, w.View)
		}
		if (got.Result != nil) != (step == total) {
			t.Errorf("step %d: result %+v; want one only at the last step", step, got.Result)
		}
		if strings.Contains(strings.ToLower(string(got.View)), "seed") {
			t.Errorf("step %d: the view names the seed: %s", step, got.View)
		}
	}
	refusals := []struct {
		name, path string
		status     int
		code       game.Code
	}{
		{"ErrRunning", "/api/tables/" + open + "/replay?step=0", 409, game.CodeConflict},
		{"ErrPastTheEnd", "/api/tables/" + id + "/replay?step=" + itoa(total+1), 400, game.CodeInvalid},
		{"ErrNegative", "/api/tables/" + id + "/replay?step=-1", 400, game.CodeInvalid},
		{"ErrNotANumber", "/api/tables/" + id + "/replay?step=two", 400, game.CodeInvalid},
		{"ErrNoTable", "/api/tables/nope/replay?step=0", 404, game.CodeNotFound},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if st, eb := do(t, ts.URL, "GET", tc.path, "", nil, nil); st != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Errorf("GET %s: got %d %+v; want %d with code %s and a message", tc.path, st, eb, tc.status, tc.code)
			}
		})
	}
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func equalPlayers(a, b []game.Player) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
