package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/tf22"
)

// tf22Animations counts, from the moment it is installed, the cards of the
// planet that start a turning or flipping animation.
const tf22Animations = `(() => {
  window.tfAnimations = { turn: 0, 'flip-long': 0, 'flip-short': 0 };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const c of n.querySelectorAll('.tfcard[class*="anim-"]')) {
        const m = c.getAttribute('class').match(/anim-(turn|flip-long|flip-short)/);
        if (m) window.tfAnimations[m[1]]++;
      }
    }
  }).observe(document.getElementById('board'), { childList: true, subtree: true });
})()`

// tf22AgainstThreeBots creates, in s's lobby, a 4-player TF22 Mine table
// of Ann and three random bots, with a round limit of 30, and waits until
// the table shows the planet.
func tf22AgainstThreeBots(s *site) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(s.URL + "/"),
		visible(`#create`),
		choose(`#game`, "tf22"),
		visible(`#opt-round_limit`),
		choose(`#players`, "4"),
		visible(`#seat-3-bot`),
		choose(`#seat-1-bot`, "random"),
		choose(`#seat-2-bot`, "random"),
		choose(`#seat-3-bot`, "random"),
		choose(`#opt-round_limit`, "30"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#tf-planet`),
	}
}

// TestTF22FourPlayerGameAgainstBotsToAWin creates a 4-player TF22 Mine
// table in the lobby (a person and three bots) and plays the person's
// every move by clicks, from the card swaps and the choice of a crew to the
// delivery of the third Ranium, until the end screen names the winner. On
// the way it checks the planet (36 cards with their backs' tunnels, crews,
// bases, Ranium, loaders), the palette's explanation of an action that is
// not possible, the animations of the bots' turns and flips, and the
// color-blind symbols on the tunnels.
func TestTF22FourPlayerGameAgainstBotsToAWin(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	withMotion(t, tab)
	do(t, tab, 30*time.Second, "create a 4-player table against three bots in the lobby",
		append(tf22AgainstThreeBots(s), chromedp.Evaluate[chromedp.Void](tf22Animations))...)
	id := tableOf(t, tab)
	waitFor(t, tab, 10*time.Second, "the planet drawn with its card backs", `document.querySelectorAll('#tf-planet .tfcard').length === 36 && document.querySelectorAll('#tf-planet .backhint path').length >= 36`)
	checks := []struct{ what, expr string }{
		{"4 crews on the planet", `document.querySelectorAll('#tf-planet .crew').length === 4`},
		{"4 bases", `document.querySelectorAll('#tf-planet .base').length === 4`},
		{"4 Ranium on the inner corners", `[...document.querySelectorAll('#tf-planet .ranium')].map((r) => r.dataset.ranium).sort().join(' ') === '2,2 2,5 5,2 5,5'`},
		{"3 loaders", `document.querySelectorAll('#tf-planet .loader').length === 3`},
		{"the start player's swap prompt", `document.querySelector('#tf-phase').dataset.phase === 'swap' && !!document.querySelector('#tf-setup [data-move="keep planet"]')`},
	}
	for _, c := range checks {
		if !eval[bool](t, tab, c.expr) {
			t.Errorf("%s: not shown (%s)", c.what, c.expr)
		}
	}

	rng := game.NewRand(7)
	moves, explained, drawsSeen := 0, false, 0
	stop := time.Now().Add(2 * time.Minute)
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
		if !explained && eval[string](t, tab, `document.querySelector('#tf-phase').dataset.phase`) == "turn" && eval[bool](t, tab, `!!document.querySelector('#tf-palette .tf-action.cannot button')`) {
			explainNotPossible(t, tab)
			explained = true
		}
		move := st.ActionString(0, tf22Greedy(st, 0, &rng))
		clickTF22Move(t, tab, move)
		moves++
		if strings.HasPrefix(move, "I ") && !eval[bool](t, tab, tf22Finished) {
			// The delivered Ranium's symbol card is drawn by chance at
			// once; the log names the draw to everyone.
			waitFor(t, tab, 10*time.Second, "chance's draw for the delivered Ranium in the log",
				`[...document.querySelectorAll('#log li')].some((li) => li.querySelector('.log-who')?.textContent === 'Chance' && / draws the symbol card [2-6]$/.test(li.textContent))`)
			drawsSeen++
		}
	}
	if !eval[bool](t, tab, tf22Finished) {
		t.Fatalf("the game did not end within 2 minutes (%d moves by Ann)", moves)
	}
	t.Logf("the game ended after %d moves by Ann; the log showed chance's draw after %d of her deliveries", moves, drawsSeen)
	if !explained {
		t.Errorf("no turn of Ann showed an action that is not possible; want its explanation checked")
	}

	do(t, tab, 10*time.Second, "the end screen", visible(`#end .scores`))
	if got := eval[string](t, tab, `document.querySelector('#end .winners').textContent`); !strings.Contains(got, "Ann") {
		t.Errorf("end screen: got %q; want Ann named as the winner", got)
	}
	if rows := eval[int](t, tab, `document.querySelectorAll('#end .scores tbody tr').length`); rows != 4 {
		t.Errorf("end screen: got %d score rows; want 4", rows)
	}
	// The goal is 3 markers; a winning delivery of two Ranium may carry a
	// seat past it to 4, so the page must show what the engine counted.
	end, _ := tf22State(t, s, id)
	want := fmt.Sprint(end.Scores(nil)[0])
	if got := eval[string](t, tab, `document.querySelector('.tf-seat[data-seat="0"]').dataset.markers`); got != want || (want != "3" && want != "4") {
		t.Errorf("Ann's markers: got %s; want %s, the engine's count, at least the goal of 3", got, want)
	}
	if got := eval[string](t, tab, `document.querySelector('#tf-phase').dataset.phase`); got != "over" {
		t.Errorf("phase shown at the end: got %q; want over", got)
	}
	if n := eval[int](t, tab, `window.tfAnimations.turn + window.tfAnimations['flip-long'] + window.tfAnimations['flip-short']`); n == 0 {
		t.Errorf("no card was animated while the bots turned and flipped cards")
	}
	if w := eval[string](t, tab, `document.querySelector('#log li[data-n="1"]')?.textContent || ''`); !strings.Contains(w, "Ann") {
		t.Errorf("the log's first move: got %q; want Ann's move in words", w)
	}

	do(t, tab, 10*time.Second, "turn on color-blind mode", click(chromedp.CSS(`#colorblind`)))
	waitFor(t, tab, 5*time.Second, "a symbol on every tunnel", `document.querySelectorAll('#tf-planet .tsym').length > 0 && document.querySelectorAll('#tf-planet .tsym').length === [...document.querySelectorAll('#tf-planet .tunnel.face')].reduce((n, p) => n + p.dataset.exits.length, 0)`)
}

// explainNotPossible focuses an action of the palette that is not possible
// and checks that the engine's reason (an explain frame) shows and is tied
// to the button.
func explainNotPossible(t *testing.T, tab context.Context) {
	t.Helper()
	letter := eval[string](t, tab, `document.querySelector('#tf-palette .tf-action.cannot button').dataset.action`)
	sel := fmt.Sprintf(`#tf-palette [data-key="action:%s"]`, letter)
	do(t, tab, 5*time.Second, "focus action "+letter, chromedp.Focus(chromedp.CSS(sel)))
	waitFor(t, tab, 10*time.Second, "the engine's reason for action "+letter, fmt.Sprintf(`document.getElementById('tf-why-%s')?.dataset.state === 'answered'`, letter))
	why := eval[string](t, tab, fmt.Sprintf(`(() => { const b = document.querySelector(%q); const w = document.getElementById(b.getAttribute('aria-describedby')); return getComputedStyle(w).display !== 'none' ? w.textContent : ''; })()`, sel))
	if why == "" {
		t.Errorf("action %s is not possible but shows no reason on focus", letter)
	} else {
		t.Logf("action %s is not possible: %s", letter, why)
	}
	if got := eval[string](t, tab, fmt.Sprintf(`document.querySelector(%q).getAttribute('aria-disabled')`, sel)); got != "true" {
		t.Errorf("action %s: aria-disabled %q; want true", letter, got)
	}
}

// tf22StrategyTable seats two people, Ann and Bob, at a 2-player table in
// the strategy variant, each leading two crews, and sets it up by clicks:
// Ann swaps one pair of ring cards and keeps the rest; Bob chooses first,
// then they alternate. It returns the site, both tabs and the table's id.
func tf22StrategyTable(t *testing.T) (*site, []context.Context, string) {
	t.Helper()
	s := startSite(t)
	link := createTable(t, s, map[string]any{"game": "tf22", "players": 2, "autostart": true,
		"options": map[string]string{"symbol_cards": "strategy"},
		"seats":   []map[string]string{{"kind": "person"}, {"kind": "person"}}})
	browser := newBrowser(t)
	tabs := []context.Context{newTab(t, browser, "ann"), newTab(t, browser, "bob")}
	for i, name := range []string{"Ann", "Bob"} {
		do(t, tabs[i], 30*time.Second, name+" joins by the link",
			chromedp.Navigate(s.URL+link),
			visible(`#join-name`),
			sendKeys(chromedp.CSS(`#join-name`), name),
			click(chromedp.CSS(`#join`)),
		)
	}
	for i := range tabs {
		do(t, tabs[i], 20*time.Second, "the planet", visible(`#tf-planet`))
	}
	id := tableOf(t, tabs[0])

	_, n := tf22State(t, s, id)
	waitTF22Actor(t, tabs[0], n, "Ann")
	clickTF22Move(t, tabs[0], "swap 1,1 and 6,6")
	clickTF22Move(t, tabs[0], "keep planet")
	for _, c := range []struct {
		seat  int
		color string
	}{{1, "red"}, {0, "blue"}, {1, "yellow"}, {0, "white"}} {
		_, n = tf22State(t, s, id)
		waitTF22Actor(t, tabs[c.seat], n, fmt.Sprintf("seat %d", c.seat))
		clickTF22Move(t, tabs[c.seat], "choose "+c.color)
	}
	if got := eval[int](t, tabs[0], `document.querySelectorAll('.tf-seat[data-seat="0"] .swatch').length`); got != 2 {
		t.Errorf("Ann's crews shown: got %d; want 2", got)
	}
	return s, tabs, id
}

// TestTF22StrategyCombatThroughDialog seats two people at a 2-player table
// in the strategy variant, each leading two crews. They set up by clicks
// (a card swap, the alternating choice of colors) and play the moves of a
// planned run until a crew may steal; the attack, the attacker's face-down
// card (which the defender's log tells of without its value) and the
// defender's answer are chosen in the combat dialog, both cards are
// revealed in both pages, and the winner of the combat is the one the
// values say.
func TestTF22StrategyCombatThroughDialog(t *testing.T) {
	t.Parallel()
	s, tabs, id := tf22StrategyTable(t)

	st, _ := tf22State(t, s, id)
	plan := tf22PlanCombat(st, 300, 40)
	if plan == nil {
		t.Fatalf("no run of at most 40 moves leads to a combat from this deal")
	}
	t.Logf("%d moves until a crew may steal: %v", len(plan), plan)
	for _, m := range plan {
		_, n := tf22State(t, s, id)
		waitTF22Actor(t, tabs[m.seat], n, fmt.Sprintf("seat %d", m.seat))
		clickTF22Move(t, tabs[m.seat], m.move)
	}
	attack := strings.Fields(plan[len(plan)-1].move) // G ATTACKER attacks DEFENDER
	att := plan[len(plan)-1].seat
	def := 1 - att

	// The attacker's dialog: the hand, with each card's combat value.
	_, n := tf22State(t, s, id)
	waitTF22Actor(t, tabs[att], n, "the attacker")
	do(t, tabs[att], 10*time.Second, "the attacker's combat dialog", visible(`#tf-combat[role="dialog"] .hand`))
	if got := eval[string](t, tabs[att], `document.querySelector('#tf-combat').dataset.stage`); got != "attacker" {
		t.Errorf("combat stage on the attacker's page: got %q; want attacker", got)
	}
	low := eval[string](t, tabs[att], `document.querySelector('#tf-combat .hand [data-move^="card "]').dataset.move`)
	if !eval[bool](t, tabs[def], `!!document.querySelector('#tf-combat') && !document.querySelector('#tf-combat .hand')`) {
		t.Errorf("the defender's page: want the combat shown without a hand while the attacker chooses")
	}
	clickTF22Move(t, tabs[att], low)

	// The defender's dialog: the attacker's card face down, the hand.
	_, n = tf22State(t, s, id)
	waitTF22Actor(t, tabs[def], n, "the defender")
	do(t, tabs[def], 10*time.Second, "the defender's combat dialog", visible(`#tf-combat[role="dialog"] .hand`))
	if !eval[bool](t, tabs[def], `document.querySelector('#tf-combat').dataset.stage === 'defender' && !!document.querySelector('#tf-combat .attacker .symcard.facedown')`) {
		t.Errorf("the defender's dialog: want the attacker's card face down")
	}
	if got := eval[string](t, tabs[att], `document.querySelector('#tf-combat .attacker .symcard')?.dataset.value || ''`); got != strings.TrimPrefix(low, "card ") {
		t.Errorf("the attacker's own face-down card on its page: got %q; want %s", got, strings.TrimPrefix(low, "card "))
	}
	// The defender's log says that a card was laid face down, not which;
	// the attacker's names it.
	lastLog := `[...document.querySelectorAll('#log li[data-n]')].pop()?.textContent.replace(/^\d+\.\s*/, '') || ''`
	waitFor(t, tabs[def], 10*time.Second, "the defender's log tells of a card face down", lastLog+`.endsWith('plays a symbol card face down')`)
	if got := eval[string](t, tabs[att], lastLog); !strings.HasSuffix(got, "plays a symbol card ("+strings.TrimPrefix(low, "card ")+")") {
		t.Errorf("the attacker's log: %q; want its own card named", got)
	}
	high := eval[string](t, tabs[def], `[...document.querySelectorAll('#tf-combat .hand [data-move^="card "]')].pop().dataset.move`)
	clickTF22Move(t, tabs[def], high)

	// Both pages reveal both cards and the outcome the values give.
	st, _ = tf22State(t, s, id)
	lc := st.View(game.Spectator).(*tf22.View).LastCombat
	if lc == nil {
		t.Fatalf("the engine's view shows no combat after both cards were played")
	}
	want := "tie"
	if lc.AttackerValue > lc.DefenderValue {
		want = "attacker"
	} else if lc.AttackerValue < lc.DefenderValue {
		want = "defender"
	}
	for i, tab := range tabs {
		waitFor(t, tab, 10*time.Second, fmt.Sprintf("seat %d sees the revealed cards", i),
			fmt.Sprintf(`document.querySelector('#tf-lastcombat')?.dataset.outcome === %q && document.querySelector('#tf-lastcombat .attacker .symcard').dataset.value === %q && document.querySelector('#tf-lastcombat .defender .symcard').dataset.value === %q`,
				want, strings.TrimPrefix(low, "card "), strings.TrimPrefix(high, "card ")))
	}
	if lc.Attacker != attack[1] || lc.Defender != attack[3] {
		t.Errorf("last combat: %s against %s; want %s against %s", lc.Attacker, lc.Defender, attack[1], attack[3])
	}
	t.Logf("combat: %s played %s (value %d), %s answered %s (value %d): %s", attack[1], low, lc.AttackerValue, attack[3], high, lc.DefenderValue, want)

	// A defender who wins takes a free 1-ore action; the active player's ore
	// is untouched.
	if want == "defender" {
		st, n = tf22State(t, s, id)
		waitTF22Actor(t, tabs[def], n, "the defender's free action")
		if !eval[bool](t, tabs[def], `document.querySelector('#tf-ore .tag.free') !== null && document.querySelector('#tf-palette .tf-act.possible .cost').textContent === 'free'`) {
			t.Errorf("the defender's page: want the free action shown, with its cost as free")
		}
		ore := eval[string](t, tabs[def], `document.querySelector('#tf-ore').dataset.ore`)
		clickTF22Move(t, tabs[def], st.ActionString(def, st.Legal(def, nil)[0]))
		if ore != "0" {
			waitFor(t, tabs[att], 10*time.Second, "the attacker's turn again with its ore", fmt.Sprintf(`%s && document.querySelector('#tf-ore').dataset.ore === %q`, tf22MyTurn, ore))
		} else {
			waitFor(t, tabs[def], 10*time.Second, "the defender's own turn with 4 ore, the attacker's ore being spent", `document.getElementById('main').dataset.myTurn === 'true' && document.querySelector('#tf-ore').dataset.ore === '4' && !document.querySelector('#tf-ore .tag.free')`)
		}
	}
}

// TestTF22CardUnderOwnCrewTakesTheClick chooses an action on the card an
// own crew stands on. The crew, a button that selects it while the player
// acts, stands over its card's middle; once the action is chosen and the
// card is its target, a click on the middle is the card's move, not a
// choice of crew.
func TestTF22CardUnderOwnCrewTakesTheClick(t *testing.T) {
	t.Parallel()
	s, tabs, id := tf22StrategyTable(t)
	st, n := tf22State(t, s, id)
	seat := int(st.Actors(nil)[0])
	tab := tabs[seat]
	waitTF22Actor(t, tab, n, fmt.Sprintf("seat %d", seat))
	pos := eval[string](t, tab, `document.querySelector('#tf-planet .crew.mine').dataset.pos`)
	crew := fmt.Sprintf(`#tf-planet .crew.mine[data-pos=%q]`, pos)
	card := fmt.Sprintf(`#tf-planet .tfcard[data-pos=%q]`, pos)
	if got := eval[string](t, tab, fmt.Sprintf(`document.querySelector(%q).dataset.select || ''`, crew)); got == "" {
		t.Errorf("own crew on %s before an action is chosen: no data-select; want it to select the crew on a click", pos)
	}
	side := eval[string](t, tab, fmt.Sprintf(`document.querySelector(%q).dataset.side`, card))

	move := "C " + pos
	do(t, tab, 10*time.Second, "choose action C", click(chromedp.CSS(`#tf-palette [data-key="action:C"]`)))
	waitFor(t, tab, 5*time.Second, "card "+pos+" a target of C", fmt.Sprintf(`document.querySelector(%q)?.dataset.move === %q`, card, move))
	keepShots(t, tab, "tf22-card-under-crew")
	hit := eval[string](t, tab, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return e?.closest('[data-move]')?.dataset.move || e?.closest('[data-key]')?.dataset.key || e?.tagName || 'nothing'; })()`, card))
	if hit != move {
		t.Fatalf("the middle of card %s, under the crew, answers %q; want the move %q", pos, hit, move)
	}
	do(t, tab, 10*time.Second, "click the middle of card "+pos, click(chromedp.CSS(card)))
	waitFor(t, tab, 30*time.Second, "the move "+move+" applied", fmt.Sprintf(`document.getElementById('main').dataset.n === '%d'`, n+1))
	if got := eval[string](t, tab, fmt.Sprintf(`document.querySelector(%q).dataset.side`, card)); got == side {
		t.Errorf("card %s after %s: side %q; want it flipped", pos, move, got)
	}
}
