package e2e

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
)

// TestTableBarOnAPhone opens a table on a 390x844 touch screen: the site's
// header folds into one 48 px bar with the menu, whose turn it is and the
// chat; the board's stage height (--stage-h) reaches the bottom of the
// screen; the menu opens a sheet with the site's navigation and settings
// and the table's head (title, invitation), every control in it at least
// 44 px tall, and closing it puts the navigation back; the chat opens as a
// sheet that leaves the board uncovered. A table that does not exist
// shows the header again. At 1280x900 nothing of this
// shows and the header is where it was.
func TestTableBarOnAPhone(t *testing.T) {
	t.Parallel()
	c := mineralsGoldens()[0]
	s := goldenSite(t, []goldenCase{c})
	browser := newBrowser(t)
	tab := openLayout(t, browser, s, c, layoutViewports[0])
	if got := eval[string](t, tab, `(() => { const h = document.querySelector('header.top'); return getComputedStyle(h).display; })()`); got != "none" {
		t.Errorf("the site header on a phone table: display %q; want none", got)
	}
	if got := eval[[]float64](t, tab, `(() => { const r = document.getElementById('tablebar').getBoundingClientRect(); return [r.top, r.height, r.width]; })()`); got[0] != 0 || got[1] != 48 || got[2] != 390 {
		t.Errorf("the bar at top %v, %v tall, %v wide; want 0, 48, 390", got[0], got[1], got[2])
	}
	if got := eval[string](t, tab, `document.querySelector('#bar-status .turn').textContent`); got != "Your turn" {
		t.Errorf("the bar says %q; want %q", got, "Your turn")
	}
	if got := eval[float64](t, tab, `(() => { const b = document.getElementById('board'); return parseFloat(b.style.getPropertyValue('--stage-h')) - (innerHeight - b.getBoundingClientRect().top); })()`); got < -1 || got > 1 {
		t.Errorf("--stage-h differs by %v px from the room below the board's top; want the same", got)
	}

	tapOn(t, tab, "the menu", "#bar-menu")
	waitFor(t, tab, 5*time.Second, "the menu open", `document.getElementById('table-menu').open`)
	for _, sel := range []string{`#table-menu nav a[href="/"]`, `#table-menu #lang`, `#table-menu #colorblind`, `#table-menu .table-head h1`, `#table-menu .invite input`, `#table-menu #menu-close`} {
		if !eval[bool](t, tab, `!!document.querySelector('`+sel+`')?.getClientRects().length`) {
			t.Errorf("the menu shows no %s", sel)
		}
	}
	if small := eval[[]string](t, tab, `[...document.querySelectorAll('#table-menu a, #table-menu button, #table-menu select, #table-menu label:has(input)')]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 43.5).map((e) => e.outerHTML.slice(0, 80))`); len(small) > 0 {
		t.Errorf("controls in the menu under 44 px tall: %q", small)
	}
	keepScreen(t, tab)
	do(t, tab, 5*time.Second, "close the menu", chromedp.KeyEvent("\x1b"))
	waitFor(t, tab, 5*time.Second, "the menu closed and the navigation home", `!document.getElementById('table-menu').open && !!document.querySelector('header.top > nav')`)

	tapOn(t, tab, "the chat", "#bar-chat")
	waitFor(t, tab, 5*time.Second, "the chat open", `document.getElementById('chat').classList.contains('open')`)
	if bad := eval[string](t, tab, `(() => {
  const c = document.getElementById('chat').getBoundingClientRect();
  if (c.bottom > innerHeight + 1 || c.top < 48) return 'the chat sheet at ' + c.top + '..' + c.bottom;
  const b = document.querySelector('#board [data-stage-board]');
  if (b && c.top < b.getBoundingClientRect().bottom - 1) return 'the chat sheet covers the board';
  return '';
})()`); bad != "" {
		t.Error(bad)
	}
	tapOn(t, tab, "the chat's fold", "#chat-toggle")
	waitFor(t, tab, 5*time.Second, "the chat folded", `!document.getElementById('chat').classList.contains('open')`)

	// A table that does not exist is a page like any other: the header
	// is back, the bar and its sheet gone.
	missing := newTab(t, browser, "missing")
	do(t, missing, 20*time.Second, "open a missing table on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(s.URL+"/tables/no-such-table"))
	waitFor(t, missing, 10*time.Second, "the not-found page", `!!document.getElementById('no-table')`)
	if got := eval[[]any](t, missing, `[getComputedStyle(document.querySelector('header.top')).display, !!document.getElementById('table-menu'), document.body.classList.contains('on-table')]`); got[0] == "none" || got[1] != false || got[2] != false {
		t.Errorf("a missing table on a phone: header display %v, menu sheet present %v, on-table %v; want the header shown and no bar", got[0], got[1], got[2])
	}

	desk := openGolden(t, browser, s, c, 1280, 900)
	if got := eval[[]string](t, desk, `[getComputedStyle(document.getElementById('tablebar')).display, getComputedStyle(document.querySelector('header.top')).display,
  document.getElementById('board').style.getPropertyValue('--stage-h')]`); got[0] != "none" || got[1] == "none" || got[2] != "" {
		t.Errorf("at 1280x900: bar display %q, header display %q, --stage-h %q; want none, shown, unset", got[0], got[1], got[2])
	}
}

// TestConnectingSaysSo opens a table in play whose server accepts the
// WebSocket and stays silent: until the first state arrives, the turn line
// says the page is connecting, never a bare "Waiting for" with no name.
func TestConnectingSaysSo(t *testing.T) {
	t.Parallel()
	c := mineralsGoldens()[0]
	gt := c.position(t)
	info := gt.info
	info.ID = "silent"
	s := startSite(t, func(mux *http.ServeMux, api http.Handler) {
		mux.HandleFunc("GET /api/tables/silent", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(info)
		})
		mux.HandleFunc("GET /ws/tables/silent", func(w http.ResponseWriter, r *http.Request) {
			conn, err := websocket.Accept(w, r, nil)
			if err != nil {
				return
			}
			defer conn.CloseNow()
			for {
				if _, _, err := conn.Read(r.Context()); err != nil {
					return
				}
			}
		})
	})
	browser := newBrowser(t)
	tab := newTab(t, browser, "silent")
	do(t, tab, 20*time.Second, "open the silent table", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(s.URL+"/tables/silent"))
	waitFor(t, tab, 10*time.Second, "the table's info drawn", `!!document.querySelector('.table-head h1') && document.querySelector('.turn').textContent !== ''`)
	time.Sleep(time.Second)
	if got := eval[string](t, tab, `document.querySelector('.turn').textContent`); got != "Connecting…" {
		t.Errorf("the turn line before the first state: %q; want %q", got, "Connecting…")
	}
}
