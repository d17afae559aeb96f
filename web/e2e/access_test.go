package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// createBotTable has Ann create a table of game against a bot of the
// given level in the lobby, with the screen-reader mode on or off, and
// returns its id once her page shows the board.
func createBotTable(t *testing.T, tab context.Context, s *site, gameID, bot string, srMode bool) string {
	t.Helper()
	mode := "0"
	if srMode {
		mode = "1"
	}
	do(t, tab, 30*time.Second, "create a "+gameID+" table against a bot",
		chromedp.Navigate(s.URL+"/"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('minehall.srmode', %q)`, mode)),
		chromedp.Reload(),
		visible(`#create`),
		choose(`#game`, gameID),
		visible(`#seat-1-bot`),
		choose(`#seat-1-bot`, bot),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
	)
	waitFor(t, tab, 30*time.Second, "the board", `!!document.querySelector('#board')?.firstElementChild`)
	return tableOf(t, tab)
}

// focusInBoard is a predicate: the keyboard focus is on the board or an
// element inside it, not on the page's body.
const focusInBoard = `document.getElementById('board').contains(document.activeElement)`

// annMoves is a predicate's expression: how many moves the log says Ann
// played.
const annMoves = `[...document.querySelectorAll('#log li .log-who')].filter((e) => e.textContent === 'Ann').length`

// TestKeyboardMoveListKeepsFocusOnTheBoard plays one move of each game by
// keyboard alone: with the focus on the board, the key m lists the legal
// moves in a dialog (Escape closes it without a move, the focus back on
// the board), M opens it again, the arrow keys choose and Enter plays;
// the move is played, and once its update has been drawn the focus is on
// the board, not on the page's body.
func TestKeyboardMoveListKeepsFocusOnTheBoard(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	for _, g := range []string{"minerals", "tf22", "outofmine", "hammertime"} {
		t.Run(g, func(t *testing.T) {
			tab := newTab(t, browser, g)
			createBotTable(t, tab, s, g, "random", false)
			waitFor(t, tab, 60*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true' && document.querySelectorAll('#legal-moves option').length > 0`)
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

			before := eval[int](t, tab, annMoves)
			keys := []chromedp.Action[chromedp.Void]{chromedp.KeyEvent("M")}
			if count > 1 {
				keys = append(keys, chromedp.KeyEvent(kb.ArrowDown))
			}
			do(t, tab, 10*time.Second, "press M, choose a move, Enter", append(keys, chromedp.KeyEvent(kb.Enter))...)
			waitFor(t, tab, 20*time.Second, "Ann's move in the log", fmt.Sprintf(`%s > %d`, annMoves, before))
			waitFor(t, tab, 10*time.Second, "the focus on the board after the move", focusInBoard)
		})
	}
}

// TestScreenReaderModeOnATable looks at a Minerals table in mid-game with
// the screen-reader mode on, on a desktop (1280x900) and a phone
// (390x844): the command field and its answers above the board, which
// fit the screen; "help" and "moves" answer. The shots go to the
// directory MINEHALL_SHOTS names, if any.
func TestScreenReaderModeOnATable(t *testing.T) {
	t.Parallel()
	c := mineralsGoldens()[0]
	c.Name = "srmode-minerals"
	c.Prepare = `document.getElementById('srmode').click()`
	c.PrepareReady = `!!document.getElementById('sr-command')`
	de := c
	de.Name, de.Lang = "srmode-minerals-de", "de"
	s := goldenSite(t, []goldenCase{c, de})
	browser := newBrowser(t)
	t.Run("german", func(t *testing.T) {
		tab := openGolden(t, browser, s, de, 1280, 900)
		for _, q := range []struct{ ask, want string }{
			{"hilfe", "hilfe: Befehle, oder gib einen erlaubten Zug ein: "},
			{"züge", "züge: 241 erlaubte Züge: "},
			{"Uhr", "Uhr: Dieser Tisch hat keine Uhr."},
			{"quatsch", "quatsch: »quatsch« ist weder ein erlaubter Zug noch ein Befehl. Gib hilfe ein."},
		} {
			do(t, tab, 10*time.Second, "ask "+q.ask, sendKeys(chromedp.CSS(`#sr-command`), q.ask+kb.Enter))
			if got := eval[string](t, tab, `document.querySelector('#sr-answer p:last-child').textContent`); !strings.HasPrefix(got, q.want) {
				t.Errorf("the answer to %q: %q; want it to begin %q", q.ask, got, q.want)
			}
			if got := eval[string](t, tab, `document.querySelector('#sr-answer p:last-child').textContent`); q.ask == "hilfe" && (!strings.Contains(got, "meine figur: ") || !strings.Contains(got, "hilfe: nennt die Befehle")) {
				t.Errorf("the answer to hilfe: %q; want the game's commands (meine figur) and the generic ones (hilfe: nennt die Befehle)", got)
			}
		}
		if got := eval[string](t, tab, `document.querySelector('label[for=sr-command]').textContent`); got != "Befehl oder Zug" {
			t.Errorf("the command field's label: %q; want Befehl oder Zug", got)
		}
	})
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 900}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			tab := openGolden(t, browser, s, c, size.w, size.h)
			for _, q := range []string{"help", "moves"} {
				do(t, tab, 10*time.Second, "ask "+q, sendKeys(chromedp.CSS(`#sr-command`), q+kb.Enter))
			}
			if n := eval[int](t, tab, `document.querySelectorAll('#sr-answer p').length`); n != 2 {
				t.Errorf("%d answers; want 2", n)
			}
			if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > int(size.w) {
				t.Errorf("the page is %d px wide; want no wider than the screen", w)
			}
			keepPage(t, tab)

			// The key m's list of legal moves, over the page.
			do(t, tab, 10*time.Second, "press m on the board", chromedp.Focus(chromedp.CSS(`#board`)), chromedp.KeyEvent("m"))
			waitFor(t, tab, 10*time.Second, "the list of legal moves", `document.activeElement?.id === 'moves-list'`)
			do(t, tab, 10*time.Second, "choose the third move", chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown))
			if got := eval[string](t, tab, `document.querySelector('#moves-list [aria-selected=true]').textContent`); got != "moved to k7 (move k7)" {
				t.Errorf("the third move chosen reads %q; want moved to k7 (move k7)", got)
			}
			if dir := os.Getenv("MINEHALL_SHOTS"); dir != "" {
				shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatalf("screenshot: %v", err)
				}
				os.WriteFile(filepath.Join(dir, size.name+"-moves.png"), shot, 0o644)
			}
		})
	}
}

// TestTypedMoveKeepsFocus types a legal move into the move field and
// presses Enter: while the field waits for Ann's next turn the focus is
// on the board, not on the page's body, and it is back in the field once
// her turn comes again.
func TestTypedMoveKeepsFocus(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "typist")
	createBotTable(t, tab, s, "minerals", "random", false)
	turn := `document.getElementById('main').dataset.myTurn === 'true' && !document.getElementById('move-input').disabled`
	waitFor(t, tab, 30*time.Second, "Ann's turn", turn)
	move := eval[string](t, tab, `document.querySelector('#legal-moves option').value`)
	before := eval[int](t, tab, annMoves)
	do(t, tab, 10*time.Second, "type "+move, sendKeys(chromedp.CSS(`#move-input`), move+kb.Enter))
	waitFor(t, tab, 10*time.Second, "Ann's move in the log", fmt.Sprintf(`%s > %d`, annMoves, before))
	if got := eval[string](t, tab, `document.activeElement === document.body ? 'body' : document.activeElement.id || document.activeElement.tagName`); got == "body" {
		t.Errorf("after the typed move the focus is on the page's body; want the board or the field")
	}
	waitFor(t, tab, 30*time.Second, "Ann's next turn with the focus in the field", turn+` && document.activeElement?.id === 'move-input'`)
}
