package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/puzzle"
	"minehall/server"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// startPuzzleSite is startSite with the puzzle API on a store of its own,
// its clock running from base at the speed of the real one (so that the
// server's measured times are real).
func startPuzzleSite(t *testing.T, base time.Time) *site {
	t.Helper()
	start := time.Now()
	return startPuzzleSiteClock(t, func() time.Time { return base.Add(time.Since(start)) })
}

// startPuzzleSiteClock is startPuzzleSite with the server's clock now.
func startPuzzleSiteClock(t *testing.T, now func() time.Time) *site {
	t.Helper()
	return startSite(t, func(mux *http.ServeMux, _ http.Handler) {
		db := sqlitetest.Open(t)
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		reg := &game.Registry{}
		hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
		srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Puzzles: &puzzle.Service{Store: db, Now: now}})
		mux.Handle("/api/puzzles/", srv)
		t.Cleanup(func() { hall.Close(); db.Close() })
	})
}

// plainDay returns the first day from 2026-11-23 whose Out of Mine puzzle
// is of the basic game, at noon UTC.
func plainDay() (puzzle.Day, time.Time) {
	d, _ := puzzle.ParseDay("2026-11-23")
	for puzzle.Daily(d).Variant != "plain" {
		d++
	}
	at, _ := time.Parse(time.DateOnly, d.String())
	return d, at.Add(12 * time.Hour)
}

// puzzleShot shoots the page at width × height into $MINEHALL_SHOTS (when
// set) as name.png, after checking that nothing makes the page scroll
// sideways.
func puzzleShot(t *testing.T, tab context.Context, name string, width, height int64) {
	t.Helper()
	do(t, tab, 10*time.Second, "size the screen", chromedp.EmulateViewport(width, height), chromedp.Sleep(300*time.Millisecond))
	if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > int(width) {
		t.Errorf("%s: the page is %d px wide at %d px; want no sideways scrolling", name, w, width)
	}
	dir := os.Getenv("MINEHALL_SHOTS")
	if dir == "" {
		return
	}
	c, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	shot, err := chromedp.Run(c, fullShot(90))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	os.WriteFile(filepath.Join(dir, name+".png"), shot, 0o644)
}

// TestPuzzleOutOfMinePerfect lays the day's tiling through the page as a
// person does (take from the supply, R and F to turn and mirror, drag onto
// the board), tile by tile as the solver's perfect placement has it, then
// submits: the server scores it "perfect" and the page says so, with the
// number of perfect tilings and one of them drawn, and the streak becomes 1.
func TestPuzzleOutOfMinePerfect(t *testing.T) {
	t.Parallel()
	day, at := plainDay()
	s := startPuzzleSite(t, at)
	tab := newTab(t, newBrowser(t), "puzzle")
	do(t, tab, 20*time.Second, "open the lobby", chromedp.Navigate(s.URL+"/"))
	waitFor(t, tab, 10*time.Second, "the lobby's puzzle link", `!!document.querySelector('#lobby-puzzles')`)
	clickAt(t, tab, "the puzzles link", `#lobby-puzzles`)
	waitFor(t, tab, 10*time.Second, "the list of puzzles", `!!document.querySelector('a[href="/puzzles/outofmine"]')`)
	clickAt(t, tab, "Out of Mine puzzles", `a[href="/puzzles/outofmine"]`)
	waitFor(t, tab, 20*time.Second, "the puzzle's board", `!!document.querySelector('#oom-board') && !!document.querySelector('#pz-summary')`)

	p := puzzle.Daily(day)
	got := eval[string](t, tab, `(() => { const d = document.querySelector('#pz-summary').dataset; return d.card + ' ' + d.board + d.side + ' ' + d.variant; })()`)
	if want := fmt.Sprintf("%d %d%s plain", p.Card, p.Board, p.Side); got != want {
		t.Fatalf("the page shows card, board and variant %q; want %q", got, want)
	}
	puzzleShot(t, tab, "puzzle-outofmine-start-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-outofmine-start-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))

	count, plan := p.Perfect()
	for _, pl := range plan {
		var row int
		col := int(pl.Cell[0] - 'a')
		fmt.Sscanf(pl.Cell[1:], "%d", &row)
		row--
		if takeKind(t, tab, pl.Shape) == "" {
			t.Fatalf("no %s left in the supply", pl.Shape)
		}
		turnHandTo(t, tab, pl.Transform)
		if !dragHandTo(t, tab, row, col) {
			t.Fatalf("the board or the tile in hand is gone before laying %s at %s", pl.Shape, pl.Cell)
		}
		sel := fmt.Sprintf(`#oom-board g.tile[data-shape=%q][data-sym=%q][data-cell=%q]`, pl.Shape, pl.Transform, pl.Cell)
		waitFor(t, tab, 10*time.Second, "the tile "+sel+" laid", fmt.Sprintf(`!!document.querySelector('%s[data-state="confirmed"]')`, sel))
	}
	waitFor(t, tab, 10*time.Second, "every space covered", `document.querySelector('#oom-empty').dataset.empty === '0'`)
	// No faster than a person: the floor of the tiles laid.
	do(t, tab, time.Minute, "wait out the floor", chromedp.Sleep(time.Duration(len(plan))*puzzle.TileFloor))
	clickAt(t, tab, "submit", `#pz-submit`)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result')`)
	if v := eval[string](t, tab, `document.querySelector('#pz-result').dataset.perfect`); v != "yes" {
		t.Fatalf("the result says perfect=%q (%s); want yes", v, eval[string](t, tab, `document.querySelector('#pz-result').textContent`))
	}
	if n := eval[int](t, tab, `Number(document.querySelector('#pz-perfect-count').dataset.count)`); int64(n) != count {
		t.Errorf("the page shows %d perfect tilings; want %d", n, count)
	}
	shown := eval[[]string](t, tab, `[...document.querySelectorAll('#pz-solution .tile')].map((g) => g.dataset.shape + ' ' + g.dataset.cell).sort()`)
	var want []string
	for _, pl := range plan {
		want = append(want, pl.Shape+" "+pl.Cell)
	}
	slices.Sort(want)
	if !slices.Equal(shown, want) {
		t.Errorf("the solution drawn: %v; want %v", shown, want)
	}
	waitFor(t, tab, 20*time.Second, "the streak of 1", `document.querySelector('#pz-streak')?.dataset.streak === '1'`)
	if d := eval[string](t, tab, `document.querySelector('#pz-history tbody tr')?.dataset.day || ''`); d != day.String() {
		t.Errorf("the history's first day: %q; want %s", d, day)
	}
	if strings.Contains(eval[string](t, tab, `document.body.textContent`), "pz.") {
		t.Errorf("the page shows a translation key")
	}
	puzzleShot(t, tab, "puzzle-outofmine-perfect-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-outofmine-perfect-phone", 390, 844)
}

// TestPuzzleOutOfMineLadder opens the endless ladder in German, submits a
// board with nothing on it (a loss against the puzzle) and checks that the
// guest's rating, kept by the server, went down, and that the result is
// not perfect.
func TestPuzzleOutOfMineLadder(t *testing.T) {
	t.Parallel()
	_, at := plainDay()
	s := startPuzzleSite(t, at)
	tab := newTab(t, newBrowser(t), "ladder")
	do(t, tab, 20*time.Second, "open the puzzle page", chromedp.Navigate(s.URL+"/puzzles/outofmine"))
	waitFor(t, tab, 20*time.Second, "the daily puzzle", `!!document.querySelector('#pz-summary')`)
	do(t, tab, 10*time.Second, "switch to German", choose(`#lang`, "de"))
	// The tabs move as their German names come: click where the ladder's
	// tab is then.
	waitFor(t, tab, 10*time.Second, "the German tabs", `document.querySelector('#pz-tab-ladder')?.textContent.includes('Endlose Leiter')`)
	clickAt(t, tab, "the ladder tab", `#pz-tab-ladder`)
	waitFor(t, tab, 20*time.Second, "a ladder step", `!!document.querySelector('#pz-summary') && document.querySelector('#pz-tab-ladder').getAttribute('aria-selected') === 'true' && !!document.querySelector('#oom-board')`)
	if txt := eval[string](t, tab, `document.querySelector('main').textContent`); !strings.Contains(txt, "Endlose Leiter") || strings.Contains(txt, "pz.") {
		t.Errorf("the German ladder page: %q", txt)
	}
	puzzleShot(t, tab, "puzzle-outofmine-ladder-de-desktop", 1280, 900)
	puzzleShot(t, tab, "puzzle-outofmine-ladder-de-phone", 390, 844)
	do(t, tab, 10*time.Second, "size the screen", screenSize(1280, 900))
	clickAt(t, tab, "submit the empty board", `#pz-submit`)
	waitFor(t, tab, 20*time.Second, "the result", `!!document.querySelector('#pz-result')`)
	if v := eval[string](t, tab, `document.querySelector('#pz-result').dataset.perfect`); v != "no" {
		t.Errorf("an empty board: perfect=%q; want no", v)
	}
	mu := await[float64](t, tab, `import('/assets/js/api.js').then((m) => m.api('GET', '/api/puzzles/outofmine/history')).then((h) => h.rating.Mu)`)
	if mu >= 25 {
		t.Errorf("the guest's rating after a loss: %.2f; want below 25", mu)
	}
	if !eval[bool](t, tab, `!!document.querySelector('#pz-next')`) {
		t.Error("no button to the next ladder step")
	}
}
