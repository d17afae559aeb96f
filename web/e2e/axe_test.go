package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/puzzle"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/table"
)

// axePath is where `npm ci --prefix web/e2e` (run by .ci/run) puts
// axe-core, at the version web/e2e/package-lock.json pins.
const axePath = "node_modules/axe-core/axe.min.js"

// axeSource returns axe-core's script. Without it the test fails under CI
// (CI set) and is skipped elsewhere, saying how to install it.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(axePath)
	if err != nil {
		msg := fmt.Sprintf("axe-core is not installed (%v): run npm ci --prefix web/e2e", err)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return string(b)
}

// axeViolation is one rule axe-core found broken, with the elements that
// break it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// String says the violation with the elements that break it (at most five).
func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for i, n := range v.Nodes {
		if i == 5 {
			fmt.Fprintf(&b, "\n      … and %d more", len(v.Nodes)-5)
			break
		}
		fmt.Fprintf(&b, "\n      %v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// runAxe runs axe-core on the tab's page and returns its violations of
// any impact. It loads axe-core's script into the page's document only
// when an earlier run has not: the pages the app's router draws share
// one document, and compiling the 550 kB script again for each of them
// cost TestAxeFindsNoViolation a sixth of its CPU.
func runAxe(t *testing.T, tab context.Context, source string) []axeViolation {
	t.Helper()
	c, cancel := context.WithTimeout(tab, 60*time.Second)
	defer cancel()
	if !eval[bool](t, c, `typeof axe === 'object'`) {
		do(t, c, 60*time.Second, "load axe-core", chromedp.Evaluate[chromedp.Void](source))
	}
	out, err := chromedp.Run(c, chromedp.Evaluate[string](`axe.run(document, { resultTypes: ['violations'] }).then((r) => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("run axe-core: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core's answer: %v", err)
	}
	return vs
}

// startAxeSite serves every page a person may open (as startEverySite)
// and the golden tables: a mid-game position of each game.
func startAxeSite(t *testing.T, cases []goldenCase) *accountSite {
	t.Helper()
	tutorials := siteTutorials(t)
	tables := map[string]*goldenTable{}
	for _, c := range cases {
		tables["golden-"+c.Name] = c.position(t)
	}
	return startSiteWithAccounts(t, siteGames(), func(cfg *server.Config, db *sqlite.DB, _ *table.Hall) {
		cfg.Puzzles, cfg.Tutorials, cfg.Tournaments = &puzzle.Service{Store: db}, tutorials, db.Tournaments()
	}, func(srv *server.Server) http.Handler {
		mux := http.NewServeMux()
		mux.Handle("/", srv)
		serveGoldens(mux, srv, tables)
		return mux
	})
}

// axeTournament schedules a Swiss tournament with two bots in, for its
// page, and returns its ID.
func axeTournament(t *testing.T, s *accountSite) string {
	t.Helper()
	ctx := context.Background()
	ts := s.store.Tournaments()
	now := time.Now()
	tr := &store.Tournament{ID: "a11e", Game: "minerals", Format: store.FormatSwiss, Options: game.Options{},
		TimeControl: &store.TimeControl{MoveS: 45, BankS: 300}, TableSize: 2, Rounds: 3, MinPlayers: 4,
		Starts: now.Add(time.Hour), Status: store.TournamentScheduled, Created: now}
	if err := ts.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"easy", "medium"} {
		if err := ts.AddEntrant(ctx, store.Entrant{Tournament: tr.ID, ID: store.BotEntrant(b), Bot: b, Name: b, Joined: now}); err != nil {
			t.Fatal(err)
		}
	}
	return tr.ID
}

// axeTables are a mid-game position of each game, as its person to move
// sees it.
func axeTables(t *testing.T) []goldenCase {
	cases := []goldenCase{mineralsGoldens()[0], outOfMineGoldens()[0], htLayoutCases()[1].goldenCase}
	for _, c := range tf22LayoutCases(t) {
		if c.Name == "tf22-layout-move" {
			cases = append(cases, c.goldenCase)
		}
	}
	for i := range cases {
		cases[i].Lang, cases[i].ColorBlind = "", false
	}
	return cases
}

// TestAxeFindsNoViolation runs axe-core on every page, in English and in
// German: the lobby, the rules and each game's rules, each game's
// tutorial lessons, the puzzles and each game's puzzle, a table of each
// game in mid-game (also with the screen-reader mode on), a replay, a
// review, the account page, a player's profile, each leaderboard, my
// tables and the friends page (signed out; signed in in
// TestFriendsChallengeAndPlay). It finds no violation of any impact, moderate ones included.
func TestAxeFindsNoViolation(t *testing.T) {
	t.Parallel()
	source := axeSource(t)
	tables := axeTables(t)
	s := startAxeSite(t, tables)
	browser := newBrowser(t)

	// A finished table of bots to replay and review, and a player.
	var played struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	apiCall(t, &site{URL: s.URL}, "POST", "/api/tables", "", map[string]any{"game": "connectfour", "players": 2, "autostart": true,
		"seats": []map[string]any{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}}, &played, http.StatusCreated)
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

	type pageCase struct {
		path, ready string
		srMode      bool
		golden      *goldenCase
	}
	drawn := `document.querySelectorAll('#main h1').length > 0`
	pages := []pageCase{
		{path: "/", ready: `!!document.querySelector('#create') && !!document.querySelector('#tables-h')`},
		{path: "/rules", ready: drawn},
		{path: "/puzzles", ready: drawn},
		{path: "/replay/" + played.Table.ID, ready: `!!document.querySelector('#replay-log li')`},
		{path: "/review/" + played.Table.ID, ready: drawn},
		{path: "/account", ready: drawn},
		{path: "/players/Greta", ready: drawn + ` && document.body.innerText.includes('Greta')`},
		{path: "/my", ready: drawn},
		{path: "/friends", ready: drawn},
		{path: "/tournaments", ready: `!!document.querySelector('#tourney-upcoming-h')`},
		{path: "/tournaments/" + axeTournament(t, s), ready: `!!document.querySelector('table.standings')`},
	}
	for _, g := range []string{"minerals", "tf22", "outofmine", "hammertime"} {
		pages = append(pages, pageCase{path: "/rules/" + g, ready: `!!document.querySelector('#learn-link')`},
			pageCase{path: "/puzzles/" + g, ready: drawn}, pageCase{path: "/leaderboard/" + g, ready: drawn})
		var l struct {
			Lessons []struct {
				ID string `json:"id"`
			} `json:"lessons"`
		}
		apiCall(t, &site{URL: s.URL}, "GET", "/api/games/"+g+"/tutorial?lang=en", "", nil, &l, http.StatusOK)
		for _, ls := range l.Lessons {
			pages = append(pages, pageCase{path: "/learn/" + g + "?lesson=" + ls.ID, ready: `!!document.querySelector('#learn-text')`})
		}
	}
	for i := range tables {
		c := &tables[i]
		ready := `document.getElementById('conn')?.dataset.state === 'open' && document.querySelector('#log li') !== null`
		if c.Ready != "" {
			ready += " && (" + c.Ready + ")"
		}
		pages = append(pages, pageCase{path: "/tables/golden-" + c.Name, ready: ready, golden: c},
			pageCase{path: "/tables/golden-" + c.Name, ready: ready + ` && !!document.getElementById('sr-command')`, golden: c, srMode: true})
	}

	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			// A tab for the pages and one for the golden tables, whose
			// frozen clock and seats the other pages need not share. The
			// pages open as a person follows links, drawn by the app's
			// router in the lobby's document (a whole load of the app for
			// each page had the browser fetch its modules and texts fifty
			// times over); each golden table is loaded whole, with the
			// screen-reader mode it is checked in.
			common := fmt.Sprintf(`localStorage.setItem('minehall.lang', %q); localStorage.setItem('minehall.sound', 'off');`, lang)
			golden := common
			for _, c := range tables {
				c.Lang = lang
				golden += goldenSetup(c) + ";"
			}
			tabs := map[bool]context.Context{}
			for isGolden, setup := range map[bool]string{false: common, true: golden} {
				tab := newTab(t, browser, fmt.Sprintf("%s-golden-%v", lang, isGolden))
				do(t, tab, 30*time.Second, "open the lobby",
					chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
						_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: setup})
						return err
					}),
					chromedp.Navigate(s.URL+"/"))
				tabs[isGolden] = tab
			}
			for _, p := range pages {
				if p.srMode && lang != "en" {
					continue
				}
				name := p.path
				if p.srMode {
					name += " (screen-reader mode)"
				}
				tab := tabs[p.golden != nil]
				if p.golden != nil {
					do(t, tab, 30*time.Second, "open "+name,
						chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('minehall.srmode', %q)`, map[bool]string{true: "1", false: "0"}[p.srMode])),
						chromedp.Navigate(s.URL+p.path))
				} else {
					do(t, tab, 30*time.Second, "follow a link to "+name,
						chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`history.pushState(null, '', %q); dispatchEvent(new PopStateEvent('popstate'))`, p.path)))
				}
				if !holds(tab, 15*time.Second, p.ready) {
					t.Errorf("waited 15s for %s drawn (%s); the page shows %q", name, p.ready, eval[string](t, tab, `document.body.innerText.slice(0, 400)`))
					continue
				}
				do(t, tab, 10*time.Second, "settle "+name, chromedp.Evaluate[chromedp.Void](`document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`, chromedp.EvalAwaitPromise))
				for _, v := range runAxe(t, tab, source) {
					t.Errorf("%s: %s", name, v)
				}
			}
		})
	}
}
