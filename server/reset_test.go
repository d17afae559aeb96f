package server_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"minehall/game"
	"minehall/server"
)

// newMailServer returns a server that mails through a local mailbox.
func newMailServer(t *testing.T) (*notifyServer, *mailbox) {
	t.Helper()
	mb := newMailbox(t)
	later := new(atomic.Int64)
	ns := newNotifyServer(t, server.Config{}, &server.MailerConfig{Addr: mb.addr, From: "Minehall <noreply@minehall.example>", TLS: server.MailTLSNone, DigestPoll: 20 * time.Millisecond,
		Retries: []time.Duration{10 * time.Millisecond, 10 * time.Millisecond, 10 * time.Millisecond},
		Now:     func() time.Time { return time.Now().Add(time.Duration(later.Load())) }})
	ns.later = later
	return ns, mb
}

// addVerifiedEmail gives b's account address, verified through the
// link mailed to it.
func addVerifiedEmail(t *testing.T, b *browser, mb *mailbox, address string) {
	t.Helper()
	if st, code := b.call("POST", "/api/account/email", map[string]any{"address": address, "lang": "de"}, nil); st != http.StatusOK {
		t.Fatalf("add address: %d %s %s", st, code, b.message)
	}
	m := mb.next(t)
	if len(m.To) != 1 || m.To[0] != address || !strings.Contains(m.Subject, "E-Mail-Adresse") {
		t.Fatalf("verification mail to %v, subject %q; want one to %s in German", m.To, m.Subject, address)
	}
	tok := m.token(t, "/verify-email")
	if st, code := newBrowser(t, b.base).call("POST", "/api/account/email/verify", map[string]any{"token": tok}, nil); st != http.StatusOK {
		t.Fatalf("verify: %d %s", st, code)
	}
}

// TestPasswordResetByMail: a verified address gets a reset link; the new
// password signs in, the old one no longer does, every session of the
// account is signed out, and the link works once.
func TestPasswordResetByMail(t *testing.T) {
	ns, mb := newMailServer(t)
	ann := newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	addVerifiedEmail(t, ann, mb, "ann@example.org")

	guest := newBrowser(t, ns.URL)
	if st, code := guest.call("POST", "/api/account/reset", map[string]any{"address": "Ann@Example.org", "lang": "en"}, nil); st != http.StatusOK {
		t.Fatalf("ask for a reset: %d %s %s", st, code, guest.message)
	}
	m := mb.next(t)
	if len(m.To) != 1 || m.To[0] != "ann@example.org" || m.Subject != "Set a new Minehall password" {
		t.Fatalf("reset mail to %v, subject %q; want one to ann@example.org", m.To, m.Subject)
	}
	tok := m.token(t, "/reset-password")
	if st, code := guest.call("POST", "/api/account/reset/finish", map[string]any{"token": tok, "password": "new staple horse"}, nil); st != http.StatusOK {
		t.Fatalf("reset: %d %s %s", st, code, guest.message)
	}
	if ann.signedIn() {
		t.Errorf("Ann's session is still signed in after the reset; want every session signed out")
	}
	if st, _ := guest.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, nil); st == http.StatusOK {
		t.Errorf("the old password still signs in")
	}
	if st, code := guest.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "new staple horse"}, nil); st != http.StatusOK {
		t.Errorf("the new password does not sign in: %d %s %s", st, code, guest.message)
	}
	other := newBrowser(t, ns.URL)
	if st, code := other.call("POST", "/api/account/reset/finish", map[string]any{"token": tok, "password": "third horse battery"}, nil); st != http.StatusNotFound || code != game.CodeNotFound {
		t.Errorf("the link used again: %d %s; want 404 not_found", st, code)
	}
}

// TestPasswordResetRefusals: an address no account has or that is not
// verified gets the same answer as a verified one and no mail; a flood is
// refused per address and per client; bad input changes nothing.
func TestPasswordResetRefusals(t *testing.T) {
	ns, mb := newMailServer(t)
	bo := newBrowser(t, ns.URL)
	bo.signUp("Bo", "battery staple")
	if st, code := bo.call("POST", "/api/account/email", map[string]any{"address": "bo@example.org"}, nil); st != http.StatusOK {
		t.Fatalf("add address: %d %s", st, code)
	}
	mb.next(t) // the verification mail, never followed

	guest := newBrowser(t, ns.URL)
	for _, address := range []string{"bo@example.org", "nobody@example.org"} {
		var out map[string]bool
		if st, code := guest.call("POST", "/api/account/reset", map[string]any{"address": address}, &out); st != http.StatusOK || !out["asked"] {
			t.Errorf("reset for %s: %d %s %v; want 200 {asked: true} as for any address", address, st, code, out)
		}
	}
	// The mailbox gets the next mail asked for, not one of those.
	cid := newBrowser(t, ns.URL)
	cid.signUp("Cid", "cider press house")
	addVerifiedEmail(t, cid, mb, "cid@example.org")

	for _, tc := range []struct {
		name string
		body map[string]any
		want game.Code
	}{
		{"no address", map[string]any{"address": ""}, game.CodeInvalid},
		{"not an address", map[string]any{"address": "bo at example"}, game.CodeInvalid},
	} {
		if _, code := guest.call("POST", "/api/account/reset", tc.body, nil); code != tc.want {
			t.Errorf("%s: got %q; want %q", tc.name, code, tc.want)
		}
	}
	for _, tc := range []struct {
		name, token, password string
		want                  game.Code
	}{
		{"unknown token", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "long enough pass", game.CodeNotFound},
		{"no token", "", "long enough pass", game.CodeNotFound},
		{"short password", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "short", game.CodeInvalid},
	} {
		if _, code := guest.call("POST", "/api/account/reset/finish", map[string]any{"token": tc.token, "password": tc.password}, nil); code != tc.want {
			t.Errorf("%s: got %q; want %q", tc.name, code, tc.want)
		}
	}
	// A flood: three mails an hour per address, whoever asks.
	flood := newBrowser(t, ns.URL)
	codes := []game.Code{}
	for range 4 {
		_, code := flood.call("POST", "/api/account/reset", map[string]any{"address": "victim@example.org"}, nil)
		codes = append(codes, code)
	}
	if codes[2] != "" || codes[3] != game.CodeLimit {
		t.Errorf("four resets for one address: codes %q; want the 4th refused with limit", codes)
	}
	// And at most ten an hour from one client, whatever the address (every
	// browser of this test is the client 127.0.0.1).
	var last game.Code
	for i := range 10 {
		_, last = flood.call("POST", "/api/account/reset", map[string]any{"address": "x" + string(rune('a'+i)) + "@example.org"}, nil)
	}
	if last != game.CodeLimit {
		t.Errorf("reset mails for ten more addresses from one client: last code %q; want limit", last)
	}
}

// TestResetLinkExpires: a reset link older than an hour is refused and
// spent.
func TestResetLinkExpires(t *testing.T) {
	ns, mb := newMailServer(t)
	ann := newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	addVerifiedEmail(t, ann, mb, "ann@example.org")
	if st, _ := ann.call("POST", "/api/account/reset", map[string]any{"address": "ann@example.org"}, nil); st != http.StatusOK {
		t.Fatalf("ask for a reset: %d", st)
	}
	tok := mb.next(t).token(t, "/reset-password")
	ns.later.Store(int64(time.Hour)) // the mailer's clock an hour on
	if st, code := ann.call("POST", "/api/account/reset/finish", map[string]any{"token": tok, "password": "new staple horse"}, nil); code != game.CodeNotFound {
		t.Errorf("an expired link: %d %s; want not_found", st, code)
	}
	if !strings.Contains(ann.message, "expired") {
		t.Errorf("an expired link's message %q; want it to say it expired", ann.message)
	}
}

// TestResetMailTriedAgain: a reset mail the SMTP server refuses for now
// (451) is sent again until it is taken; one it refuses for good (550) is
// not.
func TestResetMailTriedAgain(t *testing.T) {
	ns, mb := newMailServer(t)
	ann := newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	addVerifiedEmail(t, ann, mb, "ann@example.org")
	ask := func() {
		t.Helper()
		if st, code := newBrowser(t, ns.URL).call("POST", "/api/account/reset", map[string]any{"address": "ann@example.org", "lang": "en"}, nil); st != http.StatusOK {
			t.Fatalf("ask for a reset: %d %s", st, code)
		}
	}

	mb.refuseCode = 451
	mb.refuse.Store(2)
	before := mb.attempts.Load()
	ask()
	if m := mb.next(t); m.Subject != "Set a new Minehall password" {
		t.Fatalf("the mail that came: %q; want the reset", m.Subject)
	}
	if n := mb.attempts.Load() - before; n != 3 {
		t.Errorf("the mail was offered %d times; want 3: refused twice for now, then taken", n)
	}

	mb.refuseCode = 550
	mb.refuse.Store(1)
	before = mb.attempts.Load()
	ask()
	deadline := time.Now().Add(5 * time.Second)
	for mb.attempts.Load() == before && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // ten times the wait before a new attempt
	if n := mb.attempts.Load() - before; n != 1 {
		t.Errorf("a mail refused for good was offered %d times; want once", n)
	}
	select {
	case m := <-mb.mails:
		t.Errorf("a mail refused for good arrived: %q", m.Subject)
	default:
	}
}
