package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/puzzle"
)

// TestPuzzleHammerTimeDrill plays the day's "fewest" drill through the
// page with the renderer's aiming form (the drill's side, position 5,
// rising strength) until gems fall, and checks the page's result against
// the engine replaying the same hits on the day's tray (RULINGS.md:
// "Results are server-authoritative and reproducible from the seed and
// the inputs"), and the day's best-score table, where the guest's entry
// is marked as a guest's. The hits come at a person's pace, no faster
// than the floor.
func TestPuzzleHammerTimeDrill(t *testing.T) {
	t.Parallel()
	day, _ := puzzle.ParseDay("2026-11-23")
	at, _ := time.Parse(time.DateOnly, day.String())
	s := startPuzzleSite(t, at.Add(12*time.Hour))
	tab := newTab(t, newBrowser(t), "drill")
	do(t, tab, 20*time.Second, "open the practice tray", chromedp.Navigate(s.URL+"/puzzles/hammertime"))
	waitFor(t, tab, 20*time.Second, "the tray and the drills", `!!document.querySelector('#ht-tray') && !!document.querySelector('#pz-drill-fewest')`)
	puzzleShot(t, tab, "puzzle-hammertime-start-desktop", 1280, 900)
	// The practice has one person at the tray: the engine's second seat
	// is nobody's and gets no tag beside the tray.
	if got := eval[string](t, tab, `document.querySelector('#ht-tray').dataset.seats`); got != "1  You" {
		t.Errorf("the tray's seat tags are %q; want only \"1  You\"", got)
	}
	puzzleShot(t, tab, "puzzle-hammertime-start-phone", 390, 844)
	for _, sz := range [][2]int64{{390, 844}, {844, 390}} {
		trayAndHitOnOneScreen(t, tab, sz[0], sz[1])
	}
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))

	dr, err := puzzle.DrillOf(day, puzzle.DrillFewest)
	if err != nil {
		t.Fatal(err)
	}
	clickAt(t, tab, "the fewest drill", `#pz-drill-fewest`)
	waitFor(t, tab, 20*time.Second, "the fewest drill chosen", `document.querySelector('#pz-drill-fewest')?.getAttribute('aria-selected') === 'true' && !!document.querySelector('#ht-tray')`)
	var hits []string
	for str := 1; str <= 10; str++ {
		waitFor(t, tab, 20*time.Second, "the animation over", `document.querySelector('#ht-tray').dataset.animating !== 'true' && !document.querySelector('#ht-hit').disabled`)
		do(t, tab, 10*time.Second, fmt.Sprintf("hit %s at strength %d", dr.Side, str),
			chromedp.Sleep(puzzle.HitFloor),
			choose(`#ht-side`, dr.Side),
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { for (const [id, v] of [['#ht-pos', 5], ['#ht-strength', %d]]) { const e = document.querySelector(id); e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); } })()`, str)),
			click(chromedp.CSS(`#ht-hit`)))
		hits = append(hits, fmt.Sprintf("hit %s 5 strength %d", dr.Side, str))
		waitFor(t, tab, 20*time.Second, "the server's answer", fmt.Sprintf(`!!document.querySelector('#pz-result') || document.querySelector('#pz-ht-hint')?.dataset.hits === '%d'`, len(hits)))
		if eval[bool](t, tab, `!!document.querySelector('#pz-result')`) {
			break
		}
		// No gem fell: the player hits again from where they were.
		if got := eval[string](t, tab, `document.activeElement?.id || document.activeElement?.tagName`); got != "ht-hit" {
			t.Errorf("after hit %d, which dropped nothing, the focus is on %s; want it back on the hit button", len(hits), got)
		}
	}
	want, err := puzzle.RunDrill(day, dr, hits)
	if err != nil {
		t.Fatalf("RunDrill(%v): %v", hits, err)
	}
	if !want.Done {
		t.Fatalf("the engine says no gem fell after %v", hits)
	}
	got := eval[int](t, tab, `Number(document.querySelector('#pz-result').dataset.fallen)`)
	if got != len(want.Fallen) {
		t.Errorf("the page says %d gems fell; the engine replaying %v says %d", got, hits, len(want.Fallen))
	}
	if s := eval[string](t, tab, `document.querySelector('#pz-result').dataset.success`); s != map[bool]string{true: "yes", false: "no"}[want.Success] {
		t.Errorf("the page's success %q; the engine's %v", s, want.Success)
	}
	// The result says the score and the hits, in the singular for one.
	sentence := fmt.Sprintf("Score %d in %d hits.", want.Score, len(hits))
	if len(hits) == 1 {
		sentence = fmt.Sprintf("Score %d in 1 hit.", want.Score)
	}
	if got := eval[string](t, tab, `document.querySelector('#pz-result').textContent`); !strings.Contains(got, sentence) {
		t.Errorf("the result reads %q; want %q", got, sentence)
	}
	best := eval[string](t, tab, `document.querySelector('#pz-best-fewest')?.textContent || ''`)
	if !strings.Contains(best, fmt.Sprint(want.Score)) {
		t.Errorf("the best-score table %q lacks the score %d", best, want.Score)
	}
	if !eval[bool](t, tab, `!!document.querySelector('#pz-best-fewest li[data-guest="yes"] .pz-guest')`) {
		t.Errorf("the guest's entry in the best-score table has no guest mark: %q", best)
	}
	waitFor(t, tab, 20*time.Second, "the animation over", `document.querySelector('#ht-tray').dataset.animating !== 'true'`)
	puzzleShot(t, tab, "puzzle-hammertime-done-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-hammertime-done-phone", 390, 844)
}

// trayAndHitOnOneScreen checks that on a phone of width × height, with the
// practice's stage scrolled to the top of the screen, the whole tray and
// the hit button lie on the screen: upright the tray and the controls
// below it, on its side the stage one screen high with the controls
// beside the tray.
func trayAndHitOnOneScreen(t *testing.T, tab context.Context, width, height int64) {
	t.Helper()
	do(t, tab, 10*time.Second, "size the screen", screenSize(width, height),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#ht-stage').scrollIntoView({ block: 'start' })`))
	const onScreen = `['#ht-tray', '#ht-hit'].every((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
})`
	if !holds(tab, 5*time.Second, onScreen) {
		rects := eval[string](t, tab, `JSON.stringify(['#ht-tray', '#ht-hit'].map((sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [sel, r.top, r.bottom, r.left, r.right]; }).concat([[innerWidth, innerHeight]]))`)
		t.Errorf("at %d×%d the tray and the hit button are not both on the screen (top, bottom, left, right; the screen's width and height): %s", width, height, rects)
	}
}
