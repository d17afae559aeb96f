package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"minehall/game"
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
// the finds variant's longer supply), the choice of a side between rounds
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
	start.Ready = `!!document.querySelector('#oom-board')`
	end := mid
	end.Name = "outofmine-layout-end"
	end.Reach = func(s game.State, plies int) bool { return s.Terminal() }
	end.Timeout = func(s game.State, plies int) bool { return true }
	end.Deadline = 0
	end.Ready = `!!document.querySelector('#end .scores')`
	withHand := append(append([]layoutPart{}, oomStageParts...), oomHandParts...)
	return []layoutCase{
		{goldenCase: start, Parts: oomStageParts},
		{goldenCase: mid, Parts: withHand},
		{goldenCase: finds, Parts: withHand},
		{goldenCase: choose, Parts: []layoutPart{
			{Name: "side A button", Selector: "#oom-side-A"},
			{Name: "side B button", Selector: "#oom-side-B"},
			{Name: "side pictures", Selector: "#oom-choose .oom-board.preview-side", Each: true},
		}},
		{goldenCase: end, Parts: []layoutPart{
			{Name: "end heading", Selector: "#end-h", Optional: true},
		}},
	}
}

// TestOutOfMineLayout checks that each Out of Mine step fits a phone's
// screen: the own board, the hand and its buttons, the supply, the call,
// the clock and the card's goal in a round; the side buttons between
// rounds.
func TestOutOfMineLayout(t *testing.T) { runLayouts(t, outOfMineLayouts()) }

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
// allows. A view update that redraws the page between the touch and the
// click swallows the tap, as it would a finger's: tap again.
func tapSide(t *testing.T, tab context.Context, round int) {
	t.Helper()
	waitFor(t, tab, 60*time.Second, fmt.Sprintf("the side choice of round %d", round),
		fmt.Sprintf(`%s === 'choose' && document.querySelector('#oom').dataset.round === '%d' && !!document.querySelector('#oom-side-A:not([disabled]), #oom-side-B:not([disabled])')`, phase, round))
	side := eval[string](t, tab, `document.querySelector('#oom-side-A:not([disabled])') ? 'A' : 'B'`)
	for attempt := 1; attempt <= 3; attempt++ {
		tapOn(t, tab, "play side "+side, "#oom-side-"+side)
		if holds(tab, 3*time.Second, `!document.querySelector('#oom-side-A, #oom-side-B')`) {
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
