package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/tf22"
)

// tf22LayoutSeed deals the 2-player strategy games the TF22 layout cases
// are played from.
const tf22LayoutSeed = 20260102

// tf22LayoutOptions are the options of the TF22 layout cases: the strategy
// variant (the players choose symbol cards, so that the combat dialog and
// the placement's card choice are steps of their own).
var tf22LayoutOptions = game.Options{"symbol_cards": "strategy"}

// tf22Prefer plays TF22 Mine like a player in a hurry for Ranium: a
// delivery, a steal, a collection, a move towards it, then anything; the
// start player swaps cards while it may.
func tf22Prefer(_ game.State, _ game.Player, move string) int {
	switch strings.Fields(move)[0] {
	case "keep":
		return 0
	case "I":
		return 6
	case "G":
		return 5
	case "F":
		return 4
	case "D", "J", "E":
		return 2
	}
	return 1
}

// tf22LayoutView is the view of seat you in s.
func tf22LayoutView(s game.State, you game.Player) *tf22.View {
	return s.View(you).(*tf22.View)
}

// tf22StartPlayer is the seat that swaps cards first in the layout cases'
// deal.
func tf22StartPlayer(t *testing.T) game.Player {
	t.Helper()
	s, _, err := game.Start(tf22.New(), 2, tf22LayoutOptions, tf22LayoutSeed)
	if err != nil {
		t.Fatal(err)
	}
	return s.Actors(nil)[0]
}

// tf22LayoutCase is a layout case of the 2-player deal, seen by seat you,
// reached when reach says so.
func tf22LayoutCase(name string, you game.Player, reach func(v *tf22.View, s game.State, plies int) bool, parts ...layoutPart) layoutCase {
	return layoutCase{goldenCase: goldenCase{
		Name: name, Game: tf22.New(), Players: 2, Options: tf22LayoutOptions, Seed: tf22LayoutSeed,
		Names: []string{"Ann", "Bob"}, Bots: []string{"", ""}, You: you,
		Reach: func(s game.State, plies int) bool {
			if s.Terminal() {
				return reach(tf22LayoutView(s, you), s, plies)
			}
			return slices.Contains(s.Actors(nil), you) && reach(tf22LayoutView(s, you), s, plies)
		},
		Prefer: tf22Prefer,
		Ready:  `document.querySelectorAll('#tf-planet .tfcard').length === 36`,
	}, Parts: parts}
}

// tf22Planet is the part every TF22 step needs: the planet.
var tf22Planet = layoutPart{Name: "planet", Selector: "#tf-planet"}

// tf22LayoutCases are the steps of a TF22 game on a phone: the start
// player's card swaps, the choice of a crew, a turn's choice of action, the
// choice of a card to turn, of a crew and its destination, of a loader's
// move, the combat dialog, the placement of delivered Ranium, the other
// seat's turn, and the end.
func tf22LayoutCases(t *testing.T) []layoutCase {
	start := tf22StartPlayer(t)
	turn := func(v *tf22.View, _ game.State, plies int) bool {
		return v.Phase == "turn" && v.Combat == nil && v.Placement == nil && v.FreeAction < 0 && v.Ore == 4 && plies > 12
	}
	withPrepare := func(c layoutCase, prepare, ready string) layoutCase {
		c.Prepare, c.PrepareReady = prepare, ready
		return c
	}
	click := func(sel string) string {
		return `document.querySelector('` + sel + `').click()`
	}
	return []layoutCase{
		tf22LayoutCase("tf22-layout-swap", start, func(v *tf22.View, _ game.State, plies int) bool { return v.Phase == "swap" && plies > 0 },
			tf22Planet,
			layoutPart{Name: "swappable card", Selector: "#tf-planet .tfcard.legal", Each: true},
			layoutPart{Name: "keep button", Selector: `#tf-setup [data-move="keep planet"]`}),
		tf22LayoutCase("tf22-layout-choose", 1-start, func(v *tf22.View, _ game.State, _ int) bool { return v.Phase == "choose" },
			tf22Planet,
			layoutPart{Name: "crew button", Selector: `#tf-setup [data-move^="choose "]`, Each: true}),
		tf22LayoutCase("tf22-layout-turn", start, turn,
			tf22Planet,
			layoutPart{Name: "ore", Selector: "#tf-ore"},
			layoutPart{Name: "action", Selector: "#tf-palette .tf-act", Each: true}),
		withPrepare(tf22LayoutCase("tf22-layout-card", start, turn,
			tf22Planet,
			layoutPart{Name: "card to turn", Selector: "#tf-planet .tfcard.legal", Each: true},
			layoutPart{Name: "cancel button", Selector: `#tf-choices [data-key="cancel"]`}),
			click(`#tf-palette [data-key="action:A"]`), `document.querySelectorAll('#tf-planet .tfcard.legal').length > 0`),
		withPrepare(tf22LayoutCase("tf22-layout-move", start, func(v *tf22.View, s game.State, plies int) bool {
			return turn(v, s, plies) && tf22CanMoveBothCrews(s, start)
		},
			tf22Planet,
			layoutPart{Name: "crew chip", Selector: `#tf-choices [data-key^="pick:"]`, Each: true},
			layoutPart{Name: "destination", Selector: "#tf-planet .tfcard.legal", Each: true},
			layoutPart{Name: "cancel button", Selector: `#tf-choices [data-key="cancel"]`}),
			click(`#tf-palette [data-key="action:D"]`), `document.querySelectorAll('#tf-choices [data-key^="pick:"]').length === 2`),
		withPrepare(tf22LayoutCase("tf22-layout-loader", start, turn,
			tf22Planet,
			layoutPart{Name: "loader move", Selector: "#tf-planet .loadertarget", Each: true},
			layoutPart{Name: "cancel button", Selector: `#tf-choices [data-key="cancel"]`}),
			click(`#tf-palette [data-key="action:H"]`), `document.querySelectorAll('#tf-planet .loadertarget').length > 0`),
		tf22LayoutCase("tf22-layout-combat", start, func(v *tf22.View, _ game.State, _ int) bool { return v.Combat != nil },
			tf22Planet,
			layoutPart{Name: "combat", Selector: "#tf-combat"},
			layoutPart{Name: "symbol card", Selector: `#tf-combat .hand [data-move^="card "]`, Each: true}),
		tf22LayoutCase("tf22-layout-place", start, func(v *tf22.View, _ game.State, _ int) bool { return v.Placement != nil },
			tf22Planet,
			layoutPart{Name: "placement", Selector: "#tf-placement"},
			layoutPart{Name: "symbol card", Selector: `#tf-placement .hand [data-move^="card "]`, Each: true, Optional: true},
			layoutPart{Name: "inner-ring card", Selector: "#tf-planet .tfcard.legal", Each: true, Optional: true}),
		tf22WaitingCase(start),
		tf22LayoutCase("tf22-layout-end", start, func(_ *tf22.View, s game.State, _ int) bool { return s.Terminal() },
			layoutPart{Name: "end heading", Selector: "#end-h", Optional: true},
			layoutPart{Name: "scores", Selector: "#end .scores", Optional: true}),
	}
}

// tf22WaitingCase is the turn of the other seat, seen by the start player:
// the planet and the greyed actions, nothing to tap but the page's own.
func tf22WaitingCase(start game.Player) layoutCase {
	c := tf22LayoutCase("tf22-layout-waiting", start, nil, tf22Planet, layoutPart{Name: "ore", Selector: "#tf-ore"})
	c.Reach = func(s game.State, plies int) bool {
		v := tf22LayoutView(s, start)
		return plies > 12 && v.Phase == "turn" && v.Combat == nil && v.Placement == nil && v.ToAct == int(1-start)
	}
	return c
}

// tf22CanMoveBothCrews reports whether both crews of seat p may move in
// their tunnels (action D) in s.
func tf22CanMoveBothCrews(s game.State, p game.Player) bool {
	crews := map[string]bool{}
	for _, a := range s.Legal(p, nil) {
		if f := strings.Fields(s.ActionString(p, a)); f[0] == "D" {
			crews[f[1]] = true
		}
	}
	return len(crews) == 2
}

// TestTF22Layout checks that every step of a TF22 game fits a phone's
// screen (see layout_test.go): the planet and the step's targets and
// buttons, uncovered, with room for a thumb.
func TestTF22Layout(t *testing.T) {
	t.Parallel()
	runLayouts(t, tf22LayoutCases(t))
}

// tapTF22Move makes move on the tab's page by taps (tapOn: a finger on the
// element where it is on the screen, without scrolling): the action in the
// palette, the crew's chip (with two), then its target on the planet or
// among the sheet's choices; a card swap by its two cards; set-up, combat
// and placement answers by their buttons. It waits until the move is
// applied and fails the test if the page shows an error.
func tapTF22Move(t *testing.T, tab context.Context, move string) {
	t.Helper()
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	tap := func(what, sel string) {
		t.Helper()
		waitFor(t, tab, 10*time.Second, what+" shown", fmt.Sprintf(`!!document.querySelector(%q)`, sel))
		tapOn(t, tab, what+" (for "+move+")", sel)
	}
	f := strings.Fields(move)
	switch f[0] {
	case "keep", "choose":
		tap(move, fmt.Sprintf(`#tf-setup [data-move=%q]`, move))
	case "swap":
		tap("card "+f[1], fmt.Sprintf(`#tf-planet [data-key="card:%s"]`, f[1]))
		waitFor(t, tab, 5*time.Second, "card "+f[1]+" chosen for a swap", fmt.Sprintf(`document.querySelector('#tf-planet .tfcard.selected')?.dataset.pos === %q`, f[1]))
		tap("card "+f[3], fmt.Sprintf(`#tf-planet [data-move=%q]`, move))
	case "card":
		tap("symbol card "+f[1], fmt.Sprintf(`#board .hand [data-move=%q]`, move))
	case "place":
		tap("card "+f[1], fmt.Sprintf(`#tf-planet [data-move=%q]`, move))
	default:
		tap("action "+f[0], fmt.Sprintf(`#tf-palette [data-key="action:%s"]`, f[0]))
		waitFor(t, tab, 5*time.Second, "action "+f[0]+" chosen", fmt.Sprintf(`document.querySelector('#tf-palette [data-key="action:%s"]').getAttribute('aria-pressed') === 'true'`, f[0]))
		if strings.Contains("DEFGIJK", f[0]) && eval[bool](t, tab, fmt.Sprintf(`!!document.querySelector('#tf-choices [data-key="pick:%s"]')`, f[1])) {
			// The chips stay while more than one crew may act; a lone crew's
			// chip goes once it is chosen.
			tap("the "+f[1]+" crew's chip", fmt.Sprintf(`#tf-choices [data-key="pick:%s"]`, f[1]))
			waitFor(t, tab, 5*time.Second, "the "+f[1]+" crew chosen", fmt.Sprintf(`(document.querySelector('#tf-choices [data-key="pick:%s"]')?.getAttribute('aria-pressed') ?? 'true') === 'true'`, f[1]))
		}
		where := "#tf-choices"
		if strings.Contains("ABCDJK", f[0]) {
			where = "#tf-planet"
		}
		tap("the target", fmt.Sprintf(`%s [data-move=%q]`, where, move))
	}
	waitFor(t, tab, 30*time.Second, "the move "+move+" applied",
		fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
	if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
		t.Fatalf("the move %q was refused: %s", move, msg)
	}
}

// TestTF22WholeGameByTouch plays a 2-player TF22 Mine game in the strategy
// variant, with a round limit of 6, against a bot on a 390 × 844 touch
// screen: every move of the person (the set-up, each action with its crew
// and its target, any symbol card a combat or a placement asks of her) is
// made by taps on the screen as it is, never scrolled, until the end
// screen. Whenever her turn starts, the planet and every action are on the
// screen at once, and nothing makes the page scroll sideways.
func TestTF22WholeGameByTouch(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "touch")
	do(t, tab, 30*time.Second, "create a 2-player table against a bot on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "tf22"),
		visible(`#opt-round_limit`),
		choose(`#players`, "2"),
		visible(`#seat-1-bot`),
		choose(`#seat-1-bot`, "random"),
		choose(`#opt-symbol_cards`, "strategy"),
		choose(`#opt-round_limit`, "6"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#tf-planet`),
	)
	id := tableOf(t, tab)
	rng := game.NewRand(3)
	moves, turns := 0, 0
	kinds := map[string]int{}
	stop := time.Now().Add(3 * time.Minute)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "Ann's move or the end", tf22MyTurn+` || `+tf22Finished)
		if eval[bool](t, tab, tf22Finished) {
			break
		}
		st, n := tf22State(t, s, id)
		if got := st.Actors(nil); len(got) != 1 || got[0] != 0 {
			continue // the page has not caught up with the log yet
		}
		waitTF22Actor(t, tab, n, "Ann")
		v := st.View(0).(*tf22.View)
		if v.Phase == "turn" && v.Combat == nil && v.Placement == nil && v.Ore == 4 {
			turns++
			if off := eval[[]string](t, tab, `[document.querySelector('#tf-planet'), ...document.querySelectorAll('#tf-palette .tf-act')].filter((e) => {
  const r = e.getBoundingClientRect(); return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; }).map((e) => e.dataset.action || e.id)`); len(off) > 0 {
				t.Errorf("turn %d: off the screen when Ann's turn starts: %v", v.Turn, off)
			}
		}
		if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("the page is %d px wide on a 390 px screen; want no sideways scrolling", w)
		}
		move := st.ActionString(0, tf22Greedy(st, 0, &rng))
		kinds[strings.Fields(move)[0]]++
		tapTF22Move(t, tab, move)
		moves++
		if y := eval[float64](t, tab, `scrollY`); y != 0 {
			t.Fatalf("the page scrolled to %.0f after Ann's %q; want it where it was", y, move)
		}
	}
	if !eval[bool](t, tab, tf22Finished) {
		t.Fatalf("the game did not end within 3 minutes (%d moves by Ann)", moves)
	}
	t.Logf("the game ended after %d moves by Ann in %d turns: %v", moves, turns, kinds)
	if turns == 0 {
		t.Errorf("Ann played no turn in the mine; want at least one")
	}
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 2 {
		t.Errorf("end screen: got %d score rows; want 2", rows)
	}
	if got := eval[string](t, tab, `document.querySelector('#tf-phase').dataset.phase`); got != "over" {
		t.Errorf("phase shown at the end: got %q; want over", got)
	}
}
