package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/puzzle"
)

// A player's streak is the server's, a guest's as an account's: the
// history box of a guest says so; after a signed-in player solves the
// day's Out of Mine puzzle, it shows a streak of 1, in this browser and in
// another one signed in to the same account.
func TestPuzzleStreakOfSignedInPlayer(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	browser := newBrowser(t)
	tab := newTab(t, browser, "puzzle-account")
	do(t, tab, 20*time.Second, "open the puzzles", chromedp.Navigate(s.URL+"/puzzles/outofmine"))
	waitFor(t, tab, 20*time.Second, "the guest's history", `document.querySelector('#pz-streak')?.dataset.kept === 'server'`)
	await[bool](t, tab, `import('/assets/js/account.js').then((m) => m.passwordSign('signup', 'Ann', 'correct horse battery')).then((a) => a.name === 'Ann')`)

	// The day's puzzle, solved with the solver's perfect tiling through the
	// page's own API calls (the browser test of laying tiles is
	// TestPuzzleOutOfMinePerfect).
	_, plan := puzzle.Daily(puzzle.DayOf(time.Now())).Perfect()
	placements, _ := json.Marshal(plan)
	await[bool](t, tab, `import('/assets/js/api.js').then((m) => m.api('GET', '/api/puzzles/outofmine/daily')).then((o) => { window.opened = o; return true; })`)
	// No faster than a person: the floor of the tiles laid.
	do(t, tab, time.Minute, "wait out the floor", chromedp.Sleep(time.Duration(len(plan))*puzzle.TileFloor))
	perfect := await[bool](t, tab, fmt.Sprintf(`import('/assets/js/api.js').then((m) => m.api('POST', '/api/puzzles/outofmine/daily',
  { ticket: window.opened.ticket, day: window.opened.day, placements: %s })).then((r) => r.perfect && r.counted)`, placements))
	if !perfect {
		t.Fatalf("the solver's tiling was not perfect")
	}
	other := newTab(t, browser, "puzzle-account-other")
	do(t, other, 20*time.Second, "open the site in another browser", chromedp.Navigate(s.URL+"/puzzles/outofmine"))
	await[bool](t, other, `import('/assets/js/account.js').then((m) => m.passwordSign('signin', 'Ann', 'correct horse battery')).then((a) => a.name === 'Ann')`)
	for when, tab := range map[string]context.Context{"after the solve": tab, "in another browser": other} {
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
