package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// nextClick is the page-side choice of what a person clicks next on the
// Minerals board: a highlighted hex (one the board's view shows, as a
// person taps: on a phone the view is zoomed in to the places to tap and
// may leave some of them out), else their pawn (to see where it may go),
// else a card to take now and then, else the first of the move buttons in
// the order end, no move, cut, any other. It answers the data-key of the
// element, or "" when there is nothing to click.
const nextClick = `(() => {
  const main = document.getElementById('main');
  if (main.dataset.myTurn !== 'true') return '';
  const view = document.querySelector('#board svg.hexboard')?.getBoundingClientRect();
  const shown = (e) => {
    const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    return !view || (x > view.left && x < view.right && y > view.top && y < view.bottom);
  };
  const legal = [...document.querySelectorAll('#board .hex.legal')];
  const hex = legal.find(shown) ?? legal[0];
  if (hex) return hex.dataset.key;
  const pawn = document.querySelector('#board .pawn.selectable:not(.selected)');
  if (pawn) return 'pawn';
  const take = document.querySelector('#board [data-move^="take "]');
  if (take && Number(main.dataset.n) % 3 === 0) return take.dataset.key;
  for (const m of ['end', 'no move', 'cut']) {
    const b = document.querySelector('#board [data-move="' + m + '"]');
    if (b) return b.dataset.key;
  }
  const any = document.querySelector('#board [data-move]');
  return any ? any.dataset.key : '';
})()`

// playByClicks clicks through the person's turns until the end screen
// shows, and returns how many clicks it took.
func playByClicks(t *testing.T, tab context.Context, deadline time.Duration) int {
	t.Helper()
	clicks := 0
	stop := time.Now().Add(deadline)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "my turn or the end", `document.getElementById('main').dataset.status === 'finished' || (`+nextClick+`) !== ''`)
		if eval[string](t, tab, `document.getElementById('main').dataset.status`) == "finished" {
			return clicks
		}
		key := eval[string](t, tab, nextClick)
		if key == "" {
			continue
		}
		n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		sel := fmt.Sprintf(`#board [data-key=%q]`, key)
		do(t, tab, 10*time.Second, "click "+key, revealOnBoard(sel), click(chromedp.CSS(sel)))
		clicks++
		if key == "pawn" {
			// Selecting the pawn highlights its destinations.
			waitFor(t, tab, 5*time.Second, "destinations highlighted after selecting the pawn",
				`document.querySelectorAll('#board .hex.legal').length > 0 || !document.querySelector('#board .pawn.selected')`)
			continue
		}
		waitFor(t, tab, 30*time.Second, "the move "+key+" applied",
			fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
		if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
			t.Fatalf("clicking %s was refused: %s", key, msg)
		}
	}
	t.Fatalf("the game did not end within %v (%d clicks)", deadline, clicks)
	return clicks
}

// TestPlayWholeMineralsGameByClicks creates a Minerals table in the lobby on
// a phone-sized screen, plays a whole game against a bot by clicks alone,
// reaches the end screen with scores, and steps back through the replay.
func TestPlayWholeMineralsGameByClicks(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "open the lobby on a 375 px screen",
		chromedp.EmulateViewport(375, 812),
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#opt-version`),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`),
	)
	if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > 375 {
		t.Errorf("the table page is %d px wide on a 375 px screen; want no horizontal scrolling", w)
	}
	if got := eval[string](t, tab, `document.querySelector('#mn-phase').dataset.phase`); got != "remove" {
		t.Errorf("the first phase shown: got %q; want remove", got)
	}
	clicks := playByClicks(t, tab, 6*time.Minute)
	t.Logf("the game ended after %d clicks", clicks)

	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
	if eval[int](t, tab, `document.querySelectorAll('#rematch').length`) != 1 {
		t.Errorf("end screen: no rematch button for the table's owner")
	}
	log := eval[int](t, tab, `document.querySelectorAll('#log li[data-n]').length`)
	if log < 10 {
		t.Errorf("action log: got %d moves; want the whole game", log)
	}

	do(t, tab, 20*time.Second, "open the replay",
		click(chromedp.CSS(`#replay`)),
		visible(`#replay-step`),
		visible(`#board svg.hexboard`),
		click(chromedp.CSS(`#replay-first`)),
	)
	waitFor(t, tab, 10*time.Second, "the replay at its first position",
		`document.querySelector('#mn-phase')?.dataset.phase === 'remove' && document.querySelector('#replay-step').textContent.startsWith('Move 0 ')`)
	do(t, tab, 10*time.Second, "step forward by keyboard", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, tab, 10*time.Second, "the replay at move 1", `document.querySelector('#replay-step').textContent.startsWith('Move 1 ')`)

	// The rematch, a POST without a body, starts a new game at once.
	do(t, tab, 20*time.Second, "back to the table", chromedp.NavigateBack(), visible(`#rematch`))
	old := tableIDOf(t, tab)
	do(t, tab, 10*time.Second, "ask for a rematch", click(chromedp.CSS(`#rematch`)))
	waitFor(t, tab, 20*time.Second, "the rematch's table, playing",
		`location.pathname !== '/tables/`+old+`' && location.pathname.startsWith('/tables/') && document.getElementById('main').dataset.status === 'playing'`)
}

// tableIDOf returns the id of the table the tab shows.
func tableIDOf(t *testing.T, tab context.Context) string {
	t.Helper()
	return eval[string](t, tab, `location.pathname.split('/').pop()`)
}

// TestSecondBrowserJoinsByLinkAndSeesMovesLive has one person create a
// table for two people, a second browser join by the link, and each see
// the other's moves as they happen; the second plays by keyboard, then
// reloads the page and still finds both moves in the log.
func TestSecondBrowserJoinsByLinkAndSeesMovesLive(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	ann := newTab(t, browser, "ann")
	bob := newTab(t, browser, "bob")
	createTableForTwo(t, ann, s)
	link := eval[string](t, ann, `document.querySelector('.invite input').value`)
	if !strings.HasPrefix(link, s.URL+"/tables/") {
		t.Fatalf("invitation link: got %q; want %s/tables/…", link, s.URL)
	}
	do(t, bob, 30*time.Second, "join by the link",
		chromedp.Navigate(link),
		visible(`#join-name`),
		sendKeys(chromedp.CSS(`#join-name`), "Bob"),
		click(chromedp.CSS(`#join`)),
		visible(`#board svg.hexboard`),
	)
	waitFor(t, ann, 10*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	waitFor(t, ann, 10*time.Second, "Bob's name on Ann's page", `document.querySelector('#seats').textContent.includes('Bob')`)

	// Ann removes a mineral by click; Bob sees it leave live.
	hex := eval[string](t, ann, `document.querySelector('#board .hex.legal').dataset.hex`)
	do(t, ann, 10*time.Second, "Ann removes "+hex, click(chromedp.CSS(fmt.Sprintf(`#board [data-key="hex:%s"]`, hex))))
	waitFor(t, bob, 10*time.Second, "Bob sees Ann's removal of "+hex,
		fmt.Sprintf(`document.querySelector('#log li[data-n="1"]')?.textContent.includes(%q) && document.querySelector('#board polygon.hex[data-hex=%q]').classList.contains('empty')`, hex, hex))
	if got := eval[string](t, bob, `document.querySelector('#log li[data-n="1"] .log-who').textContent`); got != "Ann" {
		t.Errorf("Bob's log names %q for move 1; want Ann", got)
	}

	// Bob removes a mineral by keyboard: focus a highlighted hex, press Enter.
	waitFor(t, bob, 10*time.Second, "Bob's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	hex = eval[string](t, bob, `document.querySelector('#board .hex.legal').dataset.hex`)
	do(t, bob, 10*time.Second, "Bob removes "+hex+" by keyboard",
		chromedp.Focus(chromedp.CSS(fmt.Sprintf(`#board [data-key="hex:%s"]`, hex))),
		chromedp.KeyEvent(kb.Enter))
	waitFor(t, ann, 10*time.Second, "Ann sees Bob's removal of "+hex,
		fmt.Sprintf(`document.querySelector('#log li[data-n="2"]')?.textContent.includes(%q)`, hex))

	// Bob reloads the page: his move log still lists both moves.
	do(t, bob, 30*time.Second, "Bob reloads the page", chromedp.Reload(), visible(`#board svg.hexboard`))
	waitFor(t, bob, 10*time.Second, "both moves in Bob's log after the reload",
		fmt.Sprintf(`document.querySelector('#log li[data-n="1"] .log-who')?.textContent === 'Ann' && !!document.querySelector('#log li[data-n="2"]')?.textContent.includes(%q) && document.querySelectorAll('#log li').length === 2`, hex))
}

// TestLanguageSwitch switches the language on the lobby and on a table
// page without a reload, and finds the choice kept after one.
func TestLanguageSwitch(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "lang")
	do(t, tab, 30*time.Second, "open the lobby",
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		chromedp.Evaluate[chromedp.Void](`window.notReloaded = true`),
	)
	cases := []struct{ lang, rules, create string }{
		{"de", "Regeln", "Tisch eröffnen"},
		{"fr", "Règles", "Créer la table"},
		{"nl", "Regels", "Tafel openen"},
		{"en", "Rules", "Create the table"},
	}
	for _, c := range cases {
		do(t, tab, 10*time.Second, "switch to "+c.lang, choose(`#lang`, c.lang))
		waitFor(t, tab, 5*time.Second, c.lang+" texts",
			fmt.Sprintf(`document.querySelector('nav a[href="/rules"]').textContent === %q && document.querySelector('#create').textContent === %q && document.documentElement.lang === %q`, c.rules, c.create, c.lang))
	}
	if !eval[bool](t, tab, `window.notReloaded === true`) {
		t.Errorf("the page reloaded while switching languages; want a switch in place")
	}

	do(t, tab, 30*time.Second, "open a table against a bot in German",
		choose(`#lang`, "de"),
		choose(`#game`, "minerals"),
		visible(`#seat-1-bot`),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#mn-phase`),
	)
	waitFor(t, tab, 10*time.Second, "German table page", `document.querySelector('#mn-phase strong').textContent === 'Aufbau: Mineralien entfernen'`)
	do(t, tab, 10*time.Second, "switch to French on the table", choose(`#lang`, "fr"))
	waitFor(t, tab, 5*time.Second, "French table page", `document.querySelector('#mn-phase strong').textContent === 'Mise en place : retirer des minéraux' && document.querySelector('.pouch h3').textContent === 'Sac'`)
	do(t, tab, 20*time.Second, "reload", chromedp.Reload(), visible(`#mn-phase`))
	waitFor(t, tab, 10*time.Second, "French kept after a reload", `document.documentElement.lang === 'fr' && document.querySelector('#lang').value === 'fr'`)

	do(t, tab, 10*time.Second, "turn on color-blind mode", click(chromedp.CSS(`#colorblind`)))
	waitFor(t, tab, 5*time.Second, "a symbol on every mineral hex",
		`document.querySelectorAll('#board .hexboard .sym').length === document.querySelectorAll('#board polygon.hex:not(.empty)').length && document.querySelectorAll('#board .hexboard .sym').length > 100`)

	do(t, tab, 20*time.Second, "read the rules in the app",
		click(chromedp.CSS(`nav a[href="/rules"]`)),
		visible(`a[href="/rules/minerals"]`),
		click(chromedp.CSS(`a[href="/rules/minerals"]`)),
		visible(`article.rules h2`))
	waitFor(t, tab, 10*time.Second, "the Minerals rules in French with their rulings, and no note that they are English",
		`document.querySelector('article.rules').textContent.includes('Décision') && document.querySelector('article.rules').textContent.includes('reconstitué') && document.querySelector('.note') === null && document.querySelectorAll('article.rules table tr').length > 20`)
	waitFor(t, tab, 5*time.Second, "no stray text such as null between the heading and the rules",
		`![...document.querySelector('main').childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '')`)
}

// TestUnknownTableSaysSo opens the link of a table that does not exist: the
// page says so and leads back to the lobby, with no invitation link and no
// connection attempt.
func TestUnknownTableSaysSo(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "visitor")
	do(t, tab, 20*time.Second, "open an unknown table", chromedp.Navigate(s.URL+"/tables/0123456789abcdef"), visible(`#no-table`))
	waitFor(t, tab, 5*time.Second, "a clear no-such-table page",
		`document.querySelector('#no-table h1').textContent === 'No such table' && document.querySelector('#no-table').textContent.includes('0123456789abcdef') && document.querySelector('#no-table a[href="/"]') !== null && document.querySelector('#conn') === null && document.querySelector('.invite') === null`)
}

// TestSoundIsOffByDefaultAndRemembered finds sound off on a first visit;
// turned on, it stays on after a reload, and the your-turn chime sounds
// when the turn comes back to the player (and never while sound is off).
func TestSoundIsOffByDefaultAndRemembered(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	if on := eval[bool](t, tab, `document.querySelector('#sound').checked`); on {
		t.Fatalf("sound is on at a first visit; want off")
	}
	do(t, tab, 20*time.Second, "turn sound on and reload",
		click(chromedp.CSS(`#sound`)), chromedp.Reload(), visible(`#create`))
	if on := eval[bool](t, tab, `document.querySelector('#sound').checked`); !on {
		t.Fatalf("sound is off after a reload; want it remembered on")
	}
	do(t, tab, 30*time.Second, "play Minerals against a bot",
		choose(`#game`, "minerals"),
		visible(`#opt-version`),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`))
	eval[bool](t, tab, `(window.sounds = [], window.addEventListener('minehall:sound', (e) => window.sounds.push(e.detail)), true)`)
	waitFor(t, tab, 10*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true' && document.querySelectorAll('#legal-moves option').length > 0`)
	eval[bool](t, tab, `(document.querySelector('#move-input').value = document.querySelector('#legal-moves option').value, document.querySelector('#move-input').form.requestSubmit(), true)`)
	waitFor(t, tab, 20*time.Second, "the your-turn chime once the bot has moved", `window.sounds.includes('turn')`)
}
