package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/rating"
	"minehall/store"
)

// apiClient is a program using the HTTP API with its own cookies, sending
// the site's Origin and, once signed in, the CSRF token.
type apiClient struct {
	t    *testing.T
	base string
	c    *http.Client
	csrf string
}

func newAPIClient(t *testing.T, base string) *apiClient {
	jar, _ := cookiejar.New(nil)
	return &apiClient{t: t, base: base, c: &http.Client{Jar: jar}}
}

// call sends a JSON request (with a bearer token unless it is empty) and
// decodes a 2xx answer into out; it returns the status.
func (a *apiClient) call(method, path, token string, body, out any) int {
	a.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, a.base+path, rd)
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", a.base)
		if a.csrf != "" {
			req.Header.Set("X-CSRF-Token", a.csrf)
		}
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := a.c.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode < 300 && out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			a.t.Fatalf("%s %s: %s: %v", method, path, b, err)
		}
	}
	return resp.StatusCode
}

// "two accounts play a rated game … and both see their ratings change on
// their profile, and the leaderboard shows them; a password account signs
// in over the HTTP API." Ann signs up on the account page and makes a
// rated Goofspiel table in the lobby (two people and a bot); Bo signs up,
// out and in over the HTTP API and joins; both play over the HTTP act
// endpoint with their seat tokens while Ann's page watches.
func TestAccountRatedGame(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	browser := newBrowser(t)
	ann := newTab(t, browser, "ann")
	do(t, ann, 30*time.Second, "open the account page", chromedp.Navigate(s.URL+"/account"), visible(`#signup`))
	do(t, ann, 10*time.Second, "sign up with a password",
		sendKeys(chromedp.CSS(`#signup-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signup-password`), "correct horse"),
		click(chromedp.CSS(`#signup`)))
	waitFor(t, ann, 15*time.Second, "signed in", `!!document.getElementById('my-profile')`)

	// Bo, over the HTTP API: sign up, sign out, sign in.
	bo := newAPIClient(t, s.URL)
	var acct struct {
		Name string `json:"name"`
		CSRF string `json:"csrf"`
	}
	if st := bo.call("POST", "/api/account/signup", "", map[string]string{"name": "Bo", "password": "battery staple"}, &acct); st != http.StatusCreated {
		t.Fatalf("Bo's sign-up: %d", st)
	}
	bo.csrf = acct.CSRF
	if st := bo.call("POST", "/api/account/signout", "", nil, nil); st != http.StatusOK {
		t.Fatalf("Bo's sign-out: %d", st)
	}
	if st := bo.call("POST", "/api/account/signin", "", map[string]string{"name": "bo", "password": "battery staple"}, &acct); st != http.StatusOK || acct.Name != "Bo" {
		t.Fatalf("Bo's sign-in over the HTTP API: %d %+v", st, acct)
	}
	bo.csrf = acct.CSRF

	// Bo's public profile has no rating yet.
	boTab := newTab(t, browser, "bo")
	do(t, boTab, 30*time.Second, "open Bo's profile", chromedp.Navigate(s.URL+"/players/Bo"), visible(`#stats-h`))
	if n := eval[int](t, boTab, `document.querySelectorAll('strong.rating').length`); n != 0 {
		t.Errorf("Bo's profile shows %d ratings before any game", n)
	}

	// Ann makes a rated table in the lobby. A Hammer Time table with 1
	// wagon is casual, and the lobby says so before it is made.
	do(t, ann, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	do(t, ann, 10*time.Second, "pick Hammer Time", choose(`#game`, "hammertime"))
	waitFor(t, ann, 10*time.Second, "the rated choice offered for the rulebook's 4 wagons", `!!document.getElementById('rated') && !document.getElementById('rated').disabled`)
	do(t, ann, 10*time.Second, "one wagon", choose(`#opt-wagons`, "1"))
	waitFor(t, ann, 10*time.Second, "the rated choice off, the table casual", `document.getElementById('rated').disabled && document.getElementById('rated-help').textContent.startsWith('Casual: options not from the rulebook')`)
	shootPage(t, ann, "lobby-casual")
	do(t, ann, 10*time.Second, "pick Goofspiel", choose(`#game`, "goofspiel"))
	do(t, ann, 10*time.Second, "three players", choose(`#players`, "3"))
	do(t, ann, 10*time.Second, "seat 2 for a person", choose(`#seat-1`, "person"))
	do(t, ann, 10*time.Second, "three cards, no bidding timer", choose(`#opt-cards`, "3"), choose(`#opt-timer`, "0"))
	waitFor(t, ann, 10*time.Second, "the rated choice offered", `document.getElementById('rated') && !document.getElementById('rated').disabled`)
	shootPage(t, ann, "lobby-rated")
	do(t, ann, 10*time.Second, "make it rated and create it", click(chromedp.CSS(`#rated`)), click(chromedp.CSS(`#create`)))
	waitFor(t, ann, 15*time.Second, "the table page", `location.pathname.startsWith('/tables/') && !!localStorage.getItem('minehall.seat.' + location.pathname.slice(8))`)
	id := eval[string](t, ann, `location.pathname.slice(8)`)
	annToken := eval[string](t, ann, `JSON.parse(localStorage.getItem('minehall.seat.' + location.pathname.slice(8))).token`)

	var info struct {
		Status string `json:"status"`
		Rated  bool   `json:"rated"`
		Seats  []struct {
			Name    string `json:"name"`
			Account bool   `json:"account"`
		} `json:"seats"`
		Result *struct {
			Returns []float64 `json:"returns"`
		} `json:"result"`
	}
	// The lobby lists the table as rated.
	do(t, boTab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`li.table-row[data-table="`+id+`"] .rated-badge`))
	bo.call("GET", "/api/tables/"+id, "", nil, &info)
	if !info.Rated || info.Seats[0].Name != "Ann" || !info.Seats[0].Account {
		t.Fatalf("the table %+v; want rated with Ann's account in seat 1", info)
	}
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	if st := bo.call("POST", "/api/tables/"+id+"/join", "", map[string]string{"name": "Bo"}, &j); st != http.StatusOK || j.Seat != 1 {
		t.Fatalf("Bo joins: %d seat %d", st, j.Seat)
	}
	tokens := []string{annToken, j.Token}
	bids := [][]string{{"bid 3", "bid 2", "bid 1"}, {"bid 1", "bid 2", "bid 3"}}
	seq := []int{0, 0}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		bo.call("GET", "/api/tables/"+id, "", nil, &info)
		if info.Status == "finished" {
			break
		}
		for seat := range tokens {
			for _, m := range bids[seat] {
				if bo.call("POST", "/api/tables/"+id+"/act", tokens[seat], map[string]any{"move": m, "seq": seq[seat] + 1}, nil) == http.StatusOK {
					seq[seat]++
					break
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if info.Status != "finished" || info.Result == nil {
		t.Fatalf("the rated table did not finish: %+v", info)
	}
	waitFor(t, ann, 15*time.Second, "Ann's page sees the end", `document.body.textContent.includes('finished') || document.body.textContent.includes('Finished') || !!document.querySelector('[data-status="finished"], .status-finished')`)

	// The end screen shows each person's rating change, as the API has it.
	var changes struct {
		Seats []struct {
			Name   string `json:"name"`
			Bot    bool   `json:"bot"`
			Change int    `json:"change"`
			After  struct {
				Rating int `json:"rating"`
			} `json:"after"`
		} `json:"seats"`
	}
	bo.call("GET", "/api/tables/"+id+"/ratings", "", nil, &changes)
	waitFor(t, ann, 15*time.Second, "the end screen's rating changes", `document.querySelectorAll('#rating-changes li').length === 2`)
	for i, c := range changes.Seats {
		if c.Bot {
			continue
		}
		want := fmt.Sprintf("1500? → %d? (%+d)", c.After.Rating, c.Change)
		if got := eval[string](t, ann, fmt.Sprintf(`document.querySelector('#rating-changes li[data-seat="%d"] .delta').textContent`, i)); got != strings.Replace(want, "-", "−", 1) {
			t.Errorf("the end screen shows %s's change as %q; want %q", c.Name, got, want)
		}
	}
	shootPage(t, ann, "end-rated")

	// The bot seat shows its level's rating in the game, as the API has it,
	// once the level has played a rated game: the table seen again.
	var botProf struct {
		Ratings []struct {
			Game        string `json:"game"`
			Rating      int    `json:"rating"`
			Provisional bool   `json:"provisional"`
		} `json:"ratings"`
	}
	if st := bo.call("GET", "/api/players/"+url.PathEscape("bot:random"), "", nil, &botProf); st != http.StatusOK || len(botProf.Ratings) != 1 || botProf.Ratings[0].Game != "goofspiel" {
		t.Fatalf("the random bot's ratings: %d %+v; want one in Goofspiel", st, botProf.Ratings)
	}
	do(t, ann, 30*time.Second, "see the table again", chromedp.Navigate(s.URL+"/tables/"+id))
	waitFor(t, ann, 15*time.Second, "the bot seat's rating", `!!document.querySelector('.bot-rating')`)
	wantTag := fmt.Sprintf("rated %d", botProf.Ratings[0].Rating)
	if botProf.Ratings[0].Provisional {
		wantTag += "?"
	}
	if got := eval[string](t, ann, `document.querySelector('.bot-rating').textContent`); got != wantTag {
		t.Errorf("the bot seat's rating reads %q; want %q", got, wantTag)
	}
	if n := eval[int](t, ann, `document.querySelectorAll('.bot-rating').length`); n != 1 {
		t.Errorf("%d seats show a bot rating; want 1, the bot's", n)
	}

	// Both profiles show a rating now, as the API has it.
	for _, p := range []struct {
		name string
		tab  context.Context
	}{{"Ann", ann}, {"Bo", boTab}} {
		var prof struct {
			Ratings []struct {
				Rating      int  `json:"rating"`
				Provisional bool `json:"provisional"`
				Games       int  `json:"games"`
			} `json:"ratings"`
		}
		bo.call("GET", "/api/players/"+url.PathEscape(p.name), "", nil, &prof)
		if len(prof.Ratings) != 1 || prof.Ratings[0].Games != 1 {
			t.Fatalf("%s's ratings %+v; want one after one game", p.name, prof.Ratings)
		}
		tab := p.tab
		do(t, tab, 30*time.Second, "open "+p.name+"'s profile", chromedp.Navigate(s.URL+"/players/"+p.name), visible(`strong.rating`))
		shown := eval[string](t, tab, `document.querySelector('strong.rating').textContent`)
		if want := strconv.Itoa(prof.Ratings[0].Rating) + "?"; shown != want || !prof.Ratings[0].Provisional {
			t.Errorf("%s's profile shows rating %q (provisional %v); want %q, provisional after one game", p.name, shown, prof.Ratings[0].Provisional, want)
		}
		if delta := eval[string](t, tab, `document.querySelector('ul.recent .delta').textContent`); !strings.HasPrefix(delta, "1500? → "+shown) {
			t.Errorf("%s's recent game shows %q; want the change from 1500? to %s", p.name, delta, shown)
		}
		if n := eval[int](t, tab, `document.querySelectorAll('svg.rating-plot circle').length`); n != 2 {
			t.Errorf("%s's rating plot has %d points; want 2: before and after the game", p.name, n)
		}
		// The game's list of rating changes: the one, with its table.
		recent := eval[string](t, tab, `document.querySelector('ul.recent .delta').textContent`)
		if got := eval[string](t, tab, `[...document.querySelectorAll('ol.rating-changes-list li')].map((li) => li.dataset.table + ' ' + li.querySelector('.delta').textContent).join('; ')`); got != id+" "+recent {
			t.Errorf("%s's rating changes in Goofspiel: %q; want %q, from table %s", p.name, got, recent, id)
		}
		if href := eval[string](t, tab, `document.querySelector('ul.recent a')?.getAttribute('href') || ''`); href != "/replay/"+id {
			t.Errorf("%s's recent game links to %q; want /replay/%s", p.name, href, id)
		}
	}
	shootPage(t, ann, "profile")

	// The leaderboard lists people with a settled rating (Cy, after many
	// games; Ann and Bo are provisional after one), and beside them the
	// bot level.
	settle(t, s, "Cy")
	do(t, ann, 30*time.Second, "open the leaderboard", chromedp.Navigate(s.URL+"/leaderboard/goofspiel"), visible(`table.leaderboard`))
	for kind, want := range map[string]string{"people": "Cy", "bots": "bot:random"} {
		names := eval[string](t, ann, `[...document.querySelectorAll('table.leaderboard[data-kind="`+kind+`"] tbody tr')].map((r) => r.dataset.player).sort().join(',')`)
		if names != want {
			t.Errorf("the %s leaderboard lists %q; want %q", kind, names, want)
		}
	}
	shootPage(t, ann, "leaderboard")
	// Another game by an arrow key, shown in place: the list of games keeps
	// the focus, and Back returns to Goofspiel's.
	key := kb.ArrowDown
	if eval[bool](t, ann, `document.getElementById('board-game').selectedIndex > 0`) {
		key = kb.ArrowUp
	}
	do(t, ann, 10*time.Second, "an arrow on the list of games", focusNow(`#board-game`), chromedp.KeyEvent(key))
	waitFor(t, ann, 10*time.Second, "the other game's leaderboard",
		`location.pathname === '/leaderboard/' + document.getElementById('board-game').value && location.pathname !== '/leaderboard/goofspiel' && !!document.querySelector('.boards')`)
	focusIs(t, ann, "an arrow on the list of games", `#board-game`)
	do(t, ann, 10*time.Second, "back", chromedp.NavigateBack())
	waitFor(t, ann, 10*time.Second, "Goofspiel's leaderboard again", `location.pathname === '/leaderboard/goofspiel' && !!document.querySelector('table.leaderboard[data-kind="people"] tr[data-player="Cy"]')`)
	do(t, ann, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	waitFor(t, ann, 10*time.Second, "the leaderboard in German", `document.querySelector('h1').textContent.startsWith('Rangliste')`)
	// The account keeps the language chosen, for the mail it is sent.
	for deadline := time.Now().Add(10 * time.Second); ; {
		lang := await[string](t, ann, `fetch('/api/account').then((r) => r.json()).then((a) => a.preferences.lang || '')`)
		if lang == "de" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the account's language is %q after choosing German; want de", lang)
		}
		time.Sleep(100 * time.Millisecond)
	}
	shootPage(t, ann, "leaderboard-de")
	do(t, ann, 30*time.Second, "open Ann's profile in German", chromedp.Navigate(s.URL+"/players/Ann"), visible(`strong.rating`))
	shootPage(t, ann, "profile-de")
	do(t, ann, 30*time.Second, "open the lobby in German", chromedp.Navigate(s.URL+"/"), visible(`#rated`))
	shootPage(t, ann, "lobby-de")
}

// settle gives a new account name a settled rating in Goofspiel, as many
// rated games would: a record of a rated game, against a second new
// account left provisional, whose rating it is.
func settle(t *testing.T, s *accountSite, name string) {
	t.Helper()
	ctx := context.Background()
	var ids []string
	for _, n := range []string{name, name + "2"} {
		a := &store.Account{ID: "id-" + n, Name: n, NameKey: strings.ToLower(n), Created: time.Now()}
		if err := s.store.CreateAccount(ctx, a); err != nil {
			t.Fatalf("CreateAccount(%s): %v", n, err)
		}
		ids = append(ids, a.ID)
	}
	g := store.GameResult{Table: "settle-" + name, Game: "goofspiel", Finished: time.Now(), Rated: true,
		Seats: []store.SeatResult{{Player: ids[0], Rank: 1, Won: true}, {Player: ids[1], Rank: 2}}}
	if _, err := s.store.RecordGame(ctx, g, func([]rating.Rating) ([]rating.Rating, error) {
		return []rating.Rating{{Mu: 27.5, Sigma: 2}, {Mu: 22, Sigma: 8}}, nil
	}); err != nil {
		t.Fatalf("RecordGame: %v", err)
	}
}
