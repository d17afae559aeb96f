package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// englishLeft is a page-side function: the English texts still on the
// page after a switch to lang. It compares the page's text (what shows,
// and every title and aria-label) with the English dictionary's values:
// each value's literal parts (split at its placeholders) of four letters
// or more that the language's dictionary does not also use, found on the
// page as whole words. Texts that are the same in both languages (names,
// OUT OF MINE!) are left out, and so are notation in code spans and what
// matches ignore (a CSS selector: the test-only game of the e2e server).
const englishLeft = `window.englishLeft = async (lang, ignore) => {
  for (const e of document.querySelectorAll('code' + (ignore ? ', ' + ignore : ''))) e.style.display = 'none';
  const en = await (await fetch('/assets/i18n/en.json')).json();
  const tr = await (await fetch('/assets/i18n/' + lang + '.json')).json();
  const trText = Object.values(tr).join('\n');
  const attrs = [...document.querySelectorAll('[title], [aria-label]')].map((e) => (e.getAttribute('title') || '') + '\n' + (e.getAttribute('aria-label') || ''));
  const text = document.body.innerText + '\n' + attrs.join('\n') + '\n' + document.title;
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = [];
  for (const [k, v] of Object.entries(en)) {
    const base = k.replace(/\.(zero|one|two|few|many|other)$/, '');
    if (tr[k] === v || tr[base] === v) continue;
    for (const part of v.split(/\{\w+\}/)) {
      const f = part.replace(/^[\s:·,.;()—–!?-]+|[\s:·,.;()—–!?-]+$/g, '');
      if (f.replace(/[^A-Za-z]/g, '').length < 4 || trText.includes(f)) continue;
      if (new RegExp('(^|[^A-Za-z])' + esc(f) + '($|[^A-Za-z])').test(text)) found.push(k + ': "' + f + '"');
    }
  }
  return [...new Set(found)];
}`

// switchAndCheck switches the page's language live (no reload) to each of
// German, French and Dutch, and checks after each switch that no English
// text is left on the page.
func switchAndCheck(t *testing.T, tab context.Context, page string) {
	t.Helper()
	switchAndCheckIgnoring(t, tab, page, "")
}

// switchAndCheckIgnoring is switchAndCheck leaving out the elements that
// match ignore.
func switchAndCheckIgnoring(t *testing.T, tab context.Context, page, ignore string) {
	t.Helper()
	eval[bool](t, tab, `(window.notReloaded = true, true)`)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](englishLeft+`, true`)); err != nil {
		t.Fatalf("%s: %v", page, err)
	}
	for _, lang := range []string{"de", "fr", "nl"} {
		do(t, tab, 10*time.Second, page+": switch to "+lang, choose(`#lang`, lang))
		waitFor(t, tab, 10*time.Second, page+" in "+lang, fmt.Sprintf(`document.documentElement.lang === %q`, lang))
		// Pages that fetch again (the rules) redraw a moment later: look
		// until nothing English is left, or report what is.
		check := fmt.Sprintf(`window.englishLeft(%q, %q).then((l) => (window.left = l, l.length === 0))`, lang, ignore)
		c, cancel := context.WithTimeout(tab, 15*time.Second)
		_, err := chromedp.Run(c, chromedp.Poll[chromedp.Void](check, chromedp.WithPollingTimeout(8*time.Second), chromedp.WithPollingInterval(250*time.Millisecond)))
		cancel()
		if err != nil {
			left := eval[[]string](t, tab, `window.left || []`)
			t.Errorf("%s in %s: English text left after the switch: %q", page, lang, left)
		}
	}
	if !eval[bool](t, tab, `window.notReloaded === true`) {
		t.Errorf("%s: the page reloaded while switching languages; want a switch in place", page)
	}
	do(t, tab, 10*time.Second, page+": back to English", choose(`#lang`, "en"))
	waitFor(t, tab, 10*time.Second, page+" in English", `document.documentElement.lang === 'en'`)
}

// rendererEnglishLeft returns the English texts of a game's renderer
// drawn in the element root: the pieces of its texts (the keys that start
// with prefix) between placeholders, of 6 characters or more, that the
// German texts do not share, found in root's text, labels, tooltips and
// value texts.
func rendererEnglishLeft(t *testing.T, tab context.Context, prefix, root string) []string {
	t.Helper()
	js := fmt.Sprintf(`(async (prefix, sel) => {
  const [en, de] = await Promise.all(['en', 'de'].map((l) => fetch('/assets/i18n/' + l + '.json').then((r) => r.json())));
  const root = document.querySelector(sel);
  const attrs = ['title', 'aria-label', 'aria-valuetext'];
  const texts = [root.textContent, ...[...root.querySelectorAll(attrs.map((a) => '[' + a + ']').join(', '))].flatMap((e) => attrs.map((a) => e.getAttribute(a) || ''))].join('\n');
  const allDe = Object.values(de).join('\n');
  const left = [];
  for (const [k, v] of Object.entries(en)) {
    if (!k.startsWith(prefix) || de[k] === v) continue;
    for (const piece of v.split(/\{\w+\}/).map((p) => p.trim())) {
      if (piece.length >= 6 && /[a-z]{3}/.test(piece) && !allDe.includes(piece) && texts.includes(piece)) left.push(k + ': ' + piece);
    }
  }
  return left;
})(%q, %q)`, prefix, root)
	c, cancel := context.WithTimeout(tab, 10*time.Second)
	defer cancel()
	left, err := chromedp.Run(c, chromedp.Evaluate[[]string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("look for English texts: %v", err)
	}
	return left
}

// finishedMinerals creates a Minerals table of two random bots and waits
// until they have played it to the end; it returns the table's id.
func finishedMinerals(t *testing.T, s *site) string {
	t.Helper()
	link := createTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true,
		"seats": []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}})
	id := link[strings.LastIndexByte(link, '/')+1:]
	stop := time.Now().Add(60 * time.Second)
	for time.Now().Before(stop) {
		resp, err := http.Get(s.URL + "/api/tables/" + id)
		if err != nil {
			t.Fatal(err)
		}
		var info struct{ Status string }
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		resp.Body.Close()
		json.Unmarshal(b.Bytes(), &info)
		if info.Status == "finished" {
			return id
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("the bots' Minerals game %s did not finish within 60 s", id)
	return ""
}

// TestLanguageSwitchLeavesNoEnglish opens every page of the client (the
// lobby, the rules, a Minerals and an Out of Mine table in play, a
// finished table's end screen, its replay, a missing table and a missing
// page), switches the language live to German, French and Dutch, and finds
// no English text left after any switch; the game titles are each
// language's own.
func TestLanguageSwitchLeavesNoEnglish(t *testing.T) {
	t.Parallel()
	mn, oom := mineralsGoldens()[0], outOfMineGoldens()[0]
	s := goldenSite(t, []goldenCase{mn, oom})
	finished := finishedMinerals(t, s)
	browser := newBrowser(t)
	open := func(name, path, ready string, setup string) context.Context {
		tab := newTab(t, browser, name)
		do(t, tab, 30*time.Second, "open "+path,
			chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				if setup == "" {
					return nil
				}
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: setup})
				return err
			}),
			chromedp.EmulateViewport(1280, 900),
			chromedp.Navigate(s.URL+path))
		waitFor(t, tab, 15*time.Second, name+" drawn", ready)
		return tab
	}

	lobby := open("lobby", "/", `!!document.querySelector('#create') && document.querySelectorAll('#game option').length >= 4`, "")
	for _, g := range []string{"minerals", "outofmine", "hammertime", "tf22"} {
		do(t, lobby, 10*time.Second, "choose "+g+" in the lobby", choose(`#game`, g))
		switchAndCheck(t, lobby, "the lobby with "+g)
	}
	titles := map[string]string{"de": "Hau Weg!", "fr": "La mine aux trésors", "nl": "Dappere dwergen", "en": "Hammer Time"}
	for _, lang := range []string{"de", "fr", "nl", "en"} {
		do(t, lobby, 10*time.Second, "lobby in "+lang, choose(`#lang`, lang))
		waitFor(t, lobby, 5*time.Second, "Hammer Time's title in "+lang,
			fmt.Sprintf(`document.querySelector('#game option[value="hammertime"]').textContent === %q`, titles[lang]))
	}

	// The time control's choices follow each language's punctuation.
	do(t, lobby, 10*time.Second, "lobby in French", choose(`#lang`, "fr"))
	waitFor(t, lobby, 5*time.Second, "the French time control",
		`document.querySelector('#time-control option[value="normal"]')?.textContent === 'Normale : 45 s par coup + 5 min de réserve'`)
	// A language chosen is kept by a page loaded at once, before its texts
	// have arrived.
	fresh := open("fresh", "/", `!!document.querySelector('#create')`, "")
	do(t, fresh, 20*time.Second, "choose Dutch and reload at once", choose(`#lang`, "nl"), chromedp.Reload())
	waitFor(t, fresh, 10*time.Second, "the lobby in Dutch after the reload", `document.documentElement.lang === 'nl' && document.querySelector('#lang').value === 'nl'`)
	do(t, lobby, 10*time.Second, "back to English", choose(`#lang`, "en"))

	switchAndCheckIgnoring(t, open("rules", "/rules", `!!document.querySelector('.game-list a')`, ""), "the rules", `li:has(a[href="/rules/connectfour"])`)
	// A rules text is the game's own (each game tests its languages); the
	// page around it is the client's.
	rules := open("rules-oom", "/rules/outofmine", `!!document.querySelector('article.rules h2')`, "")
	switchAndCheckIgnoring(t, rules, "the rules of Out of Mine", "article.rules")
	do(t, rules, 10*time.Second, "the rules in French", choose(`#lang`, "fr"))
	waitFor(t, rules, 10*time.Second, "the French title of the rules page", `document.title === 'Règles : Out of Mine · Minehall'`)
	do(t, rules, 10*time.Second, "the rules of Hammer Time in French", chromedp.Navigate(s.URL+"/rules/hammertime"))
	waitFor(t, rules, 10*time.Second, "the French title of Hammer Time's rules", `document.title === 'Règles : La mine aux trésors · Minehall'`)

	mnTab := open("minerals", "/tables/golden-"+mn.Name, `document.querySelectorAll('#board .hex.legal').length > 0 || !!document.querySelector('#board .pawn.selectable')`, goldenSetup(mn))
	eval[bool](t, mnTab, `(document.querySelector('#board .pawn.selectable')?.dispatchEvent(new MouseEvent('click', { bubbles: true })), true)`)
	// The golden tables' ids ("golden-outofmine-round") are no text.
	switchAndCheckIgnoring(t, mnTab, "a Minerals table", ".table-id")
	oomTab := open("outofmine", "/tables/golden-"+oom.Name, `!!document.querySelector('#oom-board .tile')`, goldenSetup(oom))
	switchAndCheckIgnoring(t, oomTab, "an Out of Mine table", ".table-id")
	do(t, oomTab, 10*time.Second, "the table in German", choose(`#lang`, "de"))
	waitFor(t, oomTab, 5*time.Second, "the table's title in German", `document.querySelector('.table-head h1').firstChild.textContent === 'Out of Mine' && document.title.endsWith('Out of Mine · Minehall')`)

	end := open("end", "/tables/"+finished, `!!document.querySelector('#end:not([hidden]) .scores')`, "")
	switchAndCheck(t, end, "a finished table")
	replay := open("replay", "/replay/"+finished, `!!document.querySelector('#replay-log li') && !!document.querySelector('#board svg.hexboard')`, "")
	switchAndCheck(t, replay, "a replay")
	switchAndCheck(t, open("notable", "/tables/0123456789abcdef", `!!document.querySelector('#no-table')`, ""), "a missing table")
	switchAndCheck(t, open("notfound", "/no/such/page", `!!document.querySelector('main h1')`, ""), "a missing page")
}
