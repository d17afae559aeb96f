package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPuzzleFairPlay: the puzzles hub says how puzzles count, with the
// floor of each kind; a solution faster than its floor (here on a server
// whose clock stands still, so that every solution takes no time) is
// answered in full but says it is not rated, and the history marks its
// day as not counted.
func TestPuzzleFairPlay(t *testing.T) {
	t.Parallel()
	at, pz := mineralsDay()
	s := startPuzzleSiteClock(t, func() time.Time { return at })
	tab := newTab(t, newBrowser(t), "fair-play")
	do(t, tab, 20*time.Second, "open the puzzles hub", chromedp.Navigate(s.URL+"/puzzles"))
	waitFor(t, tab, 20*time.Second, "the fair-play help", `document.querySelectorAll('#pz-fair .pz-floors li').length === 4`)
	help := eval[string](t, tab, `document.querySelector('#pz-fair').textContent`)
	for _, want := range []string{"once per player", "1 s per tile laid", "2 s for the move", "1 s per move of the plan", "1 s per hit"} {
		if !strings.Contains(help, want) {
			t.Errorf("the fair-play help %q lacks %q", help, want)
		}
	}
	puzzleShot(t, tab, "puzzles-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzles-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))

	do(t, tab, 20*time.Second, "open the Minerals page", chromedp.Navigate(s.URL+"/puzzles/minerals"))
	waitFor(t, tab, 20*time.Second, "the board", `!!document.querySelector('#pz-board .pawn.selectable')`)
	do(t, tab, 10*time.Second, "type the best move", typeInto(`#pz-move-input`, pz.Best))
	clickAt(t, tab, "Play", `#pz-play`)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result')`)
	if c := eval[string](t, tab, `document.querySelector('#pz-result').dataset.correct`); c != "yes" {
		t.Fatalf("the page says correct=%q after the best move %s", c, pz.Best)
	}
	why := eval[string](t, tab, `document.querySelector('#pz-notcounted')?.dataset.why || ''`)
	note := eval[string](t, tab, `document.querySelector('#pz-notcounted')?.textContent || ''`)
	if why != "too_fast" || !strings.Contains(note, "Not rated") || !strings.Contains(note, "2 s") {
		t.Errorf("the result's note: %q (%s); want not rated, faster than the floor of 2 s", note, why)
	}
	waitFor(t, tab, 20*time.Second, "the day in the history, not counted", `document.querySelector('#pz-history tbody tr')?.dataset.counted === 'no'`)
	puzzleShot(t, tab, "puzzle-minerals-too-fast-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-minerals-too-fast-phone", 390, 844)
}
