package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The seat-keeping tests: presence, seat clocks, leaving and taking back a
// seat while a stand-in bot plays, the owner's controls before the start,
// and the lobby's time controls.

// apiCall sends a JSON request to the site's API and decodes the answer
// into out (when not nil); it fails the test on a status other than want.
func apiCall(t *testing.T, s *site, method, path, token string, body, out any, want int) {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	json.NewDecoder(res.Body).Decode(&raw)
	if res.StatusCode != want {
		t.Fatalf("%s %s: got status %d (%s); want %d", method, path, res.StatusCode, raw, want)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
}

// tableJSON is what the tests read of a table.
type tableJSON struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Ending      string `json:"ending"`
	StandInBot  string `json:"stand_in_bot"`
	TimeControl *struct {
		MoveS int `json:"move_s"`
		BankS int `json:"bank_s"`
	} `json:"time_control"`
	Seats []struct {
		Kind     string `json:"kind"`
		Bot      string `json:"bot"`
		Name     string `json:"name"`
		Taken    bool   `json:"taken"`
		Presence string `json:"presence"`
		StandIn  bool   `json:"stand_in"`
		Absent   string `json:"absent"`
	} `json:"seats"`
}

// newTable creates a table over HTTP and returns its id and owner token.
func newTable(t *testing.T, s *site, body map[string]any) (string, string) {
	t.Helper()
	id, owner, _ := newTableLink(t, s, body)
	return id, owner
}

// inviteQuery returns "?invite=SECRET" for a private table of the site's
// store, and "" for a public one or a site without a store.
func (s *site) inviteQuery(t *testing.T, id string) string {
	t.Helper()
	if s.store == nil {
		return ""
	}
	rec, err := s.store.Table(context.Background(), id)
	if err != nil {
		t.Fatalf("read table %s: %v", id, err)
	}
	if rec.Invite == "" {
		return ""
	}
	return "?invite=" + rec.Invite
}

// newTableLink is newTable that also returns the table's link, which
// carries a private table's invitation. A public table of a turn-based
// game is given a clock no test waits out (a week a move) unless the body
// names one: only a private table may be untimed.
func newTableLink(t *testing.T, s *site, body map[string]any) (id, owner, link string) {
	t.Helper()
	_, timed := body["time_control"]
	if private, _ := body["private"].(bool); !timed && !private && body["game"] != "outofmine" {
		body["time_control"] = map[string]int{"move_s": 7 * 24 * 60 * 60}
	}
	var c struct {
		Table      tableJSON `json:"table"`
		OwnerToken string    `json:"owner_token"`
		Link       string    `json:"link"`
	}
	apiCall(t, s, "POST", "/api/tables", "", body, &c, http.StatusCreated)
	return c.Table.ID, c.OwnerToken, c.Link
}

// joinAs takes a seat at table id over HTTP and returns its token.
func joinAs(t *testing.T, s *site, id, name string, seat int) string {
	t.Helper()
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	apiCall(t, s, "POST", "/api/tables/"+id+"/join"+s.inviteQuery(t, id), "", map[string]any{"name": name, "seat": seat}, &j, http.StatusOK)
	return j.Token
}

// getTable reads table id over HTTP.
func getTable(t *testing.T, s *site, id string) tableJSON {
	t.Helper()
	var tb tableJSON
	apiCall(t, s, "GET", "/api/tables/"+id, "", nil, &tb, http.StatusOK)
	return tb
}

// openSeat opens table id in the tab as the person holding seat's token,
// as if they had joined from this browser, and returns once the page is
// connected as that seat.
func openSeat(t *testing.T, tab context.Context, s *site, id string, seat int, token string) {
	t.Helper()
	openSeatPage(t, tab, s, id, seat, token)
	// The seats come from the table's snapshot before the page's own
	// connection is up ("Connecting…", the page a watcher's); the seat
	// shows its holder online once the server knows the page holds it.
	waitFor(t, tab, 20*time.Second, fmt.Sprintf("the page connected as seat %d", seat),
		fmt.Sprintf(`document.querySelector('#seats li[data-seat="%d"]')?.dataset.presence === 'online'`, seat))
}

// openSeatPage opens table id in the tab as the person holding seat's
// token and returns once the page shows the seats, connected or not.
func openSeatPage(t *testing.T, tab context.Context, s *site, id string, seat int, token string) {
	t.Helper()
	do(t, tab, 30*time.Second, fmt.Sprintf("open table %s as seat %d", id, seat),
		chromedp.Navigate(s.URL+"/rules"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('minehall.seat.' + %q, JSON.stringify({seat: %d, token: %q}))`, id, seat, token)),
		chromedp.Navigate(s.URL+"/tables/"+id+s.inviteQuery(t, id)),
		visible(`#seats li`),
	)
}

// setHidden makes the tab's page hidden or visible as a browser does when
// its tab goes to the background or comes back.
func setHidden(hidden bool) chromedp.Action[chromedp.Void] {
	state := "visible"
	if hidden {
		state = "hidden"
	}
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
  Object.defineProperty(document, 'hidden', { value: %t, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: %q, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
})()`, hidden, state))
}

// clickMove clicks the next thing a person clicks on the Minerals board
// (see nextClick) when it is their turn; it reports whether it clicked.
func clickMove(t *testing.T, tab context.Context) bool {
	t.Helper()
	key := eval[string](t, tab, nextClick)
	if key == "" {
		return false
	}
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	sel := fmt.Sprintf(`#board [data-key=%q]`, key)
	do(t, tab, 10*time.Second, "click "+key, revealOnBoard(sel), click(chromedp.CSS(sel)))
	if key == "pawn" {
		waitFor(t, tab, 5*time.Second, "destinations highlighted after selecting the pawn",
			`document.querySelectorAll('#board .hex.legal').length > 0 || !document.querySelector('#board .pawn.selected')`)
		return true
	}
	waitFor(t, tab, 20*time.Second, "the move "+key+" applied",
		fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
	if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
		t.Fatalf("clicking %s was refused: %s", key, msg)
	}
	return true
}

// playUntil has the tab play its turns by clicks until the predicate holds
// on the page of watch.
func playUntil(t *testing.T, tab, watch context.Context, timeout time.Duration, what, predicate string) {
	t.Helper()
	stop := time.Now().Add(timeout)
	for time.Now().Before(stop) {
		if eval[bool](t, watch, predicate) {
			return
		}
		if eval[string](t, tab, `document.getElementById('main').dataset.status`) == "finished" {
			t.Fatalf("the game ended before %s", what)
		}
		if !clickMove(t, tab) {
			time.Sleep(50 * time.Millisecond)
		}
	}
	t.Fatalf("waited %v for %s (%s)", timeout, what, predicate)
}

// leaveTable presses "Leave table" and confirms.
func leaveTable(t *testing.T, tab context.Context) {
	t.Helper()
	do(t, tab, 10*time.Second, "leave the table",
		visible(`#leave`),
		click(chromedp.CSS(`#leave`)),
		visible(`#leave-dialog #dialog-ok`),
	)
	if text := eval[string](t, tab, `document.querySelector('#leave-dialog').textContent`); !strings.Contains(text, "A bot will play for you") && !strings.Contains(text, "free again") {
		t.Errorf("the leave dialog says %q; want that a bot plays or the seat is freed", text)
	}
	do(t, tab, 10*time.Second, "confirm leaving", click(chromedp.CSS(`#leave-dialog #dialog-ok`)))
}

// TestSeatLeaveAndTakeBackWhileStandInPlays plays a timed Minerals table
// of two people: Ann leaves, the stand-in plays her turns (the log marks
// them), Bob plays, Ann takes her seat back and moves herself, leaves
// again, and the stand-in plays her to the end, which marks her seat.
func TestSeatLeaveAndTakeBackWhileStandInPlays(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	ann := newTab(t, browser, "ann")
	bob := newTab(t, browser, "bob")
	id := createTableForTwo(t, ann, s, choose(`#time-control`, "fast"), choose(`#stand-in`, "random"))
	do(t, bob, 30*time.Second, "Bob joins by the link",
		chromedp.Navigate(s.URL+"/tables/"+id),
		visible(`#join-name`),
		sendKeys(chromedp.CSS(`#join-name`), "Bob"),
		click(chromedp.CSS(`#join`)),
		visible(`#board svg.hexboard`),
	)
	waitFor(t, ann, 10*time.Second, "Ann's turn with her clock running, Bob's showing his bank",
		`document.getElementById('main').dataset.myTurn === 'true' &&
		 document.querySelector('#seats li[data-seat="0"] .seatclock')?.dataset.running === 'true' &&
		 document.querySelector('#seats li[data-seat="1"] .seatclock')?.dataset.running === 'false' &&
		 document.querySelector('.turn .seatclock.own') !== null`)
	if got := eval[string](t, ann, `document.querySelector('#seats li[data-seat="1"] .seatclock .clock-main').textContent`); got != "bank 2:00" {
		t.Errorf("Bob's clock while Ann moves: got %q; want bank 2:00", got)
	}

	leaveTable(t, ann)
	waitFor(t, ann, 10*time.Second, "Ann watches, with the take-back button",
		`!!document.querySelector('#away #take-back') && !document.querySelector('#leave') && document.getElementById('main').dataset.myTurn === 'false'`)
	waitFor(t, bob, 10*time.Second, "Bob sees a stand-in for Ann, and its move in the log",
		`document.querySelector('#seats li[data-seat="0"]').dataset.standIn === 'true' &&
		 document.querySelector('#seats li[data-seat="0"] .tag.standin')?.textContent.includes('left') &&
		 !!document.querySelector('#log li.by-standin .log-standin')`)
	if got := eval[string](t, bob, `document.querySelector('#log li.by-standin .log-who').textContent`); got != "Ann" {
		t.Errorf("the stand-in's move is logged for %q; want Ann", got)
	}

	// Bob plays until the stand-in has moved again after him.
	playUntil(t, bob, bob, 30*time.Second, "two moves of the stand-in",
		`document.querySelectorAll('#log li.by-standin').length >= 2`)

	// Ann takes her seat back and moves herself.
	do(t, ann, 10*time.Second, "Ann takes her seat back", click(chromedp.CSS(`#take-back`)))
	waitFor(t, ann, 10*time.Second, "Ann seated again", `!document.querySelector('#away') && !!document.querySelector('#leave')`)
	playUntil(t, bob, ann, 30*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	before := eval[int](t, ann, `Number(document.getElementById('main').dataset.n)`)
	// Bob's log keeps the lines it has drawn and adds the new one: its
	// live region tells a screen reader the new move, not the whole log.
	eval[bool](t, bob, `document.querySelector('#log li[data-n="1"]').drawnBefore = true`)
	for eval[int](t, ann, `Number(document.getElementById('main').dataset.n)`) == before {
		if !clickMove(t, ann) {
			t.Fatalf("Ann has nothing to click on her turn")
		}
	}
	mine := fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]')`, before+1)
	waitFor(t, bob, 10*time.Second, "Ann's own move in Bob's log", mine+` !== null`)
	if eval[bool](t, bob, mine+`.classList.contains('by-standin')`) || eval[string](t, bob, mine+`.querySelector('.log-who').textContent`) != "Ann" {
		t.Errorf("move %d: got %q; want Ann's own move, not the stand-in's", before+1, eval[string](t, bob, mine+`.textContent`))
	}
	if !eval[bool](t, bob, `document.querySelector('#log li[data-n="1"]').drawnBefore === true`) {
		t.Errorf("Bob's log drew its first line again on Ann's move; want the lines drawn kept")
	}

	// Ann leaves again; the stand-in plays her to the end.
	leaveTable(t, ann)
	waitFor(t, ann, 10*time.Second, "Ann watches again", `!!document.querySelector('#away #take-back')`)
	// Reloading the page does not take the seat back: she left on purpose.
	do(t, ann, 20*time.Second, "Ann reloads the page", chromedp.Reload(), visible(`#board svg.hexboard`))
	waitFor(t, ann, 10*time.Second, "Ann still watching after the reload, with the take-back button",
		`!!document.querySelector('#away #take-back') && !document.querySelector('#leave') && document.querySelector('#seats li[data-seat="0"]').dataset.standIn === 'true'`)
	// The rest of the game is about 150 of Bob's clicks, each waiting for
	// the page and the stand-in: on a loaded machine it has taken over three
	// minutes. The bound is there to stop a game that never ends.
	playByClicks(t, bob, 6*time.Minute)
	do(t, bob, 10*time.Second, "the end screen", visible(`#end .scores`))
	waitFor(t, bob, 5*time.Second, "Ann's row marked as played by a stand-in, Bob's not",
		`!!document.querySelector('#end tr[data-seat="0"] .tag.standin') && !document.querySelector('#end tr[data-seat="1"] .tag.standin')`)
	waitFor(t, ann, 10*time.Second, "Ann's page at the end, without the take-back button",
		`document.getElementById('main').dataset.status === 'finished' && !document.querySelector('#take-back') && !!document.querySelector('#end tr[data-seat="0"] .tag.standin')`)
}

// TestSeatPresenceAwayAndOffline shows Ann away on Bob's page while her
// page is hidden, online again when it shows, and offline when her tab
// closes.
func TestSeatPresenceAwayAndOffline(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true})
	annToken := joinAs(t, s, id, "Ann", 0)
	bobToken := joinAs(t, s, id, "Bob", 1)
	browser := newBrowser(t)
	annCtx, closeAnn := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer closeAnn()
	if err := chromedp.Do(annCtx); err != nil {
		t.Fatalf("open Ann's tab: %v", err)
	}
	bob := newTab(t, browser, "bob")
	openSeat(t, annCtx, s, id, 0, annToken)
	openSeat(t, bob, s, id, 1, bobToken)

	ann0 := `document.querySelector('#seats li[data-seat="0"]')`
	waitFor(t, bob, 10*time.Second, "Ann online on Bob's page", ann0+`.dataset.presence === 'online' && !!`+ann0+`.querySelector('.presence-online')`)
	do(t, annCtx, 5*time.Second, "hide Ann's page", setHidden(true))
	waitFor(t, bob, 10*time.Second, "Ann away on Bob's page", ann0+`.dataset.presence === 'away' && `+ann0+`.querySelector('.presence-away .sr').textContent === 'away'`)
	if got := getTable(t, s, id).Seats[0].Presence; got != "away" {
		t.Errorf("the table says Ann is %q; want away", got)
	}
	do(t, annCtx, 5*time.Second, "show Ann's page", setHidden(false))
	waitFor(t, bob, 10*time.Second, "Ann online again", ann0+`.dataset.presence === 'online'`)

	// A page that is hidden when it connects says so right after the hello.
	do(t, annCtx, 20*time.Second, "reload Ann's page in the background",
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
				Source: `Object.defineProperty(document, 'hidden', { value: true, configurable: true });
Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });`})
			return err
		}),
		chromedp.Reload(),
		chromedp.WaitReady(chromedp.CSS(`#seats li`)),
	)
	waitFor(t, bob, 10*time.Second, "Ann away after her hidden page reconnected", ann0+`.dataset.presence === 'away'`)

	closeAnn()
	waitFor(t, bob, 15*time.Second, "Ann offline on Bob's page once her tab is closed", ann0+`.dataset.presence === 'offline' && !!`+ann0+`.querySelector('.presence-offline')`)
	if w := eval[int](t, bob, `document.querySelectorAll('#seats .presence').length`); w != 2 {
		t.Errorf("got %d presence dots; want one per seat", w)
	}
}

// TestLobbyTimeControl creates a table with the slow time control and a
// chosen stand-in, finds both in the table's JSON and its time control in
// the lobby's list, finds no time control offered for Out of Mine, and no
// finished table in the list.
func TestLobbyTimeControl(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "lobby")
	do(t, tab, 30*time.Second, "open the lobby",
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#time-control`),
	)
	if got := eval[string](t, tab, `document.querySelector('#time-control').value`); got != "normal" {
		t.Errorf("default time control: got %q; want normal", got)
	}
	if got := eval[string](t, tab, `document.querySelector('#time-control option[value="normal"]').textContent`); !strings.Contains(got, "45 s a move + 5 min bank") {
		t.Errorf("the normal time control reads %q; want what it means", got)
	}
	if got := eval[string](t, tab, `document.querySelector('#stand-in').value`); got != "medium" {
		t.Errorf("default stand-in: got %q; want medium", got)
	}
	do(t, tab, 30*time.Second, "create a slow table against a bot",
		choose(`#time-control`, "slow"),
		choose(`#stand-in`, "easy"),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`),
	)
	id := tableOf(t, tab)
	tb := getTable(t, s, id)
	if tb.TimeControl == nil || tb.TimeControl.MoveS != 120 || tb.TimeControl.BankS != 900 {
		t.Errorf("the table's time control: got %+v; want 120 s a move and a 900 s bank", tb.TimeControl)
	}
	if tb.StandInBot != "easy" {
		t.Errorf("the table's stand-in: got %q; want easy", tb.StandInBot)
	}
	if got := eval[string](t, tab, `document.querySelector('#time-control')?.textContent || ''`); !strings.Contains(got, "Slow") {
		t.Errorf("the table page shows the time control %q; want Slow", got)
	}

	// A finished (aborted) table is not listed.
	gone, owner := newTable(t, s, map[string]any{"game": "minerals", "players": 2})
	apiCall(t, s, "POST", "/api/tables/"+gone+"/abort", owner, map[string]any{}, nil, http.StatusOK)

	do(t, tab, 30*time.Second, "back to the lobby",
		chromedp.Navigate(s.URL+"/"),
		visible(fmt.Sprintf(`.table-row[data-table=%q]`, id)),
	)
	if got := eval[string](t, tab, fmt.Sprintf(`document.querySelector('.table-row[data-table=%q] .tc').textContent`, id)); !strings.Contains(got, "Slow") || !strings.Contains(got, "2 min a move") {
		t.Errorf("the lobby lists the table's time control as %q; want Slow, 2 min a move", got)
	}
	if n := eval[int](t, tab, fmt.Sprintf(`document.querySelectorAll('.table-row[data-table=%q]').length`, gone)); n != 0 {
		t.Errorf("the lobby lists the aborted table")
	}
	do(t, tab, 10*time.Second, "choose Out of Mine",
		choose(`#game`, "outofmine"),
		visible(`#stand-in`),
	)
	if n := eval[int](t, tab, `document.querySelectorAll('#time-control').length`); n != 0 {
		t.Errorf("the lobby offers a time control for Out of Mine, a real-time game")
	}
}

// createWithFreeSeat creates a two-player table of game in the lobby at
// url, as Ann, with the second seat left for a person, and waits for the
// table page to offer its owner "Put a bot here" in that seat.
func createWithFreeSeat(url, game string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(url+"/"),
		visible(`#create`),
		choose(`#game`, game),
		visible(`#seat-1`),
		choose(`#seat-1`, "person"),
		chromedp.SetValue(chromedp.CSS(`#name`), "Ann"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#name').dispatchEvent(new Event('input'))`),
		click(chromedp.CSS(`#create`)),
		visible(`#putbot-1`),
	)
}

// TestSeatOwnerPutsBotAndAborts has the owner fill a free seat with a bot
// (which starts the game), and abort another table before its start.
func TestSeatOwnerPutsBotAndAborts(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "owner")
	create := createWithFreeSeat(s.URL, "minerals")
	do(t, tab, 30*time.Second, "create a table with a free seat", create)
	// The owner's own seat is never offered to a bot: neither before the
	// page has heard the owner's presence nor once it shows them online.
	if n := eval[int](t, tab, `document.querySelectorAll('#putbot-0').length`); n != 0 {
		t.Errorf("the owner may put a bot in their own seat before their presence arrives")
	}
	waitFor(t, tab, 10*time.Second, "the owner online in their seat", `document.querySelector('#seats li[data-seat="0"]').dataset.presence === 'online'`)
	if n := eval[int](t, tab, `document.querySelectorAll('#putbot-0').length`); n != 0 {
		t.Errorf("the owner may put a bot in their own seat, where they are online")
	}
	do(t, tab, 20*time.Second, "put an easy bot in seat 2",
		choose(`#putbot-1-level`, "easy"),
		click(chromedp.CSS(`#putbot-1`)),
	)
	waitFor(t, tab, 10*time.Second, "the game started with the bot in seat 2",
		`document.getElementById('main').dataset.status === 'playing' && document.querySelector('#seats li[data-seat="1"] .seat-name').textContent.endsWith(' (bot, easy)') && !document.querySelector('#putbot-1') && !document.querySelector('#abort')`)
	if tb := getTable(t, s, tableOf(t, tab)); tb.Seats[1].Kind != "bot" || tb.Seats[1].Bot != "easy" {
		t.Errorf("seat 2: got %+v; want an easy bot", tb.Seats[1])
	}

	do(t, tab, 30*time.Second, "create another table", create)
	id := tableOf(t, tab)
	do(t, tab, 10*time.Second, "abort it",
		click(chromedp.CSS(`#abort`)),
		visible(`#abort-dialog #dialog-ok`),
		click(chromedp.CSS(`#abort-dialog #dialog-ok`)),
		visible(`#end .ending`),
	)
	if got := eval[string](t, tab, `document.querySelector('#end').dataset.ending + ' | ' + document.querySelector('#end .winners').textContent`); got != "aborted | Nobody won." {
		t.Errorf("the end screen of an aborted table: got %q; want aborted | Nobody won.", got)
	}
	if n := eval[int](t, tab, `document.querySelectorAll('#end .scores, #replay').length`); n != 0 {
		t.Errorf("the end screen of an aborted table shows scores or a replay")
	}
	if tb := getTable(t, s, id); tb.Status != "finished" || tb.Ending != "aborted" {
		t.Errorf("the aborted table: got status %q, ending %q; want finished, aborted", tb.Status, tb.Ending)
	}
}

// TestSeatAbandonedWhenEveryoneLeaves ends a game that every person left:
// the end screen says so, names no winner and shows no scores.
func TestSeatAbandonedWhenEveryoneLeaves(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true})
	annToken := joinAs(t, s, id, "Ann", 0)
	bobToken := joinAs(t, s, id, "Bob", 1)
	ann := newTab(t, newBrowser(t), "ann")
	openSeat(t, ann, s, id, 0, annToken)
	leaveTable(t, ann)
	waitFor(t, ann, 10*time.Second, "Ann watches", `!!document.querySelector('#away #take-back')`)
	apiCall(t, s, "POST", "/api/tables/"+id+"/leave", bobToken, map[string]any{}, nil, http.StatusOK)
	do(t, ann, 10*time.Second, "the end screen", visible(`#end .ending`))
	if got := eval[string](t, ann, `document.querySelector('#end').dataset.ending + ' | ' + document.querySelector('#end .winners').textContent`); got != "abandoned | Nobody won." {
		t.Errorf("the end screen of an abandoned game: got %q; want abandoned | Nobody won.", got)
	}
	if n := eval[int](t, ann, `document.querySelectorAll('#end .scores, #take-back, #leave').length`); n != 0 {
		t.Errorf("the end screen of an abandoned game shows scores, or the page offers to leave or take back the seat")
	}
	if tb := getTable(t, s, id); tb.Status != "finished" || tb.Ending != "abandoned" {
		t.Errorf("the table: got status %q, ending %q; want finished, abandoned", tb.Status, tb.Ending)
	}
}

// TestSeatLeaveBeforeStartFreesSeat has a person leave a table before its
// start: the seat is free again and the page offers to take a seat.
func TestSeatLeaveBeforeStartFreesSeat(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true})
	annToken := joinAs(t, s, id, "Ann", 0)
	ann := newTab(t, newBrowser(t), "ann")
	openSeat(t, ann, s, id, 0, annToken)
	leaveTable(t, ann)
	waitFor(t, ann, 10*time.Second, "the join form again, the token forgotten",
		`!!document.querySelector('#join') && !document.querySelector('#leave') && localStorage.getItem('minehall.seat.' + location.pathname.split('/').pop()) === null`)
	if tb := getTable(t, s, id); tb.Seats[0].Taken {
		t.Errorf("seat 1 is still taken after Ann left before the start")
	}
}

// TestSeatClockRunsLowAndTimesOut shows a person's own clock running low
// (in colour and in words, and once in the live region), then a stand-in
// playing for them once their time ran out.
func TestSeatClockRunsLowAndTimesOut(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true,
		"seats":        []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "random"}},
		"time_control": map[string]int{"move_s": 30, "bank_s": 0}, "stand_in": "random"})
	// Her clock runs from her join; 20 s of it are not yet low, time
	// enough for the page to load on a loaded machine.
	annToken := joinAs(t, s, id, "Ann", 0)
	ann := newTab(t, newBrowser(t), "ann")
	openSeat(t, ann, s, id, 0, annToken)
	own := `document.querySelector('.turn .seatclock.own')`
	waitFor(t, ann, 15*time.Second, "Ann's own clock beside her turn", own+`?.dataset.running === 'true' && `+own+`.dataset.low === 'false'`)
	waitFor(t, ann, 30*time.Second, "Ann's clock low",
		own+`?.dataset.low === 'true' && `+own+`.querySelector('.clock-warn')?.textContent === 'Less than 10 seconds left!' && document.querySelector('#clock-live').textContent === 'Less than 10 seconds left!' && document.querySelector('#seats li[data-seat="0"] .seatclock.low') !== null`)
	if got := eval[string](t, ann, own+`.querySelector('.clock-main').textContent`); !strings.HasPrefix(got, "0:0") {
		t.Errorf("Ann's low clock reads %q; want 0:0x", got)
	}
	waitFor(t, ann, 30*time.Second, "the stand-in plays for Ann once her time ran out",
		`!!document.querySelector('#log li.by-standin') && (document.querySelector('#away')?.textContent.includes('Your time ran out.') || document.getElementById('main').dataset.status === 'finished')`)
	if tb := getTable(t, s, id); tb.Status == "playing" && (!tb.Seats[0].StandIn || tb.Seats[0].Absent != "timeout") {
		t.Errorf("Ann's seat: got stand-in %v, absent %q; want a stand-in because her time ran out", tb.Seats[0].StandIn, tb.Seats[0].Absent)
	}
}
