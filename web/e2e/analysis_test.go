package e2e

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"minehall/ai"
	"minehall/game"
	"minehall/server"
)

// judgeAnalyst is an analyst made of each game's review judge with a
// small budget, as the serve command's is with the review's.
func judgeAnalyst() server.Analyst {
	return server.AnalystFunc(func(ctx context.Context, g game.Game, s game.State, mover game.Player, seed uint64) (*server.Evaluation, error) {
		judge, err := g.(ai.JudgeMaker).NewJudge(seed)
		if err != nil {
			return nil, err
		}
		j, err := judge.Evaluate(ctx, s, mover, ai.Budget{Iterations: 150})
		if err != nil {
			return nil, err
		}
		ev := &server.Evaluation{Scale: j.Scale.Name, Mover: mover}
		for _, m := range j.Moves {
			ev.Moves = append(ev.Moves, server.EvaluatedMove{Move: m.Move, Value: m.Value, Reason: m.Reason})
		}
		slices.SortStableFunc(ev.Moves, func(a, b server.EvaluatedMove) int { return cmp.Compare(b.Value, a.Value) })
		return ev, nil
	})
}

// analysisSite is a test site whose POST /api/tables/{id}/analysis is
// answered by a server with the judges' analyst on the site's tables.
func analysisSite(t *testing.T) *site {
	t.Helper()
	var s *site
	var once sync.Once
	var an http.Handler
	s = startSite(t, func(mux *http.ServeMux, _ http.Handler) {
		mux.HandleFunc("POST /api/tables/{id}/analysis", func(w http.ResponseWriter, r *http.Request) {
			once.Do(func() {
				an = server.New(server.Config{Registry: siteGames(), Hall: s.hall, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
					Limits: &server.Limits{}, Analyst: judgeAnalyst()})
			})
			an.ServeHTTP(w, r)
		})
	})
	return s
}

// finishedTF22 plays a short TF22 game (a round limit of 2, the strategy
// variant's hands of symbol cards) between two random bots and returns
// its table id.
func finishedTF22(t *testing.T, s *site) string {
	t.Helper()
	link := createTable(t, s, map[string]any{"game": "tf22", "players": 2, "autostart": true,
		"options": map[string]string{"symbol_cards": "strategy", "round_limit": "2"},
		"seats":   []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}})
	id := link[strings.LastIndexByte(link, '/')+1:]
	for stop := time.Now().Add(90 * time.Second); time.Now().Before(stop); time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(s.URL + "/api/tables/" + id)
		if err != nil {
			t.Fatal(err)
		}
		var info struct{ Status string }
		json.NewDecoder(resp.Body).Decode(&info)
		resp.Body.Close()
		if info.Status == "finished" {
			return id
		}
	}
	t.Fatalf("the bots' TF22 game %s did not finish within 90 s", id)
	return ""
}

// analysisReady is the page-side test for "the analysis board shows its
// answer": nothing is being asked.
const analysisReady = `document.getElementById('an-status')?.dataset.busy === 'false' && !!document.querySelector('#an-ranked h2')`

// rankedList returns the ranked moves the page lists: their values and
// the reasons shown.
func rankedList(t *testing.T, tab context.Context) (values []float64, texts, reasons []string) {
	t.Helper()
	values = eval[[]float64](t, tab, `[...document.querySelectorAll('#an-list li')].map((li) => +li.dataset.value)`)
	texts = eval[[]string](t, tab, `[...document.querySelectorAll('#an-list .an-value')].map((e) => e.textContent)`)
	reasons = eval[[]string](t, tab, `[...document.querySelectorAll('#an-list .an-reason')].map((e) => e.textContent)`)
	return values, texts, reasons
}

// checkRanked checks that the page lists moves best first, each with its
// chance of winning in percent and a reason in English.
func checkRanked(t *testing.T, tab context.Context, what string) []float64 {
	t.Helper()
	values, texts, reasons := rankedList(t, tab)
	if len(values) < 2 || len(texts) != len(values) || len(reasons) != len(values) {
		t.Fatalf("%s: %d moves, %d values, %d reasons listed; want several moves, each with its value and reason", what, len(values), len(texts), len(reasons))
	}
	if !slices.IsSortedFunc(values, func(a, b float64) int { return cmp.Compare(b, a) }) {
		t.Errorf("%s: values %v; want the best first", what, values)
	}
	for i, s := range texts {
		if !strings.HasSuffix(s, "%") {
			t.Errorf("%s: move %d's value reads %q; want a percentage", what, i+1, s)
		}
	}
	for i, r := range reasons {
		if !strings.Contains(r, "chance") && !strings.Contains(r, "lead") {
			t.Errorf("%s: move %d's reason reads %q; want the engine's reason in English", what, i+1, r)
		}
	}
	return values
}

// TestAnalysisBoard opens the analysis board from the review of a
// finished Minerals game (a move's "Analyse"), checks the ranked moves,
// makes a move by clicking the board and gets the next seat's ranked
// moves, takes it back; then, for a finished TF22 game with hands of
// symbol cards, switches "Seen by" to the seat not to move: the page says
// the values are hidden and shows no move, value or hand card of the seat
// to move. Shots at 1280x900, 390x844 and 844x390 (MINEHALL_SHOTS).
func TestAnalysisBoard(t *testing.T) {
	t.Parallel()
	s := analysisSite(t)
	mn := finishedMinerals(t, s)
	tab := newTab(t, newBrowser(t), "analysis")

	do(t, tab, 30*time.Second, "open the review", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(s.URL+"/review/"+mn))
	waitFor(t, tab, 15*time.Second, "the moves with their Analyse links", `!!document.querySelector('#review-log li[data-n="1"] .rv-analyse')`)
	// The review's list is drawn again while the review is being made:
	// the link is found and clicked in one step.
	clickNow(t, tab, "Analyse on move 1", `#review-log li[data-n="1"] .rv-analyse`)
	waitFor(t, tab, 30*time.Second, "the analysis board", `location.pathname.startsWith('/analysis/') && `+analysisReady+` && !!document.querySelector('#an-list li')`)
	if got := eval[string](t, tab, `location.search`); got != "?ply=0&seat=0" {
		t.Errorf("the board opened at %q; want ?ply=0&seat=0, the position before move 1 seen by its mover", got)
	}
	first := checkRanked(t, tab, "Minerals at move 1")
	keepShots(t, tab, "analysis-minerals", goldenViewportSize{844, 390})

	// A move made by clicking the board as at a table: the renderer's first
	// legal hex that is not the game's own move (which would keep the board
	// on the record).
	body, _ := json.Marshal(map[string]any{"ply": 0, "seat": 0})
	resp, err := http.Post(s.URL+"/api/tables/"+mn+"/analysis", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var start struct {
		Recorded string `json:"recorded"`
	}
	json.NewDecoder(resp.Body).Decode(&start)
	resp.Body.Close()
	if start.Recorded == "" {
		t.Fatal("the analysis of the position before move 1 names no recorded move")
	}
	target := eval[string](t, tab, fmt.Sprintf(`[...document.querySelectorAll('#board [data-move].legal')].map((e) => e.dataset.move).find((m) => m !== %q) || ''`, start.Recorded))
	if target == "" {
		t.Fatal("the board marks no legal move to click besides the game's own")
	}
	do(t, tab, 10*time.Second, "click "+target+" on the board", click(chromedp.CSS(fmt.Sprintf(`#board [data-move=%q].legal`, target))))
	waitFor(t, tab, 30*time.Second, "the position after "+target, fmt.Sprintf(`new URLSearchParams(location.search).get('moves') === %q && %s && !!document.querySelector('#an-list li')`, target, analysisReady))
	if got := eval[string](t, tab, `document.getElementById('an-status').textContent`); !strings.Contains(got, "Moves tried on the board: 1") {
		t.Errorf("the status after the move reads %q; want one move tried", got)
	}
	second := checkRanked(t, tab, "Minerals after "+target)
	if slices.Equal(first, second) && eval[string](t, tab, `document.querySelector('#an-list li')?.dataset.move`) == target {
		t.Errorf("the ranked list did not change after %s", target)
	}
	do(t, tab, 10*time.Second, "take the move back", click(chromedp.CSS(`#an-back`)))
	waitFor(t, tab, 30*time.Second, "the game's position again", `!new URLSearchParams(location.search).has('moves') && `+analysisReady+` && document.getElementById('an-status').textContent.includes('as it was in the game')`)

	// By keyboard: the control used keeps the focus when the page is drawn
	// again with the server's answer, and a refused move stays in its box.
	do(t, tab, 10*time.Second, "Enter on the best move", focusNow(`#an-row-0`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 30*time.Second, "the position after the best move", `new URLSearchParams(location.search).has('moves') && `+analysisReady)
	focusIs(t, tab, "Enter on the best move", `#an-row-0`)
	do(t, tab, 10*time.Second, "type a move that is not legal, Enter", focusNow(`#an-move`), typeInto(`#an-move`, "zzz"), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 30*time.Second, "the move refused", `!!document.getElementById('an-refusal') && `+analysisReady)
	if v := eval[string](t, tab, `document.getElementById('an-move').value`); v != "zzz" {
		t.Errorf("the refused move's box holds %q; want the move, to be mended", v)
	}
	focusIs(t, tab, "a refused move", `#an-move`)
	do(t, tab, 10*time.Second, "Enter on Take back", focusNow(`#an-back`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 30*time.Second, "the game's position again", `!new URLSearchParams(location.search).has('moves') && `+analysisReady)
	focusIs(t, tab, "Take back of the last move, the button then disabled", `#an-move`)
	do(t, tab, 10*time.Second, "Enter on the next step", focusNow(`#replay-next`), chromedp.KeyEvent(kb.Enter))
	waitFor(t, tab, 30*time.Second, "the position after move 1", `new URLSearchParams(location.search).get('ply') === '1' && `+analysisReady)
	focusIs(t, tab, "Enter on the next step", `#replay-next`)

	// TF22: the seat not to move sees neither the values nor the mover's
	// hand.
	tf := finishedTF22(t, s)
	var rec game.Record
	resp, err = http.Get(s.URL + "/api/tables/" + tf + "/record")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&rec)
	resp.Body.Close()
	n := handsAt(t, &rec) // a decision where both seats hold symbol cards
	mover := rec.Actions[n-1].Player
	do(t, tab, 30*time.Second, "open the TF22 review", chromedp.Navigate(s.URL+"/review/"+tf))
	link := fmt.Sprintf(`#review-log li[data-n="%d"] .rv-analyse`, n)
	waitFor(t, tab, 15*time.Second, "TF22's Analyse links", `!!document.querySelector('`+link+`')`)
	clickNow(t, tab, "Analyse", link)
	waitFor(t, tab, 30*time.Second, "the TF22 analysis board", `location.pathname.startsWith('/analysis/') && `+analysisReady+` && !!document.querySelector('#an-list li')`)
	checkRanked(t, tab, "TF22")
	other := 1 - int(mover)
	do(t, tab, 10*time.Second, "see the board as the other seat", click(chromedp.CSS(fmt.Sprintf(`.an-seat[data-seat="%d"]`, other))))
	waitFor(t, tab, 30*time.Second, "the board seen by the other seat", fmt.Sprintf(`new URLSearchParams(location.search).get('seat') === '%d' && %s`, other, analysisReady))
	if got := eval[string](t, tab, `document.getElementById('an-hidden')?.textContent || ''`); !strings.Contains(got, "hides cards") {
		t.Errorf("the ranked list seen by the other seat reads %q; want it to say the values are hidden", got)
	}
	if k := eval[int](t, tab, `document.querySelectorAll('#an-list li, #an-legal option, #board [data-move^="card "]').length`); k != 0 {
		t.Errorf("the other seat's page lists %d of the mover's moves; want none", k)
	}
	// The view the page drew is the other seat's: its own hand, not the
	// mover's.
	body, _ = json.Marshal(map[string]any{"ply": n - 1, "seat": other})
	resp, err = http.Post(s.URL+"/api/tables/"+tf+"/analysis", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Hidden bool `json:"hidden"`
		View   struct {
			Seats []struct {
				Seat int   `json:"seat"`
				Hand []int `json:"hand"`
			} `json:"seats"`
		} `json:"view"`
	}
	json.NewDecoder(resp.Body).Decode(&ans)
	resp.Body.Close()
	for _, sv := range ans.View.Seats {
		if sv.Seat != other && len(sv.Hand) > 0 {
			t.Errorf("the view of seat %d shows seat %d's hand %v", other, sv.Seat, sv.Hand)
		}
		if sv.Seat == other && len(sv.Hand) == 0 {
			t.Errorf("the view of seat %d has no hand of its own", other)
		}
	}
	if !ans.Hidden {
		t.Errorf("the answer for the seat not to move is not marked hidden")
	}
	keepShots(t, tab, "analysis-tf22-hidden", goldenViewportSize{844, 390})
}

// handsAt returns the number of the last action of rec that is a seat's
// decision taken while both seats of the TF22 game held symbol cards.
func handsAt(t *testing.T, rec *game.Record) int {
	t.Helper()
	reg := siteGames()
	for n := len(rec.Actions); n > 0; n-- {
		a := rec.Actions[n-1]
		if a.Player < 0 {
			continue
		}
		part := *rec
		part.Actions = rec.Actions[:n-1]
		st, err := game.Replay(reg, &part)
		if err != nil {
			t.Fatal(err)
		}
		held := 0
		for p := range 2 {
			b, _ := json.Marshal(st.View(game.Player(p)))
			var v struct {
				Seats []struct {
					Seat int   `json:"seat"`
					Hand []int `json:"hand"`
				} `json:"seats"`
			}
			json.Unmarshal(b, &v)
			for _, sv := range v.Seats {
				if sv.Seat == p && len(sv.Hand) > 0 {
					held++
				}
			}
		}
		if held == 2 && len(st.Legal(a.Player, nil)) > 1 {
			return n
		}
	}
	t.Fatal("no decision of the TF22 game was taken while both seats held symbol cards")
	return 0
}
