package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/outofmine"
)

// oomStageParts are the parts of a round's stage on a phone: the own
// board, the round clock, the treasure card's goal, the hand, the call
// button and every kind of the supply.
var oomStageParts = []layoutPart{
	{Name: "board", Selector: "#oom-board"},
	{Name: "round clock", Selector: "#oom-clock"},
	{Name: "treasure card goal", Selector: "#oom-goal"},
	{Name: "hand", Selector: "#oom-hand"},
	{Name: "call button", Selector: "#oom-call"},
	{Name: "supply tile", Selector: "#oom-supply .kind", Each: true},
}

// oomHandParts are the buttons of the tile in hand.
var oomHandParts = []layoutPart{
	{Name: "tile in hand", Selector: "#oom-handtile"},
	{Name: "turn button", Selector: "#oom-hand-turn"},
	{Name: "mirror button", Selector: "#oom-hand-mirror"},
	{Name: "put back button", Selector: "#oom-return"},
}

// outOfMineLayouts are Out of Mine's steps on a phone: a round's start
// (empty hand), the middle of a round with a tile in hand (plain and with
// the finds variant's longer supply, and with a placed tile selected,
// whose tools join the hand's), the choice of a side between rounds
// and the end of the game.
func outOfMineLayouts() []layoutCase {
	goldens := outOfMineGoldens()
	mid, finds, choose := goldens[0], goldens[1], goldens[2]
	start := mid
	start.Name = "outofmine-layout-start"
	start.Reach = func(s game.State, plies int) bool {
		v := oomView(s, 0)
		return v.Phase == "round" && v.Round == 1 && v.Players[0].HandTile == nil && len(v.Players[0].Placed) == 0
	}
	start.Timeout = nil
	start.Ready = `!!document.querySelector('#oom-board') && !!document.getElementById('oom-css')?.sheet`
	end := mid
	end.Name = "outofmine-layout-end"
	end.Reach = func(s game.State, plies int) bool { return s.Terminal() }
	end.Timeout = func(s game.State, plies int) bool { return true }
	end.Deadline = 0
	end.Ready = `!!document.querySelector('#end .scores') && !!document.getElementById('oom-css')?.sheet`
	withHand := append(append([]layoutPart{}, oomStageParts...), oomHandParts...)
	// A tap on a placed tile selects it: the stage shows its tools too.
	selected := mid
	selected.Name = "outofmine-layout-selected"
	selected.Prepare = `(() => { const g = document.querySelector('#oom-board g.tile[data-state="confirmed"]'); const r = g.getBoundingClientRect();
  const at = { bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0 };
  g.dispatchEvent(new PointerEvent('pointerdown', at)); window.dispatchEvent(new PointerEvent('pointerup', at)); })()`
	selected.PrepareReady = `!!document.querySelector('#oom-remove')`
	withSelected := append(append([]layoutPart{}, withHand...),
		layoutPart{Name: "turn tile button", Selector: "#oom-turn"}, layoutPart{Name: "mirror tile button", Selector: "#oom-mirror"},
		layoutPart{Name: "remove tile button", Selector: "#oom-remove"}, layoutPart{Name: "deselect button", Selector: `[data-key="deselect"]`})
	return []layoutCase{
		{goldenCase: start, Parts: oomStageParts},
		{goldenCase: mid, Parts: withHand},
		{goldenCase: finds, Parts: withHand},
		{goldenCase: selected, Parts: withSelected},
		{goldenCase: choose, Parts: []layoutPart{
			{Name: "side A button", Selector: "#oom-side-A"},
			{Name: "side B button", Selector: "#oom-side-B"},
			{Name: "side pictures", Selector: "#oom-choose .oom-board.preview-side", Each: true},
		}},
		{goldenCase: end, Parts: []layoutPart{
			{Name: "end heading", Selector: "#end-h", Optional: true},
			{Name: "end scores", Selector: "#end .scores", Optional: true},
			{Name: "replay button", Selector: "#replay", Optional: true},
		}},
	}
}

// TestOutOfMineLayout checks that each Out of Mine step fits a phone's
// screen: the own board, the hand and its buttons, the supply, the call,
// the clock and the card's goal in a round; the side buttons between
// rounds.
func TestOutOfMineLayout(t *testing.T) {
	t.Parallel()
	runLayouts(t, outOfMineLayouts())
}

// openOutOfMineOnAPhone creates a 2-player Out of Mine table of a person
// and a bot (options opts), opens it on a 390x844 touch screen, joins it as
// Ann and returns the tab.
func openOutOfMineOnAPhone(t *testing.T, opts map[string]string, bot string) context.Context {
	t.Helper()
	s := startSite(t)
	link := createTable(t, s, map[string]any{"game": "outofmine", "players": 2, "autostart": true, "private": true, "options": opts,
		"seats": []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": bot}}})
	tab := newTab(t, newBrowser(t), "phone")
	do(t, tab, 10*time.Second, "a 390x844 touch screen",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	joinOutOfMine(t, tab, s.URL+link, "Ann")
	do(t, tab, 5*time.Second, "the page at its top", chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
	return tab
}

// tapSide waits for the side choice of round and taps the side the page
// allows, until the server takes it. A view update that redraws the page
// between the touch and the click can swallow a finger's tap: tap again.
func tapSide(t *testing.T, tab context.Context, round int) {
	t.Helper()
	waitFor(t, tab, 60*time.Second, fmt.Sprintf("the side choice of round %d", round),
		fmt.Sprintf(`%s === 'choose' && document.querySelector('#oom').dataset.round === '%d' && !!document.querySelector('#oom-side-A:not([disabled]), #oom-side-B:not([disabled])')`, phase, round))
	side := eval[string](t, tab, `document.querySelector('#oom-side-A:not([disabled])') ? 'A' : 'B'`)
	for attempt := 1; attempt <= 3; attempt++ {
		tapOn(t, tab, "play side "+side, "#oom-side-"+side)
		if holds(tab, 3*time.Second, `!document.querySelector('#oom-side-A, #oom-side-B')`) {
			waitSideTaken(t, tab, round, side)
			return
		}
		t.Logf("round %d: side %s not chosen after tap %d; tapping again", round, side, attempt)
	}
	t.Fatalf("round %d: side %s not chosen after 3 taps", round, side)
}

// freeCell returns a gallery space of the own board that no tile covers,
// or "" when there is none.
func freeCell(t *testing.T, tab context.Context) string {
	return eval[string](t, tab, `document.querySelector('#oom-board rect.cell.gallery:not(.covered)')?.dataset.cell || ''`)
}

// touchDrag presses a finger on the middle of from, moves it in steps to
// the middle of to and lifts it: one gesture. Both must be on the screen.
func touchDrag(t *testing.T, tab context.Context, what, from, to string) {
	t.Helper()
	w, h := eval[float64](t, tab, `innerWidth`), eval[float64](t, tab, `innerHeight`)
	x0, y0 := center(t, tab, from)
	x1, y1 := center(t, tab, to)
	for _, p := range [][2]float64{{x0, y0}, {x1, y1}} {
		if p[0] < 0 || p[1] < 0 || p[0] > w || p[1] > h {
			t.Fatalf("%s: a point at %.0f,%.0f is off the %.0fx%.0f screen", what, p[0], p[1], w, h)
		}
	}
	steps := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x0, y0})}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		steps = append(steps, touch(input.DispatchTouchEventTypeTouchMove, [2]float64{x0 + (x1-x0)*f, y0 + (y1-y0)*f}))
	}
	steps = append(steps, touch(input.DispatchTouchEventTypeTouchEnd))
	do(t, tab, 10*time.Second, what, steps...)
}

// TestOutOfMineSupplyToBoardOnAPhone takes a tile from the supply and lays
// it on the board on a 390x844 touch screen without scrolling, twice: by
// a tap on the supply and a tap on a board space, and by one drag from the
// supply onto the board. The server confirms both.
func TestOutOfMineSupplyToBoardOnAPhone(t *testing.T) {
	t.Parallel()
	tab := openOutOfMineOnAPhone(t, map[string]string{"clock": "0"}, "random")
	tapSide(t, tab, 1)
	waitFor(t, tab, 20*time.Second, "round 1 under way", phase+` === 'round' && !!document.querySelector('#oom-board')`)
	confirmed := func(cell string) string {
		return fmt.Sprintf(`!!document.querySelector('#oom-board g.tile[data-shape="Y1"][data-cell="%s"][data-state="confirmed"]')`, cell)
	}

	cell := freeCell(t, tab)
	tapOn(t, tab, "the supply's Y1", `#oom-supply [data-kind="Y1"]`)
	waitFor(t, tab, 10*time.Second, "Y1 in the hand", `document.querySelector('#oom-hand')?.dataset.shape === 'Y1' && document.querySelector('#oom-hand').dataset.state === 'confirmed'`)
	tapOn(t, tab, "board space "+cell, fmt.Sprintf(`#oom-board rect[data-cell=%q]`, cell))
	waitFor(t, tab, 10*time.Second, "Y1 laid by tap-tap on "+cell, confirmed(cell))
	if got := eval[string](t, tab, `document.querySelector('#oom-hand').dataset.shape`); got != "" {
		t.Errorf("after the tap on %s the hand holds %q; want it empty", cell, got)
	}

	cell = freeCell(t, tab)
	touchDrag(t, tab, "drag Y1 from the supply to "+cell, `#oom-supply [data-kind="Y1"]`, fmt.Sprintf(`#oom-board rect[data-cell=%q]`, cell))
	waitFor(t, tab, 10*time.Second, "Y1 laid by one drag on "+cell, confirmed(cell))
	if got := eval[[]float64](t, tab, `[scrollX, scrollY]`); got[0] != 0 || got[1] != 0 {
		t.Errorf("the page scrolled to %v; want it at its top", got)
	}
}

// oomPlan returns placements that cover the gallery spaces of the own
// board the page shows that no tile covers yet, with the tiles the supply
// has left: the treasure card's tiles exactly when card is set and they
// do, else any tiles. It returns nil when no such cover exists.
func oomPlan(t *testing.T, tab context.Context, card bool) []outofmine.Placement {
	t.Helper()
	var page struct {
		Board   int            `json:"board"`
		Side    string         `json:"side"`
		Card    int            `json:"card"`
		Covered []string       `json:"covered"`
		Supply  map[string]int `json:"supply"`
	}
	if err := json.Unmarshal([]byte(eval[string](t, tab, `JSON.stringify({
  board: Number(document.querySelector('#oom-board').dataset.board), side: document.querySelector('#oom-board').dataset.side,
  card: Number(document.querySelector('#oom-goal')?.dataset.card || 0),
  covered: [...document.querySelectorAll('#oom-board rect.cell.covered')].map((r) => r.dataset.cell),
  supply: Object.fromEntries([...document.querySelectorAll('#oom-supply .kind')].map((b) => [b.dataset.kind, Number(b.dataset.count)])) })`)), &page); err != nil {
		t.Fatal(err)
	}
	pack := outofmine.DefaultPack()
	bi, ok := pack.BoardByID(page.Board)
	if !ok {
		t.Fatalf("the page shows board %d, which the pack lacks", page.Board)
	}
	side := pack.Boards[bi].Sides[0]
	if page.Side == "B" {
		side = pack.Boards[bi].Sides[1]
	}
	for _, c := range page.Covered {
		side.Gallery &^= outofmine.Cell(int(c[1]-'1'), int(c[0]-'a'))
	}
	var supply outofmine.Supply
	for id, n := range page.Supply {
		if si, ok := pack.ShapeByID(id); ok {
			supply[si][0] = n
		}
	}
	anyTiles := outofmine.Card{}
	for c := range anyTiles.Count {
		anyTiles.Count[c] = outofmine.GalleryCells
	}
	solver := outofmine.NewSideSolver(pack, &side)
	if ci, ok := pack.CardByID(page.Card); card && ok {
		if sol := solver.Plan(&pack.Cards[ci], &supply, outofmine.Objective{}); sol.Empty == 0 {
			return sol.Placements
		}
	}
	if sol := solver.Plan(&anyTiles, &supply, outofmine.Objective{}); sol.Empty == 0 {
		return sol.Placements
	}
	return nil
}

// tapPlace lays placement p by touch: a tap on its shape in the supply,
// taps on turn and mirror until the hand shows its transform, a tap on the
// board space of its first cell. It reports whether the server confirmed
// the tile; when not (the round ended, or the bot took the last tile of
// the shape first), the tile in hand is put back.
func tapPlace(t *testing.T, tab context.Context, p outofmine.Placement) bool {
	t.Helper()
	pack := outofmine.DefaultPack()
	shape := pack.Shapes[p.Shape].ID
	o := pack.Shapes[p.Shape].Orientations[p.Orient]
	sym := transformNames[o.Symbol]
	kind := fmt.Sprintf(`#oom-supply [data-kind=%q]`, shape)
	inRound := phase + ` === 'round'`
	if !eval[bool](t, tab, `!!document.querySelector('`+kind+`:not([disabled])') && `+inRound) {
		return false
	}
	// The round may end (the bot's call, the clock) between a look and a
	// tap, taking the supply, the hand and the board away: such a tap is
	// then not made, and the round's end is seen after it.
	if !tapIfThere(t, tab, "the supply's "+shape, kind) {
		return false
	}
	waitFor(t, tab, 10*time.Second, shape+" in the hand or refused",
		fmt.Sprintf(`document.querySelector('#oom-hand')?.dataset.state === 'confirmed' || !document.querySelector('#oom-hand')?.dataset.shape || %s !== 'round'`, phase))
	if eval[string](t, tab, `document.querySelector('#oom-hand')?.dataset.shape || ''`) != shape || !eval[bool](t, tab, inRound) {
		return false
	}
	// The hand is gone when the round ended while the tile was turned (the
	// bot called OUT OF MINE!).
	inHand := `document.querySelector('#oom-hand')?.dataset.sym || ''`
	for i := range 8 {
		if got := eval[string](t, tab, inHand); got == sym || got == "" {
			break
		}
		what, sel := "turn", "#oom-hand-turn"
		if i == 3 {
			what, sel = "mirror", "#oom-hand-mirror"
		}
		if !tapIfThere(t, tab, what, sel) {
			break
		}
	}
	switch got := eval[string](t, tab, inHand); {
	case got == "" && !eval[bool](t, tab, inRound):
		return false
	case got != sym:
		t.Fatalf("the tile %s in hand never showed transform %s (got %q)", shape, sym, got)
	}
	first := bits.TrailingZeros64(uint64(o.Cells))
	anchor := cellName(p.Row+first/outofmine.GridStride, p.Col+first%outofmine.GridStride)
	if !tapIfThere(t, tab, "board space "+anchor, fmt.Sprintf(`#oom-board rect[data-cell=%q]`, anchor)) && eval[bool](t, tab, inRound) {
		t.Fatalf("tap board space %s: no such space in the round", anchor)
	}
	tile := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q]`, shape, sym, cellName(p.Row, p.Col))
	waitFor(t, tab, 10*time.Second, shape+" confirmed or refused",
		fmt.Sprintf(`!!document.querySelector('%s[data-state="confirmed"]') || !!document.querySelector('#oom-rollback') || %s !== 'round'`, tile, phase))
	if eval[bool](t, tab, `!!document.querySelector('`+tile+`[data-state="confirmed"]')`) {
		return true
	}
	if eval[bool](t, tab, inRound+` && !!document.querySelector('#oom-return')`) {
		tapOn(t, tab, "put the tile back", "#oom-return")
	}
	return false
}

// wholeGameClock is the round clock of TestOutOfMineWholeGameByTouch: long
// enough for the person to cover the board by taps many times over (a
// round takes about 10 s under the race detector), and what ends a round
// that neither player can finish.
const wholeGameClock = 90 * time.Second

// TestOutOfMineWholeGameByTouch has a person play a whole game of Out of
// Mine (two players, each round ended by a call) against the random bot on
// a 390x844 touch screen, by taps alone and without scrolling: each round
// they tap a side, then for each tile a supply tile, turn and mirror, and
// a board space, until the board is covered, and tap OUT OF MINE!; the
// round's scoring follows. When the bot has taken tiles the rest of the
// board needs, the person waits for the round's end: the bot's call, or
// the round clock of wholeGameClock, since the random bot, which lays its
// tiles anywhere they fit, may leave spaces no tile left can cover and
// never call (at least five of the seven calls must be hers). After round
// 7: the end screen and the 7-round score sheet.
func TestOutOfMineWholeGameByTouch(t *testing.T) {
	t.Parallel()
	tab := openOutOfMineOnAPhone(t, map[string]string{"clock": strconv.Itoa(int(wholeGameClock / time.Second))}, "random")
	called := 0
	for round := 1; round <= 7; round++ {
		tapSide(t, tab, round)
		waitFor(t, tab, 60*time.Second, fmt.Sprintf("round %d under way", round),
			fmt.Sprintf(`%s === 'round' && document.querySelector('#oom').dataset.round === '%d' && !!document.querySelector('#oom-goal') || !!document.querySelector('#oom-scoring[data-round="%d"]')`, phase, round, round))
		stuck := false
		for attempt := 0; attempt < 40 && eval[bool](t, tab, phase+` === 'round' && document.getElementById('oom-empty').dataset.empty !== '0'`); attempt++ {
			plan := oomPlan(t, tab, attempt == 0)
			if plan == nil {
				// The bot took tiles the rest of the board needed: the person
				// cannot finish, and the round ends with the bot's call.
				t.Logf("round %d: the supply left covers no rest of the board", round)
				stuck = true
				break
			}
			for _, p := range plan {
				if !tapPlace(t, tab, p) {
					break
				}
			}
		}
		if !stuck && eval[bool](t, tab, phase+` === 'round'`) {
			waitFor(t, tab, 10*time.Second, fmt.Sprintf("round %d: the board covered and the call ready", round), `!document.querySelector('#oom-call').disabled || `+phase+` !== 'round'`)
		}
		if !stuck && eval[bool](t, tab, phase+` === 'round'`) {
			tapOn(t, tab, "OUT OF MINE!", "#oom-call")
			called++
		}
		waitFor(t, tab, wholeGameClock+30*time.Second, fmt.Sprintf("the scoring of round %d", round),
			fmt.Sprintf(`!!document.querySelector('#oom-scoring[data-round="%d"]')`, round))
		if got := eval[int](t, tab, `document.querySelectorAll('#oom-scoring .oom-result dd[data-part="score"]').length`); got != 2 {
			t.Errorf("round %d: got %d round scores in the scoring; want 2", round, got)
		}
	}
	t.Logf("the person called in %d of 7 rounds", called)
	if called < 5 {
		t.Errorf("the person called in %d of 7 rounds; want at least 5 (the random bot is slow)", called)
	}
	do(t, tab, 30*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
	if filled := eval[int](t, tab, `[...document.querySelectorAll('#oom-sheet tbody td')].filter((td) => td.textContent.trim() !== '').length`); filled != 14 {
		t.Errorf("score sheet: got %d filled cells; want 7 rounds × 2 players = 14", filled)
	}
	sheet := eval[[]int](t, tab, `[0, 1].map((i) => Number(document.querySelector('#oom-sheet [data-total="' + i + '"]').textContent))`)
	end := eval[[]int](t, tab, `[...document.querySelectorAll('#end .scores tbody tr')].map((tr) => Number(tr.cells[1].textContent))`)
	slices.Sort(sheet)
	slices.Sort(end)
	if !slices.Equal(sheet, end) {
		t.Errorf("end screen scores %v; want the score sheet's totals %v", end, sheet)
	}
	if got := eval[[]float64](t, tab, `[scrollX, scrollY]`); got[0] != 0 || got[1] != 0 {
		t.Errorf("the page scrolled to %v during the game; want it at its top", got)
	}
}
