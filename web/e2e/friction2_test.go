package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/minerals"
	"minehall/puzzle"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/table"
)

// seatToken returns the seat and token the tab keeps for table id.
func seatToken(t *testing.T, tab context.Context, id string) (int, string) {
	t.Helper()
	v := eval[map[string]any](t, tab, `JSON.parse(localStorage.getItem('minehall.seat.`+id+`') || '{}')`)
	seat, _ := v["seat"].(float64)
	token, _ := v["token"].(string)
	if token == "" {
		t.Fatalf("the tab keeps no seat at %s: %v", id, v)
	}
	return int(seat), token
}

// actOverHTTP plays move for the seat of token at table id with sequence
// number seq, as an agent would.
func actOverHTTP(t *testing.T, s *site, id, token, move string, seq int) {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"move": move, "seq": seq})
	req, _ := http.NewRequest("POST", s.URL+"/api/tables/"+id+"/act", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("act %s: %v", move, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("act %s at %s: status %d", move, id, resp.StatusCode)
	}
}

// TestRematchOfferedByTheFriendInChromium: Owen creates a Connect Four
// table for two in the lobby and Fran joins by its link; the game is
// played out; Fran, who does not own the table, offers the rematch and
// lands seated at it; Owen's end screen says Fran offers a rematch, and
// his Accept seats him again without asking his name: both end at the new
// table, seated, and it plays.
func TestRematchOfferedByTheFriendInChromium(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	br := newBrowser(t)
	owner := newTab(t, br, "owner")
	do(t, owner, 30*time.Second, "create Connect Four for two", chromedp.Navigate(s.URL+"/"), visible(`#create`),
		choose(`#game`, "connectfour"), visible(`#seat-1`), choose(`#seat-1`, "person"),
		sendKeys(chromedp.CSS(`#name`), "Owen"), click(chromedp.CSS(`#create`)), visible(`.invite input`))
	id := tableOf(t, owner)
	link := eval[string](t, owner, `document.querySelector('.invite input').value`)
	friend := newTab(t, br, "friend")
	do(t, friend, 30*time.Second, "open the link and join", chromedp.Navigate(link), visible(`.join-form`),
		sendKeys(chromedp.CSS(`#join-name`), "Fran"), click(chromedp.CSS(`#join`)))
	waitFor(t, friend, 15*time.Second, "Fran seated", `!!localStorage.getItem('minehall.seat.`+id+`')`)
	waitFor(t, owner, 15*time.Second, "the game playing", `document.getElementById('main').dataset.status === 'playing'`)

	// Owen stacks column a, Fran column b: Owen wins on his fourth move.
	tokens := map[int]string{}
	for _, tab := range []context.Context{owner, friend} {
		seat, token := seatToken(t, tab, id)
		tokens[seat] = token
	}
	for i, m := range []string{"a", "b", "a", "b", "a", "b", "a"} {
		actOverHTTP(t, s, id, tokens[i%2], m, i/2+1)
	}
	finished := `document.getElementById('main').dataset.status === 'finished' && !!document.querySelector('#end:not([hidden])')`
	waitFor(t, owner, 15*time.Second, "Owen's end screen", finished)
	waitFor(t, friend, 15*time.Second, "Fran's end screen", finished)
	if n := eval[int](t, friend, `document.querySelectorAll('#end #rematch').length`); n != 1 {
		t.Fatalf("Fran's end screen has %d Rematch buttons; want 1 (every seated person may offer)", n)
	}

	do(t, friend, 10*time.Second, "Fran offers the rematch", click(chromedp.CSS(`#rematch`)))
	waitFor(t, friend, 15*time.Second, "Fran at the rematch", `location.pathname.startsWith('/tables/') && location.pathname !== '/tables/`+id+`'`)
	re := tableOf(t, friend)
	if seat, _ := seatToken(t, friend, re); seat != 1 {
		t.Errorf("Fran's seat at the rematch: %d; want 1, her old seat", seat)
	}
	waitFor(t, owner, 15*time.Second, "Fran's offer on Owen's end screen", `(document.querySelector('#rematch-offer')?.textContent || '').includes('Fran offers a rematch') && !!document.querySelector('#accept-rematch') && !!document.querySelector('#to-rematch')`)
	if n := eval[int](t, owner, `document.querySelectorAll('.join-form').length`); n != 0 {
		t.Errorf("Owen's end screen shows %d join forms; want none", n)
	}
	do(t, owner, 10*time.Second, "Owen accepts", click(chromedp.CSS(`#accept-rematch`)))
	waitFor(t, owner, 15*time.Second, "Owen at the rematch, seated, no name asked", `location.pathname === '/tables/`+re+`' && !!localStorage.getItem('minehall.seat.`+re+`') && !document.querySelector('.join-form')`)
	if seat, _ := seatToken(t, owner, re); seat != 0 {
		t.Errorf("Owen's seat at the rematch: %d; want 0, his old seat", seat)
	}
	for name, tab := range map[string]context.Context{"Owen": owner, "Fran": friend} {
		waitFor(t, tab, 15*time.Second, name+"'s page: the rematch playing with both names, seated (not watching)",
			`document.getElementById('main').dataset.status === 'playing' && document.querySelector('#seats').textContent.includes('Owen') && document.querySelector('#seats').textContent.includes('Fran') && !document.querySelector('.watching')`)
	}
}

// TestEndScreenOfATieSaysWhoWonTheTieBreak: a two-player Minerals game
// (seed 33, random moves) ends 36 to 36 and Fritz, the second seat, wins
// on the tie-break. The end screen lists him first and says in words, in
// English and in German, that he won the tie-break and why, with both
// seats' tie-break counts.
func TestEndScreenOfATieSaysWhoWonTheTieBreak(t *testing.T) {
	t.Parallel()
	untilOver := func(s game.State, _ int) bool { return s.Terminal() }
	cases := []goldenCase{
		{Name: "tie-en", Game: minerals.New(), Players: 2, Seed: 33, Names: []string{"Ann", "Fritz"}, You: 0, Reach: untilOver},
		{Name: "tie-de", Game: minerals.New(), Players: 2, Seed: 33, Names: []string{"Ann", "Fritz"}, You: 0, Reach: untilOver, Lang: "de"},
	}
	s, tables := goldenSiteTables(t, cases)
	browser := newBrowser(t)
	for _, c := range cases {
		gt := tables[c.Name]
		res := gt.info.Result
		if len(res.Winners) != 1 || res.Winners[0] != 1 || res.Scores[0] != res.Scores[1] {
			t.Fatalf("%s: the game ends %v; want a tie on points that Fritz (seat 1) wins", c.Name, res)
		}
		st := gt.state.(*minerals.State)
		won, lost := st.TieBreak(1), st.TieBreak(0)
		want := map[string]string{
			"tie-en": fmt.Sprintf("Fritz wins the tie-break: more minerals on collection cards (%d to %d)", won, lost),
			"tie-de": fmt.Sprintf("Fritz gewinnt bei Gleichstand: mehr Mineralien auf Sammelkarten (%d zu %d)", won, lost),
		}[c.Name]
		c.Ready = `document.querySelector('#end table.scores') !== null && document.querySelector('#breakdown') !== null`
		tab := shootEnd(t, browser, s, c, 1280, 900)
		if got := eval[string](t, tab, `document.querySelector('#end .winners').textContent`); got != want {
			t.Errorf("%s: the end screen says %q; want %q", c.Name, got, want)
		}
		if order := eval[[]string](t, tab, `[...document.querySelectorAll('#end table.scores tbody tr')].map((r) => r.dataset.seat)`); len(order) != 2 || order[0] != "1" {
			t.Errorf("%s: the score table lists seats %v; want the winner, seat 1, first", c.Name, order)
		}
	}
}

// createPassAndPlay fills in the lobby for a 3-player TF22 table (hidden
// hands) with Ann and Bob on this device and a random bot, choosing the
// time control tc unless it is "", and creates it; it returns the table's
// id and owner token.
func createPassAndPlay(t *testing.T, tab context.Context, s *site, tc string) (string, string) {
	t.Helper()
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(s.URL + "/"), visible(`#create`),
		choose(`#game`, "tf22"), choose(`#players`, "3"), sendKeys(chromedp.CSS(`#name`), "Ann"),
		choose(`#seat-2`, "bot"), visible(`#seat-2-bot`), choose(`#seat-2-bot`, "random"),
		choose(`#seat-1`, "person"),
	}
	for i, n := range []string{"Ann", "Bob"} {
		actions = append(actions, click(chromedp.CSS(fmt.Sprintf(`#seat-%d-here`, i))),
			visible(fmt.Sprintf(`#seat-%d-name`, i)),
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector('#seat-%d-name'); e.value = %q; e.dispatchEvent(new Event('input')); })()`, i, n)))
	}
	if tc != "" {
		actions = append(actions, choose(`#time-control`, tc))
	}
	do(t, tab, 30*time.Second, "fill in a pass-and-play table", actions...)
	do(t, tab, 30*time.Second, "create it", click(chromedp.CSS(`#create`)), visible(`#seats li`))
	id := tableOf(t, tab)
	return id, eval[string](t, tab, `JSON.parse(localStorage.getItem('minehall.owner.`+id+`'))`)
}

// passScreenShown is true while the page asks to pass the device.
const passScreenShown = `!document.querySelector('#pass-screen').hidden`

// TestPassAndPlayIsPrivateUntimedAndPresent: a table with seats on this
// device is made private and untimed unless the person picks a time
// control; under the "pass to Ann" screen both seats show online (on the
// page and for the server) and the page never says it watches. With a
// time control chosen, the clock of the seat the device is passed to does
// not run until its person confirms.
func TestPassAndPlayIsPrivateUntimedAndPresent(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "family")
	id, owner := createPassAndPlay(t, tab, s, "")
	var tb struct {
		Private     bool            `json:"private"`
		TimeControl json.RawMessage `json:"time_control"`
		Seats       []struct {
			Presence string `json:"presence"`
			Clock    *struct {
				Running bool `json:"running"`
			} `json:"clock"`
		} `json:"seats"`
	}
	apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &tb, http.StatusOK)
	if !tb.Private || len(tb.TimeControl) != 0 {
		t.Errorf("the pass-and-play table: private %v, time control %s; want private and untimed", tb.Private, tb.TimeControl)
	}
	waitFor(t, tab, 15*time.Second, "the pass screen for Ann", passScreenShown)
	present := `[0, 1].every((i) => document.querySelector('#seats li[data-seat="' + i + '"] [data-presence]')?.dataset.presence === 'online')`
	waitFor(t, tab, 15*time.Second, "Ann and Bob online under the pass screen", present)
	apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &tb, http.StatusOK)
	if tb.Seats[0].Presence != "online" || tb.Seats[1].Presence != "online" {
		t.Errorf("the server sees Ann %s and Bob %s under the pass screen; want both online", tb.Seats[0].Presence, tb.Seats[1].Presence)
	}
	watching := `[...document.querySelectorAll('.watching')].filter((e) => getComputedStyle(e).display !== 'none').length`
	if n := eval[int](t, tab, watching); n != 0 {
		t.Errorf("the device's page shows %d 'watching' notes; want none", n)
	}
	do(t, tab, 10*time.Second, "Ann takes the device", click(chromedp.CSS(`#pass-ready`)))
	waitFor(t, tab, 15*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	if n := eval[int](t, tab, watching); n != 0 {
		t.Errorf("Ann's page shows %d 'watching' notes; want none", n)
	}

	// Timed: Ann's clock waits for her under the pass screen.
	id, owner = createPassAndPlay(t, tab, s, "normal")
	waitFor(t, tab, 15*time.Second, "the pass screen for Ann at the timed table", passScreenShown)
	apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &tb, http.StatusOK)
	if len(tb.TimeControl) == 0 || tb.Seats[0].Clock == nil || tb.Seats[0].Clock.Running {
		t.Fatalf("the timed table under the pass screen: time control %s, Ann's clock %+v; want timed with Ann's clock stopped", tb.TimeControl, tb.Seats[0].Clock)
	}
	do(t, tab, 10*time.Second, "Ann takes the device", click(chromedp.CSS(`#pass-ready`)))
	waitFor(t, tab, 15*time.Second, "Ann's turn at the timed table", `document.getElementById('main').dataset.myTurn === 'true'`)
	apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &tb, http.StatusOK)
	if tb.Seats[0].Clock == nil || !tb.Seats[0].Clock.Running {
		t.Errorf("Ann's clock once she took the device: %+v; want running", tb.Seats[0].Clock)
	}
}

// lessonJSON is what the tutorial API says of a lesson.
type lessonJSON struct {
	Steps []struct {
		Learner bool   `json:"learner"`
		Move    string `json:"move"`
		Text    string `json:"text"`
	} `json:"steps"`
	End string `json:"end"`
}

// TestTutorialsSpeakTheReadersWords: the German Out of Mine tutorial
// asks for its moves in German words, not in notation ("side A"); the
// Hammer Time tutorial and game summary state the end as the rulebook
// does (the round is played out, mission cards break ties) in all four
// languages; the Out of Mine step that takes the second tile asks for
// that alone.
func TestTutorialsSpeakTheReadersWords(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "learner")
	do(t, tab, 30*time.Second, "open the lobby in German", chromedp.Navigate(s.URL+"/"), visible(`#create`), choose(`#lang`, "de"))
	waitFor(t, tab, 5*time.Second, "German", `document.documentElement.lang === 'de'`)
	do(t, tab, 30*time.Second, "open the Out of Mine tutorial", chromedp.Navigate(s.URL+"/learn/outofmine"))
	waitFor(t, tab, 20*time.Second, "the first prompt", `!!document.querySelector('#learn-prompt strong')`)
	move := eval[string](t, tab, `document.querySelector('#learn-prompt').dataset.move`)
	said := eval[string](t, tab, `document.querySelector('#learn-prompt').textContent`)
	if move != "side A" || !strings.Contains(said, "Seite A") || strings.Contains(said, move) {
		t.Errorf("the German prompt for %q reads %q; want it in German words (Seite A), without the notation", move, said)
	}

	ends := map[string]string{"en": "mission cards", "de": "Missionskarten", "fr": "cartes de mission", "nl": "missiekaarten"}
	for lang, word := range ends {
		var l lessonJSON
		apiCall(t, s, "GET", "/api/games/hammertime/tutorial?lang="+lang, "", nil, &l, http.StatusOK)
		if !strings.Contains(l.End, word) {
			t.Errorf("the %s Hammer Time tutorial ends %q; want the rulebook's end (the round played out, ties to the most %s)", lang, l.End, word)
		}
		var words map[string]string
		apiCall(t, s, "GET", "/assets/i18n/"+lang+".json", "", nil, &words, http.StatusOK)
		if sum := words["game.hammertime.summary"]; !strings.Contains(strings.ToLower(sum), strings.ToLower(strings.Fields(word)[0])) {
			t.Errorf("the %s Hammer Time summary %q names no mission cards; want the rulebook's end", lang, sum)
		}
	}
	var oom lessonJSON
	apiCall(t, s, "GET", "/api/games/outofmine/tutorial?lang=en", "", nil, &oom, http.StatusOK)
	for _, st := range oom.Steps {
		if st.Learner && st.Move == "take B2" && strings.Contains(strings.ToLower(st.Text), "call") {
			t.Errorf("the step that takes B2 also asks to call: %q; want one thing a step", st.Text)
		}
	}
	if !strings.Contains(oom.End+oom.Steps[len(oom.Steps)-1].Text, "OUT OF MINE") {
		t.Errorf("the lesson no longer says when one may call OUT OF MINE!: last caption %q", oom.Steps[len(oom.Steps)-1].Text)
	}
}

// TestPuzzleTF22ExampleIsLegalAndClockWaitsForTheBoard: on a phone
// (390×844) the TF22 puzzle page says its clock starts when the board is
// on the screen, and once the clock runs the board is on the screen. The
// example in the empty move box is one of the puzzle's legal moves, and
// plays.
func TestPuzzleTF22ExampleIsLegalAndClockWaitsForTheBoard(t *testing.T) {
	t.Parallel()
	day, _ := puzzle.ParseDay("2026-11-23")
	at, _ := time.Parse(time.DateOnly, day.String())
	s := startPuzzleSite(t, at.Add(12*time.Hour))
	tab := newTab(t, newBrowser(t), "phone")
	do(t, tab, 20*time.Second, "open the TF22 puzzle on a phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(s.URL+"/puzzles/tf22"))
	waitFor(t, tab, 20*time.Second, "the planet and the plan", `!!document.querySelector('#pz-board #tf') && !!document.querySelector('#pz-move') && !!document.querySelector('#pz-clock')`)
	if hint := eval[string](t, tab, `document.querySelector('.pz-tf22 .hint').textContent`); !strings.Contains(hint, "clock starts when the board is on your screen") {
		t.Errorf("the puzzle's text %q does not say when the clock starts", hint)
	}
	waitFor(t, tab, 10*time.Second, "the clock started", `document.querySelector('#pz-clock').dataset.started === 'yes'`)
	seen := `(() => { const r = document.querySelector('#pz-board').getBoundingClientRect(); return Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) / r.height; })()`
	if f := eval[float64](t, tab, seen); f < 0.25 {
		t.Errorf("the clock runs with %.0f%% of the board on the screen; want it started only once the board is seen", f*100)
	}

	example := eval[string](t, tab, `document.querySelector('#pz-move').placeholder`)
	var p struct {
		Legal []string `json:"legal"`
	}
	apiCall(t, s, "GET", "/api/puzzles/tf22/daily", "", nil, &p, http.StatusOK)
	if example == "" || !slices.Contains(p.Legal, example) {
		t.Fatalf("the example move %q is not among the puzzle's legal moves %v", example, p.Legal)
	}
	typeRouteMove(t, tab, example)
	waitFor(t, tab, 20*time.Second, "the example played", `document.querySelectorAll('#pz-moves li').length === 1 && !document.querySelector('#pz-error')`)
}

// startEverySite serves the web client with the four games (the quick Out
// of Mine and Hammer Time), Connect Four, their tutorials, the puzzles and
// accounts: every page a person may open.
func startEverySite(t *testing.T) *accountSite {
	t.Helper()
	tutorials := siteTutorials(t)
	return startSiteWithAccounts(t, siteGames(), func(cfg *server.Config, db *sqlite.DB, _ *table.Hall) {
		cfg.Puzzles, cfg.Tutorials = &puzzle.Service{Store: db}, tutorials
	}, nil)
}

// TestEveryPageLogsNoErrors opens every page as a guest: the lobby, the
// rules and each game's rules, each tutorial's lessons, the puzzles and
// each puzzle, a table, a replay, the account page, a player's profile,
// each leaderboard, my tables and a page that does not exist. None
// writes an error to the console, throws, or has a request fail.
func TestEveryPageLogsNoErrors(t *testing.T) {
	t.Parallel()
	s := startEverySite(t)
	tab := newTab(t, newBrowser(t), "guest")
	var mu sync.Mutex
	var errs []string
	note := func(e string) { mu.Lock(); errs = append(errs, e); mu.Unlock() }
	err := chromedp.Listen(tab, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				note("console.error: " + strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			note("exception: " + ev.ExceptionDetails.Text + " " + ev.ExceptionDetails.URL)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError {
				note("log: " + ev.Entry.Text + " " + ev.Entry.URL)
			}
		case *network.EventLoadingFailed:
			if !ev.Canceled {
				note("request failed: " + ev.ErrorText)
			}
		case *network.EventResponseReceived:
			if ev.Response.Status >= 400 {
				note(fmt.Sprintf("%d %s", ev.Response.Status, ev.Response.URL))
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	do(t, tab, 10*time.Second, "listen", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, cdplog.Enable, cdp.Empty{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{})
		return err
	}))

	// A finished table of bots to replay, a table to join, a player.
	var played struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	apiCall(t, &site{URL: s.URL}, "POST", "/api/tables", "", map[string]any{"game": "connectfour", "players": 2, "autostart": true,
		"seats": []map[string]any{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}}, &played, http.StatusCreated)
	var open struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	apiCall(t, &site{URL: s.URL}, "POST", "/api/tables", "", map[string]any{"game": "connectfour", "players": 2, "autostart": true,
		"time_control": map[string]int{"move_s": 86400, "bank_s": 0}, "seats": []map[string]any{{"kind": "person"}, {"kind": "bot", "bot": "random"}}}, &open, http.StatusCreated)
	apiCall(t, &site{URL: s.URL}, "POST", "/api/account/signup", "", map[string]any{"name": "Greta", "password": "a long enough password"}, nil, http.StatusCreated)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var tb tableJSON
		apiCall(t, &site{URL: s.URL}, "GET", "/api/tables/"+played.Table.ID, "", nil, &tb, http.StatusOK)
		if tb.Status == "finished" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots' table did not finish")
		}
	}

	type pageCase struct{ path, ready string }
	drawn := `document.querySelectorAll('#main h1').length > 0`
	pages := []pageCase{
		{"/", `!!document.querySelector('#create') && !!document.querySelector('#tables-h')`},
		{"/rules", drawn},
		{"/puzzles", drawn},
		{"/tables/" + open.Table.ID, `!!document.querySelector('#conn[data-state="open"]') && !!document.querySelector('#join-name')`},
		{"/replay/" + played.Table.ID, `!!document.querySelector('#replay-log li')`},
		{"/account", drawn},
		{"/players/Greta", drawn + ` && document.body.innerText.includes('Greta')`},
		{"/my", drawn},
		{"/no/such/page", `!!document.querySelector('#main h1[data-i18n="notfound.title"]')`},
	}
	for _, g := range []string{"minerals", "tf22", "outofmine", "hammertime"} {
		pages = append(pages, pageCase{"/rules/" + g, `!!document.querySelector('#learn-link')`},
			pageCase{"/puzzles/" + g, drawn}, pageCase{"/leaderboard/" + g, drawn})
		var l struct {
			Lessons []struct {
				ID string `json:"id"`
			} `json:"lessons"`
		}
		apiCall(t, &site{URL: s.URL}, "GET", "/api/games/"+g+"/tutorial?lang=en", "", nil, &l, http.StatusOK)
		for _, ls := range l.Lessons {
			pages = append(pages, pageCase{"/learn/" + g + "?lesson=" + ls.ID, `!!document.querySelector('#learn-text')`})
		}
	}
	for _, p := range pages {
		do(t, tab, 30*time.Second, "open "+p.path, chromedp.Navigate(s.URL+p.path))
		if !holds(tab, 15*time.Second, p.ready) {
			t.Fatalf("waited 15s for %s drawn (%s); the page shows %q", p.path, p.ready, eval[string](t, tab, `document.body.innerText.slice(0, 400)`))
		}
		waitFor(t, tab, 15*time.Second, p.path+"'s requests answered", `performance.getEntriesByType('resource').every((e) => e.responseEnd > 0) && document.readyState === 'complete'`)
		// A round trip through the page: whatever it logged before is in.
		eval[bool](t, tab, `true`)
		mu.Lock()
		if len(errs) > 0 {
			t.Errorf("%s: %s", p.path, strings.Join(errs, "\n  "))
			errs = nil
		}
		mu.Unlock()
	}
	t.Logf("%d pages opened", len(pages))
}
