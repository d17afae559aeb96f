package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The screen-reader mode is a setting of the page's settings line, kept
// in the browser and, signed in, for the account: Ann turns it on in her
// laptop's browser after signing up; her phone's browser, where it was
// off, has it on once she signs in there; she turns it off on the phone
// and the laptop has it off when it opens a page again.
func TestScreenReaderModeFollowsTheAccount(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	browser := newBrowser(t)
	laptop, phone := newTab(t, browser, "laptop"), newTab(t, browser, "phone")
	do(t, laptop, 30*time.Second, "sign up on the laptop",
		chromedp.Navigate(s.URL+"/account"), visible(`#signup`),
		sendKeys(chromedp.CSS(`#signup-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signup-password`), "correct horse"),
		click(chromedp.CSS(`#signup`)),
		visible(`#sessions`))
	if on := eval[bool](t, laptop, `document.body.classList.contains('srmode') || document.getElementById('srmode').checked`); on {
		t.Fatalf("the mode is on before Ann turned it on")
	}
	do(t, laptop, 10*time.Second, "turn the mode on", click(chromedp.CSS(`#srmode`)))
	waitFor(t, laptop, 10*time.Second, "the mode on in the page", `document.body.classList.contains('srmode')`)
	waitFor(t, laptop, 10*time.Second, "the mode kept for the account",
		`(window.__pref ||= fetch('/api/account').then((r) => r.json()).then((a) => { window.__pref = null; window.__on = a.preferences.sr_mode; }), window.__on === true)`)

	do(t, phone, 30*time.Second, "open the lobby on the phone", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	if on := eval[bool](t, phone, `document.body.classList.contains('srmode')`); on {
		t.Fatalf("the phone's browser has the mode on before Ann signs in")
	}
	do(t, phone, 30*time.Second, "sign in on the phone",
		chromedp.Navigate(s.URL+"/account"), visible(`#signin`),
		sendKeys(chromedp.CSS(`#signin-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signin-password`), "correct horse"),
		click(chromedp.CSS(`#signin`)))
	waitFor(t, phone, 10*time.Second, "the mode on, and its box checked, on the phone", `document.body.classList.contains('srmode') && document.getElementById('srmode').checked`)

	do(t, phone, 10*time.Second, "turn the mode off on the phone", click(chromedp.CSS(`#srmode`)))
	waitFor(t, phone, 10*time.Second, "the mode off for the account",
		`(window.__pref ||= fetch('/api/account').then((r) => r.json()).then((a) => { window.__pref = null; window.__on = a.preferences.sr_mode; }), window.__on === false)`)
	do(t, laptop, 30*time.Second, "open the lobby on the laptop", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	waitFor(t, laptop, 10*time.Second, "the mode off on the laptop", `!document.body.classList.contains('srmode') && !document.getElementById('srmode').checked`)
}
