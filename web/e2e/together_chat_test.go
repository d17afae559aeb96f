package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The chat tests: two browsers chat at a table, the chat survives a reload
// and a killed server, and a message is always shown as text.

// sayInChat types text into the chat's input and sends it, as a person.
func sayInChat(t *testing.T, tab context.Context, text string) {
	t.Helper()
	do(t, tab, 15*time.Second, "say "+text,
		chromedp.WaitEnabled(chromedp.CSS(`#chat-input`), chromedp.RetryInterval(queryRetry)),
		chromedp.SetValue(chromedp.CSS(`#chat-input`), text),
		click(chromedp.CSS(`#chat-send`)))
}

// chatHas is a predicate: the chat's list shows a message whose text is
// exactly text.
func chatHas(text string) string {
	return fmt.Sprintf(`[...document.querySelectorAll('#chat-list .chat-text')].some((e) => e.textContent === %q)`, text)
}

// openChat opens the chat panel if it is folded (a narrow screen).
var openChat = chromedp.Evaluate[chromedp.Void](`(() => { const b = document.querySelector('#chat-toggle'); if (b && b.getAttribute('aria-expanded') !== 'true') b.click(); })()`)

// "Chat goes on at every table": two people chat; both see every message
// with the sender's name, a quick phrase is said in the reader's language,
// and the chat survives a reload and a server killed with SIGKILL ("a
// restart, a killed server or another instance's takeover loses none").
func TestTogetherChatSurvivesReloadAndKill(t *testing.T) {
	t.Parallel()
	proc, s := startProcess(t)
	id, _ := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true})
	ann := joinAs(t, s, id, "Ann", 0)
	bo := joinAs(t, s, id, "Bo", 1)
	browser := newBrowser(t)
	tabA := newTab(t, browser, "ann")
	tabB := newTab(t, browser, "bo")
	openSeat(t, tabA, s, id, 0, ann)
	openSeat(t, tabB, s, id, 1, bo)
	// Bo reads German: a quick phrase is sent as its key and said in each
	// reader's own language.
	do(t, tabB, 10*time.Second, "German", chromedp.Evaluate[chromedp.Void](`localStorage.setItem('minehall.lang', 'de')`))

	sayInChat(t, tabA, "hello Bo")
	waitFor(t, tabB, 10*time.Second, "Bo sees Ann's message", chatHas("hello Bo"))
	if who := eval[string](t, tabB, `document.querySelector('#chat-list .chat-msg[data-seat="0"] .chat-who').textContent`); who != "Ann" {
		t.Errorf("the sender shown to Bo is %q; want Ann", who)
	}
	if c := eval[string](t, tabA, `document.querySelector('#chat-count').textContent`); c != "0/500" {
		t.Errorf("the counter after sending says %q; want 0/500", c)
	}
	do(t, tabA, 5*time.Second, "type", sendKeys(chromedp.CSS(`#chat-input`), "abc"))
	waitFor(t, tabA, 5*time.Second, "the counter counts", `document.querySelector('#chat-count').textContent === '3/500'`)
	do(t, tabA, 5*time.Second, "clear", chromedp.Evaluate[chromedp.Void](`document.querySelector("#chat-input").value = ""`))

	// Bo says "good game" with the quick phrase's button.
	do(t, tabB, 10*time.Second, "good game",
		click(chromedp.CSS(`.chat-phrases summary`)),
		click(chromedp.CSS(`button[data-phrase="good_game"]`)))
	waitFor(t, tabA, 10*time.Second, "Ann sees the phrase in English", chatHas("Good game"))

	// A reload keeps the chat.
	do(t, tabB, 20*time.Second, "reload Bo", chromedp.Reload(), visible(`#chat-list`))
	waitFor(t, tabB, 10*time.Second, "Bo's chat after a reload", chatHas("hello Bo")+` && `+chatHas("Gutes Spiel"))

	// A killed server loses nothing: the pages reconnect to the restarted
	// one and show the chat as it was.
	proc.kill(t)
	proc.start(t)
	waitFor(t, tabA, 30*time.Second, "Ann reconnects", `document.querySelector('#conn').dataset.state === 'open'`)
	do(t, tabA, 20*time.Second, "reload Ann", chromedp.Reload(), visible(`#chat-list`))
	waitFor(t, tabA, 10*time.Second, "Ann's chat after the restart", chatHas("hello Bo")+` && `+chatHas("Good game"))
	sayInChat(t, tabA, "still here")
	waitFor(t, tabB, 30*time.Second, "Bo sees a message said after the restart", chatHas("still here"))
	if n := eval[int](t, tabB, `document.querySelectorAll('#chat-list .chat-msg').length`); n != 3 {
		t.Errorf("Bo's chat has %d messages; want 3 (none lost, none twice)", n)
	}
	shot(t, tabB, "chat")
	// Folded, the panel is a tab that counts what was not read.
	do(t, tabB, 5*time.Second, "fold the chat", click(chromedp.CSS(`#chat-toggle`)))
	sayInChat(t, tabA, "are you there?")
	waitFor(t, tabB, 10*time.Second, "the unread badge", `document.querySelector('#chat-unread').textContent === '1' && !document.querySelector('#chat-unread').hidden && document.querySelector('#chat-body').hidden`)
	shot(t, tabB, "chat-folded")
	do(t, tabB, 5*time.Second, "open the chat", openChat)
	waitFor(t, tabB, 5*time.Second, "read", `document.querySelector('#chat-unread').hidden && `+chatHas("are you there?"))
}

// "A text is text only: the server never reads it as markup … A client
// shows it as text (textContent), never as HTML." A message with markup is
// shown as the very text, and no element of it is made; past "5 messages
// in 10 seconds" the refusal is shown in the chat, and the seat's
// connection goes on (a chat refusal is no refused token).
func TestTogetherChatIsTextOnly(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, owner := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true})
	ann := joinAs(t, s, id, "Ann", 0)
	bo := joinAs(t, s, id, "Bo", 1)
	browser := newBrowser(t)
	tabA := newTab(t, browser, "ann")
	tabB := newTab(t, browser, "bo")
	openSeat(t, tabA, s, id, 0, ann)
	openSeat(t, tabB, s, id, 1, bo)
	do(t, tabB, 5*time.Second, "hook alert", chromedp.Evaluate[chromedp.Void](`window.__alerted = false; window.alert = () => { window.__alerted = true; }`))
	const evil = `<img src=x onerror=alert(1)><script>alert(2)</script>&amp; "quoted"`
	sayInChat(t, tabA, evil)
	waitFor(t, tabB, 10*time.Second, "the message arrives", chatHas(evil))
	if n := eval[int](t, tabB, `document.querySelectorAll('#chat img, #chat script, #chat-list b').length`); n != 0 {
		t.Errorf("the message made %d elements; want none", n)
	}
	time.Sleep(300 * time.Millisecond)
	if eval[bool](t, tabB, `window.__alerted`) {
		t.Errorf("the message ran a script")
	}

	// Five messages in ten seconds, then the limit's refusal, shown. The
	// limit is a bucket of five that gains one message every two seconds:
	// two seconds after the first message it is full again, and six
	// messages said at once are five said and one refused, however long
	// each step of the test takes.
	time.Sleep(2100 * time.Millisecond)
	eval[bool](t, tabA, `(() => {
		const input = document.querySelector('#chat-input'), send = document.querySelector('#chat-send');
		for (const m of ['m1', 'm2', 'm3', 'm4', 'm5', 'one too many']) { input.value = m; send.click(); }
		return true;
	})()`)
	waitFor(t, tabA, 10*time.Second, "the five messages", chatHas("m5"))
	waitFor(t, tabA, 10*time.Second, "the limit's refusal", `!document.querySelector('#chat-error').hidden`)
	if msg := eval[string](t, tabA, `document.querySelector('#chat-error').textContent`); !strings.Contains(msg, "5 chat messages") {
		t.Errorf("the refusal says %q; want the server's reason", msg)
	}
	// The owner mutes Ann: her page says so and the server refuses her.
	apiCall(t, s, "POST", "/api/tables/"+id+"/chat/settings", owner, map[string]any{"muted": []int{0}}, nil, 200)
	waitFor(t, tabA, 10*time.Second, "Ann's input is off", `document.querySelector('#chat-input').disabled`)
	if note := eval[string](t, tabA, `document.querySelector('.chat-form').hidden ? document.querySelector('#chat-note').textContent : 'the field is shown'`); note != "The table's owner has muted you" {
		t.Errorf("Ann's chat says %q; want the field hidden and why: The table's owner has muted you", note)
	}
	if st := eval[string](t, tabA, `document.querySelector('#conn').dataset.state`); st != "open" {
		t.Errorf("after chat refusals the connection is %q; want open", st)
	}

	// A spectator who gave a name: the players see who watches; once the
	// owner lets spectators chat, the spectator's message carries the name.
	tabC := newTab(t, browser, "cy")
	do(t, tabC, 30*time.Second, "Cy watches",
		chromedp.Navigate(s.URL+"/rules"),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('minehall.name', JSON.stringify('Cy'))`),
		chromedp.Navigate(s.URL+"/tables/"+id),
		visible(`#seats li`))
	waitFor(t, tabA, 10*time.Second, "Ann sees Cy watching", `document.querySelector('#spectators')?.textContent === '1 spectator: Cy'`)
	waitFor(t, tabC, 10*time.Second, "Cy may not chat yet", `document.querySelector('#chat-input').disabled && document.querySelector('#chat-note').textContent === 'Spectators may not chat at this table'`)
	apiCall(t, s, "POST", "/api/tables/"+id+"/chat/settings", owner, map[string]any{"spectators": true}, nil, 200)
	sayInChat(t, tabC, "hi from the stands")
	waitFor(t, tabB, 10*time.Second, "Bo sees Cy's message", chatHas("hi from the stands")+` && document.querySelector('#chat-list .chat-msg[data-seat="-3"] .chat-who').textContent === 'Cy'`)
}
