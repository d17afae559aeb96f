package e2e

import (
	"context"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/emersion/go-smtp"

	"minehall/account"
	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// startMailSite is an account site that sends pushes and mails through
// an SMTP server of the test's; it returns the site and the bodies of the
// mails delivered.
func startMailSite(t *testing.T) (string, chan string) {
	t.Helper()
	bodies := make(chan string, 8)
	smtpSrv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &mailSession{bodies: bodies}, nil }))
	smtpSrv.Domain, smtpSrv.AllowInsecureAuth = "localhost", true
	sl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go smtpSrv.Serve(sl)
	t.Cleanup(func() { smtpSrv.Close() })

	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	db := sqlitetest.Open(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	n := server.NewNotifier(server.NotifierConfig{Store: db.Notifications(), Subscriber: "minehall@localhost", Logger: log})
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Finished: account.NewRecorder(db, db, reg, log).TableFinished, Notice: n.Notice})
	m, err := server.NewMailer(server.MailerConfig{Store: db.Notifications(), Addr: sl.Addr().String(), From: "noreply@minehall.example", TLS: server.MailTLSNone, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://localhost:" + strings.TrimPrefix(l.Addr().String(), "127.0.0.1:")
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Accounts: db, UI: clientWithIdleWorker(), Limits: &server.Limits{}, PasswordCost: account.MinCost,
		Notifier: n, Mailer: m, PublicURL: url})
	ts := &httptest.Server{Listener: l, Config: &http.Server{Handler: srv}}
	ts.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		ts.Close()
		hall.Close()
		db.Close()
	})
	return url, bodies
}

type mailSession struct {
	bodies chan string
}

func (*mailSession) Reset()                               {}
func (*mailSession) Logout() error                        { return nil }
func (*mailSession) Mail(string, *smtp.MailOptions) error { return nil }
func (*mailSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *mailSession) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	var body io.Reader = m.Body
	if strings.EqualFold(m.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(m.Body)
	}
	b, err := io.ReadAll(body)
	s.bodies <- string(b)
	return err
}

// mailedLink returns the link to page in the next mail.
func mailedLink(t *testing.T, bodies chan string, page string) string {
	t.Helper()
	select {
	case b := <-bodies:
		link := regexp.MustCompile(`https?://\S+` + regexp.QuoteMeta(page) + `\?token=[A-Za-z0-9_-]+`).FindString(b)
		if link == "" {
			t.Fatalf("mail %q has no link to %s", b, page)
		}
		return link
	case <-time.After(20 * time.Second):
		t.Fatalf("no mail arrived")
	}
	return ""
}

// TestEmailAndPasswordReset: a player adds an address on the account
// page and confirms it from the mailed link; signed out, "Forgot
// password?" mails a link whose page sets a new password, which then
// signs in. Screenshots of the account page's notifications at a
// desktop's and a phone's size.
func TestEmailAndPasswordReset(t *testing.T) {
	t.Parallel()
	url, bodies := startMailSite(t)
	tab := newTab(t, newBrowser(t), "ann")
	do(t, tab, 30*time.Second, "open the account page", chromedp.Navigate(url+"/account"), visible(`#signup`))
	do(t, tab, 10*time.Second, "sign up",
		sendKeys(chromedp.CSS(`#signup-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signup-password`), "correct horse"),
		click(chromedp.CSS(`#signup`)))
	waitFor(t, tab, 10*time.Second, "the notification settings", `!!document.querySelector('#email-form') && !!document.querySelector('#notify-kind-turn')`)
	// By keyboard: the page draws its sections again as each one loads,
	// keeping the focus on the box. The box is disabled while the server
	// answers, and gets the focus back.
	do(t, tab, 10*time.Second, "opt in to turns with Space", focusNow(`#notify-kind-turn`), chromedp.KeyEvent(" "))
	waitFor(t, tab, 10*time.Second, "the opt-in kept", `document.querySelector('#notify-kind-turn').checked && !document.querySelector('#notify-kind-turn').disabled`)
	focusIs(t, tab, "the opt-in", `#notify-kind-turn`)
	do(t, tab, 10*time.Second, "add an address", typeInto(`#email-address`, "ann@example.org"))
	clickNow(t, tab, "save the address", `#email-save`)
	waitFor(t, tab, 10*time.Second, "the note that a link is on its way", `!!document.querySelector('#notify-note') && !!document.querySelector('#email-state')`)
	do(t, tab, 30*time.Second, "follow the confirmation link", chromedp.Navigate(mailedLink(t, bodies, "/verify-email")), visible(`#verify-done`))
	do(t, tab, 30*time.Second, "back to the account page", chromedp.Navigate(url+"/account"), visible(`#email-digest`))
	if on := eval[bool](t, tab, `document.querySelector('#notify-kind-turn').checked`); !on {
		t.Errorf("the turn opt-in after a reload is off; want on")
	}
	eval[bool](t, tab, `(() => { document.querySelector('#notify-settings').scrollIntoView(); return true; })()`)
	shootPage(t, tab, "account-notifications")

	clickNow(t, tab, "sign out", `#signout`)
	do(t, tab, 10*time.Second, "wait for the sign-in form", visible(`#forgot`))
	do(t, tab, 10*time.Second, "forgot password",
		click(chromedp.CSS(`#forgot summary`)),
		sendKeys(chromedp.CSS(`#forgot-address`), "ann@example.org"))
	shootPage(t, tab, "account-forgot")
	do(t, tab, 10*time.Second, "ask for the link", click(chromedp.CSS(`#forgot-send`)), visible(`#account-note`))
	do(t, tab, 30*time.Second, "follow the reset link", chromedp.Navigate(mailedLink(t, bodies, "/reset-password")), visible(`#reset-form`))
	shootPage(t, tab, "reset-password")
	// A password too short, sent with Enter, is refused: the field keeps it
	// and the focus, to mend it.
	do(t, tab, 10*time.Second, "a password too short, Enter", sendKeys(chromedp.CSS(`#reset-password`), "abc"+kb.Enter), visible(`#reset-error`))
	focusIs(t, tab, "a refused password", `#reset-password`)
	do(t, tab, 10*time.Second, "set a new password",
		typeInto(`#reset-password`, ""),
		sendKeys(chromedp.CSS(`#reset-password`), "battery staple"),
		click(chromedp.CSS(`#reset-submit`)), visible(`#reset-done`))
	do(t, tab, 30*time.Second, "sign in with it", click(chromedp.CSS(`#to-signin`)), visible(`#signin`),
		sendKeys(chromedp.CSS(`#signin-name`), "Ann"),
		sendKeys(chromedp.CSS(`#signin-password`), "battery staple"),
		click(chromedp.CSS(`#signin`)), visible(`#signout`))
}
