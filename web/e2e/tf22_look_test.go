package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/tf22"
)

// TestTF22RendererDrawsNoGlyphs reads the TF22 Mine renderer and its style
// sheet: the color-blind symbols, the inner ring's symbols, the loaders'
// arrows and everything else they draw are inline SVG, never a character a
// font must have.
func TestTF22RendererDrawsNoGlyphs(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/assets/games/tf22.js", "/assets/games/tf22.css"} {
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

// tfRender is the page-side script that draws a TF22 view with the
// renderer into a fresh element of the page (after prev, if any) and
// records the moves it sends in window.tfSent; opts may set the seat shown
// (you), the seats' names and the language (lang), which the page switches
// to.
const tfRender = `(async (prev, view, legal, opts = {}) => {
  const mod = await import('/assets/games/tf22.js');
  const { t, setLanguage, language } = await import('/assets/js/i18n.js');
  const lang = opts.lang || 'en';
  if (language() !== lang) await setLanguage(lang);
  let el = document.getElementById('tf-test');
  if (!el) { el = document.createElement('div'); el.id = 'tf-test'; document.body.prepend(el); }
  window.tfSent = [];
  const ctx = { view, prev, legal, send: (m) => { window.tfSent.push(m); return 1; }, you: opts.you ?? 0,
    names: opts.names || ['Ann', 'Bob', 'Cleo', 'Dan'], t, lang, colorBlind: !!opts.colorBlind, status: 'playing' };
  if (prev) mod.render(el, { ...ctx, view: prev, prev: null, legal: [] });
  mod.render(el, ctx);
  return true;
})`

// tfDraw draws view (after prev, if any) in the tab with the TF22 renderer.
func tfDraw(t *testing.T, tab context.Context, what string, prev, view []byte, legal []string, opts string) {
	t.Helper()
	p := "null"
	if prev != nil {
		p = string(prev)
	}
	if opts == "" {
		opts = "{}"
	}
	if legal == nil {
		legal = []string{}
	}
	l, _ := json.Marshal(legal)
	c, cancel := context.WithTimeout(tab, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, chromedp.Evaluate[bool](fmt.Sprintf(`(%s)(%s, %s, %s, %s)`, tfRender, p, view, l, opts), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("draw %s: %v", what, err)
	}
}

// tfStarted returns a four-player game after the set-up: the planet kept
// and the crews chosen in the order the seats choose (seats 4, 3, 2, 1).
func tfStarted(t *testing.T, choices ...string) game.State {
	t.Helper()
	s, _, err := game.Start(tf22.New(), 4, game.Options{"symbol_cards": "standard"}, 11)
	if err != nil {
		t.Fatal(err)
	}
	moves := append([]string{"keep planet"}, choices...)
	for i, m := range moves {
		if i > 0 {
			m = "choose " + m
		}
		if _, err := game.PlayNotation(s, s.Actors(nil)[0], m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return s
}

// tfLegal returns p's legal moves in notation.
func tfLegal(s game.State, p game.Player) []string {
	var out []string
	for _, a := range s.Legal(p, nil) {
		out = append(out, s.ActionString(p, a))
	}
	return out
}

// tfSeatFills are the player colors as the page draws them, in CSS's rgb()
// notation.
var tfSeatFills = map[string]string{
	"white": "rgb(244, 243, 238)", "red": "rgb(214, 39, 40)", "blue": "rgb(47, 111, 214)", "yellow": "rgb(242, 194, 48)", "": "rgb(127, 127, 127)",
}

// TestTF22SeatsInTheirColors draws a table where Ann (seat 1) leads the
// blue crew and seat 4 the red one: every seat's badge, panel and crew
// token is in its crew's color, and each crew on the planet carries its
// player's number on its player's color; before the crews are chosen no
// seat has a color.
func TestTF22SeatsInTheirColors(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "tf-colors")
	s := tfStarted(t, "red", "white", "yellow", "blue")
	v := s.View(0).(*tf22.View)
	if got := strings.Join(v.SeatColors, ","); got != "blue,yellow,white,red" {
		t.Fatalf("the engine's seat colors: %s; want blue,yellow,white,red", got)
	}
	tfDraw(t, tab, "four seats", nil, htJSON(t, v), nil, "")
	for seat, c := range v.SeatColors {
		got := eval[[]string](t, tab, fmt.Sprintf(`(() => { const el = document.querySelector('.tf-seat[data-seat="%d"]'); const dot = el.querySelector('.pawn-dot');
  return [getComputedStyle(dot).backgroundColor, getComputedStyle(el).borderLeftColor, dot.textContent]; })()`, seat))
		if got[0] != tfSeatFills[c] || got[1] != tfSeatFills[c] || got[2] != fmt.Sprint(seat+1) {
			t.Errorf("seat %d (%s): badge %s, border %s, number %s; want %s and %d", seat+1, c, got[0], got[1], got[2], tfSeatFills[c], seat+1)
		}
	}
	for _, cr := range v.Crews {
		got := eval[[]string](t, tab, fmt.Sprintf(`(() => { const g = document.querySelector('#tf-planet .crew[data-crew=%q] .crewowner'); return [getComputedStyle(g.querySelector('.ownerdot')).fill, g.textContent]; })()`, cr.Color))
		if want := tfSeatFills[v.SeatColors[cr.Owner]]; got[0] != want || got[1] != fmt.Sprint(cr.Owner+1) {
			t.Errorf("the %s crew's badge: %s with %q; want its player's color %s and number %d", cr.Color, got[0], got[1], want, cr.Owner+1)
		}
	}
	// Before the choice of crews, seats are grey.
	s0, _, err := game.Start(tf22.New(), 4, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	tfDraw(t, tab, "the set-up", nil, htJSON(t, s0.View(0)), nil, "")
	if got := eval[string](t, tab, `getComputedStyle(document.querySelector('.tf-seat[data-seat="0"] .pawn-dot')).backgroundColor`); got != tfSeatFills[""] {
		t.Errorf("before the choice of crews, seat 1's badge is %s; want grey %s", got, tfSeatFills[""])
	}
}

// TestTF22DrawsTheView draws a turn in color-blind mode: the faint tunnels
// of every card are the view's, the symbols of the inner ring and of the
// symbol cards are pictures named by the view, the costs are the view's,
// a turning card sounds like a card, and a draw of chance reads in words.
func TestTF22DrawsTheView(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "tf-view")
	eval[bool](t, tab, `(localStorage.setItem('minehall.sound', 'on'), window.sounds = [], window.addEventListener('minehall:sound', (e) => window.sounds.push(e.detail)), true)`)
	s := tfStarted(t, "red", "white", "yellow", "blue")
	p := s.Actors(nil)[0]
	before := htJSON(t, s.View(p))
	if _, err := game.PlayNotation(s, p, "A 1,1"); err != nil {
		t.Fatal(err)
	}
	v := s.View(p).(*tf22.View)
	tfDraw(t, tab, "a card turned", before, htJSON(t, v), tfLegal(s, p), fmt.Sprintf(`{"you": %d, "colorBlind": true}`, p))
	for _, c := range v.Cards {
		var want []string
		for _, col := range []string{"white", "red", "blue", "yellow"} {
			if ex := c.Faint[col]; ex != "" {
				want = append(want, col+":"+ex)
			}
		}
		got := eval[string](t, tab, fmt.Sprintf(`[...document.querySelectorAll('#tf-planet .tfcard[data-pos="%d,%d"] .backhint path')].map((p) => p.dataset.color + ':' + p.dataset.exits).join(' ')`, c.Row+1, c.Col+1))
		if got != strings.Join(want, " ") {
			t.Errorf("card %d,%d: faint tunnels drawn %q; the view's are %q", c.Row+1, c.Col+1, got, strings.Join(want, " "))
		}
		if c.Symbol != "" && !eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('#tf-planet .tfcard[data-pos="%d,%d"] .glyph-%s')`, c.Row+1, c.Col+1, c.Symbol)) {
			t.Errorf("card %d,%d: no picture of its symbol %s", c.Row+1, c.Col+1, c.Symbol)
		}
	}
	for _, letter := range []string{"A", "J", "K"} {
		got := eval[string](t, tab, fmt.Sprintf(`document.querySelector('#tf-palette [data-key="action:%s"] .cost').dataset.cost`, letter))
		if got != fmt.Sprint(v.Costs[letter]) {
			t.Errorf("action %s costs %s on the page; the view says %d", letter, got, v.Costs[letter])
		}
		if n := eval[int](t, tab, fmt.Sprintf(`document.querySelectorAll('#tf-palette [data-key="action:%s"] .rods .rod').length`, letter)); n != v.Costs[letter] {
			t.Errorf("action %s shows %d ore rods; want %d", letter, n, v.Costs[letter])
		}
	}
	if n := eval[int](t, tab, `document.querySelectorAll('#tf-planet .tsym').length`); n == 0 {
		t.Errorf("color-blind mode: no symbol on the tunnels")
	}
	waitFor(t, tab, 5*time.Second, "the card's sound", `window.sounds.includes('card')`)
	words, err := chromedp.Run(tab, chromedp.Evaluate[string](`(async () => { const mod = await import('/assets/games/tf22.js'); const { t } = await import('/assets/js/i18n.js'); return mod.describe('draw 4', t); })()`, chromedp.EvalAwaitPromise))
	if err != nil || words != "draws the symbol card 4" {
		t.Errorf("chance's draw of a 4 reads %q (%v); want %q", words, err, "draws the symbol card 4")
	}
}

// TestTF22LanguagesAndPlurals draws the set-up with one swap left, then
// switches to German: one pair reads in the singular, the rulebook's terms
// are used (Minencrew, Raumlader, Stollen), and no English text of the
// renderer is left.
func TestTF22LanguagesAndPlurals(t *testing.T) {
	t.Parallel()
	tab := htLobby(t, "tf-languages")
	s, _, err := game.Start(tf22.New(), 4, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.PlayNotation(s, 0, "swap 1,1 and 6,6"); err != nil {
		t.Fatal(err)
	}
	tfDraw(t, tab, "one swap left", nil, htJSON(t, s.View(0)), tfLegal(s, 0), "")
	if got := eval[string](t, tab, `document.querySelector('#tf-setup').textContent`); !strings.Contains(got, "You may swap 1 pair of ring cards") {
		t.Errorf("the swap prompt reads %q; want one pair in the singular", got)
	}
	if left := rendererEnglishLeft(t, tab, "tf.", "#tf"); len(left) == 0 {
		t.Fatalf("the check of English texts finds none in the English page")
	}
	tfDraw(t, tab, "in German", nil, htJSON(t, s.View(0)), tfLegal(s, 0), `{"lang": "de"}`)
	if got := eval[string](t, tab, `document.querySelector('#tf-setup').textContent`); !strings.Contains(got, "Du darfst 1 Paar von Ringkarten tauschen") {
		t.Errorf("the German swap prompt reads %q; want one pair in the singular", got)
	}
	if left := rendererEnglishLeft(t, tab, "tf.", "#tf"); len(left) > 0 {
		t.Errorf("after switching to German, English texts are left: %v", left)
	}
	// A turn in German, in the rulebook's words.
	st := tfStarted(t, "red", "white", "yellow", "blue")
	p := st.Actors(nil)[0]
	tfDraw(t, tab, "a German turn", nil, htJSON(t, st.View(p)), tfLegal(st, p), fmt.Sprintf(`{"lang": "de", "you": %d}`, p))
	text := eval[string](t, tab, `(() => { const r = document.querySelector('#tf'); return r.textContent + ' ' + [...r.querySelectorAll('[aria-label], [title]')].map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || '')).join(' '); })()`)
	for _, want := range []string{"Minencrew", "Raumlader", "Stollen", "Geheimstollen"} {
		if !strings.Contains(text, want) {
			t.Errorf("the German page does not say %q", want)
		}
	}
	for _, old := range []string{"Trupp", "Frachter", "Tunnel"} {
		if strings.Contains(text, old) {
			t.Errorf("the German page says %q, not the rulebook's term", old)
		}
	}
	if left := rendererEnglishLeft(t, tab, "tf.", "#tf"); len(left) > 0 {
		t.Errorf("the German turn has English texts: %v", left)
	}
	for _, r := range text {
		if symbolGlyph(r) {
			t.Errorf("the page shows the symbol %q (U+%04X), which depends on the system's fonts", r, r)
		}
	}
	tfDraw(t, tab, "in English", nil, htJSON(t, st.View(p)), nil, `{"lang": "en"}`)
}
