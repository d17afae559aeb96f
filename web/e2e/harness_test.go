package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/minerals"
	"minehall/games/tf22"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
	"minehall/tutorial"
	"minehall/web"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// site is a running server with the web client.
type site struct {
	URL   string
	hall  *table.Hall
	store *sqlite.DB // the tables and their action logs, for tests that read a game's state
}

// startSite starts the server on 127.0.0.1:0 with a temporary SQLite store,
// Minerals, Connect Four and Out of Mine (its bots at a multiple of their
// human pace, see quickOutOfMine), Hammer Time (quick bots, see
// quickHammerTime), TF22 Mine, turn-based bots that play at once, and the
// web client at /. Each of extra may add handlers to the site's mux before
// it serves (more specific patterns than /api/ and /ws/ win); api is the
// server, for requests such a handler passes on.
func startSite(t testing.TB, extra ...func(mux *http.ServeMux, api http.Handler)) *site {
	t.Helper()
	return startSiteOf(t, siteGames(), extra...)
}

// startSiteOf is startSite with the games of reg.
func startSiteOf(t testing.TB, reg *game.Registry, extra ...func(mux *http.ServeMux, api http.Handler)) *site {
	t.Helper()
	db := sqlitetest.Open(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	tutorials := siteTutorials(t)
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Tutorials: tutorials})
	s := &site{hall: hall, store: db}
	mux := http.NewServeMux()
	mux.Handle("/api/", srv)
	mux.Handle("/ws/", srv)
	mux.Handle("/healthz", srv)
	mux.Handle("/", clientWithIdleWorker())
	for _, add := range extra {
		add(mux, srv)
	}
	ts := httptest.NewServer(mux)
	s.URL = ts.URL
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		ts.Close()
		hall.Close()
		db.Close()
	})
	return s
}

// idleWorker is the service worker the test sites serve: it keeps
// nothing and handles no request.
const idleWorker = "// The test sites' service worker: it keeps nothing and handles no request.\n"

// clientWithIdleWorker is the web client with idleWorker at /sw.js. The
// client's own worker, in each fresh browser context (each test's
// person: over a hundred of them), fetches all the site's assets for its
// cache as it installs, then passes every request of the page through
// its script. TestInstallableAndOffline serves the client's own worker
// (realWorker), and web's handler tests check what it is served with.
func clientWithIdleWorker() http.Handler {
	ui := web.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/sw.js" {
			ui.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		io.WriteString(w, idleWorker)
	})
}

// realWorker is an extra for startSite: the client's own service worker
// at /sw.js instead of idleWorker.
func realWorker(mux *http.ServeMux, _ http.Handler) {
	mux.Handle("/sw.js", web.Handler())
}

// siteTutorials returns the tutorials of the test sites' games, loaded
// and checked against the engines once for all the tests: a set is only
// read, by every request of a server as by every server of the tests.
func siteTutorials(t testing.TB) *tutorial.Set {
	t.Helper()
	set, err := loadSiteTutorials()
	if err != nil {
		t.Fatalf("tutorial.Load: %v", err)
	}
	return set
}

var loadSiteTutorials = sync.OnceValues(func() (*tutorial.Set, error) { return tutorial.Load(siteGames()) })

// siteGames returns the games of the test sites: Minerals, Connect Four,
// the quick Out of Mine and Hammer Time, and TF22 Mine.
func siteGames() *game.Registry { return siteGamesAt(botSpeedup) }

// siteGamesAt is siteGames with Out of Mine's bots oomSpeedup times faster
// than a person.
func siteGamesAt(oomSpeedup int) *game.Registry {
	reg := &game.Registry{}
	reg.Register(minerals.New())
	reg.Register(gametest.ConnectFour())
	reg.Register(quickOutOfMineAt(oomSpeedup))
	reg.Register(quickHammerTime())
	reg.Register(tf22.New())
	return reg
}

// newBrowser returns a context for the first tab of a fresh browser
// context (its own cookies, storage and cache, as a person on another
// computer) in the package's one headless Chromium, started on first use
// (see chromium). The context and its tabs are closed when the test ends.
// A failing test saves a screenshot of every tab made by newTab.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	b, err := chromium()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(b, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open a browser context: %v", err)
	}
	return ctx
}

// browserProcess is the headless Chromium that every test's browser
// contexts live in. Starting one costs about 1.3 s of CPU, and the
// tests start over a hundred browser contexts, so they share it; each
// context is as separate as a browser of its own.
var browserProcess struct {
	once  sync.Once
	ctx   context.Context // its first tab, kept open while the tests run
	close func()          // ends it and removes its profile
	err   error
}

// chromium starts the shared browser on first use and returns its first
// tab's context.
func chromium() (context.Context, error) {
	bp := &browserProcess
	bp.once.Do(func() {
		dir, err := os.MkdirTemp("", "minehall-e2e-chromium-")
		if err != nil {
			bp.err = err
			return
		}
		ctx, closeIt, err := startChromium(dir)
		if err != nil {
			os.RemoveAll(dir)
			bp.err = err
			return
		}
		bp.ctx, bp.close = ctx, func() { closeIt(); os.RemoveAll(dir) }
	})
	return bp.ctx, bp.err
}

// newOwnBrowser starts a headless Chromium of the test's own, with a fresh
// profile, and returns its first tab, in the browser's default context:
// for what a browser context of the shared one is not (Chromium counts
// such a context as incognito, where no app is installable). A failing
// test saves a screenshot of every tab made by newTab.
func newOwnBrowser(t testing.TB) context.Context {
	t.Helper()
	ctx, closeIt, err := startChromium(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeIt)
	return ctx
}

// startChromium starts headless Chromium with the profile dataDir and
// returns its first tab's context and a function that ends the browser.
func startChromium(dataDir string) (context.Context, func(), error) {
	if _, err := os.Stat(chromiumPath); err != nil {
		return nil, nil, fmt.Errorf("Chromium is needed at %s (apt-get install -y chromium): %w", chromiumPath, err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(dataDir),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Chromium's headless browser still loads the address bar's
		// suggestion popups (chrome://omnibox-popup.top-chrome) in a
		// renderer of their own, which no page of ours shows: a fifth of
		// the browsers' CPU time in these tests.
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
		// A page's endless animations (a tutorial's pulsing target, a
		// selectable pawn, Out of Mine's ready button) have the browser
		// paint 60 frames a second for as long as the page is open: most
		// of a tutorial page's CPU once it has loaded. Every page is
		// opened as for a person who asks for less motion, which the
		// client honours (app.css); a test of an animation asks for
		// motion in its tab (withMotion).
		chromedp.Flag("force-prefers-reduced-motion", true),
		chromedp.WindowSize(1200, 900),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	closeIt := func() { cancel(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil {
		closeIt()
		return nil, nil, fmt.Errorf("start Chromium: %w", err)
	}
	return ctx, closeIt, nil
}

// withMotion has tab's pages play their animations, as for a person who
// does not ask for less motion (the browser's default in these tests; see
// startChromium), and fails the test if the page does not then see it so.
func withMotion(t *testing.T, tab context.Context) {
	t.Helper()
	do(t, tab, 10*time.Second, "ask for motion", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "no-preference"}}})
		return err
	}))
	if eval[bool](t, tab, `matchMedia('(prefers-reduced-motion: reduce)').matches`) {
		t.Fatal("the page still asks for reduced motion after withMotion")
	}
}

// closeChromium ends the shared browser, if it was started, and removes
// its profile.
func closeChromium() {
	bp := &browserProcess
	if bp.close != nil {
		bp.close()
	}
}

// newTab returns a tab of the browser with its own storage (a separate
// browser context), as a second person on another computer.
func newTab(t testing.TB, browser context.Context, name string) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(func() {
		if t.Failed() {
			screenshot(t, ctx, name)
		}
		cancel()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("open tab %s: %v", name, err)
	}
	return ctx
}

// fullShot is chromedp.FullScreenshot of the page as its screen shows it.
// To capture beyond the screen, Chromium lays the page out at its whole
// height for a moment, and meanwhile its scripts read a window 1 px high
// (Chromium 156): a table on a phone sizes its stage from
// window.innerHeight, and when its scripts ran before the capture was
// made, the shot showed the stage at its least. The window's height the
// scripts read is held at the screen's through the capture.
func fullShot(quality int) chromedp.Action[[]byte] {
	const hold = `(() => {
  const h = window.innerHeight;
  window.__heldHeight = Object.getOwnPropertyDescriptor(window, 'innerHeight') || null;
  Object.defineProperty(window, 'innerHeight', { get: () => h, configurable: true });
})()`
	const release = `(() => {
  const d = window.__heldHeight;
  delete window.__heldHeight;
  if (d) Object.defineProperty(window, 'innerHeight', d); else delete window.innerHeight;
})()`
	return func(ctx context.Context, target *chromedp.Target) ([]byte, error) {
		// A page too busy to hold its height is still shot: a golden
		// shot of it then fails on its pixels, and a failing test's
		// screenshot shows it as it is.
		_, held := chromedp.Evaluate[chromedp.Void](hold)(ctx, target)
		shot, err := chromedp.FullScreenshot(quality)(ctx, target)
		if held == nil {
			chromedp.Evaluate[chromedp.Void](release)(ctx, target)
		}
		return shot, err
	}
}

// screenshot saves the tab's page as a PNG in a temporary directory that
// outlives the test and logs its path.
func screenshot(t testing.TB, ctx context.Context, name string) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(sctx, fullShot(90))
	if err != nil {
		t.Logf("screenshot of %s failed: %v", name, err)
		return
	}
	dir, err := os.MkdirTemp("", "minehall-e2e-")
	if err != nil {
		t.Logf("screenshot of %s: %v", name, err)
		return
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%s.png", filepath.Base(t.Name()), name))
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Logf("screenshot of %s: %v", name, err)
		return
	}
	t.Logf("screenshot of %s saved to %s", name, path)
}

// focusIs fails the test unless the element with the keyboard focus
// matches sel: a control used by keyboard keeps the focus when the page
// draws it again, so that the person goes on from where they were.
func focusIs(t *testing.T, tab context.Context, after, sel string) {
	t.Helper()
	if !eval[bool](t, tab, fmt.Sprintf(`!!document.activeElement?.matches?.(%q)`, sel)) {
		t.Errorf("after %s the focus is on %s; want %s", after, eval[string](t, tab, `document.activeElement?.outerHTML?.slice(0, 80) || ''`), sel)
	}
}

// focusNow gives the keyboard focus to the element sel as the page shows
// it at the time, found and focused in one step: a page that draws itself
// again meanwhile cannot take the node away between the two, as it can
// from chromedp.Focus. Like chromedp.Focus, it waits for the element.
func focusNow(sel string) chromedp.Action[chromedp.Void] {
	focus := chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); e?.focus(); return !!e && document.activeElement === e; })()`, sel))
	return func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		for {
			ok, err := focus(ctx, target)
			if err != nil || ok {
				return chromedp.Void{}, err
			}
			select {
			case <-ctx.Done():
				return chromedp.Void{}, fmt.Errorf("no element %s to focus: %w", sel, ctx.Err())
			case <-time.After(queryRetry):
			}
		}
	}
}

// focusKeptAcrossRedraw puts the keyboard focus on the element with id,
// runs redraw (what makes the page draw it again, if the page does not by
// itself), waits up to within for the page to draw it again (a new element
// in its place) and checks that the new one has the focus.
func focusKeptAcrossRedraw(t *testing.T, tab context.Context, id string, within time.Duration, redraw ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	eval[bool](t, tab, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.focus(); e.dataset.drawn = 'before'; return true; })()`, id))
	do(t, tab, 10*time.Second, "draw #"+id+" again", redraw...)
	waitFor(t, tab, within, "#"+id+" drawn again", fmt.Sprintf(`document.getElementById(%q)?.dataset.drawn === undefined`, id))
	focusIs(t, tab, "a new drawing of #"+id, "#"+id)
}

// do runs actions in the tab with a timeout, failing the test on error.
func do(t *testing.T, ctx context.Context, timeout time.Duration, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// sendKeys types v into the first visible element sel matches, as a
// person does: it focuses the element and sends the keys. It is
// chromedp.SendKeys without its look at the element's type attribute,
// which chromedp reads unlocked while the page may be changing the
// element's attributes (the race detector reports it).
func sendKeys(sel chromedp.CSS, v string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(onTheNodeAsItIs(chromedp.Focus(sel, chromedp.NodeVisible)), chromedp.KeyEvent(v))
}

// click clicks the first visible element sel finds, as chromedp.Click does
// and as a person does: on the element as the page shows it at the time
// (see [onTheNodeAsItIs] and [pressAgainIfMissed]).
func click(sel chromedp.CSS) chromedp.Action[chromedp.Void] {
	return pressAgainIfMissed(string(sel), onTheNodeAsItIs(chromedp.Click(sel, chromedp.RetryInterval(queryRetry))))
}

// pressAgainIfMissed runs press, a mouse press on the element sel finds,
// and runs it again (three presses at most) when neither its pointerdown
// nor its click reached an element sel finds. chromedp reads where the
// element is and then presses there; a page that moved the element in
// between (a section above it grew on an update from the server) has the
// press land beside it, where a person, who sees the element move,
// would press again. A press that reached the element is never repeated,
// even when the page then lost its click, so a test still sees what a
// person's press does; nor is one whose page went away (a link followed).
func pressAgainIfMissed(sel string, press chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
	arm := chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
  if (!window.__e2ePress) {
    window.__e2ePress = { sel: '', hit: false };
    for (const type of ['pointerdown', 'click']) {
      document.addEventListener(type, (e) => {
        const p = window.__e2ePress;
        if (p.sel && e.target instanceof Element && e.target.closest(p.sel)) p.hit = true;
      }, true);
    }
  }
  Object.assign(window.__e2ePress, { sel: %q, hit: false });
})()`, sel))
	reached := chromedp.Evaluate[bool](`!window.__e2ePress || window.__e2ePress.hit`)
	return func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		for try := 1; ; try++ {
			if _, err := arm(ctx, target); err != nil {
				return chromedp.Void{}, err
			}
			if _, err := press(ctx, target); err != nil || try == 3 {
				return chromedp.Void{}, err
			}
			if hit, err := reached(ctx, target); err != nil || hit {
				return chromedp.Void{}, nil
			}
			log.Printf("e2e: a press meant for %s reached another element (try %d); pressing again", sel, try)
		}
	}
}

// screenSize sets the screen's size and waits two frames: a page answers
// a change of size in the next frame (a media query's change event draws
// a game's board again), and a press that falls between two drawings is
// lost, as it would be to a person turning a phone.
func screenSize(width, height int64, opts ...chromedp.EmulateViewportOption) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.EmulateViewport(width, height, opts...), twoFrames)
}

// twoFrames waits until the page has drawn twice.
var twoFrames = chromedp.Evaluate[chromedp.Void](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`, chromedp.EvalAwaitPromise)

// visible waits until the element sel finds is on the page and visible.
func visible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(sel), chromedp.RetryInterval(queryRetry))
}

// queryRetry is how often an action on an element asks the browser for it
// again while it is not there yet. chromedp's default, 5 ms, costs the
// browser, its page and the test a quarter of a core for as long as a test
// waits (measured over 10 s of waiting for an element: 2.9 s of CPU, against
// 0.4 s with nothing asked), and the browser tests spend much of their time
// waiting for a bot or the server.
const queryRetry = 50 * time.Millisecond

// onTheNodeAsItIs runs a, an action on a node chromedp finds, again (up
// to three times) when the page drew the node anew between chromedp's
// query and its action, which then fails with "Could not find node with
// given id" before it has done anything to the page.
func onTheNodeAsItIs(a chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		var err error
		for range 3 {
			if _, err = a(ctx, target); err == nil || !strings.Contains(err.Error(), "Could not find node with given id") {
				break
			}
		}
		return chromedp.Void{}, err
	}
}

// eval evaluates a JavaScript expression in the tab. The page answers
// between its own tasks; on a machine busy with three browsers and other
// packages' tests at once, a page drawing a burst of moves has been seen
// to take more than 10 s to answer, so it is given 30 s: a page that
// never answers still fails the test.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript predicate until it is true.
func waitFor(t *testing.T, ctx context.Context, timeout time.Duration, what, predicate string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(30*time.Millisecond))); err != nil {
		if errors.Is(err, chromedp.ErrPollingTimeout) {
			t.Fatalf("waited %v for %s (%s)", timeout, what, predicate)
		}
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// holds reports whether predicate becomes true in tab within timeout:
// waitFor for a condition a test may go on without.
func holds(tab context.Context, timeout time.Duration, predicate string) bool {
	c, cancel := context.WithTimeout(tab, timeout+5*time.Second)
	defer cancel()
	_, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](predicate, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(30*time.Millisecond)))
	return err == nil
}

// revealOnBoard brings the element sel into view as a person would on a
// board that may be zoomed in: focusing a hex pans the board to it (a
// person drags it there), and the page scrolls to it.
func revealOnBoard(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e && e.tagName === 'polygon') e.focus(); e?.scrollIntoView?.({ block: 'center' }); })()`, sel))
}

// createTableForTwo has Ann create a Minerals table in the lobby with
// seat 2 for a person, making the given choices (a time control, a
// stand-in) first, and returns the table's id once her page shows the
// invitation.
func createTableForTwo(t *testing.T, tab context.Context, s *site, choices ...chromedp.Action[chromedp.Void]) string {
	t.Helper()
	do(t, tab, 30*time.Second, "create a table for two people", append(append([]chromedp.Action[chromedp.Void]{
		chromedp.Navigate(s.URL + "/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#seat-1`),
		choose(`#seat-1`, "person"),
	}, choices...),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`.invite input`),
	)...)
	return tableOf(t, tab)
}

// choose sets a select element's value as a person would and fires change.
func choose(selector, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); })()`, selector, value))
}

// clickNow clicks the element sel finds, found and clicked in one step of
// the page (an element drawn again between a query and a click of the
// browser's protocol is lost to it).
func clickNow(t *testing.T, tab context.Context, what, sel string) {
	t.Helper()
	if !eval[bool](t, tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (e) e.click(); return !!e; })()`, sel)) {
		t.Fatalf("click %s: no element %s", what, sel)
	}
}
