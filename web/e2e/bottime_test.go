package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBotThinkingTimeChosenInTheLobby creates a Minerals table against
// the expert in the lobby with a bot thinking time of 2 s: the choice is
// offered only once a seat is a bot's, the table's head shows the time,
// and the seat list names the bot's level.
func TestBotThinkingTimeChosenInTheLobby(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "player")
	do(t, tab, 30*time.Second, "open the lobby",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(s.URL+"/"),
		visible(`#create`),
		choose(`#game`, "minerals"),
		visible(`#seat-1-bot`),
		choose(`#seat-1-bot`, "expert"),
		visible(`#bot-time`),
		choose(`#bot-time`, "2000"),
	)
	keepShots(t, tab, "lobby-bot-time")
	do(t, tab, 30*time.Second, "create the table",
		sendKeys(chromedp.CSS(`#name`), "Ann"),
		click(chromedp.CSS(`#create`)),
		visible(`#table-bot-time`),
	)
	if got := eval[string](t, tab, `document.querySelector('#table-bot-time').textContent`); got != "Bots think 2 s a move" {
		t.Errorf("the table's head shows %q; want %q", got, "Bots think 2 s a move")
	}
	if got := eval[string](t, tab, `[...document.querySelectorAll('.seat-name')].map((e) => e.textContent).join(' | ')`); !strings.Contains(got, "expert") {
		t.Errorf("the seats read %q; want the bot's level, expert, among them", got)
	}
	keepShots(t, tab, "table-bot-time")
}
