package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The reconstructed tray (32 × 23 cm) and the margin of table the Hammer
// Time renderer draws around it, in centimeters.
const (
	htTrayWidth  = 32.0
	htTrayDepth  = 23.0
	htCanvasSpan = htTrayWidth + 2*5
)

// htMain is the page-side expression of the table page's main element.
const htMain = `document.getElementById('main')`

// htEdgePoint returns where on the screen the hammer aims at position pos
// (1–9) of the tray side at the bottom of the canvas, out cm outside the
// edge: positions run clockwise, so from right to left along the bottom.
func htEdgePoint(t *testing.T, tab context.Context, pos int, out float64) (float64, float64) {
	t.Helper()
	eval[bool](t, tab, `(document.querySelector('#ht-tray').scrollIntoView({block: 'center'}), true)`)
	r := eval[[]float64](t, tab, `(() => { const r = document.querySelector('#ht-tray').getBoundingClientRect(); return [r.x, r.y, r.width]; })()`)
	bottom := eval[string](t, tab, `document.querySelector('#ht-tray').dataset.bottom`)
	across, deep := htTrayWidth, htTrayDepth
	if bottom == "east" || bottom == "west" {
		across, deep = htTrayDepth, htTrayWidth
	}
	k := r[2] / htCanvasSpan
	cx, cy := r[0]+r[2]/2, r[1]+r[2]/2
	x := cx + (across/2-across*float64(pos)/10)*k
	y := cy + (deep/2+out)*k
	return x, y
}

// htPress presses the left button at (x, y), moves it to (x2, y2) in
// steps, holds it for hold and lets it go.
func htPress(t *testing.T, tab context.Context, x, y, x2, y2 float64, hold time.Duration) {
	t.Helper()
	held := func(p *input.DispatchMouseEventParams) { p.Button = input.MouseButtonLeft; p.Buttons = 1 }
	once := func(p *input.DispatchMouseEventParams) { p.ClickCount = 1 }
	do(t, tab, 10*time.Second, "press on the tray",
		chromedp.MouseEvent(chromedp.MouseMoved, x, y),
		chromedp.MouseEvent(chromedp.MousePressed, x, y, held, once))
	for i := 1; i <= 4; i++ {
		f := float64(i) / 4
		do(t, tab, 10*time.Second, "drag on the tray", chromedp.MouseEvent(chromedp.MouseMoved, x+(x2-x)*f, y+(y2-y)*f, held))
	}
	time.Sleep(hold)
	do(t, tab, 10*time.Second, "let go", chromedp.MouseEvent(chromedp.MouseReleased, x2, y2, held, once))
}

// htLogMove returns the words of move n in the log.
func htLogMove(t *testing.T, tab context.Context, n int) string {
	t.Helper()
	return eval[string](t, tab, fmt.Sprintf(`document.querySelector('#log li[data-n="%d"]')?.textContent || ''`, n))
}

// htWaitApplied waits until the table's move number passes n (or an error
// shows, which fails the test).
func htWaitApplied(t *testing.T, tab context.Context, what, n string) {
	t.Helper()
	waitFor(t, tab, 30*time.Second, what+" applied",
		fmt.Sprintf(`%s.dataset.n !== %q || !!document.querySelector('.message:not([hidden])')?.textContent`, htMain, n))
	if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
		t.Fatalf("%s was refused: %s", what, msg)
	}
}

// htTurnCheck is called at the start of each of the person's turns.
type htTurnCheck func(t *testing.T, tab context.Context, turn int)

// htPlayed counts what the person did in a game: hits, fillings confirmed,
// and fillings confirmed that differ from the suggested one.
type htPlayed struct{ hits, fills, own int }

// htPlayHits plays the person's turns until the end screen shows, hitting
// in turn by press-and-hold, by dragging, by keyboard and with the form,
// filling the wagon on the board (the first time with a filling of the
// person's own, the suggestion otherwise), turning the tray once.
func htPlayHits(t *testing.T, tab context.Context, deadline time.Duration, check htTurnCheck) htPlayed {
	t.Helper()
	var played htPlayed
	hits, turns, turned := 0, 0, false
	lastTurn := ""
	stop := time.Now().Add(deadline)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "my turn or the end",
			htMain+`.dataset.status === 'finished' || (`+htMain+`.dataset.myTurn === 'true' && !!document.querySelector('#ht'))`)
		if eval[string](t, tab, htMain+`.dataset.status`) == "finished" {
			played.hits = hits
			return played
		}
		n := eval[string](t, tab, htMain+`.dataset.n`)
		phase := eval[string](t, tab, `document.querySelector('#ht').dataset.phase`)
		if phase == "fill" {
			if htFill(t, tab, n, played.own == 0) {
				played.own++
			}
			played.fills++
			continue
		}
		turn := eval[string](t, tab, `(() => { const d = document.querySelector('#ht').dataset; return d.round + '/' + d.current; })()`)
		if turn != lastTurn {
			lastTurn = turn
			turns++
			if check != nil {
				check(t, tab, turns)
			}
		}
		if !turned && eval[bool](t, tab, `!!document.querySelector('#ht-moves [data-move="turn left"]:not([disabled])')`) {
			// Turn the tray once by keyboard: the side at the bottom changes.
			before := eval[string](t, tab, `document.querySelector('#ht-tray').dataset.bottom`)
			do(t, tab, 10*time.Second, "turn the tray with Q", chromedp.Focus(chromedp.CSS(`#ht-tray`)), chromedp.KeyEvent("q"))
			htWaitApplied(t, tab, "turn left", n)
			turned = true
			if eval[string](t, tab, htMain+`.dataset.myTurn`) == "true" {
				waitFor(t, tab, 10*time.Second, "the tray turned on screen",
					fmt.Sprintf(`document.querySelector('#ht-tray').dataset.bottom !== %q`, before))
			}
			continue
		}
		// Aiming waits until the last move's animation is over.
		waitFor(t, tab, 20*time.Second, "the animation over", `document.querySelector('#ht-tray').dataset.animating !== 'true'`)
		pos := 1 + hits%9
		var want string
		switch hits % 4 {
		case 0: // press and hold: the meter fills with time
			x, y := htEdgePoint(t, tab, pos, 0.8)
			htPress(t, tab, x, y, x, y, 550*time.Millisecond)
		case 1: // drag away from the edge: 4.5 cm is strength 5
			x, y := htEdgePoint(t, tab, pos, 0.5)
			x2, y2 := htEdgePoint(t, tab, pos, 5.0)
			htPress(t, tab, x, y, x2, y2, 50*time.Millisecond)
			want = "with strength 5 of 10"
		case 2: // keyboard: aim with the arrows, strength with up and down
			str := eval[int](t, tab, `Number(document.querySelector('#ht-strength').value)`)
			keys := []chromedp.Action[chromedp.Void]{chromedp.Focus(chromedp.CSS(`#ht-tray`))}
			for range 2 {
				keys = append(keys, chromedp.KeyEvent(kb.ArrowLeft))
			}
			for ; str < 4; str++ {
				keys = append(keys, chromedp.KeyEvent(kb.ArrowUp))
			}
			for ; str > 4; str-- {
				keys = append(keys, chromedp.KeyEvent(kb.ArrowDown))
			}
			do(t, tab, 10*time.Second, "aim by keyboard", keys...)
			waitFor(t, tab, 5*time.Second, "the meter at 4", `document.querySelector('#ht-meter').getAttribute('aria-valuenow') === '4'`)
			want = strings.TrimPrefix(eval[string](t, tab, `document.querySelector('#ht-hit').dataset.move`), "hit ")
			do(t, tab, 10*time.Second, "hit with Enter", chromedp.KeyEvent(kb.Enter))
			// The log says the hit in words: "hits the tray from the west,
			// at point 4 of 9, with strength 4 of 10".
			if f := strings.Fields(want); len(f) == 4 {
				want = fmt.Sprintf("from the %s, at point %s of 9, with strength %s of 10", f[0], f[1], f[3])
			}
		default: // the form
			do(t, tab, 10*time.Second, "aim with the form",
				choose(`#ht-side`, eval[string](t, tab, `document.querySelector('#ht-tray').dataset.bottom`)),
				chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { for (const [id, v] of [['#ht-pos', %d], ['#ht-strength', 6]]) { const e = document.querySelector(id); e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); } })()`, pos)),
				click(chromedp.CSS(`#ht-hit`)))
			want = "with strength 6 of 10"
		}
		hits++
		htWaitApplied(t, tab, fmt.Sprintf("hit %d", hits), n)
		var moveN int
		fmt.Sscan(n, &moveN)
		if got := htLogMove(t, tab, moveN+1); !strings.Contains(got, "hits ") || (want != "" && !strings.Contains(got, want)) {
			t.Errorf("hit %d: the log says %q; want a hit containing %q", hits, got, want)
		}
	}
	t.Fatalf("the game did not end within %v (%d hits)", deadline, hits)
	return played
}

// htFill fills the person's wagon on the board and confirms it: with own,
// a filling of the person's own (the mission cards of the suggested filling
// dragged back out of the wagon one by one, or, when it has none, a gem),
// otherwise the suggested filling. It checks the move sent and its words in the log, and reports
// whether the filling differed from the suggestion.
func htFill(t *testing.T, tab context.Context, n string, own bool) bool {
	t.Helper()
	waitFor(t, tab, 10*time.Second, "the filling board", `!!document.querySelector('#ht-fill') && !document.querySelector('#ht-fillbox').hidden`)
	suggested := eval[string](t, tab, `document.querySelector('#ht-fill').dataset.suggested`)
	if got := eval[string](t, tab, `document.querySelector('#ht-fill-confirm').dataset.move`); got != suggested {
		t.Errorf("the board starts with %q; want the suggested %q", got, suggested)
	}
	eval[bool](t, tab, `(document.querySelector('#ht-fill').scrollIntoView({block: 'center'}), true)`)
	item := `#ht-fill .ht-slot .ht-item[data-card]`
	if !eval[bool](t, tab, `!!document.querySelector('`+item+`')`) {
		item = `#ht-fill .ht-slot .ht-item[data-gem]`
	}
	changed := own && eval[bool](t, tab, `!!document.querySelector('`+item+`')`)
	if changed {
		// Mission cards only complete a wagon: all of them go; else one gem.
		count := `document.querySelectorAll('` + item + `').length`
		n := 1
		if strings.Contains(item, "card") {
			n = eval[int](t, tab, count)
		}
		for range n {
			before := eval[int](t, tab, count)
			x0, y0 := center(t, tab, item)
			x1, y1 := center(t, tab, `#ht-fill .ht-left`)
			htPress(t, tab, x0, y0, x1, y1, 50*time.Millisecond)
			waitFor(t, tab, 5*time.Second, "an item dragged out of the wagon", fmt.Sprintf(`%s === %d`, count, before-1))
		}
		waitFor(t, tab, 5*time.Second, "a filling of the person's own, legal",
			fmt.Sprintf(`document.querySelector('#ht-fill-confirm').dataset.move !== %q && !document.querySelector('#ht-fill-confirm').disabled && document.querySelector('#ht-fill-note').textContent !== ''`, suggested))
	}
	move := eval[string](t, tab, `document.querySelector('#ht-fill-confirm').dataset.move`)
	do(t, tab, 10*time.Second, "confirm the filling", click(chromedp.CSS(`#ht-fill-confirm`)))
	htWaitApplied(t, tab, move, n)
	var moveN int
	fmt.Sscan(n, &moveN)
	if got := htLogMove(t, tab, moveN+1); !strings.Contains(got, "wagon") {
		t.Errorf("%s: the log says %q; want the filling in words", move, got)
	}
	if changed {
		t.Logf("the person confirmed %q instead of the suggested %q", move, suggested)
	}
	return changed
}

// htCreate creates a Hammer Time table against an easy bot in the lobby,
// with one wagon to fill (a short game) and the given options checked.
func htCreate(t *testing.T, s *site, tab context.Context, checks ...string) {
	t.Helper()
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(s.URL + "/"),
		visible(`#create`),
		choose(`#game`, "hammertime"),
		visible(`#opt-wagons`),
		choose(`#opt-wagons`, "1"),
		choose(`#seat-1-bot`, "easy"),
	}
	for _, c := range checks {
		actions = append(actions, click(chromedp.CSS(c)))
	}
	actions = append(actions,
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#ht-tray`))
	do(t, tab, 30*time.Second, "create a Hammer Time table", actions...)
}

// htCheckEnd checks the end screen and the wagons shown.
func htCheckEnd(t *testing.T, tab context.Context) {
	t.Helper()
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
	if got := eval[int](t, tab, `Math.max(...[...document.querySelectorAll('#ht-seats .ht-seat')].map((e) => Number(e.dataset.full)))`); got != 1 {
		t.Errorf("wagon stacks: the most full wagons shown is %d; want 1 (the game's goal)", got)
	}
	if got := eval[int](t, tab, `document.querySelectorAll('#ht-seats .ht-seat.winner').length`); got < 1 {
		t.Errorf("wagon stacks: no winner marked")
	}
}

// TestHammerTimeWholeGameAgainstBot has a person create a short Hammer Time
// table (one wagon to fill) against an easy bot, play the whole game on
// the canvas (hits by press-and-hold, drag, keyboard and form, a turn of
// the tray), see every hit animated with its fallen gems counted, fill
// their wagon on the board (once with a filling of their own that differs
// from the suggestion), and reach the end screen.
func TestHammerTimeWholeGameAgainstBot(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	withMotion(t, tab)
	htCreate(t, s, tab)
	if got := eval[string](t, tab, `document.querySelector('#ht').dataset.phase`); got != "hit" {
		t.Errorf("the first phase: got %q; want hit", got)
	}
	if got := eval[int](t, tab, `Number(document.querySelector('#ht-tray').dataset.gems)`); got != 90 {
		t.Errorf("gems drawn at the start: got %d; want 90", got)
	}
	if eval[bool](t, tab, `!document.querySelector('#ht-die').hidden`) {
		t.Errorf("the die shows outside the expert variant")
	}
	start := time.Now()
	played := htPlayHits(t, tab, 3*time.Minute, nil)
	hits := played.hits
	t.Logf("the game ended after %d hits and %d fillings of the person in %v", hits, played.fills, time.Since(start).Round(time.Second))
	htCheckEnd(t, tab)
	// Every filling phase offers a suggestion with at least one gem or card
	// in the wagon, so the person's first filling is always their own.
	if played.fills > 0 && played.own == 0 {
		t.Errorf("the person filled their wagon %d times, never differently from the suggestion", played.fills)
	}

	// Every hit that happened was animated on this page.
	waitFor(t, tab, 20*time.Second, "the animations done", `document.querySelector('#ht-tray').dataset.animations !== '0' && document.querySelector('#ht-tray').dataset.animating === 'false'`)
	// The last hit's fallen gems are counted and shown.
	fallen := eval[int](t, tab, `Number(document.querySelector('#ht-fallen').dataset.count)`)
	shown := eval[int](t, tab, `document.querySelectorAll('#ht-result .ht-fell .ht-gem').length`)
	if fallen != shown {
		t.Errorf("fallen gems: the counter says %d, the last hit shows %d", fallen, shown)
	}
	if log := eval[int](t, tab, `document.querySelectorAll('#log li[data-n]').length`); log < hits {
		t.Errorf("action log: got %d moves; want at least the person's %d hits", log, hits)
	}
	// A new table draws its cards as they are turned up: the log starts
	// with chance turning up each seat's first wagon and the first mission
	// card, in words.
	for n, want := range map[int]string{1: "turns up the next wagon: orange", 2: "turns up the next wagon: purple", 3: "turns up mission card"} {
		if got := htLogMove(t, tab, n); !strings.Contains(got, want) {
			t.Errorf("the log's move %d says %q; want %q", n, got, want)
		}
	}

	// The replay draws the tray and animates each step's move.
	do(t, tab, 20*time.Second, "open the replay",
		click(chromedp.CSS(`#replay`)),
		visible(`#replay-step`),
		visible(`#ht-tray`),
		click(chromedp.CSS(`#replay-first`)))
	waitFor(t, tab, 10*time.Second, "the replay at its first position with 90 gems",
		`document.querySelector('#replay-step').textContent.startsWith('Move 0 ') && document.querySelector('#ht-tray').dataset.gems === '90'`)
	// Moves 1 to 3 turn the first cards up (nothing moves on the tray);
	// move 4, the first hit, is animated.
	do(t, tab, 10*time.Second, "step to the cards turned up by keyboard",
		chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, tab, 10*time.Second, "move 3 in the replay, both first wagons face up",
		`document.querySelector('#replay-step').textContent.startsWith('Move 3 ') && document.querySelectorAll('.ht-seat .ht-wagon[data-wagon]').length === 2`)
	before := eval[string](t, tab, `document.querySelector('#ht-tray').dataset.animations`)
	do(t, tab, 10*time.Second, "step forward by keyboard", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, tab, 20*time.Second, "move 4 animated in the replay",
		fmt.Sprintf(`document.querySelector('#replay-step').textContent.startsWith('Move 4 ') && document.querySelector('#ht-tray').dataset.animations !== %q`, before))
}

// TestHammerTimeExpertDie plays a short expert game: the die rolls at the
// start of every turn and shows the view's technique; on the first turn
// (eyes closed) the tray is hidden on screen while the person aims, and
// every later turn's technique is made real as it comes up; the rolls are
// chance's moves in the log.
func TestHammerTimeExpertDie(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "expert")
	htCreate(t, s, tab, `#opt-expert`)
	seen := map[string]bool{}
	check := func(t *testing.T, tab context.Context, turn int) {
		tech := eval[string](t, tab, `document.querySelector('#ht').dataset.technique`)
		if tech == "" {
			t.Fatalf("turn %d of the expert variant: no technique", turn)
		}
		seen[tech] = true
		waitFor(t, tab, 5*time.Second, "the die showing "+tech, fmt.Sprintf(`document.querySelector('#ht-die').dataset.technique === %q`, tech))
		if turn == 1 && tech != "eyes-closed" {
			t.Errorf("the first technique: got %q; want eyes-closed (the harness's seed)", tech)
		}
		switch tech {
		case "eyes-closed":
			waitFor(t, tab, 5*time.Second, "the tray hidden", `document.querySelector('#ht-tray').dataset.blind === 'eyes-closed' && document.querySelector('#ht-tray').dataset.gems === '0'`)
			// The tray is dark on the canvas, once the previous player's hit
			// (seen before the die was rolled) has played out, dragon and all.
			waitFor(t, tab, 20*time.Second, "the previous hit played out", `document.querySelector('#ht-tray').dataset.animating === 'false' && document.querySelector('#ht-tray').dataset.dragon === ''`)
			dark := eval[bool](t, tab, `(() => { const c = document.querySelector('#ht-tray'); const d = c.getContext('2d').getImageData(c.width * 0.4, c.height * 0.4, 1, 1).data; return d[0] < 60 && d[1] < 60 && d[2] < 60; })()`)
			if !dark {
				t.Errorf("eyes closed: the tray is not dark on the canvas")
			}
		case "head-down":
			waitFor(t, tab, 5*time.Second, "the far half hidden", `document.querySelector('#ht-tray').dataset.blind === 'head-down' && Number(document.querySelector('#ht-tray').dataset.gems) < 90`)
		default:
			if got := eval[string](t, tab, `document.querySelector('#ht-tray').dataset.blind`); got != "" {
				t.Errorf("technique %s: the tray is hidden (%q); want it visible", tech, got)
			}
		}
	}
	played := htPlayHits(t, tab, 3*time.Minute, check)
	t.Logf("the expert game ended after %d hits and %d fillings; techniques seen on the person's turns: %v", played.hits, played.fills, seen)
	htCheckEnd(t, tab)
	if !seen["eyes-closed"] {
		t.Errorf("the person never aimed with eyes closed")
	}
	// The die is rolled in the open: chance's rolls are moves of the log.
	rolls := eval[[]string](t, tab, `[...document.querySelectorAll('#log li[data-n]')].map((li) => li.textContent).filter((s) => s.includes('the die shows'))`)
	if len(rolls) == 0 {
		t.Errorf("the log shows no roll of the die")
	}
	for _, r := range rolls {
		if !strings.Contains(r, "Chance") {
			t.Errorf("the log line %q of a roll does not name chance", r)
		}
	}
}
