package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The pass-and-play tests: several seats of a table on one device.

// createHere creates a table in the lobby with a seat for each of names:
// a person's "on this device" with that name, or for "" a random bot; and
// waits for the table page.
func createHere(t *testing.T, tab context.Context, s *site, gameID string, options map[string]string, names ...string) {
	t.Helper()
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.Navigate(s.URL + "/"),
		visible(`#create`),
		choose(`#game`, gameID),
		choose(`#players`, fmt.Sprint(len(names))),
		sendKeys(chromedp.CSS(`#name`), names[0]),
	}
	for k, v := range options {
		actions = append(actions, choose(`#opt-`+k, v))
	}
	for i, n := range names {
		if n == "" {
			actions = append(actions, choose(fmt.Sprintf(`#seat-%d`, i), "bot"), visible(fmt.Sprintf(`#seat-%d-bot`, i)),
				choose(fmt.Sprintf(`#seat-%d-bot`, i), "random"))
			continue
		}
		if i > 0 {
			actions = append(actions, choose(fmt.Sprintf(`#seat-%d`, i), "person"))
		}
		actions = append(actions,
			click(chromedp.CSS(fmt.Sprintf(`#seat-%d-here`, i))),
			visible(fmt.Sprintf(`#seat-%d-name`, i)),
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const e = document.querySelector('#seat-%d-name'); e.value = %q; e.dispatchEvent(new Event('input')); })()`, i, n)))
	}
	actions = append(actions, choose(`#time-control`, "untimed"))
	do(t, tab, 30*time.Second, "fill in a pass-and-play table", actions...)
	shot(t, tab, "lobby-here-"+gameID)
	do(t, tab, 30*time.Second, "create it", click(chromedp.CSS(`#create`)), visible(`#seats li`))
}

// "A family can play on one tablet passed round the table": a 3-player
// Minerals game (no hidden information, so the page switches to the seat
// to move at once) is played to its end from one browser, every move typed
// by the person whose seat the page shows.
func TestTogetherPassAndPlayMinerals(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "family")
	createHere(t, tab, s, "minerals", map[string]string{"version": "6+"}, "Ann", "Bo", "Cy")
	id := tableOf(t, tab)
	seen := map[int]bool{}
	moves := 0
	stop := time.Now().Add(3 * time.Minute)
	for time.Now().Before(stop) {
		waitFor(t, tab, 30*time.Second, "a seat to play or the end",
			`document.getElementById('main').dataset.status === 'finished' || (document.getElementById('main').dataset.myTurn === 'true' && !!document.querySelector('#legal-moves option'))`)
		if eval[bool](t, tab, `document.getElementById('main').dataset.status === 'finished'`) {
			break
		}
		you := eval[int](t, tab, `Number(document.querySelector('#seats li.you')?.dataset.seat ?? -1)`)
		seen[you] = true
		n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		eval[bool](t, tab, `(document.querySelector('#move-input').value = document.querySelector('#legal-moves option').value, document.querySelector('#move-input').form.requestSubmit(), true)`)
		waitFor(t, tab, 20*time.Second, "the move applied", fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || !!document.querySelector('.message:not([hidden])')`, n))
		if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
			t.Fatalf("a move was refused: %s", msg)
		}
		// The page has left the seat's connection, whose ack it would have
		// waited for, when it moved on to the next seat. (The end takes the
		// field away.)
		if !holds(tab, 5*time.Second, `document.querySelector('#move-answer')?.dataset.state === 'accepted' || document.getElementById('main').dataset.status === 'finished'`) {
			t.Fatalf("after move %d the typed move's answer says %q", moves+1, eval[string](t, tab, `document.querySelector('#move-answer')?.textContent ?? ''`))
		}
		moves++
	}
	// The table is private (made on one device): the owner's token opens it.
	owner := eval[string](t, tab, `JSON.parse(localStorage.getItem('minehall.owner.`+id+`'))`)
	var tb tableJSON
	apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &tb, http.StatusOK)
	if tb.Status != "finished" {
		t.Fatalf("after %d moves the table is %s; want finished", moves, tb.Status)
	}
	if len(seen) != 3 {
		t.Errorf("the page played as seats %v; want all three", seen)
	}
	for i, want := range []string{"Ann", "Bo", "Cy"} {
		if tb.Seats[i].Name != want {
			t.Errorf("seat %d is %q; want %q", i, tb.Seats[i].Name, want)
		}
	}
	t.Logf("%d moves typed", moves)

	// The owner (this browser created the table) lets spectators chat and
	// mutes a seat the page does not play now from the chat panel; "good
	// game" after the end.
	you := eval[int](t, tab, `Number(document.querySelector('#seats li.you')?.dataset.seat ?? -1)`)
	other := (you + 1) % 3
	mute := fmt.Sprintf(`#chat-owner [data-mute="%d"]`, other)
	do(t, tab, 10*time.Second, "owner's chat controls",
		click(chromedp.CSS(`#chat-spectators`)),
		visible(mute))
	if !holds(tab, 10*time.Second, `document.querySelector('#chat-spectators').checked`) {
		t.Fatalf("spectators may not chat 10 s after the click; the chat panel says %q, and its error %q",
			eval[string](t, tab, `document.querySelector('#chat-owner').textContent`), eval[string](t, tab, `document.querySelector('#chat-error').textContent`))
	}
	do(t, tab, 10*time.Second, "mute a seat", click(chromedp.CSS(mute)))
	waitFor(t, tab, 10*time.Second, "the seat muted", `document.querySelector('`+mute+`').checked`)
	var info struct {
		Chat struct {
			Spectators bool  `json:"spectators"`
			Muted      []int `json:"muted"`
		} `json:"chat"`
	}
	// A checkbox shows its click at once; the server has the setting once
	// the page's request is answered.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &info, 200)
		if info.Chat.Spectators && fmt.Sprint(info.Chat.Muted) == fmt.Sprintf("[%d]", other) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table's chat settings are %+v; want spectators allowed and seat %d muted", info.Chat, other)
		}
	}
	do(t, tab, 10*time.Second, "good game", click(chromedp.CSS(`.chat-phrases summary`)), click(chromedp.CSS(`button[data-phrase="good_game"]`)))
	waitFor(t, tab, 10*time.Second, "good game said", chatHas("Good game"))
	// The replay shows it after the last action.
	do(t, tab, 20*time.Second, "the replay", chromedp.Navigate(s.URL+"/replay/"+id), visible(`#replay-log li`))
	waitFor(t, tab, 10*time.Second, "the chat in the replay", `document.querySelector('#replay-log li:last-child .chat-text')?.textContent === 'Good game'`)
}

// The owner's box letting spectators chat, ticked while the server is
// slow to answer, stays ticked when the page switches to the device's next
// seat (which draws the owner's controls for that seat), and the table
// lets spectators chat once the answer comes.
func TestTogetherOwnerChatBoxKeptAcrossASeatSwitch(t *testing.T) {
	t.Parallel()
	s, answer := siteHolding(t, "POST /api/tables/{id}/chat/settings")
	tab := newTab(t, newBrowser(t), "family")
	createHere(t, tab, s, "minerals", nil, "Ann", "Bo")
	id := tableOf(t, tab)
	const you = `Number(document.querySelector('#seats li.you')?.dataset.seat ?? -1)`
	const toMove = `document.getElementById('main').dataset.myTurn === 'true' && !!document.querySelector('#legal-moves option')`
	waitFor(t, tab, 30*time.Second, "a seat to move", toMove)
	first := eval[int](t, tab, you)
	do(t, tab, 10*time.Second, "let spectators chat", click(chromedp.CSS(`#chat-spectators`)))
	for moves := 0; eval[int](t, tab, you) == first; moves++ {
		if moves == 10 {
			t.Fatalf("after %d moves the page still shows seat %d", moves, first)
		}
		n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		eval[bool](t, tab, `(document.querySelector('#move-input').value = document.querySelector('#legal-moves option').value, document.querySelector('#move-input').form.requestSubmit(), true)`)
		waitFor(t, tab, 20*time.Second, "the move applied and a seat to move", fmt.Sprintf(`document.getElementById('main').dataset.n !== %q && %s`, n, toMove))
	}
	do(t, tab, 10*time.Second, "the page drawn for the next seat", twoFrames)
	if !eval[bool](t, tab, `document.querySelector('#chat-spectators').checked`) {
		t.Errorf("with its change on its way, the box letting spectators chat is unticked after the switch to the next seat")
	}
	answer()
	waitFor(t, tab, 10*time.Second, "the owner's controls for the next seat, the box ticked",
		fmt.Sprintf(`!!document.querySelector('#chat-owner [data-mute="%d"]') && document.querySelector('#chat-spectators').checked`, first))
	owner := eval[string](t, tab, `JSON.parse(localStorage.getItem('minehall.owner.`+id+`'))`)
	var info struct {
		Chat struct {
			Spectators bool `json:"spectators"`
		} `json:"chat"`
	}
	for deadline := time.Now().Add(10 * time.Second); !info.Chat.Spectators; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the table does not let spectators chat 10 s after the server's answer")
		}
		apiCall(t, s, "GET", "/api/tables/"+id, owner, nil, &info, http.StatusOK)
	}
}

// "In a game played in real time (Out of Mine, a race) every person needs
// a device of their own": the lobby says so and offers no seat on this
// device for it.
func TestTogetherLobbyRealtimeOnePerDevice(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "lobby")
	do(t, tab, 30*time.Second, "the lobby", chromedp.Navigate(s.URL+"/"), visible(`#create`),
		choose(`#game`, "minerals"), visible(`#seat-0-here`),
		choose(`#game`, "outofmine"), visible(`#here-realtime`))
	if n := eval[int](t, tab, `document.querySelectorAll('[id$="-here"]').length`); n != 0 {
		t.Errorf("the lobby offers %d seats on this device for Out of Mine; want none", n)
	}
	if got := eval[string](t, tab, `document.querySelector('#here-realtime').textContent`); !strings.Contains(got, "one person a device") {
		t.Errorf("the lobby says %q", got)
	}
}

// wsFrame is a WebSocket frame the page received, in order, with the seat
// whose hand-over had been confirmed when it came.
type wsFrame struct {
	confirmed int
	data      string
}

// "To keep each person's hidden information off the page until the
// hand-over, the client holds at most one seat's connection at a time …
// and connects with Bob's token only after Bob confirms he holds the
// tablet." Two seats of a 3-player TF22 table in the strategy variant
// (each hand is secret) are on one device, the third is a bot's: every
// frame the page receives is recorded, and none carries the hand of a
// seat whose person has not confirmed the hand-over, or a bot's.
func TestTogetherPassAndPlayTF22HidesHands(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "family")
	var mu sync.Mutex
	confirmed := -1
	var frames []wsFrame
	err := chromedp.Listen(tab, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameReceived); ok {
			mu.Lock()
			frames = append(frames, wsFrame{confirmed, string(f.Response.PayloadData)})
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	createHere(t, tab, s, "tf22", map[string]string{"symbol_cards": "strategy"}, "Ann", "Bob", "")
	passes := 0
	acted := map[int]int{}
	stop := time.Now().Add(2 * time.Minute)
	for time.Now().Before(stop) && (acted[0] < 6 || acted[1] < 6) {
		waitFor(t, tab, 30*time.Second, "the pass screen or a seat to play",
			`!document.querySelector('#pass-screen').hidden || (document.getElementById('main').dataset.myTurn === 'true' && !!document.querySelector('#legal-moves option'))`)
		if eval[bool](t, tab, `!document.querySelector('#pass-screen').hidden`) {
			seat := eval[int](t, tab, `Number(document.querySelector('#pass-screen').dataset.seat)`)
			if passes == 0 {
				shot(t, tab, "pass-screen")
			}
			// Under the pass screen the page follows the table as a
			// spectator holding both seats (so that they show as present):
			// the frames' scan below checks that no hand reaches it.
			time.Sleep(200 * time.Millisecond) // anything still coming would be recorded before the confirm
			mu.Lock()
			confirmed = seat
			mu.Unlock()
			do(t, tab, 10*time.Second, "confirm", click(chromedp.CSS(`#pass-ready`)))
			passes++
			continue
		}
		you := eval[int](t, tab, `Number(document.querySelector('#seats li.you')?.dataset.seat ?? -1)`)
		legal := eval[[]string](t, tab, `[...document.querySelectorAll('#legal-moves option')].map((o) => o.value)`)
		move := legal[0]
		for _, pref := range []string{"keep planet", "choose ", "A "} {
			if m := firstWith(legal, pref); m != "" {
				move = m
				break
			}
		}
		n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
		typeMove(t, tab, move)
		waitFor(t, tab, 20*time.Second, "the move applied", fmt.Sprintf(`document.getElementById('main').dataset.n !== %q || !!document.querySelector('.message:not([hidden])') || !document.querySelector('#pass-screen').hidden`, n))
		if msg := eval[string](t, tab, `document.querySelector('.message:not([hidden])')?.textContent || ''`); msg != "" {
			t.Fatalf("%q was refused: %s", move, msg)
		}
		acted[you]++
	}
	if passes < 3 || acted[0] == 0 || acted[1] == 0 {
		t.Fatalf("%d hand-overs, moves per seat %v; want the device passed to and fro", passes, acted)
	}
	mu.Lock()
	defer mu.Unlock()
	hands, watched := 0, 0
	for i, f := range frames {
		var fr struct {
			Type string `json:"type"`
			You  *int   `json:"you"`
			View struct {
				Seats []struct {
					Seat int   `json:"seat"`
					Hand []int `json:"hand"`
				} `json:"seats"`
			} `json:"view"`
		}
		if json.Unmarshal([]byte(f.data), &fr) != nil {
			continue
		}
		if fr.Type == "state" && fr.You != nil && *fr.You == -3 && f.confirmed >= 0 {
			watched++
		}
		for _, sv := range fr.View.Seats {
			if len(sv.Hand) == 0 {
				continue
			}
			hands++
			if sv.Seat != f.confirmed {
				t.Errorf("frame %d carries seat %d's hand while the device was with seat %d: %.200s", i, sv.Seat, f.confirmed, f.data)
			}
		}
	}
	if hands == 0 {
		t.Fatalf("no frame carried a hand: the scan saw nothing (%d frames)", len(frames))
	}
	// While the bot moves, the page watches as a spectator: "Between turns
	// it may follow the table as a spectator … which shows only what
	// everyone sees".
	if watched == 0 {
		t.Errorf("the page never watched as a spectator while the bot moved")
	}
	t.Logf("%d frames, %d with a hand, %d hand-overs, moves %v", len(frames), hands, passes, acted)
}

// firstWith returns the first of list that begins with prefix, or "".
func firstWith(list []string, prefix string) string {
	for _, m := range list {
		if strings.HasPrefix(m, prefix) {
			return m
		}
	}
	return ""
}

// On a phone, the bar of a pass-and-play table says whose seat the page
// plays, as readable as the rest of the page: axe-core finds nothing on
// it (its "Playing as" tag was light text on a light tag, the bar's white
// over the tag's grey), and a long name, cut short, leaves "Your turn"
// whole (it took the room of both).
func TestTogetherPassAndPlayPhoneBarReadable(t *testing.T) {
	t.Parallel()
	source := axeSource(t)
	s := startSite(t)
	tab := newTab(t, newBrowser(t), "family")
	do(t, tab, 10*time.Second, "a phone's screen", screenSize(390, 844, chromedp.EmulateMobile))
	createHere(t, tab, s, "minerals", nil, "Maximiliane Wilhelmina Augusta", "Bo")
	waitFor(t, tab, 30*time.Second, "the bar says whose seat the page plays, and that it is to move",
		`!!document.querySelector('#bar-status #pp-playing') && !!document.querySelector('#bar-status .yourturn')`)
	do(t, tab, 10*time.Second, "settle", chromedp.Evaluate[chromedp.Void](`document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`, chromedp.EvalAwaitPromise))
	for _, v := range runAxe(t, tab, source) {
		t.Errorf("the pass-and-play table on a phone: %s", v)
	}
	for _, width := range []int64{390, 320} {
		do(t, tab, 10*time.Second, "a phone's screen", screenSize(width, 700, chromedp.EmulateMobile))
		got := eval[[]float64](t, tab, `(() => {
  const turn = document.querySelector('#bar-status .yourturn'), tag = document.querySelector('#bar-status #pp-playing');
  return [turn.scrollWidth - turn.clientWidth, tag.getBoundingClientRect().right - document.getElementById('bar-status').getBoundingClientRect().right];
})()`)
		if got[0] > 0 {
			t.Errorf("at %d px \"Your turn\" is cut short by %v px", width, got[0])
		}
		if got[1] > 0 {
			t.Errorf("at %d px the tag %q runs %v px past the bar's status", width, eval[string](t, tab, `document.querySelector('#pp-playing').textContent`), got[1])
		}
	}
}
