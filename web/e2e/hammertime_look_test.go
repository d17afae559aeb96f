package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/web"
)

// symbolGlyph reports whether r is a picture taken from a font: an emoji,
// an arrow, a geometric shape, a dingbat, a die face, a star or another
// symbol that a stock system may lack (and then shows as an empty box).
// Letters and typographic punctuation (dashes, ellipsis, the
// multiplication sign of Latin-1) are text.
func symbolGlyph(r rune) bool {
	switch {
	case r >= 0x1F000: // emoji and pictographs
	case r >= 0x2190 && r <= 0x21FF: // arrows
	case r >= 0x2300 && r <= 0x23FF: // technical symbols (the stopwatch)
	case r >= 0x2460 && r <= 0x27FF: // enclosed figures, shapes, symbols, dingbats, arrows
	case r >= 0x2900 && r <= 0x2BFF: // arrows and symbols
	case r == 0xFE0F: // emoji presentation
	default:
		return false
	}
	return true
}

// htAsset returns an embedded file of the web client.
func htAsset(t *testing.T, path string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	web.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	if rec.Code != 200 {
		t.Fatalf("GET %s: status %d", path, rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

// TestHammerTimeRendererDrawsNoGlyphs reads the Hammer Time renderer and
// its style sheet: every picture they draw (gem symbols, the dragon, the
// die, the techniques, the arrows) is inline SVG or canvas paths, never a
// character a font must have.
func TestHammerTimeRendererDrawsNoGlyphs(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/assets/games/hammertime.js", "/assets/games/hammertime.css"} {
		src := htAsset(t, path)
		for i, line := range strings.Split(src, "\n") {
			for _, r := range line {
				if symbolGlyph(r) {
					t.Errorf("%s:%d: the symbol %q (U+%04X) depends on the system's fonts: %s", path, i+1, r, r, strings.TrimSpace(line))
				}
			}
		}
	}
}

// htDraw draws view (after prev, if any) with the Hammer Time renderer in
// the tab; legal is a JSON list of moves, opts the renderer options of
// htRender (JSON).
func htDraw(t *testing.T, tab context.Context, what string, prev, view []byte, legal, opts string) {
	t.Helper()
	p := "null"
	if prev != nil {
		p = string(prev)
	}
	if opts == "" {
		opts = "{}"
	}
	c, cancel := context.WithTimeout(tab, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[bool](fmt.Sprintf(`(%s)(%s, %s, %s, %s)`, htRender, p, view, legal, opts), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("draw %s: %v", what, err)
	}
}

// htLobby opens a tab on the lobby of a new site: a page with the client's
// modules, where the tests draw engine-made views.
func htLobby(t *testing.T, name string) context.Context {
	t.Helper()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), name)
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	return tab
}

// htJSON returns v as JSON.
func htJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// htSeatFills are the seats' game colors as the page draws them, in CSS's
// rgb() notation.
var htSeatFills = map[string]string{
	"orange": "rgb(255, 127, 14)", "purple": "rgb(142, 68, 173)", "pink": "rgb(227, 119, 194)", "turquoise": "rgb(23, 162, 184)",
}

// TestHammerTimeSeatsInTheirColors draws a four-player table: each seat's
// badge, its wagon stack, the tag around the tray and the die all show
// the seat's game color (its wagons' color, as the view says), not a
// color of the page's own.
func TestHammerTimeSeatsInTheirColors(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "colors")
	s, _, err := game.Start(hammertime.New(), 4, htSetupPiles(game.Options{"expert": "true"}), 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := game.Play(s, game.Chance, hammertime.RollAction(hammertime.Handle)); err != nil {
		t.Fatal(err)
	}
	v := s.View(3).(hammertime.View)
	htDraw(t, tab, "four seats", nil, htJSON(t, v), "[]", `{"you": 3, "names": ["Ann", "Bob", "Cleo", "Dan"]}`)
	for i, c := range v.SeatColors {
		want := htSeatFills[c]
		got := eval[[]string](t, tab, fmt.Sprintf(`(() => { const seat = document.querySelector('#ht-seats .ht-seat[data-seat="%d"]'); const dot = seat.querySelector('.pawn-dot');
  return [seat.dataset.color, getComputedStyle(dot).backgroundColor, getComputedStyle(seat).borderLeftColor, dot.textContent]; })()`, i))
		if got[0] != c || got[1] != want || got[2] != want || got[3] != fmt.Sprint(i+1) {
			t.Errorf("seat %d (%s): color %q, badge %s, border %s, number %q; want %s, %s, %s and %d", i+1, c, got[0], got[1], got[2], got[3], c, want, want, i+1)
		}
	}
	// The die belongs to the seat to play: seat 1, in its color.
	if got, want := eval[string](t, tab, `getComputedStyle(document.querySelector('#ht-die')).borderTopColor`), htSeatFills[v.SeatColors[v.Current]]; got != want {
		t.Errorf("the die's border %s; want seat %d's color %s", got, v.Current+1, want)
	}
	// On the canvas, the tag of the viewer's seat (at the bottom, in the
	// middle) is drawn in its color.
	waitFor(t, tab, 5*time.Second, "the tray drawn", `document.querySelector('#ht-tray').dataset.gems === '90'`)
	fill := htSeatFills[v.SeatColors[3]]
	found := eval[bool](t, tab, fmt.Sprintf(`(() => {
  const c = document.querySelector('#ht-tray'), g = c.getContext('2d'), k = c.width / 42;
  const want = %q.match(/\d+/g).map(Number);
  const row = g.getImageData(0, Math.round(c.height - k * 1.5 - k * 0.55), c.width, 1).data;
  for (let x = 0; x < c.width; x++) {
    if (want.every((v, j) => Math.abs(row[4 * x + j] - v) < 8)) return true;
  }
  return false;
})()`, fill))
	if !found {
		t.Errorf("the viewer's tag at the bottom of the tray is not drawn in seat 4's color %s", fill)
	}
}

// htDragonThenHit plays seeded two-player games until a hit wakes the
// dragon and the next player's first hit follows; it returns seat 0's
// views before the dragon's hit, after it, and after that next hit.
func htDragonThenHit(t *testing.T) (before, dragon, next []byte) {
	t.Helper()
	g := hammertime.New()
	for seed := uint64(1); seed <= 40; seed++ {
		s, _, err := game.Start(g, 2, htSetupPiles(nil), seed)
		if err != nil {
			t.Fatalf("start: %v", err)
		}
		for try := 0; try < 20 && !s.Terminal(); try++ {
			p := s.Actors(nil)[0]
			prev := htJSON(t, s.View(0))
			if _, err := game.PlayNotation(s, p, fmt.Sprintf("hit south %d strength 10", 1+try%9)); err != nil {
				t.Fatalf("hit: %v", err)
			}
			v := s.View(0).(hammertime.View)
			if v.LastHit != nil && v.LastHit.Dragon {
				woke := htJSON(t, v)
				q := s.Actors(nil)[0]
				if _, err := game.PlayNotation(s, q, "hit north 5 strength 4"); err != nil {
					t.Fatalf("the next hit: %v", err)
				}
				return prev, woke, htJSON(t, s.View(0))
			}
			if v.Phase == "fill" {
				if _, err := game.PlayNotation(s, p, v.Fill.Suggested); err != nil {
					t.Fatalf("%s: %v", v.Fill.Suggested, err)
				}
			}
		}
	}
	t.Fatalf("no blow of strength 10 woke the dragon in 40 games")
	return nil, nil, nil
}

// TestHammerTimeDragonOnlyOverItsOwnHit draws a hit that wakes the dragon,
// then, while the dragon still shows, the next player's hit: the dragon
// leaves at once and never shows over that hit, whose gems fall under a
// sleeping dragon.
func TestHammerTimeDragonOnlyOverItsOwnHit(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "dragon")
	withMotion(t, tab)
	before, dragon, next := htDragonThenHit(t)
	htDraw(t, tab, "the dragon's blow", before, dragon, "[]", "")
	waitFor(t, tab, 20*time.Second, "the dragon awake", `document.querySelector('#ht-tray').dataset.dragon === 'awake'`)
	// The next hit arrives while the dragon shows: record every frame's
	// dragon until its animation is over.
	eval[bool](t, tab, `(() => { window.htDragons = []; const c = document.querySelector('#ht-tray');
  const look = () => { window.htDragons.push(c.dataset.dragon + '/' + c.dataset.animating); if (window.htDragons.length < 400) requestAnimationFrame(look); };
  requestAnimationFrame(look); return true; })()`)
	htDraw(t, tab, "the next hit", dragon, next, "[]", "")
	waitFor(t, tab, 20*time.Second, "the next hit animated", `window.htDragons.some((d) => d.endsWith('/true')) && document.querySelector('#ht-tray').dataset.animating === 'false'`)
	frames := eval[[]string](t, tab, `window.htDragons`)
	for i, f := range frames {
		if strings.HasPrefix(f, "awake/true") {
			t.Fatalf("frame %d of the next hit: the dragon shows over it (%v)", i, frames[:i+1])
		}
	}
	if got := eval[string](t, tab, `document.querySelector('#ht-tray').dataset.dragon`); got != "" {
		t.Errorf("after the next hit the dragon is %q; want asleep", got)
	}
	if eval[bool](t, tab, `!!document.querySelector('#ht-fallen .ht-dragon.awake')`) {
		t.Errorf("the counter shows the dragon awake after the next hit")
	}
}

// htTurnOf returns seat 0's views of an expert two-player game at the
// start of the second player's turn (the die rolled on eyes closed), and
// at the start of the first player's next turn (the die rolled on the
// handle).
func htTurnOf(t *testing.T) (theirs, mine []byte) {
	t.Helper()
	s, _, err := game.Start(hammertime.New(), 2, htSetupPiles(game.Options{"expert": "true"}), 3)
	if err != nil {
		t.Fatal(err)
	}
	roll := func(tech hammertime.Technique) {
		if err := game.Play(s, game.Chance, hammertime.RollAction(tech)); err != nil {
			t.Fatal(err)
		}
	}
	// playTurn has seat p hit, harder each time, until its turn ends (and
	// fills its wagon as suggested).
	playTurn := func(p int, side string) {
		for try := 0; s.View(0).(hammertime.View).Current == p && s.Actors(nil)[0] != game.Chance; try++ {
			if try > 60 {
				t.Fatalf("seat %d's turn does not end", p+1)
			}
			v := s.View(game.Player(p)).(hammertime.View)
			move := fmt.Sprintf("hit %s %d strength %d", side, 1+try%9, min(10, 3+try/3))
			if v.Phase == "fill" {
				move = v.Fill.Suggested
			}
			if _, err := game.PlayNotation(s, game.Player(p), move); err != nil {
				t.Fatalf("%s: %v", move, err)
			}
		}
	}
	roll(hammertime.Fist)
	playTurn(0, "east")
	roll(hammertime.EyesClosed)
	theirs = htJSON(t, s.View(0))
	playTurn(1, "west")
	roll(hammertime.Handle)
	return theirs, htJSON(t, s.View(0))
}

// TestHammerTimeDieSaysWhose draws the expert die on the other player's
// turn and on the viewer's: it names whose technique it is and tells the
// other player's in the third person, never as the viewer's.
func TestHammerTimeDieSaysWhose(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "die")
	theirs, mine := htTurnOf(t)
	htDraw(t, tab, "the other player's die", nil, theirs, "[]", `{"names": ["Ann", "Jasper"]}`)
	waitFor(t, tab, 5*time.Second, "the die showing eyes closed", `document.querySelector('#ht-die').dataset.technique === 'eyes-closed'`)
	whose := eval[string](t, tab, `document.querySelector('#ht-die .ht-die-whose').textContent`)
	effect := eval[string](t, tab, `document.querySelector('#ht-die .ht-die-effect').textContent`)
	if !strings.Contains(whose, "Jasper's technique") || !strings.Contains(effect, "Jasper sees none of the gems") || strings.Contains(strings.ToLower(effect), "you") {
		t.Errorf("on Jasper's turn the die reads %q / %q; want Jasper's technique, told as his", whose, effect)
	}
	if got := eval[string](t, tab, `document.querySelector('#ht-die').dataset.owner`); got != "1" {
		t.Errorf("the die's owner: got seat %s; want 1 (the second seat, counted from 0)", got)
	}
	htDraw(t, tab, "the viewer's die", theirs, mine, `["hit south 5 strength 5"]`, `{"names": ["Ann", "Jasper"]}`)
	waitFor(t, tab, 5*time.Second, "the die showing the handle", `document.querySelector('#ht-die').dataset.technique === 'handle'`)
	if got := eval[string](t, tab, `document.querySelector('#ht-die .ht-die-whose').textContent`); !strings.Contains(got, "Your technique") {
		t.Errorf("on Ann's own turn the die reads %q; want her own technique", got)
	}
}

// TestHammerTimeStrengthIsOneValue aims on the tray: while the person
// presses, the meter, the slider, the number and the hit button all show
// the strength the press has reached, and the hit sent has that strength;
// the slider then moves the meter with it.
func TestHammerTimeStrengthIsOneValue(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "strength")
	s, _, err := game.Start(hammertime.New(), 2, htSetupPiles(nil), 9)
	if err != nil {
		t.Fatal(err)
	}
	var legal []string
	for _, a := range s.Legal(0, nil) {
		legal = append(legal, s.ActionString(0, a))
	}
	htDraw(t, tab, "the person's turn", nil, htJSON(t, s.View(0)), string(htJSON(t, legal)), "")
	const shown = `(() => { const n = (s) => (s.match(/strength (\d+)/) || [])[1];
  return [document.querySelector('#ht-meter').getAttribute('aria-valuenow'), document.querySelector('#ht-strength').value,
    document.querySelector('#ht-str-out').textContent, n(document.querySelector('#ht-hit').textContent), n(document.querySelector('#ht-hit').dataset.move)]; })()`
	same := func(what string, want string) {
		t.Helper()
		got := eval[[]string](t, tab, shown)
		for _, g := range got {
			if g != got[0] || (want != "" && g != want) {
				t.Fatalf("%s: meter, slider, number, button and move say %v; want one value%s", what, got, map[bool]string{true: " " + want, false: ""}[want != ""])
			}
		}
	}
	same("before aiming", "5")
	x, y := htEdgePoint(t, tab, 4, 0.8)
	held := func(p *input.DispatchMouseEventParams) {
		p.Button = input.MouseButtonLeft
		p.Buttons = 1
		p.ClickCount = 1
	}
	do(t, tab, 10*time.Second, "press on the tray", chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.MouseEvent(chromedp.MousePressed, x, y, held))
	time.Sleep(600 * time.Millisecond)
	waitFor(t, tab, 5*time.Second, "the meter filling", `Number(document.querySelector('#ht-meter').getAttribute('aria-valuenow')) >= 3`)
	same("while pressing", "")
	during := eval[[]string](t, tab, shown)[0]
	do(t, tab, 10*time.Second, "let go", chromedp.MouseEvent(chromedp.MouseReleased, x, y, held),
		twoFrames)
	sent := eval[[]string](t, tab, `window.htSent`)
	if len(sent) != 1 || !strings.HasSuffix(sent[0], " strength "+eval[[]string](t, tab, shown)[0]) {
		t.Fatalf("sent %v; want one hit with the strength shown (%s while pressing)", sent, during)
	}
	same("after the hit", "")
	htDraw(t, tab, "the person's turn again", nil, htJSON(t, s.View(0)), string(htJSON(t, legal)), "")
	do(t, tab, 10*time.Second, "set the slider to 8", chromedp.Evaluate[chromedp.Void](`(() => { const e = document.querySelector('#ht-strength'); e.value = 8; e.dispatchEvent(new Event('input', {bubbles: true})); })()`))
	same("the slider at 8", "8")
}

// TestHammerTimeLanguagesAndPlurals draws the renderer in English, then
// switches to German while the game is shown: counts of one read in the
// singular ("1 hit", "1 Schlag"), and no English text of the renderer is
// left; no picture is a font's symbol.
func TestHammerTimeLanguagesAndPlurals(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "languages")
	theirs, mine := htTurnOf(t)
	var v map[string]any
	if err := json.Unmarshal(mine, &v); err != nil {
		t.Fatal(err)
	}
	v["hits_this_turn"], v["tray_moves_left"], v["wagons_to_win"] = 1, 1, 1
	one := htJSON(t, v)
	htDraw(t, tab, "counts of one", theirs, one, `["hit south 5 strength 5", "turn left"]`, `{"names": ["Ann", "Jasper"]}`)
	status := eval[string](t, tab, `document.querySelector('#ht-status').textContent`)
	for _, want := range []string{"1 hit this turn", "1 tray move left", "1 full wagon ends the game"} {
		if !strings.Contains(status, want) {
			t.Errorf("the status reads %q; want %q", status, want)
		}
	}
	if left := rendererEnglishLeft(t, tab, "ht.", "#ht"); len(left) == 0 {
		t.Fatalf("the check of English texts finds none in the English page")
	}
	htDraw(t, tab, "in German", theirs, one, `["hit south 5 strength 5", "turn left"]`, `{"names": ["Ann", "Jasper"], "lang": "de"}`)
	status = eval[string](t, tab, `document.querySelector('#ht-status').textContent`)
	for _, want := range []string{"1 Schlag in diesem Zug", "noch 1 Tablettbewegung", "1 volle Lore beendet die Partie"} {
		if !strings.Contains(status, want) {
			t.Errorf("the German status reads %q; want %q", status, want)
		}
	}
	if left := rendererEnglishLeft(t, tab, "ht.", "#ht"); len(left) > 0 {
		t.Errorf("after switching to German, English texts are left: %v", left)
	}
	text := eval[string](t, tab, `document.querySelector('#ht').innerText`)
	for _, r := range text {
		if symbolGlyph(r) || r == utf8.RuneError {
			t.Errorf("the page shows the symbol %q (U+%04X), which depends on the system's fonts", r, r)
		}
	}
	// Back to English for the other tests of this browser.
	htDraw(t, tab, "in English", theirs, one, "[]", `{"lang": "en"}`)
}
