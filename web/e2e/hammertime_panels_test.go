package e2e

import (
	"context"
	"encoding/json"
	"fmt"
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
		s, _, err := game.Start(g, 2, nil, seed)
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
			if v.Phase == "decide" {
				game.PlayNotation(s, p, "keep missions")
			}
		}
	}
	t.Fatalf("no blow of strength 10 woke the dragon in 40 games")
	return nil, nil
}

// htRender is the page-side script that draws a view with the Hammer Time
// renderer into a fresh element, records the moves it sends in
// window.htSent, and keeps the context in window.htCtx.
const htRender = `(async (prev, view, legal) => {
  const mod = await import('/assets/games/hammertime.js');
  const { t } = await import('/assets/js/i18n.js');
  let el = document.getElementById('ht-test');
  if (!el) { el = document.createElement('div'); el.id = 'ht-test'; document.body.prepend(el); }
  window.htSent = [];
  const ctx = { view, prev, legal, send: (m) => { window.htSent.push(m); return 1; }, you: 0, actors: [view.current],
    names: ['Ann', 'Bot'], t, lang: 'en', colorBlind: false, status: 'playing' };
  if (prev) mod.render(el, { ...ctx, view: prev, prev: null, legal: [] });
  mod.render(el, ctx);
  window.htCtx = ctx;
  return true;
})`

// TestHammerTimeDragonAndJokers draws engine-made views in the browser: a
// blow that drops nine gems or more wakes the dragon on the canvas and in
// the counter; a wagon that mission cards can complete shows them as
// jokers in its empty slots, which the player may drag out and back before
// using them.
func TestHammerTimeDragonAndJokers(t *testing.T) {
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "panels")
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#create`)))

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

	// A wagon two mission cards complete: the cards won first are
	// suggested in the empty slots.
	var d map[string]any
	json.Unmarshal(prev, &d)
	d["phase"] = "decide"
	d["current"] = 0
	seat := d["seats"].([]any)[0].(map[string]any)
	wagon := seat["wagon"].(map[string]any)
	slots := wagon["slots"].([]any)
	wagon["gems"] = slots[:len(slots)-2]
	seat["missions"] = []string{"few", "odd", "black"}
	decide, _ := json.Marshal(d)
	draw("the decision", nil, decide, `["use missions", "keep missions"]`)
	waitFor(t, tab, 5*time.Second, "two jokers in the empty slots",
		`document.querySelectorAll('#ht-decide .ht-slot .ht-mission').length === 2 && !document.querySelector('#ht-use').disabled`)
	if got := eval[string](t, tab, `[...document.querySelectorAll('#ht-decide .ht-slot .ht-mission')].map((e) => e.dataset.kind).join(',')`); got != "few,odd" {
		t.Errorf("jokers suggested: got %s; want few,odd (the cards won first)", got)
	}
	x0, y0 := center(t, tab, `#ht-decide .ht-slot .ht-mission`)
	x1, y1 := center(t, tab, `#ht-decide .ht-left`)
	htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
	waitFor(t, tab, 5*time.Second, "a joker dragged out", `document.querySelectorAll('#ht-decide .ht-slot .ht-mission').length === 1 && document.querySelector('#ht-use').disabled`)
	x0, y0 = center(t, tab, `#ht-decide .ht-left [data-card="0"]`)
	x1, y1 = center(t, tab, `#ht-decide .ht-slot:not(.fixed):empty, #ht-decide .ht-slot:not(.fixed):not(:has(.ht-mission))`)
	htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
	waitFor(t, tab, 5*time.Second, "the joker dragged back", `document.querySelectorAll('#ht-decide .ht-slot .ht-mission').length === 2 && !document.querySelector('#ht-use').disabled`)
	do(t, tab, 10*time.Second, "use the mission cards", chromedp.Click(chromedp.CSS(`#ht-use`)))
	if got := eval[string](t, tab, `window.htSent.join(';')`); got != "use missions" {
		t.Errorf("sent: got %q; want %q", got, "use missions")
	}
}
