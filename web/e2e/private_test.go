package e2e

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// "Private tables: not listed in the lobby ..., joinable only with the
// invitation link (a secret in the link ...; joining or watching a private
// table without it is refused with a clear error; the owner sees the link
// to copy)": the owner makes a private Connect Four table in the lobby; a
// third browser's lobby does not list it and its bare link is refused; the
// friend who opens the owner's link joins.
func TestPrivateTableInviteLink(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	b := newBrowser(t)
	owner := newTab(t, b, "owner")
	do(t, owner, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	do(t, owner, 10*time.Second, "pick Connect Four, two people", choose(`#game`, "connectfour"), choose(`#seat-1`, "person"))
	if eval[bool](t, owner, `[...document.querySelectorAll('#time-control option')].some((o) => o.value === 'untimed')`) {
		t.Errorf("the lobby offers untimed play at a public table")
	}
	do(t, owner, 10*time.Second, "tick private", click(chromedp.CSS(`#private`)))
	waitFor(t, owner, 5*time.Second, "the private choices", `!!document.getElementById('seat-1-reserved') && [...document.querySelectorAll('#time-control option')].some((o) => o.value === 'untimed')`)
	if !eval[bool](t, owner, `document.getElementById('rated') === null || document.getElementById('rated').disabled`) {
		t.Errorf("rated may be ticked at a private table")
	}
	do(t, owner, 10*time.Second, "name and create", sendKeys(chromedp.CSS(`#name`), "Owen"))
	shootPage(t, owner, "lobby-private")
	do(t, owner, 10*time.Second, "create", click(chromedp.CSS(`#create`)))
	waitFor(t, owner, 15*time.Second, "the table page with its invitation", `location.pathname.startsWith('/tables/') && location.search.startsWith('?invite=') && !!localStorage.getItem('minehall.seat.' + location.pathname.slice(8))`)
	id := eval[string](t, owner, `location.pathname.slice(8)`)
	waitFor(t, owner, 10*time.Second, "the link to copy", `(document.querySelector('.invite input')?.value || '').includes('?invite=')`)
	link := eval[string](t, owner, `document.querySelector('.invite input').value`)
	if !strings.Contains(link, "/tables/"+id+"?invite=") {
		t.Fatalf("the owner's link is %q; want /tables/%s?invite=SECRET", link, id)
	}

	// A third browser: the lobby leaves the table out, the bare link is refused.
	third := newTab(t, b, "third")
	do(t, third, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#tables-h`))
	time.Sleep(300 * time.Millisecond)
	if eval[bool](t, third, fmt.Sprintf(`!!document.querySelector('[data-table=%q]')`, id)) {
		t.Errorf("the third browser's lobby lists the private table %s", id)
	}
	if st := await[float64](t, third, fmt.Sprintf(`fetch('/api/tables/%s').then((r) => r.status)`, id)); st != http.StatusUnauthorized {
		t.Errorf("GET the private table without its invitation: %v; want 401", st)
	}
	do(t, third, 30*time.Second, "open the bare link", chromedp.Navigate(s.URL+"/tables/"+id))
	waitFor(t, third, 10*time.Second, "a clear refusal", `document.body.innerText.includes('private')`)
	if eval[bool](t, third, `!!document.querySelector('.join-form')`) {
		t.Errorf("the bare link offers to join")
	}

	// The friend opens the owner's link and joins.
	friend := newTab(t, b, "friend")
	do(t, friend, 30*time.Second, "open the invitation", chromedp.Navigate(link), visible(`.join-form`))
	do(t, friend, 10*time.Second, "join", sendKeys(chromedp.CSS(`#join-name`), "Fran"), click(chromedp.CSS(`#join`)))
	waitFor(t, friend, 15*time.Second, "the friend seated", `!!localStorage.getItem('minehall.seat.' + location.pathname.slice(8))`)
	waitFor(t, owner, 15*time.Second, "the game started", `document.querySelector('[data-status]')?.dataset.status === 'playing'`)

	// The owner, a guest, finds the table under My tables, waiting for
	// them: the first seat moves first.
	do(t, owner, 30*time.Second, "open My tables", chromedp.Navigate(s.URL+"/my"))
	waitFor(t, owner, 10*time.Second, "the guest's table listed", `document.querySelectorAll('.my-row').length === 1`)
	if row := eval[string](t, owner, `(() => { const r = document.querySelector('.my-row'); return r.dataset.table + ':' + r.dataset.waiting; })()`); row != id+":turn" {
		t.Errorf("the guest's My tables row: %q; want %q", row, id+":turn")
	}
}

// "My tables: a page (/my) listing every table the signed-in player ...
// sits at, those waiting for them first", and "A tab that becomes 'your
// turn' notifies through the browser's Notification API (after the player
// allows it ...) ... Only when the tab is hidden": Ann sits at two tables;
// /my lists the one where it is her turn first. Then, with notifications
// allowed and the tab hidden, Bo's move makes it her turn and a
// notification is shown.
func TestMyTablesAndTurnNotification(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	b := newBrowser(t)
	ann := newTab(t, b, "ann")
	do(t, ann, 30*time.Second, "open the site", chromedp.Navigate(s.URL+"/my"), visible(`h1`))
	if st := await[float64](t, ann, `fetch('/api/account/signup', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: 'Ann', password: 'correct horse'})}).then((r) => r.status)`); st != http.StatusCreated {
		t.Fatalf("Ann's sign-up: %v", st)
	}
	// Two correspondence tables made and joined in the page: one with Bo
	// to come (open), one against a bot where Ann moves first.
	mk := func(seats string) string {
		return await[string](t, ann, `(async () => {
			const csrf = decodeURIComponent(document.cookie.match(/(?:^|; )minehall_csrf=([^;]+)/)[1]);
			const post = (path, body) => fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf}, body: JSON.stringify(body)}).then((r) => r.json());
			const c = await post('/api/tables', {game: 'connectfour', players: 2, autostart: true, time_control: {move_s: 86400, bank_s: 172800}, seats: `+seats+`});
			const j = await post('/api/tables/' + c.table.id + '/join', {name: 'Ann'});
			localStorage.setItem('minehall.seat.' + c.table.id, JSON.stringify({seat: j.seat, token: j.token}));
			return c.table.id;
		})()`)
	}
	withBo := mk(`[{kind: 'person'}, {kind: 'person'}]`)
	withBot := mk(`[{kind: 'person'}, {kind: 'bot', bot: 'random'}]`)
	do(t, ann, 30*time.Second, "open My tables", chromedp.Navigate(s.URL+"/my"))
	waitFor(t, ann, 10*time.Second, "both tables listed", `document.querySelectorAll('.my-row').length === 2`)
	rows := eval[[]string](t, ann, `[...document.querySelectorAll('.my-row')].map((r) => r.dataset.table + ':' + r.dataset.waiting)`)
	if want := []string{withBot + ":turn", withBo + ":"}; fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("My tables rows: %v; want %v (the one waiting for Ann first)", rows, want)
	}
	if !eval[bool](t, ann, `!!document.getElementById('notify-me')`) {
		t.Errorf("My tables has no button to allow notifications")
	}
	shootPage(t, ann, "my-tables")

	// Allow notifications through DevTools, and record what the page shows.
	do(t, ann, 10*time.Second, "grant notifications", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: "notifications"}, Setting: browser.PermissionSettingGranted, Origin: s.URL,
			BrowserContextID: chromedp.FromContext(ann).BrowserContextID})
		return err
	}))
	if p := eval[string](t, ann, `Notification.permission`); p != "granted" {
		t.Errorf("Notification.permission after the grant: %q", p)
	}
	do(t, ann, 10*time.Second, "open the table with Bo", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		window.shown = [];
		const N = function (title, opts) { window.shown.push({title, body: opts && opts.body, hidden: document.hidden}); };
		N.permission = 'granted';
		N.requestPermission = async () => 'granted';
		window.Notification = N;
		history.pushState(null, '', '/tables/%s');
		dispatchEvent(new PopStateEvent('popstate'));
	})()`, withBo)))

	bo := newAPIClient(t, s.URL)
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	if st := bo.call("POST", "/api/tables/"+withBo+"/join", "", map[string]string{"name": "Bo"}, &j); st != http.StatusOK {
		t.Fatalf("Bo joins: %d", st)
	}
	waitFor(t, ann, 15*time.Second, "Ann's turn", `document.querySelector('[data-my-turn]')?.dataset.myTurn === 'true'`)
	// Ann moves (visible: no notification), then hides the tab.
	annToken := eval[string](t, ann, fmt.Sprintf(`JSON.parse(localStorage.getItem('minehall.seat.%s')).token`, withBo))
	if st := bo.call("POST", "/api/tables/"+withBo+"/act", annToken, map[string]any{"move": "a", "seq": 1}, nil); st != http.StatusOK {
		t.Fatalf("Ann's move: %d", st)
	}
	waitFor(t, ann, 15*time.Second, "Bo's turn", `document.querySelector('[data-my-turn]')?.dataset.myTurn === 'false'`)
	if n := eval[float64](t, ann, `window.shown.length`); n != 0 {
		t.Errorf("%v notifications while the tab is visible; want none", n)
	}
	do(t, ann, 10*time.Second, "hide the tab", chromedp.Evaluate[chromedp.Void](`Object.defineProperty(document, 'hidden', {configurable: true, get: () => true})`))
	if st := bo.call("POST", "/api/tables/"+withBo+"/act", j.Token, map[string]any{"move": "b", "seq": 1}, nil); st != http.StatusOK {
		t.Fatalf("Bo's move: %d", st)
	}
	waitFor(t, ann, 15*time.Second, "the notification", `window.shown.length === 1`)
	if body := eval[string](t, ann, `window.shown[0].body`); !strings.Contains(body, "Connect Four") {
		t.Errorf("the notification says %q; want the game's name", body)
	}
}
