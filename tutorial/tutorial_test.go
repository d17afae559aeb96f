package tutorial

import (
	"encoding/json"
	"slices"
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
		for _, tu := range set.byGame[id] {
			everyLanguage(t, set, id, tu.Script.Lesson)
		}
	}
}

// everyLanguage checks one lesson in every language, as
// TestEveryScriptInEveryLanguage says.
func everyLanguage(t *testing.T, set *Set, id, lesson string) {
	t.Helper()
	{
		for _, lang := range Languages {
			ls, err := set.LessonOf(id, lesson, lang)
			if err != nil {
				t.Fatalf("%s %s %s: %v", id, lesson, lang, err)
			}
			if ls.Title == "" || len(ls.Lessons) == 0 || ls.Lessons[0].ID != set.byGame[id][0].Script.Lesson {
				t.Errorf("%s %s %s: title %q, lessons %v; want a title and the game's lessons, first lesson first", id, lesson, lang, ls.Title, ls.Lessons)
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
				v, err := set.CheckLesson(id, lesson, lang, i, st.Move)
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
		en, _ := set.LessonOf(id, lesson, "en")
		for _, lang := range Languages[1:] {
			ls, _ := set.LessonOf(id, lesson, lang)
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
	tu := set.byGame["outofmine"][0]
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

// oomResult returns the learner's result of the last scored round at the
// end of an Out of Mine lesson, as its end view shows it.
func oomResult(t *testing.T, set *Set, lesson string) outofmine.ResultView {
	t.Helper()
	ls, err := set.LessonOf("outofmine", lesson, "en")
	if err != nil {
		t.Fatal(err)
	}
	v, ok := ls.EndView.(outofmine.View)
	if !ok || len(v.Results) == 0 {
		t.Fatalf("lesson %s: the end view %T holds no scored round", lesson, ls.EndView)
	}
	return v.Results[len(v.Results)-1][ls.Learner]
}

// TestOutOfMineTim: the rulebook's first example. "Tim has called "OUT OF
// MINE!" too early. He has placed one more green crystal tile than
// allowed, and one blue crystal tile protrudes over the edge of his
// gallery. Both wrongly placed crystal tiles are removed. [...] he
// receives 10 plus points, but has 4 points deducted for the empty spaces
// on his gallery board after the removal of the wrongly placed crystal
// tiles, and 2 points deducted for his premature "OUT OF MINE!" call. That
// means that 4 points are written down for Tim in that round."
func TestOutOfMineTim(t *testing.T) {
	set := load(t)
	r := oomResult(t, set, "tim")
	want := outofmine.RoundScore{Empty: 4, Base: 6, Caller: -2, Score: 4}
	if !r.Called || r.Score != want {
		t.Errorf("Tim's round: called %v, %+v; want the caller's %+v", r.Called, r.Score, want)
	}
	// The two removed tiles are a green one and the blue one over the edge.
	var colors []string
	for _, id := range r.Removed {
		for _, p := range r.Placed {
			if p.Tile == id {
				colors = append(colors, p.Shape)
				if p.Shape == "B2" && p.Cell != "a1" {
					t.Errorf("the removed blue tile lies at %s; want a1, over the edge", p.Cell)
				}
			}
		}
	}
	slices.Sort(colors)
	if len(colors) != 2 || colors[0] != "B2" || (colors[1] != "I3" && colors[1] != "L3") {
		t.Errorf("removed tiles %v; want the blue B2 and one green tile", colors)
	}
	// Before the call every gallery space was covered: the call is legal.
	ls := must(set.LessonOf("outofmine", "tim", "en"))
	last := ls.Steps[len(ls.Steps)-1]
	if last.Move != "call" || last.View.(outofmine.View).Players[0].Empty != 0 {
		t.Errorf("the last step is %q with %d empty spaces; want the call on a covered gallery", last.Move, last.View.(outofmine.View).Players[0].Empty)
	}
}

// TestOutOfMineCarl: the elves variant. "At the end of the round, a blue
// crystal tile is lying on Carl's gallery board next to the blue elf. He
// gets one bonus point for this. Carl gets another bonus point for the
// white crystal tile next to the white elf. The crystal tile next to the
// green elf, however, is white; therefore, he gets no bonus for this. So
// Carl's total in this round is: 10 - 4 (empty gallery spaces) + 1 (bonus
// for the blue elf) + 1 (bonus for the white elf) = 8 points."
func TestOutOfMineCarl(t *testing.T) {
	set := load(t)
	r := oomResult(t, set, "carl")
	want := outofmine.RoundScore{Empty: 4, Base: 6, Elves: 2, Score: 8}
	if r.Called || r.Score != want || len(r.Removed) != 0 {
		t.Errorf("Carl's round: called %v, %+v, removed %v; want %+v", r.Called, r.Score, r.Removed, want)
	}
	// The elves' spaces: blue under blue, white under white, white under
	// the green elf.
	shapeAt := map[string]string{}
	for _, p := range r.Placed {
		for _, c := range p.Cells {
			shapeAt[c] = p.Shape
		}
	}
	color := map[string]string{"B2": "blue", "T5": "white", "V5": "white", "Y1": "yellow", "I3": "green"}
	for _, e := range r.Layout.Elves {
		got := color[shapeAt[e.Cell]]
		switch e.Color {
		case "blue", "white":
			if got != e.Color {
				t.Errorf("the %s elf's space %s holds %q; want a %s tile", e.Color, e.Cell, got, e.Color)
			}
		case "green":
			if got != "white" {
				t.Errorf("the green elf's space %s holds %q; want a white tile", e.Cell, got)
			}
		}
	}
}

// TestOutOfMineAnnika: the finds variant (German rulebook, the English
// text lacks it). "Annikas Stollentableau ist folgendermaßen belegt, als
// es heißt „OUT OF MINE“. Ihr Stollentableau ist nicht vollständig belegt.
// Vier Felder sind noch frei, d. h. sie bekommt 10 - 4 = 6 Punkte. [...]
// Sie hat einen Holzwurm und zwei Goldnuggets ausliegen. [...] Damit
// erreicht sie in dieser Runde 10 - 4 - 1 + 2 + 2 = 9 Punkte."
func TestOutOfMineAnnika(t *testing.T) {
	set := load(t)
	r := oomResult(t, set, "annika")
	want := outofmine.RoundScore{Empty: 4, Base: 6, Finds: 3, Score: 9}
	if r.Called || r.Score != want || len(r.Removed) != 0 {
		t.Errorf("Annika's round: called %v, %+v, removed %v; want %+v", r.Called, r.Score, r.Removed, want)
	}
	elements := map[string]int{}
	for _, p := range r.Placed {
		elements[p.Element]++
	}
	if elements["woodworm"] != 1 || elements["gold"] != 2 || elements["silver"] != 0 || elements["rat"] != 0 {
		t.Errorf("elements on Annika's board %v; want one woodworm and two gold nuggets", elements)
	}
	// Somebody else called: Tim.
	ls := must(set.LessonOf("outofmine", "annika", "en"))
	v := ls.EndView.(outofmine.View)
	if !v.Results[0][1].Called {
		t.Errorf("Tim did not call OUT OF MINE!")
	}
}

// TestLessons: a game's lessons come in order, the first one without a
// lesson id; an unknown lesson is not found, and so is checking a move in
// it.
func TestLessons(t *testing.T) {
	set := load(t)
	ls := must(set.Lesson("outofmine", "de"))
	var ids []string
	for _, l := range ls.Lessons {
		ids = append(ids, l.ID)
		if l.Title == "" {
			t.Errorf("lesson %s has no German title", l.ID)
		}
	}
	if got := strings.Join(ids, " "); got != "basics tim carl annika" || ls.Lesson != "basics" {
		t.Errorf("Out of Mine's lessons %q, first %q; want basics tim carl annika, basics first", got, ls.Lesson)
	}
	if _, err := set.LessonOf("outofmine", "bob", "en"); game.ErrorCode(err) != game.CodeNotFound || !strings.Contains(err.Error(), "tim") {
		t.Errorf("an unknown lesson: %v; want not_found naming the lessons", err)
	}
	if _, err := set.CheckLesson("outofmine", "bob", "en", 0, "call"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("a check in an unknown lesson: %v; want not_found", err)
	}
	v, err := set.CheckLesson("outofmine", "tim", "en", 0, "take I3")
	if err != nil || !v.OK {
		t.Errorf("Tim's first move: %+v, %v; want OK", v, err)
	}
}

// TestHammerTimeClara: the rulebook's example. "Clara a fait tomber 5
// pierres précieuses du fond de la boîte et passe donc à l'étape 3." "Le
// wagonnet de Clara contient déjà une pierre précieuse jaune d'un tour
// précédent. Il reste 3 emplacements vides sur son wagonnet : un vert, un
// bleu et un rouge. Elle peut remplir les emplacements bleu et rouge avec
// les pierres précieuses qui sont tombées. [...] Clara repose sur le fond
// de la boîte les autres pierres précieuses qui sont tombées (jaune, rouge
// et noire)." "Clara peut se servir de sa carte joker pour servir de
// quatrième pierre précieuse dans son wagonnet : son wagonnet est alors
// rempli !"
func TestHammerTimeClara(t *testing.T) {
	set := load(t)
	ls := must(set.LessonOf("hammertime", "clara", "en"))
	if len(ls.Steps) != 2 {
		t.Fatalf("%d steps; want Clara's hit and her filling", len(ls.Steps))
	}
	// "Clara frappe délicatement sur le côté long de la boîte avec le
	// marteau": north and south are the tray's long sides.
	if m := ls.Steps[0].Move; !strings.HasPrefix(m, "hit north ") && !strings.HasPrefix(m, "hit south ") {
		t.Errorf("Clara's hit %q is not on a long side", m)
	}
	before := ls.Steps[0].View.(hammertime.View)
	w := before.Seats[0].Wagon
	if w == nil || len(w.Slots) != 4 || strings.Join(w.Gems, ",") != "yellow" || len(before.Seats[0].Missions) != 1 {
		t.Fatalf("before the hit: wagon %+v, missions %v; want a 4-slot wagon holding one yellow gem, and one mission card", w, before.Seats[0].Missions)
	}
	slots := slices.Clone(w.Slots)
	slices.Sort(slots)
	if strings.Join(slots, ",") != "blue,green,red,yellow" {
		t.Errorf("the wagon's slots %v; want yellow, green, blue and red", w.Slots)
	}
	fill := ls.Steps[1].View.(hammertime.View)
	if fill.Phase != "fill" || fill.Fill == nil {
		t.Fatalf("after the hit: phase %q; want the filling", fill.Phase)
	}
	var fell []string
	for _, g := range fill.Fill.Fallen {
		fell = append(fell, hammertime.GemColor(g).String())
	}
	slices.Sort(fell)
	if got := strings.Join(fell, ","); got != "black,blue,red,red,yellow" {
		t.Errorf("the gems that fell: %s; want Clara's five, blue and red for the wagon, yellow, red and black back", got)
	}
	if len(fill.Seats[0].Missions) != 1 {
		t.Errorf("the hit won a mission card (%v): Clara's has only her joker", fill.Seats[0].Missions)
	}
	end := ls.EndView.(hammertime.View)
	if len(end.Seats[0].FullWagons) != 1 || len(end.Seats[0].Missions) != 0 {
		t.Errorf("after the filling: %d full wagons, missions %v; want the wagon full and the joker card used", len(end.Seats[0].FullWagons), end.Seats[0].Missions)
	}
}

// mnLesson returns a Minerals lesson in English.
func mnLesson(t *testing.T, set *Set, lesson string) *Lesson {
	t.Helper()
	ls, err := set.LessonOf("minerals", lesson, "en")
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

// TestMineralsMatt: "Example: Matt (golden) can move correctly only in
// three directions [...] All other directions [...] would end up in an
// incorrect way: two would end outside of the board, while the other one
// is blocked by a Crevice bigger than one Mineral tile." Matt stands on an
// orpiment: "Move your pawn in a straight line a number of hexes equal to
// the value of the Mineral the pawn is currently standing on".
func TestMineralsMatt(t *testing.T) {
	set := load(t)
	tu := set.byGame["minerals"][slices.IndexFunc(set.byGame["minerals"], func(t *Tutorial) bool { return t.Script.Lesson == "matt" })]
	s := tu.states[0]
	v := mnView(s)
	pawn, err := minerals.ParseCell(v.Players[0].Pawn)
	b := mnBoard(v)
	if err != nil || b[pawn] != "orpiment" {
		t.Fatalf("Matt's pawn on %q (%v); want an orpiment", b[pawn], err)
	}
	legal := legalMoves(s)
	d := directions(b, pawnsOf(v), pawn, 5, legal)
	if len(legal) != 3 || d["legal"] != 3 || d["outside"] != 2 || d["crevice"] != 1 {
		t.Errorf("Matt's moves %v, directions %v; want three correct, two outside the board, one across a crevice of two hexes or more", legal, d)
	}
	if st := mnLesson(t, set, "matt").Steps[0]; !legal[st.Move] {
		t.Errorf("the lesson asks for %q, not one of Matt's moves", st.Move)
	}
}

// TestMineralsDavid: "Example No. 2: David (pink) moves his pawn on the
// anthracite and claims the wollastonite on which his pawn was standing at
// the beginning of the movement. As a result of the move, two fragments of
// the board are cut off. David can claim one Mineral from each of those
// fragments. He takes the watermelon tourmaline from the first fragment A
// and the wollastonite from the second fragment B. The rest of the
// Minerals left on the cut off fragments are returned to the pouch."
func TestMineralsDavid(t *testing.T) {
	set := load(t)
	ls := mnLesson(t, set, "david")
	before := ls.Steps[0].View.(minerals.View)
	after := ls.EndView.(minerals.View)
	pawn, _ := minerals.ParseCell(before.Players[0].Pawn)
	dest, _ := minerals.ParseCell(strings.TrimPrefix(ls.Steps[0].Move, "move "))
	b := mnBoard(before)
	if b[pawn] != "wollastonite" || b[dest] != "anthracite" {
		t.Errorf("David moves from %s to %s; want from a wollastonite onto an anthracite", b[pawn], b[dest])
	}
	gain := map[string]int{}
	for m, n := range after.Players[0].Pool {
		if d := n - before.Players[0].Pool[m]; d != 0 {
			gain[m] = d
		}
	}
	if len(gain) != 2 || gain["wollastonite"] != 2 || gain["tourmaline"] != 1 {
		t.Errorf("David gains %v; want the lifted wollastonite, a tourmaline and a wollastonite", gain)
	}
	// Two fragments went, not one mineral each: the rest went to the pouch.
	lost := len(before.Board) - len(after.Board)
	pouch := 0
	for m, n := range after.Pouch {
		pouch += n - before.Pouch[m]
	}
	if lost < 4 || pouch != lost-3 {
		t.Errorf("%d minerals left the board and %d went to the pouch; want two fragments, the rest of them in the pouch", lost, pouch)
	}
}

// TestMineralsKate: "Example no. 3: It's Kate's (blue) turn. She's only one
// Mineral short from getting a Collection card worth 21 points. She needs
// anthracite and her pawn is standing on one. Unfortunately, there is no
// valid move possible [...] she has three watermelon tourmalines. She can
// spend one of them to use a Map and change direction during the move.
// Thanks to the Map A Kate finishes her move on wollastonite and can claim
// the excavated anthracite B. [...] a separated fragment of the board C in
// which no other player's pawn is present. This means that Kate can take
// the lowest value Mineral from that fragment (kyanite), while the rest of
// the Minerals are returned to the pouch. Now Kate can exchange her
// Minerals (1x wollastonite, 2x kyanites, 2x watermelon tourmalines, 1x
// anthracite) for the Collection card D."
func TestMineralsKate(t *testing.T) {
	set := load(t)
	ls := mnLesson(t, set, "kate")
	before := ls.Steps[0].View.(minerals.View)
	pawn, _ := minerals.ParseCell(before.Players[0].Pawn)
	b := mnBoard(before)
	pool := before.Players[0].Pool
	if b[pawn] != "anthracite" || pool["anthracite"] != 0 || pool["tourmaline"] != 3 || pool["kyanite"] < 2 || pool["wollastonite"] < 1 {
		t.Errorf("Kate on %s with pool %v; want her on an anthracite, three tourmalines and all the card needs but the anthracite", b[pawn], pool)
	}
	for _, m := range ls.Steps[0].Legal {
		if strings.HasPrefix(m, "move ") {
			t.Errorf("Kate has the correct move %q; want none", m)
		}
	}
	if !strings.HasPrefix(ls.Steps[0].Move, "map ") {
		t.Fatalf("Kate's move %q; want the Map", ls.Steps[0].Move)
	}
	dest, _ := minerals.ParseCell(strings.TrimPrefix(ls.Steps[0].Move, "map "))
	if b[dest] != "wollastonite" {
		t.Errorf("Kate ends on %s; want a wollastonite", b[dest])
	}
	// After the Map move: the anthracite, the fragment's kyanite, one
	// tourmaline on the Map.
	mid := ls.Steps[1].View.(minerals.View)
	p := mid.Players[0].Pool
	if p["anthracite"] != 1 || p["kyanite"] != pool["kyanite"]+1 || p["tourmaline"] != 2 || mid.Players[0].Tools["tourmaline"] != 1 {
		t.Errorf("after the Map move: pool %v, tools %v; want the anthracite, one more kyanite, two tourmalines, one on the Map", p, mid.Players[0].Tools)
	}
	card := ls.Steps[1].Move
	slot := int(card[len(card)-1] - '1')
	if id := mid.FaceUp[slot]; id != "d01" {
		t.Errorf("Kate takes card %s; want d01", id)
	}
	end := ls.EndView.(minerals.View)
	if !slices.Contains(end.Players[0].Cards, "d01") {
		t.Errorf("Kate's cards %v; want d01", end.Players[0].Cards)
	}
	want := map[string]int{"wollastonite": 1, "kyanite": 2, "tourmaline": 2, "anthracite": 1}
	for m, n := range want {
		if got := p[m] - end.Players[0].Pool[m]; got != n {
			t.Errorf("the exchange paid %d %s; want %d", got, m, n)
		}
	}
	for _, c := range end.Players[0].Breakdown.Cards {
		if c.ID == "d01" && c.Points != 21 {
			t.Errorf("d01 scores %d; want 21", c.Points)
		}
	}
}
