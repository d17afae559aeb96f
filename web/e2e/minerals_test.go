package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/minerals"
	"minehall/table"
)

// mineralsState rebuilds the state of Minerals table id by replaying its
// stored log, and returns it with the number of moves in the log.
func mineralsState(t *testing.T, s *site, id string) (game.State, int) {
	return mineralsStateAt(t, s, id, -1)
}

// mineralsStateAt rebuilds the state of Minerals table id after its first
// n stored moves (all of them if n < 0), and returns it with the number of
// moves replayed.
func mineralsStateAt(t *testing.T, s *site, id string, n int) (game.State, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec, err := s.store.Table(ctx, id)
	if err != nil {
		t.Fatalf("read table %s: %v", id, err)
	}
	acts, err := s.store.Actions(ctx, id)
	if err != nil {
		t.Fatalf("read the log of table %s: %v", id, err)
	}
	if n >= 0 {
		if n > len(acts) {
			t.Fatalf("table %s has %d moves; want at least %d", id, len(acts), n)
		}
		acts = acts[:n]
	}
	reg := &game.Registry{}
	reg.Register(minerals.New())
	r, err := table.RecordOf(reg, rec, acts)
	if err != nil {
		t.Fatalf("record of table %s: %v", id, err)
	}
	st, err := game.Replay(reg, r)
	if err != nil {
		t.Fatalf("replay table %s: %v", id, err)
	}
	return st, len(acts)
}

// mineralsView returns the public view of a Minerals state.
func mineralsView(st game.State) minerals.View { return st.View(game.Spectator).(minerals.View) }

// mixedSackSwap looks for a Sack swap seat p can make now with two kinds
// of minerals or more on one side (the swap the Sack allowed only one kind
// for one kind before), by the legal steps of the engine. It returns the
// opening ("sack with 2") and the steps that build the swap, or "" when
// there is none.
func mixedSackSwap(st game.State, p game.Player) (string, []string) {
	kinds := func(c map[string]int) int {
		n := 0
		for _, k := range c {
			if k > 0 {
				n++
			}
		}
		return n
	}
	key := func(sk *minerals.SackView) string { return fmt.Sprint(sk.Give, sk.Take) }
	var steps []string
	seen := map[string]bool{}
	var search func(c game.State, depth int) bool
	search = func(c game.State, depth int) bool {
		sk := mineralsView(c).Sack
		if sk.GiveValue == sk.TakeValue && sk.GiveValue > 0 && (kinds(sk.Give) >= 2 || kinds(sk.Take) >= 2) {
			return true
		}
		if depth == 8 || seen[key(sk)] {
			return false
		}
		seen[key(sk)] = true
		for _, a := range c.Legal(p, nil) {
			m := c.ActionString(p, a)
			if !strings.HasPrefix(m, "sack give ") && !strings.HasPrefix(m, "sack take ") {
				continue
			}
			next := c.Clone()
			next.Apply(p, a)
			steps = append(steps, m)
			if search(next, depth+1) {
				return true
			}
			steps = steps[:len(steps)-1]
		}
		return false
	}
	for _, a := range st.Legal(p, nil) {
		open := st.ActionString(p, a)
		if !strings.HasPrefix(open, "sack with ") {
			continue
		}
		c := st.Clone()
		c.Apply(p, a)
		steps, seen = nil, map[string]bool{}
		if search(c, 0) {
			return open, steps
		}
	}
	return "", nil
}

// clickMineralsMove clicks the element with data-key key on the board and
// waits until the move is applied, failing the test if the page shows an
// error.
func clickMineralsMove(t *testing.T, tab context.Context, key string) {
	t.Helper()
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	sel := fmt.Sprintf(`#board [data-key=%q]`, key)
	do(t, tab, 10*time.Second, "click "+key, visible(sel), revealOnBoard(sel), click(chromedp.CSS(sel)))
	if key == "pawn" {
		waitFor(t, tab, 5*time.Second, "destinations highlighted after selecting the pawn",
			`document.querySelectorAll('#board .hex.legal').length > 0 || !document.querySelector('#board .pawn.selected')`)
		return
	}
	waitFor(t, tab, 30*time.Second, "the move "+key+" applied",
		fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
	if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
		t.Fatalf("clicking %s was refused: %s", key, msg)
	}
}

// TestMineralsSackMixedSwapByClicks plays a Minerals table with the Sack in
// play (tool sides ABAAA) against a bot by clicks until the person can
// swap two kinds of minerals or more on one side, then builds that swap in
// the Sack's panel, one mineral at a time on each side, and swaps: the
// pools change as the swap says, the Sack's mineral is paid, and the log
// tells the steps in words. Tables are dealt at random, and in some games
// such a swap never comes up; the test then starts another table.
func TestMineralsSackMixedSwapByClicks(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	stop := time.Now().Add(4 * time.Minute)
	for games := 1; time.Now().Before(stop); games++ {
		id, st, n, open, steps := playToMixedSackSwap(t, s, tab, stop)
		if open != "" {
			checkSackByClicks(t, s, tab, id, st, n, open, steps)
			return
		}
		t.Logf("game %d ended before Ann could make a Sack swap of two kinds or more; starting another", games)
	}
	t.Fatalf("no Sack swap of two kinds or more came up for Ann within 4 minutes")
}

// playToMixedSackSwap creates a Minerals table with the Sack against a
// random bot and plays Ann's turns by clicks until she can make a Sack swap
// of two kinds or more, or the game ends, or stop passes. It returns the
// table, its state and move count, and the swap's opening and steps; open
// is "" when no such swap came up.
func playToMixedSackSwap(t *testing.T, s *site, tab context.Context, stop time.Time) (id string, st game.State, n int, open string, steps []string) {
	t.Helper()
	do(t, tab, 30*time.Second, "create a Minerals table with the Sack against a bot",
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#opt-tools`),
		choose(`#opt-tools`, "ABAAA"),
		choose(`#seat-1-bot`, "random"),
		// The lobby fills in the name of the last table made here.
		typeInto(`#name`, "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`),
	)
	id = tableOf(t, tab)
	myTurn := `document.getElementById('main').dataset.myTurn === 'true'`
	finished := `document.getElementById('main').dataset.status === 'finished'`
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "Ann's turn or the end", myTurn+` || `+finished)
		if eval[bool](t, tab, finished) {
			return id, nil, 0, "", nil
		}
		st, n = mineralsState(t, s, id)
		if got := st.Actors(nil); len(got) != 1 || got[0] != 0 {
			continue // the page has not caught up with the log yet
		}
		waitFor(t, tab, 30*time.Second, fmt.Sprintf("Ann to act at move %d", n), fmt.Sprintf(`%s && document.getElementById('main').dataset.n === '%d'`, myTurn, n))
		if open, steps = mixedSackSwap(st, 0); open != "" {
			return id, st, n, open, steps
		}
		if key := eval[string](t, tab, nextClick); key != "" {
			clickMineralsMove(t, tab, key)
		}
	}
	return id, nil, 0, "", nil
}

// checkSackByClicks opens the Sack by its button on the tool tile in state
// st (after n moves), adds the minerals of steps in the Sack's panel,
// checks the panel, swaps, and checks the pools right after the swap and
// the log.
func checkSackByClicks(t *testing.T, s *site, tab context.Context, id string, st game.State, n int, open string, steps []string) {
	t.Helper()
	before := mineralsView(st)
	o := int(open[len("sack with ")]-'0') - 1
	t.Logf("Ann opens the Sack with seat %d and builds %v", o+1, steps)
	if !eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('#board .tool[data-tool="sack"] [data-move=%q]')`, open)) {
		t.Fatalf("the Sack's tile shows no button for %q", open)
	}
	clickMineralsMove(t, tab, "move:"+open)
	waitFor(t, tab, 10*time.Second, "the Sack's panel", `!!document.querySelector('#mn-sack') && document.querySelector('#mn-phase').dataset.phase === 'sack'`)
	if got := eval[string](t, tab, `document.querySelector('#mn-phase strong').textContent`); got != "Sack" {
		t.Errorf("phase shown while building the swap: got %q; want Sack", got)
	}
	for _, m := range steps {
		side := strings.Fields(m)[1]
		if !eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('#mn-sack [data-side=%q] [data-move=%q]')`, side, m)) {
			t.Fatalf("the Sack's panel has no button for %q on the %s side", m, side)
		}
		clickMineralsMove(t, tab, "move:"+m)
	}
	give := eval[string](t, tab, `document.querySelector('#mn-sack [data-side="give"] .sack-value').dataset.value`)
	take := eval[string](t, tab, `document.querySelector('#mn-sack [data-side="take"] .sack-value').dataset.value`)
	if give != take || give == "0" {
		t.Errorf("the panel shows values %s given and %s taken; want them equal and above 0", give, take)
	}
	chips := eval[int](t, tab, `document.querySelectorAll('#mn-sack .sack-side .swatches .swatch').length`)
	if chips < 3 {
		t.Errorf("the panel shows %d kinds of minerals on the two sides; want at least 3 (two kinds on one side)", chips)
	}
	clickMineralsMove(t, tab, "move:sack swap")

	after, _ := mineralsStateAt(t, s, id, n+len(steps)+2) // the opening, the steps and the swap
	av := mineralsView(after)
	gave, took := map[string]int{}, map[string]int{}
	for _, m := range steps {
		f := strings.Fields(m)
		if f[1] == "give" {
			gave[f[2]]++
		} else {
			took[f[2]]++
		}
	}
	for _, m := range []string{"wollastonite", "kyanite", "tourmaline", "anthracite", "orpiment"} {
		paid := 0
		if m == "kyanite" {
			paid = 1 // the Sack's own mineral, onto the player board
		}
		if got, want := av.Players[0].Pool[m], before.Players[0].Pool[m]-gave[m]+took[m]-paid; got != want {
			t.Errorf("Ann's %s after the swap: %d; want %d", m, got, want)
		}
		if got, want := av.Players[o].Pool[m], before.Players[o].Pool[m]+gave[m]-took[m]; got != want {
			t.Errorf("seat %d's %s after the swap: %d; want %d", o+1, m, got, want)
		}
	}
	if got := av.Players[0].Tools["kyanite"]; got != before.Players[0].Tools["kyanite"]+1 {
		t.Errorf("Ann's kyanite paid for tools: %d; want one more than %d", got, before.Players[0].Tools["kyanite"])
	}
	waitFor(t, tab, 10*time.Second, "the swap in the log", `[...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('Sack: swapped'))`)
	words := strings.Split(eval[string](t, tab, `[...document.querySelectorAll('#log li')].map((li) => li.querySelector('.log-who').textContent + ': ' + li.textContent).join('\n')`), "\n")
	i := slices.IndexFunc(words, func(w string) bool {
		return strings.HasPrefix(w, "Ann: ") && strings.Contains(w, "opened the Sack with ")
	})
	if i < 0 || i+len(steps)+1 >= len(words) {
		t.Fatalf("the log %q; want Ann's opening of the Sack, its steps and the swap in words", words)
	}
	for k, m := range append(slices.Clone(steps), "sack swap") {
		w, f := words[i+1+k], strings.Fields(m)
		if !strings.HasPrefix(w, "Ann: ") || !strings.Contains(w, "Sack: ") || (f[1] != "swap" && !strings.Contains(w, f[2])) {
			t.Errorf("log line %q; want Ann's %q in words", w, m)
		}
	}
}

// TestMineralsRendererOrpimentChoice draws a view with a two-diamond orpiment card
// (d09) face up with the page's own Minerals renderer and the two legal
// ways to take it, as the server lists them for a player who has the
// orpiment: both buttons are offered, with their points, and each sends its
// move; with the orpiment missing, only the exchange without it is left.
func TestMineralsRendererOrpimentChoice(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	render := func(legal []string) string {
		q := make([]string, len(legal))
		for i, m := range legal {
			q[i] = fmt.Sprintf("%q", m)
		}
		return fmt.Sprintf(`(async () => {
  const mod = await import('/assets/games/minerals.js');
  const { t } = await import('/assets/js/i18n.js');
  window.mnDescribe = (m) => mod.describe(m, t, ['Ann', 'Bob']);
  let el = document.getElementById('orp');
  if (!el) { el = document.createElement('div'); el.id = 'orp'; document.body.append(el); }
  window.sent = [];
  const view = { version: 'full', phase: 'after move', current: 0, turn: 9, board: [], pouch: {},
    players: [{ pool: { wollastonite: 2, kyanite: 1, orpiment: 1 }, tools_paid: {}, cards: [], score: 9 }, { pool: {}, tools_paid: {}, cards: [], score: 0 }],
    face_up: ['d09', 's01', '', ''], deck_size: 10, tools: [] };
  const ctx = { view, prev: null, legal: [%s], send: (m) => window.sent.push(m), you: 0, names: ['Ann', 'Bob'], t, colorBlind: false };
  mod.render(el, ctx);
  return true;
})()`, strings.Join(q, ", "))
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](render([]string{"end", "take 1", "take 1 without orpiment"}), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("render: %v", err)
	}
	// The renderer draws again once the card data has loaded.
	waitFor(t, tab, 10*time.Second, "card d09 with its points", `!!document.querySelector('#orp .mcard[data-card="d09"] .points')`)
	buttons := eval[[]string](t, tab, `[...document.querySelectorAll('#orp .mcard[data-card="d09"] button')].map((b) => b.dataset.move + ' | ' + b.textContent)`)
	want := []string{"take 1 | Take · 14 points", "take 1 without orpiment | Take · 6 without orpiment"}
	if !slices.Equal(buttons, want) {
		t.Errorf("d09's buttons: got %q; want %q", buttons, want)
	}
	do(t, tab, 5*time.Second, "take d09 without the orpiment", click(chromedp.CSS(`#orp [data-move="take 1 without orpiment"]`)))
	do(t, tab, 5*time.Second, "take d09 with the orpiment", click(chromedp.CSS(`#orp [data-move="take 1"]`)))
	if got := eval[[]string](t, tab, `window.sent`); !slices.Equal(got, []string{"take 1 without orpiment", "take 1"}) {
		t.Errorf("moves sent: %q; want the exchange without the orpiment, then the full one", got)
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](render([]string{"end", "take 1 without orpiment"}), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("render: %v", err)
	}
	buttons = eval[[]string](t, tab, `[...document.querySelectorAll('#orp .mcard[data-card="d09"] button')].map((b) => b.dataset.move + ' | ' + b.textContent)`)
	if want := []string{"take 1 without orpiment | Take · 6 without orpiment"}; !slices.Equal(buttons, want) {
		t.Errorf("d09's buttons without the orpiment: got %q; want %q", buttons, want)
	}
	words := eval[string](t, tab, `['take 1 without orpiment', 'sack with 2', 'sack give tourmaline', 'sack take anthracite', 'sack swap'].map(window.mnDescribe).join(' / ')`)
	if want := "took the card in slot 1 (without orpiment) / opened the Sack with Bob / Sack: gives tourmaline / Sack: takes anthracite / Sack: swapped"; words != want {
		t.Errorf("moves in words: got %q; want %q", words, want)
	}
}

// touch dispatches a touch event with the given points (x, y pairs).
func touch(kind input.DispatchTouchEventType, pts ...[2]float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		p := input.DispatchTouchEventParams{Type: kind, TouchPoints: []*input.TouchPoint{}}
		for i, xy := range pts {
			id := float64(i + 1)
			p.TouchPoints = append(p.TouchPoints, &input.TouchPoint{X: xy[0], Y: xy[1], ID: &id})
		}
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, p)
		return err
	})
}

// TestMineralsBoardOnAPhone opens a 4-player Minerals table on a 390 px
// touch screen on the person's turn: the board fits itself so that the
// pawn, then every destination, is shown whole on it, each 44 px wide and
// high or with no other place to tap within the 44 px square centred on
// it; a destination is ringed, nothing is drawn over its value; the zoom
// buttons are 44 px or more; fit shows the whole board, + zooms in, a pinch
// zooms in and a one-finger drag pans without playing a move. A shorter
// screen fits the board again; once the person zoomed, their view stands
// until the step changes.
func TestMineralsBoardOnAPhone(t *testing.T) {
	t.Parallel()
	mn := mineralsGoldens()[0]
	s := goldenSite(t, []goldenCase{mn})
	tab := newTab(t, newBrowser(t), "phone")
	do(t, tab, 30*time.Second, "open the table on a phone",
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: goldenSetup(mn)})
			return err
		}),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(s.URL+"/tables/golden-"+mn.Name),
		visible(`#board .pawn.selectable`))
	board := `document.querySelector('#board .hexboard')`
	for _, p := range eval[[]string](t, tab, mineralsTapProblems+`('#board .pawn.selectable')`) {
		t.Errorf("the pawn to select: %s", p)
	}
	for _, b := range eval[[]float64](t, tab, `[...document.querySelectorAll('#board .zoombar button')].map((b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height))`) {
		if b < 43.5 {
			t.Errorf("a zoom button is %.0f px; want 44 px or more", b)
		}
	}
	do(t, tab, 10*time.Second, "tap the pawn", click(chromedp.CSS(`#board [data-key="pawn"]`)))
	waitFor(t, tab, 5*time.Second, "the destinations", `document.querySelectorAll('#board .hex.legal').length > 0`)
	for _, p := range eval[[]string](t, tab, mineralsTapProblems+`('#board .hex.legal, #board .pawn.selected')`) {
		t.Errorf("after selecting the pawn: %s", p)
	}
	if got := eval[[]int](t, tab, `[document.querySelectorAll('#board .hex.legal').length, document.querySelectorAll('#board .rings .ring-in').length, document.querySelectorAll('#board .hexboard circle').length - document.querySelectorAll('#board .pawn circle').length]`); got[0] != got[1] || got[2] != 0 {
		t.Errorf("got %d destinations, %d rings and %d circles besides the pawns; want a ring per destination and nothing over a hex's value", got[0], got[1], got[2])
	}
	// A shorter screen (the browser's bar showing) fits the board again.
	do(t, tab, 10*time.Second, "a shorter screen", chromedp.EmulateViewport(390, 700, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Sleep(500*time.Millisecond))
	for _, p := range eval[[]string](t, tab, mineralsTapProblems+`('#board .hex.legal, #board .pawn.selected')`) {
		t.Errorf("after selecting the pawn, on a 390x700 screen: %s", p)
	}
	do(t, tab, 10*time.Second, "the screen back", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Sleep(500*time.Millisecond))
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	zoom := func() float64 { return eval[float64](t, tab, `Number(`+board+`.dataset.zoom)`) }
	do(t, tab, 5*time.Second, "fit the board", click(chromedp.CSS(`#zoom-fit`)))
	if z := zoom(); z != 1 {
		t.Errorf("zoom after fit: %v; want 1 (the whole board)", z)
	}
	do(t, tab, 5*time.Second, "zoom in", click(chromedp.CSS(`#zoom-in`)))
	if z := zoom(); z != 1.5 {
		t.Errorf("zoom after +: %v; want 1.5", z)
	}
	x, y := center(t, tab, `#board .hexboard`)
	do(t, tab, 10*time.Second, "pinch out",
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x - 20, y}, [2]float64{x + 20, y}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x - 40, y}, [2]float64{x + 40, y}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x - 60, y}, [2]float64{x + 60, y}),
		touch(input.DispatchTouchEventTypeTouchEnd))
	if z := zoom(); z < 3 {
		t.Errorf("zoom after pinching from 40 to 120 px apart at 1.5: %v; want about 4.5", z)
	}
	vb := eval[string](t, tab, board+`.getAttribute('viewBox')`)
	do(t, tab, 10*time.Second, "drag the board with one finger",
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x + 30, y + 10}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x + 60, y + 20}),
		touch(input.DispatchTouchEventTypeTouchEnd))
	if got := eval[string](t, tab, board+`.getAttribute('viewBox')`); got == vb {
		t.Errorf("the view did not move with a one-finger drag (viewBox %s)", got)
	}
	if got := eval[string](t, tab, `document.getElementById('main').dataset.n + '|' + (document.querySelector('.message:not([hidden])')?.textContent || '')`); got != n+"|" {
		t.Errorf("after zooming and dragging: n and message %q; want %q (no move sent)", got, n+"|")
	}
	// The person's own view stands while the step lasts, even when the
	// screen changes size; the next step (the pawn deselected) fits again.
	vb = eval[string](t, tab, board+`.getAttribute('viewBox')`)
	z := zoom()
	do(t, tab, 10*time.Second, "a shorter screen", chromedp.EmulateViewport(390, 800, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Sleep(500*time.Millisecond))
	if got := zoom(); got != z {
		t.Errorf("zoom after the screen got shorter: %v; want the person's %v", got, z)
	}
	do(t, tab, 10*time.Second, "cancel the pawn's selection", click(chromedp.CSS(`#board [data-key="cancel"]`)))
	waitFor(t, tab, 5*time.Second, "the pawn to select again", `!!document.querySelector('#board .pawn.selectable:not(.selected)')`)
	if got := eval[string](t, tab, board+`.getAttribute('viewBox')`); got == vb {
		t.Errorf("the view stayed at the person's %s after the step changed; want it fitted to the pawn", got)
	}
	for _, p := range eval[[]string](t, tab, mineralsTapProblems+`('#board .pawn.selectable')`) {
		t.Errorf("after cancelling: the pawn to select: %s", p)
	}
}

// TestMineralsSounds draws three views in a row with the page's Minerals
// renderer, sound on: one mineral gone from the board is a mineral lifted
// ('lift'), several at once are fragments cut off ('cut'); drawing the
// same view again sounds nothing.
func TestMineralsSounds(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	got, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`(async () => {
  localStorage.setItem('minehall.sound', 'on');
  const mod = await import('/assets/games/minerals.js');
  const { t } = await import('/assets/js/i18n.js');
  const heard = [];
  window.addEventListener('minehall:sound', (e) => heard.push(e.detail));
  const el = document.createElement('div');
  document.body.append(el);
  const hex = (name, mineral) => ({ hex: name, row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 97, mineral, value: 1 });
  const view = (names) => ({ version: '6+', phase: 'move', current: 0, turn: 3, pouch: {}, face_up: [], tools: [],
    board: names.map((n) => hex(n, 'wollastonite')), players: [{ pawn: 'a1', pool: {}, tools_paid: {}, cards: [], score: 0 }, { pawn: 'e1', pool: {}, tools_paid: {}, cards: [], score: 0 }] });
  const a = view(['a1', 'b1', 'c1', 'd1', 'e1', 'a2', 'b2']), b = view(['a1', 'c1', 'd1', 'e1', 'a2', 'b2']), c = view(['a1', 'c1', 'd1', 'e1']);
  const ctx = (v, prev) => ({ view: v, prev, legal: [], send: () => 0, you: 0, names: ['Ann', 'Bob'], t, colorBlind: false });
  mod.render(el, ctx(a, null));
  mod.render(el, ctx(b, a));
  mod.render(el, ctx(b, a));
  mod.render(el, ctx(c, b));
  return heard;
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	if !slices.Equal(got, []string{"lift", "cut"}) {
		t.Errorf("sounds: got %q; want lift (one mineral gone), then cut (two gone at once)", got)
	}
}
