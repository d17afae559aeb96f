package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkHammerTimeHitDrawn measures, in the browser, how long the Hammer
// Time renderer takes to take in a hit's view (its recorded gem paths
// turned into keyframes, the panels redrawn) and draw the tray's first
// animated frame, for an engine-made blow that drops nine gems or more.
// Its metrics are ms-to-frame (which includes the wait for the next
// animation frame, about 17 ms at 60 Hz) and view-kB, the view's size (what
// the server sends for one hit).
func BenchmarkHammerTimeHitDrawn(b *testing.B) {
	s := startSite(b)
	tab := newTab(b, newBrowser(b), "bench")
	if err := chromedp.Do(tab, chromedp.Navigate(s.URL+"/"), visible(`#create`)); err != nil {
		b.Fatal(err)
	}
	prev, next := htDragonViews(b)
	setup := fmt.Sprintf(`(%s)(null, %s, []).then(() => { window.htPrev = %s; window.htNext = %s; return true; })`, htRender, prev, prev, next)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](setup, chromedp.EvalAwaitPromise)); err != nil {
		b.Fatal(err)
	}
	const perRound = 20
	measure := fmt.Sprintf(`(async () => {
  const mod = await import('/assets/games/hammertime.js');
  const el = document.getElementById('ht-test');
  let total = 0;
  for (let i = 0; i < %d; i++) {
    mod.render(el, { ...window.htCtx, view: window.htPrev, prev: null });
    const t0 = performance.now();
    mod.render(el, { ...window.htCtx, view: window.htNext, prev: window.htPrev });
    await new Promise((r) => requestAnimationFrame(r));
    total += performance.now() - t0;
  }
  return total;
})()`, perRound)
	var ms float64
	for b.Loop() {
		v, err := chromedp.Run(tab, chromedp.Evaluate[float64](measure, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		ms += v
	}
	b.ReportMetric(ms/float64(b.N*perRound), "ms-to-frame")
	b.ReportMetric(float64(len(next))/1000, "view-kB")
}
