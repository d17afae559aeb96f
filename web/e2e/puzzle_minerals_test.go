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

// mineralsDay is 2026-11-23 at noon UTC, and its Minerals puzzle.
func mineralsDay() (time.Time, *puzzle.MineralsPuzzle) {
	d, _ := puzzle.ParseDay("2026-11-23")
	at, _ := time.Parse(time.DateOnly, d.String())
	return at.Add(12 * time.Hour), puzzle.MineralsDaily(d)
}

// TestPuzzleMineralsSolved goes from the lobby to the puzzles hub and the
// Minerals tactics page, plays the day's best move with the renderer (the
// pawn, then its destination) and sees "solved" with the reason the server
// gives, in English, and a streak of 1; switched to German, French and
// Dutch, the page, the reason included, keeps no English.
func TestPuzzleMineralsSolved(t *testing.T) {
	t.Parallel()
	at, pz := mineralsDay()
	s := startPuzzleSite(t, at)
	tab := newTab(t, newBrowser(t), "minerals-puzzle")
	do(t, tab, 20*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"))
	waitFor(t, tab, 10*time.Second, "the lobby's puzzle link", `!!document.querySelector('#lobby-puzzles')`)
	clickAt(t, tab, "the puzzles link", `#lobby-puzzles`)
	waitFor(t, tab, 10*time.Second, "the hub's Minerals link", `!!document.querySelector('a[href="/puzzles/minerals"]')`)
	puzzleShot(t, tab, "puzzle-hub-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-hub-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))
	clickAt(t, tab, "the Minerals tactics link", `a[href="/puzzles/minerals"]`)
	waitFor(t, tab, 20*time.Second, "the board with the pawn to move", `!!document.querySelector('#pz-board .pawn.selectable')`)
	if id := eval[string](t, tab, `document.querySelector('#pz-summary').dataset.puzzle`); id != pz.ID {
		t.Fatalf("the page shows puzzle %s; the day's is %s", id, pz.ID)
	}
	puzzleShot(t, tab, "puzzle-minerals-start-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-minerals-start-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))

	waitSteady(t, tab, "the board after the resize", `#pz-board .pawn.selectable`)
	clickAt(t, tab, "the pawn", `#pz-board .pawn.selectable`)
	target := fmt.Sprintf(`#pz-board polygon.legal[data-move=%q]`, pz.Best)
	waitFor(t, tab, 10*time.Second, "the destinations", fmt.Sprintf(`!!document.querySelector(%q)`, target))
	do(t, tab, 10*time.Second, "wait out the floor", chromedp.Sleep(puzzle.MineralsFloor))
	clickAt(t, tab, "the best move's destination", target)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result')`)
	if c := eval[string](t, tab, `document.querySelector('#pz-result').dataset.correct`); c != "yes" {
		t.Fatalf("the page says correct=%q after the best move %s", c, pz.Best)
	}
	head := eval[string](t, tab, `document.querySelector('#pz-result h2').textContent`)
	reason := eval[string](t, tab, `document.querySelector('#pz-reason').textContent`)
	if !strings.Contains(head, "Solved") || !strings.Contains(reason, pz.Text["en"]) {
		t.Errorf("the result says %q, %q; want Solved with the reason %q", head, reason, pz.Text["en"])
	}
	waitFor(t, tab, 20*time.Second, "a streak of 1", `document.querySelector('#pz-streak')?.dataset.streak === '1'`)
	if eval[bool](t, tab, `!!document.querySelector('#pz-board polygon.legal') || !document.querySelector('#pz-play').disabled`) {
		t.Errorf("the board still takes moves after the answer")
	}
	puzzleShot(t, tab, "puzzle-minerals-solved-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-minerals-solved-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))
	switchAndCheck(t, tab, "the solved Minerals puzzle")
}

// TestPuzzleMineralsWrongMove types a move that is not legal (refused,
// it stays in the box, which keeps the focus), then another legal move
// (in German): the page says it is not the best move and shows the best
// move and the reason in German.
func TestPuzzleMineralsWrongMove(t *testing.T) {
	t.Parallel()
	at, pz := mineralsDay()
	s := startPuzzleSite(t, at)
	tab := newTab(t, newBrowser(t), "minerals-puzzle-wrong")
	do(t, tab, 20*time.Second, "open the page", chromedp.Navigate(s.URL+"/puzzles/minerals"))
	waitFor(t, tab, 20*time.Second, "the board", `!!document.querySelector('#pz-board .pawn.selectable') && !!document.querySelector('#pz-move-input')`)
	do(t, tab, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	waitFor(t, tab, 10*time.Second, "the page in German", `document.documentElement.lang === 'de' && document.querySelector('#pz-tab-daily').textContent === 'Tagesrätsel'`)
	do(t, tab, 10*time.Second, "type a move that is not legal, Enter", focusNow(`#pz-move-input`), typeInto(`#pz-move-input`, "z99"), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 10*time.Second, "the move refused", `!!document.querySelector('#pz-error')`)
	if v := eval[string](t, tab, `document.querySelector('#pz-move-input').value`); v != "z99" {
		t.Errorf("the refused move's box holds %q; want the move, to be mended", v)
	}
	focusIs(t, tab, "a refused move", `#pz-move-input`)
	wrong := pz.RunnerUp
	do(t, tab, 10*time.Second, "type the next best move", typeInto(`#pz-move-input`, strings.TrimPrefix(wrong, "move ")))
	clickAt(t, tab, "Play", `#pz-play`)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result')`)
	if c := eval[string](t, tab, `document.querySelector('#pz-result').dataset.correct`); c != "no" {
		t.Fatalf("the page says correct=%q after %s, not the best move", c, wrong)
	}
	best := eval[string](t, tab, `document.querySelector('#pz-best').textContent`)
	reason := eval[string](t, tab, `document.querySelector('#pz-reason').textContent`)
	if !strings.Contains(best, pz.Best) || !strings.Contains(reason, pz.Text["de"]) {
		t.Errorf("the page shows %q, %q; want the best move %s and the German reason %q", best, reason, pz.Best, pz.Text["de"])
	}
	puzzleShot(t, tab, "puzzle-minerals-wrong-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-minerals-wrong-phone", 390, 844)
}

// TestPuzzleMineralsPractice solves a practice puzzle: the page shows the
// puzzle's rating and, after the best move, the player's new rating (a
// solve is a win against the puzzle), kept by the server; the next
// puzzle is another one. The move is played at a person's pace, no
// faster than the floor.
func TestPuzzleMineralsPractice(t *testing.T) {
	t.Parallel()
	at, _ := mineralsDay()
	s := startPuzzleSite(t, at)
	tab := newTab(t, newBrowser(t), "minerals-practice")
	do(t, tab, 20*time.Second, "open the page", chromedp.Navigate(s.URL+"/puzzles/minerals"))
	waitFor(t, tab, 20*time.Second, "the daily board", `!!document.querySelector('#pz-board .pawn.selectable')`)
	clickAt(t, tab, "the practice tab", `#pz-tab-practice`)
	waitFor(t, tab, 20*time.Second, "a practice puzzle", `document.querySelector('#pz-tab-practice')?.getAttribute('aria-selected') === 'true' && !!document.querySelector('#pz-summary') && !!document.querySelector('#pz-board .pawn.selectable')`)
	id := eval[string](t, tab, `document.querySelector('#pz-summary').dataset.puzzle`)
	pz, err := puzzle.MineralsPuzzleByID(id)
	if err != nil {
		t.Fatal(err)
	}
	do(t, tab, 10*time.Second, "type the best move", typeInto(`#pz-move-input`, pz.Best), chromedp.Sleep(puzzle.MineralsFloor))
	clickAt(t, tab, "Play", `#pz-play`)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result') && !!document.querySelector('#pz-newrating')`)
	if c := eval[string](t, tab, `document.querySelector('#pz-result').dataset.correct`); c != "yes" {
		t.Fatalf("the page says correct=%q after the best move %s", c, pz.Best)
	}
	if mu := await[float64](t, tab, `import('/assets/js/api.js').then((m) => m.api('GET', '/api/puzzles/minerals/history')).then((h) => h.rating.Mu)`); mu <= 25 {
		t.Errorf("the server keeps the rating %v after a solve; want it above the default 25", mu)
	}
	puzzleShot(t, tab, "puzzle-minerals-practice-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-minerals-practice-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))
	clickAt(t, tab, "next puzzle", `#pz-next`)
	waitFor(t, tab, 20*time.Second, "the next puzzle", fmt.Sprintf(`!document.querySelector('#pz-result') && !!document.querySelector('#pz-summary') && document.querySelector('#pz-summary').dataset.puzzle !== %q`, id))
}

// waitSteady waits until the element sel has stood still for a few polls
// (about 0.2 s): a board that re-fits itself to a new screen size moves
// under the pointer until it has, and a person clicks what they see.
func waitSteady(t *testing.T, tab context.Context, what, sel string) {
	t.Helper()
	waitFor(t, tab, 10*time.Second, what+" standing still", fmt.Sprintf(`(() => {
		const e = document.querySelector(%q);
		if (!e) return false;
		const r = e.getBoundingClientRect(), k = r.x + ',' + r.y + ',' + r.width;
		if (window.__steadyKey === k) window.__steadyN++; else { window.__steadyKey = k; window.__steadyN = 0; }
		return window.__steadyN >= 6;
	})()`, sel))
}
