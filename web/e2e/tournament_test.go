package e2e

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/server"
	"minehall/store/sqlite"
	"minehall/table"
)

// startTournamentSite serves the site with accounts, rated tables and
// tournaments driven by a runner, as `minehall serve` wires them.
func startTournamentSite(t *testing.T) string {
	t.Helper()
	return startSiteWithAccounts(t, siteGames(), func(cfg *server.Config, db *sqlite.DB, hall *table.Hall) {
		cfg.Tournaments = db.Tournaments()
		cfg.TournamentRunner = server.NewTournamentRunner(server.TournamentRunnerConfig{Store: db.Tournaments(), Hall: hall,
			Poll: 100 * time.Millisecond, Logger: cfg.Logger})
	}, nil).URL
}

// A person signs up, finds a tournament in the list, joins it on its
// page and sees the standings change as another player leaves; both pages
// fit a phone's screen without scrolling sideways.
func TestTournamentPages(t *testing.T) {
	t.Parallel()
	base := startTournamentSite(t)
	bo := newAPIClient(t, base)
	var acct struct {
		CSRF string `json:"csrf"`
	}
	if st := bo.call("POST", "/api/account/signup", "", map[string]string{"name": "Bo", "password": "battery staple"}, &acct); st != http.StatusCreated {
		t.Fatalf("Bo's sign-up: %d", st)
	}
	bo.csrf = acct.CSRF
	var tr struct {
		ID string `json:"id"`
	}
	req := map[string]any{"game": "minerals", "format": "swiss", "rounds": 3, "starts_in_s": 3600,
		"time_control": map[string]int{"move_s": 15, "bank_s": 120}, "bots": []string{"easy", "medium"}}
	if st := bo.call("POST", "/api/tournaments", "", req, &tr); st != http.StatusCreated {
		t.Fatalf("Bo schedules a tournament: %d", st)
	}
	if st := bo.call("POST", "/api/tournaments/"+tr.ID+"/join", "", nil, nil); st != http.StatusOK {
		t.Fatalf("Bo joins: %d", st)
	}

	browser := newBrowser(t)
	ann := newTab(t, browser, "ann")
	do(t, ann, 30*time.Second, "open the account page", chromedp.Navigate(base+"/account"), visible(`#signup`))
	do(t, ann, 10*time.Second, "sign up with a password",
		sendKeys(chromedp.CSS(`#signup-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signup-password`), "correct horse"),
		click(chromedp.CSS(`#signup`)))
	waitFor(t, ann, 15*time.Second, "signed in", `!!document.getElementById('my-profile')`)

	do(t, ann, 10*time.Second, "follow the header's link", click(chromedp.CSS(`nav a[href="/tournaments"]`)))
	waitFor(t, ann, 15*time.Second, "the list and the form", `!!document.querySelector('a[href="/tournaments/`+tr.ID+`"]') && !!document.getElementById('tn-game')`)
	shootPage(t, ann, "tournaments")
	do(t, ann, 10*time.Second, "open the tournament", click(chromedp.CSS(`a[href="/tournaments/`+tr.ID+`"]`)))
	waitFor(t, ann, 15*time.Second, "its page", `!!document.getElementById('tourney-join') && document.querySelectorAll('table.standings tbody tr').length === 3`)
	do(t, ann, 10*time.Second, "join", click(chromedp.CSS(`#tourney-join`)))
	waitFor(t, ann, 15*time.Second, "Ann in the standings", `!!document.getElementById('tourney-leave') && document.querySelector('table.standings').innerText.includes('Ann')`)

	// Bo leaves: Ann's page follows without a reload.
	if st := bo.call("POST", "/api/tournaments/"+tr.ID+"/leave", "", nil, nil); st != http.StatusOK {
		t.Fatalf("Bo leaves: %d", st)
	}
	waitFor(t, ann, 15*time.Second, "Bo gone from the standings", `![...document.querySelectorAll('table.standings tbody td:nth-child(2)')].some((td) => td.innerText === 'Bo') && document.querySelectorAll('table.standings tbody tr').length === 3`)
	if got := eval[string](t, ann, `document.querySelector('.tourney-rules p').innerText`); !strings.HasPrefix(got, "Swiss, 3 rounds, 2 players a table. Each round,") || !strings.Contains(got, "half a point for a draw") {
		t.Errorf("the page states the rules as %q; want this event's Swiss rules", got)
	}
	shootPage(t, ann, "tournament")
	// In German, the rules are German too.
	do(t, ann, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	waitFor(t, ann, 10*time.Second, "the rules in German", `document.querySelector('.tourney-rules p').innerText.startsWith('Schweizer System, 3 Runden, 2 Spieler je Tisch.')`)
	do(t, ann, 10*time.Second, "switch back to English", choose(`#lang`, "en"))

	// A bots' event that starts at once: its page shows the round's tables
	// with their links, and the standings move as their games end.
	req = map[string]any{"game": "minerals", "format": "swiss", "rounds": 2, "starts_in_s": 0,
		"time_control": map[string]int{"move_s": 15, "bank_s": 120}, "bots": []string{"random", "greedy", "easy", "medium"}}
	if st := bo.call("POST", "/api/tournaments", "", req, &tr); st != http.StatusCreated {
		t.Fatalf("Bo schedules a bots' tournament: %d", st)
	}
	do(t, ann, 10*time.Second, "open the bots' tournament", chromedp.Navigate(base+"/tournaments/"+tr.ID))
	waitFor(t, ann, 30*time.Second, "the first round's tables", `document.querySelectorAll('.tourney-pairings a[href^="/tables/"]').length === 2`)
	waitFor(t, ann, 60*time.Second, "points in the standings", `[...document.querySelectorAll('table.standings tbody td:nth-child(3)')].some((td) => td.innerText !== '0')`)
	shootPage(t, ann, "tournament-running")

	// A reader on a table's link keeps the focus there when the live page
	// is drawn again: the round waits for Cy's game against a bot (Cy never
	// moves), so its links stay while the page is drawn every few seconds.
	cy := newAPIClient(t, base)
	if st := cy.call("POST", "/api/account/signup", "", map[string]string{"name": "Cy", "password": "staple battery"}, &acct); st != http.StatusCreated {
		t.Fatalf("Cy's sign-up: %d", st)
	}
	cy.csrf = acct.CSRF
	req = map[string]any{"game": "minerals", "format": "swiss", "rounds": 1, "starts_in_s": 2,
		"time_control": map[string]int{"move_s": 60, "bank_s": 120}, "bots": []string{"random", "greedy", "easy"}}
	if st := bo.call("POST", "/api/tournaments", "", req, &tr); st != http.StatusCreated {
		t.Fatalf("Bo schedules Cy's tournament: %d", st)
	}
	if st := cy.call("POST", "/api/tournaments/"+tr.ID+"/join", "", nil, nil); st != http.StatusOK {
		t.Fatalf("Cy joins: %d", st)
	}
	do(t, ann, 10*time.Second, "open Cy's tournament", chromedp.Navigate(base+"/tournaments/"+tr.ID))
	waitFor(t, ann, 30*time.Second, "the round's tables", `!!document.querySelector('.tourney-pairings a[href^="/tables/"]')`)
	link := eval[string](t, ann, `document.querySelector('.tourney-pairings a[href^="/tables/"]').id`)
	if link == "" {
		t.Fatal("the table's link in the pairings has no id to keep the focus by")
	}
	focusKeptAcrossRedraw(t, ann, link, 15*time.Second)
	// A count of one reads in the singular.
	if got := eval[string](t, ann, `document.querySelector('h1').textContent + ' | ' + document.querySelector('.tourney-rules p').innerText`); !strings.Contains(got, "Swiss · 1 round |") || !strings.HasPrefix(strings.SplitN(got, " | ", 2)[1], "Swiss, 1 round, 2 players a table.") {
		t.Errorf("a tournament of one round reads %q; want \"1 round\" in its title and its rules", got)
	}

	// Ann schedules one through the form, with two bots that enter as
	// players and a minimum of six players.
	do(t, ann, 10*time.Second, "open the list", chromedp.Navigate(base+"/tournaments"))
	waitFor(t, ann, 15*time.Second, "the form", `!!document.getElementById('tn-game')`)
	// Hammer Time may be a Swiss event or an arena; an arena asks for its
	// length, and still for a time control (its turns are timed).
	do(t, ann, 10*time.Second, "choose Hammer Time", choose(`#tn-game`, "hammertime"))
	if got := eval[string](t, ann, `[...document.querySelectorAll('#tn-format option')].map((o) => o.value).join(',')`); got != "swiss,arena" {
		t.Errorf("Hammer Time's formats: %q; want swiss,arena", got)
	}
	do(t, ann, 10*time.Second, "choose an arena", choose(`#tn-format`, "arena"))
	if got := eval[string](t, ann, `['tn-tc', 'tn-rounds', 'tn-minutes'].map((id) => document.getElementById(id).offsetParent ? id : '').filter(Boolean).join(',')`); got != "tn-tc,tn-minutes" {
		t.Errorf("a Hammer Time arena's form shows %q; want the time control and the length", got)
	}
	do(t, ann, 10*time.Second, "choose Minerals", choose(`#tn-game`, "minerals"))
	if got := eval[string](t, ann, `[...document.querySelectorAll('#tn-format option')].map((o) => o.value).join(',')`); got != "swiss" {
		t.Errorf("Minerals' formats: %q; want swiss", got)
	}
	waitFor(t, ann, 10*time.Second, "Minerals' bots", `!!document.getElementById('tn-bot-easy') && !!document.getElementById('tn-bot-medium')`)
	if got := eval[string](t, ann, `document.getElementById('tn-min').placeholder`); got != "4" {
		t.Errorf("the minimum of players when left empty: got %q; want 4 (two tables of 2)", got)
	}
	do(t, ann, 10*time.Second, "tick two bots and set the minimum",
		click(chromedp.CSS(`#tn-bot-easy`)), click(chromedp.CSS(`#tn-bot-medium`)),
		sendKeys(chromedp.CSS(`#tn-min`), "6"))
	// A change of language draws the page again; what was chosen and
	// typed stays in the form.
	form := `[...document.querySelectorAll('.tourney-form input, .tourney-form select')].map((f) => f.id + '=' + (f.type === 'checkbox' ? f.checked : f.value)).join(' ')`
	before := eval[string](t, ann, form)
	for _, lang := range []string{"de", "en"} {
		do(t, ann, 10*time.Second, "switch the language to "+lang, chromedp.Evaluate[chromedp.Void](`import('/assets/js/i18n.js').then((m) => m.setLanguage('`+lang+`'))`))
		waitFor(t, ann, 10*time.Second, "the page in "+lang, `document.documentElement.lang === '`+lang+`' && !!document.getElementById('tn-game')`)
		if got := eval[string](t, ann, form); got != before {
			t.Errorf("the form after a change of language to %s holds %q; want what was chosen and typed, %q", lang, got, before)
		}
	}
	shootPage(t, ann, "tournament-form")
	do(t, ann, 10*time.Second, "schedule it", click(chromedp.CSS(`.tourney-form button[type=submit]`)))
	waitFor(t, ann, 15*time.Second, "its page with the two bots", `/^\/tournaments\/[^/]+$/.test(location.pathname) && !!document.querySelector('tr[data-entrant="b:easy"]') && !!document.querySelector('tr[data-entrant="b:medium"]')`)
	id := eval[string](t, ann, `location.pathname.split('/').pop()`)
	var made struct {
		Game       string `json:"game"`
		MinPlayers int    `json:"min_players"`
		Entrants   []struct {
			Bot string `json:"bot"`
		} `json:"entrants"`
	}
	if st := bo.call("GET", "/api/tournaments/"+id, "", nil, &made); st != http.StatusOK {
		t.Fatalf("read the tournament Ann scheduled: %d", st)
	}
	var bots []string
	for _, e := range made.Entrants {
		bots = append(bots, e.Bot)
	}
	if made.Game != "minerals" || made.MinPlayers != 6 || !slices.Equal(bots, []string{"easy", "medium"}) {
		t.Errorf("the tournament Ann scheduled: got %s, min_players %d, bots %q; want minerals, 6, [easy medium]", made.Game, made.MinPlayers, bots)
	}
}
