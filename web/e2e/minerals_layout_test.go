package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/minerals"
)

// mineralsLegalOf returns the legal moves of seat p in notation, none when
// p does not act now.
func mineralsLegalOf(s game.State, p game.Player) []string {
	if !slices.Contains(s.Actors(nil), p) {
		return nil
	}
	var moves []string
	for _, a := range s.Legal(p, nil) {
		moves = append(moves, s.ActionString(p, a))
	}
	return moves
}

// mineralsHexTool reports whether a move uses a tool on a hex ("map e7").
func mineralsHexTool(move string) bool {
	f := strings.Fields(move)
	return len(f) == 2 && slices.Contains([]string{"shovel", "map", "compass", "glass", "vortex", "rope", "dynamite"}, f[0])
}

// mineralsLayoutCases are Minerals' steps on a phone: the set-up's first
// removal, choosing the pawn's destination, a tool's hexes, taking a card,
// building a Sack's swap, and the end.
func mineralsLayoutCases() []layoutCase {
	base := goldenCase{
		Game: minerals.New(), Players: 2, Seed: 20260102, Options: game.Options{"tools": "ABAAA"},
		Names: []string{"Ann", "Beryl"}, Bots: []string{"", "medium"}, You: 0, Prefer: mineralsPrefer,
	}
	board := layoutPart{Name: "board", Selector: `#board .hexboard`}
	prompt := layoutPart{Name: "step prompt", Selector: `#mn-phase`}
	zoom := layoutPart{Name: "zoom buttons", Selector: `#board .zoombar button`, Each: true}
	targets := layoutPart{Name: "legal target", Selector: `#board .hex.legal`, Each: true}

	start := base
	start.Name = "minerals-layout-start"
	// The log must hold a move for the page to be drawn: Ann's second removal.
	start.Reach = func(s game.State, plies int) bool {
		return plies > 0 && slices.ContainsFunc(mineralsLegalOf(s, 0), func(m string) bool { return strings.HasPrefix(m, "remove ") })
	}
	start.Ready = `document.querySelectorAll('#board .hex.legal').length > 0`
	// Nearly every mineral may be removed: too many to show at 44 px on a
	// phone. The board shows those in its middle; the one nearest the
	// board's centre is marked for the check.
	start.Prepare = `(() => { const b = document.querySelector('#board .hexboard').getBoundingClientRect();
  const d = (e) => { const r = e.getBoundingClientRect(); return Math.hypot((r.left + r.right - b.left - b.right) / 2, (r.top + r.bottom - b.top - b.bottom) / 2); };
  const hexes = [...document.querySelectorAll('#board .hex.legal')].sort((x, y) => d(x) - d(y));
  hexes[0].classList.add('layout-middle'); })()`
	start.PrepareReady = `!!document.querySelector('#board .layout-middle')`

	dest := base
	dest.Name = "minerals-layout-destination"
	dest.Reach = func(s game.State, plies int) bool {
		v := s.View(game.Player(0)).(minerals.View)
		return v.Phase == "move" && v.Turn >= 6 && slices.ContainsFunc(mineralsLegalOf(s, 0), func(m string) bool { return strings.HasPrefix(m, "move ") })
	}
	dest.Ready = `!!document.querySelector('#board .pawn.selectable')`
	dest.Prepare = `document.querySelector('#board .pawn.selectable')?.dispatchEvent(new MouseEvent('click', { bubbles: true }))`
	dest.PrepareReady = `document.querySelectorAll('#board .hex.legal').length > 0`

	tool := base
	tool.Name = "minerals-layout-tool"
	tool.Reach = func(s game.State, plies int) bool {
		return plies > 12 && slices.ContainsFunc(mineralsLegalOf(s, 0), mineralsHexTool)
	}
	tool.Ready = `!!document.querySelector('#board [data-tool-use]')`
	tool.Prepare = `document.querySelector('#board .mn-now [data-tool-use]:not([data-tool-use=hammer])')?.click()`
	tool.PrepareReady = `document.querySelectorAll('#board .hex.legal').length > 0`

	card := base
	card.Name = "minerals-layout-card"
	card.Reach = func(s game.State, plies int) bool {
		return slices.ContainsFunc(mineralsLegalOf(s, 0), func(m string) bool { return strings.HasPrefix(m, "take ") })
	}
	card.Ready = `!!document.querySelector('#board .mn-slots button')`

	// Ann opens the Sack as soon as she may, and builds the swap.
	sack := base
	sack.Name = "minerals-layout-sack"
	sack.Prefer = func(s game.State, p game.Player, move string) int {
		if p == 0 && strings.HasPrefix(move, "sack with ") {
			return 5
		}
		return mineralsPrefer(s, p, move)
	}
	sack.Reach = func(s game.State, plies int) bool {
		return s.View(game.Player(0)).(minerals.View).Phase == "sack" && slices.Contains(s.Actors(nil), 0)
	}
	sack.Ready = `!!document.querySelector('#mn-sack')`

	end := base
	end.Name = "minerals-layout-end"
	end.Reach = func(s game.State, plies int) bool { return s.Terminal() }
	end.Ready = `!!document.querySelector('#end .scores')`

	return []layoutCase{
		{goldenCase: start, Parts: []layoutPart{board, prompt, zoom, {Name: "the removable mineral in the board's middle", Selector: `#board .hex.legal.layout-middle`}}},
		{goldenCase: dest, Parts: []layoutPart{board, prompt, zoom, targets,
			{Name: "the selected pawn", Selector: `#board .pawn.selected`}, {Name: "cancel", Selector: `#board [data-key="cancel"]`}}},
		{goldenCase: tool, Parts: []layoutPart{board, prompt, zoom, targets,
			{Name: "the tool's button", Selector: `#board .mn-now [data-tool-use]`, Each: true}}},
		{goldenCase: card, Parts: []layoutPart{board, prompt,
			{Name: "take buttons", Selector: `#board .mn-slots button`, Each: true}, {Name: "end the turn", Selector: `#board [data-move="end"]`}}},
		{goldenCase: sack, Parts: []layoutPart{board, prompt,
			{Name: "the Sack's swap", Selector: `#mn-sack`}, {Name: "the Sack's buttons", Selector: `#mn-sack button`, Each: true},
			{Name: "Ann's pool", Selector: `#mn-pool`, Optional: true}}},
		// The end screen (the table page's) comes first; the final position
		// follows it.
		{goldenCase: end, Parts: []layoutPart{
			{Name: "the end's heading", Selector: `#end-h`, Optional: true}, {Name: "the scores", Selector: `#end .scores`, Optional: true}}},
	}
}

// TestMineralsLayoutOnAPhone checks that each Minerals step fits one phone
// screen with its board, its targets and its buttons (see runLayouts).
func TestMineralsLayoutOnAPhone(t *testing.T) {
	t.Parallel()
	runLayouts(t, mineralsLayoutCases())
}

// nextTap is the page-side choice of what a person taps next on a phone's
// Minerals stage: a highlighted hex shown whole on the board, else their
// pawn, else a card to take now and then, else the first of the step's
// buttons in the order end, no move, cut, any other. It answers the
// data-key of the element, "" when there is nothing to tap, or a sentence
// starting with "!" when what is to be tapped is not shown.
const nextTap = `(() => {
  const main = document.getElementById('main');
  if (main.dataset.myTurn !== 'true') return '';
  const b = document.querySelector('#board .hexboard').getBoundingClientRect();
  const inView = (e) => { const r = e.getBoundingClientRect();
    return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; };
  const hexes = [...document.querySelectorAll('#board .hex.legal')];
  if (hexes.length) {
    const hex = hexes.find(inView);
    return hex ? hex.dataset.key : '!none of the ' + hexes.length + ' highlighted hexes is shown whole on the board';
  }
  const pawn = document.querySelector('#board .pawn.selectable:not(.selected)');
  if (pawn) return inView(pawn) ? 'pawn' : '!the pawn to select is not shown whole on the board';
  const take = document.querySelector('#board .mn-stage [data-move^="take "]');
  if (take && Number(main.dataset.n) % 3 === 0) return take.dataset.key;
  for (const m of ['end', 'no move', 'cut']) {
    const e = document.querySelector('#board .mn-stage [data-move="' + m + '"]');
    if (e) return e.dataset.key;
  }
  const any = document.querySelector('#board .mn-stage [data-move]');
  return any ? any.dataset.key : '';
})()`

// TestPlayWholeMineralsGameByTouch creates a Minerals table (7+: the
// collection cards, no tools) against a bot on a 390x844 touch screen and
// plays it to the end screen by taps alone (tapOn, which fails on anything
// off the screen), never scrolling: every highlighted hex it taps is shown
// whole on the board, as is the pawn it selects.
func TestPlayWholeMineralsGameByTouch(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "create a Minerals table on a 390x844 touch screen",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#opt-version`),
		choose(`#opt-version`, "7+"),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`),
	)
	finished := `document.getElementById('main').dataset.status === 'finished'`
	taps := 0
	stop := time.Now().Add(5 * time.Minute)
	for !eval[bool](t, tab, finished) {
		if time.Now().After(stop) {
			t.Fatalf("the game did not end within 5 minutes (%d taps)", taps)
		}
		waitFor(t, tab, 60*time.Second, "Ann's turn or the end", finished+` || (`+nextTap+`) !== ''`)
		key := eval[string](t, tab, nextTap)
		if key == "" {
			continue
		}
		if strings.HasPrefix(key, "!") {
			t.Fatalf("at move %s: %s", eval[string](t, tab, `document.getElementById('main').dataset.n`), key[1:])
		}
		n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		tapOn(t, tab, key, fmt.Sprintf(`#board [data-key=%q]`, key))
		taps++
		if key == "pawn" {
			waitFor(t, tab, 5*time.Second, "the destinations after tapping the pawn",
				`document.querySelectorAll('#board .hex.legal').length > 0 || !document.querySelector('#board .pawn.selected')`)
			continue
		}
		if !holds(tab, 30*time.Second, fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n)) {
			t.Fatalf("tapping %s at move %s played nothing; at its centre lies %s", key, n, eval[string](t, tab, fmt.Sprintf(`(() => {
  const r = document.querySelector('#board [data-key=%q]').getBoundingClientRect(); const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return e ? e.tagName + '.' + (e.getAttribute('class') || '') + ' ' + (e.dataset.key || '') + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) : 'nothing'; })()`, key)))
		}
		if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
			t.Fatalf("tapping %s was refused: %s", key, msg)
		}
	}
	t.Logf("the game ended after %d taps", taps)
	waitFor(t, tab, 10*time.Second, "the end screen's scores", `!!document.querySelector('#end .scores')`)
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
}

// TestLearnMineralsFirstStepByTouch opens the Minerals tutorial on a
// 390x844 touch screen: once the board is scrolled to, the hex the first
// step asks for is shown whole on the board, at least 44 px wide, and
// tapping it plays the step.
func TestLearnMineralsFirstStepByTouch(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "learner")
	do(t, tab, 30*time.Second, "open the Minerals tutorial on a 390x844 touch screen",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(s.URL+"/learn/minerals"))
	waitFor(t, tab, 20*time.Second, "the first prompt", `!!document.querySelector('#learn-prompt') && !!document.querySelector('#board .learn-target')`)
	step := eval[string](t, tab, `document.querySelector('#learn-text').dataset.step`)
	target := eval[string](t, tab, `document.querySelector('#board .learn-target').dataset.hex || ''`)
	// A person scrolls down from the lesson's text to the board.
	eval[bool](t, tab, `(() => { document.getElementById('board').scrollIntoView({ block: 'start' }); return true; })()`)
	got := eval[[]float64](t, tab, `(() => { const b = document.querySelector('#board .hexboard').getBoundingClientRect();
  const r = document.querySelector('#board .learn-target').getBoundingClientRect();
  return [r.left - b.left, b.right - r.right, r.top - b.top, b.bottom - r.bottom, r.width, r.height]; })()`)
	if len(got) != 6 || got[0] < -1 || got[1] < -1 || got[2] < -1 || got[3] < -1 {
		t.Fatalf("the asked-for hex %s lies %v px inside the board's left, right, top and bottom edges; want it shown whole", target, got)
	}
	if got[4] < 43.5 || got[5] < 43.5 {
		t.Errorf("the asked-for hex %s is %.0fx%.0f px; want 44x44 or more", target, got[4], got[5])
	}
	keepScreen(t, tab)
	tapOn(t, tab, "the asked-for hex "+target, `#board .learn-target`)
	waitFor(t, tab, 10*time.Second, "the step after "+target,
		fmt.Sprintf(`!document.querySelector('#learn-text') || document.querySelector('#learn-text').dataset.step !== %q`, step))
}

// mineralsTapProblems is a page-side function of a CSS selector that
// checks every place to tap it matches on the Minerals board: each must be
// shown whole on the board, and 44 px wide and high or alone in the 44 px
// square centred on it (no other highlighted hex or selectable pawn
// touches that square). It returns what is wrong, one sentence each.
const mineralsTapProblems = `((sel) => {
  const b = document.querySelector('#board .hexboard').getBoundingClientRect();
  const all = [...document.querySelectorAll('#board .hex.legal, #board .pawn.selectable')];
  const name = (e) => e.dataset.hex || e.dataset.key || e.tagName;
  const problems = [];
  for (const e of document.querySelectorAll(sel)) {
    const r = e.getBoundingClientRect();
    if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
      problems.push(name(e) + ' is not shown whole on the board');
      continue;
    }
    if (r.width >= 43.5 && r.height >= 43.5) continue;
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const near = all.find((o) => { if (o === e) return false; const q = o.getBoundingClientRect();
      return Math.min(cx + 22, q.right) - Math.max(cx - 22, q.left) > 0.5 && Math.min(cy + 22, q.bottom) - Math.max(cy - 22, q.top) > 0.5; });
    if (near) problems.push(name(e) + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px and ' + name(near) + ' lies within 44 px of it; want 44x44 or that much room');
  }
  return problems;
})`
