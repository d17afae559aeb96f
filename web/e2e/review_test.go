package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/game"
	"minehall/games/minerals"
)

// fakeReviewOf builds a review of a finished Minerals game in the API's
// shape (docs/protocol.md), as the engine would answer it, with made-up
// judgements: each decision's better move is another legal move of the
// mover (a pawn's move where there is one, whose hex the board rings), the
// marks cycle, and the three swings are the decisions with the largest
// made-up losses.
func fakeReviewOf(t *testing.T, id string, rec *game.Record) map[string]any {
	t.Helper()
	st, _, err := game.Start(minerals.New(), rec.Players, rec.Options, rec.Seed)
	if err != nil {
		t.Fatalf("start the record's game: %v", err)
	}
	marks := []string{"best", "good", "inaccuracy", "mistake", "blunder"}
	losses := map[string]float64{"best": 0, "good": 0.01, "inaccuracy": 0.04, "mistake": 0.09, "blunder": 0.2}
	var moves []map[string]any
	counts := make([]map[string]int, rec.Players)
	for i := range counts {
		counts[i] = map[string]int{}
	}
	series := [][]float64{{0.5, 0.5}}
	for i, a := range rec.Actions {
		n := i + 1
		if a.Player >= 0 {
			var legal []string
			for _, act := range st.Legal(a.Player, nil) {
				legal = append(legal, st.ActionString(a.Player, act))
			}
			mark := marks[len(moves)%len(marks)]
			best := a.Move
			if mark != "best" {
				for _, m := range legal {
					if m != a.Move && (best == a.Move || strings.HasPrefix(m, "move ") && !strings.HasPrefix(best, "move ")) {
						best = m
					}
				}
			}
			if best == a.Move {
				mark = "best"
			}
			// Larger losses later in the game, and where the better move
			// is a pawn's: the swings are the last such blunders.
			loss := losses[mark] * (1 + float64(n)/1000)
			if strings.HasPrefix(best, "move ") {
				loss *= 1.2
			}
			moves = append(moves, map[string]any{"n": n, "player": a.Player, "move": a.Move, "stand_in": false, "mark": mark,
				"value": 0.5 - loss, "best": best, "best_value": 0.5, "loss": loss,
				"reason": map[string]string{"en": "It keeps the fragment.", "de": "Er behält das Bruchstück.", "fr": "Il garde le fragment.", "nl": "Hij houdt het fragment."}})
			counts[a.Player][mark]++
		}
		if _, err := game.PlayNotation(st, a.Player, a.Move); err != nil {
			t.Fatalf("record action %d: %v", n, err)
		}
		v := 0.5 + 0.4*math.Sin(float64(n)/9)
		series = append(series, []float64{v, 1 - v})
	}
	byLoss := slices.Clone(moves)
	slices.SortStableFunc(byLoss, func(a, b map[string]any) int {
		la, lb := a["loss"].(float64), b["loss"].(float64)
		if la != lb {
			if la > lb {
				return -1
			}
			return 1
		}
		return 0
	})
	var swings []int
	for _, m := range byLoss[:3] {
		swings = append(swings, m["n"].(int))
	}
	var players []map[string]any
	for i := range rec.Players {
		players = append(players, map[string]any{"seat": i, "name": rec.Names[i], "accuracy": 87.4 - float64(i)*10, "marks": counts[i]})
	}
	return map[string]any{"table": id, "game": "minerals", "status": "done", "scale": "win", "players": players,
		"moves": moves, "series": series, "swings": swings}
}

// TestReviewPage opens the review of a finished Minerals game, served by
// a fake review API that answers "pending" first: the page says the game
// is being reviewed and asks again; then it shows each player's accuracy
// and marks, the marks on the move list (a sign and a word each), a
// chart whose click steps the replay there, and the swings, whose click
// draws the position before the move with the better move ringed on the
// board and said in words with its reason. Shots at 1280x900 and 390x844
// (MINEHALL_SHOTS) show no page wider than the screen.
func TestReviewPage(t *testing.T) {
	t.Parallel()
	var asked atomic.Int32
	var s *site
	var review []byte
	s = startSite(t, func(mux *http.ServeMux, api http.Handler) {
		mux.HandleFunc("GET /api/tables/{id}/review", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if asked.Add(1) == 1 {
				w.WriteHeader(http.StatusAccepted)
				fmt.Fprintf(w, `{"table":%q,"game":"minerals","status":"pending"}`, r.PathValue("id"))
				return
			}
			w.Write(review)
		})
	})
	id := finishedMinerals(t, s)
	rec, err := s.hall.Record(context.Background(), id)
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	fake := fakeReviewOf(t, id, rec)
	review, _ = json.Marshal(fake)
	total := len(rec.Actions)

	tab := newTab(t, newBrowser(t), "review")
	do(t, tab, 30*time.Second, "open the review", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(s.URL+"/review/"+id))
	waitFor(t, tab, 15*time.Second, "the being-reviewed state",
		`document.querySelector('.rv-state')?.dataset.status === 'pending' && !!document.querySelector('.rv-pending') && !!document.querySelector('#review-log li')`)
	if got := eval[string](t, tab, `document.querySelector('.rv-pending').textContent`); !strings.Contains(got, "being reviewed") {
		t.Errorf("the pending state says %q; want that the game is being reviewed", got)
	}
	// A reader stepping by keyboard while the review is being made: the
	// page drawn again with the review keeps the focus on their move.
	do(t, tab, 10*time.Second, "Enter on move 3 of the list", focusNow(`#rv-move-3`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 10*time.Second, "move 3 shown", `document.getElementById('replay-step')?.textContent.startsWith('Move 3 ')`)
	focusIs(t, tab, "Enter on a move of the list", `#rv-move-3`)
	waitFor(t, tab, 15*time.Second, "the review, asked again", `document.querySelector('.rv-state')?.dataset.status === 'done' && !!document.querySelector('#rv-plot')`)
	focusIs(t, tab, "the review's arrival", `#rv-move-3`)
	do(t, tab, 10*time.Second, "→ on the slider", focusNow(`#replay-range`), chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, tab, 10*time.Second, "move 4 shown", `document.getElementById('replay-step')?.textContent.startsWith('Move 4 ')`)
	focusIs(t, tab, "→ on the slider", `#replay-range`)

	// Each player's accuracy and mark counts.
	if got := eval[[]string](t, tab, `[...document.querySelectorAll('.rv-acc-n')].map((e) => e.textContent)`); !slices.Equal(got, []string{"87.4", "77.4"}) {
		t.Errorf("accuracies shown: %v; want [87.4 77.4]", got)
	}
	if got := eval[string](t, tab, `document.querySelector('.rv-player-list li .rv-counts').textContent`); !strings.Contains(got, "Blunder") || !strings.Contains(got, "Best") {
		t.Errorf("the first player's mark counts read %q; want every mark named", got)
	}
	// The marks on the move list: a sign and a word, on the judged moves.
	blunders := eval[[]string](t, tab, `[...document.querySelectorAll('#review-log li[data-mark=blunder] .rv-mark')].map((e) => e.textContent)`)
	if len(blunders) == 0 || !strings.Contains(blunders[0], "??") || !strings.Contains(blunders[0], "Blunder") {
		t.Errorf("the blunders on the move list read %v; want each marked ?? Blunder", blunders)
	}

	// A click on the chart steps the replay to the action under it: the
	// one drawn there, or another of the pixel it lands in. A long game on
	// a narrow chart draws more than one action a pixel, and the click's
	// position is a whole pixel (the point asked for, cut to it), so the
	// step may lie as many actions as a pixel holds from the one aimed at,
	// and half an action more for the rounding to the nearest.
	target := total / 3
	pt := eval[[]float64](t, tab, fmt.Sprintf(`(() => { const svg = document.getElementById('rv-plot'); svg.scrollIntoView({ block: 'center' });
		const b = svg.getBoundingClientRect(), W = svg.viewBox.baseVal.width, x0 = +svg.dataset.x0, x1 = +svg.dataset.x1;
		return [b.left + (x0 + %d * (x1 - x0) / %d) * b.width / W, b.top + b.height / 2, %d / ((x1 - x0) * b.width / W)]; })()`, target, total, total))
	do(t, tab, 10*time.Second, "click the chart", chromedp.MouseClickXY(pt[0], pt[1]))
	waitFor(t, tab, 10*time.Second, fmt.Sprintf("the step under the click (move %d, give or take %.2f)", target, pt[2]+0.5),
		fmt.Sprintf(`(() => { const m = /^Move (\d+) of %d$/.exec(document.getElementById('replay-step')?.textContent || '');
		return !!m && Math.abs(+m[1] - %d) <= %f && document.querySelector('#review-log li.current')?.dataset.n === m[1]; })()`, total, target, pt[2]+0.5))
	waitFor(t, tab, 10*time.Second, "the chart's marker at the step", fmt.Sprintf(`(() => { const svg = document.getElementById('rv-plot'), x0 = +svg.dataset.x0, x1 = +svg.dataset.x1;
		const n = +document.getElementById('replay-step').textContent.split(' ')[1];
		return Math.abs(+svg.querySelector('.rv-now').getAttribute('x1') - (x0 + n * (x1 - x0) / %d)) < 0.5; })()`, total))

	// The first swing: the position before its move, the better move
	// ringed on the board and said in words with its reason.
	swing := fake["swings"].([]int)[0]
	var best string
	for _, m := range fake["moves"].([]map[string]any) {
		if m["n"] == swing {
			best = m["best"].(string)
		}
	}
	do(t, tab, 10*time.Second, "click the first swing", click(chromedp.CSS(`.rv-swing`)))
	waitFor(t, tab, 10*time.Second, "the swing's position", fmt.Sprintf(`document.getElementById('replay-step')?.textContent === %q && document.getElementById('board').dataset.better === %q`,
		fmt.Sprintf("Move %d of %d", swing-1, total), best))
	if verb, hex, ok := strings.Cut(best, " "); ok && (verb == "move" || verb == "remove") {
		// A hex move: its hex is the one target, ringed.
		waitFor(t, tab, 10*time.Second, "the better move's hex ringed", fmt.Sprintf(`!!document.querySelector('#board polygon.legal.learn-target[data-hex=%q][data-move=%q]') && document.querySelectorAll('#board polygon.legal').length === 1`, hex, best))
	} else {
		waitFor(t, tab, 10*time.Second, "the better move marked", fmt.Sprintf(`[...document.querySelectorAll('#board .learn-target')].some((e) => e.dataset.move === %q)`, best))
	}
	caption := eval[string](t, tab, `document.getElementById('rv-caption').textContent`)
	if !strings.Contains(caption, fmt.Sprintf("Before move %d", swing)) || !strings.Contains(caption, "It keeps the fragment.") || eval[string](t, tab, `document.querySelector('.rv-best-move')?.textContent || ''`) == "" {
		t.Errorf("the swing's caption reads %q; want the better move before move %d in words with its reason", caption, swing)
	}
	keepShots(t, tab, "review")

	// The reason in the reader's language.
	do(t, tab, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	waitFor(t, tab, 10*time.Second, "the reason in German", `document.getElementById('rv-caption').textContent.includes('Er behält das Bruchstück.')`)
	if got := eval[string](t, tab, `document.querySelector('.rv-swings h2').textContent`); got != "Die größten Wendepunkte" {
		t.Errorf("the swings' heading in German reads %q", got)
	}
	keepShots(t, tab, "review-de")
	do(t, tab, 10*time.Second, "switch back to English", choose(`#lang`, "en"))

	// The end screen and the replay link to the review.
	for _, page := range []struct{ path, link string }{{"/tables/" + id, "#review"}, {"/replay/" + id, "#replay-review"}} {
		do(t, tab, 20*time.Second, "open "+page.path, chromedp.Navigate(s.URL+page.path))
		waitFor(t, tab, 15*time.Second, "the review link on "+page.path, fmt.Sprintf(`document.querySelector(%q)?.getAttribute('href') === %q`, page.link, "/review/"+id))
	}
	// The replay, stepped by keyboard, keeps the focus on the move used.
	do(t, tab, 10*time.Second, "Enter on move 3 of the replay", focusNow(`#replay-move-3`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 10*time.Second, "move 3 of the replay shown", `document.getElementById('replay-step')?.textContent.startsWith('Move 3 ')`)
	focusIs(t, tab, "Enter on a move of the replay", `#replay-move-3`)
}
