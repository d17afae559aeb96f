package e2e

// The end screens' breakdowns, checked on recorded games: each case's
// record (testdata/records/<name>.json: game, options, seed and every
// action) is replayed and checked with game.Verify, served as a finished
// table, and opened at the desktop and the phone size. Every seat's parts
// must add up to the score the end screen shows and the server's result,
// and the breakdown's text must equal testdata/golden/<name>-breakdown.txt.
//
// To write the records and the texts again (after a change of the
// policy, the game or the breakdown):
//
//	go test ./web/e2e/ -run EndBreakdown -count=1 -update
//
// and read the texts before committing them.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"minehall/ai"
	"minehall/game"
	"minehall/games/minerals"
	"minehall/games/tf22"
	"minehall/store"
	"minehall/table"
)

// endCase is a recorded game whose end screen is checked.
type endCase struct {
	goldenCase
	// Parts is a JavaScript predicate true once the breakdown is drawn
	// with what it needs (card data).
	Parts string
	// Bot, if set, plays every seat when the record is written (else the
	// case's Prefer policy does).
	Bot ai.Bot
}

// endCases are the recorded games: a full Minerals game with tools and
// collection cards in German, a three-player TF22 Mine game of greedy
// bots (ended by a win or the round limit), a short Hammer Time game
// (two wagons) with mission cards in French, and a whole Out of Mine game
// in Dutch.
func endCases() []endCase {
	untilOver := func(s game.State, _ int) bool { return s.Terminal() }
	return []endCase{{
		goldenCase: goldenCase{Name: "end-minerals-de", Game: minerals.New(), Players: 3, Seed: 20261123, Options: game.Options{"tools": "BAABA"},
			Names: []string{"Ann", "Beryl", "Cleo"}, You: 0, Reach: untilOver, Prefer: mineralsToolsPrefer, Lang: "de"},
		Parts: `document.querySelector('#breakdown .cardchip .swatch') !== null`,
	}, {
		goldenCase: goldenCase{Name: "end-tf22", Game: tf22.New(), Players: 3, Seed: 20261124,
			Names: []string{"Ann", "Bob", "Cleo"}, You: 0, Reach: untilOver, Options: game.Options{tf22.OptionRoundLimit: "40"}},
		Parts: `document.querySelector('#breakdown .bd-crew') !== null`,
		Bot:   tf22.NewGreedy(5),
	}, {
		goldenCase: goldenCase{Name: "end-hammertime-fr", Game: quickHammerTime(), Players: 3, Seed: 20261125, Lang: "fr",
			Names: []string{"Ann", "Bob", "Cleo"}, You: 0, Reach: untilOver, Options: game.Options{"wagons": "2"}},
		Parts: `document.querySelector('#breakdown .breakdown-seat') !== null`,
	}, {
		goldenCase: goldenCase{Name: "end-outofmine-nl", Game: quickOutOfMine(), Players: 3, Seed: 20261126, Lang: "nl",
			Names: []string{"Ann", "Beryl", "Cleo"}, You: 0, Reach: untilOver, Prefer: oomPrefer, Options: game.Options{"clock": "180"},
			// A round ends by the clock once the person has laid five tiles
			// (or by a call).
			Timeout: func(s game.State, _ int) bool { return len(oomView(s, 0).Players[0].Placed) >= 5 }},
		Parts: `document.querySelector('#breakdown .part-round') !== null`,
	}}
}

// mineralsToolsPrefer plays Minerals as mineralsPrefer does, but uses a
// tool as readily as it moves (the Sack's swaps aside), so that the record
// has minerals paid for tools.
func mineralsToolsPrefer(s game.State, p game.Player, move string) int {
	switch {
	case strings.HasPrefix(move, "sack"):
		return 1
	case strings.HasPrefix(move, "move "), strings.HasPrefix(move, "take "):
		return 3
	case move == "cut", move == "end", move == "no move", strings.HasPrefix(move, "place "), strings.HasPrefix(move, "remove "):
		return 2
	}
	return 3
}

// recordPath is where a case's record lies.
func recordPath(name string) string { return filepath.Join("testdata", "records", name+".json") }

// record returns the case's stored record, after writing it with
// -update: the case's policy played from its seed to the end.
func (c endCase) record(t *testing.T) *game.Record {
	t.Helper()
	if updateGoldens() {
		r, err := game.NewRecorder(c.Game, c.Players, c.Options, c.Seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(c.Seed ^ 0x9e3779b97f4a7c15)
		for plies := 0; !r.State.Terminal(); plies++ {
			if plies > 20000 {
				t.Fatalf("%s: no end in 20000 moves", c.Name)
			}
			p, a := c.step(r.State, &rng, plies)
			if c.Bot != nil && p.Seated() {
				d, err := c.Bot.Act(context.Background(), r.State, p)
				if err != nil {
					t.Fatal(err)
				}
				a = d.Action
			}
			if err := r.Play(p, a, int64(plies)*1000); err != nil {
				t.Fatal(err)
			}
		}
		rec, err := r.Finish()
		if err != nil {
			t.Fatal(err)
		}
		rec.Names = c.Names
		b, _ := json.MarshalIndent(rec, "", " ")
		os.MkdirAll(filepath.Dir(recordPath(c.Name)), 0o755)
		if err := os.WriteFile(recordPath(c.Name), append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := game.ReadRecordFile(recordPath(c.Name))
	if err != nil {
		t.Fatalf("%s: %v (write it with -update)", c.Name, err)
	}
	return rec
}

// finishedTable replays rec (checking its hash and result) and returns it
// as a finished table seen by seat c.You.
func (c endCase) finishedTable(t *testing.T, rec *game.Record) *goldenTable {
	t.Helper()
	reg := &game.Registry{}
	reg.Register(c.Game)
	s, err := game.Verify(reg, rec)
	if err != nil {
		t.Fatalf("%s: the record does not replay: %v", c.Name, err)
	}
	if !s.Terminal() {
		t.Fatalf("%s: the record's game is not over", c.Name)
	}
	var history []table.Move
	for i, a := range rec.Actions {
		history = append(history, table.Move{N: int64(i + 1), Player: a.Player, Move: a.Move})
	}
	info := table.Info{ID: "golden-" + c.Name, Game: rec.Game, Players: rec.Players, Options: rec.Options,
		Status: store.StatusFinished, AutoStart: true, Created: time.UnixMilli(goldenNow - 3600000).UTC(), Result: rec.Result}
	for i := range rec.Players {
		info.Seats = append(info.Seats, table.SeatInfo{Kind: store.SeatPerson, Name: c.Names[i], Taken: true, Presence: "online"})
	}
	you := c.You
	u := table.Update{Type: table.UpdateState, N: int64(len(history)), You: &you, Status: store.StatusFinished,
		Actors: []game.Player{}, History: history, Result: rec.Result}
	view, err := json.Marshal(s.View(you))
	if err != nil {
		t.Fatal(err)
	}
	u.View, u.Table = view, &info
	return &goldenTable{info: info, frame: u.Frame(), state: s}
}

// TestEndBreakdown opens each recorded game's finished table and checks
// its breakdown: the parts of every seat add up to its score on the end
// screen and in the server's result, and the text is the golden one.
func TestEndBreakdown(t *testing.T) {
	t.Parallel()
	cases := endCases()
	tables := map[string]*goldenTable{}
	results := map[string]*game.Result{}
	for _, c := range cases {
		rec := c.record(t)
		tables["golden-"+c.Name] = c.finishedTable(t, rec)
		results[c.Name] = rec.Result
	}
	s := startSite(t, func(mux *http.ServeMux, api http.Handler) { serveGoldens(mux, api, tables) })
	browser := newBrowser(t)
	for _, c := range cases {
		for _, vp := range goldenViewports {
			t.Run(c.Name+"-"+vp.name, func(t *testing.T) {
				gc := c.goldenCase
				gc.Ready = `document.querySelector('#breakdown') !== null && (` + c.Parts + `)`
				tab := shootEnd(t, browser, s, gc, vp.width, vp.height)
				checkBreakdown(t, tab, c.Name, results[c.Name], vp.name == "desktop")
			})
		}
	}
}

// checkBreakdown checks the drawn breakdown against the result, and its
// text against the golden text when golden is true.
func checkBreakdown(t *testing.T, tab context.Context, name string, res *game.Result, golden bool) {
	t.Helper()
	type seatBox struct {
		Seat  string `json:"seat"`
		Sum   string `json:"sum"`
		Total string `json:"total"`
	}
	boxes := eval[[]seatBox](t, tab, `[...document.querySelectorAll('#breakdown .breakdown-seat')].map((b) => ({ seat: b.dataset.seat, sum: b.dataset.sum, total: b.dataset.total }))`)
	if len(boxes) != len(res.Scores) {
		t.Fatalf("%s: %d seats in the breakdown; want %d", name, len(boxes), len(res.Scores))
	}
	shown := eval[map[string]string](t, tab, `Object.fromEntries([...document.querySelectorAll('#end table.scores tr[data-seat]')].map((r) => [r.dataset.seat, r.lastElementChild.textContent]))`)
	for _, b := range boxes {
		i, _ := strconv.Atoi(b.Seat)
		want := strconv.FormatFloat(res.Scores[i], 'f', -1, 64)
		if b.Sum != want || b.Total != want || shown[b.Seat] != want {
			t.Errorf("%s, seat %d: parts add up to %s, the breakdown's total is %s, the end screen shows %s; the result says %s", name, i, b.Sum, b.Total, shown[b.Seat], want)
		}
	}
	if !golden {
		return
	}
	text := eval[string](t, tab, `document.getElementById('breakdown').innerText`) + "\n"
	path := filepath.Join("testdata", "golden", name+"-breakdown.txt")
	if updateGoldens() {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (write it with -update)", name, err)
	}
	if string(want) != text {
		t.Errorf("%s: the breakdown reads\n%s\nwant\n%s", name, text, want)
	}
}

// shootEnd opens the case's table at the given size, waits until c.Ready,
// fails a page wider than the screen, keeps a screenshot in
// $MINEHALL_SHOTS if set, and returns the tab.
func shootEnd(t *testing.T, browser context.Context, s *site, c goldenCase, width, height int64) context.Context {
	t.Helper()
	tab := newTab(t, browser, c.Name)
	do(t, tab, 30*time.Second, "open the finished table "+c.Name,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: goldenSetup(c)})
			return err
		}),
		chromedp.EmulateViewport(width, height),
		chromedp.Navigate(s.URL+"/tables/golden-"+c.Name),
	)
	waitFor(t, tab, 15*time.Second, c.Name+" drawn", `document.getElementById('conn')?.dataset.state === 'open' && `+c.Ready)
	do(t, tab, 10*time.Second, "settle "+c.Name,
		chromedp.Evaluate[chromedp.Void](`document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`, chromedp.EvalAwaitPromise))
	if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > int(width) {
		t.Errorf("%s at %dx%d: the page is %d px wide; want no wider than the screen", c.Name, width, height, w)
	}
	if dir := os.Getenv("MINEHALL_SHOTS"); dir != "" {
		ctx, cancel := context.WithTimeout(tab, 20*time.Second)
		defer cancel()
		shot, err := chromedp.Run(ctx, fullShot(100))
		if err != nil {
			t.Fatalf("screenshot of %s: %v", c.Name, err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", c.Name, width, height)), shot, 0o644)
	}
	return tab
}

// keepShots keeps screenshots of the tab at the phone size, any sizes
// given, and the desktop size in $MINEHALL_SHOTS, if set, named
// <name>-<width>x<height>.png, and leaves the tab at the desktop size. It
// fails a page wider than the screen at any of them.
func keepShots(t *testing.T, tab context.Context, name string, more ...goldenViewportSize) {
	t.Helper()
	dir := os.Getenv("MINEHALL_SHOTS")
	sizes := append(append([]goldenViewportSize{{390, 844}}, more...), goldenViewportSize{1280, 900})
	for _, vp := range sizes {
		do(t, tab, 10*time.Second, fmt.Sprintf("view %s at %dx%d", name, vp.w, vp.h), chromedp.EmulateViewport(vp.w, vp.h),
			twoFrames)
		if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > int(vp.w) {
			t.Errorf("%s at %dx%d: the page is %d px wide; want no wider than the screen", name, vp.w, vp.h, w)
		}
		if dir == "" {
			continue
		}
		ctx, cancel := context.WithTimeout(tab, 20*time.Second)
		shot, err := chromedp.Run(ctx, fullShot(100))
		cancel()
		if err != nil {
			t.Fatalf("screenshot of %s: %v", name, err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, vp.w, vp.h)), shot, 0o644)
	}
}

type goldenViewportSize struct{ w, h int64 }
