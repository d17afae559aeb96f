package tutorial

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"minehall/game"
)

//go:embed data/*.json
var data embed.FS

// Languages are the languages every step's text must be written in.
var Languages = []string{"en", "de", "fr", "nl"}

// Script is a tutorial as written in data/GAME.json.
type Script struct {
	// Game is the game's id.
	Game string `json:"game"`
	// Lesson is the lesson's id, unique among the game's lessons: the
	// ?lesson= of the page and the API. A game's lessons are its file
	// data/GAME.json first, then its files data/GAME-*.json by name.
	Lesson string `json:"lesson"`
	// Title is the lesson's title, per language.
	Title   Text         `json:"title"`
	Players int          `json:"players"`
	Options game.Options `json:"options,omitempty"`
	Seed    uint64       `json:"seed"`
	// Learner is the seat the learner plays.
	Learner game.Player `json:"learner"`
	// Names are the seats' names, as in the rulebook's examples.
	Names []string `json:"names"`
	// Prefix is played before the first step, without a word: it sets up
	// the position the first step starts from.
	Prefix []Move       `json:"prefix,omitempty"`
	Steps  []ScriptStep `json:"steps"`
	// End is the text shown once every step is done.
	End Text `json:"end"`
}

// Move is one action of one actor, in the game's notation.
type Move struct {
	Player game.Player `json:"player"`
	Move   string      `json:"move"`
}

// Text is a text per language.
type Text map[string]string

// ScriptStep is one action of the script with its words.
type ScriptStep struct {
	Move
	// Target is the word of Move's notation that the board highlights
	// (a cell, a card, a tile): it must be one of Move's words. Empty
	// highlights the move itself.
	Target string `json:"target,omitempty"`
	// Text is the prompt (for the learner's moves) or the caption (for
	// the other actors' moves), per language.
	Text Text `json:"text"`
}

// Step is a script's step as the learner's client gets it.
type Step struct {
	Index  int         `json:"index"`
	Player game.Player `json:"player"`
	// Learner is true when the learner makes this move.
	Learner bool   `json:"learner"`
	Text    string `json:"text"`
	// Move is the step's action in the game's notation; empty for another
	// seat's or chance's move that the learner may not see.
	Move   string `json:"move,omitempty"`
	Target string `json:"target,omitempty"`
	// View is the learner's view before the move.
	View any `json:"view"`
	// Actors are the actors before the move.
	Actors []game.Player `json:"actors"`
	// Legal are the learner's legal moves before the move, in notation
	// (only on the learner's steps).
	Legal []string `json:"legal,omitempty"`
}

// Lesson is the answer of GET /api/games/{id}/tutorial: one lesson of a
// game's tutorial in one language.
type Lesson struct {
	Game string `json:"game"`
	// Lesson is the lesson's id, Title its title.
	Lesson string `json:"lesson"`
	Title  string `json:"title"`
	// Lessons are every lesson of the game, in order, this one included.
	Lessons []LessonRef `json:"lessons"`
	Lang    string      `json:"lang"`
	Players int         `json:"players"`
	Learner game.Player `json:"learner"`
	Names   []string    `json:"names"`
	Steps   []Step      `json:"steps"`
	// End is the closing text, EndView the learner's view after the last
	// step.
	End     string `json:"end"`
	EndView any    `json:"end_view"`
}

// LessonRef names one lesson of a game in a language.
type LessonRef struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// Tutorial is a validated script with the states it passes through.
type Tutorial struct {
	Script Script
	// states[i] is the state before step i; states[len(Steps)] the end.
	states []game.State
	public []bool
}

// Set is the tutorials of the games of a registry: per game, its lessons
// in order.
type Set struct {
	byGame map[string][]*Tutorial
}

// Load reads every script in data/ of a game reg holds, validates it
// against that game (see [Build]) and returns them; a script of a game reg
// does not hold is left out. A game's lessons are data/GAME.json first,
// then data/GAME-*.json in the order of their file names. An invalid
// script is an error that names the game, the lesson, the step and the
// reason; so is a game with no GAME.json, a lesson without an id or a
// title, or two lessons of one game with the same id.
func Load(reg *game.Registry) (*Set, error) {
	files, err := data.ReadDir("data")
	if err != nil {
		return nil, err
	}
	set := &Set{byGame: map[string][]*Tutorial{}}
	// GAME.json before GAME-*.json, then by name.
	slices.SortFunc(files, func(a, b fs.DirEntry) int {
		ka, kb := strings.Replace(a.Name(), ".json", "", 1), strings.Replace(b.Name(), ".json", "", 1)
		return strings.Compare(ka, kb)
	})
	for _, f := range files {
		b, err := data.ReadFile("data/" + f.Name())
		if err != nil {
			return nil, err
		}
		var sc Script
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sc); err != nil {
			return nil, fmt.Errorf("tutorial %s: %w", f.Name(), err)
		}
		want, _, more := strings.Cut(strings.TrimSuffix(f.Name(), ".json"), "-")
		if sc.Game != want {
			return nil, fmt.Errorf("tutorial %s: the script is of game %q, not %q", f.Name(), sc.Game, want)
		}
		if more && len(set.byGame[sc.Game]) == 0 && slices.Contains(reg.IDs(), sc.Game) {
			return nil, fmt.Errorf("tutorial %s: game %s has no first lesson %s.json", f.Name(), sc.Game, sc.Game)
		}
		if !slices.Contains(reg.IDs(), sc.Game) {
			continue
		}
		g, err := reg.Lookup(sc.Game)
		if err != nil {
			return nil, fmt.Errorf("tutorial %s: %w", sc.Game, err)
		}
		for _, o := range set.byGame[sc.Game] {
			if o.Script.Lesson == sc.Lesson {
				return nil, fmt.Errorf("tutorial %s: lesson %q twice", sc.Game, sc.Lesson)
			}
		}
		tu, err := Build(g, sc)
		if err != nil {
			return nil, err
		}
		set.byGame[sc.Game] = append(set.byGame[sc.Game], tu)
	}
	return set, nil
}

// Build replays sc on g: the prefix, then every step. It returns an error
// naming the game, the step (1-based) and the reason when an action does
// not parse, is not its actor's to take or is illegal, when a target is
// not a word of its step's action, when a text is missing in one of
// [Languages], or when the learner never moves.
func Build(g game.Game, sc Script) (*Tutorial, error) {
	fail := func(step int, format string, args ...any) error {
		where := "set-up"
		if step > 0 {
			where = fmt.Sprintf("step %d", step)
		}
		return fmt.Errorf("tutorial %s lesson %s: %s: %s", sc.Game, sc.Lesson, where, fmt.Sprintf(format, args...))
	}
	if sc.Lesson == "" || strings.ContainsAny(sc.Lesson, " /?&=#") {
		return nil, fail(0, "the lesson needs an id of letters and digits")
	}
	if err := checkText(sc.Title); err != nil {
		return nil, fail(0, "title: %v", err)
	}
	s, _, err := game.StartStored(g, sc.Players, sc.Options, sc.Seed)
	if err != nil {
		return nil, fail(0, "%v", err)
	}
	if sc.Learner < 0 || int(sc.Learner) >= sc.Players {
		return nil, fail(0, "learner seat %d is not a seat of %d players", sc.Learner, sc.Players)
	}
	if len(sc.Names) != sc.Players {
		return nil, fail(0, "%d names for %d players", len(sc.Names), sc.Players)
	}
	if err := checkText(sc.End); err != nil {
		return nil, fail(0, "end text: %v", err)
	}
	for i, m := range sc.Prefix {
		if _, err := play(s, m); err != nil {
			return nil, fail(0, "prefix action %d %q of %s: %v", i+1, m.Move, m.Player, err)
		}
	}
	tu := &Tutorial{Script: sc}
	pm, _ := s.(game.PublicMover)
	learnerMoves := 0
	for i, st := range sc.Steps {
		n := i + 1
		if err := checkText(st.Text); err != nil {
			return nil, fail(n, "%v", err)
		}
		if st.Target != "" && !slices.Contains(strings.Fields(st.Move.Move), st.Target) {
			return nil, fail(n, "target %q is not part of the move %q", st.Target, st.Move.Move)
		}
		if st.Player == sc.Learner {
			learnerMoves++
		}
		before := s.Clone()
		a, err := play(s, st.Move)
		if err != nil {
			return nil, fail(n, "%q of %s: %v", st.Move.Move, st.Player, err)
		}
		public := st.Player == sc.Learner || pm == nil || pm.MoveIsPublic(st.Player, a)
		if pm == nil && g.Spec().Information != game.PerfectInformation && st.Player != sc.Learner {
			public = false
		}
		tu.states = append(tu.states, before)
		tu.public = append(tu.public, public)
	}
	if learnerMoves == 0 {
		return nil, fail(0, "the learner (seat %d) never moves", sc.Learner)
	}
	tu.states = append(tu.states, s)
	return tu, nil
}

// play parses m in s and plays it, checked.
func play(s game.State, m Move) (game.Action, error) {
	a, err := s.ParseAction(m.Player, strings.TrimSpace(m.Move))
	if err != nil {
		return 0, err
	}
	return a, game.Play(s, m.Player, a)
}

func checkText(t Text) error {
	for _, l := range Languages {
		if strings.TrimSpace(t[l]) == "" {
			return fmt.Errorf("no text in %q", l)
		}
	}
	for l := range t {
		if !slices.Contains(Languages, l) {
			return fmt.Errorf("text in unknown language %q", l)
		}
	}
	return nil
}

// Games returns the ids of the games that have a tutorial, sorted.
func (set *Set) Games() []string {
	var ids []string
	for id := range set.byGame {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Lesson returns the first lesson of game id in lang: see [Set.LessonOf].
func (set *Set) Lesson(id, lang string) (*Lesson, error) {
	return set.LessonOf(id, "", lang)
}

// LessonOf returns lesson (its id; "" for the first) of game id in lang.
// An unknown game or lesson is an error of code [game.CodeNotFound]; a
// language not in [Languages] one of code [game.CodeInvalid]: there is no
// fallback to English.
func (set *Set) LessonOf(id, lesson, lang string) (*Lesson, error) {
	tu, err := set.lookup(id, lesson, lang)
	if err != nil {
		return nil, err
	}
	sc := tu.Script
	ls := &Lesson{Game: sc.Game, Lesson: sc.Lesson, Title: sc.Title[lang], Lang: lang, Players: sc.Players,
		Learner: sc.Learner, Names: sc.Names, End: sc.End[lang]}
	for _, o := range set.byGame[id] {
		ls.Lessons = append(ls.Lessons, LessonRef{ID: o.Script.Lesson, Title: o.Script.Title[lang]})
	}
	for i, st := range sc.Steps {
		s := tu.states[i]
		step := Step{Index: i, Player: st.Player, Learner: st.Player == sc.Learner, Text: st.Text[lang],
			View: s.View(sc.Learner), Actors: s.Actors(nil)}
		if tu.public[i] {
			step.Move, step.Target = st.Move.Move, st.Target
		}
		if step.Learner {
			for _, a := range s.Legal(sc.Learner, nil) {
				step.Legal = append(step.Legal, s.ActionString(sc.Learner, a))
			}
		}
		ls.Steps = append(ls.Steps, step)
	}
	ls.EndView = tu.states[len(sc.Steps)].View(sc.Learner)
	return ls, nil
}

// Verdict is the answer to a learner's move at a step.
type Verdict struct {
	// OK is true when the move is the one the step asks for.
	OK bool `json:"ok"`
	// Code is "" when OK, "offscript" for a legal move that is not the
	// script's, or the engine's error code ("illegal", "invalid",
	// "not_your_turn") for a move the rules refuse.
	Code string `json:"code,omitempty"`
	// Reason is the engine's reason for a refused move.
	Reason string `json:"reason,omitempty"`
	// Expected is the move the step asks for.
	Expected string `json:"expected,omitempty"`
}

// Check answers the learner's move at step of game id's first lesson: see
// [Set.CheckLesson].
func (set *Set) Check(id, lang string, step int, move string) (*Verdict, error) {
	return set.CheckLesson(id, "", lang, step, move)
}

// CheckLesson answers the learner's move at step (0-based) of lesson ("" for
// the first) of game id's tutorial: the script's move is OK, a move the
// rules refuse gets the engine's reason, any other legal move is off the
// script. The state is never changed. An unknown game or lesson is an
// error of code [game.CodeNotFound]; a step that is not the learner's, or
// out of range, one of code [game.CodeInvalid].
func (set *Set) CheckLesson(id, lesson, lang string, step int, move string) (*Verdict, error) {
	tu, err := set.lookup(id, lesson, lang)
	if err != nil {
		return nil, err
	}
	sc := tu.Script
	if step < 0 || step >= len(sc.Steps) || sc.Steps[step].Player != sc.Learner {
		return nil, game.Errorf(game.CodeInvalid, "step %d is not one of the learner's steps of the %s tutorial", step, id)
	}
	want := sc.Steps[step].Move.Move
	s := tu.states[step]
	a, err := s.ParseAction(sc.Learner, strings.TrimSpace(move))
	if err != nil {
		return &Verdict{Code: string(game.ErrorCode(err)), Reason: err.Error(), Expected: want}, nil
	}
	if err := game.Check(s, sc.Learner, a); err != nil {
		return &Verdict{Code: string(game.ErrorCode(err)), Reason: err.Error(), Expected: want}, nil
	}
	wa, _ := s.ParseAction(sc.Learner, want)
	if a == wa {
		return &Verdict{OK: true}, nil
	}
	return &Verdict{Code: "offscript", Expected: want}, nil
}

// lookup returns lesson ("" for the first) of game id, checking lang.
func (set *Set) lookup(id, lesson, lang string) (*Tutorial, error) {
	lessons := set.byGame[id]
	if len(lessons) == 0 {
		return nil, game.Errorf(game.CodeNotFound, "no tutorial for game %q", id)
	}
	tu := lessons[0]
	if lesson != "" {
		i := slices.IndexFunc(lessons, func(t *Tutorial) bool { return t.Script.Lesson == lesson })
		if i < 0 {
			var ids []string
			for _, t := range lessons {
				ids = append(ids, t.Script.Lesson)
			}
			return nil, game.Errorf(game.CodeNotFound, "no lesson %q in the %s tutorial: choose one of %s", lesson, id, strings.Join(ids, ", "))
		}
		tu = lessons[i]
	}
	if !slices.Contains(Languages, lang) {
		return nil, game.Errorf(game.CodeInvalid, "no tutorial in language %q: choose one of %s", lang, strings.Join(Languages, ", "))
	}
	return tu, nil
}
