package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
)

// The account page's settings: the sessions of the account (this browser
// marked, another browser listed), "sign out everywhere else" signing the
// other browser out, a password change refused for a wrong current
// password and done with the right one, and deleting the account after
// the confirmation dialog, which frees its name. Screenshots at a
// desktop's and a phone's size.
func TestAccountSettings(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	browser := newBrowser(t)
	laptop, phone := newTab(t, browser, "laptop"), newTab(t, browser, "phone")
	do(t, laptop, 30*time.Second, "open the account page", chromedp.Navigate(s.URL+"/account"), visible(`#signup`))
	do(t, laptop, 10*time.Second, "sign up",
		sendKeys(chromedp.CSS(`#signup-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signup-password`), "correct horse"),
		click(chromedp.CSS(`#signup`)))
	// The account must exist before the phone signs in to it: under the
	// race detector the password's hash alone takes a second.
	waitFor(t, laptop, 15*time.Second, "the laptop signed up", `!!document.getElementById('my-profile')`)
	do(t, phone, 30*time.Second, "open the account page", chromedp.Navigate(s.URL+"/account"), visible(`#signin`))
	do(t, phone, 10*time.Second, "sign in",
		sendKeys(chromedp.CSS(`#signin-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signin-password`), "correct horse"),
		click(chromedp.CSS(`#signin`)))
	waitFor(t, phone, 10*time.Second, "the phone's settings", `document.querySelectorAll('#sessions li').length === 2`)
	do(t, laptop, 10*time.Second, "reload", chromedp.Navigate(s.URL+"/account"))
	waitFor(t, laptop, 10*time.Second, "two sessions listed", `document.querySelectorAll('#sessions li').length === 2`)
	if n := eval[int](t, laptop, `document.querySelectorAll('#sessions li.current').length`); n != 1 {
		t.Errorf("%d sessions marked as this browser; want 1", n)
	}
	shootPage(t, laptop, "account-settings")

	// The account page draws its sections again as each one loads: find
	// and act in one step.
	clickNow(t, laptop, "sign out everywhere else", `#signout-others`)
	waitFor(t, laptop, 10*time.Second, "one session left", `document.querySelectorAll('#sessions li').length === 1 && !!document.querySelector('#settings-note')`)
	if in := await[bool](t, phone, `fetch('/api/account').then(r => r.json()).then((a) => a.signed_in)`); in {
		t.Errorf("the phone after sign out everywhere else: GET /api/account says signed in; want a guest")
	}

	do(t, laptop, 10*time.Second, "a wrong current password", typeInto(`#current-password`, "wrong password"))
	do(t, laptop, 10*time.Second, "a new password", typeInto(`#new-password`, "battery staple"))
	clickNow(t, laptop, "a password change with a wrong current password", `#change-password`)
	waitFor(t, laptop, 10*time.Second, "the refusal", `!!document.querySelector('#settings-error')`)
	do(t, laptop, 10*time.Second, "the current password", typeInto(`#current-password`, "correct horse"))
	clickNow(t, laptop, "the password change", `#change-password`)
	waitFor(t, laptop, 10*time.Second, "the change done", `!!document.querySelector('#settings-note') && !document.querySelector('#settings-error')`)
	if a, err := s.store.AccountByName(context.Background(), "ann"); err != nil || a.PasswordHash == "" {
		t.Fatalf("Ann after the password change: %+v, %v", a, err)
	}

	do(t, laptop, 10*time.Second, "ask to delete the account",
		sendKeys(chromedp.CSS(`#delete-password`), "battery staple"),
		click(chromedp.CSS(`#delete-account`)),
		visible(`#delete-dialog`))
	shootPage(t, laptop, "account-delete-dialog")
	do(t, laptop, 10*time.Second, "confirm", click(chromedp.CSS(`#dialog-ok`)))
	waitFor(t, laptop, 10*time.Second, "the account gone and the sign-in forms back", `!!document.querySelector('#account-note') && !!document.querySelector('#signup')`)
	if _, err := s.store.AccountByName(context.Background(), "ann"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("Ann after deletion: %v; want not found", err)
	}
}
