package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// "Sign up and sign in with a passkey": a player signs up with a passkey
// (Chromium's virtual authenticator: ctap2, internal, resident keys, user
// verification), signs out, and signs in with it again; a replayed
// assertion is refused ("sessions for a webauthn ceremony are single-use").
func TestAccountPasskey(t *testing.T) {
	t.Parallel()
	s := startAccountSite(t)
	tab := newTab(t, newBrowser(t), "passkey")
	addAuthenticator(t, tab)
	// "the lobby form offers "rated" only to signed-in players and says why
	// it is off".
	do(t, tab, 30*time.Second, "open the lobby as a guest", chromedp.Navigate(s.URL+"/"), visible(`#rated`))
	if off := eval[bool](t, tab, `document.getElementById('rated').disabled`); !off {
		t.Errorf("a guest may tick rated")
	}
	if why := eval[string](t, tab, `document.getElementById('rated-help').textContent`); why != "Sign in to play rated tables." {
		t.Errorf("the rated choice says %q; want why it is off", why)
	}
	shootPage(t, tab, "lobby-guest")
	do(t, tab, 30*time.Second, "open the account page", chromedp.Navigate(s.URL+"/account"), visible(`#passkey-signup`))
	if got := eval[string](t, tab, `document.getElementById('nav-account').textContent`); got != "Sign in" {
		t.Errorf("the header's account link reads %q; want Sign in", got)
	}
	shootPage(t, tab, "signin")
	do(t, tab, 10*time.Second, "sign up with a passkey",
		sendKeys(chromedp.CSS(`#signup-name`), "Ann"),
		click(chromedp.CSS(`#passkey-signup`)))
	waitFor(t, tab, 15*time.Second, "signed in after the sign-up", `!!document.getElementById('my-profile')`)
	if got := eval[string](t, tab, `document.getElementById('nav-account').textContent`); got != "Ann" {
		t.Errorf("the header's account link reads %q; want Ann", got)
	}
	if n := eval[bool](t, tab, `document.cookie.includes('minehall_session')`); n {
		t.Errorf("the session cookie is readable by the page; it must be HttpOnly")
	}
	// The page draws its settings once their module has loaded: the
	// button is found and clicked in one step.
	clickNow(t, tab, "sign out", `#signout`)
	waitFor(t, tab, 10*time.Second, "signed out", `!!document.getElementById('passkey-signin')`)
	// Keep what the page sends to finish the sign-in, to send it again.
	eval[bool](t, tab, `(() => { const f = window.fetch; window.fetch = (u, o) => { if (String(u).includes('/passkey/signin/finish')) window.lastFinish = { u: String(u), body: o.body }; return f(u, o); }; return true; })()`)
	do(t, tab, 10*time.Second, "sign in with the passkey", click(chromedp.CSS(`#passkey-signin`)))
	waitFor(t, tab, 15*time.Second, "signed in with the passkey", `!!document.getElementById('my-profile')`)
	if got := eval[string](t, tab, `document.getElementById('acct-h').textContent`); got != "Signed in as Ann" {
		t.Errorf("the account page reads %q; want Signed in as Ann", got)
	}
	status := await[float64](t, tab, `fetch(window.lastFinish.u, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: window.lastFinish.body }).then((r) => r.status)`)
	if status != 401 {
		t.Errorf("a replayed passkey assertion: status %v; want 401", status)
	}
	count, err := s.store.Credentials(t.Context(), await[string](t, tab, `fetch('/api/account').then((r) => r.json()).then((a) => a.id)`))
	if err != nil || len(count) != 1 {
		t.Errorf("stored passkeys: %d, %v; want 1", len(count), err)
	}
}
