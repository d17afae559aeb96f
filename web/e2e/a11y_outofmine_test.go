package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/game"
)

// press sends keys, one key event each, to whatever has the focus: the
// keyboard tests act with nothing else (no click, no tap, no script that
// plays).
func press(t *testing.T, tab context.Context, what string, keys ...string) {
	t.Helper()
	actions := make([]chromedp.Action[chromedp.Void], len(keys))
	for i, k := range keys {
		actions[i] = chromedp.KeyEvent(k)
	}
	do(t, tab, 10*time.Second, what, actions...)
}

// focusedMatches is the page-side test that the focused element matches sel.
func focusedMatches(sel string) string {
	return fmt.Sprintf(`!!document.activeElement?.matches?.(%q)`, sel)
}

// tabTo presses Tab until the focused element matches sel, as a keyboard
// player reaches a control, and fails after 120 presses.
func tabTo(t *testing.T, tab context.Context, what, sel string) {
	t.Helper()
	for range 120 {
		if eval[bool](t, tab, focusedMatches(sel)) {
			return
		}
		press(t, tab, "Tab towards "+what, kb.Tab)
	}
	t.Fatalf("120 presses of Tab never reached %s (%s); the focus is on %q", what, sel,
		eval[string](t, tab, `document.activeElement?.outerHTML.slice(0, 200) || ''`))
}

// joinByKeyboard opens the table's link in tab, tabs to the join form's
// name, types it and presses Enter.
func joinByKeyboard(t *testing.T, tab context.Context, url, name string) {
	t.Helper()
	do(t, tab, 30*time.Second, name+" opens the link", chromedp.Navigate(url), visible(`#join-name`))
	tabTo(t, tab, "the name field", `#join-name`)
	// Select the name the form suggests and type over it.
	do(t, tab, 10*time.Second, "type the name", chromedp.KeyEvent("a", chromedp.KeyModifiers(2)), chromedp.KeyEvent(name), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 20*time.Second, name+" seated", `!document.querySelector('#join-name')`)
}

// oomFocusInside is the page-side test that the focus is in the game.
const oomFocusInside = `!!document.activeElement?.closest?.('#oom')`

// oomChooseSideByKeys waits for the choice of round and chooses the side
// the page allows with its letter key (A or B), tabbing into the game
// first when the focus is elsewhere.
func oomChooseSideByKeys(t *testing.T, tab context.Context, round int) {
	t.Helper()
	waitFor(t, tab, 60*time.Second, fmt.Sprintf("the side choice of round %d", round),
		fmt.Sprintf(`%s === 'choose' && document.querySelector('#oom').dataset.round === '%d' && !!document.querySelector('#oom-side-A:not([disabled]), #oom-side-B:not([disabled])')`, phase, round))
	side := eval[string](t, tab, `document.querySelector('#oom-side-A:not([disabled])') ? 'A' : 'B'`)
	if !eval[bool](t, tab, oomFocusInside) {
		tabTo(t, tab, "side "+side, `#oom-side-`+side)
	}
	for attempt := 1; attempt <= 3; attempt++ {
		press(t, tab, "choose side "+side, strings.ToLower(side))
		if holds(tab, 3*time.Second, `!document.querySelector('#oom-side-A, #oom-side-B')`) {
			return
		}
		t.Logf("round %d: side %s not chosen after key press %d", round, side, attempt)
	}
	t.Fatalf("round %d: side %s not chosen after 3 presses of its key", round, side)
}

// oomFocusIn tabs into the game when the focus is elsewhere.
func oomFocusIn(t *testing.T, tab context.Context) {
	t.Helper()
	if !eval[bool](t, tab, oomFocusInside) {
		tabTo(t, tab, "the board's cursor", `#oom-board rect.cell[tabindex="0"], #oom-supply button.kind, #oom-scoring, #oom-side-A, #oom-side-B`)
	}
}

// oomInRound is the page-side test that the round is still being played.
const oomInRound = phase + ` === 'round'`

// oomPlaceByKeys plays one tile by keyboard: S to the supply, the arrows
// to a blue domino (a yellow monomino when none is left), Enter takes it
// onto the board's cursor, R turns it upright, the arrows carry it over
// two free gallery spaces (its cells named on the cursor), Enter lays it;
// it waits for the server's confirmation. It reports false when the round
// ended first or no such tile is left.
func oomPlaceByKeys(t *testing.T, tab context.Context) bool {
	t.Helper()
	if !eval[bool](t, tab, oomInRound) {
		return false
	}
	oomFocusIn(t, tab)
	press(t, tab, "go to the supply", "s")
	if !holds(tab, 3*time.Second, focusedMatches(`#oom-supply button.kind`)+` || !(`+oomInRound+`)`) || !eval[bool](t, tab, oomInRound) {
		return false
	}
	shape, want := "", ""
	for range 30 {
		kind := eval[string](t, tab, `document.activeElement?.dataset?.kind || ''`)
		if strings.HasPrefix(kind, "B2") {
			shape, want = "B2", "r90"
			break
		}
		if strings.HasPrefix(kind, "Y1") && !eval[bool](t, tab, `!!document.querySelector('#oom-supply button.kind[data-kind^="B2"]:not([disabled])')`) {
			shape, want = "Y1", "r0"
			break
		}
		if !eval[bool](t, tab, oomInRound) {
			return false
		}
		press(t, tab, "next kind in the supply", kb.ArrowRight)
	}
	if shape == "" {
		t.Logf("no domino or monomino found in the supply")
		return false
	}
	press(t, tab, "take "+shape, kb.Enter)
	if !holds(tab, 10*time.Second, fmt.Sprintf(`document.querySelector('#oom-hand')?.dataset.shape === %q && document.querySelector('#oom-board')?.dataset.preview !== '' && %s || !(%s)`, shape, focusedMatches(`#oom-board rect.cell`), oomInRound)) || !eval[bool](t, tab, oomInRound) {
		return false
	}
	for i := 0; i < 8 && strings.Fields(eval[string](t, tab, `document.querySelector('#oom-board')?.dataset.previewAt || ''`) + " ?")[0] != want; i++ {
		press(t, tab, "turn with R", "r")
	}
	target := eval[string](t, tab, fmt.Sprintf(`(() => {
  const free = (r, c) => document.querySelector('#oom-board rect.cell.gallery:not(.covered)[data-cell="' + String.fromCharCode(97 + c) + (r + 1) + '"]');
  const board = document.querySelector('#oom-board');
  if (!board) return '';
  const rows = Number(board.dataset.rows), cols = Number(board.dataset.cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (free(r, c) && (%q === 'Y1' || free(r + 1, c))) return r + ',' + c;
  return '';
})()`, shape))
	if target == "" {
		press(t, tab, "put the tile back with Backspace", kb.Backspace)
		return false
	}
	var r, c int
	fmt.Sscanf(target, "%d,%d", &r, &c)
	// The carried tile's anchor, as the board shows it: "r90 c2".
	for range 40 {
		at := strings.Fields(eval[string](t, tab, `document.querySelector('#oom-board')?.dataset.previewAt || ''`))
		if len(at) != 2 || !eval[bool](t, tab, oomInRound) {
			return false
		}
		ac, ar := int(at[1][0]-'a'), 0
		fmt.Sscan(at[1][1:], &ar)
		ar--
		switch {
		case ar < r:
			press(t, tab, "carry down", kb.ArrowDown)
		case ar > r:
			press(t, tab, "carry up", kb.ArrowUp)
		case ac < c:
			press(t, tab, "carry right", kb.ArrowRight)
		case ac > c:
			press(t, tab, "carry left", kb.ArrowLeft)
		default:
			// The cursor names the cells the tile would cover, and that it fits.
			label := eval[string](t, tab, `document.activeElement?.getAttribute('aria-label') || ''`)
			if !strings.Contains(label, cellName(r, c)) || !strings.Contains(label, "fits") {
				t.Errorf("the cursor over %s reads %q; want the cell and that the tile fits", cellName(r, c), label)
			}
			press(t, tab, "place with Enter", kb.Enter)
			sel := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q]`, shape, want, cellName(r, c))
			if !holds(tab, 20*time.Second, fmt.Sprintf(`document.querySelector('%s[data-state="confirmed"]') || %s !== 'round'`, sel, phase)) {
				t.Fatalf("waited 20s for the server's confirmation of %s; the board has %s; %s", sel,
					eval[string](t, tab, `[...document.querySelectorAll('#oom-board g.tile')].map((g) => g.dataset.shape + ' ' + g.dataset.sym + ' ' + g.dataset.cell + ' ' + g.dataset.state).join('; ')`),
					eval[string](t, tab, `document.querySelector('#oom-rollback')?.textContent || 'no rollback'`))
			}
			return eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('%s[data-state="confirmed"]')`, sel))
		}
	}
	t.Fatalf("the arrow keys never brought the tile to %s", cellName(r, c))
	return false
}

// TestA11yOutOfMineKeyboardGame has a person play a whole game of Out of
// Mine against a bot with the keyboard alone: joining by the link's form,
// choosing each round's side with its letter key, taking tiles from the
// supply with S, the arrows and Enter, turning them with R, carrying them
// over the board with the arrows (the cursor names the cells and whether
// the tile fits) and laying them with Enter, putting a tile back with
// Backspace once; the live region tells when a round's time runs low;
// after round 7 the end screen.
func TestA11yOutOfMineKeyboardGame(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	link := createTable(t, s, map[string]any{"game": "outofmine", "players": 2, "autostart": true,
		"options": map[string]string{"clock": "15"},
		"seats":   []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "random"}}})
	tab := newTab(t, newBrowser(t), "keyboard")
	joinByKeyboard(t, tab, s.URL+link, "Ann")
	placed, putBack, toldLow := 0, false, false
	for round := 1; round <= 7; round++ {
		oomChooseSideByKeys(t, tab, round)
		waitFor(t, tab, 60*time.Second, fmt.Sprintf("round %d under way", round),
			fmt.Sprintf(`%s && document.querySelector('#oom').dataset.round === '%d' || document.querySelector('#oom-scoring[data-round="%d"]')`, oomInRound, round, round))
		if !putBack && eval[bool](t, tab, oomInRound) {
			oomFocusIn(t, tab)
			// Take a tile and put it back with Backspace: the supply counts it again.
			press(t, tab, "go to the supply", "s")
			if holds(tab, 3*time.Second, focusedMatches(`#oom-supply button.kind`)) {
				kind := eval[string](t, tab, `document.activeElement.dataset.kind`)
				before := eval[string](t, tab, `document.activeElement.dataset.count`)
				press(t, tab, "take "+kind, kb.Enter)
				if holds(tab, 5*time.Second, `!!document.querySelector('#oom-hand')?.dataset.shape && document.querySelector('#oom-hand').dataset.state === 'confirmed'`) {
					press(t, tab, "put it back", kb.Backspace)
					putBack = holds(tab, 5*time.Second, fmt.Sprintf(`!document.querySelector('#oom-hand')?.dataset.shape && document.querySelector('#oom-supply [data-kind=%q]')?.dataset.count === %q`, kind, before))
					// The supply is shared: the bot may take a tile of the
					// same kind meanwhile, and the count then differs by
					// its take. The put-back is tried again next round; the
					// game's end checks that one succeeded.
					if !putBack {
						t.Logf("round %d: after Backspace the hand holds %q and the supply counts %s of %s (%s before); trying again next round", round,
							eval[string](t, tab, `document.querySelector('#oom-hand')?.dataset.shape || ''`),
							eval[string](t, tab, fmt.Sprintf(`document.querySelector('#oom-supply [data-kind=%q]')?.dataset.count || ''`, kind)), kind, before)
					}
				}
			}
		}
		if oomPlaceByKeys(t, tab) {
			placed++
		}
		if !toldLow && holds(tab, 20*time.Second, `[...document.querySelectorAll('#announce p')].some((p) => /seconds left in the round/.test(p.textContent)) || !!document.querySelector('#oom-scoring[data-round="`+fmt.Sprint(round)+`"]')`) {
			toldLow = eval[bool](t, tab, `[...document.querySelectorAll('#announce p')].some((p) => /seconds left in the round/.test(p.textContent))`)
		}
		waitFor(t, tab, 60*time.Second, fmt.Sprintf("the scoring of round %d", round),
			fmt.Sprintf(`!!document.querySelector('#oom-scoring[data-round="%d"]')`, round))
	}
	t.Logf("the keyboard player's tiles were confirmed in %d of 7 rounds", placed)
	if placed < 4 {
		t.Errorf("the keyboard player's tiles were confirmed in %d of 7 rounds; want at least 4", placed)
	}
	if !putBack {
		t.Errorf("no tile was put back with Backspace in the whole game")
	}
	if !toldLow {
		t.Errorf("the live region never told that the round's time runs low")
	}
	do(t, tab, 30*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
}

// accessAnswers runs, in the page, the game module's access hooks against
// view (JSON) as seat you sees it with the page's own texts, and returns
// what they answer as JSON: {summary, cells: {ref: text}, commands:
// {words: answer}} for the refs and the typed commands ("words rest") given.
func accessAnswers(t *testing.T, tab context.Context, module, view string, you int, names, refs, typed []string) string {
	t.Helper()
	js, _ := json.Marshal(map[string]any{"names": names, "refs": refs, "typed": typed})
	expr := fmt.Sprintf(`(async () => {
  const m = await import(%q);
  const { t } = await import('/assets/js/i18n.js');
  const a = %s;
  const ctx = { view: %s, t, you: %d, names: a.names, lang: 'en', legal: [], status: 'playing' };
  const cmds = m.access.commands(ctx);
  const out = { summary: m.access.summary(ctx), cells: {}, commands: {} };
  for (const r of a.refs) out.cells[r] = m.access.cell(ctx, r);
  for (const line of a.typed) {
    const c = cmds.flatMap((c) => c.words.map((w) => ({ w, c }))).filter(({ w }) => line === w || line.startsWith(w + ' ')).sort((x, y) => y.w.length - x.w.length)[0];
    out.commands[line] = c ? c.c.answer(ctx, line.slice(c.w.length).trim()) : null;
  }
  return JSON.stringify(out);
})()`, module, js, view, you)
	c, cancel := context.WithTimeout(tab, 10*time.Second)
	defer cancel()
	out, err := chromedp.Run(c, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("the access hooks of %s: %v", module, err)
	}
	return out
}

// accessResult is what accessAnswers returns.
type accessResult struct {
	Summary  []string           `json:"summary"`
	Cells    map[string]*string `json:"cells"`
	Commands map[string]*string `json:"commands"`
}

// TestA11yOutOfMineAccessAnswers checks what the screen-reader mode reads
// of Out of Mine at a golden position (round 2, a tile in hand), against
// the engine: the summary's empty spaces, hand and card; every space of
// the board by name (rock, empty gallery, or the tile's shape); "empty
// cells" listing exactly the uncovered gallery spaces; and "what fits
// here" at an empty space naming, for the tile in hand, exactly the turns
// the engine accepts there that cover only empty gallery spaces. It then
// shows the keyboard's cursor carrying the tile at 1280×900 and 390×844.
func TestA11yOutOfMineAccessAnswers(t *testing.T) {
	t.Parallel()
	c := outOfMineGoldens()[0]
	s, tables := goldenSiteTables(t, []goldenCase{c})
	st := tables[c.Name].state
	v := oomView(st, c.You)
	me := v.Players[c.You]
	if me.Layout == nil || me.HandTile == nil {
		t.Fatalf("the golden position has no board or no tile in hand")
	}
	// The board as the engine has it.
	covered := map[string]string{}
	for _, p := range me.Placed {
		for _, cell := range p.Cells {
			covered[cell] = p.Shape
		}
	}
	var refs, empty []string
	gallery := map[string]bool{}
	for r, row := range me.Layout.Rows {
		for col, ch := range row {
			name := cellName(r, col)
			refs = append(refs, name)
			gallery[name] = ch == '#'
			if ch == '#' && covered[name] == "" {
				empty = append(empty, name)
			}
		}
	}
	at := empty[0]
	view, _ := json.Marshal(v)
	tab := openOutOfMineGolden(t, newBrowser(t), s, c, `!!document.querySelector('#oom-board .tile')`)
	var got accessResult
	raw := accessAnswers(t, tab, "/assets/js/outofmine-access.js", string(view), int(c.You), c.Names, append(refs, "z9", "b"),
		[]string{"empty cells", "what fits here " + at})
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	summary := strings.Join(got.Summary, " ")
	for _, want := range []string{fmt.Sprintf("%d gallery spaces empty", me.Empty), "In your hand: " + me.HandTile.Shape, "Treasure card:", "Round 2 of 7"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q; want it to say %q", summary, want)
		}
	}
	for _, ref := range refs {
		text := ""
		if got.Cells[ref] != nil {
			text = *got.Cells[ref]
		}
		var want string
		switch {
		case covered[ref] != "":
			want = fmt.Sprintf("%s: rock, covered by the", ref)
		case gallery[ref]:
			want = ref + ": empty gallery space"
		default:
			want = ref + ": rock"
		}
		if covered[ref] != "" && gallery[ref] {
			if !strings.HasPrefix(text, ref+": ") || !strings.Contains(text, " tile "+covered[ref]) {
				t.Errorf("at %s: got %q; want the tile %s named", ref, text, covered[ref])
			}
		} else if !strings.HasPrefix(text, want) {
			t.Errorf("at %s: got %q; want %q", ref, text, want)
		}
	}
	for _, ref := range []string{"z9", "b"} {
		if got.Cells[ref] != nil {
			t.Errorf("at %q (no space): got %q; want nothing", ref, *got.Cells[ref])
		}
	}
	if a := got.Commands["empty cells"]; a == nil || *a != fmt.Sprintf("%d empty: %s", len(empty), strings.Join(empty, ", ")) {
		t.Errorf(`"empty cells": got %v; want "%d empty: %s"`, a, len(empty), strings.Join(empty, ", "))
	}
	// The turns of the tile in hand that the engine lays at the space,
	// covering only empty gallery spaces (one per distinct set of cells).
	hand := me.HandTile.Shape
	fits := map[string]bool{}
	for _, sym := range transformNames {
		cl := st.Clone()
		if _, err := game.PlayNotation(cl, c.You, "place "+sym+" "+at); err != nil {
			continue
		}
		after := oomView(cl, c.You).Players[c.You]
		if after.Empty != me.Empty-len(after.Placed[len(after.Placed)-1].Cells) {
			continue
		}
		cells := append([]string(nil), after.Placed[len(after.Placed)-1].Cells...)
		slices.Sort(cells)
		fits[strings.Join(cells, " ")] = true
	}
	answer := ""
	if a := got.Commands["what fits here "+at]; a != nil {
		answer = *a
	}
	var listed []string
	for _, part := range strings.Split(strings.TrimPrefix(answer, "At "+at+" fit: "), "; ") {
		if name, syms, ok := strings.Cut(part, " ("); ok && name == hand {
			listed = strings.Split(strings.TrimSuffix(syms, ")"), ", ")
		}
	}
	if len(listed) != len(fits) {
		t.Errorf(`"what fits here %s": got %q; want %s in the %d turns the engine lays there on empty gallery only`, at, answer, hand, len(fits))
	}
	for _, sym := range listed {
		cl := st.Clone()
		if _, err := game.PlayNotation(cl, c.You, "place "+sym+" "+at); err != nil {
			t.Errorf(`"what fits here %s" lists %s %s; the engine refuses it: %v`, at, hand, sym, err)
		}
	}

	// The keyboard's cursor, carrying the tile in hand, at two sizes.
	for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
		do(t, tab, 10*time.Second, "resize", screenSize(size[0], size[1]))
		waitFor(t, tab, 10*time.Second, "the board at the new size", `!!document.querySelector('#oom-board')`)
		tabTo(t, tab, "the board's cursor", `#oom-board rect.cell[tabindex="0"]`)
		press(t, tab, "carry the tile", kb.ArrowRight, kb.ArrowDown)
		waitFor(t, tab, 5*time.Second, "the carried tile shown", `!!document.querySelector('#oom-board')?.dataset.preview && getComputedStyle(document.querySelector('#oom-board .cursor-mark')).display !== 'none'`)
		label := eval[string](t, tab, `document.activeElement.getAttribute('aria-label')`)
		if !strings.Contains(label, "Tile "+hand) || !strings.Contains(label, "covers") {
			t.Errorf("at %dx%d the cursor reads %q; want the carried tile %s and its cells", size[0], size[1], label, hand)
		}
		eval[bool](t, tab, `(document.activeElement.scrollIntoView({block: 'center'}), true)`)
		shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("MINEHALL_SHOTS"); dir != "" {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("a11y-outofmine-%dx%d.png", size[0], size[1])), shot, 0o644)
		}
		press(t, tab, "put the carried tile down again", kb.Escape)
	}
}
