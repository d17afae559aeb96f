package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// freeSpotForHand returns, in the page, the board space where the anchor
// of the tile in hand (its first cell) lands so that the whole tile lies on
// free gallery spaces, and the space of the tile's top-left corner, as
// "anchor top-left", or "" when there is none.
const freeSpotForHand = `(() => {
  const cells = [...document.querySelectorAll('#oom-handtile [data-hcell]')].map((e) => e.dataset.hcell.split(',').map(Number));
  const name = (r, c) => String.fromCharCode(97 + c) + (r + 1);
  const free = (r, c) => !!document.querySelector('#oom-board rect.cell.gallery:not(.covered)[data-cell="' + name(r, c) + '"]');
  const b = document.querySelector('#oom-board'), rows = Number(b.dataset.rows), cols = Number(b.dataset.cols);
  const [ar, ac] = cells[0];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    if (cells.every(([dr, dc]) => free(r - ar + dr, c - ac + dc))) return name(r, c) + ' ' + name(r - ar, c - ac);
  }
  return '';
})()`

// TestOutOfMineClickAndTapPlaceTheHand has Ann take a tile and click a
// board space, then take another and tap a space with a finger: each tile
// is laid with its anchor on the space pressed, and the server confirms it.
func TestOutOfMineClickAndTapPlaceTheHand(t *testing.T) {
	t.Parallel()
	ann, _ := twoPeopleAtOutOfMine(t)
	for _, how := range []string{"click", "tap"} {
		shape := ""
		for _, sh := range []string{"Y1", "B2", "G3", "R3"} {
			if takeKind(t, ann, sh) != "" {
				shape = sh
				break
			}
		}
		if shape == "" {
			t.Fatalf("%s: no tile left to take", how)
		}
		var anchor, topLeft string
		fmt.Sscan(eval[string](t, ann, freeSpotForHand), &anchor, &topLeft)
		if anchor == "" {
			t.Fatalf("%s: no free space for %s", how, shape)
		}
		sym := eval[string](t, ann, `document.querySelector('#oom-hand').dataset.sym`)
		cell := fmt.Sprintf(`#oom-board rect[data-cell=%q]`, anchor)
		eval[bool](t, ann, `(document.querySelector('#oom-board').scrollIntoView({block: 'center'}), true)`)
		x, y := center(t, ann, cell)
		if how == "click" {
			do(t, ann, 10*time.Second, "click "+anchor, chromedp.MouseClickXY(x, y))
		} else {
			do(t, ann, 10*time.Second, "tap "+anchor,
				touch(input.DispatchTouchEventTypeTouchStart, [2]float64{x, y}),
				touch(input.DispatchTouchEventTypeTouchEnd))
		}
		sel := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q][data-state="confirmed"]`, shape, sym, topLeft)
		if !holds(ann, 10*time.Second, fmt.Sprintf(`!!document.querySelector(%q)`, sel)) {
			t.Errorf("%s on %s with %s in hand: no confirmed %s laid at %s; the hand holds %q", how, anchor, shape, shape, topLeft,
				eval[string](t, ann, `document.querySelector('#oom-hand').dataset.shape`))
		}
		if got := eval[string](t, ann, `document.querySelector('#oom-hand').dataset.shape`); got != "" {
			t.Errorf("after the %s: the hand holds %q; want it empty", how, got)
		}
		shot(t, ann, "oom-"+how)
	}
}

// seatKinds is the page-side list of the lobby's seat choices.
const seatKinds = `[...document.querySelectorAll('.seat-list select[id^="seat-"]:not([id$="-bot"])')].map((s) => s.value).join(',')`

// TestLobbyPrivateSeatsDefaultToPeople ticks "private" in the lobby: the
// seats after the creator's become open seats for friends (a private
// table is joined by its link), except a seat the creator chose a bot for,
// and unticking gives the bots back; the table made has an open seat.
func TestLobbyPrivateSeatsDefaultToPeople(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "owner")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	do(t, tab, 10*time.Second, "pick Minerals, three players", choose(`#game`, "minerals"), choose(`#players`, "3"))
	if got := eval[string](t, tab, seatKinds); got != "person,bot,bot" {
		t.Fatalf("a public table's seats: got %s; want person,bot,bot", got)
	}
	do(t, tab, 10*time.Second, "tick private", click(chromedp.CSS(`#private`)))
	if got := eval[string](t, tab, seatKinds); got != "person,person,person" {
		t.Errorf("a private table's seats: got %s; want person,person,person", got)
	}
	do(t, tab, 10*time.Second, "untick private", click(chromedp.CSS(`#private`)))
	if got := eval[string](t, tab, seatKinds); got != "person,bot,bot" {
		t.Errorf("the seats after unticking private: got %s; want person,bot,bot", got)
	}
	do(t, tab, 10*time.Second, "choose a bot for seat 3, tick private", choose(`#seat-2-bot`, eval[string](t, tab, `document.querySelector('#seat-2-bot').value`)),
		click(chromedp.CSS(`#private`)))
	if got := eval[string](t, tab, seatKinds); got != "person,person,bot" {
		t.Errorf("private with a bot chosen for seat 3: got %s; want person,person,bot", got)
	}
	eval[bool](t, tab, `(document.querySelector('.seat-list').scrollIntoView({block: 'center'}), true)`)
	shot(t, tab, "lobby-private-seats")
	do(t, tab, 10*time.Second, "name and create", sendKeys(chromedp.CSS(`#name`), "Owen"), click(chromedp.CSS(`#create`)))
	waitFor(t, tab, 15*time.Second, "the table page", `location.pathname.startsWith('/tables/') && location.search.startsWith('?invite=')`)
	seats := await[string](t, tab, `fetch('/api/tables/' + location.pathname.slice(8) + location.search).then((r) => r.json()).then((j) => (j.table || j).seats.map((s) => s.kind + (s.taken ? '+' : '')).join(','))`)
	if seats != "person+,person,bot+" {
		t.Errorf("the private table's seats: got %s; want person+,person,bot+ (the creator, an open seat, the bot chosen)", seats)
	}
}

// TestPrivateInviteHiddenFromSpectators has Ann and Bob play at a private
// table while a third browser watches through the invitation link: Ann's
// page offers the link to pass on, the spectator's does not, and neither
// the table's information nor its invitation is answered with the secret
// to a request without a seat's or the owner's token.
func TestPrivateInviteHiddenFromSpectators(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _, link := newTableLink(t, s, map[string]any{"game": "connectfour", "players": 2, "autostart": true, "private": true,
		"seats": []map[string]string{{"kind": "person"}, {"kind": "person"}}})
	secret := strings.TrimPrefix(s.inviteQuery(t, id), "?invite=")
	if secret == "" {
		t.Fatalf("the private table %s has no invitation", id)
	}
	b := newBrowser(t)
	ann := newTab(t, b, "ann")
	joinOutOfMine(t, ann, s.URL+link, "Ann")
	joinAs(t, s, id, "Bob", 1)
	watcher := newTab(t, b, "watcher")
	do(t, watcher, 30*time.Second, "open the invitation to watch", chromedp.Navigate(s.URL+link))
	for name, tab := range map[string]context.Context{"Ann": ann, "the spectator": watcher} {
		waitFor(t, tab, 15*time.Second, name+"'s page of the game under way", `document.querySelector('[data-status]')?.dataset.status === 'playing' && !!document.querySelector('#conn[data-state="open"]')`)
	}
	if got := eval[string](t, ann, `document.querySelector('.invite input')?.value || ''`); !strings.Contains(got, "?invite="+secret) {
		t.Errorf("Ann's link to pass on: got %q; want it with the invitation", got)
	}
	if eval[bool](t, watcher, `!!document.querySelector('.invite') || document.body.innerText.includes(`+fmt.Sprintf("%q", secret)+`)`) {
		t.Errorf("the spectator's page shows the private table's invitation")
	}
	if got := eval[string](t, watcher, `[...document.querySelector('#main').children[0].childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('')`); got != "" {
		t.Errorf("the spectator's page head has stray text %q", got)
	}
	shot(t, watcher, "private-spectator")

	for _, path := range []string{"/api/tables/" + id + "?invite=" + secret, "/api/tables/" + id + "/invite?invite=" + secret} {
		res, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(body), secret) {
			t.Errorf("GET %s as a spectator (status %d) answers the invitation: %s", path, res.StatusCode, body)
		}
	}
}

// TestOwnerIsNotOfferedToMuteThemself has Ann create a table for two in
// the lobby and Bob join: the owner's chat controls offer to mute Bob's
// seat and not Ann's own.
func TestOwnerIsNotOfferedToMuteThemself(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	ann := newTab(t, newBrowser(t), "ann")
	id := createTableForTwo(t, ann, s)
	joinAs(t, s, id, "Bob", 1)
	waitFor(t, ann, 15*time.Second, "the owner's chat controls with Bob's seat", `!!document.querySelector('#chat-owner [data-mute="1"]')`)
	if got := eval[string](t, ann, `[...document.querySelectorAll('#chat-owner [data-mute]')].map((b) => b.dataset.mute).join(',')`); got != "1" {
		t.Errorf("the owner's mute boxes are for seats %q; want only Bob's, 1", got)
	}
	shot(t, ann, "owner-mute")
}

// endOfPages is the last console message of TestGuestPagesLogNoErrors.
const endOfPages = "minehall: end of pages"

// TestGuestPagesLogNoErrors opens the lobby, the puzzles, the rules and a
// table as a guest on a site that keeps accounts: the console shows no
// error (a guest's "who am I" is an ordinary answer, not a failure).
func TestGuestPagesLogNoErrors(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	tab := newTab(t, newBrowser(t), "guest")
	var mu sync.Mutex
	var errs []string
	ctx, cancel := context.WithCancel(tab)
	defer cancel()
	messages := chromedp.Console(ctx)
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Text == endOfPages {
				close(ended)
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				mu.Lock()
				errs = append(errs, m.String()+" ("+m.URL+")")
				mu.Unlock()
			}
		}
	}()
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	id := await[string](t, tab, `fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game: 'connectfour', players: 2, autostart: true, time_control: {move_s: 86400, bank_s: 0}, seats: [{kind: 'person'}, {kind: 'bot', bot: 'random'}]})}).then((r) => r.json()).then((c) => c.table.id)`)
	pages := []struct{ path, ready string }{
		{"/", `!!document.querySelector('#create') && !!document.querySelector('#tables-h')`},
		{"/puzzles", `document.querySelectorAll('#main h1, #main h2').length > 0`},
		{"/rules/hammertime", `!!document.querySelector('#learn-link') && document.body.innerText.includes('Shaun Graham')`},
		{"/tables/" + id, `!!document.querySelector('#conn[data-state="open"]') && !!document.querySelector('#join-name')`},
		{"/my", `document.querySelectorAll('#main h1').length > 0`},
	}
	for _, p := range pages {
		do(t, tab, 30*time.Second, "open "+p.path, chromedp.Navigate(s.URL+p.path))
		if !holds(tab, 15*time.Second, p.ready) {
			t.Fatalf("waited 15s for %s drawn (%s); the page shows %q", p.path, p.ready, eval[string](t, tab, `document.body.innerText.slice(0, 400)`))
		}
		// Every request the page made at its start is answered.
		waitFor(t, tab, 15*time.Second, p.path+"'s requests answered", `performance.getEntriesByType('resource').every((e) => e.responseEnd > 0) && document.readyState === 'complete'`)
	}
	// A last round trip through the console: its message arrives after
	// every one the pages wrote before.
	eval[bool](t, tab, fmt.Sprintf(`(console.info(%q), true)`, endOfPages))
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Errorf("the console's last message never arrived")
	}
	cancel()
	<-done
	mu.Lock()
	defer mu.Unlock()
	if len(errs) > 0 {
		t.Errorf("the guest's pages logged %d errors; want none:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

// TestTableStatusWords: a full table that waits for its owner says so
// (not "waiting for 0 more players"), and a finished game's page says it
// is over once.
func TestTableStatusWords(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "connectfour", "players": 2, "autostart": false,
		"seats": []map[string]string{{"kind": "person"}, {"kind": "person"}}})
	joinAs(t, s, id, "Ann", 0)
	joinAs(t, s, id, "Bob", 1)
	tab := newTab(t, newBrowser(t), "watcher")
	do(t, tab, 30*time.Second, "open the full table", chromedp.Navigate(s.URL+"/tables/"+id))
	if !holds(tab, 10*time.Second, `document.querySelector('#main')?.dataset.status === 'open' && document.body.innerText.includes('Waiting for the owner to start the game.')`) {
		t.Errorf("the full table waiting for its owner shows %q; want \"Waiting for the owner to start the game.\"", eval[string](t, tab, `document.body.innerText.slice(0, 500)`))
	}
	shot(t, tab, "waiting-owner")

	bots, _ := newTable(t, s, map[string]any{"game": "connectfour", "players": 2, "autostart": true,
		"seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}})
	do(t, tab, 30*time.Second, "open the bots' table", chromedp.Navigate(s.URL+"/tables/"+bots))
	waitFor(t, tab, 30*time.Second, "the end screen", `!!document.querySelector('#end-h') && document.querySelector('#main').dataset.status === 'finished'`)
	text := eval[string](t, tab, `document.body.innerText`)
	for _, said := range []string{"The game is over.", "Game over"} {
		if n := strings.Count(text, said); n > 1 {
			t.Errorf("the end screen says %q %d times; want at most once", said, n)
		}
	}
	if strings.Count(text, "The game is over.")+strings.Count(text, "Game over") != 1 {
		t.Errorf("the end screen says the game is over %d times; want once", strings.Count(text, "The game is over.")+strings.Count(text, "Game over"))
	}
	shot(t, tab, "game-over")
}
