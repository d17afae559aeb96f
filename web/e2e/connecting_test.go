package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestConnectingSeatIsNotCalledWatching opens a table as the person
// holding seat 2 (Bob) while the server takes 3 s to answer the page's
// connection: until it does, the page says it is connecting and never
// that he is watching, and no line above the board comes or goes when it
// connects. A watcher's page, connected, says it is watching.
func TestConnectingSeatIsNotCalledWatching(t *testing.T) {
	t.Parallel()
	const delay = 3 * time.Second
	s := startSite(t, func(mux *http.ServeMux, api http.Handler) {
		mux.Handle("/ws/tables/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(delay)
			api.ServeHTTP(w, r)
		}))
	})
	id, _ := newTable(t, s, map[string]any{"game": "connectfour", "players": 2, "autostart": true})
	joinAs(t, s, id, "Ann", 0)
	bobToken := joinAs(t, s, id, "Bob", 1)
	browser := newBrowser(t)
	bob := newTab(t, browser, "bob")
	openSeatPage(t, bob, s, id, 1, bobToken)
	if state := eval[string](t, bob, `document.getElementById('conn').dataset.state`); state != "connecting" {
		t.Fatalf("the page's connection is %q before the server answers; want connecting (the %v delay did not hold)", state, delay)
	}
	const watching = `document.querySelectorAll('.watching').length`
	if n := eval[int](t, bob, watching); n != 0 {
		t.Errorf("Bob's page, connecting, says %q; want no watching note for a seat's page", eval[string](t, bob, `document.querySelector('.watching').textContent`))
	}
	// Nothing stands between the table's head and the game, connecting or
	// connected, at a started table: no line comes and goes above the board.
	const joinHeight = `document.querySelector('#main .join').getBoundingClientRect().height`
	if h := eval[float64](t, bob, joinHeight); h != 0 {
		t.Errorf("Bob's page, connecting, has %.1f px above the game for joining or watching; want none", h)
	}
	waitFor(t, bob, 20*time.Second, "Bob's page connected as seat 2", `document.querySelector('#seats li[data-seat="1"]')?.dataset.presence === 'online'`)
	if n := eval[int](t, bob, watching); n != 0 {
		t.Errorf("Bob's page, connected, shows %d watching notes; want none", n)
	}
	if h := eval[float64](t, bob, joinHeight); h != 0 {
		t.Errorf("Bob's page, connected, has %.1f px above the game for joining or watching; want none", h)
	}
	shootPage(t, bob, "seat-connected")

	watcher := newTab(t, browser, "watcher")
	do(t, watcher, 30*time.Second, "open the table as a watcher",
		chromedp.Navigate(s.URL+"/tables/"+id), visible(`#seats li`))
	waitFor(t, watcher, 20*time.Second, "the watching note, connected", `document.getElementById('conn').dataset.state === 'open' && !!document.querySelector('.watching')`)
	if got := eval[string](t, watcher, `document.querySelector('.watching').textContent`); !strings.Contains(got, "watching") {
		t.Errorf("the watcher's page says %q; want that they are watching", got)
	}
	shootPage(t, watcher, "watcher")
}
