package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"net/http"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axLog returns the lines of the log (role "log") named name in the tab's
// accessibility tree, as a screen reader reads them: the text of each of
// its children, in order. It asks Chromium for the log's subtree alone (a
// game's whole tree is thousands of nodes, and a test reads the log at
// every move).
func axLog(t *testing.T, tab context.Context, name string) []string {
	t.Helper()
	c, cancel := context.WithTimeout(tab, 10*time.Second)
	defer cancel()
	var lines []string
	err := chromedp.Do(c, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		doc, err := cdp.Call(ctx, tg, runtime.Evaluate, runtime.EvaluateParams{Expression: "document"})
		if err != nil {
			return err
		}
		if doc.Result == nil || doc.Result.ObjectID == "" {
			return fmt.Errorf("no document to read")
		}
		defer cdp.Call(ctx, tg, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: doc.Result.ObjectID})
		found, err := cdp.Call(ctx, tg, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{ObjectID: doc.Result.ObjectID, AccessibleName: name, Role: "log"})
		if err != nil {
			return err
		}
		i := slices.IndexFunc(found.Nodes, func(n *accessibility.Node) bool { return !n.Ignored })
		if i < 0 {
			return fmt.Errorf("no log named %q in the accessibility tree", name)
		}
		log := found.Nodes[i]
		sub, err := cdp.Call(ctx, tg, accessibility.QueryAXTree, accessibility.QueryAXTreeParams{BackendNodeID: log.BackendDOMNodeID})
		if err != nil {
			return err
		}
		byID := map[accessibility.NodeID]*accessibility.Node{}
		for _, n := range sub.Nodes {
			byID[n.NodeID] = n
		}
		var text func(n *accessibility.Node) string
		text = func(n *accessibility.Node) string {
			if axString(n.Role) == "StaticText" {
				return axString(n.Name)
			}
			var b strings.Builder
			for _, id := range n.ChildIDs {
				if c := byID[id]; c != nil {
					b.WriteString(text(c))
				}
			}
			return b.String()
		}
		root := byID[log.NodeID]
		if root == nil {
			return fmt.Errorf("the log named %q has no subtree", name)
		}
		for _, id := range root.ChildIDs {
			if c := byID[id]; c != nil {
				lines = append(lines, strings.TrimSpace(text(c)))
			}
		}
		return nil
	}))
	if err != nil {
		t.Fatalf("read the log %q: %v", name, err)
	}
	return lines
}

// axString returns an accessibility value as a string ("" when absent).
func axString(v *accessibility.Value) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(v.Value, &s) != nil {
		return string(v.Value)
	}
	return s
}

// ask types text into the screen-reader mode's command field, presses
// Enter, and returns the answer as the answers' log reads it.
//
// It waits for the answer in the page first and then reads the
// accessibility tree, which a page of a game makes long to build: once an
// answer, not every few milliseconds until it comes.
func ask(t *testing.T, tab context.Context, text string) string {
	t.Helper()
	// The log keeps its last lines, so a new answer is a new last line,
	// not a longer log.
	eval[bool](t, tab, `(window.e2eAnswered = document.querySelector('#sr-answer p:last-child'), true)`)
	do(t, tab, 10*time.Second, "type "+text, sendKeys(chromedp.CSS(`#sr-command`), text+kb.Enter))
	waitFor(t, tab, 10*time.Second, "the answer to "+text, fmt.Sprintf(`(() => { const p = document.querySelector('#sr-answer p:last-child');
		return !!p && p !== window.e2eAnswered && p.textContent.startsWith(%q); })()`, text+": "))
	stop := time.Now().Add(5 * time.Second)
	for {
		lines := axLog(t, tab, "Answers")
		if n := len(lines); n > 0 && strings.HasPrefix(lines[n-1], text+": ") {
			return strings.TrimPrefix(lines[n-1], text+": ")
		}
		if time.Now().After(stop) {
			t.Fatalf("the page answered %q but the answers' log in the accessibility tree reads %q", text, lines)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// notations returns the moves an answer to "moves" lists: each item is
// its words with the notation in parentheses at its end, or the notation
// alone.
func notations(answer string) []string {
	_, list, ok := strings.Cut(answer, ": ")
	if !ok {
		return nil
	}
	last := regexp.MustCompile(`\(([^()]*)\)$`)
	var out []string
	for _, item := range strings.Split(list, "; ") {
		if m := last.FindStringSubmatch(item); m != nil {
			out = append(out, m[1])
		} else {
			out = append(out, item)
		}
	}
	return out
}

// TestScreenReaderPlaysAWholeMineralsGame plays a whole game of Minerals
// against a bot through the screen-reader mode's commands alone, reading
// only the accessibility tree: on each turn Ann asks for the legal moves
// ("moves"), chooses one from the answer's words and types its notation
// into the command field; the live region tells the bot's moves, her turn
// and, at the end, the result with the scores.
func TestScreenReaderPlaysAWholeMineralsGame(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	browser := newBrowser(t)
	tab := newTab(t, browser, "reader")
	// An easy bot, not a random one: a random bot may open and put away
	// the Sack for long.
	createBotTable(t, tab, s, "minerals", "easy", true)
	waitFor(t, tab, 30*time.Second, "the command field", `!!document.getElementById('sr-command')`)
	if got := eval[string](t, tab, `document.querySelector('label[for=sr-command]')?.textContent || ''`); got != "Command or move" {
		t.Errorf("the command field's label: %q; want Command or move", got)
	}

	var told []string // every line of the live region, once each
	listen := func() []string {
		lines := axLog(t, tab, "Announcements")
		// The region keeps its last lines: the new ones follow the
		// longest run of its first lines that ends what was heard.
		start := min(len(lines), len(told))
		for ; start > 0; start-- {
			if slices.Equal(lines[:start], told[len(told)-start:]) {
				break
			}
		}
		told = append(told, lines[start:]...)
		return lines
	}
	over := func() bool {
		for _, l := range told {
			if strings.HasPrefix(l, "The game is over.") {
				return true
			}
		}
		return false
	}
	played := 0
	// Each of Ann's moves is a few round trips to the page: on a loaded
	// CI machine under the race detector, 63 moves took six minutes.
	stop := time.Now().Add(12 * time.Minute)
	for !over() {
		if time.Now().After(stop) {
			t.Fatalf("the game did not end within twelve minutes (%d moves played); the live region told: %q", played, told)
		}
		// The last line told before listening: with no move to play, Ann
		// waits for a line after it (the bot's move, her turn).
		eval[bool](t, tab, `(window.e2eTold = document.querySelector('#announce p:last-child'), true)`)
		listen()
		if over() {
			break
		}
		answer := ask(t, tab, "moves")
		moves := notations(answer)
		if answer == "No legal moves now." || len(moves) == 0 {
			holds(tab, time.Until(stop), `document.querySelector('#announce p:last-child') !== window.e2eTold`)
			continue
		}
		move := choose1(moves)
		if got := ask(t, tab, move); !strings.HasPrefix(got, "Played: ") {
			t.Fatalf("typing the legal move %q: answer %q; want it played", move, got)
		}
		played++
	}
	t.Logf("%d moves typed; the live region told %d lines, the last: %q", played, len(told), told[len(told)-1])
	bot, turns, end := 0, 0, ""
	for _, l := range told {
		switch {
		case l == "Your turn":
			turns++
		case strings.HasPrefix(l, "The game is over."):
			end = l
		case strings.Contains(l, ": ") && !strings.HasPrefix(l, "Ann: ") && !strings.HasPrefix(l, "Clock: "):
			bot++
		}
	}
	if played < 10 || bot == 0 || turns == 0 {
		t.Errorf("Ann typed %d moves, the live region told %d of the bot's moves and her turn %d times; want a whole game, the bot's moves and her turns told", played, bot, turns)
	}
	if !regexp.MustCompile(`^The game is over\. (Winner: .+|Nobody won)\. Scores: Ann: \d+, .+: \d+\.$`).MatchString(end) {
		t.Errorf("the end as told: %q; want the winner and every score", end)
	}
}

// choose1 chooses Ann's move from the legal moves' notations: ending
// the turn when she may, else the first that opens no Sack swap (which
// asks for more steps), else the swap or its cancel.
func choose1(moves []string) string {
	if slices.Contains(moves, "end") {
		return "end"
	}
	for _, m := range moves {
		if !strings.HasPrefix(m, "sack") {
			return m
		}
	}
	for _, want := range []string{"sack swap", "sack cancel"} {
		for _, m := range moves {
			if m == want {
				return m
			}
		}
	}
	return moves[0]
}

// TestScreenReaderModeTellsTheClockOnce: at a Minerals table with 12
// seconds a move and no bank, the live region tells Ann, once, that her
// clock runs low (ten seconds left) while she thinks.
func TestScreenReaderModeTellsTheClockOnce(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	var created struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	apiCall(t, s, "POST", "/api/tables", "", map[string]any{"game": "minerals", "players": 2, "autostart": true,
		"time_control": map[string]int{"move_s": 12, "bank_s": 0},
		"seats":        []map[string]any{{"kind": "person"}, {"kind": "bot", "bot": "random"}}}, &created, http.StatusCreated)
	id := created.Table.ID
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	apiCall(t, s, "POST", "/api/tables/"+id+"/join", "", map[string]string{"name": "Ann"}, &j, http.StatusOK)
	tab := newTab(t, newBrowser(t), "reader")
	do(t, tab, 30*time.Second, "open the table with the mode on",
		chromedp.Navigate(s.URL+"/"),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem('minehall.srmode', '1'); localStorage.setItem('minehall.seat.%s', JSON.stringify({ seat: %d, token: %q }))`, id, j.Seat, j.Token)),
		chromedp.Navigate(s.URL+"/tables/"+id),
		visible(`#sr-command`))
	stop := time.Now().Add(30 * time.Second)
	var lines []string
	for time.Now().Before(stop) {
		lines = axLog(t, tab, "Announcements")
		if slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Clock: ") }) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	var low []string
	for _, l := range lines {
		if strings.HasPrefix(l, "Clock: ") {
			low = append(low, l)
		}
	}
	if len(low) != 1 || !regexp.MustCompile(`^Clock: 0:(10|0\d) left\.$`).MatchString(low[0]) {
		t.Fatalf("the live region told %q; want the clock running low told once", lines)
	}
	if !slices.Contains(lines, "Your turn") {
		t.Errorf("the live region told %q; want Ann's turn", lines)
	}
}
