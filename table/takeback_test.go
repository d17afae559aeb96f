package table_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/games/tf22"
	"minehall/store"
	"minehall/table"
)

// seededTable stores an open table of gameID for Ann and Bo with the given
// seed, as a table the hall made would be, brings it up with Restore, and
// seats them, which starts it: a table whose game the test can follow on
// a state of its own.
func seededTable(t *testing.T, e *env, gameID string, seed uint64, tc *store.TimeControl) (*table.Table, [2]string) {
	t.Helper()
	ctx := context.Background()
	g, err := e.reg.Lookup(gameID)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := g.Spec().ResolveOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	owner := sha256.Sum256([]byte("owner"))
	rec := &store.Table{ID: "seeded" + gameID, Game: gameID, Players: 2, Options: opts, Seed: seed, OwnerHash: owner[:],
		Seats:     []store.Seat{{Kind: store.SeatPerson}, {Kind: store.SeatPerson}},
		AutoStart: true, Status: store.StatusOpen, Created: e.clock.Now(), TimeControl: tc, StandInBot: table.BotNames(g)[0]}
	if err := e.db.CreateTable(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	tb, err := e.hall.Table(ctx, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	var toks [2]string
	for i, name := range []string{"Ann", "Bo"} {
		if _, toks[i], err = tb.Join(ctx, name, -1); err != nil {
			t.Fatal(err)
		}
	}
	return tb, toks
}

// follower plays a table's game on a state of its own, started from the
// same seed, so that a test knows every legal move.
type follower struct {
	t   *testing.T
	tb  *table.Table
	s   game.State
	seq [2]int64
}

func follow(t *testing.T, e *env, tb *table.Table, gameID string, seed uint64) *follower {
	g, _ := e.reg.Lookup(gameID)
	s, _, err := game.Start(g, 2, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	return &follower{t: t, tb: tb, s: s}
}

// play plays move for the seat to act, at the table and here.
func (f *follower) play(move string) {
	f.t.Helper()
	p := f.s.Actors(nil)[0]
	a, err := f.s.ParseAction(p, move)
	if err != nil {
		f.t.Fatal(err)
	}
	if err := game.Play(f.s, p, a); err != nil {
		f.t.Fatalf("%s by seat %d: %v", move, p, err)
	}
	f.seq[p]++
	if _, err := f.tb.Act(context.Background(), p, move, f.seq[p]); err != nil {
		f.t.Fatalf("Act %s by seat %d: %v", move, p, err)
	}
}

// sync plays the table's stored log again on a new state, after the
// table went back.
func (f *follower) sync(e *env) {
	f.t.Helper()
	g, _ := e.reg.Lookup(f.tb.Game().Spec().ID)
	rec, err := e.db.Table(context.Background(), f.tb.ID())
	if err != nil {
		f.t.Fatal(err)
	}
	if f.s, _, err = game.Start(g, 2, nil, rec.Seed); err != nil {
		f.t.Fatal(err)
	}
	for _, act := range actionsOf(f.t, e, f.tb.ID()) {
		a, err := f.s.ParseAction(act.Player, act.Move)
		if err == nil {
			err = game.Play(f.s, act.Player, a)
		}
		if err != nil {
			f.t.Fatal(err)
		}
	}
}

// legal returns the legal moves of the seat to act.
func (f *follower) legal() (game.Player, []string) {
	p := f.s.Actors(nil)[0]
	var out []string
	for _, a := range f.s.Legal(p, nil) {
		out = append(out, f.s.ActionString(p, a))
	}
	return p, out
}

// toTurns plays TF22 to the first turn of 4 ore: the start player keeps
// the planet and the colors are chosen.
func (f *follower) toTurns() {
	f.t.Helper()
	for range 10 {
		_, legal := f.legal()
		if strings.HasPrefix(legal[0], "A ") {
			return
		}
		f.play(legal[0])
	}
	f.t.Fatalf("no turn of 4 ore after 10 set-up moves")
}

func viewOf(t *testing.T, tb *table.Table, seat game.Player) (int64, map[string]any) {
	t.Helper()
	u := stateFor(t, tb, seat)
	var v map[string]any
	if err := json.Unmarshal(u.View, &v); err != nil {
		t.Fatal(err)
	}
	return u.N, v
}

func actionsOf(t *testing.T, e *env, id string) []store.Action {
	t.Helper()
	acts, err := e.db.Actions(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return acts
}

func refusedFor(t *testing.T, err error, reason string) {
	t.Helper()
	if table.ReasonOf(err) != reason {
		t.Fatalf("got %v (reason %q); want a refusal for %q", err, table.ReasonOf(err), reason)
	}
}

// TF22 Mine, RULINGS.md: "the player must spend exactly 4 ore on actions
// A–K (costs as printed)", one click at a time. A misclick within the
// turn is taken back at once: the table stands as before it, ore and all,
// the log is one action shorter (after a restart too), the seat's clock
// has not given the time back, and the seat's sequence number does not go
// back.
func TestTakeBackWithinATurn(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(tf22.New())
	ctx := context.Background()
	tb, _ := seededTable(t, e, "tf22", 6, &store.TimeControl{MoveS: 60, BankS: 300})
	f := follow(t, e, tb, "tf22", 6)
	f.toTurns()
	p, legal := f.legal()
	e.clock.Advance(20 * time.Second)
	n0, before := viewOf(t, tb, p)
	clock0 := tb.Info().Seats[p].Clock
	if before["ore"] != 4.0 {
		t.Fatalf("ore at the start of the turn: %v; want 4", before["ore"])
	}
	sub, err := tb.Subscribe(1-p, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	nextUpdate(t, sub, table.UpdateState)
	// The misclick: turn a card for 1 ore.
	if _, err := tb.Act(ctx, p, legal[0], f.seq[p]+1); err != nil {
		t.Fatalf("Act %s: %v", legal[0], err)
	}
	if _, after := viewOf(t, tb, p); after["ore"] != 3.0 {
		t.Fatalf("ore after %s: %v; want 3", legal[0], after["ore"])
	}
	e.clock.Advance(10 * time.Second)
	info, err := tb.TakeBack(ctx, p, "", table.TakeBackRequest{})
	if err != nil {
		t.Fatalf("TakeBack: %v", err)
	}
	if info.Status != table.TakeBackDone || info.To != n0 || info.From != n0+1 || info.Seat != p {
		t.Errorf("TakeBack: %+v; want done, from %d to %d", info, n0+1, n0)
	}
	// The other seat hears of it, then gets the whole state.
	if u := nextUpdate(t, sub, table.UpdateTakeBack); u.TakeBack == nil || u.TakeBack.Status != table.TakeBackDone {
		t.Errorf("Bo's take-back update: %+v", u)
	}
	if u := nextUpdate(t, sub, table.UpdateState); u.N != n0 {
		t.Errorf("Bo's state after the take-back: n=%d; want %d", u.N, n0)
	}
	n1, after := viewOf(t, tb, p)
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if n1 != n0 || string(b1) != string(b2) {
		t.Errorf("after the take-back: n=%d, view %s; want n=%d and the view before: %s", n1, b2, n0, b1)
	}
	if got := len(actionsOf(t, e, tb.ID())); int64(got) != n0 {
		t.Errorf("stored log after the take-back: %d actions; want %d", got, n0)
	}
	if c := tb.Info().Seats[p].Clock; c == nil || !c.Running || c.Deadline != clock0.Deadline {
		t.Errorf("clock after the take-back: %+v; want still running with the deadline %d (time spent stays spent)", c, clock0.Deadline)
	}
	if _, err := tb.Act(ctx, p, legal[0], f.seq[p]+1); code(err) != game.CodeConflict {
		t.Errorf("the taken-back action's seq again: got %v; want conflict (received already)", err)
	}
	// A restart replays the shortened log to the same state.
	id := tb.ID()
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	if tb, err = e.hall.Table(ctx, id); err != nil {
		t.Fatal(err)
	}
	n2, again := viewOf(t, tb, p)
	b3, _ := json.Marshal(again)
	if n2 != n0 || string(b3) != string(b1) {
		t.Errorf("after a restart: n=%d, view %s; want n=%d and the view before", n2, b3, n0)
	}
	if _, err := tb.Act(ctx, p, legal[0], f.seq[p]+1); code(err) != game.CodeConflict {
		t.Errorf("the taken-back action's seq after a restart: got %v; want conflict", err)
	}
	if _, err := tb.Act(ctx, p, legal[1], f.seq[p]+2); err != nil {
		t.Errorf("the next action with the next seq: %v", err)
	}
}

// TF22 Mine, RULINGS.md: "Combat: each side plays a symbol card", in the
// standard variant drawn from a pile whose order nobody knows ("draw
// through the pile"). An attack reveals both cards, a draw of chance: it
// cannot be taken back, and the refusal says why; the earlier actions of
// the turn cannot be taken back across it either.
func TestTakeBackRefusedAfterACombatCard(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(tf22.New())
	ctx := context.Background()
	const seed = 6
	tb, _ := seededTable(t, e, "tf22", seed, nil)
	f := follow(t, e, tb, "tf22", seed)
	rng := game.NewRand(seed)
	var attack string
	for steps := 0; attack == "" && steps < 400; steps++ {
		_, legal := f.legal()
		for _, m := range legal {
			if strings.HasPrefix(m, "G ") {
				attack = m
			}
		}
		if attack == "" {
			f.play(legal[rng.IntN(len(legal))])
		}
	}
	if attack == "" {
		t.Fatalf("no combat within 400 moves of seed %d", seed)
	}
	p := f.s.Actors(nil)[0]
	n0 := int64(len(actionsOf(t, e, tb.ID())))
	f.play(attack)
	n1 := int64(len(actionsOf(t, e, tb.ID()))) // the attack and chance's draws of the two cards
	_, err := tb.TakeBack(ctx, p, "", table.TakeBackRequest{})
	refusedFor(t, err, table.ReasonRevealed)
	if code(err) != game.CodeIllegal || !strings.Contains(err.Error(), "revealed") {
		t.Errorf("take-back of %s: %v; want illegal, saying what was revealed", attack, err)
	}
	to := n0 - 1
	_, err = tb.TakeBack(ctx, p, "", table.TakeBackRequest{To: &to})
	refusedFor(t, err, table.ReasonRevealed)
	if n1 < n0+1 {
		t.Fatalf("log after the attack: %d actions; want more than %d", n1, n0)
	}
	if got := int64(len(actionsOf(t, e, tb.ID()))); got != n1 {
		t.Errorf("log after refused take-backs: %d actions; want %d, as after the attack", got, n1)
	}
}

// Across turns, a take-back is asked of the others at an untimed table:
// agreed, it is done; refused, nothing changes and the one who asked is
// told who said no; withdrawn or overtaken by a move, it lapses.
func TestTakeBackAcrossTurns(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb := twoPeoplePlaying(t, e, "connectfour", nil)
	ann, err := tb.Subscribe(0, false)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	nextUpdate(t, ann, table.UpdateState)
	for i, m := range []string{"d", "c"} {
		if _, err := tb.Act(ctx, game.Player(i), m, 1); err != nil {
			t.Fatal(err)
		}
	}
	// Ann's own last action was followed by Bo's: Bo is asked.
	info, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{})
	if err != nil || info.Status != table.TakeBackAsked || info.To != 0 || len(info.Waiting) != 1 || info.Waiting[0] != 1 {
		t.Fatalf("Ann asks: %+v, %v; want asked of Bo, back to 0", info, err)
	}
	if u := nextUpdate(t, ann, table.UpdateTakeBack); u.TakeBack.Status != table.TakeBackAsked {
		t.Errorf("Ann's update: %+v", u.TakeBack)
	}
	if st := stateFor(t, tb, 1); st.TakeBack == nil || st.TakeBack.Status != table.TakeBackAsked {
		t.Errorf("Bo's state while asked: take-back %+v; want the question", st.TakeBack)
	}
	_, err = tb.TakeBack(ctx, 1, "", table.TakeBackRequest{})
	refusedFor(t, err, table.ReasonPending)
	if _, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{Answer: table.AnswerAgree}); code(err) != game.CodeInvalid {
		t.Errorf("Ann agrees to her own: got %v; want invalid", err)
	}
	// Bo says no.
	info, err = tb.TakeBack(ctx, 1, "", table.TakeBackRequest{Answer: table.AnswerRefuse})
	if err != nil || info.Status != table.TakeBackRefused || info.By == nil || *info.By != 1 {
		t.Fatalf("Bo refuses: %+v, %v", info, err)
	}
	if u := nextUpdate(t, ann, table.UpdateTakeBack); u.TakeBack.Status != table.TakeBackRefused || *u.TakeBack.By != 1 {
		t.Errorf("Ann hears: %+v; want refused by Bo", u.TakeBack)
	}
	if got := len(actionsOf(t, e, tb.ID())); got != 2 {
		t.Errorf("log after a refusal: %d actions; want 2", got)
	}
	if _, err := tb.TakeBack(ctx, 1, "", table.TakeBackRequest{Answer: table.AnswerAgree}); code(err) != game.CodeConflict {
		t.Errorf("an answer with nothing asked: got %v; want conflict", err)
	}
	// Asked again and withdrawn.
	if _, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{}); err != nil {
		t.Fatal(err)
	}
	if info, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{Answer: table.AnswerRefuse}); err != nil || info.Status != table.TakeBackWithdrawn {
		t.Errorf("Ann withdraws: %+v, %v", info, err)
	}
	// Asked again and overtaken by Ann's own move.
	if _, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Act(ctx, 0, "d", 2); err != nil {
		t.Fatal(err)
	}
	for u := nextUpdate(t, ann, table.UpdateTakeBack); u.TakeBack.Status != table.TakeBackLapsed; u = nextUpdate(t, ann, table.UpdateTakeBack) {
	}
	if _, err := tb.TakeBack(ctx, 1, "", table.TakeBackRequest{Answer: table.AnswerAgree}); code(err) != game.CodeConflict {
		t.Errorf("agreeing to a lapsed take-back: got %v; want conflict", err)
	}
	// Asked again (Bo's "c" and Ann's "d" back to 1) and agreed.
	to := int64(1)
	if info, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{To: &to}); err != nil || info.Status != table.TakeBackAsked {
		t.Fatalf("Ann asks back to 1: %+v, %v", info, err)
	}
	info, err = tb.TakeBack(ctx, 1, "", table.TakeBackRequest{Answer: table.AnswerAgree})
	if err != nil || info.Status != table.TakeBackDone || info.To != 1 || info.From != 3 {
		t.Fatalf("Bo agrees: %+v, %v; want done from 3 to 1", info, err)
	}
	if st := nextUpdate(t, ann, table.UpdateState); st.N != 1 || len(st.Actors) != 1 || st.Actors[0] != 1 {
		t.Errorf("Ann's state after the take-back: n=%d, actors %v; want n=1, Bo to move", st.N, st.Actors)
	}
	acts := actionsOf(t, e, tb.ID())
	if len(acts) != 1 || acts[0].Move != "d" {
		t.Errorf("log after the take-back: %+v; want Ann's first d only", acts)
	}
	// The game goes on from there, and its record replays.
	for i, m := range []string{"e", "d", "e", "d", "e", "d"} {
		p := game.Player((i + 1) % 2)
		seq := []int64{2, 1}[p] + int64(i/2) + 1
		if _, err := tb.Act(ctx, p, m, seq); err != nil {
			t.Fatalf("Act %s by %d with seq %d: %v", m, p, seq, err)
		}
	}
	rec, err := e.hall.Record(ctx, tb.ID())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Verify(e.reg, rec); err != nil {
		t.Errorf("record after a take-back: %v", err)
	}
}

// Bots agree at once: a person alone with bots takes back across turns
// without asking.
func TestBotsAgreeToTakeBacks(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson}, {Kind: store.SeatBot, Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	tb.Join(ctx, "Ann", -1)
	if _, err := tb.Act(ctx, 0, "d", 1); err != nil {
		t.Fatal(err)
	}
	stepUntil(t, e, 100*time.Millisecond, 10*time.Second, func() bool { return len(actionsOf(t, e, tb.ID())) == 2 })
	info, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{})
	if err != nil || info.Status != table.TakeBackDone || info.To != 0 {
		t.Fatalf("Ann takes back against a bot: %+v, %v; want done at once", info, err)
	}
	if got := len(actionsOf(t, e, tb.ID())); got != 0 {
		t.Errorf("log: %d actions; want none", got)
	}
}

// Refusals say why: nothing to take back; the turn has passed at a timed
// table; a random event was revealed (a chance deal); a hidden move; the
// game is over.
func TestTakeBackRefusals(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	t.Run("ErrNothing", func(t *testing.T) {
		tb := twoPeoplePlaying(t, e, "connectfour", nil)
		_, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{})
		refusedFor(t, err, table.ReasonNothing)
		to := int64(0)
		_, err = tb.TakeBack(ctx, 1, "", table.TakeBackRequest{To: &to})
		refusedFor(t, err, table.ReasonNothing)
	})
	t.Run("ErrTurnPassedAtATimedTable", func(t *testing.T) {
		tb, _ := timedTable(t, e, 30, 60)
		if _, err := tb.Act(ctx, 0, "d", 1); err != nil {
			t.Fatal(err)
		}
		_, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{})
		refusedFor(t, err, table.ReasonTurnPassed)
		if !strings.Contains(err.Error(), "turn has passed") {
			t.Errorf("message %q; want it to say the turn has passed", err)
		}
	})
	t.Run("ErrChance", func(t *testing.T) {
		// High Card: chance deals a card to each, then Ann bets.
		tb := twoPeoplePlaying(t, e, "highcard", nil)
		if _, err := tb.Act(ctx, 0, "bet", 1); err != nil {
			t.Fatal(err)
		}
		to := int64(1)
		_, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{To: &to})
		refusedFor(t, err, table.ReasonRevealed)
		if !strings.Contains(err.Error(), "random event") {
			t.Errorf("message %q; want it to name the random event", err)
		}
	})
	t.Run("ErrHidden", func(t *testing.T) {
		// Goofspiel: a bid is secret.
		tb := twoPeoplePlaying(t, e, "goofspiel", game.Options{"cards": "3"})
		if _, err := tb.Act(ctx, 0, "bid 2", 1); err != nil {
			t.Fatal(err)
		}
		_, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{})
		refusedFor(t, err, table.ReasonHidden)
	})
	t.Run("ErrGameOver", func(t *testing.T) {
		tb := twoPeoplePlaying(t, e, "connectfour", nil)
		for i, m := range []string{"a", "b", "a", "b", "a", "b", "a"} {
			if _, err := tb.Act(ctx, game.Player(i%2), m, int64(i/2+1)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{}); code(err) != game.CodeGameOver {
			t.Errorf("take-back after the end: got %v; want game_over", err)
		}
	})
	t.Run("ErrBadRequest", func(t *testing.T) {
		tb := twoPeoplePlaying(t, e, "connectfour", nil)
		to := int64(-2)
		for _, req := range []table.TakeBackRequest{{To: &to}, {Answer: "maybe"}, {Answer: "agree", To: new(int64)}} {
			if _, err := tb.TakeBack(ctx, 0, "", req); code(err) != game.CodeInvalid {
				t.Errorf("TakeBack(%+v): got %v; want invalid", req, err)
			}
		}
	})
}

// Seat events that happened among the actions taken back still hold: Bo
// left during Ann's turn, and after Ann takes her action back a stand-in
// still plays for Bo; the event is stored at the take-back's point, so
// that a restart and the record agree.
func TestTakeBackKeepsSeatEvents(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(tf22.New())
	ctx := context.Background()
	tb, toks := seededTable(t, e, "tf22", 6, nil)
	f := follow(t, e, tb, "tf22", 6)
	f.toTurns()
	p, legal := f.legal()
	n0 := int64(len(actionsOf(t, e, tb.ID())))
	f.play(legal[0])
	if err := tb.Leave(ctx, 1-p, toks[1-p]); err != nil {
		t.Fatalf("the other seat leaves: %v", err)
	}
	info, err := tb.TakeBack(ctx, p, "", table.TakeBackRequest{})
	if err != nil || info.Status != table.TakeBackDone {
		t.Fatalf("TakeBack: %+v, %v", info, err)
	}
	check := func(when string, tb *table.Table) {
		t.Helper()
		if s := tb.Info().Seats[1-p]; !s.StandIn || s.Absent != table.AbsentLeft {
			t.Errorf("%s: seat %d is %+v; want stood in for, left", when, 1-p, s)
		}
		rec, _ := e.db.Table(ctx, tb.ID())
		if len(rec.SeatEvents) != 1 || rec.SeatEvents[0].N != n0 {
			t.Errorf("%s: stored seat events %+v; want the stand-in at n=%d", when, rec.SeatEvents, n0)
		}
	}
	check("after the take-back", tb)
	id := tb.ID()
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	if tb, err = e.hall.Table(ctx, id); err != nil {
		t.Fatal(err)
	}
	check("after a restart", tb)
	// Ann ends her turn; the stand-in plays Bo's, marked as such.
	f.tb = tb
	f.sync(e)
	for range 4 {
		_, legal := f.legal()
		f.play(legal[0])
	}
	stepUntil(t, e, 100*time.Millisecond, 10*time.Second, func() bool { return len(actionsOf(t, e, id)) > int(n0)+4 })
	rec, _ := e.db.Table(ctx, id)
	acts := actionsOf(t, e, id)
	last := acts[n0+4]
	if last.Player != 1-p || !rec.StoodInAt(last.Player, last.N) {
		t.Errorf("action %d: %+v; want the stand-in's, for seat %d", last.N, last, 1-p)
	}
}

// A take-back waiting for answers is an event of the table like any
// other: after a restart it still waits, with the agreements given, and
// an answer then does it.
func TestTakeBackRequestSurvivesRestart(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatal(err)
	}
	tb.Join(ctx, "Ann", -1)
	tb.Join(ctx, "Bo", -1)
	for i, m := range []string{"d", "c"} {
		if _, err := tb.Act(ctx, game.Player(i), m, 1); err != nil {
			t.Fatal(err)
		}
	}
	if info, err := tb.TakeBack(ctx, 0, "", table.TakeBackRequest{}); err != nil || info.Status != table.TakeBackAsked {
		t.Fatalf("Ann asks: %+v, %v", info, err)
	}
	id := tb.ID()
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	if tb, err = e.hall.Table(ctx, id); err != nil {
		t.Fatal(err)
	}
	if st := stateFor(t, tb, 1); st.TakeBack == nil || st.TakeBack.Status != table.TakeBackAsked || st.TakeBack.Seat != 0 {
		t.Fatalf("Bo's state after a restart: take-back %+v; want Ann's question", st.TakeBack)
	}
	if info, err := tb.TakeBack(ctx, 1, "", table.TakeBackRequest{Answer: table.AnswerAgree}); err != nil || info.Status != table.TakeBackDone {
		t.Fatalf("Bo agrees after the restart: %+v, %v; want done", info, err)
	}
	if got := len(actionsOf(t, e, id)); got != 0 {
		t.Errorf("log: %d actions; want none", got)
	}
}
