package account

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// Names follow the rules of table names: "Names: NFC, same rules as table
// names (table's checkName), unique case-insensitively."
func TestCheckName(t *testing.T) {
	for _, tc := range []struct{ in, shown, key string }{
		{"  Ann ", "Ann", "ann"},
		{"ANN", "ANN", "ann"},
		{"Cafe\u0301", "Café", "café"},          // NFC
		{"STRA\u00dfE", "STRAßE", "straße"},     // lower case (PRECIS UsernameCaseMapped)
		{"Ｖｉｃｔｉｍ", "Victim", "victim"},          // widths mapped
		{"Ann Smith", "Ann Smith", "ann smith"}, // words checked one by one
		{"Bo\u200bb", "Bob", "bob"},             // a format character dropped
	} {
		shown, key, err := CheckName(tc.in)
		if err != nil || shown != tc.shown || key != tc.key {
			t.Errorf("CheckName(%q) = %q, %q, %v; want %q, %q", tc.in, shown, key, err, tc.shown, tc.key)
		}
	}
	for _, bad := range []string{"", "   ", strings.Repeat("x", 33), "a\x07b", "bot:easy", "\xff",
		"bot：easy", "𝐕𝐢𝐜𝐭𝐢𝐦", "Ann  Smith", "😀", "x\u2163"} {
		if _, _, err := CheckName(bad); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("CheckName(%q): error %v; want an invalid-input error", bad, err)
		}
	}
	// An empty name is refused as empty, at a sign-up as at a seat.
	if _, _, err := CheckName("  "); err == nil || err.Error() != "the name is empty" {
		t.Errorf("CheckName of spaces: %v; want \"the name is empty\"", err)
	}
}

// "Passwords hashed with argon2id, at least 10 characters."
func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatalf("HashPassword: %v", err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q is not an argon2id PHC string with the parameters", h)
	}
	if ok, err := VerifyPassword("correct horse", h); !ok || err != nil {
		t.Errorf("VerifyPassword(right) = %v, %v; want true", ok, err)
	}
	if ok, err := VerifyPassword("correct horsE", h); ok || err != nil {
		t.Errorf("VerifyPassword(wrong) = %v, %v; want false", ok, err)
	}
	h2, _ := HashPassword("correct horse")
	if h2 == h {
		t.Errorf("two hashes of one password are equal: the salt is not random")
	}
	if _, err := VerifyPassword("x", "$bcrypt$..."); err == nil {
		t.Errorf("VerifyPassword of a malformed hash: no error")
	}
	for _, pw := range []string{"", "123456789", "ééééééééé", strings.Repeat("a", MaxPassword+1), "            ", " \t\n \u00a0\u3000      "} {
		if _, err := HashPassword(pw); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("HashPassword(%d bytes): %v; want an invalid-input error", len(pw), err)
		}
	}
	if _, err := HashPassword("éééééééééé"); err != nil {
		t.Errorf("HashPassword of 10 characters in 20 bytes: %v", err)
	}
}

// A Hasher hashes at its cost, the default for the zero Cost, and at
// least what argon2id allows; every hash verifies, whatever its cost. An
// unknown name costs as much as a wrong password ("the same answer and
// the same timing for an unknown name: hash a dummy"): the dummy a Hasher
// verifies against is a well-formed hash of the Hasher's own cost (a
// malformed one would be refused before any hashing) that no password
// matches.
func TestHasherCost(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		cost   Cost
		params string
	}{
		{Cost{}, "m=19456,t=2,p=1"},
		{Cost{MemoryKiB: 64, Time: 1}, "m=64,t=1,p=1"},
		{Cost{MemoryKiB: 1}, "m=8,t=1,p=1"},
	} {
		h := NewHasher(1, time.Second, c.cost)
		hash, err := h.Hash(ctx, "correct horse")
		if err != nil {
			t.Fatalf("Hash at %+v: %v", c.cost, err)
		}
		for what, hash := range map[string]string{"a hash": hash, "the dummy hash": h.dummy} {
			if !strings.HasPrefix(hash, "$argon2id$v=19$"+c.params+"$") {
				t.Errorf("%s at %+v is %q; want the parameters %s", what, c.cost, hash, c.params)
			}
		}
		if ok, err := h.Verify(ctx, "correct horse", hash); !ok || err != nil {
			t.Errorf("Verify of a hash at %+v: %v, %v; want true", c.cost, ok, err)
		}
		if ok, err := VerifyPassword("correct horse", h.dummy); ok || err != nil {
			t.Errorf("verifying against the dummy hash at %+v: %v, %v; want false and no error", c.cost, ok, err)
		}
		if err := h.VerifyDummy(ctx, "correct horse"); err != nil {
			t.Errorf("VerifyDummy at %+v: %v", c.cost, err)
		}
	}
}

func TestTokens(t *testing.T) {
	a, ha := NewToken()
	b, _ := NewToken()
	if a == b || len(a) != 43 || !slices.Equal(ha, HashToken(a)) {
		t.Errorf("NewToken: %q, %q; want distinct 43-character tokens whose hash HashToken gives", a, b)
	}
	c := CSRFToken(a)
	if !CSRFMatches(a, c) || CSRFMatches(b, c) || CSRFMatches(a, "") || c == CSRFToken(b) {
		t.Errorf("CSRF tokens do not tell sessions apart")
	}
	if id1, id2 := NewID(), NewID(); id1 == id2 || len(id1) != 32 {
		t.Errorf("NewID is not 32 random hex digits")
	}
}

func finished(seats []store.Seat, returns []float64) *store.Table {
	return &store.Table{ID: "t1", Game: "race", Players: len(seats), Seats: seats, Status: store.StatusFinished,
		Finished: time.UnixMilli(1_700_000_000_000), Rated: true, Result: &game.Result{Returns: returns}}
}

// raceSpec is the spec of the test game: 2 own actions for a rated result,
// and 4 laps in the rulebook.
var raceSpec = game.Spec{ID: "race", Title: "Race", MinPlayers: 2, MaxPlayers: 4, RatedMoves: 2, Options: []game.OptionSpec{
	{Key: "laps", Title: "Laps", Kind: game.OptionInt, Default: "4", Min: 1, Max: 9, Rated: []string{"4"}},
}}

// turns returns n rounds of actions by seats 0 to seats-1 in turn,
// numbered from 1, with a chance action (player -1) first.
func turns(seats, n int) []store.Action {
	out := []store.Action{{N: 1, Player: game.Chance}}
	for i := range n * seats {
		out = append(out, store.Action{N: int64(i + 2), Player: game.Player(i % seats)})
	}
	return out
}

// "Ratings per game with Weng-Lin Plackett-Luce (rating/): 2–5 players and
// ties; the game's rank order is the input." Each bot level is a rated
// identity ("bot:easy").
func TestResultOfRanks(t *testing.T) {
	tb := finished([]store.Seat{
		{Kind: store.SeatPerson, Account: "a1"}, {Kind: store.SeatBot, Bot: "easy"},
		{Kind: store.SeatPerson, Account: "a2"}, {Kind: store.SeatBot, Bot: "hard"},
	}, []float64{0.5, 0, 0.5, 0})
	g, ok := ResultOf(tb, turns(4, 3), raceSpec)
	if !ok || !g.Rated || g.Reason != "" || g.PairLimit.Games != PairGames || !g.PairLimit.Since.Equal(tb.Finished.Add(-PairWindow)) {
		t.Fatalf("ResultOf = %+v, %v; want a rated result with the pair limit", g, ok)
	}
	want := []store.SeatResult{
		{Player: "a1", Rank: 1, Won: true, OwnActions: 3}, {Player: "bot:easy", Rank: 3},
		{Player: "a2", Rank: 1, Won: true, OwnActions: 3}, {Player: "bot:hard", Rank: 3},
	}
	if !slices.Equal(g.Seats, want) {
		t.Errorf("seats = %+v; want %+v", g.Seats, want)
	}
}

// "Only games really played are rated": a person who never moved, or moved
// less than the game asks, aborts the table for rating; a stand-in that
// played more than 20% of a seat's actions or any of its last 3 makes its
// person lose, whatever it did; a person who reclaimed the seat and played
// on is rated on the board. Ann (seat 1) wins on the board every time;
// each plays 10 actions, the even numbers 2 to 20 Ann's, the odd 3 to 21
// Bo's. A seat event numbered N comes after action N.
func TestResultOfRules(t *testing.T) {
	standIn := func(seat game.Player, reason string, n int64) game.SeatEvent {
		return game.SeatEvent{Seat: seat, Event: game.SeatStandIn, Reason: reason, N: n}
	}
	back := func(seat game.Player, n int64) game.SeatEvent {
		return game.SeatEvent{Seat: seat, Event: game.SeatReturned, N: n}
	}
	// The stand-in plays each of Ann's turns; she reclaims the seat in
	// Bo's turns.
	var farm []game.SeatEvent
	for n := int64(1); n < 21; n += 2 {
		farm = append(farm, standIn(0, "timeout", n), back(0, n+1))
	}
	for _, tc := range []struct {
		name    string
		events  []game.SeatEvent
		acts    []store.Action
		rated   bool // the table was made rated
		options game.Options
		guest   bool
		reason  string
		ranks   [2]int
		own     [2]int
	}{
		{name: "both played", rated: true, ranks: [2]int{1, 2}, own: [2]int{10, 10}},
		{name: "the stand-in farm: Ann never moved, reclaimed in Bo's turns", rated: true,
			events: farm,
			reason: store.ReasonAborted, ranks: [2]int{2, 1}, own: [2]int{0, 10}},
		{name: "the second-account farm: Bo sat down and left at once", rated: true,
			events: []game.SeatEvent{standIn(1, "left", 0)}, reason: store.ReasonAborted, ranks: [2]int{1, 2}, own: [2]int{10, 0}},
		{name: "Bo went offline for good after one move", rated: true,
			events: []game.SeatEvent{standIn(1, "offline", 3)}, reason: store.ReasonAborted, ranks: [2]int{1, 2}, own: [2]int{10, 1}},
		{name: "stand-in played 3 of Ann's 10 (30%)", rated: true,
			events: []game.SeatEvent{standIn(0, "timeout", 4), back(0, 10)}, ranks: [2]int{2, 1}, own: [2]int{7, 10}},
		{name: "stand-in played 2 of Ann's 10 (20%), Ann played on", rated: true,
			events: []game.SeatEvent{standIn(0, "timeout", 4), back(0, 8)}, ranks: [2]int{1, 2}, own: [2]int{8, 10}},
		{name: "stand-in played one of Ann's last 3", rated: true,
			events: []game.SeatEvent{standIn(0, "offline", 16), back(0, 18)}, ranks: [2]int{2, 1}, own: [2]int{9, 10}},
		{name: "Ann left after her last move", rated: true,
			events: []game.SeatEvent{standIn(0, "left", 20)}, ranks: [2]int{2, 1}, own: [2]int{10, 10}},
		{name: "Ann timed out after her last move and played nothing more", rated: true,
			events: []game.SeatEvent{standIn(0, "timeout", 20)}, ranks: [2]int{1, 2}, own: [2]int{10, 10}},
		{name: "one own move each, below the game's 2", rated: true, acts: turns(2, 1),
			reason: store.ReasonAborted, ranks: [2]int{1, 2}, own: [2]int{1, 1}},
		{name: "options not the rulebook's", rated: true, options: game.Options{"laps": "1"},
			reason: store.ReasonOptions, ranks: [2]int{1, 2}, own: [2]int{10, 10}},
		{name: "a casual table", reason: store.ReasonCasual, ranks: [2]int{1, 2}, own: [2]int{10, 10}},
		{name: "a guest at a rated table", rated: true, guest: true, reason: store.ReasonGuest, ranks: [2]int{1, 2}, own: [2]int{10, 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := finished([]store.Seat{{Kind: store.SeatPerson, Account: "a1"}, {Kind: store.SeatPerson, Account: "a2"}}, []float64{1, 0})
			tb.Rated, tb.SeatEvents, tb.Options = tc.rated, tc.events, tc.options
			if tc.guest {
				tb.Seats[1].Account = ""
			}
			acts := tc.acts
			if acts == nil {
				acts = turns(2, 10)
			}
			g, ok := ResultOf(tb, acts, raceSpec)
			if !ok {
				t.Fatalf("ResultOf recorded nothing")
			}
			if g.Rated != (tc.reason == "") || g.Reason != tc.reason {
				t.Errorf("rated %v, reason %q; want reason %q", g.Rated, g.Reason, tc.reason)
			}
			for i, s := range g.Seats {
				if s.Rank != tc.ranks[i] || s.OwnActions != tc.own[i] || s.OwnActions+s.StandInActions != len(acts)/2 {
					t.Errorf("seat %d: rank %d, %d own actions of %d; want rank %d, %d own of %d", i+1, s.Rank, s.OwnActions, s.OwnActions+s.StandInActions, tc.ranks[i], tc.own[i], len(acts)/2)
				}
			}
		})
	}
}

// "A game a player left to a stand-in counts as a loss for them (ranked
// last)", below every seat that stayed, the bot's too.
func TestResultOfStandInRanksLast(t *testing.T) {
	tb := finished([]store.Seat{
		{Kind: store.SeatPerson, Account: "a1"}, {Kind: store.SeatBot, Bot: "easy"}, {Kind: store.SeatPerson, Account: "a2"},
	}, []float64{1, 0, 0})
	// a1's stand-in won the game for a1, who had left after 3 moves of 5.
	tb.SeatEvents = []game.SeatEvent{{Seat: 0, Event: game.SeatStandIn, Reason: "left", N: 9}}
	g, _ := ResultOf(tb, turns(3, 5), raceSpec)
	want := []store.SeatResult{{Player: "a1", Rank: 2, Left: true, OwnActions: 3, StandInActions: 2}, {Player: "bot:easy", Rank: 1}, {Player: "a2", Rank: 1, OwnActions: 5}}
	if !g.Rated || !slices.Equal(g.Seats, want) {
		t.Errorf("rated %v, seats = %+v; want rated, %+v", g.Rated, g.Seats, want)
	}
}

// A table without a result, or without accounts, records nothing.
func TestResultOfNothing(t *testing.T) {
	tb := finished([]store.Seat{{Kind: store.SeatPerson}, {Kind: store.SeatPerson}}, []float64{0, 1})
	if _, ok := ResultOf(tb, turns(2, 3), raceSpec); ok {
		t.Errorf("ResultOf of guests only: recorded; want nothing")
	}
	tb.Seats[0].Account = "a1"
	tb.Result = nil
	if _, ok := ResultOf(tb, turns(2, 3), raceSpec); ok {
		t.Errorf("ResultOf without a result: recorded; want nothing")
	}
}

// rateCheck is a store that only checks what RecordGame receives.
type rateCheck struct {
	store.Accounts
	got   store.GameResult
	after []rating.Rating
}

func (r *rateCheck) RecordGame(_ context.Context, g store.GameResult, rate store.RateFunc) (bool, error) {
	r.got = g
	d := rating.Default()
	var err error
	r.after, err = rate([]rating.Rating{d, d, d})
	return true, err
}

// actionLog gives every table the same actions.
type actionLog []store.Action

func (l actionLog) Actions(context.Context, string) ([]store.Action, error) { return l, nil }

// registry holds the test game race.
func registry() *game.Registry {
	reg := &game.Registry{}
	reg.Register(raceGame{})
	return reg
}

type raceGame struct{ game.Game }

func (raceGame) Spec() game.Spec { return raceSpec }

// The recorder rates with the Weng-Lin Plackett-Luce model, the ranks as
// input.
func TestRecorderRates(t *testing.T) {
	rc := &rateCheck{}
	r := NewRecorder(rc, actionLog(turns(3, 2)), registry(), nil)
	tb := finished([]store.Seat{
		{Kind: store.SeatPerson, Account: "a1"}, {Kind: store.SeatBot, Bot: "easy"}, {Kind: store.SeatPerson, Account: "a2"},
	}, []float64{0, 0, 1})
	if ok, err := r.Record(context.Background(), tb); !ok || err != nil {
		t.Fatalf("Record = %v, %v", ok, err)
	}
	d := rating.Default()
	want, _ := rating.DefaultModel().Rate([]rating.Rating{d, d, d}, []int{2, 2, 1})
	if !slices.Equal(rc.after, want) {
		t.Errorf("ratings after = %v; want %v", rc.after, want)
	}
}

type tableList []*store.Table

func (l tableList) Tables(context.Context, store.Filter) ([]*store.Table, error) { return l, nil }

// CatchUp records the finished tables a crash kept from being recorded:
// each with something to record goes to RecordGame.
func TestCatchUp(t *testing.T) {
	rc := &rateCheck{}
	r := NewRecorder(rc, actionLog(turns(3, 2)), registry(), nil)
	rated := finished([]store.Seat{{Kind: store.SeatPerson, Account: "a1"}, {Kind: store.SeatBot, Bot: "easy"}, {Kind: store.SeatPerson, Account: "a2"}}, []float64{1, 0, 0})
	guests := finished([]store.Seat{{Kind: store.SeatPerson}, {Kind: store.SeatPerson}}, []float64{1, 0})
	n, err := r.CatchUp(context.Background(), tableList{guests, rated}, 10)
	if err != nil || n != 1 || rc.got.Table != rated.ID {
		t.Errorf("CatchUp = %d, %v (recorded %q); want 1, the rated table", n, err, rc.got.Table)
	}
}

// "Refuse a name whose confusable skeleton (Unicode UTS #39) equals a
// reserved one (bot names, guest, admin, minehall)": each look-alike of a
// reserved name is refused, and a name that merely holds one is not.
func TestReservedNames(t *testing.T) {
	r := NewReserved([]string{"easy", "hard"})
	for _, name := range []string{"Guest", "GUEST", "guеst", "Admin", "MineHall", "bot", "Easy", "HARD", "Deleted Player", "Ｇｕｅｓｔ"} {
		shown, key, err := CheckName(name)
		if err != nil {
			t.Fatalf("CheckName(%q): %v", name, err)
		}
		if err := r.Check(shown, key); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("Reserved.Check(%q): got %v; want it refused as reserved", name, err)
		}
	}
	for _, name := range []string{"Guesty", "Robot", "Easygoing", "Ann"} {
		shown, key, _ := CheckName(name)
		if err := r.Check(shown, key); err != nil {
			t.Errorf("Reserved.Check(%q): got %v; want it allowed", name, err)
		}
	}
}

// "Vіctim" with a Cyrillic і has the skeleton of "Victim"; the fullwidth
// and the Latin forms share a key.
func TestSkeletonOfLookAlikes(t *testing.T) {
	_, victim, _ := CheckName("Victim")
	for _, name := range []string{"Vіctim", "VICTIM", "Ｖｉｃｔｉｍ", "Victirn"} {
		_, key, err := CheckName(name)
		if err != nil {
			t.Fatalf("CheckName(%q): %v", name, err)
		}
		if got, want := Skeleton(key), Skeleton(victim); got != want {
			t.Errorf("Skeleton(%q) = %q; want %q, Victim's", key, got, want)
		}
	}
	if _, key, _ := CheckName("Victor"); Skeleton(key) == Skeleton(victim) {
		t.Errorf("Victor and Victim share a skeleton")
	}
}

// "Cap concurrent password hashes": with its slots taken, a Hasher gives
// up after its wait with ErrHashersBusy, having hashed nothing; a password
// it refuses costs no slot; a freed slot serves the next call.
func TestHasherCapsHashes(t *testing.T) {
	h := NewHasher(1, 20*time.Millisecond, Cost{})
	ctx := context.Background()
	h.slots <- struct{}{} // another hash runs
	if _, err := h.Hash(ctx, "correct horse"); err != ErrHashersBusy {
		t.Errorf("Hash with every slot taken: got %v; want ErrHashersBusy", err)
	}
	if _, err := h.Verify(ctx, "correct horse", "$argon2id$"); err != ErrHashersBusy {
		t.Errorf("Verify with every slot taken: got %v; want ErrHashersBusy", err)
	}
	if err := h.VerifyDummy(ctx, "correct horse"); err != ErrHashersBusy {
		t.Errorf("VerifyDummy with every slot taken: got %v; want ErrHashersBusy", err)
	}
	if _, err := h.Hash(ctx, "short"); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("Hash of a short password with every slot taken: got %v; want it refused as invalid", err)
	}
	h.release()
	hash, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatalf("Hash with a free slot: %v", err)
	}
	if ok, err := h.Verify(ctx, "correct horse", hash); !ok || err != nil {
		t.Errorf("Verify = %v, %v; want true", ok, err)
	}
	if len(h.slots) != 0 {
		t.Errorf("%d slots still taken after the calls; want 0", len(h.slots))
	}
}
