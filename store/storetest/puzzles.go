package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// RunPuzzles runs the suite of [store.PuzzleStore] against the stores open
// returns; each must implement it.
func RunPuzzles(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.PuzzleStore)
	}{
		{"Tickets", testPuzzleTickets},
		{"FinishOnce", testPuzzleFinishOnce},
		{"BestOrder", testPuzzleBest},
		{"Ratings", testPuzzleRatings},
		{"PlayerHistory", testPuzzlePlayerHistory},
		{"CountsOncePerPlayer", testPuzzleCountsOnce},
		{"ConcurrentFirstAttempts", testPuzzleConcurrentFirst},
	}
	for _, tc := range tests {
		runOnFreshStore(t, tc.name, open, func(t *testing.T, s store.Store) {
			ps, ok := s.(store.PuzzleStore)
			if !ok {
				t.Fatalf("%T does not implement store.PuzzleStore", s)
			}
			tc.fn(t, ps)
		})
	}
}

func ticket(id string) store.PuzzleTicket {
	return store.PuzzleTicket{ID: id, Puzzle: "outofmine/daily/2026-11-23", Player: "", Issued: base()}
}

func mustTicket(t *testing.T, s store.PuzzleStore, tk store.PuzzleTicket) {
	t.Helper()
	if err := s.CreatePuzzleTicket(context.Background(), tk); err != nil {
		t.Fatalf("CreatePuzzleTicket(%s): %v", tk.ID, err)
	}
}

func testPuzzleTickets(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	want := ticket("t1")
	want.Player = "p-42"
	mustTicket(t, s, want)
	got, err := s.PuzzleTicket(ctx, "t1")
	if err != nil {
		t.Fatalf("PuzzleTicket: %v", err)
	}
	if got.ID != want.ID || got.Puzzle != want.Puzzle || got.Player != want.Player || !got.Issued.Equal(want.Issued) || !got.Used.IsZero() {
		t.Errorf("got %+v; want %+v", got, want)
	}
	checkCode(t, "CreatePuzzleTicket twice", s.CreatePuzzleTicket(ctx, ticket("t1")), game.CodeConflict)
	_, err = s.PuzzleTicket(ctx, "nope")
	checkCode(t, "PuzzleTicket(unknown)", err, game.CodeNotFound)
}

// attempt is a counted attempt with ticket tk, by a player of its own
// (named after the ticket).
func attempt(tk string, score, ms int64, at time.Time) store.PuzzleAttempt {
	return store.PuzzleAttempt{Ticket: tk, Puzzle: "outofmine/daily/2026-11-23", Player: "guest:" + tk, Name: "Ann", Score: score, Millis: ms,
		Perfect: score == 10, At: at, Body: `{"placements":[]}`, Counted: true}
}

// finish calls FinishPuzzle and fails the test unless the attempt was
// stored with counted as want.
func finish(t *testing.T, s store.PuzzleStore, a store.PuzzleAttempt, r *store.PuzzleRating, want bool) {
	t.Helper()
	got, err := s.FinishPuzzle(context.Background(), a, r)
	if err != nil {
		t.Fatalf("FinishPuzzle(%s): %v", a.Ticket, err)
	}
	if got != want {
		t.Errorf("FinishPuzzle(%s): counted %v; want %v", a.Ticket, got, want)
	}
}

func finishErr(s store.PuzzleStore, a store.PuzzleAttempt, r *store.PuzzleRating) error {
	_, err := s.FinishPuzzle(context.Background(), a, r)
	return err
}

func testPuzzleFinishOnce(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	mustTicket(t, s, ticket("t1"))
	at := base().Add(time.Minute)
	r := &store.PuzzleRating{Puzzle: "outofmine/ladder/3", Mu: 27, Sigma: 7, Attempts: 1}
	finish(t, s, attempt("t1", 10, 60000, at), r, true)
	tk, err := s.PuzzleTicket(ctx, "t1")
	if err != nil || !tk.Used.Equal(at) {
		t.Errorf("ticket after FinishPuzzle: got used %v (err %v); want %v", tk.Used, err, at)
	}
	// A replay is refused and changes nothing: neither the attempts nor
	// the rating.
	r2 := &store.PuzzleRating{Puzzle: "outofmine/ladder/3", Mu: 1, Sigma: 1, Attempts: 2}
	checkCode(t, "FinishPuzzle replayed", finishErr(s, attempt("t1", 9, 1000, at), r2), game.CodeConflict)
	checkCode(t, "FinishPuzzle(unknown ticket)", finishErr(s, attempt("t9", 9, 1000, at), r2), game.CodeNotFound)
	best, err := s.BestPuzzleAttempts(ctx, "outofmine/daily/2026-11-23", 10)
	if err != nil || len(best) != 1 || best[0].Score != 10 || best[0].Body != `{"placements":[]}` || !best[0].Perfect || !best[0].At.Equal(at) {
		t.Errorf("BestPuzzleAttempts: got %+v (err %v); want the one accepted attempt", best, err)
	}
	got, ok, err := s.PuzzleRating(ctx, "outofmine/ladder/3")
	if err != nil || !ok || got != *r {
		t.Errorf("PuzzleRating: got %+v %v (err %v); want %+v", got, ok, err, *r)
	}
}

func testPuzzleBest(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	// score, millis: the best is the highest score, then the fastest.
	for i, a := range []struct{ score, ms int64 }{{8, 5000}, {10, 90000}, {10, 30000}, {-2, 1000}} {
		id := string(rune('a' + i))
		mustTicket(t, s, ticket(id))
		finish(t, s, attempt(id, a.score, a.ms, base().Add(time.Duration(i)*time.Second)), nil, true)
	}
	best, err := s.BestPuzzleAttempts(ctx, "outofmine/daily/2026-11-23", 3)
	if err != nil {
		t.Fatalf("BestPuzzleAttempts: %v", err)
	}
	var got []string
	for _, a := range best {
		got = append(got, a.Ticket)
	}
	if len(got) != 3 || got[0] != "c" || got[1] != "b" || got[2] != "a" {
		t.Errorf("best order: got %v; want [c b a]", got)
	}
	other, err := s.BestPuzzleAttempts(ctx, "hammertime/daily/2026-11-23/exact", 3)
	if err != nil || len(other) != 0 {
		t.Errorf("another puzzle's table: got %v (err %v); want none", other, err)
	}
}

func testPuzzleRatings(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	if _, ok, err := s.PuzzleRating(ctx, "outofmine/ladder/1"); ok || err != nil {
		t.Errorf("PuzzleRating before any: got ok %v err %v; want none", ok, err)
	}
	for i, id := range []string{"x", "y"} {
		mustTicket(t, s, ticket(id))
		r := &store.PuzzleRating{Puzzle: "outofmine/ladder/1", Mu: 25 + float64(i), Sigma: 8 - float64(i), Attempts: int64(i + 1)}
		finish(t, s, attempt(id, 10, 1000, base()), r, true)
	}
	got, ok, err := s.PuzzleRating(ctx, "outofmine/ladder/1")
	if err != nil || !ok || got.Mu != 26 || got.Sigma != 7 || got.Attempts != 2 {
		t.Errorf("PuzzleRating: got %+v %v (err %v); want mu 26, sigma 7 after 2 attempts", got, ok, err)
	}
	// By prefix: the ladder's ratings, not a puzzle whose name only looks
	// alike ("_" and "%" are no wildcards).
	for i, name := range []string{"outofmine/ladder/12", "outofmineXladder/3", "hammertime/daily/x"} {
		id := fmt.Sprintf("r%d", i)
		mustTicket(t, s, ticket(id))
		finish(t, s, attempt(id, 1, 1, base()), &store.PuzzleRating{Puzzle: name, Mu: 20, Sigma: 5, Attempts: 1}, true)
	}
	all, err := s.PuzzleRatings(ctx, "outofmine/ladder/")
	if err != nil || len(all) != 2 || all["outofmine/ladder/1"].Mu != 26 || all["outofmine/ladder/12"].Mu != 20 {
		t.Errorf("PuzzleRatings(outofmine/ladder/): got %v (err %v); want ladder 1 and 12", all, err)
	}
	none, err := s.PuzzleRatings(ctx, "outofmine_ladder")
	if err != nil || len(none) != 0 {
		t.Errorf("PuzzleRatings(outofmine_ladder): got %v (err %v); want none (_ is no wildcard)", none, err)
	}
}

// A player's attempts come back newest first, only theirs and only of the
// puzzles named by the prefix; the player's own rating stored with an
// attempt is read back as a puzzle rating.
func testPuzzlePlayerHistory(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	for i, a := range []struct{ id, puzzle, player string }{
		{"h1", "outofmine/daily/2026-11-21", "account:ann"},
		{"h2", "outofmine/daily/2026-11-22", "account:ann"},
		{"h3", "outofmine/daily/2026-11-22", "account:bo"},
		{"h4", "hammertime/daily/2026-11-22/exact", "account:ann"},
		{"h5", "outofmine/daily/2026-11-23", ""},
	} {
		tk := ticket(a.id)
		tk.Puzzle, tk.Player = a.puzzle, a.player
		mustTicket(t, s, tk)
		at := attempt(a.id, 10, 1000, base().Add(time.Duration(i)*time.Hour))
		at.Puzzle, at.Player = a.puzzle, a.player
		if a.id == "h2" {
			at.PlayerRating = &store.PuzzleRating{Puzzle: "player/account:ann/outofmine/ladder", Mu: 27, Sigma: 6, Attempts: 1}
		}
		finish(t, s, at, nil, true)
	}
	got, err := s.PlayerPuzzleAttempts(ctx, "account:ann", "outofmine/", 10)
	if err != nil || len(got) != 2 || got[0].Ticket != "h2" || got[1].Ticket != "h1" || got[0].Puzzle != "outofmine/daily/2026-11-22" {
		t.Errorf("PlayerPuzzleAttempts(ann, outofmine/): got %+v (err %v); want h2 then h1", got, err)
	}
	if one, err := s.PlayerPuzzleAttempts(ctx, "account:ann", "", 1); err != nil || len(one) != 1 || one[0].Ticket != "h4" {
		t.Errorf("PlayerPuzzleAttempts(ann, all, 1): got %+v (err %v); want the newest, h4", one, err)
	}
	if r, ok, err := s.PuzzleRating(ctx, "player/account:ann/outofmine/ladder"); err != nil || !ok || r.Mu != 27 || r.Sigma != 6 {
		t.Errorf("the player's rating stored with an attempt: got %+v %v (err %v); want mu 27, sigma 6", r, ok, err)
	}
}

// A puzzle counts once per player: a second attempt by the same player is
// kept but does not count, stores no rating and stays out of the best
// table, even when it scores better; an attempt asked not to count (too
// fast) stores no rating either, and still is the player's first. Another
// player's first attempt counts.
func testPuzzleCountsOnce(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	const puzzle, mine = "outofmine/ladder/7", "player/account:ann/outofmine/ladder"
	try := func(id, player string, score int64, counted bool, mu float64) store.PuzzleAttempt {
		tk := ticket(id)
		tk.Puzzle, tk.Player = puzzle, player
		mustTicket(t, s, tk)
		a := attempt(id, score, 1000, base())
		a.Puzzle, a.Player, a.Counted = puzzle, player, counted
		a.PlayerRating = &store.PuzzleRating{Puzzle: "player/" + player + "/outofmine/ladder", Mu: mu, Sigma: 5, Attempts: 1}
		return a
	}
	finish(t, s, try("c1", "account:ann", 5, true, 30), &store.PuzzleRating{Puzzle: puzzle, Mu: 20, Sigma: 5, Attempts: 1}, true)
	finish(t, s, try("c2", "account:ann", 10, true, 99), &store.PuzzleRating{Puzzle: puzzle, Mu: 1, Sigma: 1, Attempts: 2}, false)
	finish(t, s, try("c3", "account:bo", 2, false, 99), &store.PuzzleRating{Puzzle: puzzle, Mu: 2, Sigma: 2, Attempts: 2}, false)
	finish(t, s, try("c4", "account:bo", 3, true, 99), nil, false)
	finish(t, s, try("c5", "guest:cy", 1, true, 31), nil, true)
	if r, _, err := s.PuzzleRating(ctx, puzzle); err != nil || r.Mu != 20 || r.Attempts != 1 {
		t.Errorf("the puzzle's rating: got %+v (err %v); want mu 20 after the one attempt that counted", r, err)
	}
	if r, _, err := s.PuzzleRating(ctx, mine); err != nil || r.Mu != 30 {
		t.Errorf("ann's rating: got %+v (err %v); want mu 30, from her first attempt", r, err)
	}
	best, err := s.BestPuzzleAttempts(ctx, puzzle, 10)
	var got []string
	for _, a := range best {
		got = append(got, a.Ticket)
		if !a.Counted {
			t.Errorf("best table: %s does not count", a.Ticket)
		}
	}
	if err != nil || len(got) != 2 || got[0] != "c1" || got[1] != "c5" {
		t.Errorf("best table: got %v (err %v); want [c1 c5]: one counted attempt per player", got, err)
	}
	all, err := s.PlayerPuzzleAttempts(ctx, "account:ann", puzzle, 10)
	if err != nil || len(all) != 2 {
		t.Errorf("ann's attempts: got %d (err %v); want both kept", len(all), err)
	}
}

// Of a player's concurrent first attempts at a puzzle, each with a ticket
// of its own, exactly one counts and every one is kept; of concurrent
// submissions with one ticket, exactly one is accepted and the others are
// refused as used.
func testPuzzleConcurrentFirst(t *testing.T, s store.PuzzleStore) {
	ctx := context.Background()
	const n, puzzle = 6, "minerals/ladder/4"
	attempts := make([]store.PuzzleAttempt, n)
	for i := range attempts {
		tk := ticket(fmt.Sprintf("r%d", i))
		tk.Puzzle, tk.Player = puzzle, "account:ann"
		mustTicket(t, s, tk)
		attempts[i] = attempt(tk.ID, int64(i), 1000, base())
		attempts[i].Puzzle, attempts[i].Player = puzzle, tk.Player
	}
	counted := make([]bool, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range attempts {
		wg.Go(func() { counted[i], errs[i] = s.FinishPuzzle(ctx, attempts[i], nil) })
	}
	wg.Wait()
	ones := 0
	for i := range attempts {
		if errs[i] != nil {
			t.Errorf("FinishPuzzle(%s): %v; want it kept", attempts[i].Ticket, errs[i])
		}
		if counted[i] {
			ones++
		}
	}
	if ones != 1 {
		t.Errorf("%d of %d concurrent first attempts counted; want exactly 1", ones, n)
	}
	if all, err := s.PlayerPuzzleAttempts(ctx, "account:ann", puzzle, 10); err != nil || len(all) != n {
		t.Errorf("ann's attempts: got %d (err %v); want all %d kept", len(all), err, n)
	}

	mustTicket(t, s, ticket("once"))
	for i := range errs {
		wg.Go(func() { _, errs[i] = s.FinishPuzzle(ctx, attempt("once", int64(i), 1000, base()), nil) })
	}
	wg.Wait()
	accepted := 0
	for _, err := range errs {
		switch game.ErrorCode(err) {
		case "":
			accepted++
		case game.CodeConflict:
		default:
			t.Errorf("FinishPuzzle with a ticket in use: %v; want accepted or refused as used", err)
		}
	}
	if accepted != 1 {
		t.Errorf("%d of %d submissions with one ticket accepted; want exactly 1", accepted, n)
	}
}
