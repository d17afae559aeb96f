package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"minehall/game"
	"minehall/games/tf22"
)

// tfFocusedPos is the page-side position ("row,col") of the planet's card
// with the focus, or "".
const tfFocusedPos = `document.activeElement?.matches?.('#tf-planet .tfcard') ? document.activeElement.dataset.pos : ''`

// tfToPlanet brings the focus to the planet's cursor (its one Tab stop) by
// Tab or Shift+Tab, unless a card has it already.
func tfToPlanet(t *testing.T, tab context.Context) {
	t.Helper()
	if eval[string](t, tab, tfFocusedPos) != "" {
		return
	}
	key := eval[string](t, tab, `document.querySelector('#tf-planet .tfcard[tabindex="0"]')?.dataset.key || ''`)
	if key == "" {
		t.Fatalf("the planet has no card in the Tab order")
	}
	mtTabTo(t, tab, key, 80)
}

// tfCursorTo moves the planet's cursor from the focused card to pos
// ("row,col") by arrow keys and checks that the focus arrived there.
func tfCursorTo(t *testing.T, tab context.Context, pos string) {
	t.Helper()
	tfToPlanet(t, tab)
	from := eval[string](t, tab, tfFocusedPos)
	var r0, c0, r1, c1 int
	fmt.Sscanf(from, "%d,%d", &r0, &c0)
	fmt.Sscanf(pos, "%d,%d", &r1, &c1)
	for ; r0 < r1; r0++ {
		mtPress(t, tab, "↓ towards "+pos, kb.ArrowDown)
	}
	for ; r0 > r1; r0-- {
		mtPress(t, tab, "↑ towards "+pos, kb.ArrowUp)
	}
	for ; c0 < c1; c0++ {
		mtPress(t, tab, "→ towards "+pos, kb.ArrowRight)
	}
	for ; c0 > c1; c0-- {
		mtPress(t, tab, "← towards "+pos, kb.ArrowLeft)
	}
	if got := eval[string](t, tab, tfFocusedPos); got != pos {
		t.Fatalf("the arrow keys from card %s led to %q; want %s", from, got, pos)
	}
}

// keyTF22Move makes move on the tab's page with the keyboard alone: Tab
// to a button (the set-up's, a symbol card's, an action of the palette, a
// crew's chip, a choice), arrow keys over the planet to a card and Enter.
// It waits until the move is applied and fails the test if the page shows
// an error or the focus leaves the board.
func keyTF22Move(t *testing.T, tab context.Context, move string) {
	t.Helper()
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	button := func(key string) {
		t.Helper()
		waitFor(t, tab, 5*time.Second, "the button "+key, fmt.Sprintf(`!!document.querySelector('#board [data-key=%q]')`, key))
		mtTabTo(t, tab, key, 80)
		mtPress(t, tab, "Enter on "+key, kb.Enter)
	}
	card := func(pos string) {
		t.Helper()
		tfCursorTo(t, tab, pos)
		mtPress(t, tab, "Enter on card "+pos, kb.Enter)
	}
	f := strings.Fields(move)
	switch f[0] {
	case "keep":
		button("move:keep")
	case "choose", "card":
		button("move:" + move)
	case "swap":
		card(f[1])
		waitFor(t, tab, 5*time.Second, "card "+f[1]+" chosen for a swap", fmt.Sprintf(`document.querySelector('#tf-planet .tfcard.selected')?.dataset.pos === %q`, f[1]))
		card(f[3])
	case "place":
		card(f[1])
	default:
		button("action:" + f[0])
		waitFor(t, tab, 5*time.Second, "action "+f[0]+" chosen", fmt.Sprintf(`document.querySelector('#tf-palette [data-key="action:%s"]').getAttribute('aria-pressed') === 'true'`, f[0]))
		if strings.Contains("DEFGIJK", f[0]) && eval[bool](t, tab, fmt.Sprintf(`document.querySelector('#tf-choices [data-key="pick:%s"]')?.getAttribute('aria-pressed') === 'false'`, f[1])) {
			button("pick:" + f[1])
			waitFor(t, tab, 5*time.Second, "crew "+f[1]+" chosen", fmt.Sprintf(`document.querySelector('#tf-choices [data-key="pick:%s"]')?.getAttribute('aria-pressed') === 'true'`, f[1]))
		}
		if strings.Contains("ABCDJK", f[0]) {
			card(targetPos(move))
		} else {
			button("move:" + move)
		}
	}
	waitFor(t, tab, 30*time.Second, "the move "+move+" applied",
		fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || document.querySelector('.message:not([hidden])')?.textContent`, n))
	if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
		t.Fatalf("the move %q was refused: %s", move, msg)
	}
}

// tf22CanChoose reports whether seat p may play the palette's action
// letter now (some legal action of p starts with it), so that choosing it
// shows target cards whatever move p then makes.
func tf22CanChoose(st game.State, p game.Player, letter string) bool {
	for _, a := range st.Legal(p, nil) {
		if strings.HasPrefix(st.ActionString(p, a), letter+" ") {
			return true
		}
	}
	return false
}

// targetPos is the card a TF22 move names ("A 3,4", "D red to 3,4").
func targetPos(move string) string {
	f := strings.Fields(move)
	return f[len(f)-1]
}

// TestTF22WholeGameByKeyboard creates a 4-player TF22 table against three
// bots and plays the person's every move with the keyboard alone, from the
// card swaps and the choice of a crew to the delivery that wins: Tab to the
// palette's action, the crew's chip or the choice, arrows over the planet's
// cards, Enter to act, Escape to cancel a chosen action once. After every
// move the focus is still on the board. It ends on the end screen.
func TestTF22WholeGameByKeyboard(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))
	do(t, tab, 30*time.Second, "create a 4-player table against three bots in the lobby", tf22AgainstThreeBots(s)...)
	id := tableOf(t, tab)
	waitFor(t, tab, 10*time.Second, "the planet drawn", `document.querySelectorAll('#tf-planet .tfcard').length === 36`)
	if n := eval[int](t, tab, `document.querySelectorAll('#tf-planet [tabindex="0"]').length`); n != 1 {
		t.Errorf("the planet has %d elements in the Tab order; want 1 (a roving tabindex)", n)
	}
	if got := eval[string](t, tab, `document.querySelector('#tf-planet .tfcard[data-pos="2,2"]').getAttribute('aria-label')`); !strings.HasPrefix(got, "Card 2,2; ") || !strings.Contains(got, "White Ranium here") {
		t.Errorf("card 2,2's name: got %q; want the card, its tunnels and its Ranium", got)
	}

	rng := game.NewRand(7)
	moves, escaped := 0, false
	stop := time.Now().Add(4 * time.Minute)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "Ann's turn or the end", tf22MyTurn+` || `+tf22Finished)
		if eval[bool](t, tab, tf22Finished) {
			break
		}
		st, n := tf22State(t, s, id)
		if got := st.Actors(nil); len(got) != 1 || got[0] != 0 {
			continue // the page has not caught up with the log yet
		}
		waitTF22Actor(t, tab, n, "Ann")
		if moves > 0 && !eval[bool](t, tab, `document.getElementById('board').contains(document.activeElement)`) {
			t.Fatalf("move %d: the focus left the board: %s", moves, eval[string](t, tab, `document.activeElement?.outerHTML?.slice(0, 120) || ''`))
		}
		move := st.ActionString(0, tf22Greedy(st, 0, &rng))
		if !escaped && tf22CanChoose(st, 0, "A") {
			// Escape on the planet cancels a chosen action.
			mtTabTo(t, tab, "action:A", 80)
			mtPress(t, tab, "Enter on action A", kb.Enter)
			waitFor(t, tab, 5*time.Second, "action A chosen, the focus on a target card", `document.activeElement?.matches?.('#tf-planet .tfcard.legal') && document.querySelector('#tf-palette [data-key="action:A"]').getAttribute('aria-pressed') === 'true'`)
			mtPress(t, tab, "Escape", kb.Escape)
			waitFor(t, tab, 5*time.Second, "the action cancelled by Escape, the focus on the planet", `document.querySelector('#tf-palette [data-key="action:A"]').getAttribute('aria-pressed') === 'false' && !document.querySelector('#tf-planet .tfcard.legal') && document.activeElement?.matches?.('#tf-planet .tfcard')`)
			escaped = true
		}
		keyTF22Move(t, tab, move)
		moves++
	}
	if !eval[bool](t, tab, tf22Finished) {
		t.Fatalf("the game did not end within 4 minutes (%d moves by Ann)", moves)
	}
	t.Logf("the game ended after %d moves by Ann, all by keyboard", moves)
	if !escaped {
		t.Errorf("no turn of Ann offered action A; want Escape checked on a chosen action")
	}
	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	if got := eval[string](t, tab, `document.querySelector('#end .winners').textContent`); !strings.Contains(got, "Ann") {
		t.Errorf("end screen: got %q; want Ann named as the winner", got)
	}
}

// tfAccessAnswers are the answers of TF22's access hooks.
type tfAccessAnswers struct {
	Summary  []string          `json:"summary"`
	Cells    map[string]string `json:"cells"`
	NoCell   []bool            `json:"nocell"`
	Commands map[string]string `json:"commands"`
	Words    [][]string        `json:"words"`
}

// TestTF22AccessAtGoldenPosition asks TF22's access hooks about a 2-player
// strategy-variant position (the golden table's) and checks the answers
// against the engine's view: the summary's turn, ore, crews and markers;
// every card by "row,col" and by grid cell with its tunnels, crews and
// Ranium; "where are the crews"; and "my cards" holding the seat's own
// hand, and no other seat's.
func TestTF22AccessAtGoldenPosition(t *testing.T) {
	t.Parallel()
	var c goldenCase
	for _, lc := range tf22LayoutCases(t) {
		if lc.Name == "tf22-layout-move" {
			c = lc.goldenCase
		}
	}
	c.Name, c.Prepare, c.PrepareReady = "tf22-access", "", ""
	s, tables := goldenSiteTables(t, []goldenCase{c})
	gt := tables[c.Name]
	tab := openGolden(t, newBrowser(t), s, c, 1280, 900)
	you := int(c.You)
	view := gt.state.View(c.You).(*tf22.View)
	var legal []string
	for _, a := range gt.state.Legal(c.You, nil) {
		legal = append(legal, gt.state.ActionString(c.You, a))
	}
	var cells []string
	for _, cd := range view.Cards {
		cells = append(cells, fmt.Sprintf("%d,%d", cd.Row+1, cd.Col+1))
	}
	cells = append(cells, "c3", "F6")
	var got tfAccessAnswers
	runAccess(t, tab, &got, "/assets/games/tf22.js", "en", view, legal, you, c.Names, cells,
		[]string{"", "0,1", "7,7", "g1", "a7", "l5"}, [][2]string{{"where are the crews", ""}, {"my cards", ""}, {"ranium", ""}, {"actions", ""}})

	colour := func(col string) string { return col }
	name := func(seat int) string { return c.Names[seat] }
	// The summary: the turn, the ore, the person's crews, the markers.
	if want := fmt.Sprintf("Turn %d: %s plays, %d ore left.", view.Turn, name(view.Active), view.Ore); at(got.Summary, 0) != want {
		t.Errorf("summary line 0: got %q; want %q", at(got.Summary, 0), want)
	}
	all := strings.Join(got.Summary, " ")
	for _, cr := range view.Crews {
		if cr.Owner == you {
			want := fmt.Sprintf("your %s crew on card %d,%d in the %s tunnel, carrying %d Ranium.", colour(cr.Color), cr.Row+1, cr.Col+1, colour(cr.Tunnel), cr.Ranium)
			if !strings.Contains(all, want) {
				t.Errorf("summary: got %q; want %q in it", all, want)
			}
		}
	}
	for _, sv := range view.Seats {
		if want := fmt.Sprintf("%s: %d of %d markers.", name(sv.Seat), sv.Markers, view.Goal); !strings.Contains(all, want) {
			t.Errorf("summary: got %q; want %q in it", all, want)
		}
	}

	// Every card: its position, side, tunnels, Ranium and the crews in it.
	for _, cd := range view.Cards {
		pos := fmt.Sprintf("%d,%d", cd.Row+1, cd.Col+1)
		a := got.Cells[pos]
		if !strings.HasPrefix(a, "Card "+pos+"; "+cd.Side) {
			t.Errorf("cell %s: got %q; want it to start %q", pos, a, "Card "+pos+"; "+cd.Side)
		}
		for _, col := range []string{"white", "red", "blue", "yellow"} {
			if ex := cd.Tunnels[col]; ex != "" && !strings.Contains(a, col+" tunnel to ") {
				t.Errorf("cell %s: got %q; want its %s tunnel (exits %s)", pos, a, col, ex)
			}
		}
		if cd.Ranium != strings.Contains(a, "White Ranium here") {
			t.Errorf("cell %s: got %q; want White Ranium said exactly when the card holds it (%v)", pos, a, cd.Ranium)
		}
		for _, cr := range view.Crews {
			if cr.Row == cd.Row && cr.Col == cd.Col && !strings.Contains(a, fmt.Sprintf("the %s crew (%s) here in the %s tunnel", cr.Color, name(cr.Owner), cr.Tunnel)) {
				t.Errorf("cell %s: got %q; want the %s crew in it", pos, a, cr.Color)
			}
		}
	}
	// A grid cell names a card too: c3 is row 3, column 3.
	if got.Cells["c3"] != got.Cells["3,3"] || got.Cells["F6"] != got.Cells["6,6"] {
		t.Errorf("cell c3/F6: got %q and %q; want the answers for 3,3 and 6,6", got.Cells["c3"], got.Cells["F6"])
	}
	for i, ref := range []string{"", "0,1", "7,7", "g1", "a7", "l5"} {
		if !got.NoCell[i] {
			t.Errorf("cell %q: got an answer; want null (no card of the planet)", ref)
		}
	}

	// "where are the crews": each crew, its owner, card, tunnel and Ranium.
	for _, cr := range view.Crews {
		want := fmt.Sprintf("the %s crew (%s) on card %d,%d in the %s tunnel, carrying %d Ranium", cr.Color, name(cr.Owner), cr.Row+1, cr.Col+1, cr.Tunnel, cr.Ranium)
		if !strings.Contains(got.Commands["where are the crews"], want) {
			t.Errorf("where are the crews: got %q; want %q in it", got.Commands["where are the crews"], want)
		}
	}

	// "my cards": the seat's own hand, by value and symbol; no other hand.
	mine := view.Seats[you]
	if len(mine.Hand) == 0 {
		t.Fatalf("the golden position gives seat %d no hand: %+v", you, mine)
	}
	cards := got.Commands["my cards"]
	for _, v := range mine.Hand {
		sym := view.SymbolCards[mine.SymbolColor][v-2]
		if !strings.Contains(cards, fmt.Sprintf("%d (%s)", v, sym)) {
			t.Errorf("my cards: got %q; want the card %d (%s) of the hand", cards, v, sym)
		}
	}
	if !strings.Contains(cards, "Your symbol cards are "+mine.SymbolColor+".") {
		t.Errorf("my cards: got %q; want their colour %s", cards, mine.SymbolColor)
	}
	for _, sv := range view.Seats {
		if sv.Seat != you && len(sv.Hand) > 0 {
			t.Errorf("the view of seat %d holds seat %d's hand %v", you, sv.Seat, sv.Hand)
		}
		if sv.Seat != you && sv.SymbolColor != "" && strings.Contains(cards, sv.SymbolColor) {
			t.Errorf("my cards: got %q; want nothing of seat %d's %s cards", cards, sv.Seat, sv.SymbolColor)
		}
	}
	// "actions": every possible action now says so.
	for _, m := range legal {
		if L := m[:1]; strings.Contains("ABCDEFGHIJK", L) && !strings.Contains(got.Commands["actions"], L+": ") {
			t.Errorf("actions: got %q; want action %s", got.Commands["actions"], L)
		}
	}
	if !strings.Contains(got.Commands["actions"], "Possible now") {
		t.Errorf("actions: got %q; want the possible ones marked", got.Commands["actions"])
	}
}

// TestTF22CombatDialogTakesTheFocus seats two people at a strategy-variant
// table (set up as TestTF22StrategyCombatThroughDialog does) and plays a
// planned run to a steal with the keyboard alone: when the combat waits
// for a player's symbol card, the focus of that player, who was on the
// board, is in the combat dialog on the first card of the hand, and Enter
// plays it, for the attacker and then the defender.
func TestTF22CombatDialogTakesTheFocus(t *testing.T) {
	t.Parallel()
	s, tabs, id := tf22StrategyTable(t)
	st, _ := tf22State(t, s, id)
	plan := tf22PlanCombat(st, 300, 40)
	if plan == nil {
		t.Fatalf("no run of at most 40 moves leads to a combat from this deal")
	}
	for _, m := range plan {
		_, n := tf22State(t, s, id)
		waitTF22Actor(t, tabs[m.seat], n, fmt.Sprintf("seat %d", m.seat))
		keyTF22Move(t, tabs[m.seat], m.move)
	}
	att := int(plan[len(plan)-1].seat)
	for _, seat := range []int{att, 1 - att} {
		_, n := tf22State(t, s, id)
		waitTF22Actor(t, tabs[seat], n, fmt.Sprintf("seat %d to choose a symbol card", seat))
		waitFor(t, tabs[seat], 10*time.Second, fmt.Sprintf("seat %d's focus on the first card of the combat's hand", seat),
			`document.activeElement === document.querySelector('#tf-combat[role="dialog"] .hand button')`)
		move := eval[string](t, tabs[seat], `document.activeElement.dataset.move`)
		mtPress(t, tabs[seat], "Enter on "+move, kb.Enter)
		waitFor(t, tabs[seat], 30*time.Second, "the card "+move+" played", fmt.Sprintf(`document.getElementById('main').dataset.n !== '%d'`, n))
		if !eval[bool](t, tabs[seat], `document.getElementById('board').contains(document.activeElement)`) {
			t.Errorf("seat %d: after its card the focus left the board: %s", seat, eval[string](t, tabs[seat], `document.activeElement?.outerHTML?.slice(0, 120) || ''`))
		}
	}
	end, _ := tf22State(t, s, id)
	if lc := end.View(game.Spectator).(*tf22.View).LastCombat; lc == nil {
		t.Errorf("the engine shows no combat after both cards were played by Enter")
	}
}
