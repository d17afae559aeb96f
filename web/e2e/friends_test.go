package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/server"
	"minehall/store/sqlite"
	"minehall/table"
)

// startFriendsSite starts a site that keeps accounts, with the games of
// the table tests (Minerals among them), whose live channels read the
// store every 200 ms.
func startFriendsSite(t *testing.T) string {
	t.Helper()
	return startSiteWithAccounts(t, siteGames(), func(cfg *server.Config, _ *sqlite.DB, _ *table.Hall) {
		cfg.LivePoll = 200 * time.Millisecond
	}, nil).URL
}

// signUpIn signs a new account up on the account page of tab.
func signUpIn(t *testing.T, tab context.Context, base, name string) {
	t.Helper()
	do(t, tab, 30*time.Second, name+" opens the account page", chromedp.Navigate(base+"/account"), visible(`#signup`))
	do(t, tab, 10*time.Second, name+" signs up",
		sendKeys(chromedp.CSS(`#signup-name`), name),
		sendKeys(chromedp.CSS(`#signup-password`), "correct horse "+name),
		click(chromedp.CSS(`#signup`)))
	waitFor(t, tab, 15*time.Second, name+" signed in", `!!document.getElementById('my-profile') && !document.getElementById('nav-friends').hidden`)
}

// follow opens name's profile in tab and presses Enter on Follow, which
// gives way to Unfollow with the focus.
func follow(t *testing.T, tab context.Context, base, name string) {
	t.Helper()
	do(t, tab, 30*time.Second, "open "+name+"'s profile", chromedp.Navigate(base+"/players/"+name), visible(`#follow`))
	do(t, tab, 10*time.Second, "follow "+name, focusNow(`#follow`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 10*time.Second, "following "+name, `!!document.getElementById('unfollow')`)
	focusIs(t, tab, "Follow", `#unfollow`)
}

// "Two accounts in Chromium befriend (follow each other), one challenges,
// the other sees it live and accepts, they play." Ann and Bob follow each
// other from their profiles; Bob sees Ann as a friend, online, on his
// friends page; Ann challenges Bob to Minerals from his profile; the
// challenge pops up on the lobby Bob has open; he accepts, both land at
// their table and each makes two moves by clicks. A second challenge,
// from Ann's friends list, Bob declines at the table, and Ann is told.
// axe-core finds no
// violation on the profile, the form, the arrived challenge and the
// friends page.
func TestFriendsChallengeAndPlay(t *testing.T) {
	t.Parallel()
	base := startFriendsSite(t)
	source := axeSource(t)
	axe := func(tab context.Context, name string) {
		t.Helper()
		for _, v := range runAxe(t, tab, source) {
			t.Errorf("%s: %s", name, v)
		}
	}
	browser := newBrowser(t)
	ann := newTab(t, browser, "ann")
	bob := newTab(t, browser, "bob")
	signUpIn(t, ann, base, "Ann")
	signUpIn(t, bob, base, "Bob")

	do(t, ann, 30*time.Second, "Ann's own profile links to her friends", chromedp.Navigate(base+"/players/Ann"), visible(`#my-friends`))
	follow(t, ann, base, "Bob")
	follow(t, bob, base, "Ann")
	waitFor(t, bob, 10*time.Second, "Ann shown as a friend on her profile", `document.querySelector('.relation-bar .tag')?.textContent === 'friend'`)
	shootPage(t, bob, "friends-profile")
	axe(bob, "a profile with Follow, Challenge and Block")

	do(t, bob, 30*time.Second, "Bob opens his friends page by the header", click(chromedp.CSS(`#nav-friends`)),
		visible(`#following-h`))
	waitFor(t, bob, 10*time.Second, "Ann a friend and online in Bob's list",
		`(() => { const li = document.querySelector('#following-h-s li[data-name="Ann"]'); return !!li && li.textContent.includes('friend') && !!li.querySelector('.presence.on'); })()`)

	// Ann challenges Bob from his profile while Bob has the lobby open.
	do(t, bob, 30*time.Second, "Bob opens the lobby", chromedp.Navigate(base+"/"), visible(`#create`))
	do(t, ann, 30*time.Second, "Ann opens Bob's profile", chromedp.Navigate(base+"/players/Bob"), visible(`#challenge`))
	do(t, ann, 10*time.Second, "Ann opens the challenge form", click(chromedp.CSS(`#challenge`)), visible(`#ch-game`))
	// The arrow keys go through the games, the form drawn again for each,
	// the focus kept on the list of games.
	before := eval[string](t, ann, `document.getElementById('ch-game').value`)
	do(t, ann, 10*time.Second, "↓ on the game", focusNow(`#ch-game`), chromedp.KeyEvent(kb.ArrowDown))
	waitFor(t, ann, 5*time.Second, "the next game chosen", fmt.Sprintf(`document.getElementById('ch-game').value !== %q`, before))
	focusIs(t, ann, "↓ on the game", `#ch-game`)
	do(t, ann, 10*time.Second, "Minerals, normal time", choose(`#ch-game`, "minerals"))
	shootPage(t, ann, "friends-challenge-form")
	axe(ann, "the challenge form")
	do(t, ann, 10*time.Second, "send the challenge", click(chromedp.CSS(`#ch-send`)))
	waitFor(t, ann, 10*time.Second, "the challenge sent", `document.querySelector('.live-dock .toast')?.textContent === 'Challenge sent to Bob.'`)

	waitFor(t, bob, 15*time.Second, "the challenge arrives live on Bob's lobby",
		`document.querySelector('.challenge-box h2')?.textContent === 'Ann challenges you' && document.querySelector('.challenge-box p').textContent.startsWith('Minerals')`)
	shootPage(t, bob, "friends-challenge-arrives")
	landscape(t, bob, "the challenge arrived on the lobby")
	axe(bob, "the challenge arrived on the lobby")
	do(t, bob, 10*time.Second, "Bob accepts", click(chromedp.CSS(`.challenge-box .accept`)))

	// Both are taken to the table, seated, and it starts.
	for _, p := range []struct {
		name string
		tab  context.Context
	}{{"Ann", ann}, {"Bob", bob}} {
		waitFor(t, p.tab, 20*time.Second, p.name+" at the table, seated, playing",
			`location.pathname.startsWith('/tables/') && !!localStorage.getItem('minehall.seat.' + location.pathname.slice(8)) && document.getElementById('main').dataset.status === 'playing'`)
	}
	annTable := eval[string](t, ann, `location.pathname`)
	if bobTable := eval[string](t, bob, `location.pathname`); bobTable != annTable {
		t.Fatalf("Ann is at %s, Bob at %s; want the same table", annTable, bobTable)
	}

	// Two moves each, by clicks, whoever starts.
	for move := 1; move <= 4; move++ {
		waitFor(t, ann, 20*time.Second, fmt.Sprintf("move %d: someone's turn", move),
			`document.getElementById('main').dataset.n === '`+fmt.Sprint(move-1)+`'`)
		tab, who := ann, "Ann"
		waitFor(t, bob, 20*time.Second, "Bob's page up to date", `document.getElementById('main').dataset.n === '`+fmt.Sprint(move-1)+`'`)
		if eval[string](t, bob, `document.getElementById('main').dataset.myTurn`) == "true" {
			tab, who = bob, "Bob"
		}
		waitFor(t, tab, 20*time.Second, who+"'s move "+fmt.Sprint(move)+" offered", `(`+nextClick+`) !== ''`)
		for {
			key := eval[string](t, tab, nextClick)
			if key == "" || eval[string](t, tab, `document.getElementById('main').dataset.n`) != fmt.Sprint(move-1) {
				break
			}
			sel := fmt.Sprintf(`#board [data-key=%q]`, key)
			do(t, tab, 10*time.Second, who+" clicks "+key, revealOnBoard(sel), click(chromedp.CSS(sel)))
			if key == "pawn" {
				waitFor(t, tab, 5*time.Second, "destinations highlighted", `document.querySelectorAll('#board .hex.legal').length > 0`)
				continue
			}
			waitFor(t, tab, 10*time.Second, who+"'s move applied", `document.getElementById('main').dataset.n !== '`+fmt.Sprint(move-1)+`'`)
		}
	}
	waitFor(t, ann, 10*time.Second, "four moves in Ann's log", `document.querySelectorAll('#log li').length >= 4`)
	if log := eval[string](t, bob, `document.getElementById('log').textContent`); !strings.Contains(log, "Ann") || !strings.Contains(log, "Bob") {
		t.Errorf("Bob's log %q; want moves by Ann and Bob", log)
	}

	// The friends page after the game began: nothing waits.
	do(t, ann, 30*time.Second, "Ann opens her friends page", chromedp.Navigate(base+"/friends"), visible(`#incoming-h`))
	waitFor(t, ann, 10*time.Second, "no open challenge", `document.querySelector('#outgoing-h-s').textContent.includes('You have no open challenge.')`)
	shootPage(t, ann, "friends-page")
	landscape(t, ann, "the friends page")
	axe(ann, "the friends page")

	// Ann challenges Bob again from her list; Bob, at their table,
	// declines, and Ann is told.
	do(t, ann, 10*time.Second, "Ann challenges Bob from her list", click(chromedp.CSS(`#following-h-s li[data-name="Bob"] button`)),
		visible(`#ch-send`), click(chromedp.CSS(`#ch-send`)))
	waitFor(t, bob, 15*time.Second, "the challenge arrives at Bob's table", `document.querySelector('.challenge-box h2')?.textContent === 'Ann challenges you'`)
	do(t, bob, 10*time.Second, "Bob declines", click(chromedp.CSS(`.challenge-box .decline`)))
	waitFor(t, ann, 15*time.Second, "Ann told of the decline", `[...document.querySelectorAll('.live-dock .toast')].some((e) => e.textContent === 'Bob declined your challenge.')`)
	// Bob's box goes when his decline is answered, which may come a moment
	// after the server has told Ann.
	waitFor(t, bob, 5*time.Second, "no challenge left on Bob's page after he declined", `document.querySelectorAll('.challenge-box').length === 0`)

	// Ann challenges Bob once more and cancels it on her friends page by
	// keyboard: the row goes, the focus to the list's heading.
	do(t, ann, 10*time.Second, "Ann challenges Bob from her list again", click(chromedp.CSS(`#following-h-s li[data-name="Bob"] button`)),
		visible(`#ch-send`), click(chromedp.CSS(`#ch-send`)))
	do(t, ann, 30*time.Second, "Ann's friends page again", chromedp.Reload(), visible(`#outgoing-h-s li[data-challenge] button`))
	do(t, ann, 10*time.Second, "Enter on Cancel", focusNow(`#outgoing-h-s li[data-challenge] button`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ann, 10*time.Second, "the challenge cancelled", `!document.querySelector('#outgoing-h-s li[data-challenge]')`)
	focusIs(t, ann, "a cancelled challenge", `#outgoing-h`)

	// In German, on a phone.
	do(t, ann, 30*time.Second, "German", chromedp.Evaluate[chromedp.Void](`localStorage.setItem('minehall.lang', 'de')`), chromedp.Reload(),
		visible(`#incoming-h`))
	waitFor(t, ann, 10*time.Second, "the page in German", `document.querySelector('#incoming-h').textContent === 'Herausforderungen an dich'`)
	shootPage(t, ann, "friends-page-de")
}

// landscape checks that the tab's page does not scroll sideways on a
// phone on its side (844×390), and keeps a screenshot of it with the
// others.
func landscape(t *testing.T, tab context.Context, name string) {
	t.Helper()
	do(t, tab, 10*time.Second, "turn the phone", chromedp.EmulateViewport(844, 390))
	time.Sleep(200 * time.Millisecond)
	if wide := eval[bool](t, tab, `document.documentElement.scrollWidth > innerWidth + 1`); wide {
		t.Errorf("%s at 844x390 scrolls sideways (%v > 844)", name, eval[float64](t, tab, `document.documentElement.scrollWidth`))
	}
	if box := eval[bool](t, tab, `(() => { const b = document.querySelector('.live-dock')?.getBoundingClientRect(); return !b || (b.right <= innerWidth && b.bottom <= innerHeight && b.top >= 0); })()`); !box {
		t.Errorf("%s at 844x390: the challenges' corner does not fit the screen", name)
	}
	if dir := shotDir(); dir != "" {
		c, cancel := context.WithTimeout(tab, 10*time.Second)
		png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
		cancel()
		if err == nil {
			os.WriteFile(filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+"-844x390.png"), png, 0o644)
		}
	}
	do(t, tab, 10*time.Second, "size the screen back", screenSize(1200, 900))
}
