package e2e

// The screenshot harness: each game's table page at fixed positions,
// desktop (1280x900) and phone (390x844), compared with golden images
// under testdata/golden/ within a tolerance, so that a visual regression
// fails CI.
//
// How a golden image is made. A goldenCase names a game, its options, a
// seed and a move policy; the harness starts the game with the engine
// (game.Start), plays seeded moves until the case's position is reached
// (Reach), and serves that position as a table of its own: GET
// /api/tables/golden-<case> answers the table's info (seat names, kinds,
// presence) and the WebSocket /ws/tables/golden-<case> answers the hello
// with one state frame (the seat's view, legal moves, actors, the log of
// every move so far, the result at the end), exactly as the real server
// encodes it (table.Update). Everything else (/api/games, the rules, the
// assets) is the real server. The page is the real table page: header,
// seats, the game's renderer, the log and the end screen.
//
// What keeps a shot the same from run to run: the page's clock is frozen
// (Date.now), the page prefers reduced motion (app.css then stops every
// animation and transition), the invitation link (which holds the test
// server's port) is rewritten to a fixed address, the seat is stored
// before the page loads, and fonts are the machine's (Debian's chromium
// uses the installed fonts; CI runs the same machine image).
//
// How the images are compared: same size, and at most goldenMaxFraction
// (0.01%) of the pixels may differ by more than goldenThreshold (16 of 255)
// in any of R, G, B. Two runs on the same machine image give identical
// images; the tolerance absorbs a few antialiased edge pixels and nothing
// larger: one seat's colour changed from #2ca02c to #3cb371 (three badges
// on an Out of Mine page, 0.04% of its pixels) fails every image, and so
// does a moved line of text or another mineral colour. A failing
// comparison writes the new image and a difference image (differing pixels
// in red over a faded copy) to a temporary directory and logs their paths.
//
// To regenerate the images after an intended change:
//
//	go test ./web/e2e/ -run Golden -count=1 -update
//
// and look at every changed image before committing it.
//
// To add a game's goldens (Hammer Time, TF22 Mine): write a file
// <game>_golden_test.go with a test that calls runGoldens with its cases,
// for example
//
//	func TestGoldenHammerTime(t *testing.T) {
//		runGoldens(t, []goldenCase{{
//			Name: "hammertime-turn", Game: quickHammerTime(), Players: 3, Seed: 7,
//			Names: []string{"Ann", "Bob", "Cleo"}, You: 0,
//			Reach: func(s game.State, plies int) bool { return plies >= 12 && slices.Contains(s.Actors(nil), 0) },
//			Ready: `!!document.querySelector('#board canvas')`,
//		}})
//	}
//
// then run it once with -update and look at the images it wrote under
// testdata/golden/ (<name>-desktop.png and <name>-phone.png). A case's
// Prefer ranks the legal moves of the policy (highest first, ties broken
// by the seeded generator), Prepare is JavaScript run in the page before
// the shot (a click that selects a pawn) and Ready a predicate that is
// true once the renderer has drawn everything (images, data tables). A
// renderer that animates on a canvas should draw its last frame at once
// when the page prefers reduced motion, or Ready should wait for the end
// of the animation (Date.now is frozen; performance.now is not); a canvas
// marked data-frame="due" is waited for until the mark goes (see
// stillJS). At the phone's width the harness also fails a page wider than
// the screen. Set MINEHALL_SHOTS to a directory to keep a copy of every
// shot there.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// updateGoldens reports whether the test runs with -update: rewrite the
// golden images under testdata/golden/ instead of comparing with them.
// The flag is game/gametest's (this package imports it), which rewrites
// golden files the same way.
func updateGoldens() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

const (
	// goldenThreshold is how far (out of 255, in any of R, G, B) a pixel
	// may be from the golden one and still count as the same.
	goldenThreshold = 16
	// goldenMaxFraction is the fraction of pixels that may differ by more
	// than goldenThreshold: a few antialiased edge pixels, nothing a person
	// would see.
	goldenMaxFraction = 0.0001
	// goldenNow is the page's frozen clock (2026-01-01T00:00:00Z), and the
	// server's time in the frames.
	goldenNow = int64(1767225600000)
	// goldenToken is the seat token the page connects with.
	goldenToken = "golden-token"
)

// goldenViewports are the screen sizes every case is shot at.
var goldenViewports = []struct {
	name          string
	width, height int64
}{
	{"desktop", 1280, 900},
	{"phone", 390, 844},
	{"small", 360, 740},
	{"landscape", 844, 390},
}

// goldenCase is a fixed position of a game, shot as the table page of one
// seat.
type goldenCase struct {
	// Name names the images: testdata/golden/<Name>-desktop.png and
	// <Name>-phone.png.
	Name    string
	Game    game.Game
	Players int
	Options game.Options
	Seed    uint64
	// Names are the seats' names; Bots the level of each bot seat ("" for
	// a person).
	Names []string
	Bots  []string
	// You is the seat whose page is shot (a person's seat).
	You game.Player
	// Reach reports whether the position is reached, given the state and
	// the number of moves played; it is asked before every move.
	Reach func(s game.State, plies int) bool
	// Prefer ranks a legal move (in notation) of seat p: the policy plays
	// one of the highest ranked, chosen by the seeded generator. Nil ranks
	// all alike.
	Prefer func(s game.State, p game.Player, move string) int
	// Timeout, when it reports true and the System may act (a timed phase
	// such as Out of Mine's round), plays the System's timed action: the
	// clock runs out.
	Timeout func(s game.State, plies int) bool
	// Deadline, if positive, is the time left in the current timed phase
	// in milliseconds, as the frame says it.
	Deadline int64
	// Lang is the page's language ("" for English); ColorBlind turns on
	// the color-blind mode.
	Lang       string
	ColorBlind bool
	// Ready is a JavaScript predicate, true once the board is drawn in
	// full; Prepare is JavaScript run before the shot, and PrepareReady a
	// predicate true once it took effect.
	Ready, Prepare, PrepareReady string
}

// goldenTable is a position ready to serve.
type goldenTable struct {
	info  table.Info
	frame []byte
	state game.State // the position, for tests that check the page against it
}

// position plays c's game from its seed to the case's position and
// returns it as a table and its state frame for seat c.You.
func (c goldenCase) position(t *testing.T) *goldenTable {
	t.Helper()
	s, opts, err := game.Start(c.Game, c.Players, c.Options, c.Seed)
	if err != nil {
		t.Fatalf("%s: start: %v", c.Name, err)
	}
	rng := game.NewRand(c.Seed ^ 0x9e3779b97f4a7c15)
	_, perfect := s.(game.Determinizer)
	perfect = !perfect
	var history []table.Move
	for plies := 0; !c.Reach(s, plies); plies++ {
		if s.Terminal() {
			t.Fatalf("%s: the game ended after %d moves before the position was reached", c.Name, plies)
		}
		if plies > 5000 {
			t.Fatalf("%s: no position reached in 5000 moves", c.Name)
		}
		p, a := c.step(s, &rng, plies)
		public := perfect || p == game.Chance || p == c.You
		if pm, ok := s.(game.PublicMover); ok && !public {
			public = pm.MoveIsPublic(p, a)
		}
		m := table.Move{N: int64(plies + 1), Player: p}
		if public {
			m.Move = s.ActionString(p, a)
		}
		if err := game.Play(s, p, a); err != nil {
			t.Fatalf("%s: move %d: %v", c.Name, plies+1, err)
		}
		history = append(history, m)
	}
	info := table.Info{ID: "golden-" + c.Name, Game: c.Game.Spec().ID, Players: c.Players, Options: opts,
		Status: store.StatusPlaying, AutoStart: true, Created: time.UnixMilli(goldenNow - 3600000).UTC()}
	for i := range c.Players {
		seat := table.SeatInfo{Kind: store.SeatPerson, Name: c.Names[i], Taken: true, Presence: "online"}
		if i < len(c.Bots) && c.Bots[i] != "" {
			seat.Kind, seat.Bot = store.SeatBot, c.Bots[i]
		}
		info.Seats = append(info.Seats, seat)
	}
	you := c.You
	u := table.Update{Type: table.UpdateState, N: int64(len(history)), You: &you, Status: store.StatusPlaying,
		Actors: s.Actors(nil), History: history}
	if u.Actors == nil {
		u.Actors = []game.Player{}
	}
	if s.Terminal() {
		info.Status, u.Status = store.StatusFinished, store.StatusFinished
		info.Result = game.ResultOf(s)
		u.Result = info.Result
	} else if slices.Contains(u.Actors, you) {
		for _, a := range s.Legal(you, nil) {
			u.Legal = append(u.Legal, s.ActionString(you, a))
		}
	}
	if c.Deadline > 0 {
		u.Deadline, u.Now = goldenNow+c.Deadline, goldenNow
	}
	view, err := json.Marshal(s.View(you))
	if err != nil {
		t.Fatalf("%s: view: %v", c.Name, err)
	}
	u.View = view
	u.Table = &info
	return &goldenTable{info: info, frame: u.Frame(), state: s}
}

// step picks the next move: chance by its probabilities, the System's
// timed action when the case's Timeout says so (or no seat may act), else
// a seat among the actors and one of its highest ranked legal moves.
func (c goldenCase) step(s game.State, rng *game.Rand, plies int) (game.Player, game.Action) {
	actors := s.Actors(nil)
	var seats []game.Player
	for _, p := range actors {
		if p == game.Chance {
			return p, game.PickOutcome(s.(game.ChanceState).ChanceOutcomes(nil), rng.Float64())
		}
		if p == game.System && c.Timeout != nil && c.Timeout(s, plies) {
			return p, s.Legal(p, nil)[0]
		}
		if p.Seated() {
			seats = append(seats, p)
		}
	}
	p := actors[0]
	if len(seats) > 0 {
		p = seats[rng.IntN(len(seats))]
	}
	legal := s.Legal(p, nil)
	if c.Prefer == nil || !p.Seated() {
		return p, legal[rng.IntN(len(legal))]
	}
	best, top := []game.Action{}, 0
	for _, a := range legal {
		r := c.Prefer(s, p, s.ActionString(p, a))
		switch {
		case len(best) == 0 || r > top:
			best, top = []game.Action{a}, r
		case r == top:
			best = append(best, a)
		}
	}
	return p, best[rng.IntN(len(best))]
}

// serveGoldens adds the golden tables to mux: their info and a WebSocket
// that answers every hello with the position's state frame.
func serveGoldens(mux *http.ServeMux, api http.Handler, tables map[string]*goldenTable) {
	mux.HandleFunc("GET /api/tables/{id}", func(w http.ResponseWriter, r *http.Request) {
		gt := tables[r.PathValue("id")]
		if gt == nil {
			api.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(gt.info)
	})
	mux.HandleFunc("GET /ws/tables/{id}", func(w http.ResponseWriter, r *http.Request) {
		gt := tables[r.PathValue("id")]
		if gt == nil {
			api.ServeHTTP(w, r)
			return
		}
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		for {
			_, msg, err := c.Read(ctx)
			if err != nil {
				return
			}
			var f struct{ Type string }
			json.Unmarshal(msg, &f)
			if f.Type == "hello" || f.Type == "sync" {
				if c.Write(ctx, websocket.MessageText, gt.frame) != nil {
					return
				}
			}
		}
	})
}

// runGoldens shoots every case at every viewport and compares the shots
// with the golden images (or rewrites them with -update).
func runGoldens(t *testing.T, cases []goldenCase) {
	s := goldenSite(t, cases)
	browser := newBrowser(t)
	for _, c := range cases {
		for _, vp := range goldenViewports {
			name := c.Name + "-" + vp.name
			t.Run(name, func(t *testing.T) {
				shot := shootGolden(t, browser, s, c, vp.width, vp.height)
				if !updateGoldens() {
					if matchesGolden(name, shot) {
						return
					}
					// A full-page shot lays the page out again at the page's
					// whole height for the capture: a canvas fitted to its box
					// can be caught before it has drawn itself at the new size
					// (a stretched drawing). A real difference shows twice.
					t.Logf("%s: the first shot differs from the golden image; shooting once more", name)
					shot = shootGolden(t, browser, s, c, vp.width, vp.height)
				}
				compareGolden(t, name, shot)
			})
		}
	}
}

// goldenSite starts a site that also serves the cases' positions as the
// tables golden-<name>.
func goldenSite(t *testing.T, cases []goldenCase) *site {
	s, _ := goldenSiteTables(t, cases)
	return s
}

// goldenSiteTables is goldenSite, also returning the positions by case
// name.
func goldenSiteTables(t *testing.T, cases []goldenCase) (*site, map[string]*goldenTable) {
	tables, byName := map[string]*goldenTable{}, map[string]*goldenTable{}
	for _, c := range cases {
		gt := c.position(t)
		tables["golden-"+c.Name], byName[c.Name] = gt, gt
	}
	return startSite(t, func(mux *http.ServeMux, api http.Handler) { serveGoldens(mux, api, tables) }), byName
}

// goldenSetup is run in the page before its own scripts: the frozen clock,
// the seat, the language and the color-blind mode.
func goldenSetup(c goldenCase) string {
	lang := c.Lang
	if lang == "" {
		lang = "en"
	}
	cb := "0"
	if c.ColorBlind {
		cb = "1"
	}
	return fmt.Sprintf(`(() => {
  const now = %d;
  Date.now = () => now;
  localStorage.setItem('minehall.seat.golden-%s', JSON.stringify({ seat: %d, token: %q }));
  localStorage.setItem('minehall.lang', %q);
  localStorage.setItem('minehall.colorblind', %q);
  localStorage.setItem('minehall.sound', 'off');
})()`, goldenNow, c.Name, c.You, goldenToken, lang, cb)
}

// shootGolden opens the case's table in a new tab at the given size and
// returns a full-page PNG.
func shootGolden(t *testing.T, browser context.Context, s *site, c goldenCase, width, height int64) []byte {
	tab := openGolden(t, browser, s, c, width, height)
	ctx, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	shot, err := chromedp.Run(ctx, fullShot(100))
	if err != nil {
		t.Fatalf("screenshot of %s: %v", c.Name, err)
	}
	keepShot(t, shot)
	return shot
}

// keepScreen keeps a screenshot of what the tab's screen shows, as
// keepShot does; without MINEHALL_SHOTS it takes none (a phone's screen
// at its device scale is a shot of three million pixels).
func keepScreen(t *testing.T, tab context.Context) {
	t.Helper()
	keepCapture(t, tab, chromedp.CaptureScreenshot())
}

// keepPage is keepScreen for the whole page (fullShot).
func keepPage(t *testing.T, tab context.Context) {
	t.Helper()
	keepCapture(t, tab, fullShot(100))
}

func keepCapture(t *testing.T, tab context.Context, capture chromedp.Action[[]byte]) {
	t.Helper()
	if os.Getenv("MINEHALL_SHOTS") == "" {
		return
	}
	ctx, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	if shot, err := chromedp.Run(ctx, capture); err == nil {
		keepShot(t, shot)
	}
}

// keepShot writes a copy of a shot to the directory MINEHALL_SHOTS names,
// if it names one, under the test's last name.
func keepShot(t *testing.T, shot []byte) {
	if dir := os.Getenv("MINEHALL_SHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, t.Name()[strings.LastIndex(t.Name(), "/")+1:]+".png"), shot, 0o644)
	}
}

// openGolden opens the case's table in a new tab at the given size (with
// the emulation options given, such as touch), waits until it is drawn and
// still, checks that nothing reads "null" and nothing makes a player
// scroll sideways, and returns the tab.
func openGolden(t *testing.T, browser context.Context, s *site, c goldenCase, width, height int64, emulate ...chromedp.EmulateViewportOption) context.Context {
	tab := newTab(t, browser, c.Name)
	do(t, tab, 30*time.Second, "open the golden table "+c.Name,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: goldenSetup(c)})
			return err
		}),
		chromedp.EmulateViewport(width, height, emulate...),
		chromedp.Navigate(s.URL+"/tables/golden-"+c.Name),
		visible(`#board > *`),
	)
	ready := `document.getElementById('conn')?.dataset.state === 'open' && document.querySelector('#log li') !== null`
	if c.Ready != "" {
		ready += " && (" + c.Ready + ")"
	}
	waitFor(t, tab, 15*time.Second, c.Name+" drawn", ready)
	if c.Prepare != "" {
		do(t, tab, 10*time.Second, "prepare "+c.Name, chromedp.Evaluate[chromedp.Void](c.Prepare))
		if c.PrepareReady != "" {
			waitFor(t, tab, 10*time.Second, c.Name+" prepared", c.PrepareReady)
		}
	}
	// The invitation link holds the test server's port: show a fixed one.
	do(t, tab, 10*time.Second, "settle "+c.Name,
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
  const i = document.querySelector('.invite input');
  if (i) i.value = 'https://minehall.example/tables/golden-%s';
  document.activeElement?.blur?.();
})()`, c.Name)),
		chromedp.Evaluate[chromedp.Void](stillJS, chromedp.EvalAwaitPromise),
		chromedp.Sleep(100*time.Millisecond),
	)
	// No value left unfilled reaches the page as "null" or "undefined".
	if stray := eval[string](t, tab, `(document.body.innerText.match(/\b(null|undefined|NaN)\b/) || [''])[0]`); stray != "" {
		t.Errorf("%s at %dx%d: the page reads %q", c.Name, width, height, stray)
	}
	// Nothing may make a player scroll sideways.
	if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > int(width) {
		t.Errorf("%s at %dx%d: the page is %d px wide; want no wider than the screen", c.Name, width, height, w)
	}
	return tab
}

// stillJS resolves once the page is still: its fonts loaded, no canvas
// with a frame due (a renderer marks a canvas data-frame="due" from asking
// for a frame until it has drawn its last one), and the page's height and
// every canvas's size unchanged for five frames in a row. On a loaded
// machine a layout can take several frames to settle (fonts, then the
// stage's height, then the canvas fitted to it, then its drawing); a page
// that never settles is shot after 8 s and its image shows why.
const stillJS = `document.fonts.ready.then(() => new Promise((resolve) => {
  const until = performance.now() + 8000;
  let last = '', same = 0;
  const look = () => {
    const canvases = [...document.querySelectorAll('canvas')];
    const sig = [document.documentElement.scrollHeight, ...canvases.map((c) => [c.width, c.height, c.clientWidth, c.clientHeight].join('x'))].join('|');
    const due = canvases.some((c) => c.dataset.frame === 'due');
    same = sig === last && !due ? same + 1 : 0;
    last = sig;
    if (same >= 5 || performance.now() > until) resolve();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}))`

// goldenDiff compares a shot with testdata/golden/<name>.png.
func goldenDiff(name string, shot []byte) (imageDiff, error) {
	path := filepath.Join("testdata", "golden", name+".png")
	want, err := os.ReadFile(path)
	if err != nil {
		return imageDiff{}, fmt.Errorf("no golden image %s (run with -update to make it): %v", path, err)
	}
	return diffImages(want, shot, goldenThreshold)
}

// matches reports whether the shot matched its golden image within
// goldenMaxFraction.
func (d imageDiff) matches() bool { return d.sizeOK && d.fraction() <= goldenMaxFraction }

// matchesGolden reports whether a shot matches testdata/golden/<name>.png.
func matchesGolden(name string, shot []byte) bool {
	d, err := goldenDiff(name, shot)
	return err == nil && d.matches()
}

// compareGolden compares a shot with testdata/golden/<name>.png, or
// writes it there with -update.
func compareGolden(t *testing.T, name string, shot []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if updateGoldens() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		// Chromium's PNG is quick, not small: store it compressed harder.
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	d, err := goldenDiff(name, shot)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if d.matches() {
		return
	}
	dir, _ := os.MkdirTemp("", "minehall-golden-")
	got := filepath.Join(dir, name+"-got.png")
	diff := filepath.Join(dir, name+"-diff.png")
	os.WriteFile(got, shot, 0o644)
	if d.img != nil {
		var b bytes.Buffer
		png.Encode(&b, d.img)
		os.WriteFile(diff, b.Bytes(), 0o644)
	}
	if !d.sizeOK {
		t.Fatalf("%s: got a %v image; want %v as %s (new image: %s)", name, d.got, d.want, path, got)
	}
	t.Fatalf("%s: %d of %d pixels (%.3f%%) differ by more than %d from %s; want at most %.3f%% (new image: %s, difference: %s)",
		name, d.differing, d.total, 100*d.fraction(), goldenThreshold, path, 100*goldenMaxFraction, got, diff)
}

// imageDiff is how two images differ.
type imageDiff struct {
	want, got        image.Point
	sizeOK           bool
	differing, total int
	img              *image.RGBA // differing pixels in red over a faded copy of the golden image; nil when none differ
}

func (d imageDiff) fraction() float64 {
	if d.total == 0 {
		return 1
	}
	return float64(d.differing) / float64(d.total)
}

// diffImages counts the pixels of two PNGs that differ by more than
// threshold in a channel.
func diffImages(wantPNG, gotPNG []byte, threshold int) (imageDiff, error) {
	a, err := png.Decode(bytes.NewReader(wantPNG))
	if err != nil {
		return imageDiff{}, fmt.Errorf("golden image: %v", err)
	}
	b, err := png.Decode(bytes.NewReader(gotPNG))
	if err != nil {
		return imageDiff{}, fmt.Errorf("new image: %v", err)
	}
	d := imageDiff{want: a.Bounds().Size(), got: b.Bounds().Size()}
	d.sizeOK = d.want == d.got
	if !d.sizeOK {
		return d, nil
	}
	wp, gp := rgbaPixels(a), rgbaPixels(b)
	d.total = len(wp) / 4
	d.differing = countDiffering(wp, gp, threshold)
	if d.differing > 0 {
		d.img = image.NewRGBA(image.Rect(0, 0, d.want.X, d.want.Y))
		drawDifference(d.img.Pix, wp, gp, threshold)
	}
	return d, nil
}

// pixelDiffers reports whether the pixel at byte i of two RGBA images
// differs by more than threshold in a colour channel.
func pixelDiffers(wp, gp []byte, i, threshold int) bool {
	return max(absDiff(wp[i], gp[i]), absDiff(wp[i+1], gp[i+1]), absDiff(wp[i+2], gp[i+2])) > threshold
}

// countDiffering counts the pixels of two RGBA images of one size that
// differ by more than threshold in a colour channel. The race detector is
// told to skip it: its slices belong to one goroutine, and instrumented,
// its pass over a million pixels a shot was a large part of a golden
// test's time.
//
//go:norace
func countDiffering(wp, gp []byte, threshold int) int {
	n := 0
	for i := 0; i < len(wp); i += 4 {
		if pixelDiffers(wp, gp, i, threshold) {
			n++
		}
	}
	return n
}

// drawDifference draws into out the pixels that differ by more than
// threshold in red over a faded grey copy of the golden image wp.
//
//go:norace
func drawDifference(out, wp, gp []byte, threshold int) {
	for i := 0; i < len(wp); i += 4 {
		if pixelDiffers(wp, gp, i, threshold) {
			out[i], out[i+1], out[i+2], out[i+3] = 255, 0, 0, 255
			continue
		}
		g := uint8((int(wp[i]) + int(wp[i+1]) + int(wp[i+2])) / 3)
		g = 255 - (255-g)/4
		out[i], out[i+1], out[i+2], out[i+3] = g, g, g, 255
	}
}

// rgbaPixels returns img's pixels as RGBA bytes, row after row from its
// top left: its own when it is an *image.RGBA whose rows are contiguous
// (as PNG decodes an opaque screenshot), else a copy drawn in RGBA.
func rgbaPixels(img image.Image) []byte {
	r := img.Bounds()
	if m, ok := img.(*image.RGBA); ok && m.Stride == 4*r.Dx() {
		return m.Pix[:4*r.Dx()*r.Dy()]
	}
	m := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(m, m.Bounds(), img, r.Min, draw.Src)
	return m.Pix
}

func absDiff(x, y uint8) int { return abs(int(x) - int(y)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestDiffImagesCountsChangedPixels checks the golden comparison without a
// browser: a pixel counts as changed when one of its channels moved by
// more than goldenThreshold, and images of different sizes never match.
func TestDiffImagesCountsChangedPixels(t *testing.T) {
	encode := func(w, h int, paint func(m *image.RGBA)) []byte {
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(m, m.Bounds(), image.NewUniform(color.RGBA{200, 180, 40, 255}), image.Point{}, draw.Src)
		paint(m)
		var b bytes.Buffer
		if err := png.Encode(&b, m); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	base := encode(10, 10, func(*image.RGBA) {})
	for _, tc := range []struct {
		name          string
		got           []byte
		sizeOK        bool
		differing     int
		matchesGolden bool
	}{
		{"the same", base, true, 0, true},
		{"within the threshold", encode(10, 10, func(m *image.RGBA) {
			m.Set(1, 1, color.RGBA{200 + goldenThreshold, 180, 40, 255})
		}), true, 0, true},
		{"two pixels past it", encode(10, 10, func(m *image.RGBA) {
			m.Set(1, 1, color.RGBA{200, 180 - goldenThreshold - 1, 40, 255})
			m.Set(9, 9, color.RGBA{0, 0, 0, 255})
		}), true, 2, false},
		{"another size", encode(10, 11, func(*image.RGBA) {}), false, 0, false},
	} {
		d, err := diffImages(base, tc.got, goldenThreshold)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if d.sizeOK != tc.sizeOK || d.differing != tc.differing || d.matches() != tc.matchesGolden {
			t.Errorf("%s: size ok %v, %d differing, matches %v; want %v, %d, %v", tc.name, d.sizeOK, d.differing, d.matches(), tc.sizeOK, tc.differing, tc.matchesGolden)
		}
		if tc.sizeOK && tc.differing > 0 && d.img.RGBAAt(9, 9) != (color.RGBA{255, 0, 0, 255}) {
			t.Errorf("%s: the changed pixel is %v in the difference image; want red", tc.name, d.img.RGBAAt(9, 9))
		}
	}
}
