package e2e

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// A page left before its answers arrive does not draw over the next page:
// with the account answer slow, a person who follows the lobby's puzzles
// link at once still sees the puzzles hub when that answer comes.
func TestLeftPageDoesNotDrawOverTheNext(t *testing.T) {
	t.Parallel()
	const late = 2 * time.Second
	s := startSite(t, func(mux *http.ServeMux, api http.Handler) {
		mux.HandleFunc("/api/account", func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(late)
			api.ServeHTTP(w, r)
		})
	})
	tab := newTab(t, newBrowser(t), "guest")
	do(t, tab, 20*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"))
	waitFor(t, tab, 10*time.Second, "the lobby's puzzle link", `!!document.querySelector('#lobby-puzzles')`)
	if eval[bool](t, tab, `performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/account') && e.responseEnd > 0)`) {
		t.Fatal("the account answer came before the lobby was shown; the test cannot see a late answer")
	}
	clickAt(t, tab, "the puzzles link", `#lobby-puzzles`)
	waitFor(t, tab, 10*time.Second, "the hub's Minerals link", `!!document.querySelector('a[href="/puzzles/minerals"]')`)
	// The browser may hold a second request for the same answer until the
	// first is done: wait for both.
	do(t, tab, 3*late+5*time.Second, "wait for the account answers", chromedp.Sleep(2*late+time.Second))
	if !eval[bool](t, tab, `!!document.querySelector('a[href="/puzzles/minerals"]')`) || eval[bool](t, tab, `!!document.querySelector('#create, #lobby-puzzles')`) {
		t.Fatalf("after the late account answer main shows %q; want the puzzles hub", eval[string](t, tab, `document.getElementById('main').innerText.slice(0, 200)`))
	}
}

// A person typing their name in the lobby keeps the focus, every letter
// and the caret when the account answer arrives late and the lobby is
// drawn again (it then learns whether accounts are offered): the letters
// typed after it go where the caret was.
func TestLateAccountAnswerKeepsTheTypedName(t *testing.T) {
	t.Parallel()
	s, answer := siteHolding(t, "/api/account")
	tab := newTab(t, newBrowser(t), "guest")
	do(t, tab, 20*time.Second, "start typing a name in the lobby",
		chromedp.Navigate(s.URL+"/"),
		visible(`#name`),
		sendKeys(chromedp.CSS(`#name`), "Ae"),
		chromedp.KeyEvent(kb.ArrowLeft),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('name').dataset.before = 'answer'`))
	answer()
	waitFor(t, tab, 10*time.Second, "the lobby drawn again", `document.getElementById('name')?.dataset.before === undefined`)
	do(t, tab, 10*time.Second, "type on", chromedp.KeyEvent("nn"))
	if got := eval[string](t, tab, `document.activeElement.id + ' holds ' + JSON.stringify(document.getElementById('name').value)`); got != `name holds "Anne"` {
		t.Errorf("after the late account answer the focus is on %s; want name holds \"Anne\"", got)
	}
}

// A click on the lobby's puzzles link that the lobby's drawing itself
// again falls into (the account answer arrives between the press and the
// release, as it may on a slow line) still opens the puzzles hub.
func TestClickDuringALobbyRedrawLands(t *testing.T) {
	t.Parallel()
	s, answer := siteHolding(t, "/api/account")
	tab := newTab(t, newBrowser(t), "guest")
	do(t, tab, 20*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('create').dataset.before = 'answer'`))
	letGo := pressOn(t, tab, "the puzzles link", `#lobby-puzzles`)
	answer()
	waitFor(t, tab, 10*time.Second, "the lobby drawn again", `!!document.getElementById('create') && document.getElementById('create').dataset.before === undefined`)
	letGo()
	waitFor(t, tab, 10*time.Second, "the puzzles hub", `!!document.querySelector('a[href="/puzzles/minerals"]')`)
}

// A click on a box of the lobby's form (a private table) or on its label,
// or the Space key on the box, that the lobby's drawing itself again
// falls into still ticks the box, and a second press, without a drawing
// between, unticks it.
func TestBoxPressDuringALobbyRedrawLands(t *testing.T) {
	t.Parallel()
	mouse := func(sel string) func(t *testing.T, tab context.Context) func() {
		return func(t *testing.T, tab context.Context) func() { return pressOn(t, tab, "the private box", sel) }
	}
	space := func(sel string) func(t *testing.T, tab context.Context) func() {
		return func(t *testing.T, tab context.Context) func() { return holdKey(t, tab, "the private box", sel, ' ') }
	}
	for _, by := range []struct {
		what  string
		press func(t *testing.T, tab context.Context) (letGo func())
		again chromedp.Action[chromedp.Void]
	}{
		{"a click on the box", mouse(`#private`), click(`#private`)},
		{"a click on its label", mouse(`label:has(> #private)`), click(`label:has(> #private)`)},
		{"the Space key", space(`#private`), chromedp.Steps(focusNow(`#private`), chromedp.KeyEvent(" "))},
	} {
		t.Run(by.what, func(t *testing.T) {
			t.Parallel()
			s, answer := siteHolding(t, "/api/account")
			tab := newTab(t, newBrowser(t), "guest")
			do(t, tab, 20*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#private`),
				chromedp.Evaluate[chromedp.Void](`document.getElementById('private').dataset.before = 'answer'`))
			if eval[bool](t, tab, `document.getElementById('private').checked`) {
				t.Fatalf("a new table is private before any press")
			}
			letGo := by.press(t, tab)
			answer()
			waitFor(t, tab, 10*time.Second, "the lobby drawn again", `!!document.getElementById('private') && document.getElementById('private').dataset.before === undefined`)
			letGo()
			waitFor(t, tab, 10*time.Second, "the table private", `document.getElementById('private').checked`)
			do(t, tab, 10*time.Second, by.what+" again", by.again)
			waitFor(t, tab, 10*time.Second, "the table not private", `!document.getElementById('private').checked`)
		})
	}
}

// holdKey focuses the element sel and presses key there (its keydown and,
// for a character, its char event), and returns the function that lets
// it go (its keyup), wherever the focus is then.
func holdKey(t *testing.T, tab context.Context, what, sel string, key rune) (letGo func()) {
	t.Helper()
	events := kb.Encode(key)
	var down, up []*input.DispatchKeyEventParams
	for _, e := range events {
		if e.Type == kb.KeyUp {
			up = append(up, e)
		} else {
			down = append(down, e)
		}
	}
	dispatch := func(events []*input.DispatchKeyEventParams) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			for _, e := range events {
				if _, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, *e); err != nil {
					return err
				}
			}
			return nil
		})
	}
	do(t, tab, 10*time.Second, "press a key on "+what, focusNow(sel), dispatch(down))
	return func() {
		t.Helper()
		do(t, tab, 10*time.Second, "let go of the key on "+what, dispatch(up))
	}
}

// A click on a table's Abort button that the table's drawing itself
// again falls into (the table's first frames arrive between the press and
// the release, as they may on a slow line) still asks whether to abort.
func TestClickDuringATableRedrawLands(t *testing.T) {
	t.Parallel()
	s, frames := siteHolding(t, "/ws/tables/")
	tab := newTab(t, newBrowser(t), "owner")
	do(t, tab, 30*time.Second, "create a table with a free seat", createWithFreeSeat(s.URL, "minerals"), visible(`#abort`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('abort').dataset.before = 'frames'`))
	letGo := pressOn(t, tab, "Abort", `#abort`)
	frames()
	waitFor(t, tab, 10*time.Second, "the table drawn again", `document.getElementById('conn').dataset.state === 'open' && document.getElementById('abort')?.dataset.before === undefined`)
	letGo()
	do(t, tab, 10*time.Second, "the abort dialog", visible(`#abort-dialog #dialog-ok`))
}

// pressOn presses the mouse's left button at the middle of the element
// sel (center), and returns the function that lets it go there.
func pressOn(t *testing.T, tab context.Context, what, sel string) (letGo func()) {
	t.Helper()
	x, y := center(t, tab, sel)
	button := func(p *input.DispatchMouseEventParams) { p.Button = input.MouseButtonLeft; p.ClickCount = 1 }
	do(t, tab, 10*time.Second, "press on "+what, chromedp.MouseEvent(chromedp.MouseMoved, x, y),
		chromedp.MouseEvent(chromedp.MousePressed, x, y, button, func(p *input.DispatchMouseEventParams) { p.Buttons = 1 }))
	return func() {
		t.Helper()
		do(t, tab, 10*time.Second, "let go of "+what, chromedp.MouseEvent(chromedp.MouseReleased, x, y, button))
	}
}

// siteHolding starts a site whose answers to the requests that pattern
// matches (a ServeMux pattern: "/api/account", or "/ws/tables/" for the
// tables' sockets) wait until the returned function is called.
func siteHolding(t *testing.T, pattern string) (*site, func()) {
	t.Helper()
	held := make(chan struct{})
	s := startSite(t, func(mux *http.ServeMux, api http.Handler) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-held:
			case <-r.Context().Done():
				return
			}
			api.ServeHTTP(w, r)
		})
	})
	var once sync.Once
	answer := func() { once.Do(func() { close(held) }) }
	t.Cleanup(answer) // before the site closes, which waits for the requests held
	return s, answer
}

// The lobby's list of tables, drawn again every 10 s and by Refresh,
// keeps the keyboard focus on the link or the button that had it.
func TestLobbyListKeepsTheFocus(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	link := createTable(t, s, map[string]any{"game": "minerals", "players": 2})
	id := link[strings.LastIndexByte(link, '/')+1:]
	tab := newTab(t, newBrowser(t), "guest")
	do(t, tab, 20*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#lobby-refresh`))
	do(t, tab, 10*time.Second, "Enter on Refresh", focusNow(`#lobby-refresh`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 10*time.Second, "the table listed", fmt.Sprintf(`!!document.getElementById('lobby-table-%s')`, id))
	focusIs(t, tab, "Refresh", `#lobby-refresh`)
	// A click on Refresh by another hand (the page's own, every 10 s) draws
	// the list again without taking the focus.
	focusKeptAcrossRedraw(t, tab, "lobby-table-"+id, 10*time.Second,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lobby-refresh').click()`))
}

// My tables, drawn again every 15 s and when the language changes, keeps
// the keyboard focus on the link that had it (a change of language draws
// it at once).
func TestMyTablesKeepsTheFocus(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "ann")
	id := createTableForTwo(t, tab, s)
	do(t, tab, 20*time.Second, "open My tables", chromedp.Navigate(s.URL+"/my"))
	waitFor(t, tab, 20*time.Second, "the table listed", fmt.Sprintf(`!!document.getElementById('my-table-%s')`, id))
	focusKeptAcrossRedraw(t, tab, "my-table-"+id, 10*time.Second,
		chromedp.Evaluate[chromedp.Void](`import('/assets/js/i18n.js').then((m) => m.setLanguage('de'))`))
}
