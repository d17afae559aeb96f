package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/puzzle"
)

// Issue "Puzzles": "Depends on: the issue Players for ratings and streaks
// of signed-in players. Guests play puzzles too, with their streak kept in
// the browser." A signed-in player's streak is the server's: after the
// day's Out of Mine puzzle is solved, the history box says it is kept with
// the account and shows a streak of 1, and it still does once this
// browser's own record is wiped, as on another device.
func TestPuzzleStreakOfSignedInPlayer(t *testing.T) {
	s := startAccountSite(t)
	tab := newTab(t, newBrowser(t), "puzzle-account")
	do(t, tab, 20*time.Second, "open the puzzles", chromedp.Navigate(s.URL+"/puzzles/outofmine"))
	waitFor(t, tab, 20*time.Second, "the guest's history", `document.querySelector('#pz-streak')?.dataset.kept === 'browser'`)
	await[bool](t, tab, `import('/assets/js/account.js').then((m) => m.passwordSign('signup', 'Ann', 'correct horse battery')).then((a) => a.name === 'Ann')`)

	// The day's puzzle, solved with the solver's perfect tiling through the
	// page's own API calls (the browser test of laying tiles is
	// TestPuzzleOutOfMinePerfect).
	_, plan := puzzle.Daily(puzzle.DayOf(time.Now())).Perfect()
	placements, _ := json.Marshal(plan)
	perfect := await[bool](t, tab, fmt.Sprintf(`(async () => {
  const { api } = await import('/assets/js/api.js');
  const t0 = Date.now();
  const o = await api('GET', '/api/puzzles/outofmine/daily');
  await new Promise((r) => setTimeout(r, 1500));
  const r = await api('POST', '/api/puzzles/outofmine/daily', { ticket: o.ticket, day: o.day, time_ms: Date.now() - t0, placements: %s });
  return r.perfect;
})()`, placements))
	if !perfect {
		t.Fatalf("the solver's tiling was not perfect")
	}
	for _, when := range []string{"after the solve", "with this browser's record wiped"} {
		if when != "after the solve" {
			eval[bool](t, tab, `(localStorage.removeItem('minehall.puzzles.outofmine'), true)`)
		}
		do(t, tab, 20*time.Second, "reload the page "+when, chromedp.Reload())
		waitFor(t, tab, 20*time.Second, "the server's history "+when, `document.querySelector('#pz-streak')?.dataset.kept === 'server'`)
		if n := eval[int](t, tab, `Number(document.querySelector('#pz-streak').dataset.streak)`); n != 1 {
			t.Errorf("%s: the streak is %d; want 1", when, n)
		}
		if d := eval[string](t, tab, `document.querySelector('#pz-history tbody tr')?.dataset.day || ''`); d != puzzle.DayOf(time.Now()).String() {
			t.Errorf("%s: the history's first day is %q; want today", when, d)
		}
	}
	shootPage(t, tab, "puzzle-account-history")
}
