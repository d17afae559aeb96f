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

// TestExplainGreyedTF22 plays a TF22 Mine table in German against a bot
// until Ann's turn shows an action she may not take, focuses it and checks
// that the greyed action says the engine's own reason (an explain frame),
// in German: one of the reasons the engine gives for that action's moves
// now, with no English left in it.
func TestExplainGreyedTF22(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "create a TF22 table against a bot, in German",
		chromedp.Navigate(s.URL+"/"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('minehall.lang', 'de')`),
		chromedp.Reload(),
		visible(`#create`),
		choose(`#game`, "tf22"),
		visible(`#opt-round_limit`),
		choose(`#seat-1-bot`, "random"),
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#tf-planet`),
	)
	id := tableOf(t, tab)
	rng := game.NewRand(11)
	stop := time.Now().Add(90 * time.Second)
	for time.Now().Before(stop) {
		waitFor(t, tab, 60*time.Second, "Ann's turn or the end", tf22MyTurn+` || `+tf22Finished)
		if eval[bool](t, tab, tf22Finished) {
			t.Fatalf("the game ended before an action was greyed on Ann's turn")
		}
		st, n := tf22State(t, s, id)
		if got := st.Actors(nil); len(got) != 1 || got[0] != 0 {
			continue
		}
		waitTF22Actor(t, tab, n, "Ann")
		if eval[string](t, tab, `document.querySelector('#tf-phase').dataset.phase`) == "turn" && eval[bool](t, tab, `!!document.querySelector('#tf-palette .tf-action.cannot button')`) {
			checkGreyed(t, tab, st)
			return
		}
		clickTF22Move(t, tab, st.ActionString(0, tf22Greedy(st, 0, &rng)))
	}
	t.Fatalf("no action was greyed on Ann's turn within 90 s")
}

// checkGreyed focuses the first greyed action and checks its reason
// against the engine's reasons for that action's moves in state st.
func checkGreyed(t *testing.T, tab context.Context, st game.State) {
	t.Helper()
	letter := eval[string](t, tab, `document.querySelector('#tf-palette .tf-action.cannot button').dataset.action`)
	sel := fmt.Sprintf(`#tf-palette [data-key="action:%s"]`, letter)
	do(t, tab, 5*time.Second, "focus action "+letter, chromedp.Focus(chromedp.CSS(sel)))
	waitFor(t, tab, 10*time.Second, "the engine's reason for "+letter, fmt.Sprintf(`document.getElementById('tf-why-%s')?.dataset.state === 'answered'`, letter))
	got := eval[string](t, tab, fmt.Sprintf(`document.getElementById('tf-why-%s').textContent`, letter))
	if !eval[bool](t, tab, fmt.Sprintf(`getComputedStyle(document.getElementById('tf-why-%s')).display !== 'none'`, letter)) {
		t.Errorf("action %s: its reason is not shown on focus", letter)
	}
	var reasons []string
	g := tf22.New().(game.ErrorLocalizer)
	for a := range game.Action(st.NumActions()) {
		m := st.ActionString(0, a)
		if !strings.HasPrefix(m, letter+" ") {
			continue
		}
		if err := st.(game.Explainer).Explain(0, a); err != nil {
			if r, ok := g.LocalizeError(err, "de"); ok {
				reasons = append(reasons, r)
			}
		}
	}
	found := false
	for _, r := range reasons {
		found = found || strings.Contains(got, r)
	}
	if !found || strings.Contains(got, "the ") || strings.Contains(got, "Frage die Regeln") {
		t.Errorf("action %s shows %q; want one of the engine's German reasons %q", letter, got, reasons)
	} else {
		t.Logf("action %s: %s", letter, got)
	}
	keepShots(t, tab, "greyed-tf22-de")
}
