package server_test

import (
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/tutorial"
)

// TestTutorialLessons: ?lesson= serves a game's other lessons, each with
// the list of the game's lessons; the check of a move names its lesson;
// an unknown lesson is not found.
func TestTutorialLessons(t *testing.T) {
	ts := newTestServer(t, server.Config{Tutorials: tutorials(t)})
	var ls tutorial.Lesson
	if st, eb := do(t, ts.URL, "GET", "/api/games/minerals/tutorial?lang=de&lesson=kate", "", nil, &ls); st != 200 {
		t.Fatalf("GET lesson kate: %d %+v; want 200", st, eb)
	}
	if ls.Lesson != "kate" || ls.Lang != "de" || ls.Title == "" || len(ls.Lessons) != 4 || ls.Lessons[0].ID != "basics" || len(ls.Steps) == 0 {
		t.Errorf("GET lesson kate: lesson %q, lang %q, title %q, lessons %v, %d steps; want Kate's lesson in German among the four", ls.Lesson, ls.Lang, ls.Title, ls.Lessons, len(ls.Steps))
	}
	var first tutorial.Lesson
	do(t, ts.URL, "GET", "/api/games/minerals/tutorial?lang=en", "", nil, &first)
	if first.Lesson != "basics" {
		t.Errorf("GET without a lesson: lesson %q; want the first, basics", first.Lesson)
	}
	if st, eb := do(t, ts.URL, "GET", "/api/games/minerals/tutorial?lang=en&lesson=bob", "", nil, nil); st != 404 || eb.Code != game.CodeNotFound {
		t.Errorf("GET an unknown lesson: %d %+v; want 404 not_found", st, eb)
	}
	body := map[string]any{"lang": "en", "lesson": "kate", "step": 0, "move": ls.Steps[0].Move}
	var v tutorial.Verdict
	if st, eb := do(t, ts.URL, "POST", "/api/games/minerals/tutorial/check", "", body, &v); st != 200 || !v.OK {
		t.Errorf("POST the check of Kate's first move: %d %+v %+v; want OK", st, eb, v)
	}
	body["lesson"] = "bob"
	if st, eb := do(t, ts.URL, "POST", "/api/games/minerals/tutorial/check", "", body, nil); st != 404 || eb.Code != game.CodeNotFound {
		t.Errorf("POST a check in an unknown lesson: %d %+v; want 404 not_found", st, eb)
	}
}
