package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// learnCase is one run through a tutorial: the game, the language and
// the lesson ("" for the first, reached by the lobby's link).
type learnCase struct{ game, lang, lesson string }

// TestLearnTutorials: a newcomer finishes each game's tutorial in English
// and in one other language by following the prompts: clicking the
// highlighted target when the board has one, else typing the prompted
// move. On the first of the learner's moves an off-script move shows its
// reason first, and after the second the learner steps back and forward.
func TestLearnTutorials(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	cases := []learnCase{
		{"outofmine", "en", ""}, {"outofmine", "de", ""},
		{"minerals", "en", ""}, {"minerals", "fr", ""},
		{"tf22", "en", ""}, {"tf22", "de", ""},
		{"hammertime", "en", ""}, {"hammertime", "nl", ""},
	}
	for _, c := range cases {
		t.Run(c.game+"_"+c.lang, func(t *testing.T) {
			tab := newTab(t, browser, c.game+"-"+c.lang)
			learnThrough(t, tab, s.URL, c)
		})
	}
}

// learnThrough opens /learn/GAME in lang and follows every prompt to the
// end.
func learnThrough(t *testing.T, tab context.Context, base string, c learnCase) {
	do(t, tab, 30*time.Second, "open the lobby",
		chromedp.Navigate(base+"/"),
		visible(`#create`),
		choose(`#lang`, c.lang),
	)
	waitFor(t, tab, 5*time.Second, "the language", fmt.Sprintf(`document.documentElement.lang === %q`, c.lang))
	do(t, tab, 10*time.Second, "pick the game", choose(`#game`, c.game))
	do(t, tab, 10*time.Second, "follow the lobby's tutorial link", click(chromedp.CSS(`#learn-link`)))
	waitFor(t, tab, 10*time.Second, "the first step", `!!document.querySelector('#learn-text')`)
	if got := eval[string](t, tab, `location.pathname`); got != "/learn/"+c.game {
		t.Fatalf("the link led to %s; want /learn/%s", got, c.game)
	}
	if c.lesson != "" {
		// The lesson's entry in the page's list of lessons.
		waitFor(t, tab, 10*time.Second, "the list of lessons", fmt.Sprintf(`!!document.querySelector('#learn-lessons a[data-lesson=%q]')`, c.lesson))
		do(t, tab, 10*time.Second, "open lesson "+c.lesson, click(chromedp.CSS(fmt.Sprintf(`#learn-lessons a[data-lesson=%q]`, c.lesson))))
		waitFor(t, tab, 10*time.Second, "the lesson's first step", fmt.Sprintf(`location.search === %q && document.querySelector('#learn-lessons a[aria-current=page]')?.dataset.lesson === %q && !!document.querySelector('#learn-text')`, "?lesson="+c.lesson, c.lesson))
	}
	total := eval[int](t, tab, `Number(document.querySelector('#learn-step').textContent.match(/(\d+)\D*$/)[1])`)
	learnerMoves, clicks := 0, 0
	typed := false
	for i := 0; i < 200; i++ {
		if eval[bool](t, tab, `!!document.querySelector('#learn-play')`) {
			break
		}
		// The other actors' steps play by themselves: wait for a prompt or
		// the end.
		waitFor(t, tab, 10*time.Second, "a prompt or the end", `!!document.querySelector('#learn-prompt, #learn-play')`)
		if eval[bool](t, tab, `!!document.querySelector('#learn-play')`) {
			break
		}
		if typed {
			// Typed with Enter, past the other players' steps.
			focusIs(t, tab, "a typed move", `#learn-move`)
		}
		step := eval[string](t, tab, `document.querySelector('#learn-text').dataset.step`)
		move := eval[string](t, tab, `document.querySelector('#learn-prompt').dataset.move`)
		if learnerMoves == 0 {
			if c.lesson != "" {
				// A lesson's first move, the rulebook's position.
				screenshotTo(t, tab, learnCase{c.game, c.lang + "-first", c.lesson})
			}
			offScript(t, tab, c)
		}
		if learnerMoves == 1 {
			screenshotTo(t, tab, c)
		}
		if learnerMoves == 4 {
			screenshotTo(t, tab, learnCase{c.game, c.lang + "-mid", c.lesson})
		}
		clicked := false
		if eval[bool](t, tab, `!!document.querySelector('#board .learn-target')`) {
			do(t, tab, 10*time.Second, "click the highlighted target of "+move,
				revealOnBoard(`#board .learn-target`),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('#board .learn-target').dispatchEvent(new MouseEvent('click', {bubbles: true}))`))
			clicked = holds(tab, 3*time.Second, fmt.Sprintf(`!document.querySelector('#learn-text') || document.querySelector('#learn-text').dataset.step !== %q`, step))
		}
		if clicked {
			clicks++
		} else {
			do(t, tab, 10*time.Second, "type the prompted move "+move, typeLearnMove(move)...)
		}
		typed = !clicked
		waitFor(t, tab, 10*time.Second, "the step after "+move, fmt.Sprintf(`!document.querySelector('#learn-text') || document.querySelector('#learn-text').dataset.step !== %q`, step))
		learnerMoves++
		if learnerMoves == 2 {
			stepBack(t, tab, step)
			typed = false
		}
	}
	if !eval[bool](t, tab, `!!document.querySelector('#learn-play')`) {
		t.Fatalf("the tutorial did not end")
	}
	if learnerMoves < 2 || total < 2 {
		t.Fatalf("the learner made %d moves in %d steps; want at least 2", learnerMoves, total)
	}
	t.Logf("%s %s (%s): %d of the learner's %d moves made by clicking the highlighted target", c.game, c.lesson, c.lang, clicks, learnerMoves)
	if c.lesson != "" && c.game == "outofmine" && clicks < learnerMoves-1 {
		t.Errorf("only %d of the learner's %d moves were made by clicking the highlighted target; want every move but the call", clicks, learnerMoves)
	}
	screenshotTo(t, tab, learnCase{c.game, c.lang + "-end", c.lesson})
	if eval[bool](t, tab, `(() => { const r = document.querySelector('.oom-results, .breakdown'); r?.scrollIntoView(); return !!r; })()`) {
		screenshotTo(t, tab, learnCase{c.game, c.lang + "-end-mid", c.lesson})
	}
}

// typeLearnMove types move into the tutorial's move box and sends it with
// Enter.
func typeLearnMove(move string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{focusNow(`#learn-move`), typeInto(`#learn-move`, move), chromedp.KeyEvent(kb.Enter)}
}

// offScript sends a move the step does not ask for, typed, and checks
// that the page says why and stays on the step, the move in the box to
// be mended, with the focus.
func offScript(t *testing.T, tab context.Context, c learnCase) {
	t.Helper()
	step := eval[string](t, tab, `document.querySelector('#learn-text').dataset.step`)
	do(t, tab, 10*time.Second, "type an off-script move", typeLearnMove("no such move")...)
	waitFor(t, tab, 10*time.Second, "the reason", `!!document.querySelector('#learn-reason') && document.querySelector('#learn-reason').textContent.length > 10`)
	if v := eval[string](t, tab, `document.querySelector('#learn-move').value`); v != "no such move" {
		t.Errorf("the refused move's box holds %q; want the move, to be mended", v)
	}
	focusIs(t, tab, "a refused move", `#learn-move`)
	other := eval[string](t, tab, `(() => { const want = document.querySelector('#learn-prompt').dataset.move; const o = [...document.querySelectorAll('#learn-moves option')].map((x) => x.value).find((m) => m !== want); return o || ''; })()`)
	if other != "" {
		do(t, tab, 10*time.Second, "type a legal move off the script", typeLearnMove(other)...)
		waitFor(t, tab, 10*time.Second, "the tutorial's request", fmt.Sprintf(`!!document.querySelector('#learn-reason') && document.querySelector('#learn-reason').textContent.includes(document.querySelector('#learn-prompt strong').textContent) && document.querySelector('#learn-text').dataset.step === %q`, step))
	}
	if got := eval[string](t, tab, `document.querySelector('#learn-text').dataset.step`); got != step {
		t.Fatalf("an off-script move moved the tutorial from step %s to %s", step, got)
	}
}

// stepBack goes back to the learner's previous move at step and forward
// again.
func stepBack(t *testing.T, tab context.Context, step string) {
	t.Helper()
	waitFor(t, tab, 10*time.Second, "the back button", `!document.querySelector('#learn-back').disabled`)
	do(t, tab, 10*time.Second, "step back", click(chromedp.CSS(`#learn-back`)))
	waitFor(t, tab, 5*time.Second, "the previous move's step", fmt.Sprintf(`document.querySelector('#learn-text').dataset.step === %q && !!document.querySelector('#learn-prompt')`, step))
	do(t, tab, 10*time.Second, "step forward", click(chromedp.CSS(`#learn-forward`)))
	waitFor(t, tab, 5*time.Second, "the step after it", fmt.Sprintf(`!document.querySelector('#learn-text') || document.querySelector('#learn-text').dataset.step !== %q`, step))
}

// exampleCut is the page-side check that the tutorial's move box shows
// the whole of its example (the prompted move, its placeholder): "" when
// it does (or there is no box), else what is cut.
const exampleCut = `(() => {
  const box = document.querySelector('#learn-move');
  if (!box?.placeholder) return '';
  const cs = getComputedStyle(box), pen = document.createElement('canvas').getContext('2d');
  pen.font = cs.font;
  const need = pen.measureText(box.placeholder).width, room = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return need > room + 0.5 ? '"' + box.placeholder + '" needs ' + need.toFixed(0) + ' px, the box has ' + room.toFixed(0) : '';
})()`

// screenshotTo shows the tab at 1280x900, 390x844 and 844x390, checks
// that none scrolls sideways, that the list of lessons keeps each number
// apart from its title, that the step's text is not squeezed beside its
// goal and that the move box shows its whole example, and saves
// screenshots in the directory named by MINEHALL_SHOTS, when set.
func screenshotTo(t *testing.T, tab context.Context, c learnCase) {
	dir := os.Getenv("MINEHALL_SHOTS")
	if !strings.HasSuffix(c.lang, "-mid") {
		// The lesson's panel at the top, as the learner sees it first.
		eval[bool](t, tab, `(window.scrollTo(0, 0), true)`)
	}
	for _, size := range []struct{ w, h int64 }{{1280, 900}, {390, 844}, {844, 390}} {
		do(t, tab, 20*time.Second, "size the screen", chromedp.EmulateViewport(size.w, size.h), chromedp.Sleep(400*time.Millisecond))
		if wide := eval[bool](t, tab, `document.documentElement.scrollWidth > window.innerWidth + 1`); wide {
			t.Errorf("at %dx%d the page is %d px wide: the learner would scroll sideways", size.w, size.h, eval[int](t, tab, `document.documentElement.scrollWidth`))
		}
		if joined := eval[[]string](t, tab, lessonNumbersJoined); len(joined) > 0 {
			t.Errorf("at %dx%d the list of lessons runs a lesson's number into its title: %q", size.w, size.h, joined)
		}
		// The step's text, the most to read, gets no narrower a column than
		// the goal beside it.
		if w := eval[[]float64](t, tab, `['#learn-text', '#learn-prompt'].map((s) => document.querySelector(s)?.getBoundingClientRect().width || 0)`); w[1] > w[0]+1 {
			t.Errorf("at %dx%d the step's text is %.0f px wide beside a goal of %.0f px", size.w, size.h, w[0], w[1])
		}
		if cut := eval[string](t, tab, exampleCut); cut != "" {
			t.Errorf("at %dx%d the move box cuts its example short: %s", size.w, size.h, cut)
		}
		if dir == "" {
			continue
		}
		sctx, cancel := context.WithTimeout(tab, 20*time.Second)
		png, err := chromedp.Run(sctx, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("learn-%s%s-%s-%d.png", c.game, lessonSuffix(c.lesson), c.lang, size.w)), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do(t, tab, 10*time.Second, "restore the size", screenSize(1200, 900))
}

// lessonNumbersJoined lists the titles in the list of lessons that follow
// their number ("1.", the link's ::before) with less than a fifth of an em
// between them, as "1.The basics" would read.
const lessonNumbersJoined = `[...document.querySelectorAll('#learn-lessons li')].flatMap((li, i) => {
  const a = li.querySelector('a'), text = [...a.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
  if (!text) return [];
  const range = document.createRange();
  range.selectNodeContents(text);
  const cs = getComputedStyle(a), before = getComputedStyle(a, '::before');
  const g = document.createElement('canvas').getContext('2d');
  g.font = before.font;
  const numberEnd = a.getBoundingClientRect().left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft) + g.measureText((i + 1) + '.').width;
  return range.getClientRects()[0].left - numberEnd < 0.2 * parseFloat(cs.fontSize) ? [a.textContent] : [];
})`

// lessonSuffix is "-LESSON" in a screenshot's name, "" for the first
// lesson.
func lessonSuffix(lesson string) string {
	if lesson == "" {
		return ""
	}
	return "-" + lesson
}

// typeInto sets an input's value as typing would and fires input.
func typeInto(selector, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event('input', {bubbles: true})); })()`, selector, value))
}

// TestLearnLanguageSwitchLeavesNoEnglish opens the Minerals tutorial at a
// learner's step and at its end, switches the language live to German,
// French and Dutch, and finds no English text left: the lesson is fetched
// again in the new language. The prompted move is notation, the same in
// every language, and is left out.
func TestLearnLanguageSwitchLeavesNoEnglish(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "learn-lang")
	do(t, tab, 30*time.Second, "open the tutorial",
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(s.URL+"/learn/minerals"))
	waitFor(t, tab, 10*time.Second, "the first prompt", `!!document.querySelector('#learn-prompt')`)
	switchAndCheckIgnoring(t, tab, "the Minerals tutorial", ".learn-prompt strong, #learn-move")
	if got := eval[string](t, tab, `document.title`); got != "Learn to play Minerals · Minehall" {
		t.Errorf("title %q; want Learn to play Minerals · Minehall", got)
	}
}
