package e2e

// The phone layout check: a table page on a phone shows the board and
// every control the current step needs on one screen, with nothing to
// scroll, nothing covering them and no two of them overlapping, and every
// control a player taps is large enough for a thumb.
//
// A layoutCase is a golden case (a fixed position of a game served as a
// table, see golden_test.go) and the parts of the page that position
// needs: the board, the legal targets, the buttons of the step. runLayouts
// opens each case at each of layoutViewports (touch, a phone's device
// scale) and checks, without scrolling the page:
//
//   - every part is shown and lies inside the screen (a part with Each set:
//     every element it matches, such as every legal target);
//   - the topmost element at the centre of each part's element is that
//     element or inside it (a floating button or a sheet covering it
//     fails), unless both lie inside the board, whose own layers are the
//     renderer's business;
//   - no two parts overlap (an element inside another part's element,
//     such as a target inside the board, is not an overlap);
//   - every control inside the screen that a player taps (buttons, links,
//     form fields, focusable board elements) is at least 44×44 CSS px, or
//     the 44×44 square centred on it touches no other control (WCAG 2.5.5's
//     size, with 2.5.8's spacing exception). A link inside running text is
//     exempt, as WCAG exempts it.
//
// With MINEHALL_SHOTS set to a directory, every screen is also written
// there as <case>-<viewport>.png, to be looked at.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// layoutViewport is a phone screen: its size in CSS px, whether it is held
// in landscape, and its device scale.
type layoutViewport struct {
	name          string
	width, height int64
	landscape     bool
	scale         float64
}

// layoutViewports are the screens every layout case is checked at.
var layoutViewports = []layoutViewport{
	{"phone", 390, 844, false, 3},
	{"small", 360, 740, false, 3},
	{"landscape", 844, 390, true, 3},
}

// layoutPart is a part of the page a step needs on screen.
type layoutPart struct {
	// Name names the part in failures ("board", "hit button").
	Name string
	// Selector is a CSS selector for the part.
	Selector string
	// Each requires every visible element the selector matches to fit
	// (each legal target); otherwise the first visible one is the part.
	Each bool
	// Optional lets the part be absent; when shown it must fit.
	Optional bool
}

// layoutCase is a position and the parts its step needs on one screen.
type layoutCase struct {
	goldenCase
	Parts []layoutPart
	// Viewports limits the case to the named layoutViewports (all when
	// empty).
	Viewports []string
}

// runLayouts checks every case at every viewport (see the file comment).
func runLayouts(t *testing.T, cases []layoutCase) {
	golden := make([]goldenCase, len(cases))
	for i, c := range cases {
		golden[i] = c.goldenCase
	}
	runLayoutsOn(t, goldenSite(t, golden), cases)
}

// runLayoutsOn is runLayouts on a site that serves the cases' tables
// already.
func runLayoutsOn(t *testing.T, s *site, cases []layoutCase) {
	browser := newBrowser(t)
	for _, c := range cases {
		for _, vp := range layoutViewports {
			if len(c.Viewports) > 0 && !slices.Contains(c.Viewports, vp.name) {
				continue
			}
			t.Run(c.Name+"-"+vp.name, func(t *testing.T) {
				tab := openLayout(t, browser, s, c.goldenCase, vp)
				if problems := layoutProblems(t, tab, c.Parts); len(problems) > 0 {
					for _, p := range problems {
						t.Errorf("%s at %dx%d: %s", c.Name, vp.width, vp.height, p)
					}
				}
				keepScreen(t, tab)
			})
		}
	}
}

// openLayout opens a golden case's table at a phone viewport, with touch
// and the phone's device scale.
func openLayout(t *testing.T, browser context.Context, s *site, c goldenCase, vp layoutViewport) context.Context {
	return openGolden(t, browser, s, c, vp.width, vp.height, vp.emulation()...)
}

// emulation is the phone of vp: touch, its device scale and orientation.
func (vp layoutViewport) emulation() []chromedp.EmulateViewportOption {
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(vp.scale), chromedp.EmulateMobile, chromedp.EmulateTouch}
	if vp.landscape {
		return append(opts, chromedp.EmulateLandscape)
	}
	return append(opts, chromedp.EmulatePortrait)
}

// layoutProblems checks the page in tab as the file comment says and
// returns what is wrong, one sentence each.
func layoutProblems(t *testing.T, tab context.Context, parts []layoutPart) []string {
	t.Helper()
	type part struct {
		Name     string `json:"name"`
		Selector string `json:"sel"`
		Each     bool   `json:"each"`
		Optional bool   `json:"optional"`
	}
	ps := make([]part, len(parts))
	for i, p := range parts {
		ps[i] = part(p)
	}
	arg, err := json.Marshal(ps)
	if err != nil {
		t.Fatal(err)
	}
	return eval[[]string](t, tab, `(`+layoutCheckJS+`)(`+string(arg)+`)`)
}

// layoutCheckJS is the check, run in the page: a function of the parts
// that returns a list of problems.
const layoutCheckJS = `(parts) => {
  const vw = innerWidth, vh = innerHeight, problems = [];
  const desc = (e) => {
    const id = e.id ? '#' + e.id : '';
    const cls = typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '';
    const text = (e.getAttribute('aria-label') || e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return e.tagName.toLowerCase() + id + cls + (text ? ' "' + text + '"' : '');
  };
  const box = (r) => '[' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(', ') + ']';
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const cs = getComputedStyle(e);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0 && !e.closest('[hidden],[inert]');
  };
  const onScreen = (r) => r.right > 0 && r.bottom > 0 && r.left < vw && r.top < vh;
  const intersects = (a, b, m = 0) => Math.min(a.right + m, b.right) - Math.max(a.left - m, b.left) > 0.5 &&
    Math.min(a.bottom + m, b.bottom) - Math.max(a.top - m, b.top) > 0.5;
  if (scrollX !== 0 || scrollY !== 0) problems.push('the page is scrolled to ' + scrollX + ',' + scrollY + '; want the step on the first screen');
  const placed = [];
  for (const p of parts) {
    const els = [...document.querySelectorAll(p.sel)].filter(visible);
    if (!els.length) {
      if (!p.optional) problems.push(p.name + ' (' + p.sel + ') is not shown');
      continue;
    }
    for (const e of (p.each ? els : els.slice(0, 1))) {
      const r = e.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
        problems.push(p.name + ' ' + desc(e) + ' at ' + box(r) + ' is not inside the ' + vw + 'x' + vh + ' screen');
        continue;
      }
      const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
      const top = document.elementFromPoint(cx, cy);
      const board = document.getElementById('board');
      if (top && top !== e && !e.contains(top) && !(board && board.contains(top) && board.contains(e))) {
        problems.push(p.name + ' ' + desc(e) + ' is covered by ' + desc(top));
      }
      placed.push({ name: p.name, e, r });
    }
  }
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i], b = placed[j];
      if (a.name === b.name || a.e.contains(b.e) || b.e.contains(a.e)) continue;
      if (intersects(a.r, b.r)) problems.push(a.name + ' ' + desc(a.e) + ' at ' + box(a.r) + ' overlaps ' + b.name + ' ' + desc(b.e) + ' at ' + box(b.r));
    }
  }
  const inRunningText = (e) => e.tagName === 'A' && getComputedStyle(e).display === 'inline' && !!e.closest('p, li, small, label');
  const controls = [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])')]
    .filter((e) => visible(e) && e.id !== 'main' && !e.classList.contains('skip') && !inRunningText(e) && onScreen(e.getBoundingClientRect()))
    .filter((e, _, all) => !all.some((o) => o !== e && o.contains(e) && o.matches('button, a[href], [role=button]')));
  const rects = controls.map((e) => e.getBoundingClientRect());
  controls.forEach((e, i) => {
    const r = rects[i];
    if (r.width >= 43.5 && r.height >= 43.5) return;
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const square = { left: cx - 22, right: cx + 22, top: cy - 22, bottom: cy + 22 };
    const near = controls.find((o, k) => k !== i && !o.contains(e) && !e.contains(o) && intersects(square, rects[k]));
    if (near) problems.push('the control ' + desc(e) + ' is ' + Math.round(r.width) + 'x' + Math.round(r.height) + ' px and ' + desc(near) + ' lies within 44 px of it; want 44x44 or that much room');
  });
  return problems;
}`

// tapOn taps the middle of the element sel where it is on the screen, as a
// finger does (a touch start and end, which the browser follows with a
// click), without scrolling: a control a step needs is on the screen
// already, and the tap fails the test when it is not.
func tapOn(t *testing.T, tab context.Context, what, sel string) {
	t.Helper()
	if !tapIfThere(t, tab, what, sel) {
		t.Fatalf("tap %s: no element %s", what, sel)
	}
}

// tapIfThere is tapOn for an element the page may have taken away since
// the test last looked (a round that ended meanwhile takes the supply): it
// reports whether the element was there to tap.
func tapIfThere(t *testing.T, tab context.Context, what, sel string) bool {
	t.Helper()
	xy := eval[[]float64](t, tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return []; const r = e.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel))
	if len(xy) != 2 {
		return false
	}
	if w, h := eval[float64](t, tab, `innerWidth`), eval[float64](t, tab, `innerHeight`); xy[0] < 0 || xy[1] < 0 || xy[0] > w || xy[1] > h {
		t.Fatalf("tap %s: %s is at %.0f,%.0f, off the %.0fx%.0f screen", what, sel, xy[0], xy[1], w, h)
	}
	do(t, tab, 10*time.Second, "tap "+what,
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{xy[0], xy[1]}),
		touch(input.DispatchTouchEventTypeTouchEnd))
	return true
}
