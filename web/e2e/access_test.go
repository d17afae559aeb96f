package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// createBotTable has Ann create a table of game against a random bot in
// the lobby, with the screen-reader mode on or off, and returns its id
// once her page shows the board.
func createBotTable(t *testing.T, tab context.Context, s *site, gameID string, srMode bool) string {
	t.Helper()
	mode := "0"
	if srMode {
		mode = "1"
	}
	do(t, tab, 30*time.Second, "create a "+gameID+" table against a bot",
		chromedp.Navigate(s.URL+"/"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('minehall.srmode', %q)`, mode)),
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`#create`)),
		choose(`#game`, gameID),
		chromedp.WaitVisible(chromedp.CSS(`#seat-1-bot`)),
		choose(`#seat-1-bot`, "random"),
		chromedp.SendKeys(chromedp.CSS(`#name`), "Ann"),
		chromedp.Click(chromedp.CSS(`#create`)),
	)
	waitFor(t, tab, 30*time.Second, "the board", `!!document.querySelector('#board')?.firstElementChild`)
	return tableOf(t, tab)
}

// focusInBoard is a predicate: the keyboard focus is on the board or an
// element inside it, not on the page's body.
const focusInBoard = `document.getElementById('board').contains(document.activeElement)`

// TestKeyboardMoveListKeepsFocusOnTheBoard plays one move of Minerals by
// keyboard alone: with the focus on the board, the key m lists the legal
// moves in a dialog, the arrow keys choose and Enter plays; the move is
// played, and the focus is back on the board, not on the page's body,
// once the move's update has been drawn. Escape closes the list without
// a move.
func TestKeyboardMoveListKeepsFocusOnTheBoard(t *testing.T) {
	s := startSite(t)
	browser := newBrowser(t)
	tab := newTab(t, browser, "player")
	createBotTable(t, tab, s, "minerals", false)
	waitFor(t, tab, 30*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	do(t, tab, 10*time.Second, "focus the board", chromedp.Focus(chromedp.CSS(`#board`)))
	do(t, tab, 10*time.Second, "press m", chromedp.KeyEvent("m"))
	waitFor(t, tab, 10*time.Second, "the list of legal moves", `document.activeElement?.id === 'moves-list'`)
	count := eval[int](t, tab, `document.querySelectorAll('#moves-list [role=option]').length`)
	legal := eval[int](t, tab, `document.querySelectorAll('#legal-moves option').length`)
	if count == 0 || count != legal {
		t.Fatalf("the list shows %d moves; want the %d legal moves", count, legal)
	}
	do(t, tab, 10*time.Second, "Escape", chromedp.KeyEvent(kb.Escape))
	waitFor(t, tab, 10*time.Second, "the list closed and the focus on the board", `!document.getElementById('moves-dialog') && `+focusInBoard)

	n := eval[int](t, tab, `Number(document.getElementById('main').dataset.n)`)
	do(t, tab, 10*time.Second, "press M, the second move, Enter", chromedp.KeyEvent("M"), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 10*time.Second, "the move played", fmt.Sprintf(`Number(document.getElementById('main').dataset.n) > %d`, n))
	waitFor(t, tab, 10*time.Second, "the focus on the board after the move", focusInBoard)
	if got := eval[string](t, tab, `document.activeElement === document.body ? 'body' : 'board'`); got != "board" {
		t.Errorf("after the move the focus is on the %s; want the board", got)
	}
}
