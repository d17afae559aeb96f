package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A server that keeps no accounts (its store has none) says so on every
// page that needs them, in the player's language, with the way back to the
// lobby, instead of offering a sign-in that cannot work or showing the
// API's refusal; the header offers no sign-in.
func TestNoAccountsPagesSaySo(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "guest")
	for _, path := range []string{"/account", "/leaderboard/minerals", "/players/Ann"} {
		do(t, tab, 30*time.Second, "open "+path, chromedp.Navigate(s.URL+path))
		waitFor(t, tab, 10*time.Second, path+" says the server keeps no accounts",
			`document.querySelector('#no-accounts')?.textContent.startsWith('This server keeps no accounts')`)
		if n := eval[int](t, tab, `document.querySelectorAll('main form, main input, main .error').length`); n != 0 {
			t.Errorf("%s shows %d forms, fields or errors beside the notice; want none", path, n)
		}
		if !eval[bool](t, tab, `document.getElementById('nav-account').hidden`) {
			t.Errorf("%s: the header offers a sign-in", path)
		}
	}
	do(t, tab, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	waitFor(t, tab, 10*time.Second, "the notice in German", `document.querySelector('#no-accounts')?.textContent.startsWith('Dieser Server führt keine Konten')`)
	keepShots(t, tab, "no-accounts")
	do(t, tab, 10*time.Second, "back to the lobby", click(chromedp.CSS(`#no-accounts a`)), visible(`#create`))
}
