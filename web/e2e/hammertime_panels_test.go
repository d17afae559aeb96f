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
	"minehall/games/hammertime"
)

// htDragonViews plays seeded two-player games with hard blows until one
// drops nine gems or more, and returns seat 0's views before and after
// that hit as JSON.
func htDragonViews(t testing.TB) (before, after []byte) {
	t.Helper()
	g := hammertime.New()
	for seed := uint64(1); seed <= 40; seed++ {
		s, _, err := game.Start(g, 2, htSetupPiles(nil), seed)
		if err != nil {
			t.Fatalf("start: %v", err)
		}
		for try := 0; try < 20 && !s.Terminal(); try++ {
			p := s.Actors(nil)[0]
			prev, _ := json.Marshal(s.View(0))
			if _, err := game.PlayNotation(s, p, fmt.Sprintf("hit south %d strength 10", 1+try%9)); err != nil {
				t.Fatalf("hit: %v", err)
			}
			v := s.View(0).(hammertime.View)
			if v.LastHit != nil && len(v.LastHit.Fallen) >= 9 {
				next, _ := json.Marshal(v)
				return prev, next
			}
			if v.Phase == "fill" {
				if _, err := game.PlayNotation(s, p, v.Fill.Suggested); err != nil {
					t.Fatalf("%s: %v", v.Fill.Suggested, err)
				}
			}
		}
	}
	t.Fatalf("no blow of strength 10 woke the dragon in 40 games")
	return nil, nil
}

// htRender is the page-side script that draws a view with the Hammer Time
// renderer into a fresh element, records the moves it sends in
// window.htSent, and keeps the context in window.htCtx.
// opts may set the seat shown (you, 0 by default), the seats' names, the
// color-blind mode and the language (lang, English by default), which the
// page switches to.
const htRender = `(async (prev, view, legal, opts = {}) => {
  const mod = await import('/assets/games/hammertime.js');
  const { t, setLanguage, language } = await import('/assets/js/i18n.js');
  const lang = opts.lang || 'en';
  if (language() !== lang) await setLanguage(lang);
  let el = document.getElementById('ht-test');
  if (!el) { el = document.createElement('div'); el.id = 'ht-test'; document.body.prepend(el); }
  window.htSent = [];
  const ctx = { view, prev, legal, send: (m) => { window.htSent.push(m); return 1; }, you: opts.you ?? 0, actors: [view.current],
    names: opts.names || ['Ann', 'Bot'], t, lang, colorBlind: !!opts.colorBlind, status: 'playing' };
  if (prev) mod.render(el, { ...ctx, view: prev, prev: null, legal: [] });
  mod.render(el, ctx);
  window.htCtx = ctx;
  return true;
})`

// htFillView returns view (JSON) turned into seat 0's fill phase: its
// wagon with empty slots left empty (at most all of them) and the others
// holding gems of their colors, the gems fallen, the mission cards won,
// and the suggested filling; and the wagon's slots.
func htFillView(t *testing.T, view []byte, empty int, fallen []int, missions []string, suggested string) ([]byte, []string) {
	t.Helper()
	var d map[string]any
	if err := json.Unmarshal(view, &d); err != nil {
		t.Fatal(err)
	}
	d["phase"] = "fill"
	d["current"] = 0
	seat := d["seats"].([]any)[0].(map[string]any)
	wagon := seat["wagon"].(map[string]any)
	slots := wagon["slots"].([]any)
	wagon["gems"] = slots[:max(0, len(slots)-empty)]
	seat["missions"] = missions
	d["fill"] = map[string]any{"fallen": fallen, "suggested": suggested}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var colors []string
	for _, c := range slots {
		colors = append(colors, c.(string))
	}
	return b, colors
}

// htGemOf returns the number of the first gem of color (white 0–9, then 16
// each of blue, green, yellow, red and black).
func htGemOf(color string) int {
	for i, c := range []string{"blue", "green", "yellow", "red", "black"} {
		if c == color {
			return 10 + 16*i
		}
	}
	return 0
}

// TestHammerTimeDragonAndJokers draws engine-made views in the browser: a
// blow that drops nine gems or more wakes the dragon on the canvas and in
// the counter; in the fill phase, the wagon shows the suggested filling,
// mission cards as jokers in its empty slots, which the player may drag out
// (the filling is then refused: cards only complete a wagon) and back, a
// black gem fits no slot, and the filling on the board is the move sent,
// the suggestion or one of the player's own.
func TestHammerTimeDragonAndJokers(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "panels")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))

	prev, next := htDragonViews(t)
	draw := func(what string, prev, view []byte, legal string) {
		t.Helper()
		p := "null"
		if prev != nil {
			p = string(prev)
		}
		c, cancel := context.WithTimeout(tab, 10*time.Second)
		defer cancel()
		if _, err := chromedp.Run(c, chromedp.Evaluate[bool](fmt.Sprintf(`(%s)(%s, %s, %s)`, htRender, p, view, legal), chromedp.EvalAwaitPromise)); err != nil {
			t.Fatalf("draw %s: %v", what, err)
		}
	}
	draw("the dragon's blow", prev, next, "[]")
	var v hammertime.View
	json.Unmarshal(next, &v)
	waitFor(t, tab, 20*time.Second, "the dragon awake on the canvas", `document.querySelector('#ht-tray').dataset.dragon === 'awake'`)
	if got := eval[int](t, tab, `Number(document.querySelector('#ht-fallen').dataset.count)`); got != len(v.LastHit.Fallen) {
		t.Errorf("fallen counter: got %d; want %d", got, len(v.LastHit.Fallen))
	}
	if !eval[bool](t, tab, `!!document.querySelector('#ht-fallen .ht-dragon.awake') && !!document.querySelector('#ht-result .ht-dragonline')`) {
		t.Errorf("the dragon is not shown awake beside the counter and in the hit's result")
	}

	// A white gem's chip shows its whole edge on the page's white cards:
	// a grey chip (3:1 or more against the card) under a white one smaller
	// on every side.
	if got := eval[string](t, tab, whiteChipEdge); got != "" {
		t.Errorf("a white gem's chip: %s", got)
	}

	// A wagon two mission cards complete, a black gem fallen: the cards
	// won first are suggested in the empty slots.
	black := htGemOf("black")
	fill, _ := htFillView(t, prev, 2, []int{black}, []string{"few", "odd", "black"}, "fill missions 2")
	draw("the filling with jokers", nil, fill, `["fill nothing", "fill missions 2"]`)
	waitFor(t, tab, 5*time.Second, "two jokers in the empty slots",
		`document.querySelectorAll('#ht-fill .ht-slot .ht-mission').length === 2 && !document.querySelector('#ht-fill-confirm').disabled && document.querySelector('#ht-fill-confirm').dataset.move === 'fill missions 2'`)
	if got := eval[string](t, tab, `[...document.querySelectorAll('#ht-fill .ht-slot .ht-mission')].map((e) => e.dataset.kind).join(',')`); got != "few,odd" {
		t.Errorf("jokers suggested: got %s; want few,odd (the cards won first)", got)
	}
	x0, y0 := center(t, tab, `#ht-fill .ht-slot .ht-mission`)
	x1, y1 := center(t, tab, `#ht-fill .ht-left`)
	htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
	waitFor(t, tab, 5*time.Second, "a joker dragged out, the filling refused",
		`document.querySelectorAll('#ht-fill .ht-slot .ht-mission').length === 1 && document.querySelector('#ht-fill-confirm').disabled && document.querySelector('#ht-fill-note').textContent.includes('only complete')`)
	x0, y0 = center(t, tab, `#ht-fill .ht-left [data-card="0"]`)
	x1, y1 = center(t, tab, `#ht-fill .ht-slot:not(.fixed):not(:has(.ht-item))`)
	htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
	waitFor(t, tab, 5*time.Second, "the joker dragged back", `document.querySelectorAll('#ht-fill .ht-slot .ht-mission').length === 2 && !document.querySelector('#ht-fill-confirm').disabled`)
	// The black gem fits no slot: dragged onto the wagon, it stays out.
	x0, y0 = center(t, tab, fmt.Sprintf(`#ht-fill .ht-left [data-gem="%d"]`, black))
	x1, y1 = center(t, tab, `#ht-fill .ht-slot`)
	htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
	waitFor(t, tab, 5*time.Second, "the black gem still out", fmt.Sprintf(`!!document.querySelector('#ht-fill .ht-left [data-gem="%d"]') && document.querySelector('#ht-fill-confirm').dataset.move === 'fill missions 2'`, black))
	do(t, tab, 10*time.Second, "confirm the filling", click(chromedp.CSS(`#ht-fill-confirm`)))
	if got := eval[string](t, tab, `window.htSent.join(';')`); got != "fill missions 2" {
		t.Errorf("sent: got %q; want %q", got, "fill missions 2")
	}

	// An empty wagon and a gem of its first slot's color fallen: the
	// player leaves it out, which is their own filling, and sends it.
	_, slots := htFillView(t, prev, 6, nil, nil, "")
	gem := htGemOf(slots[0])
	suggested := "fill " + slots[0] + " 1"
	fill, _ = htFillView(t, prev, 6, []int{gem, black}, []string{}, suggested)
	draw("the filling of one gem", nil, fill, fmt.Sprintf(`["fill nothing", %q]`, suggested))
	waitFor(t, tab, 5*time.Second, "the gem in its slot", fmt.Sprintf(`!!document.querySelector('#ht-fill .ht-slot[data-color=%q] [data-gem="%d"]') && document.querySelector('#ht-fill-confirm').dataset.move === %q`, slots[0], gem, suggested))
	x0, y0 = center(t, tab, fmt.Sprintf(`#ht-fill .ht-slot [data-gem="%d"]`, gem))
	x1, y1 = center(t, tab, `#ht-fill .ht-left`)
	htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
	waitFor(t, tab, 5*time.Second, "the player's own filling", `document.querySelector('#ht-fill-confirm').dataset.move === 'fill nothing' && !document.querySelector('#ht-fill-confirm').disabled && document.querySelector('#ht-fill-note').textContent !== ''`)
	do(t, tab, 10*time.Second, "confirm the filling", click(chromedp.CSS(`#ht-fill-confirm`)))
	if got := eval[string](t, tab, `window.htSent.join(';')`); got != "fill nothing" {
		t.Errorf("sent: got %q; want %q", got, "fill nothing")
	}
}

// htExpertViews returns seat 0's views of a two-player expert game before
// the die's first roll and after chance rolls the handle, as JSON.
func htExpertViews(t *testing.T) (before, after []byte) {
	t.Helper()
	s, _, err := game.Start(hammertime.New(), 2, htSetupPiles(game.Options{"expert": "true"}), 3)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	before, _ = json.Marshal(s.View(0))
	if _, err := game.PlayNotation(s, game.Chance, "roll handle"); err != nil {
		t.Fatalf("roll handle: %v", err)
	}
	after, _ = json.Marshal(s.View(0))
	return before, after
}

// TestHammerTimeDieInTheOpen draws engine-made views of the expert
// variant: while chance rolls the die the status says so; once the handle
// is rolled the die shows it and the strength meter's band (the strengths
// two hits in three deliver) moves up, since the handle hits harder, while
// without a technique it lies around the chosen strength; the roll reads
// as the die and its face in the log.
func TestHammerTimeDieInTheOpen(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "die")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	draw := func(what string, prev, view []byte, legal string) {
		t.Helper()
		p := "null"
		if prev != nil {
			p = string(prev)
		}
		c, cancel := context.WithTimeout(tab, 10*time.Second)
		defer cancel()
		if _, err := chromedp.Run(c, chromedp.Evaluate[bool](fmt.Sprintf(`(%s)(%s, %s, %s)`, htRender, p, view, legal), chromedp.EvalAwaitPromise)); err != nil {
			t.Fatalf("draw %s: %v", what, err)
		}
	}
	const band = `parseFloat(document.querySelector('.ht-band').style.left)`
	rolling, rolled := htExpertViews(t)
	draw("the die to roll", nil, rolling, "[]")
	if got := eval[string](t, tab, `document.querySelector('#ht').dataset.phase`); got != "roll" {
		t.Errorf("phase before the roll: got %q; want roll", got)
	}
	if got := eval[string](t, tab, `document.querySelector('#ht-status').textContent`); !strings.Contains(got, "The die rolls") {
		t.Errorf("status before the roll: %q; want the die rolling", got)
	}
	// Before the roll there is no technique: the bare hand's band, drawn
	// on the next animation frame.
	waitFor(t, tab, 5*time.Second, "the meter's band drawn", band+` >= 0`)
	bare := eval[float64](t, tab, band)
	if bare <= 0 {
		t.Errorf("the bare hand's band starts at %v%%; want above strength 1 (one deviation below 5)", bare)
	}
	draw("the handle rolled", rolling, rolled, `["hit south 5 strength 5"]`)
	waitFor(t, tab, 5*time.Second, "the die showing the handle", `document.querySelector('#ht-die').dataset.technique === 'handle'`)
	waitFor(t, tab, 5*time.Second, "the band moved up for the handle's harder blow", fmt.Sprintf(`%s > %v`, band, bare))

	// The same tray without the expert variant: the bare hand's band again.
	var v map[string]any
	if err := json.Unmarshal(rolled, &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "technique")
	v["expert"] = false
	plain, _ := json.Marshal(v)
	draw("the bare hand", nil, plain, `["hit south 5 strength 5"]`)
	waitFor(t, tab, 5*time.Second, "the bare hand's band", fmt.Sprintf(`%s === %v`, band, bare))

	words, err := chromedp.Run(tab, chromedp.Evaluate[string](`(async () => { const mod = await import('/assets/games/hammertime.js'); const { t } = await import('/assets/js/i18n.js'); return mod.describe('roll fist', t); })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("describe the roll: %v", err)
	}
	if words != "the die shows: with the fist" {
		t.Errorf("the roll of the fist reads %q; want %q, the die and its face", words, "the die shows: with the fist")
	}
}

// whiteChipEdge is the page-side check of a white gem's chip beside the
// hit's result: "" when its edge contrasts 3:1 or more with the card under
// it and its white face leaves the edge seen on every side, else what is
// wrong.
const whiteChipEdge = `(() => {
  const card = document.querySelector('#ht-result');
  const chip = document.createElement('span');
  chip.className = 'ht-gem g-white';
  card.append(chip);
  const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  let under = card, bg = getComputedStyle(under).backgroundColor;
  while (under && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) { under = under.parentElement; bg = under ? getComputedStyle(under).backgroundColor : 'rgb(255, 255, 255)'; }
  const edge = getComputedStyle(chip).backgroundColor, face = getComputedStyle(chip, '::before');
  const [a, b] = [lum(edge), lum(bg)].sort((x, y) => y - x);
  const ratio = (a + 0.05) / (b + 0.05);
  const inset = chip.getBoundingClientRect().width - parseFloat(face.width);
  chip.remove();
  if (ratio < 3) return 'its edge ' + edge + ' on the card ' + bg + ' contrasts ' + ratio.toFixed(2) + ':1';
  if (face.content === 'none' || !(inset >= 2)) return 'its white face (' + face.content + ', ' + face.width + ') leaves no edge';
  return '';
})()`
