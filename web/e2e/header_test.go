package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSettingsFoldOnAPhone opens the lobby on a 390x844 touch screen: the
// settings (language, color-blind, screen-reader and sound) fold under one
// Settings button beside the brand, so the header takes the brand and the
// navigation only and the lobby starts near the top; a tap opens them,
// each control 44 px tall or more, and the language chosen there names the
// button in its words. On its side (844x390) the header is one row with
// the button after the navigation; at 1280x900 the settings show in the
// header and the button does not.
func TestSettingsFoldOnAPhone(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "phone")
	view := func(vp layoutViewport) {
		t.Helper()
		do(t, tab, 10*time.Second, fmt.Sprintf("a %dx%d screen", vp.width, vp.height), chromedp.EmulateViewport(vp.width, vp.height, vp.emulation()...),
			twoFrames)
	}
	view(layoutViewports[0])
	do(t, tab, 30*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`))
	closed := eval[[]float64](t, tab, `(() => {
  const h = document.querySelector('header.top').getBoundingClientRect(), b = document.getElementById('prefs-toggle').getBoundingClientRect();
  return [h.height, document.querySelector('main h1').getBoundingClientRect().top, getComputedStyle(document.getElementById('prefs')).display === 'none' ? 1 : 0, b.top, b.right, b.height];
})()`)
	if closed[0] > 160 || closed[1] > 200 || closed[2] != 1 {
		t.Errorf("at 390x844: header %.0f px tall, the lobby's heading at %.0f px, settings hidden %v; want at most 160 px, at most 200 px, hidden", closed[0], closed[1], closed[2] == 1)
	}
	if closed[3] > 12 || closed[4] < 370 || closed[5] < 44 {
		t.Errorf("the Settings button at top %.0f px, right edge %.0f px, %.0f px tall; want it beside the brand at the right, at least 44 px tall", closed[3], closed[4], closed[5])
	}
	// This site keeps no accounts: Sign in and Friends are hidden, and a
	// phone's layout of the links does not show them.
	checkHiddenLinks(t, tab, "390x844")
	if got := eval[string](t, tab, `document.getElementById('prefs-toggle').getAttribute('aria-expanded')`); got != "false" {
		t.Errorf("aria-expanded %q before a tap; want false", got)
	}

	tapOn(t, tab, "Settings", `#prefs-toggle`)
	waitFor(t, tab, 5*time.Second, "the settings open", `getComputedStyle(document.getElementById('prefs')).display !== 'none' && document.getElementById('prefs-toggle').getAttribute('aria-expanded') === 'true'`)
	if short := eval[[]string](t, tab, `[...document.querySelectorAll('#prefs label, #prefs select')].filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.textContent.trim() || e.id)`); len(short) > 0 {
		t.Errorf("settings shorter than 44 px: %q", short)
	}
	keepScreen(t, tab)
	tapOn(t, tab, "the color-blind mode", `#colorblind`)
	waitFor(t, tab, 5*time.Second, "the color-blind mode on", `document.body.classList.contains('colorblind')`)
	do(t, tab, 10*time.Second, "choose German", choose(`#lang`, "de"))
	waitFor(t, tab, 10*time.Second, "the button in German", `document.getElementById('prefs-toggle').textContent === 'Einstellungen'`)
	tapOn(t, tab, "Einstellungen", `#prefs-toggle`)
	waitFor(t, tab, 5*time.Second, "the settings folded again", `getComputedStyle(document.getElementById('prefs')).display === 'none'`)

	view(layoutViewports[2])
	row := eval[[]float64](t, tab, `(() => {
  const links = [...document.querySelectorAll('header.top nav a:not([hidden])')].map((a) => a.getBoundingClientRect());
  return [document.querySelector('header.top').getBoundingClientRect().height, Math.max(...links.map((r) => r.right)), document.getElementById('prefs-toggle').getBoundingClientRect().left];
})()`)
	checkHiddenLinks(t, tab, "844x390")
	if row[0] > 64 || row[2] < row[1] {
		t.Errorf("at 844x390: header %.0f px tall, the last link ends at %.0f px and the button starts at %.0f px; want one row of at most 64 px with the button after the links", row[0], row[1], row[2])
	}

	do(t, tab, 10*time.Second, "a 1280x900 screen", screenSize(1280, 900))
	if got := eval[[]string](t, tab, `[getComputedStyle(document.getElementById('prefs-toggle')).display, getComputedStyle(document.getElementById('prefs')).display]`); got[0] != "none" || got[1] == "none" {
		t.Errorf("at 1280x900: button display %q, settings display %q; want the button hidden and the settings shown", got[0], got[1])
	}
}

// checkHiddenLinks checks, on a site that keeps no accounts, that the
// header's hidden links (Sign in, Friends) are hidden and not shown by
// the layout of the screen named size.
func checkHiddenLinks(t *testing.T, tab context.Context, size string) {
	t.Helper()
	shown := eval[[]string](t, tab, `['nav-account', 'nav-friends'].map((id) => document.getElementById(id)).filter((a) => a?.hidden).map((a) => getComputedStyle(a).display === 'none' ? '' : a.textContent)`)
	if len(shown) != 2 || shown[0] != "" || shown[1] != "" {
		t.Errorf("at %s the hidden links Sign in and Friends show as %q; want both hidden", size, shown)
	}
}
