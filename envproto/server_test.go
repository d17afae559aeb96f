package envproto

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
	"minehall/sim"
)

func testRegistry() *game.Registry {
	var reg game.Registry
	reg.Register(hammertime.New())
	reg.Register(minerals.New())
	reg.Register(outofmine.New())
	reg.Register(tf22.New())
	return &reg
}

// answer is an Answer as the client decodes it.
type answer struct {
	Answer
	Agent      *int         `json:"agent"`
	Steps      int          `json:"steps"`
	Pass       int          `json:"pass"`
	Terminated bool         `json:"terminated"`
	Truncated  bool         `json:"truncated"`
	Reason     string       `json:"reason"`
	Result     *game.Result `json:"result"`
}

// call sends one frame and decodes its answer.
func call(t *testing.T, s *Server, frame string) answer {
	t.Helper()
	var a answer
	if err := json.Unmarshal(s.Handle([]byte(frame)), &a); err != nil {
		t.Fatalf("%s: the answer does not decode: %v", frame, err)
	}
	return a
}

// mustCall is call for a request that must succeed.
func mustCall(t *testing.T, s *Server, frame string) answer {
	t.Helper()
	a := call(t, s, frame)
	if !a.OK {
		t.Fatalf("%s: got error %q (%s); want ok", frame, a.Error, a.Code)
	}
	return a
}

// playAdvised steps with the advised decision until the episode ends and
// returns the last answer.
func playAdvised(t *testing.T, s *Server, a answer) answer {
	t.Helper()
	for a.Agent != nil {
		adv := mustCall(t, s, `{"op":"advise"}`).Advice
		b, _ := json.Marshal(map[string]any{"op": "step", "action": adv.Action, "delay_ms": adv.DelayMs})
		a = mustCall(t, s, string(b))
	}
	return a
}

func TestAdvisedEpisodeEqualsSim(t *testing.T) {
	tests := []struct {
		game    string
		options game.Options
	}{
		{"hammertime", game.Options{"wagons": "1"}}, // a short game: every hit runs the physics
		{"minerals", nil},
		{"outofmine", game.Options{"clock": "60"}},
		{"tf22", game.Options{"round_limit": "20"}}, // random play of the rulebook's game takes thousands of turns
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			reg := testRegistry()
			g, _ := reg.Lookup(tt.game)
			const seed = 7
			want, err := sim.PlayGame(context.Background(), sim.GameSetup{Game: g, Players: 2, Options: tt.options, Seed: sim.GameSeed(seed, 0), Bots: []string{"random", "random"}})
			if err != nil || !want.OK() {
				t.Fatalf("sim: %v %s", err, want.Error)
			}
			s := NewServer(reg, Config{})
			defer s.Close()
			req, _ := json.Marshal(Request{Op: "reset", Game: tt.game, Options: tt.options, Seed: new(uint64(seed)), Views: new(false)})
			end := playAdvised(t, s, mustCall(t, s, string(req)))
			if !end.Terminated || end.Truncated {
				t.Fatalf("got terminated %v, truncated %v (%s); want a finished game", end.Terminated, end.Truncated, end.Reason)
			}
			if !slices.Equal(end.Result.Scores, want.Scores) || !slices.Equal(end.Result.Returns, want.Returns) {
				t.Errorf("got scores %v returns %v; want sim's %v %v", end.Result.Scores, end.Result.Returns, want.Scores, want.Returns)
			}
			decisions := 0
			for _, th := range want.Think {
				decisions += th.Decisions
			}
			if end.Steps != decisions {
				t.Errorf("got %d steps; want sim's %d decisions", end.Steps, decisions)
			}
		})
	}
}

func TestBadRequestsGetAnErrorAndChangeNothing(t *testing.T) {
	tests := []struct {
		name     string
		game     string
		frame    string
		wantCode game.Code
		wantMsg  string
	}{
		{"not JSON", "minerals", `step 3`, game.CodeInvalid, "not a JSON request object"},
		{"truncated JSON", "minerals", `{"op":"step","action":`, game.CodeInvalid, "not a JSON request object"},
		{"two objects", "minerals", `{"op":"advise"}{"op":"advise"}`, game.CodeInvalid, "one request per line"},
		{"unknown field", "minerals", `{"op":"step","actoin":3}`, game.CodeInvalid, `unknown field "actoin"`},
		{"no op", "minerals", `{"action":3}`, game.CodeInvalid, "no op"},
		{"unknown op", "minerals", `{"op":"undo"}`, game.CodeInvalid, `unknown op "undo"`},
		{"action outside the space", "minerals", `{"op":"step","action":-1}`, game.CodeInvalid, "outside the action space"},
		{"action outside the mask", "minerals", `{"op":"step","action":0}`, game.CodeIllegal, "not in seat 0's mask"},
		{"bad notation", "tf22", `{"op":"step","move":"fly away"}`, game.CodeInvalid, ""},
		{"two decisions", "minerals", `{"op":"step","action":3,"wait":true}`, game.CodeInvalid, "exactly one of action, move and wait"},
		{"wait in a turn-based game", "minerals", `{"op":"step","wait":true}`, game.CodeInvalid, "no wait action"},
		{"negative delay", "outofmine", `{"op":"step","wait":true,"delay_ms":-5}`, game.CodeInvalid, "delay_ms -5"},
		{"observe without seat", "minerals", `{"op":"observe"}`, game.CodeInvalid, "needs a seat"},
		{"observe a seat out of range", "minerals", `{"op":"observe","seat":2}`, game.CodeInvalid, "seat 2 is outside 0 to 1"},
		{"reset of an unknown game", "minerals", `{"op":"reset","game":"chess"}`, game.CodeNotFound, `unknown game "chess"`},
		{"reset with too many players", "minerals", `{"op":"reset","game":"minerals","players":9}`, game.CodeInvalid, "not 9"},
		{"reset with a bad option", "minerals", `{"op":"reset","game":"minerals","options":{"board":"moon"}}`, game.CodeInvalid, "moon"},
		{"reset with an unknown bot", "minerals", `{"op":"reset","game":"minerals","bots":["wizard"]}`, game.CodeNotFound, `no bot "wizard"`},
		{"reset with an external bot", "minerals", `{"op":"reset","game":"minerals","bots":["ext:python3 a.py"]}`, game.CodeInvalid, "cannot advise"},
		{"reset with a negative step limit", "minerals", `{"op":"reset","game":"minerals","max_steps":-1}`, game.CodeInvalid, "max_steps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewServer(testRegistry(), Config{})
			defer s.Close()
			first := mustCall(t, s, `{"op":"reset","game":"`+tt.game+`","seed":5}`)
			got := call(t, s, tt.frame)
			if got.OK || got.Code != tt.wantCode || !strings.Contains(got.Error, tt.wantMsg) {
				t.Fatalf("got ok %v, code %q, error %q; want code %q and an error that says %q", got.OK, got.Code, got.Error, tt.wantCode, tt.wantMsg)
			}
			again := mustCall(t, s, `{"op":"observe","seat":0}`)
			if !bytes.Equal(mustJSON(again.Obs), mustJSON(first.Obs)) {
				t.Errorf("the observation changed after the refused request")
			}
			// The process keeps serving: the advised step is taken.
			adv := mustCall(t, s, `{"op":"advise"}`).Advice
			b, _ := json.Marshal(map[string]any{"op": "step", "action": adv.Action})
			if a := mustCall(t, s, string(b)); a.Steps != 1 {
				t.Errorf("got %d steps after one step; want 1", a.Steps)
			}
		})
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func TestRequestsOutsideAnEpisode(t *testing.T) {
	tests := []struct {
		name, frame string
		wantCode    game.Code
		wantMsg     string
	}{
		{"step before reset", `{"op":"step","action":1}`, game.CodeConflict, "send a reset first"},
		{"advise before reset", `{"op":"advise"}`, game.CodeConflict, "send a reset first"},
		{"observe before reset", `{"op":"observe","seat":0}`, game.CodeConflict, "send a reset first"},
		{"describe without game", `{"op":"describe"}`, game.CodeInvalid, "hammertime, minerals, outofmine, tf22"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewServer(testRegistry(), Config{})
			got := call(t, s, tt.frame)
			if got.OK || got.Code != tt.wantCode || !strings.Contains(got.Error, tt.wantMsg) {
				t.Errorf("got ok %v, code %q, error %q; want code %q and %q", got.OK, got.Code, got.Error, tt.wantCode, tt.wantMsg)
			}
		})
	}
}

func TestObservationHasTheTensorAndTheMask(t *testing.T) {
	tests := []struct {
		game     string
		wantWait bool
	}{{"hammertime", false}, {"minerals", false}, {"outofmine", true}, {"tf22", false}}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			s := NewServer(testRegistry(), Config{})
			defer s.Close()
			a := mustCall(t, s, `{"op":"reset","game":"`+tt.game+`","seed":1}`)
			raw, err := base64.StdEncoding.DecodeString(a.Obs.Tensor)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := len(raw), 4*game.ObservationSize(a.Env.Shape); got != want {
				t.Errorf("got %d tensor bytes; want %d for shape %v", got, want, a.Env.Shape)
			}
			if len(a.Obs.Legal) == 0 || !slices.IsSorted(a.Obs.Legal) || a.Obs.Legal[len(a.Obs.Legal)-1] >= a.Env.NumActions {
				t.Errorf("got mask %v; want ascending actions below %d", a.Obs.Legal, a.Env.NumActions)
			}
			if got := slices.Contains(a.Obs.Legal, a.Env.WaitAction); got != tt.wantWait {
				t.Errorf("wait action %d in the mask: got %v; want %v", a.Env.WaitAction, got, tt.wantWait)
			}
			if len(a.Obs.View) == 0 || a.Obs.View[0] != '{' {
				t.Errorf("got view %.40s; want a JSON object", a.Obs.View)
			}
			other := 1 - *a.Agent
			o := mustCall(t, s, `{"op":"observe","seat":`+itoa(other)+`}`)
			if len(o.Obs.Legal) != 0 {
				t.Errorf("seat %d, not asked, got mask %v; want none", other, o.Obs.Legal)
			}
		})
	}
}

func TestSameSeedSameEpisode(t *testing.T) {
	play := func(seed string) []string {
		s := NewServer(testRegistry(), Config{})
		defer s.Close()
		var frames []string
		a := mustCall(t, s, `{"op":"reset","game":"tf22","views":false,"seed":`+seed+`}`)
		for i := 0; i < 30 && a.Agent != nil; i++ {
			frames = append(frames, string(mustJSON(a.Obs)))
			a = mustCall(t, s, `{"op":"step","action":`+itoa(a.Obs.Legal[i%len(a.Obs.Legal)])+`}`)
		}
		return frames
	}
	a, b, c := play("11"), play("11"), play("12")
	if !slices.Equal(a, b) {
		t.Errorf("two episodes of seed 11 differ")
	}
	if slices.Equal(a, c) {
		t.Errorf("the episodes of seeds 11 and 12 are equal; want different deals")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestMaxStepsTruncatesAndResetStartsOver(t *testing.T) {
	s := NewServer(testRegistry(), Config{MaxSteps: 100})
	defer s.Close()
	a := mustCall(t, s, `{"op":"reset","game":"minerals","seed":2,"max_steps":3}`)
	for a.Agent != nil {
		a = mustCall(t, s, `{"op":"step","action":`+itoa(a.Obs.Legal[0])+`}`)
	}
	if !a.Truncated || a.Terminated || a.Reason != "max_steps" || a.Steps != 3 {
		t.Errorf("got truncated %v, terminated %v, reason %q after %d steps; want truncated by max_steps after 3", a.Truncated, a.Terminated, a.Reason, a.Steps)
	}
	if got := call(t, s, `{"op":"step","action":1}`); got.OK || got.Code != game.CodeGameOver {
		t.Errorf("a step after truncation: got ok %v, code %q; want %q", got.OK, got.Code, game.CodeGameOver)
	}
	b := mustCall(t, s, `{"op":"reset","game":"minerals","seed":2}`)
	if b.Agent == nil || b.Steps != 0 || b.Env.MaxSteps != 100 {
		t.Errorf("after a new reset: got agent %v, %d steps, max_steps %d; want a fresh episode with the server's limit 100", b.Agent, b.Steps, b.Env.MaxSteps)
	}
}

func TestServeAnswersEveryLine(t *testing.T) {
	in := strings.Join([]string{
		`{"op":"describe","game":"outofmine"}`,
		`not json`,
		``,
		`{"op":"reset","game":"outofmine","seed":4,"views":false}`,
		`{"op":"step","wait":true}`,
		strings.Repeat("x", MaxFrame+10),
		`{"op":"advise"}`,
	}, "\n")
	var out bytes.Buffer
	s := NewServer(testRegistry(), Config{})
	if err := s.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	wantOK := []bool{true, false, true, true, false, true}
	if len(lines) != len(wantOK) {
		t.Fatalf("got %d answers; want %d (one per non-empty line): %q", len(lines), len(wantOK), lines)
	}
	for i, line := range lines {
		var a Answer
		if err := json.Unmarshal([]byte(line), &a); err != nil || a.OK != wantOK[i] {
			t.Errorf("answer %d: got %.80s; want ok %v", i+1, line, wantOK[i])
		}
	}
}

func TestOutOfMinePassesAskEverySeatOnOneState(t *testing.T) {
	s := NewServer(testRegistry(), Config{})
	defer s.Close()
	a := mustCall(t, s, `{"op":"reset","game":"outofmine","players":3,"seed":9,"views":false}`)
	seats := map[int][]int{}
	for i := 0; i < 12 && a.Agent != nil; i++ {
		seats[a.Pass] = append(seats[a.Pass], *a.Agent)
		a = mustCall(t, s, `{"op":"step","wait":true}`)
	}
	for pass, got := range seats {
		if pass < 3 && !slices.Equal(got, []int{0, 1, 2}) {
			t.Errorf("pass %d asked seats %v; want 0, 1, 2", pass, got)
		}
	}
}
