package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/web"
)

// TestA11yHammerTimeKeyboardGame has a person play a whole short game of
// Hammer Time (one wagon to fill) against a bot with the keyboard alone:
// joining by the link's form, reading the tray's description (the gems
// near each edge) and hearing it with D, pushing the tray with Shift and
// a side's letter and turning it with Q once, and for each hit choosing
// the side with 1 to 4, the point with the arrows and the strength with
// Page Up and Page Down or + and −, checked on the hit button before
// Enter hits, and each hit's result told in the live region with the gems
// that fell; fillings are confirmed with Enter on the suggested filling;
// then the end screen.
func TestA11yHammerTimeKeyboardGame(t *testing.T) {
	t.Parallel()
	// The tray's words are held back until the table is drawn and waits
	// for Ann (a keyboard player may focus the tray while they load).
	words := make(chan struct{})
	var release sync.Once
	t.Cleanup(func() { release.Do(func() { close(words) }) })
	s := startSite(t, func(mux *http.ServeMux, _ http.Handler) {
		mux.HandleFunc("/assets/js/hammertime-access.js", func(w http.ResponseWriter, r *http.Request) {
			<-words
			web.Handler().ServeHTTP(w, r)
		})
	})
	link := createTable(t, s, map[string]any{"game": "hammertime", "players": 2, "autostart": true,
		"options": map[string]string{"wagons": "1"},
		"seats":   []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "easy"}}})
	tab := newTab(t, newBrowser(t), "keyboard")
	joinByKeyboard(t, tab, s.URL+link, "Ann")
	waitFor(t, tab, 20*time.Second, "the tray", `!!document.querySelector('#ht-tray')`)
	// With the keyboard on the tray, the tray is described in words, also
	// when its words came in after the tray was last drawn, with no move
	// since to draw it again.
	waitFor(t, tab, 60*time.Second, "Ann's turn, the tray still",
		htMain+`.dataset.myTurn === 'true' && document.querySelector('#ht-tray').dataset.animating !== 'true'`)
	release.Do(func() { close(words) })
	waitFor(t, tab, 20*time.Second, "the tray's words loaded",
		`performance.getEntriesByType('resource').some((e) => e.name.endsWith('/assets/js/hammertime-access.js') && e.responseEnd > 0)`)
	tabTo(t, tab, "the tray", `#ht-tray`)
	if !holds(tab, 10*time.Second, `/Near the north edge/.test(document.querySelector('#ht-describe').textContent)`) {
		t.Errorf("the tray's description reads %q; want the gems near each edge", eval[string](t, tab, `document.querySelector('#ht-describe').textContent`))
	}
	// D tells the tray in the live region.
	press(t, tab, "tell the tray with D", "d")
	if !holds(tab, 10*time.Second, `[...document.querySelectorAll('#announce p')].some((p) => /Near the north edge/.test(p.textContent))`) {
		t.Errorf("after D the live region says %q; want the tray in words", eval[string](t, tab, `document.querySelector('#announce')?.textContent || ''`))
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
		// The live region tells the hit's result: the gems that fell, by color.
		said := fmt.Sprintf("Ann hits the tray from the %s, at point %d of 9, with strength %d of 10: ", sides[side], pos, strength)
		if !holds(tab, 10*time.Second, fmt.Sprintf(`[...document.querySelectorAll('#announce p')].some((p) => p.textContent.startsWith(%q))`, said)) {
			t.Errorf("hit %d: the live region says %q; want %q and the gems that fell", hits, eval[string](t, tab, `document.querySelector('#announce')?.textContent || ''`), said)
		} else {
			// "…: 3 gems fell, 1 blue, 2 red.", "…: 1 gem fell, 1 yellow." or
			// "…: no gem fell."
			line := eval[string](t, tab, fmt.Sprintf(`[...document.querySelectorAll('#announce p')].reverse().find((p) => p.textContent.startsWith(%q)).textContent`, said))
			rest := strings.TrimPrefix(line, said)
			var n, sum int
			if _, err := fmt.Sscanf(rest, "%d gem", &n); err == nil {
				if fell := map[bool]string{true: "1 gem fell, ", false: fmt.Sprintf("%d gems fell, ", n)}[n == 1]; !strings.HasPrefix(rest, fell) {
					t.Errorf("hit %d: the live region says %q; want %q", hits, line, fell)
				}
				colors, _, _ := strings.Cut(strings.SplitN(rest, ", ", 2)[1], ".")
				for _, part := range strings.Split(colors, ", ") {
					var k int
					fmt.Sscan(part, &k)
					sum += k
				}
			}
			if !strings.HasPrefix(rest, "no gem fell.") && (n == 0 || sum != n) {
				t.Errorf("hit %d: the live region says %q; want the gems that fell counted by color (%d in all, %d by color)", hits, line, n, sum)
			}
		}
	}
	t.Logf("the game ended after %d hits and %d fillings by keyboard", hits, fills)
	if hits == 0 || !pushed || !turned {
		t.Errorf("by keyboard: %d hits, pushed %v, turned %v; want hits, a push and a turn", hits, pushed, turned)
	}
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	htCheckEnd(t, tab)
}

// TestA11yHammerTimeAccessAnswers checks what the screen-reader mode reads
// of Hammer Time at a golden position (the start of Ann's turn), against
// the view's gems: for each edge, "gems near the north edge" (and the
// others) and the cell "east" count exactly the gems within 5 cm of that
// edge, by color; the summary gives the gems by color, the dragon and
// Ann's wagon. It then shows the aim chosen by keys at 1280×900 and
// 390×844.
func TestA11yHammerTimeAccessAnswers(t *testing.T) {
	t.Parallel()
	c := htLayoutCases()[0].goldenCase
	s, tables := goldenSiteTables(t, []goldenCase{c})
	v := htViewOf(tables[c.Name].state, c.You)
	w, d := v.Tray.Width/2, v.Tray.Depth/2
	names := map[string]string{"white": "white (joker)", "blue": "blue", "green": "green", "yellow": "yellow", "red": "red", "black": "black"}
	sides := []string{"north", "east", "south", "west"}
	near := make([]map[string]int, 4)
	total := make([]int, 4)
	for sd := range near {
		near[sd] = map[string]int{}
	}
	for _, g := range v.Tray.Gems {
		for sd, dist := range []float64{d - g.Y, w - g.X, g.Y + d, g.X + w} {
			if dist <= 5 {
				near[sd][g.Color]++
				total[sd]++
			}
		}
	}
	view, _ := json.Marshal(v)
	tab := openGolden(t, newBrowser(t), s, c, 1280, 900)
	var typed []string
	for _, sd := range sides {
		typed = append(typed, "gems near the "+sd+" edge")
	}
	typed = append(typed, "gems near the west", "describe")
	var got accessResult
	if err := json.Unmarshal([]byte(accessAnswers(t, tab, "/assets/js/hammertime-access.js", string(view), int(c.You), c.Names, []string{"east", "north 5", "middle"}, typed)), &got); err != nil {
		t.Fatal(err)
	}
	answer := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	for sd, side := range sides {
		a := answer(got.Commands["gems near the "+side+" edge"])
		if total[sd] == 0 {
			if a != "Near the "+side+" edge: no gem." {
				t.Errorf("gems near the %s edge: got %q; want none", side, a)
			}
			continue
		}
		if !strings.HasPrefix(a, fmt.Sprintf("Near the %s edge, %d gems: ", side, total[sd])) {
			t.Errorf("gems near the %s edge: got %q; want %d gems", side, a, total[sd])
		}
		for color, n := range near[sd] {
			if !strings.Contains(a, fmt.Sprintf("%d %s at point", n, names[color])) {
				t.Errorf("gems near the %s edge: got %q; want %d %s", side, a, n, names[color])
			}
		}
	}
	if a, b := answer(got.Cells["east"]), answer(got.Commands["gems near the east edge"]); a != b {
		t.Errorf(`the cell "east" reads %q; want what "gems near the east edge" says, %q`, a, b)
	}
	if a, b := answer(got.Commands["gems near the west"]), answer(got.Commands["gems near the west edge"]); a != b {
		t.Errorf(`"gems near the west" reads %q; want %q`, a, b)
	}
	if p := answer(got.Cells["north 5"]); !strings.HasPrefix(p, "Near point 5 of the north side") {
		t.Errorf(`the cell "north 5" reads %q; want the gems near that point`, p)
	}
	if got.Cells["middle"] != nil {
		t.Errorf(`the cell "middle" reads %q; want nothing (no side)`, *got.Cells["middle"])
	}
	summary := strings.Join(got.Summary, " ")
	for _, want := range []string{fmt.Sprintf("The tray, north side in front of you: %d gems", len(v.Tray.Gems)), "The dragon wakes when 9 gems fall", "You: 0 full wagons", "Your turn: hit the tray"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q; want it to say %q", summary, want)
		}
	}
	if d := answer(got.Commands["describe"]); d != summary {
		t.Errorf(`"describe" reads %q; want the summary`, d)
	}

	// The aim chosen by keys, at two sizes: the west side, point 3, strength 7.
	for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
		do(t, tab, 10*time.Second, "resize", screenSize(size[0], size[1]))
		tabTo(t, tab, "the tray", `#ht-tray`)
		press(t, tab, "the west side", "4")
		for at := eval[int](t, tab, `Number(document.querySelector('#ht-pos').value)`); at != 3; {
			if at < 3 {
				press(t, tab, "the aim along the side", kb.ArrowLeft)
				at++
			} else {
				press(t, tab, "the aim along the side", kb.ArrowRight)
				at--
			}
		}
		for str := eval[int](t, tab, `Number(document.querySelector('#ht-strength').value)`); str != 7; {
			if str < 7 {
				press(t, tab, "stronger", kb.PageUp)
				str++
			} else {
				press(t, tab, "weaker", kb.PageDown)
				str--
			}
		}
		waitFor(t, tab, 5*time.Second, "the aim west 3 strength 7", `document.querySelector('#ht-hit').dataset.move === 'hit west 3 strength 7'`)
		eval[bool](t, tab, `(document.querySelector('#ht-tray').scrollIntoView({block: 'center'}), true)`)
		shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("MINEHALL_SHOTS"); dir != "" {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("a11y-hammertime-%dx%d.png", size[0], size[1])), shot, 0o644)
		}
	}
}
