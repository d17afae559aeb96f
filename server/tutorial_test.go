package server_test

import (
	"testing"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
	"minehall/server"
	"minehall/tutorial"
)

// tutorials returns the tutorials, validated against the four games.
func tutorials(t *testing.T) *tutorial.Set {
	t.Helper()
	full := &game.Registry{}
	full.Register(hammertime.New())
	full.Register(minerals.New())
	full.Register(outofmine.New())
	full.Register(tf22.New())
	set, err := tutorial.Load(full)
	if err != nil {
		t.Fatalf("tutorial.Load: %v", err)
	}
	return set
}

func TestGameTutorial(t *testing.T) {
	ts := newTestServer(t, server.Config{Tutorials: tutorials(t)})
	t.Run("OK", func(t *testing.T) {
		for _, lang := range tutorial.Languages {
			var ls tutorial.Lesson
			path := "/api/games/minerals/tutorial?lang=" + lang
			if st, eb := do(t, ts.URL, "GET", path, "", nil, &ls); st != 200 {
				t.Fatalf("GET %s: %d %+v; want 200", path, st, eb)
			}
			if ls.Game != "minerals" || ls.Lang != lang || len(ls.Steps) == 0 || ls.Steps[0].Text == "" || ls.Steps[0].View == nil || ls.End == "" {
				t.Errorf("GET %s: got game %q, lang %q, %d steps; want the Minerals tutorial in %s with texts and views", path, ls.Game, ls.Lang, len(ls.Steps), lang)
			}
		}
		var ls tutorial.Lesson
		do(t, ts.URL, "GET", "/api/games/tf22/tutorial", "", nil, &ls)
		if ls.Lang != "en" {
			t.Errorf("GET without lang: lang %q; want en", ls.Lang)
		}
	})
	refusals := []struct {
		name, path string
		status     int
		code       game.Code
	}{
		{"ErrUnknownGame", "/api/games/chess/tutorial?lang=en", 404, game.CodeNotFound},
		{"ErrNoTutorial", "/api/games/connectfour/tutorial?lang=en", 404, game.CodeNotFound},
		{"ErrUnknownLang", "/api/games/minerals/tutorial?lang=pl", 400, game.CodeInvalid},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if st, eb := do(t, ts.URL, "GET", tc.path, "", nil, nil); st != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Errorf("GET %s: got %d %+v; want %d with code %s and a message", tc.path, st, eb, tc.status, tc.code)
			}
		})
	}
}

func TestCheckTutorial(t *testing.T) {
	ts := newTestServer(t, server.Config{Tutorials: tutorials(t)})
	type check struct {
		Lang string `json:"lang"`
		Step int    `json:"step"`
		Move string `json:"move"`
	}
	const path = "/api/games/minerals/tutorial/check"
	answers := []struct {
		name string
		body check
		want tutorial.Verdict
	}{
		{"ScriptMove", check{"en", 3, "move b8"}, tutorial.Verdict{OK: true}},
		{"OffScript", check{"fr", 3, "move d9"}, tutorial.Verdict{Code: "offscript", Expected: "move b8"}},
		{"Illegal", check{"en", 3, "move n14"}, tutorial.Verdict{Code: "illegal", Expected: "move b8"}},
	}
	for _, tc := range answers {
		t.Run(tc.name, func(t *testing.T) {
			var got tutorial.Verdict
			if st, eb := do(t, ts.URL, "POST", path, "", tc.body, &got); st != 200 {
				t.Fatalf("POST %+v: %d %+v; want 200", tc.body, st, eb)
			}
			if got.OK != tc.want.OK || got.Code != tc.want.Code || got.Expected != tc.want.Expected || (tc.want.Code == "illegal") != (got.Reason != "") {
				t.Errorf("POST %+v: got %+v; want %+v (a reason exactly when illegal)", tc.body, got, tc.want)
			}
		})
	}
	refusals := []struct {
		name string
		body any
		code game.Code
	}{
		{"ErrNotLearnersStep", check{"en", 2, "place c8"}, game.CodeInvalid},
		{"ErrNoMove", check{"en", 3, ""}, game.CodeInvalid},
		{"ErrUnknownField", `{"step": 3, "move": "move b8", "seat": 1}`, game.CodeInvalid},
		{"ErrBadLang", check{"xx", 3, "move b8"}, game.CodeInvalid},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if st, eb := do(t, ts.URL, "POST", path, "", tc.body, nil); st != 400 || eb.Code != tc.code {
				t.Errorf("POST %v: got %d %+v; want 400 with code %s", tc.body, st, eb, tc.code)
			}
		})
	}
}
