package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestA11yHammerTimeKeyboardGame has a person play a whole short game of
// Hammer Time (one wagon to fill) against a bot with the keyboard alone:
// joining by the link's form, reading the tray's description (the gems
// near each edge), pushing the tray with Shift and a side's letter and
// turning it with Q once, and for each hit choosing the side with 1 to 4,
// the point with the arrows and the strength with Page Up and Page Down
// or + and −, checked on the hit button before Enter hits; fillings are
// confirmed with Enter on the suggested filling; then the end screen.
func TestA11yHammerTimeKeyboardGame(t *testing.T) {
	s := startSite(t)
	link := createTable(t, s, map[string]any{"game": "hammertime", "players": 2, "autostart": true,
		"options": map[string]string{"wagons": "1"},
		"seats":   []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "easy"}}})
	tab := newTab(t, newBrowser(t), "keyboard")
	joinByKeyboard(t, tab, s.URL+link, "Ann")
	waitFor(t, tab, 20*time.Second, "the tray", `!!document.querySelector('#ht-tray')`)
	if got := eval[string](t, tab, `document.querySelector('#ht-describe').textContent`); !strings.Contains(got, "Near the north edge") || !strings.Contains(got, "90 gems") {
		t.Errorf("the tray's description reads %q; want the gems near each edge and the 90 gems", got)
	}
	sides := []string{"north", "east", "south", "west"}
	hits, fills, pushed, turned := 0, 0, false, false
	stop := time.Now().Add(4 * time.Minute)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "my turn or the end",
			htMain+`.dataset.status === 'finished' || (`+htMain+`.dataset.myTurn === 'true' && !!document.querySelector('#ht'))`)
		if eval[string](t, tab, htMain+`.dataset.status`) == "finished" {
			break
		}
		n := eval[string](t, tab, htMain+`.dataset.n`)
		if eval[string](t, tab, `document.querySelector('#ht').dataset.phase`) == "fill" {
			waitFor(t, tab, 10*time.Second, "the filling board", `!!document.querySelector('#ht-fill-confirm:not([disabled])')`)
			tabTo(t, tab, "the filling's confirm button", `#ht-fill-confirm`)
			press(t, tab, "confirm the filling", kb.Enter)
			htWaitApplied(t, tab, "the filling", n)
			fills++
			continue
		}
		waitFor(t, tab, 20*time.Second, "the animation over", `document.querySelector('#ht-tray').dataset.animating !== 'true'`)
		tabTo(t, tab, "the tray", `#ht-tray`)
		if !pushed && eval[bool](t, tab, `!!document.querySelector('#ht-moves [data-move="push north"]:not([disabled])')`) {
			press(t, tab, "push the tray from the north with Shift+N", "N")
			htWaitApplied(t, tab, "push north", n)
			pushed = true
			continue
		}
		if !turned && eval[bool](t, tab, `!!document.querySelector('#ht-moves [data-move="turn left"]:not([disabled])')`) {
			press(t, tab, "turn the tray with Q", "q")
			htWaitApplied(t, tab, "turn left", n)
			turned = true
			continue
		}
		side, pos, strength := hits%4, 1+(hits*4)%9, 3+hits%5
		press(t, tab, "choose the "+sides[side]+" side", fmt.Sprint(side+1))
		at := eval[int](t, tab, `Number(document.querySelector('#ht-pos').value)`)
		for ; at < pos; at++ {
			press(t, tab, "the aim along the side", kb.ArrowLeft)
		}
		for ; at > pos; at-- {
			press(t, tab, "the aim along the side", kb.ArrowRight)
		}
		up, down := kb.PageUp, kb.PageDown
		if hits%2 == 1 {
			up, down = "+", "-"
		}
		for str := eval[int](t, tab, `Number(document.querySelector('#ht-strength').value)`); str != strength; {
			if str < strength {
				press(t, tab, "stronger", up)
				str++
			} else {
				press(t, tab, "weaker", down)
				str--
			}
		}
		want := fmt.Sprintf("hit %s %d strength %d", sides[side], pos, strength)
		waitFor(t, tab, 5*time.Second, "the aim "+want, fmt.Sprintf(`document.querySelector('#ht-hit').dataset.move === %q`, want))
		press(t, tab, "hit with Enter", kb.Enter)
		htWaitApplied(t, tab, want, n)
		hits++
		var moveN int
		fmt.Sscan(n, &moveN)
		if got := htLogMove(t, tab, moveN+1); !strings.Contains(got, fmt.Sprintf("from the %s, at point %d of 9, with strength %d of 10", sides[side], pos, strength)) {
			t.Errorf("hit %d: the log says %q; want %q in words", hits, got, want)
		}
	}
	t.Logf("the game ended after %d hits and %d fillings by keyboard", hits, fills)
	if hits == 0 || !pushed || !turned {
		t.Errorf("by keyboard: %d hits, pushed %v, turned %v; want hits, a push and a turn", hits, pushed, turned)
	}
	do(t, tab, 10*time.Second, "the end screen", chromedp.WaitVisible(chromedp.CSS(`#end .scores`)))
	htCheckEnd(t, tab)
}
