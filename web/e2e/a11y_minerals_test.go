package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/game"
	"minehall/games/minerals"
)

// The keyboard and screen-reader tests of Minerals and TF22 press keys
// alone (input.dispatchKeyEvent through chromedp.KeyEvent): no click, tap
// or script that acts on the page. What to play is read from the board's
// data attributes; how to get there is arrow keys, Tab and Enter.

// mtPress presses keys in the tab, each with the modifiers given.
func mtPress(t *testing.T, tab context.Context, what, keys string, mods ...chromedp.Modifier) {
	t.Helper()
	do(t, tab, 10*time.Second, what, chromedp.KeyEvent(keys, chromedp.KeyModifiers(mods...)))
}

// mtFocused is the page-side data-key of the element with the focus.
const mtFocused = `document.activeElement?.dataset?.key || ''`

// mtBefore is the page-side test "the element with data-key %q inside
// #board comes before the focused element in the document": then
// Shift+Tab goes to it, else Tab.
const mtBefore = `(() => { const e = document.querySelector('#board [data-key=' + JSON.stringify(%q) + ']'); const a = document.activeElement;
  return !!e && !!a && a !== document.body && !!(a.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING); })()`

// mtTabTo presses Tab (or Shift+Tab, towards an element before the focus)
// until the element with data-key key inside #board has the focus, at most
// limit times, and fails the test if it never does.
func mtTabTo(t *testing.T, tab context.Context, key string, limit int) {
	t.Helper()
	for i := 0; i < limit; i++ {
		if eval[string](t, tab, mtFocused) == key && eval[bool](t, tab, `document.getElementById('board').contains(document.activeElement)`) {
			return
		}
		if eval[bool](t, tab, fmt.Sprintf(mtBefore, key)) {
			mtPress(t, tab, "Shift+Tab towards "+key, kb.Tab, chromedp.ModifierShift)
		} else {
			mtPress(t, tab, "Tab towards "+key, kb.Tab)
		}
	}
	t.Fatalf("%d Tabs did not reach %s (the focus is on %q)", limit, key, eval[string](t, tab, `document.activeElement?.outerHTML?.slice(0, 120) || ''`))
}

// mtTabIntoBoard presses Tab until the focus is on a hex of the Minerals
// board, at most limit times.
func mtTabIntoBoard(t *testing.T, tab context.Context, inside string, limit int) {
	t.Helper()
	for i := 0; i < limit; i++ {
		if eval[bool](t, tab, fmt.Sprintf(`!!document.activeElement?.matches?.(%q)`, inside)) {
			return
		}
		mtPress(t, tab, "Tab towards the board", kb.Tab)
	}
	t.Fatalf("%d Tabs did not reach the board (%s)", limit, inside)
}

// mnHex is a Minerals hex as row and column from 0.
type mnHex struct{ row, col int }

func parseMnHex(name string) mnHex {
	var row int
	fmt.Sscanf(name[1:], "%d", &row)
	return mnHex{row - 1, int(name[0] - 'a')}
}

// x2 is the hex's column in half-hex units (odd rows are drawn half a hex
// to the right).
func (h mnHex) x2() int { return 2*h.col + h.row&1 }

// mnKeyStep is one key press on the Minerals board.
type mnKeyStep struct {
	key   string
	shift bool
}

// mnKeyPath returns the key presses that move the board's cursor from hex
// from to hex to: ↑/↓ (with Shift for the other neighbour) row by row
// towards the target's column, then ←/→ along its row.
func mnKeyPath(from, to string) []mnKeyStep {
	a, b := parseMnHex(from), parseMnHex(to)
	var path []mnKeyStep
	for a.row != b.row {
		key, dr := kb.ArrowDown, 1
		if b.row < a.row {
			key, dr = kb.ArrowUp, -1
		}
		// Same column letter, or the other neighbour (Shift).
		same := mnHex{a.row + dr, a.col}
		other := mnHex{a.row + dr, a.col - 1}
		if a.row&1 == 1 {
			other = mnHex{a.row + dr, a.col + 1}
		}
		if abs(other.x2()-b.x2()) < abs(same.x2()-b.x2()) {
			path, a = append(path, mnKeyStep{key, true}), other
		} else {
			path, a = append(path, mnKeyStep{key, false}), same
		}
	}
	for a.col != b.col {
		if b.col > a.col {
			path, a.col = append(path, mnKeyStep{kb.ArrowRight, false}), a.col+1
		} else {
			path, a.col = append(path, mnKeyStep{kb.ArrowLeft, false}), a.col-1
		}
	}
	return path
}

// mnMoveCursor moves the Minerals board's cursor from the focused hex to
// hex by arrow keys and checks that the focus arrived there.
func mnMoveCursor(t *testing.T, tab context.Context, hex string) {
	t.Helper()
	from := eval[string](t, tab, `document.activeElement?.dataset?.hex || ''`)
	if from == "" {
		t.Fatalf("the focus is not on a hex of the board: %s", eval[string](t, tab, `document.activeElement?.outerHTML?.slice(0, 120) || ''`))
	}
	for _, st := range mnKeyPath(from, hex) {
		if st.shift {
			mtPress(t, tab, "Shift+arrow to "+hex, st.key, chromedp.ModifierShift)
		} else {
			mtPress(t, tab, "arrow to "+hex, st.key)
		}
	}
	if got := eval[string](t, tab, `document.activeElement?.dataset?.hex || ''`); got != hex {
		t.Fatalf("the arrow keys from %s led to %q; want %s", from, got, hex)
	}
}

// mnNextKey is the page-side choice of what a person plays next on the
// Minerals board, read from its data attributes: "hex:NAME" for a
// highlighted hex or the pawn to select, "key:KEY" for a button (a card
// now and then, else end, no move, cut, any other), "" when nothing.
const mnNextKey = `(() => {
  const main = document.getElementById('main');
  if (main.dataset.myTurn !== 'true') return '';
  const hex = document.querySelector('#board .hex.legal');
  if (hex) return 'hex:' + hex.dataset.hex;
  const pawn = document.querySelector('#board .pawn.selectable:not(.selected)');
  if (pawn) return 'hex:' + pawn.dataset.hex;
  const take = document.querySelector('#board [data-move^="take "]');
  if (take && Number(main.dataset.n) % 3 === 0) return 'key:' + take.dataset.key;
  for (const m of ['end', 'no move', 'cut']) {
    const b = document.querySelector('#board button[data-move="' + m + '"]');
    if (b) return 'key:' + b.dataset.key;
  }
  const any = document.querySelector('#board button[data-move]');
  return any ? 'key:' + any.dataset.key : '';
})()`

// TestMineralsWholeGameByKeyboard creates a Minerals table against a bot
// and plays the whole game with the keyboard alone: Tab into the board,
// arrow keys over the hexes to the pawn and to its destination, Enter to
// act, Tab to the step's buttons (end the turn, take a card, cut), and
// checks that after every move the focus is still on the board, until the
// end screen shows.
func TestMineralsWholeGameByKeyboard(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "create a Minerals table against a bot",
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#opt-version`),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`),
	)
	waitFor(t, tab, 30*time.Second, "Ann's first turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	// From the page's top, Tab reaches the board's one Tab stop: the
	// cursor.
	do(t, tab, 5*time.Second, "focus at the page's top", chromedp.Evaluate[chromedp.Void](`document.activeElement?.blur?.()`))
	mtTabIntoBoard(t, tab, `#board polygon.hex`, 80)
	if n := eval[int](t, tab, `document.querySelectorAll('#board polygon.hex[tabindex="0"]').length`); n != 1 {
		t.Errorf("the board has %d hexes in the Tab order; want 1 (a roving tabindex)", n)
	}
	if got := eval[string](t, tab, `document.activeElement.getAttribute('aria-label')`); !regexp.MustCompile(`^[a-p]\d+: `).MatchString(got) {
		t.Errorf("the cursor's name: got %q; want the hex and what is on it", got)
	}

	presses, moves := 0, 0
	stop := time.Now().Add(5 * time.Minute)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "Ann's turn or the end", `document.getElementById('main').dataset.status === 'finished' || (`+mnNextKey+`) !== ''`)
		if eval[string](t, tab, `document.getElementById('main').dataset.status`) == "finished" {
			break
		}
		next := eval[string](t, tab, mnNextKey)
		if next == "" {
			continue
		}
		// After every move the focus is still on the board.
		if !eval[bool](t, tab, `document.getElementById('board').contains(document.activeElement)`) {
			t.Fatalf("move %d: the focus left the board: %s", moves, eval[string](t, tab, `document.activeElement?.outerHTML?.slice(0, 120) || ''`))
		}
		n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		if hex, ok := strings.CutPrefix(next, "hex:"); ok {
			if !eval[bool](t, tab, `!!document.activeElement?.dataset?.hex`) {
				mtTabIntoBoard(t, tab, `#board polygon.hex`, 40)
			}
			mnMoveCursor(t, tab, hex)
			selecting := eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('#board .pawn.selectable:not(.selected)[data-hex=%q]')`, hex))
			mtPress(t, tab, "Enter on "+hex, kb.Enter)
			presses++
			if selecting {
				waitFor(t, tab, 5*time.Second, "the pawn selected by Enter", `!!document.querySelector('#board .pawn.selected') && document.querySelectorAll('#board .hex.legal').length > 0`)
				if got := eval[string](t, tab, `document.activeElement?.dataset?.hex || ''`); got != hex {
					t.Fatalf("after selecting the pawn the focus is on %q; want its hex %s", got, hex)
				}
				// Escape cancels the selection once; Enter selects again.
				if moves == 0 {
					mtPress(t, tab, "Escape", kb.Escape)
					waitFor(t, tab, 5*time.Second, "the selection cancelled by Escape", `!document.querySelector('#board .pawn.selected') && document.activeElement?.dataset?.hex === '`+hex+`'`)
					mtPress(t, tab, "Enter on "+hex, kb.Enter)
					waitFor(t, tab, 5*time.Second, "the pawn selected again", `!!document.querySelector('#board .pawn.selected')`)
				}
				continue
			}
		} else {
			key := strings.TrimPrefix(next, "key:")
			mtTabTo(t, tab, key, 60)
			mtPress(t, tab, "Enter on "+key, kb.Enter)
			presses++
		}
		waitFor(t, tab, 30*time.Second, "the move applied",
			fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
		if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
			t.Fatalf("%s was refused: %s", next, msg)
		}
		moves++
	}
	if eval[string](t, tab, `document.getElementById('main').dataset.status`) != "finished" {
		t.Fatalf("the game did not end within 5 minutes (%d moves by Ann)", moves)
	}
	t.Logf("the game ended after %d moves by Ann (%d Enter presses)", moves, presses)
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
}

// mnAccess runs the Minerals renderer's access hooks in the page on the
// golden position's view, as seat you sees it, in lang, and returns the
// summary, the cells asked and the commands' answers.
type mnAccessAnswers struct {
	Summary  []string          `json:"summary"`
	Cells    map[string]string `json:"cells"`
	NoCell   []bool            `json:"nocell"`
	Commands map[string]string `json:"commands"`
	Words    [][]string        `json:"words"`
}

// accessHarness is the page-side harness of the access hooks: it imports
// the game's renderer and the translations, builds a render context of the
// view, the legal moves and the seats' names, and asks summary, cell (for
// each of cells, and for the refs that name no place) and every command
// (by its first word, with rest).
const accessHarness = `(async (mod, lang, view, legal, you, names, cells, bad, asks) => {
  const [m, i18n] = await Promise.all([import(mod), import('/assets/js/i18n.js')]);
  await i18n.setLanguage(lang);
  const ctx = { view, legal, you, names, t: i18n.t, lang, actors: [view.current], n: 0, status: 'playing', send: () => {} };
  const out = { summary: m.access.summary(ctx), cells: {}, nocell: bad.map((r) => m.access.cell(ctx, r) === null), commands: {}, words: [] };
  for (const c of cells) out.cells[c] = m.access.cell(ctx, c);
  const cmds = m.access.commands(ctx);
  out.words = cmds.map((c) => c.words);
  for (const [word, rest] of asks) {
    const c = cmds.find((c) => c.words.includes(word));
    out.commands[word + (rest ? ' ' + rest : '')] = c ? c.answer(ctx, rest) : '(no such command)';
  }
  return out;
})`

// runAccess opens the golden table of c (so that the page's modules and
// translations are the site's), runs accessHarness with the arguments
// given and decodes its answer into out.
func runAccess(t *testing.T, tab context.Context, out any, args ...any) {
	t.Helper()
	parts := make([]string, len(args))
	for i, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("encode %v: %v", a, err)
		}
		parts[i] = string(b)
	}
	c, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	raw, err := chromedp.Run(c, chromedp.Evaluate[json.RawMessage](fmt.Sprintf(`%s(%s).then((o) => JSON.stringify(o))`, accessHarness, strings.Join(parts, ", ")), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("run the access harness: %v", err)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("access harness answer %s: %v", raw, err)
	}
	if err := json.Unmarshal([]byte(s), out); err != nil {
		t.Fatalf("access harness answer %s: %v", s, err)
	}
}

// mnColour is each mineral's colour in English, as the rules name it.
var mnColour = map[string]string{"wollastonite": "white", "kyanite": "blue", "tourmaline": "pink", "anthracite": "black", "orpiment": "golden"}

// mnWords is a mineral in the English words of the screen-reader mode.
func mnWords(m string) string { return mnColour[m] + " (" + m + ")" }

// TestMineralsAccessAtGoldenPosition asks the Minerals renderer's access
// hooks about the golden position of a 4-player game (Ann to move) and
// checks every answer against the engine's own state: the summary's turn,
// pawn, pool and board count; each hex's mineral, value and pawn; "my
// pawn" with every legal destination; and "fragments I could cut off"
// against what the engine cuts off when each move is played.
func TestMineralsAccessAtGoldenPosition(t *testing.T) {
	t.Parallel()
	cases := []goldenCase{mnCuttingCase()}
	s, tables := goldenSiteTables(t, cases)
	gt := tables[cases[0].Name]
	tab := openGolden(t, newBrowser(t), s, cases[0], 1280, 900)
	view := gt.state.View(game.Player(0)).(minerals.View)
	var legal []string
	for _, a := range gt.state.Legal(0, nil) {
		legal = append(legal, gt.state.ActionString(0, a))
	}
	board := map[string]minerals.HexView{}
	for _, c := range view.Board {
		board[c.Hex] = c
	}
	pawns := map[string]int{}
	for i, p := range view.Players {
		if p.Pawn != "" {
			pawns[p.Pawn] = i
		}
	}
	names := cases[0].Names
	// Cells: the pawns' hexes, a few minerals, an empty place of the grid.
	cells := []string{}
	for hx := range pawns {
		cells = append(cells, hx)
	}
	for _, c := range view.Board[:5] {
		cells = append(cells, c.Hex)
	}
	empty := ""
	for r := 0; r < 16 && empty == ""; r++ {
		for c := 0; c < 16; c++ {
			hx := fmt.Sprintf("%c%d", 'a'+c, r+1)
			if _, ok := board[hx]; !ok {
				empty = hx
				break
			}
		}
	}
	cells = append(cells, empty)
	var got mnAccessAnswers
	runAccess(t, tab, &got, "/assets/games/minerals.js", "en", view, legal, 0, names, cells,
		[]string{"", "z9", "a17", "3,4", "l"}, [][2]string{{"my pawn", ""}, {"fragments", ""}, {"pawns", ""}, {"pouch", ""}, {"around", cells[0]}})

	// The summary: whose turn, Ann's pawn and pool, the board's count.
	me := view.Players[0]
	under := board[me.Pawn]
	wantSummary := []string{
		"Your turn: Move.",
		fmt.Sprintf("Your pawn is on %s, on %s: it moves %d %s.", me.Pawn, mnWords(under.Mineral), under.Value, map[bool]string{true: "hex", false: "hexes"}[under.Value == 1]),
	}
	for i, w := range wantSummary {
		if i >= len(got.Summary) || got.Summary[i] != w {
			t.Errorf("summary line %d: got %q; want %q", i, at(got.Summary, i), w)
		}
	}
	if want := fmt.Sprintf("The board holds %d minerals: ", len(view.Board)); !slices.ContainsFunc(got.Summary, func(s string) bool { return strings.HasPrefix(s, want) }) {
		t.Errorf("summary: got %q; want a line starting %q", got.Summary, want)
	}
	if want := fmt.Sprintf("Your score: %d.", me.Score); !strings.Contains(strings.Join(got.Summary, " "), want) {
		t.Errorf("summary: got %q; want %q", got.Summary, want)
	}

	// Every cell: the hex, its mineral by colour with its value, the pawn.
	for _, hx := range cells {
		want := hx + ": empty"
		if c, ok := board[hx]; ok {
			want = fmt.Sprintf("%s: %s, value %d", hx, mnWords(c.Mineral), c.Value)
		}
		if p, ok := pawns[hx]; ok {
			if p == 0 {
				want += ", your pawn"
			} else {
				want += fmt.Sprintf(", pawn of %s (pawn %d)", names[p], p+1)
			}
		}
		if !strings.HasPrefix(got.Cells[hx], want) {
			t.Errorf("cell %s: got %q; want it to start %q", hx, got.Cells[hx], want)
		}
	}
	for i, bad := range []string{"", "z9", "a17", "3,4", "l"} {
		if !got.NoCell[i] {
			t.Errorf("cell %q: got an answer; want null (no hex of the grid)", bad)
		}
	}

	// "my pawn": where it stands and every legal destination.
	answer := got.Commands["my pawn"]
	var dests []string
	for _, m := range legal {
		if hx, ok := strings.CutPrefix(m, "move "); ok {
			dests = append(dests, hx)
			if !strings.Contains(answer, hx+": ") {
				t.Errorf("my pawn: got %q; want the destination %s in it", answer, hx)
			}
		}
	}
	if len(dests) == 0 {
		t.Fatalf("the golden position has no move of Ann's pawn: %v", legal)
	}
	if !strings.HasPrefix(answer, fmt.Sprintf("Your pawn is on %s", me.Pawn)) {
		t.Errorf("my pawn: got %q; want it to start with where the pawn is", answer)
	}

	// "fragments I could cut off": for each move, the hexes the engine cuts
	// off and the minerals Ann takes from them.
	frag := got.Commands["fragments"]
	sentences := map[string]string{}
	for _, s := range regexp.MustCompile(`Moving to ([a-p]\d+) cuts off[^.]*\.`).FindAllStringSubmatch(frag, -1) {
		sentences[s[1]] = s[0]
	}
	cutting := 0
	for _, hx := range dests {
		st := gt.state.Clone()
		if err := game.Play(st, 0, mustParse(t, st, "move "+hx)); err != nil {
			t.Fatalf("play move %s: %v", hx, err)
		}
		after := st.View(game.Player(0)).(minerals.View)
		if after.Phase == "cut" {
			if err := game.Play(st, 0, mustParse(t, st, "cut")); err != nil {
				t.Fatalf("play cut after %s: %v", hx, err)
			}
			after = st.View(game.Player(0)).(minerals.View)
		}
		left := map[string]bool{}
		for _, c := range after.Board {
			left[c.Hex] = true
		}
		var cut []string
		for h := range board {
			if !left[h] && h != me.Pawn {
				cut = append(cut, h)
			}
		}
		sort.Strings(cut)
		var took []string
		for m, n := range after.Players[0].Pool {
			for range n - me.Pool[m] - b2i(m == under.Mineral) {
				took = append(took, mnWords(m))
			}
		}
		sort.Strings(took)
		sentence := sentences[hx]
		if len(cut) == 0 {
			if sentence != "" {
				t.Errorf("fragments: got %q for the move to %s; want nothing (the engine cuts off nothing)", sentence, hx)
			}
			continue
		}
		cutting++
		var said, saidTook []string
		for _, m := range regexp.MustCompile(`((?:[a-p]\d+ ?)+) \(\d+ minerals?\), you take ([a-z]+ \([a-z]+\))`).FindAllStringSubmatch(sentence, -1) {
			said = append(said, strings.Fields(m[1])...)
			saidTook = append(saidTook, m[2])
		}
		sort.Strings(said)
		sort.Strings(saidTook)
		if !slices.Equal(said, cut) || !slices.Equal(saidTook, took) {
			t.Errorf("fragments for the move to %s: got %q (hexes %v, takes %v); want the engine's hexes %v and takes %v", hx, sentence, said, saidTook, cut, took)
		}
	}
	t.Logf("%d of the %d moves cut off fragments: %s", cutting, len(dests), frag)
	if cutting == 0 && frag != "None of your pawn's moves cuts off a fragment." {
		t.Errorf("fragments: got %q; want the answer that no move cuts off a fragment", frag)
	}

	// "where are the pawns", the pouch, the hexes around a pawn.
	for hx, i := range pawns {
		name := names[i]
		if !strings.Contains(got.Commands["pawns"], name+" on "+hx) {
			t.Errorf("pawns: got %q; want %q in it", got.Commands["pawns"], name+" on "+hx)
		}
	}
	for m, n := range view.Pouch {
		if n > 0 && !strings.Contains(got.Commands["pouch"], fmt.Sprintf("%d × %s", n, mnWords(m))) {
			t.Errorf("pouch: got %q; want %d × %s in it", got.Commands["pouch"], n, mnWords(m))
		}
	}
	if a := got.Commands["around "+cells[0]]; strings.Count(a, ": ") < 3 {
		t.Errorf("around %s: got %q; want the neighbouring hexes", cells[0], a)
	}
	if !slices.ContainsFunc(got.Words, func(w []string) bool { return slices.Contains(w, "fragments i could cut off") }) {
		t.Errorf("command words: got %v; want \"fragments i could cut off\" among them", got.Words)
	}
}

// mnCuttingCase is a 4-player Minerals position on Ann's move where some
// move of her pawn cuts off fragments (served as a golden table, not shot).
func mnCuttingCase() goldenCase {
	c := mineralsGoldens()[0]
	c.Name = "minerals-access"
	c.Prepare, c.PrepareReady = "", ""
	c.Reach = func(s game.State, plies int) bool {
		v := s.View(game.Player(0)).(minerals.View)
		if v.Phase != "move" || !slices.Contains(s.Actors(nil), 0) || v.Turn < 16 {
			return false
		}
		for _, a := range s.Legal(0, nil) {
			if !strings.HasPrefix(s.ActionString(0, a), "move ") {
				continue
			}
			st := s.Clone()
			if game.Play(st, 0, a) == nil && len(st.View(game.Player(0)).(minerals.View).Board) < len(v.Board)-1 || st.View(game.Player(0)).(minerals.View).Phase == "cut" {
				return true
			}
		}
		return false
	}
	return c
}

// mustParse returns the action of move in st for seat 0.
func mustParse(t *testing.T, st game.State, move string) game.Action {
	t.Helper()
	a, err := st.ParseAction(0, move)
	if err != nil {
		t.Fatalf("parse %q: %v", move, err)
	}
	return a
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// at returns list[i], or "" past its end.
func at(list []string, i int) string {
	if i < len(list) {
		return list[i]
	}
	return ""
}

// mtCursorShown is the page-side check that the keyboard cursor of the
// board is drawn where the focus is: the cursor's ring (Minerals) or frame
// (TF22) of the focused element is displayed and inside the screen.
const mtCursorShown = `(() => {
  const a = document.activeElement;
  const ring = a?.matches?.('polygon.hex') ? a.ownerSVGElement.querySelectorAll('.rings .cursor-ring.focus') : a?.matches?.('.tfcard') ? a.querySelectorAll('.cursorframe') : [];
  if (ring.length !== 1 || getComputedStyle(ring[0]).display === 'none') return 'no cursor drawn on ' + (a?.outerHTML || '').slice(0, 80);
  const r = ring[0].getBoundingClientRect();
  if (r.width < 10 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return 'the cursor at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ' is not on the screen';
  return '';
})()`

// TestKeyboardCursorShown opens a Minerals and a TF22 position at the
// desktop's and a phone's size, Tabs into the board from the page's top,
// moves the cursor with the arrow keys, and checks that the cursor is
// drawn on the screen (a shot of each is kept under MINEHALL_SHOTS).
func TestKeyboardCursorShown(t *testing.T) {
	t.Parallel()
	mn := mineralsGoldens()[0]
	mn.Name, mn.Prepare, mn.PrepareReady = "minerals-cursor", "", ""
	var tf goldenCase
	for _, lc := range tf22LayoutCases(t) {
		if lc.Name == "tf22-layout-turn" {
			tf = lc.goldenCase
		}
	}
	tf.Name = "tf22-cursor"
	s := goldenSite(t, []goldenCase{mn, tf})
	browser := newBrowser(t)
	for _, c := range []struct {
		gc     goldenCase
		stop   string
		arrows []string
	}{
		{mn, `#board polygon.hex`, []string{kb.ArrowRight, kb.ArrowDown}},
		{tf, `#tf-planet .tfcard`, []string{kb.ArrowRight, kb.ArrowDown}},
	} {
		for _, vp := range []struct {
			name string
			w, h int64
		}{{"desktop", 1280, 900}, {"phone", 390, 844}} {
			t.Run(c.gc.Name+"-"+vp.name, func(t *testing.T) {
				tab := openGolden(t, browser, s, c.gc, vp.w, vp.h)
				mtTabIntoBoard(t, tab, c.stop, 90)
				for _, k := range c.arrows {
					mtPress(t, tab, "arrow", k)
				}
				if !eval[bool](t, tab, fmt.Sprintf(`!!document.activeElement?.matches?.(%q)`, c.stop)) {
					t.Fatalf("the arrow keys took the focus off the board")
				}
				if p := eval[string](t, tab, mtCursorShown); p != "" {
					t.Errorf("%s", p)
				}
				keepScreen(t, tab)
			})
		}
	}
}

// TestMineralsToolByKeyboard opens the golden 4-player position and
// chooses a tool with the keyboard: Tab to its button and Enter (for the
// Hammer, then Tab to a mineral and Enter) takes the focus to the board,
// on one of the tool's targets, whose name says what Enter does there;
// Escape cancels the tool and leaves the focus on the board.
func TestMineralsToolByKeyboard(t *testing.T) {
	t.Parallel()
	c := mineralsGoldens()[0]
	c.Name, c.Prepare, c.PrepareReady = "minerals-tool", "", ""
	s := goldenSite(t, []goldenCase{c})
	tab := openGolden(t, newBrowser(t), s, c, 1280, 900)
	tools := eval[[]string](t, tab, `[...document.querySelectorAll('#board button[data-tool-use]')].map((b) => b.dataset.toolUse)`)
	if len(tools) == 0 {
		t.Fatalf("no tool may be used at the golden position")
	}
	tool := tools[0]
	mtTabTo(t, tab, "tool:"+tool, 120)
	mtPress(t, tab, "Enter on the "+tool, kb.Enter)
	if tool == "hammer" {
		waitFor(t, tab, 5*time.Second, "the Hammer's minerals", `!!document.querySelector('#board [data-key^="hammer:"]')`)
		key := eval[string](t, tab, `document.querySelector('#board [data-key^="hammer:"]').dataset.key`)
		mtTabTo(t, tab, key, 10)
		mtPress(t, tab, "Enter on "+key, kb.Enter)
	}
	waitFor(t, tab, 5*time.Second, "the focus on a target of the "+tool, `document.activeElement?.matches?.('#board polygon.hex.legal')`)
	if got := eval[string](t, tab, `document.activeElement.getAttribute('aria-label')`); !strings.Contains(got, "Enter: ") {
		t.Errorf("the target's name: got %q; want what Enter does there", got)
	}
	mtPress(t, tab, "Escape", kb.Escape)
	waitFor(t, tab, 5*time.Second, "the tool cancelled, the focus on the board", `!document.querySelector('#board polygon.hex.legal') && document.activeElement?.matches?.('#board polygon.hex')`)
	t.Logf("the %s chosen and cancelled by keys", tool)
}
