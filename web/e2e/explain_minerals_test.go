package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestExplainTypedMinerals types moves into a Minerals table's notation
// form in German: a move against the rules is not played and the page
// says the engine's reason in German ("Starting with the first player …
// each player removes one Mineral of their choosing from the board",
// rulebook, Set-up: ending a turn is no set-up move); a legal one is
// played and the page says so in words.
func TestExplainTypedMinerals(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	tab := newTab(t, browser, "player")
	do(t, tab, 30*time.Second, "create a Minerals table against a bot, in German",
		chromedp.Navigate(s.URL+"/"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('minehall.lang', 'de')`),
		chromedp.Reload(),
		visible(`#create`),
		choose(`#game`, "minerals"),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#board svg.hexboard`),
	)
	id := tableOf(t, tab)
	waitFor(t, tab, 30*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true' && !document.getElementById('move-input').disabled`)
	_, n := mineralsState(t, s, id)

	typeMove := func(move string) {
		do(t, tab, 10*time.Second, "type "+move,
			chromedp.SetValue(chromedp.CSS(`#move-input`), move),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('move-input').form.requestSubmit()`))
	}
	typeMove("end")
	waitFor(t, tab, 10*time.Second, "the answer to end", `document.getElementById('move-answer')?.dataset.state === 'refused'`)
	got := eval[string](t, tab, `document.getElementById('move-answer').textContent`)
	if want := "Beim Aufbau entfernt jeder Spieler ein Mineral vom Spielplan (remove FELD)."; !strings.Contains(got, want) || !strings.Contains(got, "end") {
		t.Errorf("the answer to a typed illegal move: %q; want the engine's reason %q", got, want)
	}
	keepShots(t, tab, "typed-refused-minerals-de")
	if got := eval[string](t, tab, `document.getElementById('move-input').value`); got != "end" {
		t.Errorf("after the refusal the field holds %q; want the refused move, to be mended", got)
	}
	if _, after := mineralsState(t, s, id); after != n {
		t.Errorf("the refused move was played: %d moves in the log; want %d", after, n)
	}

	legal := eval[string](t, tab, `document.querySelector('#legal-moves option')?.value || ''`)
	if !strings.HasPrefix(legal, "remove ") {
		t.Fatalf("Ann's first legal move is %q; want a removal", legal)
	}
	typeMove(legal)
	waitFor(t, tab, 10*time.Second, "the answer to "+legal, `document.getElementById('move-answer')?.dataset.state === 'accepted'`)
	if got := eval[string](t, tab, `document.getElementById('move-answer').textContent`); !strings.Contains(got, "Gespielt") {
		t.Errorf("the answer to a typed legal move: %q; want it played", got)
	}
	waitFor(t, tab, 10*time.Second, "the move in the log", fmt.Sprintf(`!!document.querySelector('#log li[data-n="%d"]')`, n+1))
	keepShots(t, tab, "typed-played-minerals-de")
	if got := eval[string](t, tab, `document.getElementById('move-input').value`); got != "" {
		t.Errorf("after the move was played the field holds %q; want it empty", got)
	}

	// An update arriving while Ann types takes neither her letters nor the
	// focus: a spectator comes to the table as she types.
	waitFor(t, tab, 30*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true' && !document.getElementById('move-input').disabled`)
	do(t, tab, 10*time.Second, "Ann starts typing", sendKeys(chromedp.CSS(`#move-input`), "mo"))
	spectator := newTab(t, browser, "spectator")
	do(t, spectator, 30*time.Second, "a spectator comes", chromedp.Navigate(s.URL+"/tables/"+id), visible(`#seats li`))
	waitFor(t, tab, 10*time.Second, "Ann's page counts the spectator", `(document.getElementById('spectators')?.textContent || '').includes('1')`)
	if got := eval[string](t, tab, `document.activeElement.id + ' holds ' + JSON.stringify(document.getElementById('move-input').value)`); got != `move-input holds "mo"` {
		t.Errorf("after the update the focus is on %s; want move-input holds \"mo\"", got)
	}

	// Play on by typed moves until Ann has moved her pawn: the log says,
	// in German, whose pawn she placed at set-up ("each player places
	// their opponent's pawn", rulebook, Set-up) and which mineral her move
	// took (the one her pawn left, rulebook, Movement).
	placed, moved := false, false
	stop := time.Now().Add(60 * time.Second)
	for !moved && time.Now().Before(stop) {
		waitFor(t, tab, 30*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true' && !document.getElementById('move-input').disabled`)
		m := eval[string](t, tab, `(() => { const o = [...document.querySelectorAll('#legal-moves option')].map((x) => x.value); return o.find((v) => v.startsWith('move ')) || o.find((v) => v === 'end') || o.find((v) => v.startsWith('place ') || v.startsWith('remove ')) || o[0] || ''; })()`)
		before := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		typeMove(m)
		waitFor(t, tab, 10*time.Second, "the answer to "+m, `document.getElementById('move-answer')?.dataset.state === 'accepted'`)
		waitFor(t, tab, 10*time.Second, "the move in the log", fmt.Sprintf(`[...document.querySelectorAll('#log li')].some((li) => Number(li.dataset.n) > %s && li.textContent.includes('Ann'))`, before))
		last := eval[string](t, tab, `[...document.querySelectorAll('#log li')].filter((li) => li.querySelector('.log-who')?.textContent === 'Ann').pop()?.textContent || ''`)
		switch {
		case strings.HasPrefix(m, "place "):
			placed = true
			if !strings.Contains(last, "stellte die Figur von") {
				t.Errorf("Ann's set-up placement in the log: %q; want whose pawn she placed", last)
			}
		case strings.HasPrefix(m, "move "):
			moved = true
			if !strings.Contains(last, "und nahm das Mineral, auf dem die Figur stand: ") {
				t.Errorf("Ann's move in the log: %q; want the mineral it took", last)
			} else {
				t.Logf("the log: %s", last)
			}
		}
	}
	if !placed || !moved {
		t.Errorf("within a minute Ann placed a pawn: %v, moved: %v", placed, moved)
	}
	keepShots(t, tab, "log-minerals-de")
}
