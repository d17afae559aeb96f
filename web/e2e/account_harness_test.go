package e2e

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"

	"minehall/account"
	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/hammertime"
	"minehall/puzzle"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// accountSite is a server that keeps accounts and rates finished tables,
// as `minehall serve` wires it ([startSiteWithAccounts]).
type accountSite struct {
	URL   string
	store *sqlite.DB
	hall  *table.Hall
}

// startAccountSite serves the site with accounts and the puzzles, with
// Goofspiel (the kit's quickest game to finish: three bids each), Connect
// Four and Hammer Time (whose options have rulebook settings). Its URL
// names localhost, not 127.0.0.1: an IP address cannot be a passkey's
// relying party.
func startAccountSite(t *testing.T) *accountSite {
	t.Helper()
	reg := &game.Registry{}
	reg.Register(gametest.Goofspiel())
	reg.Register(gametest.ConnectFour())
	reg.Register(hammertime.New())
	s := startSiteWithAccounts(t, reg, func(cfg *server.Config, db *sqlite.DB, _ *table.Hall) {
		cfg.Puzzles = &puzzle.Service{Store: db}
	}, nil)
	s.URL = strings.Replace(s.URL, "127.0.0.1", "localhost", 1)
	return s
}

// startSiteWithAccounts serves the site on reg's games as `minehall serve` wires it
// with accounts: a fresh SQLite store, a hall whose finished tables the
// accounts' recorder rates, and the server with the web client. more
// (when not nil) adds what a test needs to the server's config; wrap
// (when not nil) serves the server inside a handler of its own. All of it
// is shut down when the test ends.
func startSiteWithAccounts(t *testing.T, reg *game.Registry, more func(*server.Config, *sqlite.DB, *table.Hall), wrap func(*server.Server) http.Handler) *accountSite {
	t.Helper()
	db := sqlitetest.Open(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rec := account.NewRecorder(db, db, reg, log)
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Finished: rec.TableFinished})
	cfg := server.Config{Registry: reg, Hall: hall, Logger: log, Accounts: db, UI: clientWithIdleWorker(), Limits: &server.Limits{}, PasswordCost: account.MinCost}
	if more != nil {
		more(&cfg, db, hall)
	}
	srv := server.New(cfg)
	var h http.Handler = srv
	if wrap != nil {
		h = wrap(srv)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		ts.Close()
		hall.Close()
		db.Close()
	})
	return &accountSite{URL: ts.URL, store: db, hall: hall}
}

// addAuthenticator gives the tab a virtual platform authenticator that
// keeps passkeys and verifies its user at once, as a phone's or laptop's
// does.
func addAuthenticator(t *testing.T, tab context.Context) {
	t.Helper()
	do(t, tab, 10*time.Second, "add a virtual authenticator", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{
			Options: &webauthn.VirtualAuthenticatorOptions{
				Protocol: webauthn.AuthenticatorProtocolCtap2, Transport: webauthn.AuthenticatorTransportInternal,
				HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true,
			}})
		return err
	}))
}

// shotDir is where the account pages' screenshots go, for people to look
// at; MINEHALL_ACCOUNT_SHOTS names it, and without it none are written.
func shotDir() string { return os.Getenv("MINEHALL_ACCOUNT_SHOTS") }

// shootPage saves screenshots of the tab's page at a desktop's size and a
// phone's, upright and on its side, and checks that the page does not
// scroll sideways at any of them.
func shootPage(t *testing.T, tab context.Context, name string) {
	t.Helper()
	for _, sc := range []struct {
		size string
		w, h int64
	}{{"1280x900", 1280, 900}, {"390x844", 390, 844}, {"844x390", 844, 390}} {
		do(t, tab, 10*time.Second, "size the screen", screenSize(sc.w, sc.h))
		time.Sleep(200 * time.Millisecond)
		if wide := eval[bool](t, tab, `document.documentElement.scrollWidth > innerWidth + 1`); wide {
			t.Errorf("%s at %s scrolls sideways (%v > %v)", name, sc.size, eval[float64](t, tab, `document.documentElement.scrollWidth`), sc.w)
		}
		if dir := shotDir(); dir != "" {
			c, cancel := context.WithTimeout(tab, 10*time.Second)
			png, err := chromedp.Run(c, fullShot(100))
			cancel()
			if err != nil {
				t.Fatalf("screenshot %s: %v", name, err)
			}
			os.MkdirAll(dir, 0o755)
			os.WriteFile(filepath.Join(dir, name+"-"+sc.size+".png"), png, 0o644)
		}
	}
	do(t, tab, 10*time.Second, "size the screen back", screenSize(1200, 900))
}

// await evaluates a JavaScript expression whose value is a promise and
// returns what it resolves to.
func await[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}
