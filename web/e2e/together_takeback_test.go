package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/games/tf22"
)

// httpPlayer plays a seat over POST …/act, counting its seq.
type httpPlayer struct {
	token string
	seq   int
}

// actHTTP plays move for seat p of table id.
func actHTTP(t *testing.T, s *site, id string, pl *httpPlayer, move string) {
	t.Helper()
	pl.seq++
	apiCall(t, s, "POST", "/api/tables/"+id+"/act", pl.token, map[string]any{"move": move, "seq": pl.seq}, nil, 200)
}

// tf22SetUp plays TF22's set-up over HTTP: every seat keeps the planet
// and the seats choose the first colours offered.
func tf22SetUp(t *testing.T, s *site, id string, seats []*httpPlayer) {
	t.Helper()
	for range 20 {
		st, _ := tf22State(t, s, id)
		p := st.Actors(nil)[0]
		var pick string
		for _, a := range st.Legal(p, nil) {
			m := st.ActionString(p, a)
			if m == "keep planet" || (pick == "" && strings.HasPrefix(m, "choose ")) {
				pick = m
			}
		}
		if pick == "" {
			return
		}
		actHTTP(t, s, id, seats[p], pick)
	}
	t.Fatalf("the set-up did not end in 20 moves")
}

// spectatorJSON is the public view of table id's state, for comparing
// positions.
func spectatorJSON(t *testing.T, s *site, id string) string {
	t.Helper()
	st, _ := tf22State(t, s, id)
	b, err := json.Marshal(st.View(game.Spectator).(*tf22.View))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// "A person may take back their own last actions within their turn, at
// once and without asking anyone, as long as nothing hidden or random has
// been revealed since the first of them. In TF22 Mine, where a turn spends
// 4 ore one click at a time, a misclick is taken back this way." The
// active player spends one ore by typing a move, presses Undo, and the
// board and the ore are as before. Later, after a combat ("a TF22 combat
// draws both symbol cards"), Undo is refused and the page shows why.
func TestTogetherTakeBackTF22(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "tf22", "players": 2, "autostart": true, "private": true,
		"options": map[string]string{"symbol_cards": "strategy"}})
	seats := []*httpPlayer{{token: joinAs(t, s, id, "Ann", 0)}, {token: joinAs(t, s, id, "Bo", 1)}}
	tf22SetUp(t, s, id, seats)
	st, n := tf22State(t, s, id)
	p := int(st.Actors(nil)[0])
	browser := newBrowser(t)
	tab := newTab(t, browser, "active")
	openSeat(t, tab, s, id, p, seats[p].token)
	waitTF22Actor(t, tab, n, "the active seat")
	waitFor(t, tab, 10*time.Second, "4 ore", `document.querySelector('#tf-ore').dataset.ore === '4'`)
	before := spectatorJSON(t, s, id)
	var move string
	for _, a := range st.Legal(game.Player(p), nil) {
		if m := st.ActionString(game.Player(p), a); strings.HasPrefix(m, "A ") {
			move = m
			break
		}
	}
	typeMove(t, tab, move)
	seats[p].seq++
	waitFor(t, tab, 10*time.Second, "one ore spent", fmt.Sprintf(`document.getElementById('main').dataset.n === '%d' && document.querySelector('#tf-ore').dataset.ore === '3'`, n+1))
	if spectatorJSON(t, s, id) == before {
		t.Fatalf("the move %q changed nothing", move)
	}
	shot(t, tab, "takeback-undo")
	do(t, tab, 10*time.Second, "Undo", click(chromedp.CSS(`#tb-undo`)))
	waitFor(t, tab, 10*time.Second, "the move taken back", fmt.Sprintf(`document.getElementById('main').dataset.n === '%d' && document.querySelector('#tf-ore').dataset.ore === '4'`, n))
	if after := spectatorJSON(t, s, id); after != before {
		t.Errorf("after the take-back the position differs:\n%s\nwant\n%s", after, before)
	}
	if got := eval[int](t, tab, fmt.Sprintf(`document.querySelectorAll('#log li[data-n="%d"]').length`, n+1)); got != 0 {
		t.Errorf("the log still lists the move taken back")
	}
	waitFor(t, tab, 5*time.Second, "the note", `document.querySelector('#tb-note')?.dataset.status === 'done' && / took back the last move\.$/.test(document.querySelector('#tb-note').textContent)`)

	// Play on to a combat; the attacker's Undo is then refused.
	st, _ = tf22State(t, s, id)
	plan := tf22PlanCombat(st, 300, 40)
	if plan == nil {
		t.Fatalf("no run of at most 40 moves leads to a combat from this deal")
	}
	for _, m := range plan {
		actHTTP(t, s, id, seats[m.seat], m.move)
	}
	att := int(plan[len(plan)-1].seat)
	for _, who := range []int{att, 1 - att} {
		st, _ = tf22State(t, s, id)
		var card string
		for _, a := range st.Legal(game.Player(who), nil) {
			if m := st.ActionString(game.Player(who), a); strings.HasPrefix(m, "card ") {
				card = m
				break
			}
		}
		if card == "" {
			t.Fatalf("seat %d has no card to play in the combat", who)
		}
		actHTTP(t, s, id, seats[who], card)
	}
	_, nAfter := tf22State(t, s, id)
	tab2 := newTab(t, browser, "attacker")
	openSeat(t, tab2, s, id, att, seats[att].token)
	do(t, tab2, 10*time.Second, "Undo after the combat", visible(`#tb-undo`), click(chromedp.CSS(`#tb-undo`)))
	waitFor(t, tab2, 10*time.Second, "the refusal", `document.querySelector('#tb-note')?.dataset.status === 'error'`)
	shot(t, tab2, "takeback-refused")
	reason := eval[string](t, tab2, `document.querySelector('#tb-note').dataset.reason`)
	text := eval[string](t, tab2, `document.querySelector('#tb-note').textContent`)
	t.Logf("refused: %s: %s", reason, text)
	// The attacker's card was laid face down, then both were revealed:
	// the server names the first of these it meets.
	want := map[string]string{
		"revealed": "Something hidden or random was revealed since: it cannot be taken back.",
		"hidden":   "A hidden move was played since: it cannot be taken back.",
	}[reason]
	if want == "" || text != want {
		t.Errorf("the refusal shows %q (reason %q); want the reason revealed or hidden, in words", text, reason)
	}
	if _, m := tf22State(t, s, id); m != nAfter {
		t.Errorf("after the refused take-back the log has %d actions; want %d", m, nAfter)
	}
}

// "Across turns, a take-back … is asked of every other person at the
// table: each gets a takeback frame and answers agree or refuse … one
// refuse ends it." At an untimed Minerals table Ann asks to take back her
// move after Bo's turn began; Bo sees the request with Agree and Refuse;
// his refusal is shown to both ("said no"); asked again, he agrees and
// both boards go back. The table is private, the only kind that may be
// untimed, and the friends come in by its invitation.
func TestTogetherTakeBackRequest(t *testing.T) {
	t.Parallel()
	s := startSite(t)
	id, _ := newTable(t, s, map[string]any{"game": "minerals", "players": 2, "autostart": true, "private": true})
	ann := joinAs(t, s, id, "Ann", 0)
	bo := joinAs(t, s, id, "Bo", 1)
	browser := newBrowser(t)
	tabA := newTab(t, browser, "ann")
	tabB := newTab(t, browser, "bo")
	openSeat(t, tabA, s, id, 0, ann)
	openSeat(t, tabB, s, id, 1, bo)
	waitFor(t, tabA, 10*time.Second, "Ann's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	n := eval[string](t, tabA, `document.getElementById('main').dataset.n`)
	move := eval[string](t, tabA, `document.querySelector('#legal-moves option').value`)
	typeMove(t, tabA, move)
	waitFor(t, tabB, 10*time.Second, "Bo's turn", `document.getElementById('main').dataset.myTurn === 'true'`)
	do(t, tabA, 10*time.Second, "Ann asks", click(chromedp.CSS(`#tb-undo`)))
	waitFor(t, tabB, 10*time.Second, "Bo sees the request", `!!document.querySelector('#tb-request #tb-agree') && !!document.querySelector('#tb-request #tb-refuse') && document.querySelector('#tb-request .tb-note').textContent === 'Ann asks to take back the last move.'`)
	waitFor(t, tabA, 10*time.Second, "Ann sees she waits", `!!document.querySelector('#tb-request #tb-withdraw')`)
	shot(t, tabB, "takeback-request")
	do(t, tabB, 10*time.Second, "Bo refuses", click(chromedp.CSS(`#tb-refuse`)))
	for _, tab := range []context.Context{tabA, tabB} {
		waitFor(t, tab, 10*time.Second, "the refusal shown", `document.querySelector('#tb-note')?.dataset.status === 'refused' && document.querySelector('#tb-note').textContent === 'Bo said no: the moves stay.' && !document.querySelector('#tb-request')`)
	}
	do(t, tabA, 10*time.Second, "Ann asks again", click(chromedp.CSS(`#tb-undo`)))
	do(t, tabB, 10*time.Second, "Bo agrees", visible(`#tb-agree`), click(chromedp.CSS(`#tb-agree`)))
	for _, tab := range []context.Context{tabA, tabB} {
		waitFor(t, tab, 10*time.Second, "the take-back done", fmt.Sprintf(`document.querySelector('#tb-note')?.dataset.status === 'done' && document.getElementById('main').dataset.n === %q`, n))
	}
	waitFor(t, tabA, 10*time.Second, "Ann's turn again", `document.getElementById('main').dataset.myTurn === 'true'`)
}
