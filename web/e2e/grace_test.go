package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The offline grace: a person who closes the page on their turn is waited
// for a short while, which the others see count down, and then a stand-in
// plays for them; the owner of a private table may end the wait at once.

// twoTabs opens table id in two browser contexts, Ann's (seat 0, closed by
// closeAnn) and Bob's (seat 1).
func twoTabs(t *testing.T, s *site, id, annToken, bobToken string) (ann context.Context, closeAnn context.CancelFunc, bob context.Context) {
	t.Helper()
	browser := newBrowser(t)
	ann, closeAnn = chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(closeAnn)
	if err := chromedp.Do(ann); err != nil {
		t.Fatalf("open Ann's tab: %v", err)
	}
	bob = newTab(t, browser, "bob")
	openSeat(t, ann, s, id, 0, annToken)
	openSeat(t, bob, s, id, 1, bobToken)
	waitFor(t, bob, 10*time.Second, "Ann online on Bob's page", `document.querySelector('#seats li[data-seat="0"]').dataset.presence === 'online'`)
	return ann, closeAnn, bob
}

// graceShots saves, when MINEHALL_SHOTS names a directory, shots of the
// tab at a desktop's and a phone's size, for a person to look at.
func graceShots(t *testing.T, tab context.Context, name string) {
	t.Helper()
	dir := os.Getenv("MINEHALL_SHOTS")
	if dir == "" {
		return
	}
	for _, sc := range []struct{ w, h int64 }{{1280, 900}, {390, 844}} {
		do(t, tab, 10*time.Second, "size the screen", screenSize(sc.w, sc.h))
		time.Sleep(300 * time.Millisecond)
		shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, sc.w, sc.h)), shot, 0o644)
	}
}

var graceText = regexp.MustCompile(`^Ann is offline: a stand-in takes over in 0:(\d\d)$`)

// TestGraceCountsDownThenStandIn closes Ann's page on her turn at a Fast
// table: Bob sees "Ann is offline: a stand-in takes over in 0:20" count
// down beside the turn (the board does not move), then the stand-in take
// her seat over for being offline and move.
func TestGraceCountsDownThenStandIn(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "connectfour", "players": 2, "autostart": true, "stand_in": "random",
		"time_control": map[string]int{"move_s": 15, "bank_s": 120}})
	annToken := joinAs(t, s, id, "Ann", 0)
	bobToken := joinAs(t, s, id, "Bob", 1)
	_, closeAnn, bob := twoTabs(t, s, id, annToken, bobToken)
	if n := eval[int](t, bob, `document.querySelectorAll('#graces .grace').length`); n != 0 {
		t.Fatalf("Bob's page shows %d graces while Ann is here; want none", n)
	}
	boardTop := `document.getElementById('board').getBoundingClientRect().top + scrollY`
	top := eval[float64](t, bob, boardTop)
	closeAnn()
	note := `document.querySelector('#graces .grace')?.textContent || ''`
	waitFor(t, bob, 15*time.Second, "Ann's grace on Bob's page", note+`.startsWith('Ann is offline')`)
	first := eval[string](t, bob, note)
	// The note stands beside the turn: the board Bob may be aiming at
	// stays where it was.
	if got := eval[float64](t, bob, boardTop); got != top {
		t.Errorf("Bob's board moved from %.1f px to %.1f px down the page when the note came; want it where it was", top, got)
	}
	m := graceText.FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("Bob's page says %q; want \"Ann is offline: a stand-in takes over in 0:SS\"", first)
	}
	secs, _ := strconv.Atoi(m[1])
	if secs > 20 || secs < 1 {
		t.Fatalf("Bob's page says %q; want at most the Fast grace of 20 s left", first)
	}
	graceShots(t, bob, "grace")
	// It counts down.
	waitFor(t, bob, 5*time.Second, "the grace counting down", fmt.Sprintf(`(%s) !== %q && (%s).startsWith('Ann is offline')`, note, first, note))
	if got := eval[string](t, bob, note); !graceText.MatchString(got) || got >= first {
		t.Errorf("Bob's page says %q after %q; want less time left", got, first)
	}
	// The grace runs out: a stand-in plays for Ann, and the note goes.
	seat0 := `document.querySelector('#seats li[data-seat="0"]')`
	waitFor(t, bob, 30*time.Second, "the stand-in takes Ann's seat over and moves",
		seat0+`.dataset.standIn === 'true' && `+seat0+`.querySelector('.tag.standin').textContent.includes('offline') && !!document.querySelector('#log li.by-standin') && document.getElementById('graces').hidden`)
	if tb := getTable(t, s, id); !tb.Seats[0].StandIn || tb.Seats[0].Absent != "offline" {
		t.Errorf("Ann's seat: stand-in %v, absent %q; want a stand-in for being offline", tb.Seats[0].StandIn, tb.Seats[0].Absent)
	}
}

// TestOwnerHandsOfflineSeatToStandIn: at an untimed private table, whose
// wait for an offline person has no end, the owner (Bob) hands Ann's seat
// to a stand-in with one click once she has closed her page on her turn.
func TestOwnerHandsOfflineSeatToStandIn(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, owner := newTable(t, s, map[string]any{"game": "connectfour", "players": 2, "autostart": true, "private": true, "stand_in": "random"})
	annToken := joinAs(t, s, id, "Ann", 0)
	bobToken := joinAs(t, s, id, "Bob", 1)
	_, closeAnn, bob := twoTabs(t, s, id, annToken, bobToken)
	do(t, bob, 10*time.Second, "Bob's browser keeps the owner's token",
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('minehall.owner.' + %q, JSON.stringify(%q))`, id, owner)),
		chromedp.Reload(), visible(`#seats li`))
	if n := eval[int](t, bob, `document.querySelectorAll('#standin-0').length`); n != 0 {
		t.Fatalf("the owner is offered to hand over Ann, who is here")
	}
	closeAnn()
	waitFor(t, bob, 15*time.Second, "the owner's button for Ann, offline on her turn",
		`document.querySelector('#standin-0')?.getAttribute('aria-label') === 'Hand Ann’s seat to a stand-in now'`)
	if n := eval[int](t, bob, `document.querySelectorAll('#graces .grace').length`); n != 0 {
		t.Errorf("an untimed table shows a grace; want none, the wait has no end")
	}
	graceShots(t, bob, "standin-now")
	do(t, bob, 10*time.Second, "hand Ann's seat over", click(chromedp.CSS(`#standin-0`)))
	seat0 := `document.querySelector('#seats li[data-seat="0"]')`
	waitFor(t, bob, 15*time.Second, "a stand-in plays for Ann",
		seat0+`.dataset.standIn === 'true' && !document.querySelector('#standin-0') && !!document.querySelector('#log li.by-standin')`)
}
