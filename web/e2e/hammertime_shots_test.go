package e2e

// Fixed-position screenshots of the Hammer Time and TF22 Mine renderers:
// engine-made views of seeded games drawn by the renderer at the top of a
// page, shot at 1280 × 900 (desktop) and 390 × 844 (phone), and compared
// with the images under testdata/golden/ within a tolerance that absorbs
// antialiasing noise and nothing a person would see. The page prefers
// reduced motion and nothing in the views moves (no previous view, no
// aim that shakes), so a shot is the same from run to run on the same
// machine image. After an intended change, regenerate the images with
//
//	go test ./web/e2e/ -run 'Shots' -count=1 -update
//
// and look at each one before committing it.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/hammertime"
)

const (
	// shotThreshold is how far (out of 255, in any of R, G, B) a pixel may
	// be from the golden one and still count as the same.
	shotThreshold = 40
	// shotMaxFraction is the fraction of pixels that may differ by more.
	shotMaxFraction = 0.0005
)

// shotScreens are the screen sizes every position is shot at.
var shotScreens = []struct {
	name          string
	width, height int64
}{
	{"desktop", 1280, 900},
	{"phone", 390, 844},
}

// shotCase is a fixed position drawn by a renderer: draw is the page-side
// script's call (htRender or tfRender with its arguments), prepare runs in
// the page afterwards (a click that chooses an action), ready is true
// once everything is drawn.
type shotCase struct {
	name, draw, prepare, ready string
	colorBlind                 bool
}

// updateShots reports whether the test runs with -update (the flag of
// game/gametest, which this package imports).
func updateShots() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// runShots shoots every case at every screen size and compares the shots
// with the golden images, or rewrites them with -update.
func runShots(t *testing.T, cases []shotCase) {
	tab := htLobby(t, "shots") // with less motion, as every page (startChromium)
	for _, c := range cases {
		for _, sc := range shotScreens {
			name := c.name + "-" + sc.name
			t.Run(name, func(t *testing.T) {
				do(t, tab, 10*time.Second, "size the screen", chromedp.EmulateViewport(sc.width, sc.height))
				// The renderers size their labels by the board's width on
				// the page: draw only once the page is laid out at the new
				// size, which a busy machine may not have done yet.
				runJS(t, tab, "lay out at "+sc.name+" size", fmt.Sprintf(`(async () => { while (innerWidth !== %d) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return true; })()`, sc.width))
				eval[bool](t, tab, fmt.Sprintf(`(document.getElementById('ht-test')?.remove(), document.getElementById('tf-test')?.remove(), document.body.classList.toggle('colorblind', %t), scrollTo(0, 0), true)`, c.colorBlind))
				runJS(t, tab, "draw "+name, c.draw)
				if c.prepare != "" {
					runJS(t, tab, "prepare "+name, c.prepare)
				}
				if c.ready != "" {
					waitFor(t, tab, 10*time.Second, name+" drawn", c.ready)
				}
				runJS(t, tab, "settle "+name, `(async () => { document.activeElement?.blur?.(); await document.fonts.ready;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); return true; })()`)
				shot := steadyShot(t, tab, name)
				if dir := os.Getenv("MINEHALL_SHOTS"); dir != "" {
					os.WriteFile(filepath.Join(dir, name+".png"), shot, 0o644)
				}
				compareShot(t, name, shot)
			})
		}
	}
}

// steadyShot takes screenshots of the tab until two in a row are the
// same, so that a canvas still settling (redrawn at a new size when a
// scroll bar comes, on a slow machine) is not compared half-drawn.
func steadyShot(t *testing.T, tab context.Context, name string) []byte {
	t.Helper()
	var last []byte
	for range 20 {
		time.Sleep(150 * time.Millisecond)
		ctx, cancel := context.WithTimeout(tab, 20*time.Second)
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatalf("screenshot of %s: %v", name, err)
		}
		if bytes.Equal(shot, last) {
			return shot
		}
		last = shot
	}
	t.Logf("%s: the page kept changing for 3 s; comparing its last shot", name)
	return last
}

// runJS evaluates a script that returns a promise of true.
func runJS(t *testing.T, tab context.Context, what, script string) {
	t.Helper()
	c, cancel := context.WithTimeout(tab, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[bool](script, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// compareShot compares a shot with testdata/golden/<name>.png, or writes
// it there with -update. A failing comparison writes the new image to a
// temporary directory and logs its path.
func compareShot(t *testing.T, name string, shot []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if updateShots() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no golden image %s (run with -update to make it): %v", path, err)
	}
	d, err := diffImages(want, shot, shotThreshold)
	if err == nil && d.sizeOK && float64(d.differing) <= shotMaxFraction*float64(d.total) {
		return
	}
	dir, _ := os.MkdirTemp("", "minehall-shot-")
	got := filepath.Join(dir, name+"-got.png")
	os.WriteFile(got, shot, 0o644)
	if err != nil {
		t.Fatalf("%s: %v (new image: %s)", name, err, got)
	}
	if !d.sizeOK {
		t.Fatalf("%s: the new image is %v; the golden one %v (new image: %s)", name, d.got, d.want, got)
	}
	t.Fatalf("%s: %d of %d pixels differ by more than %d from %s; want at most %.3f%% (new image: %s)",
		name, d.differing, d.total, shotThreshold, path, 100*shotMaxFraction, got)
}

// htCall returns the page-side call of htRender with the views (JSON),
// the legal moves and the options.
func htCall(prev, view []byte, legal []string, opts string) string {
	p := "null"
	if prev != nil {
		p = string(prev)
	}
	if legal == nil {
		legal = []string{}
	}
	return fmt.Sprintf(`(%s)(%s, %s, %s, %s)`, htRender, p, view, jsonOf(legal), opts)
}

// jsonOf returns v as JSON text.
func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// htFillPosition plays a seeded expert two-player game, the die rolled on
// the handle, until the person (seat 1) has a fall to put in their wagon,
// and returns their view and legal moves.
func htFillPosition(t *testing.T) ([]byte, []string) {
	t.Helper()
	for seed := uint64(1); seed <= 30; seed++ {
		s, _, err := game.Start(hammertime.New(), 2, htSetupPiles(game.Options{"expert": "true"}), seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Play(s, game.Chance, hammertime.RollAction(hammertime.Handle)); err != nil {
			t.Fatal(err)
		}
		for try := 0; try < 12; try++ {
			if _, err := game.PlayNotation(s, 0, fmt.Sprintf("hit south %d strength %d", 1+try%9, 5+try%4)); err != nil {
				t.Fatal(err)
			}
			v := s.View(0).(hammertime.View)
			if v.Phase == "fill" && v.LastHit != nil && v.LastHit.Mission != "" && len(v.Fill.Fallen) >= 3 {
				var legal []string
				for _, a := range s.Legal(0, nil) {
					legal = append(legal, s.ActionString(0, a))
				}
				return htJSON(t, v), legal
			}
			if v.Current != 0 || v.Phase != "hit" {
				break
			}
		}
	}
	t.Fatalf("no seeded expert game gave the first player a fall of 3 gems or more to fill")
	return nil, nil
}

// TestHammerTimeShots shoots Hammer Time at two fixed positions: the first
// player aiming at the start of a game, and, in German and color-blind
// mode, an expert game's filling of the wagon after a fall, the die on the
// handle and the mission checked.
func TestHammerTimeShots(t *testing.T) {
	t.Parallel()
	s, _, err := game.Start(hammertime.New(), 2, htSetupPiles(nil), 4)
	if err != nil {
		t.Fatal(err)
	}
	var legal []string
	for _, a := range s.Legal(0, nil) {
		legal = append(legal, s.ActionString(0, a))
	}
	fill, fillLegal := htFillPosition(t)
	gems := `document.querySelector('#ht-tray').dataset.gems === '90'`
	runShots(t, []shotCase{
		{name: "hammertime-aim", draw: htCall(nil, htJSON(t, s.View(0)), legal, `{"names": ["Ann", "Bob"]}`), ready: gems},
		{name: "hammertime-fill-de", draw: htCall(nil, fill, fillLegal, `{"names": ["Ann", "Bob"], "lang": "de", "colorBlind": true}`), ready: `!!document.querySelector('#ht-fill')`, colorBlind: true},
	})
}
