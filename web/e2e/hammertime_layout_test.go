package e2e

// Hammer Time on a phone: the tray and every control of the step on one
// screen (see layout_test.go), a whole game played by touch, and the end
// left to the table's end screen.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/hammertime"
)

// htViewOf returns seat p's view of a Hammer Time state.
func htViewOf(s game.State, p game.Player) hammertime.View {
	return s.View(p).(hammertime.View)
}

// htPrefer is the golden policy of the Hammer Time layout cases: strong
// hits (gems fall, the game moves on), the suggested filling, and no turns
// or pushes, which only slow a game down.
func htPrefer(s game.State, p game.Player, move string) int {
	switch {
	case strings.HasPrefix(move, "fill "):
		if f := htViewOf(s, p).Fill; f != nil && f.Suggested == move {
			return 2
		}
		return 1
	case strings.HasPrefix(move, "hit ") && (strings.HasSuffix(move, " 8") || strings.HasSuffix(move, " 9")):
		return 2
	case strings.HasPrefix(move, "hit "):
		return 1
	}
	return 0
}

// htLayoutCase is a two-player Hammer Time position seen by Ann, seat 1,
// after an easy bot who plays first (a table's first screen shows a move
// in its log).
func htLayoutCase(name string, options game.Options, reach func(s game.State, plies int) bool, parts ...layoutPart) layoutCase {
	return layoutCase{goldenCase: goldenCase{
		Name: name, Game: quickHammerTime(), Players: 2, Options: options, Seed: 20261202,
		Names: []string{"Bot", "Ann"}, Bots: []string{"easy", ""}, You: 1,
		Reach: reach, Prefer: htPrefer,
		Ready: `!!document.querySelector('#ht-tray') && document.querySelector('#ht-tray').dataset.animating !== 'true'`,
	}, Parts: parts}
}

// htAimParts are the parts a hit needs: the tray, the side, the position,
// the strength and the Hit button.
var htAimParts = []layoutPart{
	{Name: "tray", Selector: "#ht-tray"},
	{Name: "fallen gems", Selector: "#ht-fallen"},
	{Name: "side", Selector: "#ht-side"},
	{Name: "position", Selector: "#ht-pos"},
	// The strength slider lies, unseen, over the gauge it sets.
	{Name: "strength", Selector: ".ht-gauge"},
	{Name: "hit button", Selector: "#ht-hit"},
}

// htTrayMoveParts are the turns and pushes of the tray, offered before a
// turn's first hit.
var htTrayMoveParts = []layoutPart{
	{Name: "turn or push", Selector: "#ht-moves .ht-traymove", Each: true},
}

// htLayoutCases are the steps of Hammer Time: the start (aiming, with the
// tray's turns and pushes), a later turn (the last hit's result shown), the
// expert variant's die above the controls, the filling of a wagon, the
// other player's turn, and the end.
func htLayoutCases() []layoutCase {
	mine := func(phase string, plies0 int) func(s game.State, plies int) bool {
		return func(s game.State, plies int) bool {
			v := htViewOf(s, 1)
			return plies >= plies0 && v.Current == 1 && v.Phase == phase && (phase != "fill" || len(v.Fill.Fallen) >= 2)
		}
	}
	return []layoutCase{
		// The start and the filling are golden images too
		// (TestGoldenHammerTime): their games keep the piles set at setup
		// that the images were made with. The other steps play new games'
		// drawn piles.
		htLayoutCase("hammertime-start", htSetupPiles(nil), mine("hit", 1),
			append(append([]layoutPart{}, htAimParts...), htTrayMoveParts...)...),
		htLayoutCase("hammertime-hit", nil, mine("hit", 8), htAimParts...),
		htLayoutCase("hammertime-expert", game.Options{"expert": "true"}, mine("hit", 1),
			append(append([]layoutPart{{Name: "die", Selector: "#ht-die"}}, htAimParts...), htTrayMoveParts...)...),
		htLayoutCase("hammertime-fill", htSetupPiles(nil), mine("fill", 0),
			layoutPart{Name: "tray", Selector: "#ht-tray"},
			layoutPart{Name: "wagon slot", Selector: "#ht-fill .ht-slot:not(.fixed)", Each: true},
			layoutPart{Name: "gems left out", Selector: "#ht-fill .ht-left"},
			layoutPart{Name: "confirm", Selector: "#ht-fill-confirm"},
			layoutPart{Name: "suggestion", Selector: "#ht-fill-suggest"}),
		htLayoutCase("hammertime-theirs", nil, func(s game.State, plies int) bool {
			v := htViewOf(s, 1)
			return plies > 4 && v.Current == 0 && v.Phase == "hit"
		}, layoutPart{Name: "tray", Selector: "#ht-tray"}, layoutPart{Name: "fallen gems", Selector: "#ht-fallen"}),
		// At the end the table's end screen comes first; the tray follows.
		htLayoutCase("hammertime-end", game.Options{"wagons": "1"}, func(s game.State, plies int) bool { return s.Terminal() },
			layoutPart{Name: "end heading", Selector: "#end-h", Optional: true},
			layoutPart{Name: "scores", Selector: "#end .scores", Optional: true}),
	}
}

// TestHammerTimePhoneLayout checks every step of Hammer Time on a phone:
// the tray and the step's controls on one screen, 44 px targets.
func TestHammerTimePhoneLayout(t *testing.T) {
	t.Parallel()
	runLayouts(t, htLayoutCases())
}

// htTapAt taps the element sel at the fraction fx of its width (from its
// left edge), at half its height, as a finger does: on a slider that sets
// the value under the finger. It fails when that point is off the screen.
func htTapAt(t *testing.T, tab context.Context, what, sel string, fx float64) {
	t.Helper()
	xy := eval[[]float64](t, tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return []; const r = e.getBoundingClientRect();
  return [r.x + r.width * %g, r.y + r.height / 2]; })()`, sel, fx))
	if len(xy) != 2 {
		t.Fatalf("tap %s: no element %s", what, sel)
	}
	if w, h := eval[float64](t, tab, `innerWidth`), eval[float64](t, tab, `innerHeight`); xy[0] < 0 || xy[1] < 0 || xy[0] > w || xy[1] > h {
		t.Fatalf("tap %s: %s is at %.0f,%.0f, off the %.0fx%.0f screen", what, sel, xy[0], xy[1], w, h)
	}
	do(t, tab, 10*time.Second, "tap "+what,
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{xy[0], xy[1]}),
		touch(input.DispatchTouchEventTypeTouchEnd))
}

// htSliderAt returns the fraction of a range slider's width (a thumb's
// width in from either end) where a tap sets it to value v.
func htSliderAt(t *testing.T, tab context.Context, sel string, v int) float64 {
	t.Helper()
	return eval[float64](t, tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); const min = Number(e.min), max = Number(e.max);
  const w = e.getBoundingClientRect().width, thumb = 16 / w; return thumb + (1 - 2 * thumb) * (%d - min) / (max - min); })()`, sel, v))
}

// htPickGemInWagon taps a gem in the wagon of the filling board until the
// board shows it picked, as a person taps again when the first tap did
// not take (the board can be drawn anew, from the table's news, between
// where the test sees the gem and its tap).
func htPickGemInWagon(t *testing.T, tab context.Context) {
	t.Helper()
	const picked = `!!document.querySelector('#ht-fill .ht-slot.picked .ht-item[data-gem]')`
	for range 3 {
		tapOn(t, tab, "a gem in the wagon", `#ht-fill .ht-slot .ht-item[data-gem]`)
		if holds(tab, 2*time.Second, picked) {
			return
		}
	}
	t.Fatalf("tapped a gem in the wagon 3 times; the board shows none picked")
}

// TestHammerTimeWholeGameByTouch plays a short Hammer Time game (one wagon
// to fill, no missions) against an easy bot on a 390×844 phone by touch
// alone: each hit aimed with the side list, the position and strength
// sliders tapped where the value lies and the Hit button tapped, the tray
// turned once by its button, every filling confirmed with a tap, all on
// the first screen (the first filling with gems to spare changed by a
// tap on a gem in the wagon and one on the row back to the tray), until
// the table's end
// screen. The renderer adds no
// "game over" line of its own to the end screen.
func TestHammerTimeWholeGameByTouch(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "phone")
	do(t, tab, 10*time.Second, "a phone screen",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	htCreate(t, s, tab, `#opt-missions`)
	hits, fills, turned, changed := 0, 0, false, false
	stop := time.Now().Add(4 * time.Minute)
	for {
		if time.Now().After(stop) {
			t.Fatalf("the game did not end within 4 minutes (%d hits)", hits)
		}
		waitFor(t, tab, 60*time.Second, "my turn or the end",
			htMain+`.dataset.status === 'finished' || (`+htMain+`.dataset.myTurn === 'true' && !!document.querySelector('#ht'))`)
		if eval[string](t, tab, htMain+`.dataset.status`) == "finished" {
			break
		}
		eval[bool](t, tab, `(scrollTo(0, 0), true)`)
		n := eval[string](t, tab, htMain+`.dataset.n`)
		if eval[string](t, tab, `document.querySelector('#ht').dataset.phase`) == "fill" {
			waitFor(t, tab, 10*time.Second, "the filling board", `!!document.querySelector('#ht-fill-confirm') && !document.querySelector('#ht-fill-confirm').disabled`)
			const inWagon = `document.querySelectorAll('#ht-fill .ht-slot .ht-item[data-gem]').length`
			if n := eval[int](t, tab, inWagon); n > 1 && !changed {
				// The first time there are gems to spare, one goes back to
				// the tray: tapped, then the row of what goes back tapped
				// at its label (a tap on a gem in the row picks that gem;
				// with many gems left out the row wraps, and gems lie
				// below the label).
				htPickGemInWagon(t, tab)
				tapOn(t, tab, "the row back to the tray", `#ht-fill .ht-left .label`)
				waitFor(t, tab, 5*time.Second, "the gem out of the wagon, the filling still legal",
					fmt.Sprintf(`%s === %d && !document.querySelector('#ht-fill-confirm').disabled`, inWagon, n-1))
				changed = true
			}
			fills++
			tapOn(t, tab, "confirm the filling", `#ht-fill-confirm`)
			htWaitApplied(t, tab, "the filling", n)
			continue
		}
		if !turned && eval[bool](t, tab, `!!document.querySelector('#ht-moves [data-move="turn right"]:not([disabled])')`) {
			tapOn(t, tab, "turn the tray right", `#ht-moves [data-move="turn right"]`)
			htWaitApplied(t, tab, "turn right", n)
			turned = true
			continue
		}
		waitFor(t, tab, 20*time.Second, "the animation over", `document.querySelector('#ht-tray').dataset.animating !== 'true'`)
		side := []string{"north", "east", "south", "west"}[hits%4]
		pos, strength := 1+(hits*4)%9, 6+hits%5
		do(t, tab, 10*time.Second, "choose the side", choose(`#ht-side`, side))
		htTapAt(t, tab, "the position", `#ht-pos`, htSliderAt(t, tab, `#ht-pos`, pos))
		htTapAt(t, tab, "the strength", `#ht-strength`, htSliderAt(t, tab, `#ht-strength`, strength))
		want := fmt.Sprintf("hit %s %d strength %d", side, pos, strength)
		waitFor(t, tab, 5*time.Second, "the Hit button reading "+want, fmt.Sprintf(`document.querySelector('#ht-hit').dataset.move === %q`, want))
		tapOn(t, tab, "hit", `#ht-hit`)
		hits++
		htWaitApplied(t, tab, want, n)
		var moveN int
		fmt.Sscan(n, &moveN)
		if got := htLogMove(t, tab, moveN+1); !strings.Contains(got, fmt.Sprintf("at point %d of 9, with strength %d of 10", pos, strength)) {
			t.Errorf("hit %d: the log says %q; want %s", hits, got, want)
		}
	}
	t.Logf("the game ended after %d hits and %d fillings by touch (a filling changed by touch: %t)", hits, fills, changed)
	if !turned {
		t.Errorf("the tray was never turned by touch")
	}
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	htCheckNoOwnEnd(t, tab)
}

// htCheckNoOwnEnd checks that at the end the renderer shows no line of
// its own saying that the game is over (the table's end screen says it).
func htCheckNoOwnEnd(t *testing.T, tab context.Context) {
	t.Helper()
	if got := eval[string](t, tab, `(() => { const e = document.querySelector('#ht-status'); return e && !e.hidden && e.getClientRects().length ? e.textContent : ''; })()`); got != "" {
		t.Errorf("at the end the renderer's status line shows %q; want none (the end screen says the game is over)", got)
	}
	if got := eval[string](t, tab, `(document.querySelector('#ht').innerText.match(/game is over/i) || [''])[0]`); got != "" {
		t.Errorf("at the end the renderer reads %q; want no game-over line of its own", got)
	}
}

// TestHammerTimeEndHasNoOwnGameOverLine opens a finished game's table and
// checks that the renderer leaves the end to the table's end screen.
func TestHammerTimeEndHasNoOwnGameOverLine(t *testing.T) {
	t.Parallel()
	cases := htLayoutCases()
	end := cases[len(cases)-1].goldenCase
	s := goldenSite(t, []goldenCase{end})
	tab := openGolden(t, newBrowser(t), s, end, 1280, 900)
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	htCheckNoOwnEnd(t, tab)
}
