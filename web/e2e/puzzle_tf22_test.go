package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/puzzle"
)

// typeRouteMove types move into the TF22 puzzle page's notation field and
// plays it with Enter.
func typeRouteMove(t *testing.T, tab context.Context, move string) {
	t.Helper()
	do(t, tab, 10*time.Second, "type "+move, focusNow(`#pz-move`), typeInto(`#pz-move`, move), chromedp.KeyEvent(kb.Enter))
}

// keyRouteMove plays move, an action on a card ("B 4,2"), on the TF22
// puzzle page's planet with the keyboard: Enter on the palette's action,
// then Enter on the card.
func keyRouteMove(t *testing.T, tab context.Context, move string) {
	t.Helper()
	f := strings.Fields(move)
	if len(f) != 2 || len(f[0]) != 1 {
		t.Fatalf("%q is not an action on a card", move)
	}
	card := fmt.Sprintf(`#pz-board .tfcard[data-pos=%q]`, f[1])
	do(t, tab, 10*time.Second, "Enter on action "+f[0], focusNow(fmt.Sprintf(`#pz-board [data-key="action:%s"]`, f[0])), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 5*time.Second, "action "+f[0]+" chosen", fmt.Sprintf(`document.querySelector('#pz-board [data-key="action:%s"]').getAttribute('aria-pressed') === 'true'`, f[0]))
	do(t, tab, 10*time.Second, "Enter on card "+f[1], focusNow(card), chromedp.KeyEvent(kb.Enter))
}

// TestPuzzleTF22Perfect plays the day's TF22 route puzzle through the page:
// a move the rules refuse shows the engine's reason and is not played, a
// move is undone, then the one shortest plan is played move by move, the
// first on the planet by keyboard and the others typed, the ore spent
// shown after each and the focus kept where the player is (on the card,
// in the move box; it went to the page's body); the submission scores
// "perfect" (the issue: "Deliver a Ranium in the fewest ore ... The
// optimum is proved by a search over the rules' actions") and the streak
// becomes 1.
func TestPuzzleTF22Perfect(t *testing.T) {
	t.Parallel()
	day, _ := puzzle.ParseDay("2026-11-23")
	at, _ := time.Parse(time.DateOnly, day.String())
	p := puzzle.DailyRoute(day)
	s := startPuzzleSite(t, at.Add(12*time.Hour))
	tab := newTab(t, newBrowser(t), "tf22 route")
	do(t, tab, 20*time.Second, "open the puzzles", chromedp.Navigate(s.URL+"/puzzles"))
	waitFor(t, tab, 20*time.Second, "the link to the TF22 page", `!!document.querySelector('a[href="/puzzles/tf22"]')`)
	clickAt(t, tab, "the TF22 puzzles", `a[href="/puzzles/tf22"]`)
	waitFor(t, tab, 60*time.Second, "the planet and the plan", `!!document.querySelector('#pz-board #tf') && !!document.querySelector('#pz-move')`)
	if id := eval[string](t, tab, `document.querySelector('#pz-summary').dataset.id`); id != p.ID {
		t.Fatalf("the page shows puzzle %s; the day's is %s", id, p.ID)
	}
	puzzleShot(t, tab, "puzzle-tf22-start-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-tf22-start-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))

	typeRouteMove(t, tab, "F "+p.Setup.Crew)
	waitFor(t, tab, 20*time.Second, "the engine's reason", `(document.querySelector('#pz-error')?.textContent || '').includes('no Ranium on card')`)
	if n := eval[int](t, tab, `document.querySelectorAll('#pz-moves li').length`); n != 0 {
		t.Fatalf("a refused move was played: %d moves", n)
	}
	if v := eval[string](t, tab, `document.querySelector('#pz-move').value`); v != "F "+p.Setup.Crew {
		t.Errorf("the refused move's box holds %q; want the move, to be mended", v)
	}
	focusIs(t, tab, "a refused move", `#pz-move`)
	typeRouteMove(t, tab, "A 3,3")
	waitFor(t, tab, 20*time.Second, "one move played", `document.querySelectorAll('#pz-moves li').length === 1 && document.querySelector('#pz-summary').dataset.spent === '1'`)
	clickAt(t, tab, "undo", `#pz-undo`)
	waitFor(t, tab, 20*time.Second, "the move undone", `!document.querySelector('#pz-moves') && document.querySelector('#pz-summary').dataset.spent === '0'`)

	spent := 0
	for i, m := range p.Plan {
		if i == 0 {
			keyRouteMove(t, tab, m)
		} else {
			typeRouteMove(t, tab, m)
		}
		spent += map[byte]int{'J': 3, 'K': 2}[m[0]]
		if m[0] != 'J' && m[0] != 'K' {
			spent++
		}
		waitFor(t, tab, 20*time.Second, "move "+m, fmt.Sprintf(`document.querySelectorAll('#pz-moves li').length === %d && document.querySelector('#pz-summary').dataset.spent === '%d'`, i+1, spent))
		if i == 0 {
			focusIs(t, tab, "a move on the planet", fmt.Sprintf(`#pz-board .tfcard[data-pos=%q]`, targetPos(m)))
		} else {
			focusIs(t, tab, "a typed move", `#pz-move`)
		}
	}
	waitFor(t, tab, 20*time.Second, "the delivery", `!document.querySelector('#pz-submit').disabled`)
	// No faster than a person: the floor of the plan's moves.
	do(t, tab, time.Minute, "wait out the floor", chromedp.Sleep(time.Duration(len(p.Plan))*puzzle.RouteMoveFloor))
	clickAt(t, tab, "submit", `#pz-submit`)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result')`)
	if got := eval[string](t, tab, `document.querySelector('#pz-result').dataset.perfect`); got != "yes" {
		t.Errorf("the optimal plan scores perfect=%s; want yes", got)
	}
	best := eval[[]string](t, tab, `[...document.querySelectorAll('#pz-best li')].map((e) => e.dataset.move)`)
	if strings.Join(best, "|") != strings.Join(p.Plan, "|") {
		t.Errorf("the page shows the plan %q; want %q", best, p.Plan)
	}
	waitFor(t, tab, 20*time.Second, "the streak", `document.querySelector('#pz-streak')?.dataset.streak === '1'`)
	puzzleShot(t, tab, "puzzle-tf22-done-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-tf22-done-phone", 390, 844)
}
