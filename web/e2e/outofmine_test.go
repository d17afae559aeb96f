package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/games/outofmine"
)

// transformNames are the notation's transforms by index.
var transformNames = []string{"r0", "r90", "r180", "r270", "m0", "m90", "m180", "m270"}

// createTable creates a table through the HTTP API and returns its link.
func createTable(t *testing.T, s *site, req map[string]any) string {
	t.Helper()
	_, _, link := newTableLink(t, s, req)
	return link
}

// joinOutOfMine opens the table's link in tab and takes a seat with the
// page's join form. The page may redraw the form while the table's first
// updates arrive, taking the node being typed into or clicked away: the
// form is then filled in again, up to 3 times.
func joinOutOfMine(t *testing.T, tab context.Context, url, name string) {
	t.Helper()
	do(t, tab, 30*time.Second, name+" opens the link", chromedp.Navigate(url))
	for attempt := 1; attempt <= 3; attempt++ {
		c, cancel := context.WithTimeout(tab, 30*time.Second)
		err := chromedp.Do(c,
			visible(`#join-name`),
			chromedp.Clear(chromedp.CSS(`#join-name`)),
			sendKeys(chromedp.CSS(`#join-name`), name),
			click(chromedp.CSS(`#join`)),
		)
		cancel()
		if err == nil && holds(tab, 10*time.Second, `!document.querySelector('#join-name')`) {
			return
		}
		t.Logf("%s joins by the link, attempt %d: %v", name, attempt, err)
	}
	t.Fatalf("%s could not join by the link in 3 attempts", name)
}

// phase is the page-side expression of the phase the renderer shows.
const phase = `(document.querySelector('#oom')?.dataset.phase || '')`

// chooseSide waits for the choice of round, checks that both sides of
// the board dealt are drawn, and clicks the side the page allows (side A
// unless the same board was dealt again).
func chooseSide(t *testing.T, tab context.Context, round int) {
	t.Helper()
	if !holds(tab, 60*time.Second, fmt.Sprintf(`%s === 'choose' && document.querySelector('#oom').dataset.round === '%d' && !!document.querySelector('#oom-side-A:not([disabled]), #oom-side-B:not([disabled])')`, phase, round)) {
		t.Fatalf("waited 60s for the side choice of round %d; the page shows phase %q, round %q: %q", round,
			eval[string](t, tab, phase), eval[string](t, tab, `document.querySelector('#oom')?.dataset.round || ''`),
			eval[string](t, tab, `(document.querySelector('main') || document.body).innerText.slice(0, 600)`))
	}
	if got := eval[int](t, tab, `document.querySelectorAll('#oom-choose .oom-board.preview-side rect.cell.gallery').length`); got != 2*outofmine.GalleryCells {
		t.Errorf("round %d: got %d gallery spaces drawn for the two sides to choose from; want %d", round, got, 2*outofmine.GalleryCells)
	}
	side := eval[string](t, tab, `document.querySelector('#oom-side-A:not([disabled])') ? 'A' : 'B'`)
	// One click chooses, even when a view update draws the page anew
	// between its press and its release.
	clickAt(t, tab, "play side "+side, `#oom-side-`+side)
	waitSideTaken(t, tab, round, side)
}

// sideTaken is true once the server has taken the player's side (or the
// round is under way).
const sideTaken = phase + ` !== 'choose' || !!document.querySelector('#oom-choose[data-side]')`

// waitSideTaken waits for the server to take the side chosen in round,
// and fails with what the page shows when it does not.
func waitSideTaken(t *testing.T, tab context.Context, round int, side string) {
	t.Helper()
	if !holds(tab, 20*time.Second, sideTaken) {
		t.Fatalf("round %d: side %s not taken by the server 20s after the choice; the page shows: %q", round, side,
			eval[string](t, tab, `(document.querySelector('main') || document.body).innerText.slice(0, 600)`))
	}
}

// center returns the middle of the element sel on the screen.
func center(t *testing.T, tab context.Context, sel string) (float64, float64) {
	t.Helper()
	xy := eval[[]float64](t, tab, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel))
	return xy[0], xy[1]
}

// clickAt clicks the middle of the element sel where it is on the screen:
// the page redraws its elements with every update of a real-time game, so
// a click aimed at a node may find it replaced by its copy. It fails the
// test when sel is not on the page.
func clickAt(t *testing.T, tab context.Context, what, sel string) {
	t.Helper()
	if !clickIfThere(t, tab, what, sel) {
		t.Fatalf("%s: %s is not on the page", what, sel)
	}
}

// clickIfThere is clickAt for an element that may be gone (the round just
// ended): it scrolls sel to the middle of the window and finds where it is
// in one evaluation, and reports false, clicking nothing, when it is not
// on the page.
func clickIfThere(t *testing.T, tab context.Context, what, sel string) bool {
	t.Helper()
	xy := eval[[]float64](t, tab, fmt.Sprintf(`(() => {
  const el = document.querySelector(%q);
  if (!el) return [];
  el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
})()`, sel))
	if len(xy) != 2 {
		return false
	}
	do(t, tab, 10*time.Second, what, chromedp.MouseClickXY(xy[0], xy[1]))
	return true
}

func cellName(row, col int) string { return fmt.Sprintf("%c%d", 'a'+col, row+1) }

// takeKind presses the supply button of the first kind of shape left and
// waits for the tile in the hand; it returns the kind, or "" if none is left.
func takeKind(t *testing.T, tab context.Context, shape string) string {
	t.Helper()
	kind := eval[string](t, tab, fmt.Sprintf(`[...document.querySelectorAll('#oom-supply .kind:not([disabled])')].find((b) => b.dataset.kind === %q || b.dataset.kind.startsWith(%q))?.dataset.kind || ''`, shape, shape+" "))
	if kind == "" || !clickIfThere(t, tab, "take "+kind, fmt.Sprintf(`#oom-supply [data-kind=%q]`, kind)) { // none left, or the round just ended
		return ""
	}
	waitFor(t, tab, 10*time.Second, kind+" in the hand", fmt.Sprintf(`document.querySelector('#oom-hand')?.dataset.shape === %q || %s !== 'round'`, shape, phase))
	return kind
}

// turnHandTo presses R (and F once) until the tile in hand shows transform
// want: the presses visit all eight transforms.
func turnHandTo(t *testing.T, tab context.Context, want string) {
	t.Helper()
	for i := range 8 {
		got := eval[string](t, tab, `document.querySelector('#oom-hand')?.dataset.sym || ''`)
		if got == want || got == "" {
			return
		}
		key := "r"
		if i == 3 {
			key = "f"
		}
		do(t, tab, 5*time.Second, "press "+key, chromedp.KeyEvent(key))
	}
	t.Fatalf("the tile in hand never showed transform %s", want)
}

// dragHandTo drags the tile in hand by its first cell so that the tile's
// top-left lands on (row, col) of the board, and lets go. It reports false,
// dragging nothing, when the board or the hand is gone: a bot's call can end
// the round at any moment.
func dragHandTo(t *testing.T, tab context.Context, row, col int) bool {
	t.Helper()
	// One evaluation finds both ends, so the round cannot end between them;
	// the board is scrolled to the middle of the window first.
	xy := eval[[]float64](t, tab, fmt.Sprintf(`(() => {
  const board = document.querySelector('#oom-board'), grab = document.querySelector('#oom-handtile [data-hcell]');
  if (!board || !grab) return [];
  board.scrollIntoView({block: 'center'});
  const [dr, dc] = grab.dataset.hcell.split(',').map(Number);
  const to = board.querySelector('rect[data-cell="' + String.fromCharCode(97 + %d + dc) + (%d + dr + 1) + '"]');
  if (!to) return [];
  const a = grab.getBoundingClientRect(), b = to.getBoundingClientRect();
  return [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
})()`, col, row))
	if len(xy) != 4 {
		return false
	}
	x0, y0, x1, y1 := xy[0], xy[1], xy[2], xy[3]
	held := func(p *input.DispatchMouseEventParams) { p.Button = input.MouseButtonLeft; p.Buttons = 1 }
	do(t, tab, 10*time.Second, fmt.Sprintf("drag the tile to %s", cellName(row, col)),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, held, func(p *input.DispatchMouseEventParams) { p.ClickCount = 1 }),
		chromedp.MouseEvent(chromedp.MouseMoved, (x0+x1)/2, (y0+y1)/2, held),
		chromedp.MouseEvent(chromedp.MouseMoved, x1, y1, held),
		chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, held, func(p *input.DispatchMouseEventParams) { p.ClickCount = 1 }),
	)
	return true
}

// placeDomino takes a blue domino (a yellow monomino when no domino is
// left), turns it upright with R, drags it onto two free gallery spaces
// and waits for the server to confirm it. It reports false when the round
// ended first.
func placeDomino(t *testing.T, tab context.Context) bool {
	t.Helper()
	shape, want := "B2", "r90"
	if takeKind(t, tab, shape) == "" {
		shape, want = "Y1", "r0"
		if takeKind(t, tab, shape) == "" {
			return false
		}
	}
	if eval[string](t, tab, phase) != "round" {
		return false
	}
	turnHandTo(t, tab, want)
	target := eval[string](t, tab, fmt.Sprintf(`(() => {
  const free = (r, c) => document.querySelector('#oom-board rect.cell.gallery:not(.covered)[data-cell="' + String.fromCharCode(97 + c) + (r + 1) + '"]');
  const board = document.querySelector('#oom-board'); // gone when the round just ended
  if (!board) return '';
  const rows = Number(board.dataset.rows), cols = Number(board.dataset.cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (free(r, c) && (%q === 'Y1' || free(r + 1, c))) return r + ',' + c;
  return '';
})()`, shape))
	if target == "" {
		clickIfThere(t, tab, "put the tile back", `#oom-return`)
		return false
	}
	var r, c int
	fmt.Sscanf(target, "%d,%d", &r, &c)
	if !dragHandTo(t, tab, r, c) {
		return false
	}
	sel := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q]`, shape, want, cellName(r, c))
	waitFor(t, tab, 20*time.Second, "the server's confirmation of "+sel,
		fmt.Sprintf(`document.querySelector('%s[data-state="confirmed"]') || %s !== 'round'`, sel, phase))
	return eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('%s[data-state="confirmed"]')`, sel))
}

// TestOutOfMineSevenRoundsAgainstTwoBots has a person play a whole game of
// Out of Mine against a hard and a medium bot: each round they choose a
// side of the board dealt, take a domino, turn it with R and drag it onto
// the board, see it confirmed, and see the round's scoring once a bot
// calls or the clock runs out; after round 7 the end screen and the
// 7-round score sheet.
func TestOutOfMineSevenRoundsAgainstTwoBots(t *testing.T) {
	t.Parallel()
	// Bots at half the other tests' speed: at botSpeedup the hard bot
	// covers its board in about 4 s, less than a loaded machine may take
	// to drive the person's domino through the browser.
	s := startSiteOf(t, siteGamesAt(botSpeedup/2))
	link := createTable(t, s, map[string]any{"game": "outofmine", "players": 3, "autostart": true,
		"options": map[string]string{"clock": "20"},
		"seats":   []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "medium"}}})
	tab := newTab(t, newBrowser(t), "player")
	joinOutOfMine(t, tab, s.URL+link, "Ann")
	placed := 0
	for round := 1; round <= 7; round++ {
		chooseSide(t, tab, round)
		waitFor(t, tab, 60*time.Second, fmt.Sprintf("round %d under way", round),
			fmt.Sprintf(`%s === 'round' && document.querySelector('#oom').dataset.round === '%d' || document.querySelector('#oom-scoring[data-round="%d"]')`, phase, round, round))
		if round == 1 {
			if got := eval[int](t, tab, `document.querySelectorAll('.oom-other .oom-board.small').length`); got != 2 {
				t.Errorf("round 1: got %d other boards drawn small; want 2", got)
			}
			if sec := eval[int](t, tab, `Number(document.querySelector('#oom-clock')?.dataset.seconds || -1)`); sec < 0 || sec > 20 {
				t.Errorf("round 1: the round clock shows %d s; want 0 to 20", sec)
			}
		}
		if placeDomino(t, tab) {
			placed++
		}
		waitFor(t, tab, 60*time.Second, fmt.Sprintf("the scoring of round %d", round),
			fmt.Sprintf(`!!document.querySelector('#oom-scoring[data-round="%d"]')`, round))
		if got := eval[int](t, tab, `document.querySelectorAll('#oom-scoring .oom-result dd[data-part="score"]').length`); got != 3 {
			t.Errorf("round %d: got %d round scores in the scoring; want 3", round, got)
		}
	}
	t.Logf("the person's dominoes were confirmed in %d of 7 rounds", placed)
	if placed < 4 {
		t.Errorf("the person's dominoes were confirmed in %d of 7 rounds; want at least 4", placed)
	}
	do(t, tab, 30*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 3 {
		t.Errorf("end screen: got %d score rows; want 3", rows)
	}
	filled := eval[int](t, tab, `[...document.querySelectorAll('#oom-sheet tbody td')].filter((td) => td.textContent.trim() !== '').length`)
	if filled != 21 {
		t.Errorf("score sheet: got %d filled cells; want 7 rounds × 3 players = 21", filled)
	}
	// The star's key shows when a star does, and only then.
	if got := eval[string](t, tab, `(document.querySelectorAll('#oom-sheet .icon-star').length > 0) + ' ' + (document.querySelector('.oom-sheet .help')?.textContent.trim() ?? '')`); got != "true called OUT OF MINE!" && got != "false " {
		t.Errorf("score sheet: stars and their key: %q; want %q or %q", got, "true called OUT OF MINE!", "false ")
	}
	sheet := eval[[]int](t, tab, `[0, 1, 2].map((i) => Number(document.querySelector('#oom-sheet [data-total="' + i + '"]').textContent))`)
	end := eval[[]int](t, tab, `[...document.querySelectorAll('#end .scores tbody tr')].map((tr) => Number(tr.cells[1].textContent)).sort((a, b) => b - a)`)
	want := append([]int(nil), sheet...)
	for i := range want { // sort descending, as the end screen lists them
		for j := i + 1; j < len(want); j++ {
			if want[j] > want[i] {
				want[i], want[j] = want[j], want[i]
			}
		}
	}
	if fmt.Sprint(end) != fmt.Sprint(want) {
		t.Errorf("end screen scores %v; want the score sheet's totals %v", end, want)
	}

	// The live log names what chance dealt, but for the treasure cards
	// dealt face down before the last card of a round: of those it names
	// only whose card it was.
	chance := eval[[]string](t, tab, `[...document.querySelectorAll('#log li[data-n]')].filter((li) => li.querySelector('.log-who')?.textContent === 'Chance').map((li) => li.textContent.replace(/^\d+\.\s*/, ''))`)
	var boards, cards, hidden int
	for _, line := range chance {
		switch {
		case strings.HasPrefix(line, "Chance board ") && strings.Contains(line, " dealt to "):
			boards++
		case strings.HasPrefix(line, "Chance treasure card ") && strings.Contains(line, " dealt face down to "):
			cards++
		case strings.HasPrefix(line, "Chance a treasure card dealt face down to "):
			hidden++
		case line == "Chance acted":
			t.Errorf("live log: %q; want whose card chance dealt face down", line)
		}
	}
	if boards == 0 || cards == 0 || hidden != 2*cards {
		t.Errorf("live log: got %d board deals, %d last cards named and %d hidden moves by chance in %q; want deals, and two hidden cards before each named one", boards, cards, hidden, chance)
	}

	// The replay steps through chance's deals: the boards dealt one by
	// one, then the treasure cards lying face down.
	do(t, tab, 20*time.Second, "open the replay",
		click(chromedp.CSS(`#replay`)),
		visible(`#replay-step`))
	// Once the replay has drawn its board, go to its first position.
	waitFor(t, tab, 20*time.Second, "the replay drawn", `!!document.querySelector('#oom')`)
	do(t, tab, 10*time.Second, "go to the first position", click(chromedp.CSS(`#replay-first`)))
	waitFor(t, tab, 20*time.Second, "the replay at its first position", `document.querySelector('#replay-step').textContent.startsWith('Move 0 ') && !!document.querySelector('#oom')`)
	do(t, tab, 10*time.Second, "step forward by keyboard", chromedp.KeyEvent(kb.ArrowRight))
	// The step's text changes at once, its board when the step has come:
	// wait for the first board.
	waitFor(t, tab, 10*time.Second, "the first board dealt in the replay", `document.querySelector('#replay-step').textContent.startsWith('Move 1 ') && `+phase+` === 'deal' && !!document.querySelector('#oom .oom-other')?.dataset.board`)
	if got := eval[[]string](t, tab, `[...document.querySelectorAll('#oom .oom-other')].map((d) => d.dataset.board)`); len(got) != 3 || got[0] == "" || got[1] != "" || got[2] != "" {
		t.Errorf("replay after the first deal: got boards %q by seat; want seat 1's only", got)
	}
	first := eval[int](t, tab, `[...document.querySelectorAll('#replay-log li')].findIndex((li) => li.textContent.includes('treasure card'))`)
	if first < 0 {
		t.Fatalf("the replay's log names no treasure card drawn")
	}
	clickAt(t, tab, "the first card drawn in the replay's log", fmt.Sprintf(`#replay-log li:nth-child(%d) button`, first+1))
	waitFor(t, tab, 10*time.Second, "a treasure card face down in the replay",
		fmt.Sprintf(`document.querySelector('#replay-step').textContent.startsWith('Move %d ') && %s === 'cards' && document.querySelectorAll('#oom .oom-card-down').length === 1`, first+1, phase))
}

// twoPeopleAtOutOfMine opens a 2-player table without a round clock
// (private, as a table without one must be), joins Ann and Bob from two
// browsers by its invitation link, and has both choose a side: round 1 runs.
func twoPeopleAtOutOfMine(t *testing.T) (ann, bob context.Context) {
	s := startSite(t)
	link := createTable(t, s, map[string]any{"game": "outofmine", "players": 2, "autostart": true, "private": true,
		"options": map[string]string{"clock": "0"},
		"seats":   []map[string]string{{"kind": "person"}, {"kind": "person"}}})
	browser := newBrowser(t)
	ann, bob = newTab(t, browser, "ann"), newTab(t, browser, "bob")
	joinOutOfMine(t, ann, s.URL+link, "Ann")
	joinOutOfMine(t, bob, s.URL+link, "Bob")
	chooseSide(t, ann, 1)
	chooseSide(t, bob, 1)
	for _, tab := range []context.Context{ann, bob} {
		waitFor(t, tab, 20*time.Second, "round 1 under way", phase+` === 'round'`)
	}
	return ann, bob
}

// TestOutOfMineRaceForTheLastTile has Ann and Bob take the last tile of a
// shape at the same moment: both see it in their hand at once, the server
// gives it to exactly one, and the other sees the take rolled back.
func TestOutOfMineRaceForTheLastTile(t *testing.T) {
	t.Parallel()
	ann, bob := twoPeopleAtOutOfMine(t)
	tabs := map[string]context.Context{"Ann": ann, "Bob": bob}
	raced := false
	for attempt := 0; attempt < 4 && !raced; attempt++ {
		// The last tile of a shape: a kind with one tile left.
		kind := eval[string](t, ann, `[...document.querySelectorAll('#oom-supply .kind[data-count="1"]:not([disabled])')].map((b) => b.dataset.kind)[0] || ''`)
		if kind == "" {
			t.Fatalf("no kind with a single tile left in the supply")
		}
		shape, _, _ := strings.Cut(kind, " ")
		at := time.Now().Add(700 * time.Millisecond).UnixMilli()
		for _, tab := range tabs {
			eval[bool](t, tab, fmt.Sprintf(`(() => { delete window.raceSent; setTimeout(() => {
  const b = document.querySelector('#oom-supply [data-kind=%q]');
  window.raceSent = !!b && !b.disabled;
  if (window.raceSent) { b.click(); window.raceShown = document.querySelector('#oom-hand').dataset.shape; }
}, Math.max(0, %d - Date.now())); return true; })()`, kind, at))
		}
		settled := fmt.Sprintf(`window.raceSent !== undefined && document.querySelector('#oom-hand').dataset.state !== 'pending' && document.querySelector('#oom-supply [data-kind=%q]').dataset.count === '0'`, kind)
		var winners, losers []string
		sent := 0
		for name, tab := range tabs {
			waitFor(t, tab, 20*time.Second, name+"'s race for "+kind+" settled", settled)
			if eval[bool](t, tab, `window.raceSent`) {
				sent++
				if got := eval[string](t, tab, `window.raceShown || ''`); got != shape {
					t.Errorf("%s: right after the click the hand showed %q; want %s at once (optimistic)", name, got, shape)
				}
			}
			hand := eval[string](t, tab, `document.querySelector('#oom-hand').dataset.shape + '/' + document.querySelector('#oom-hand').dataset.state`)
			switch hand {
			case shape + "/confirmed":
				winners = append(winners, name)
			case "/":
				losers = append(losers, name)
			default:
				t.Fatalf("%s's hand after the race: got %q; want %s/confirmed or empty", name, hand, shape)
			}
		}
		if len(winners) != 1 || len(losers) != 1 {
			t.Fatalf("race for %s: winners %v, losers %v; want exactly one of each", kind, winners, losers)
		}
		if sent == 2 {
			raced = true
			loser := tabs[losers[0]]
			waitFor(t, loser, 10*time.Second, losers[0]+" sees the take rolled back",
				fmt.Sprintf(`/^take %s( |$)/.test(document.querySelector('#oom-rollback')?.dataset.move || '') && document.querySelector('#oom-rollback').dataset.code === 'illegal'`, kind))
			t.Logf("race for %s: %s got it, %s's take was rolled back: %s", kind, winners[0], losers[0],
				eval[string](t, loser, `document.querySelector('#oom-rollback').textContent`))
		} else {
			t.Logf("attempt %d: only %d of 2 clicks went out before the other's take arrived; racing again", attempt, sent)
		}
		winner := tabs[winners[0]]
		clickAt(t, winner, "put the tile back", `#oom-return`)
		waitFor(t, winner, 10*time.Second, "the hand empty again", `document.querySelector('#oom-hand').dataset.shape === '' && document.querySelectorAll('#oom-supply .kind[data-count="1"]:not([disabled])').length > 0`)
		waitFor(t, tabs[losers[0]], 10*time.Second, "the tile back in the supply", fmt.Sprintf(`document.querySelector('#oom-supply [data-kind=%q]').dataset.count === '1'`, kind))
	}
	if !raced {
		t.Fatalf("in 4 attempts the two clicks never both went out before the other's take arrived")
	}
}

// TestOutOfMineCallButton fills Ann's board by the solver's plan (a
// monomino on any space the card cannot fill), tile by tile through the
// page: OUT OF MINE! stays disabled while any gallery space is empty,
// turns off again when a tile is removed, is enabled once every space is
// covered, and calling scores the round with the caller's bonus or
// penalty.
func TestOutOfMineCallButton(t *testing.T) {
	t.Parallel()
	ann, _ := twoPeopleAtOutOfMine(t)
	callDisabled := `document.querySelector('#oom-call').disabled`
	if !eval[bool](t, ann, callDisabled) {
		t.Fatalf("OUT OF MINE! is enabled on an empty board")
	}
	boardID := eval[int](t, ann, `Number(document.querySelector('#oom-board').dataset.board)`)
	sideName := eval[string](t, ann, `document.querySelector('#oom-board').dataset.side`)
	cardID := eval[int](t, ann, `Number(document.querySelector('#oom-card').dataset.card)`)
	pack := outofmine.DefaultPack()
	bi, ok := pack.BoardByID(boardID)
	ci, ok2 := pack.CardByID(cardID)
	if !ok || !ok2 {
		t.Fatalf("board %d or card %d is not in the pack", boardID, cardID)
	}
	side := &pack.Boards[bi].Sides[strings.Index("AB", sideName)]
	supply := outofmine.FullSupply(pack)
	plan := outofmine.NewSideSolver(pack, side).Plan(&pack.Cards[ci], &supply, outofmine.Objective{})
	type step struct {
		shape, sym string
		row, col   int
	}
	var steps []step
	var covered outofmine.CellSet
	for _, p := range plan.Placements {
		sh := &pack.Shapes[p.Shape]
		steps = append(steps, step{sh.ID, transformNames[sh.Orientations[p.Orient].Symbol], p.Row, p.Col})
		covered |= p.Cells(pack)
	}
	for r := range side.Rows {
		for c := range side.Cols {
			if side.Gallery.Has(r, c) && !covered.Has(r, c) {
				steps = append(steps, step{"Y1", "r0", r, c})
			}
		}
	}
	t.Logf("board %d side %s, card %d: %d tiles, %d spaces the card cannot fill", boardID, sideName, cardID, len(steps), plan.Empty)
	kinds := make([]string, len(steps)) // the kind taken for each step
	for i, st := range steps {
		if !eval[bool](t, ann, callDisabled) {
			t.Fatalf("OUT OF MINE! is enabled with %d tiles still to place", len(steps)-i)
		}
		if kinds[i] = takeKind(t, ann, st.shape); kinds[i] == "" {
			t.Fatalf("no %s left in the supply", st.shape)
		}
		turnHandTo(t, ann, st.sym)
		if !dragHandTo(t, ann, st.row, st.col) {
			t.Fatalf("the board or the tile in hand is gone before laying %s at %s", st.shape, cellName(st.row, st.col))
		}
		sel := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q]`, st.shape, st.sym, cellName(st.row, st.col))
		waitFor(t, ann, 20*time.Second, "the server's confirmation of "+sel, fmt.Sprintf(`!!document.querySelector('%s[data-state="confirmed"]')`, sel))
	}
	waitFor(t, ann, 10*time.Second, "OUT OF MINE! enabled with every space covered",
		`!document.querySelector('#oom-call').disabled && document.querySelector('#oom-empty').dataset.empty === '0'`)

	// Take the last tile off again (select it, Delete): the button goes off.
	last := steps[len(steps)-1]
	lastSel := fmt.Sprintf(`#oom-board g.tile[data-cell=%q]`, cellName(last.row, last.col))
	lastCell := eval[string](t, ann, fmt.Sprintf(`document.querySelector(%q).dataset.cells.split(' ')[0]`, lastSel))
	clickAt(t, ann, "select the last tile", fmt.Sprintf(`#oom-board rect[data-cell=%q]`, lastCell))
	waitFor(t, ann, 5*time.Second, "the tile selected", `!!document.querySelector('#oom-board g.tile.selected')`)
	do(t, ann, 5*time.Second, "remove it with Delete", chromedp.KeyEvent(kb.Delete))
	waitFor(t, ann, 10*time.Second, "OUT OF MINE! disabled again", `document.querySelector('#oom-call').disabled && document.querySelector('#oom-empty').dataset.empty !== '0'`)
	kinds[len(kinds)-1] = takeKind(t, ann, last.shape)
	turnHandTo(t, ann, last.sym)
	if !dragHandTo(t, ann, last.row, last.col) {
		t.Fatalf("the board or the tile in hand is gone before laying %s again", last.shape)
	}
	waitFor(t, ann, 20*time.Second, "OUT OF MINE! enabled again", `!document.querySelector('#oom-call').disabled && !document.querySelector('#oom-board g.tile[data-state="pending"]')`)

	clickAt(t, ann, "call OUT OF MINE!", `#oom-call`)
	// A frame that draws the board anew between the press and the release
	// takes the click away, as from a person, who then presses again.
	for try := 1; try < 3 && !holds(ann, 5*time.Second, `!!document.querySelector('#oom-scoring[data-round="1"]')`); try++ {
		if eval[bool](t, ann, `document.querySelector('#oom-call')?.disabled === false`) {
			t.Logf("the call was not taken; calling again")
			clickAt(t, ann, "call OUT OF MINE! again", `#oom-call`)
		}
	}
	waitFor(t, ann, 20*time.Second, "the scoring of round 1", `!!document.querySelector('#oom-scoring[data-round="1"]')`)
	caller := eval[string](t, ann, `document.querySelector('.oom-result[data-player="0"] dd[data-part="caller"]')?.textContent || ''`)
	score := eval[string](t, ann, `document.querySelector('.oom-result[data-player="0"] dd[data-part="score"]').textContent`)
	wantCaller, wantScore := "+2", "12"
	if plan.Empty > 0 {
		// The monominoes beyond the card are removed: empty spaces again, and the penalty.
		removed := eval[int](t, ann, `document.querySelectorAll('.oom-result[data-player="0"] .tile.removed').length`)
		if removed == 0 {
			t.Errorf("scoring: no removed tile marked; want the monominoes the card does not allow")
		}
		wantCaller = "-2"
		wantScore = fmt.Sprint(10 - eval[int](t, ann, `Number(document.querySelector('.oom-result[data-player="0"] dd[data-part="empty"]').textContent)`) - 2)
	}
	if caller != wantCaller || score != wantScore {
		t.Errorf("Ann's scoring: caller %q, score %q; want %q and %q", caller, score, wantCaller, wantScore)
	}
	if got := eval[string](t, ann, `document.querySelector('.oom-result[data-player="1"] dd[data-part="score"]').textContent`); got != "0" {
		t.Errorf("Bob's round score with an empty board: got %s; want 0 (more than 10 empty spaces)", got)
	}

	// Ann's scored board shows every tile as it lay; without the finds
	// variant no tile shows its element (it scores nothing).
	var want []string
	for _, st := range steps {
		want = append(want, st.shape+" "+st.sym+" "+cellName(st.row, st.col))
	}
	got := eval[[]string](t, ann, `[...document.querySelectorAll('.oom-result[data-player="0"] .tile[data-shape]')].map((g) => g.dataset.shape + ' ' + g.dataset.sym + ' ' + g.dataset.cell).sort()`)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("Ann's scored board: got tiles %v; want %v", got, want)
	}
	if n := eval[int](t, ann, `document.querySelectorAll('#oom .elem').length`); n != 0 {
		t.Errorf("got %d elements drawn without the finds variant (kinds taken: %v); want none", n, kinds)
	}
}

// openOutOfMineGolden opens the golden table of case c in a new tab of browser as
// its seat, at 1280x900, and waits until ready holds.
func openOutOfMineGolden(t *testing.T, browser context.Context, s *site, c goldenCase, ready string) context.Context {
	t.Helper()
	tab := newTab(t, browser, c.Name)
	do(t, tab, 30*time.Second, "open "+c.Name,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: goldenSetup(c)})
			return err
		}),
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(s.URL+"/tables/golden-"+c.Name))
	waitFor(t, tab, 15*time.Second, c.Name+" drawn", ready)
	return tab
}

// TestOutOfMineTilesAndSupply checks how Out of Mine's pieces are drawn, on
// a round in play with and without the finds variant: each placed tile is
// one outlined shape (one path, no cell of its own), white tiles have a
// dark outline on the pale gallery; without the finds variant the supply
// offers each shape once, with the count of all its tiles, and no element
// is drawn anywhere; with it, each kind (shape and element) is offered and
// the elements of the tiles that have one are drawn.
func TestOutOfMineTilesAndSupply(t *testing.T) {
	t.Parallel()
	cases := outOfMineGoldens()[:2] // the round, without and with finds
	s, tables := goldenSiteTables(t, cases)
	browser := newBrowser(t)
	for _, c := range cases {
		tab := openOutOfMineGolden(t, browser, s, c, `!!document.querySelector('#oom-board .tile')`)
		v := oomView(tables[c.Name].state, c.You)
		if got := eval[[]int](t, tab, `[...document.querySelectorAll('#oom-board g.tile')].map((g) => g.querySelectorAll('path.tc').length + 10 * g.querySelectorAll('rect.tc').length)`); len(got) != len(v.Players[0].Placed) || slices.ContainsFunc(got, func(n int) bool { return n != 1 }) {
			t.Errorf("%s: tiles drawn as %v outlines (+10 per cell drawn alone); want one outline for each of the %d tiles", c.Name, got, len(v.Players[0].Placed))
		}
		if dark := eval[bool](t, tab, `(() => { const e = document.createElementNS('http://www.w3.org/2000/svg', 'path'); e.setAttribute('class', 'tc c-white');
  document.querySelector('#oom-board .tiles').append(e); const st = getComputedStyle(e); const c = st.stroke.match(/\d+/g).map(Number); const w = parseFloat(st.strokeWidth); e.remove();
  return w >= 1.5 && c[0] + c[1] + c[2] < 3 * 90; })()`); !dark {
			t.Errorf("%s: a white tile's outline is not dark; want it to stand out on the gallery", c.Name)
		}
		want := map[string]int{} // entry -> tiles left
		for _, k := range v.Supply {
			id := k.Shape
			if v.Finds && k.Element != "" {
				id += " " + k.Element
			}
			want[id] += k.Count
		}
		var entries []string
		if err := json.Unmarshal([]byte(eval[string](t, tab, `JSON.stringify([...document.querySelectorAll('#oom-supply .kind')].map((b) => b.dataset.kind + '=' + b.dataset.count))`)), &entries); err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, e := range entries {
			id, n, _ := strings.Cut(e, "=")
			var k int
			fmt.Sscan(n, &k)
			got[id] = k
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s (finds %v): supply entries %v; want %v", c.Name, v.Finds, got, want)
		}
		elements := eval[int](t, tab, `document.querySelectorAll('#oom .elem').length`)
		withElement := 0
		for _, p := range v.Players[0].Placed {
			if p.Element != "" {
				withElement++
			}
		}
		if v.Finds && withElement == 0 {
			t.Errorf("%s: no tile with an element on the board; the position should have one to check", c.Name)
		}
		switch {
		case !v.Finds && elements != 0:
			t.Errorf("%s: %d elements drawn without the finds variant; want none", c.Name, elements)
		case v.Finds && withElement > 0 && eval[int](t, tab, `document.querySelectorAll('#oom-board .tile .elem').length`) != withElement:
			t.Errorf("%s: got %d elements on the board; want %d (one per tile that has one)", c.Name, eval[int](t, tab, `document.querySelectorAll('#oom-board .tile .elem').length`), withElement)
		}
	}
}

// TestOutOfMineTapSurvivesAFrameMidPress presses "Put back" with the mouse,
// lets Bob's take arrive (Ann's page draws its board anew, the button
// replaced by its copy) and only then lets go: the click still puts Ann's
// tile back, as it would had no frame come between. So does a click on
// the button moved from under the mouse while it was held.
func TestOutOfMineTapSurvivesAFrameMidPress(t *testing.T) {
	t.Parallel()
	ann, bob := twoPeopleAtOutOfMine(t)
	if takeKind(t, ann, "Y1") == "" {
		t.Fatalf("no Y1 in the supply at the start of a round")
	}
	waitFor(t, ann, 10*time.Second, "Ann's Y1 confirmed", `document.querySelector('#oom-hand').dataset.state === 'confirmed'`)
	x, y := center(t, ann, `#oom-return`)
	eval[bool](t, ann, `document.querySelector('#oom-return').pressedHere = true`)
	held := func(p *input.DispatchMouseEventParams) {
		p.Button = input.MouseButtonLeft
		p.Buttons = 1
		p.ClickCount = 1
	}
	do(t, ann, 5*time.Second, "press Put back", chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.MouseEvent(chromedp.MousePressed, x, y, held))
	before := eval[int](t, ann, `Number(document.getElementById('main').dataset.n)`)
	if takeKind(t, bob, "B2") == "" {
		t.Fatalf("no B2 in the supply for Bob")
	}
	waitFor(t, ann, 10*time.Second, "Bob's take on Ann's page", fmt.Sprintf(`Number(document.getElementById('main').dataset.n) > %d`, before))
	waitFor(t, ann, 5*time.Second, "Put back drawn anew", `!document.querySelector('#oom-return')?.pressedHere`)
	do(t, ann, 5*time.Second, "let go of Put back", chromedp.MouseEvent(chromedp.MouseReleased, x, y, held))
	waitFor(t, ann, 10*time.Second, "Ann's hand empty after the click", `document.querySelector('#oom-hand')?.dataset.shape === ''`)

	// A box that comes above the board while the button is held (a
	// take-back asked for) moves the button from under the mouse: the
	// click still reaches it.
	if takeKind(t, ann, "Y1") == "" {
		t.Fatalf("no Y1 left in the supply")
	}
	waitFor(t, ann, 10*time.Second, "Ann's second Y1 confirmed", `document.querySelector('#oom-hand').dataset.state === 'confirmed'`)
	x, y = center(t, ann, `#oom-return`)
	do(t, ann, 5*time.Second, "press Put back again", chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.MouseEvent(chromedp.MousePressed, x, y, held))
	eval[bool](t, ann, `(document.getElementById('board').before(Object.assign(document.createElement('p'), { textContent: 'A box', style: 'height: 200px; margin: 0' })), true)`)
	if _, y2 := center(t, ann, `#oom-return`); y2-y < 150 {
		t.Fatalf("Put back moved from y %.0f to %.0f; want the box to move it down 200 px", y, y2)
	}
	do(t, ann, 5*time.Second, "let go where Put back was", chromedp.MouseEvent(chromedp.MouseReleased, x, y, held))
	waitFor(t, ann, 10*time.Second, "Ann's hand empty after the click on the moved button", `document.querySelector('#oom-hand')?.dataset.shape === ''`)
}

// TestOutOfMineEveryoneStops: at a table without a round clock, Ann and
// Bob cannot finish and stop digging. The stop asks first (Keep digging
// changes nothing); once stopped, Ann's tile in hand goes back, her page
// says so and lays nothing more, and Bob sees that she stopped. When Bob
// stops too, the round ends at once and is scored with no caller. A
// screen reader hears that the other player stopped. (And the log names
// the owner of a treasure card dealt face down, not the card.)
func TestOutOfMineEveryoneStops(t *testing.T) {
	t.Parallel()
	ann, bob := twoPeopleAtOutOfMine(t)
	// The log says whose treasure card was dealt face down, not which
	// (the last card dealt reveals them all and is named).
	for name, tab := range map[string]context.Context{"Ann": ann, "Bob": bob} {
		if got := eval[string](t, tab, `[...document.querySelectorAll('li[data-n]')].map((li) => li.textContent).join(' | ')`); !strings.Contains(got, "Chance a treasure card dealt face down to Ann") || strings.Contains(got, "acted") {
			t.Errorf("%s's log: %q; want Ann's card dealt face down, unnamed", name, got)
		}
	}
	kind := takeKind(t, ann, "Y1")
	if kind == "" {
		t.Fatalf("no Y1 in the supply at the start of the round")
	}
	count := func(tab context.Context) int {
		return eval[int](t, tab, fmt.Sprintf(`Number(document.querySelector('#oom-supply [data-kind=%q]').dataset.count)`, kind))
	}
	before := count(ann)
	dialog := `!!document.querySelector('#oom-stop-dialog[open]')`

	clickAt(t, ann, "stop", `#oom-stop`)
	waitFor(t, ann, 5*time.Second, "the stop asks first", dialog)
	if got := eval[string](t, ann, `document.querySelector('#oom-stop-dialog h2').textContent`); got != "Stop digging for this round?" {
		t.Errorf("the stop's question: %q", got)
	}
	clickAt(t, ann, "keep digging", `#dialog-cancel`)
	waitFor(t, ann, 5*time.Second, "the question closed", `!document.querySelector('#oom-stop-dialog')`)
	if eval[bool](t, ann, `document.querySelector('#oom-stop').disabled || document.querySelector('#oom-hand').dataset.shape !== 'Y1'`) {
		t.Fatalf("Keep digging changed something: the stop is disabled or the hand lost its Y1")
	}

	clickAt(t, ann, "stop", `#oom-stop`)
	waitFor(t, ann, 5*time.Second, "the stop asks again", dialog)
	clickAt(t, ann, "stop for good", `#dialog-ok`)
	waitFor(t, ann, 10*time.Second, "Ann stopped, her tile back in the supply", fmt.Sprintf(`document.querySelector('#oom-stop').disabled && document.querySelector('#oom-hand').dataset.shape === '' && document.querySelector('#oom-supply [data-kind=%q]').dataset.count === '%d'`, kind, before+1))
	if got := eval[string](t, ann, `document.querySelector('#oom-stop').textContent.trim() + ' | ' + document.querySelector('#oom-hint').textContent`); !strings.HasPrefix(got, "Stopped | You stopped digging.") {
		t.Errorf("Ann's page after the stop: %q; want the button to say Stopped and the hint to say she stopped", got)
	}
	waitFor(t, bob, 10*time.Second, "Bob sees that Ann stopped", `[...document.querySelectorAll('.oom-other-stopped')].some((e) => e.textContent.includes('stopped digging'))`)
	waitFor(t, bob, 5*time.Second, "Bob's screen reader is told", `[...document.querySelectorAll('#announce p')].some((p) => p.textContent === 'Ann stopped digging.')`)
	// A stopped player lays nothing more: the supply is disabled, and a
	// press on it does nothing.
	if n := eval[int](t, ann, `document.querySelectorAll('#oom-supply .kind:not([disabled])').length`); n != 0 {
		t.Errorf("after the stop, %d kinds of the supply can be pressed; want none", n)
	}
	clickAt(t, ann, "take "+kind+" again", fmt.Sprintf(`#oom-supply [data-kind=%q]`, kind))
	time.Sleep(500 * time.Millisecond)
	if got := eval[string](t, ann, `document.querySelector('#oom-hand').dataset.shape + '|' + (document.querySelector('#oom-rollback')?.textContent || '')`); got != "|" {
		t.Errorf("after the stop, a press on the supply gave hand|rollback %q; want nothing", got)
	}
	if got := eval[string](t, ann, phase); got != "round" {
		t.Fatalf("the round ended with one of two players stopped (phase %q)", got)
	}

	clickAt(t, bob, "stop", `#oom-stop`)
	waitFor(t, bob, 5*time.Second, "the stop asks Bob", dialog)
	clickAt(t, bob, "stop for good", `#dialog-ok`)
	for name, tab := range map[string]context.Context{"Ann": ann, "Bob": bob} {
		waitFor(t, tab, 15*time.Second, name+" sees round 1 scored", `document.querySelector('#oom-scoring')?.dataset.round === '1'`)
		if n := eval[int](t, tab, `document.querySelectorAll('#oom-scoring .tag.acting').length`); n != 0 {
			t.Errorf("%s: the scoring of a round everyone stopped shows %d callers; want none", name, n)
		}
		// No clock ended the round: the log names the table.
		ends := eval[[]string](t, tab, `[...document.querySelectorAll('#log li[data-n]')].filter((li) => li.textContent.includes('no call')).map((li) => li.querySelector('.log-who')?.textContent ?? '')`)
		if !slices.Equal(ends, []string{"Table"}) {
			t.Errorf("%s: the log's round ends are told by %q; want one, by the Table", name, ends)
		}
		// Nobody called, so the score sheet shows no star and no key to one.
		if got := eval[string](t, tab, `(document.querySelector('.oom-sheet') ? 'sheet' : 'no sheet') + ' | ' + (document.querySelector('.oom-sheet .help')?.textContent ?? 'no key')`); got != "sheet | no key" {
			t.Errorf("%s: the score sheet of a round nobody called: %q; want %q", name, got, "sheet | no key")
		}
	}
}
