package e2e

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

func TestZZShift(t *testing.T) {
	browser := newBrowser(t)
	for _, id := range []string{"1f8586d154697b19", "7ed907a916723f73"} {
		tab := newTab(t, browser, "x")
		do(t, tab, 20*time.Second, "open",
			chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__shifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({v: e.value, t: Math.round(e.startTime), src: e.sources.map((s) => (s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?') + ' ' + JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height]))}); }).observe({type: 'layout-shift', buffered: true});`})
				return err
			}),
			chromedp.EmulateViewport(412, 823, chromedp.EmulateScale(1.75), chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Navigate("http://127.0.0.1:18467/tables/"+id), chromedp.Sleep(5000*time.Millisecond))
		t.Log(eval[any](t, tab, `window.__shifts`))
		shot, _ := chromedp.Run(tab, chromedp.CaptureScreenshot())
		os.WriteFile("/tmp/shots/shift-"+id+".png", shot, 0o644)
	}
}
