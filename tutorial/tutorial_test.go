package tutorial

import (
	"encoding/json"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
)

func registry() *game.Registry {
	var reg game.Registry
	reg.Register(hammertime.New())
	reg.Register(minerals.New())
	reg.Register(outofmine.New())
	reg.Register(tf22.New())
	return &reg
}

func load(t *testing.T) *Set {
	t.Helper()
	set, err := Load(registry())
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return set
}

// script returns the embedded script of game id, decoded afresh.
func script(t *testing.T, id string) Script {
	t.Helper()
	b, err := data.ReadFile("data/" + id + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var sc Script
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestEveryScriptInEveryLanguage replays every game's script on its engine
// (Load refuses any step that is not legal) and checks every language's
// lesson: a text on every step, the learner's steps with the move asked
// for among the learner's legal moves, and a view on every step.
func TestEveryScriptInEveryLanguage(t *testing.T) {
	set := load(t)
	if got := strings.Join(set.Games(), " "); got != "hammertime minerals outofmine tf22" {
		t.Fatalf("games with a tutorial: %s; want all four", got)
	}
	for _, id := range set.Games() {
		for _, lang := range Languages {
			ls, err := set.Lesson(id, lang)
			if err != nil {
				t.Fatalf("%s %s: %v", id, lang, err)
			}
			learner := 0
			for i, st := range ls.Steps {
				if st.Text == "" || st.View == nil {
					t.Errorf("%s %s step %d: text %q, view %v; want both", id, lang, i+1, st.Text, st.View)
				}
				if !st.Learner {
					continue
				}
				learner++
				found := false
				for _, m := range st.Legal {
					found = found || m == st.Move
				}
				if !found {
					t.Errorf("%s %s step %d: %q is not among the learner's legal moves", id, lang, i+1, st.Move)
				}
				v, err := set.Check(id, lang, i, st.Move)
				if err != nil || !v.OK {
					t.Errorf("%s %s step %d: Check of the script's own move = %+v, %v; want OK", id, lang, i+1, v, err)
				}
			}
			if learner < 2 {
				t.Errorf("%s %s: the learner makes %d moves; want at least 2", id, lang, learner)
			}
			if ls.End == "" || ls.EndView == nil {
				t.Errorf("%s %s: no end text or end view", id, lang)
			}
		}
		// The texts are translations, not copies of the English.
		en, _ := set.Lesson(id, "en")
		for _, lang := range Languages[1:] {
			ls, _ := set.Lesson(id, lang)
			for i := range ls.Steps {
				if ls.Steps[i].Text == en.Steps[i].Text {
					t.Errorf("%s step %d: the %s text is the English one", id, i+1, lang)
				}
			}
		}
	}
}

// TestBrokenScriptsNameGameStepAndReason: a script that no longer fits
// the rules is refused with the game, the step and the reason.
func TestBrokenScriptsNameGameStepAndReason(t *testing.T) {
	reg := registry()
	g, _ := reg.Lookup("minerals")
	cases := []struct {
		name   string
		change func(sc *Script)
		want   []string
	}{
		{"illegal move", func(sc *Script) { sc.Steps[3].Move.Move = "move n14" }, []string{"tutorial minerals", "step 4", "move n14"}},
		{"wrong actor", func(sc *Script) { sc.Steps[2].Player = 0 }, []string{"tutorial minerals", "step 3"}},
		{"bad notation", func(sc *Script) { sc.Steps[0].Move.Move = "fly away" }, []string{"tutorial minerals", "step 1", "fly away"}},
		{"target not in the move", func(sc *Script) { sc.Steps[1].Target = "z9" }, []string{"tutorial minerals", "step 2", `target "z9"`}},
		{"missing language", func(sc *Script) { delete(sc.Steps[4].Text, "nl") }, []string{"tutorial minerals", "step 5", `"nl"`}},
		{"illegal prefix", func(sc *Script) { sc.Prefix[0].Move = "remove a1" }, []string{"tutorial minerals", "set-up", "remove a1"}},
		{"no learner move", func(sc *Script) { sc.Learner = 1; sc.Steps = sc.Steps[:1] }, []string{"tutorial minerals", "never moves"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := script(t, "minerals")
			c.change(&sc)
			_, err := Build(g, sc)
			if err == nil {
				t.Fatalf("Build accepted the broken script")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestCheck: the script's move passes; a move the rules refuse gets the
// engine's reason; a legal move off the script gets the move asked for;
// nothing changes.
func TestCheck(t *testing.T) {
	set := load(t)
	// Out of Mine, step 10 asks for "take B2". RULINGS.md: ""OUT OF
	// MINE!" may be called only when every gallery space is covered."
	v, err := set.Check("outofmine", "en", 9, "call")
	if err != nil {
		t.Fatal(err)
	}
	if v.OK || v.Code != string(game.CodeIllegal) || !strings.Contains(v.Reason, "covered") || v.Expected != "take B2" {
		t.Errorf("a premature call: %+v; want illegal with the engine's reason", v)
	}
	v, _ = set.Check("outofmine", "en", 9, "take I3")
	if v.OK || v.Code != "offscript" || v.Expected != "take B2" {
		t.Errorf("a legal move off the script: %+v; want offscript asking for take B2", v)
	}
	v, _ = set.Check("outofmine", "en", 9, "take B2")
	if !v.OK {
		t.Errorf("the script's move: %+v; want OK", v)
	}
	v, _ = set.Check("minerals", "de", 3, "hop")
	if v.OK || v.Code != string(game.CodeInvalid) || v.Reason == "" {
		t.Errorf("bad notation: %+v; want invalid with a reason", v)
	}
	// Checking changes nothing: the lesson is the same afterwards.
	before, _ := json.Marshal(must(set.Lesson("minerals", "en")))
	set.Check("minerals", "en", 3, "move c9")
	after, _ := json.Marshal(must(set.Lesson("minerals", "en")))
	if string(before) != string(after) {
		t.Errorf("Check changed the tutorial")
	}
	for _, c := range []struct {
		id, lang string
		step     int
		code     game.Code
	}{
		{"chess", "en", 0, game.CodeNotFound},
		{"minerals", "xx", 0, game.CodeInvalid},
		{"minerals", "en", 2, game.CodeInvalid}, // Kate's step, not the learner's
		{"minerals", "en", 99, game.CodeInvalid},
		{"minerals", "en", -1, game.CodeInvalid},
	} {
		if _, err := set.Check(c.id, c.lang, c.step, "end"); game.ErrorCode(err) != c.code {
			t.Errorf("Check(%s, %s, %d): %v; want code %s", c.id, c.lang, c.step, err, c.code)
		}
	}
}

func must(ls *Lesson, err error) *Lesson {
	if err != nil {
		panic(err)
	}
	return ls
}

// TestLessonErrors: an unknown game or language is an error with a code;
// there is no fallback to English.
func TestLessonErrors(t *testing.T) {
	set := load(t)
	if _, err := set.Lesson("chess", "en"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("unknown game: %v; want not_found", err)
	}
	if _, err := set.Lesson("tf22", "pl"); game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), "en, de, fr, nl") {
		t.Errorf("unknown language: %v; want invalid naming the languages", err)
	}
}

// TestLessonShowsOnlyTheLearnersView: every step's view is the learner's
// own view (View(learner)), never the whole state, and chance's hidden
// moves are not named (Out of Mine's card draws for the other seat).
func TestLessonShowsOnlyTheLearnersView(t *testing.T) {
	set := load(t)
	tu := set.byGame["outofmine"]
	ls := must(set.Lesson("outofmine", "en"))
	for i, st := range ls.Steps {
		want, _ := json.Marshal(tu.states[i].View(tu.Script.Learner))
		got, _ := json.Marshal(st.View)
		if string(got) != string(want) {
			t.Fatalf("step %d: the view is not the learner's", i+1)
		}
		if st.Move != "" && !st.Learner && !tu.public[i] {
			t.Errorf("step %d: the hidden move %q is named", i+1, st.Move)
		}
	}
}

// TestLoadLeavesOutGamesNotRegistered: a binary that offers only some of
// the games serves the tutorials of those.
func TestLoadLeavesOutGamesNotRegistered(t *testing.T) {
	var reg game.Registry
	reg.Register(tf22.New())
	set, err := Load(&reg)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(set.Games(), " "); got != "tf22" {
		t.Errorf("games with a tutorial: %q; want tf22", got)
	}
}
