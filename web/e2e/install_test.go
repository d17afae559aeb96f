package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// outage is a proxy in front of a site that can stop answering, as a
// server out of reach does: while down it drops every connection, and
// while gateway it answers 502 Bad Gateway, as a load balancer whose
// servers are gone does.
type outage struct {
	URL     string
	down    atomic.Bool
	gateway atomic.Bool
}

func startOutage(t *testing.T, target string) *outage {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatalf("parse %s: %v", target, err)
	}
	o := &outage{}
	proxy := httputil.NewSingleHostReverseProxy(u)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o.down.Load() {
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				conn.Close()
			}
			return
		}
		if o.gateway.Load() {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	o.URL = ts.URL
	return o
}

// setOffline emulates the browser without network (pages and service
// workers alike, navigator.onLine included) or undoes it.
func setOffline(offline bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		sw := offline
		if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &sw,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: offline, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{
			Offline: offline, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	})
}

// evalAsync evaluates a JavaScript expression whose value is a promise
// and returns what it resolves to.
func evalAsync[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// The app is installable and works offline as far as it can: the page
// links a valid manifest; its service worker registers and controls the
// page after a reload, and Chromium's installability check (the one
// Lighthouse ran) finds nothing missing; then, behind a proxy that
// answers 502, with the server out of reach (the browser still online),
// and again with the network gone too, a reload still
// shows the app with a banner that says it is offline and that tables
// need the server, which goes when the network is back.
func TestInstallableAndOffline(t *testing.T) {
	t.Parallel()
	s := startSite(t, realWorker)
	o := startOutage(t, s.URL)
	// The browser's own first tab, not a new browser context: Chromium
	// does not install apps from an incognito-like context.
	tab := newOwnBrowser(t)
	t.Cleanup(func() {
		if t.Failed() {
			screenshot(t, tab, "guest")
		}
	})
	do(t, tab, 30*time.Second, "open the lobby",
		chromedp.Navigate(o.URL+"/"),
		visible(`#create`),
	)
	if eval[bool](t, tab, `!!document.getElementById('offline')`) {
		t.Fatalf("online, the page shows the offline banner %q; want none", eval[string](t, tab, `document.getElementById('offline').textContent`))
	}

	manifest := evalAsync[string](t, tab, `(async () => {
		const link = document.querySelector('link[rel="manifest"]');
		if (!link) return 'no manifest link';
		const r = await fetch(link.href);
		if (!r.ok) return 'status ' + r.status;
		const m = await r.json();
		const sizes = m.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes + ' ' + i.purpose).sort().join(', ');
		return [m.name, m.start_url, m.display, sizes].join(' | ');
	})()`)
	if want := "Minehall | / | standalone | 192x192 any, 192x192 maskable, 512x512 any, 512x512 maskable"; manifest != want {
		t.Errorf("got manifest %q; want %q", manifest, want)
	}

	waitFor(t, tab, 20*time.Second, "the service worker to be active", `(() => {
		navigator.serviceWorker.ready.then((r) => { window.swActive = !!r.active; });
		return window.swActive === true;
	})()`)
	do(t, tab, 30*time.Second, "reload the lobby",
		chromedp.Reload(),
		visible(`#create`),
	)
	if got := eval[string](t, tab, `navigator.serviceWorker.controller?.scriptURL ?? 'none'`); got != o.URL+"/sw.js" {
		t.Fatalf("after a reload the page is controlled by %s; want %s/sw.js", got, o.URL)
	}

	var installErrs []*page.InstallabilityError
	do(t, tab, 10*time.Second, "ask Chromium whether the app is installable", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, page.GetInstallabilityErrors, cdp.Empty{})
		installErrs = res.InstallabilityErrors
		return err
	}))
	for _, e := range installErrs {
		t.Errorf("Chromium finds the app not installable: %s %v", e.ErrorID, e.ErrorArguments)
	}

	o.gateway.Store(true)
	do(t, tab, 30*time.Second, "reload the lobby behind a proxy that answers 502",
		chromedp.Reload(),
		visible(`#offline`),
		visible(`header.top nav`),
	)
	o.gateway.Store(false)
	o.down.Store(true)
	do(t, tab, 30*time.Second, "reload the lobby with the server out of reach",
		chromedp.Reload(),
		visible(`#offline`),
	)
	if !eval[bool](t, tab, `navigator.onLine`) {
		t.Fatalf("the browser says it is offline; want online, with only the server out of reach")
	}
	do(t, tab, 30*time.Second, "reload the lobby with no network",
		setOffline(true),
		chromedp.Reload(),
		visible(`#offline`),
	)
	if got := eval[string](t, tab, `document.getElementById('offline').textContent`); got != "You are offline: tables need the server. The app comes back when the network does." {
		t.Errorf("got offline banner %q; want the English text", got)
	}
	if got := eval[string](t, tab, `document.querySelector('header.top .brand')?.textContent + ' | ' + document.querySelector('a[href="/rules"]')?.textContent`); got != "Minehall | Rules" {
		t.Errorf("offline, the shell's header reads %q; want Minehall | Rules, translated", got)
	}

	o.down.Store(false)
	do(t, tab, 10*time.Second, "bring the network back", setOffline(false))
	waitFor(t, tab, 10*time.Second, "the banner to go", `!document.getElementById('offline')`)
}
