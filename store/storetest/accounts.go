package storetest

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// accounts runs fn on a store that keeps accounts; every store of the
// suite must.
func accounts(fn func(*testing.T, store.Accounts)) func(*testing.T, store.Store) {
	return func(t *testing.T, s store.Store) {
		a, ok := s.(store.Accounts)
		if !ok {
			t.Fatalf("%T does not keep accounts (store.Accounts)", s)
		}
		fn(t, a)
	}
}

func mustAccount(t *testing.T, s store.Accounts, id, name string) *store.Account {
	t.Helper()
	a := &store.Account{ID: id, Name: name, NameKey: name + "-key", PasswordHash: "$argon2id$x", Created: base()}
	if err := s.CreateAccount(context.Background(), a); err != nil {
		t.Fatalf("CreateAccount(%s): %v", name, err)
	}
	return a
}

func testAccounts(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	want := mustAccount(t, s, "a1", "Ann")
	got, err := s.Account(ctx, "a1")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Account(a1) = %+v, %v; want %+v", got, err, want)
	}
	got, err = s.AccountByName(ctx, "Ann-key")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("AccountByName = %+v, %v; want %+v", got, err, want)
	}
	// The name key is unique: a second account under it is refused.
	err = s.CreateAccount(ctx, &store.Account{ID: "a2", Name: "ANN", NameKey: "Ann-key", Created: base()})
	checkCode(t, "CreateAccount with a taken name", err, game.CodeConflict)
	_, err = s.Account(ctx, "a2")
	checkCode(t, "Account(a2) after the refusal", err, game.CodeNotFound)
	_, err = s.AccountByName(ctx, "nobody")
	checkCode(t, "AccountByName(nobody)", err, game.CodeNotFound)
}

func testCredentials(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	c1 := store.Credential{ID: []byte{1, 2}, AccountID: "a1", Data: []byte(`{"n":1}`), Created: base()}
	c2 := store.Credential{ID: []byte{3}, AccountID: "a1", Data: []byte(`{"n":2}`), Created: base().Add(time.Second)}
	for _, c := range []store.Credential{c1, c2} {
		if err := s.AddCredential(ctx, c); err != nil {
			t.Fatalf("AddCredential: %v", err)
		}
	}
	checkCode(t, "AddCredential twice", s.AddCredential(ctx, c1), game.CodeConflict)
	checkCode(t, "AddCredential of no account", s.AddCredential(ctx, store.Credential{ID: []byte{9}, AccountID: "zz", Data: []byte("{}"), Created: base()}), game.CodeNotFound)
	c1.Data = []byte(`{"n":7}`)
	if err := s.UpdateCredential(ctx, c1); err != nil {
		t.Fatalf("UpdateCredential: %v", err)
	}
	checkCode(t, "UpdateCredential of another account", s.UpdateCredential(ctx, store.Credential{ID: []byte{3}, AccountID: "zz", Data: []byte("{}")}), game.CodeNotFound)
	got, err := s.Credentials(ctx, "a1")
	if err != nil || !reflect.DeepEqual(got, []store.Credential{c1, c2}) {
		t.Errorf("Credentials = %+v, %v; want %+v", got, err, []store.Credential{c1, c2})
	}
}

func testSessions(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	now := time.Now().Truncate(time.Millisecond)
	live := store.Session{Hash: []byte{1}, AccountID: "a1", Created: now, Expires: now.Add(time.Hour)}
	old := store.Session{Hash: []byte{2}, AccountID: "a1", Created: now.Add(-2 * time.Hour), Expires: now.Add(-time.Hour)}
	for _, se := range []store.Session{live, old} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
	}
	got, err := s.Session(ctx, []byte{1}, now)
	if err != nil || !reflect.DeepEqual(*got, live) {
		t.Errorf("Session = %+v, %v; want %+v", got, err, live)
	}
	_, err = s.Session(ctx, []byte{2}, now)
	checkCode(t, "Session expired", err, game.CodeNotFound)
	if err := s.DeleteSession(ctx, []byte{1}); err != nil {
		t.Fatalf("DeleteSession: %v", err)
	}
	_, err = s.Session(ctx, []byte{1}, now)
	checkCode(t, "Session deleted", err, game.CodeNotFound)
	if err := s.DeleteSession(ctx, []byte{1}); err != nil {
		t.Errorf("DeleteSession of an unknown session: %v; want nil", err)
	}
}

// rateWith returns the default model's RateFunc for ranks, counting its
// calls.
func rateWith(ranks []int, calls *int) store.RateFunc {
	return func(before []rating.Rating) ([]rating.Rating, error) {
		*calls++
		return rating.DefaultModel().Rate(before, ranks)
	}
}

func testRecordRatedGame(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	mustAccount(t, s, "a2", "Bo")
	bot := store.BotPlayer("easy")
	g := store.GameResult{Table: "t1", Game: "race", Finished: base(), Rated: true, Seats: []store.SeatResult{
		{Player: "a1", Rank: 1, Won: true}, {Player: bot, Rank: 2}, {Player: "a2", Rank: 3, Left: true},
	}}
	calls := 0
	added, err := s.RecordGame(ctx, g, rateWith([]int{1, 2, 3}, &calls))
	if err != nil || !added || calls != 1 {
		t.Fatalf("RecordGame = %v, %v (rate called %d times); want true, nil, once", added, err, calls)
	}
	d := rating.Default()
	want, _ := rating.DefaultModel().Rate([]rating.Rating{d, d, d}, []int{1, 2, 3})
	board, err := s.Leaderboard(ctx, "race", 10)
	if err != nil {
		t.Fatalf("Leaderboard: %v", err)
	}
	wantBoard := []store.PlayerRating{
		{Player: "a1", Name: "Ann", Game: "race", Rating: want[0], Games: 1, Updated: base()},
		{Player: bot, Name: bot, Game: "race", Rating: want[1], Games: 1, Updated: base()},
		{Player: "a2", Name: "Bo", Game: "race", Rating: want[2], Games: 1, Updated: base()},
	}
	if !reflect.DeepEqual(board, wantBoard) {
		t.Errorf("Leaderboard:\ngot  %+v\nwant %+v", board, wantBoard)
	}
	// Exactly once per table: a second record of t1 changes nothing.
	added, err = s.RecordGame(ctx, g, rateWith([]int{3, 2, 1}, &calls))
	if err != nil || added || calls != 1 {
		t.Errorf("RecordGame again = %v, %v (rate called %d times); want false, nil, not called", added, err, calls)
	}
	if again, _ := s.Leaderboard(ctx, "race", 10); !reflect.DeepEqual(again, wantBoard) {
		t.Errorf("Leaderboard after a second record: %+v; want it unchanged", again)
	}
	games, err := s.PlayedGames(ctx, "a2", "", 10)
	wantGames := []store.PlayedGame{{Table: "t1", Game: "race", Finished: base(), Seat: 2, Rank: 3, Players: 3, Left: true, Rated: true, Before: d, After: want[2]}}
	if err != nil || !reflect.DeepEqual(games, wantGames) {
		t.Errorf("PlayedGames(a2) = %+v, %v; want %+v", games, err, wantGames)
	}
	rs, err := s.Ratings(ctx, "a1")
	if err != nil || len(rs) != 1 || rs[0].Rating != want[0] {
		t.Errorf("Ratings(a1) = %+v, %v; want one, %v", rs, err, want[0])
	}
	// A second game starts from the ratings the first left.
	g2 := store.GameResult{Table: "t2", Game: "race", Finished: base().Add(time.Hour), Rated: true, Seats: []store.SeatResult{
		{Player: "a2", Rank: 1, Won: true}, {Player: "a1", Rank: 2},
	}}
	want2, _ := rating.DefaultModel().Rate([]rating.Rating{want[2], want[0]}, []int{1, 2})
	if _, err := s.RecordGame(ctx, g2, rateWith([]int{1, 2}, &calls)); err != nil {
		t.Fatalf("RecordGame(t2): %v", err)
	}
	rs, _ = s.Ratings(ctx, "a2")
	if len(rs) != 1 || rs[0].Rating != want2[0] || rs[0].Games != 2 {
		t.Errorf("Ratings(a2) after two games = %+v; want %v in 2 games", rs, want2[0])
	}
	stats, err := s.GameStats(ctx, "a1")
	if err != nil || !reflect.DeepEqual(stats, []store.GameStats{{Game: "race", Played: 2, Won: 1}}) {
		t.Errorf("GameStats(a1) = %+v, %v; want race 2 played, 1 won", stats, err)
	}
	games, _ = s.PlayedGames(ctx, "a1", "race", 1)
	if len(games) != 1 || games[0].Table != "t2" {
		t.Errorf("PlayedGames(a1, limit 1) = %+v; want t2, the newest", games)
	}
}

func testRecordUnratedGame(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	g := store.GameResult{Table: "t1", Game: "race", Finished: base(), Seats: []store.SeatResult{
		{Player: "a1", Rank: 1, Won: true}, {Rank: 2},
	}}
	calls := 0
	if added, err := s.RecordGame(ctx, g, rateWith([]int{1, 2}, &calls)); err != nil || !added || calls != 0 {
		t.Fatalf("RecordGame = %v, %v (rate called %d times); want true, nil, not called", added, err, calls)
	}
	if rs, _ := s.Ratings(ctx, "a1"); len(rs) != 0 {
		t.Errorf("Ratings after an unrated game: %+v; want none", rs)
	}
	if stats, _ := s.GameStats(ctx, "a1"); !reflect.DeepEqual(stats, []store.GameStats{{Game: "race", Played: 1, Won: 1}}) {
		t.Errorf("GameStats = %+v; want race 1 played, 1 won", stats)
	}
}

func testRecordGameRefused(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	calls := 0
	for name, g := range map[string]store.GameResult{
		"a guest in a rated game": {Table: "t1", Game: "race", Rated: true, Seats: []store.SeatResult{{Player: "a1", Rank: 1}, {Rank: 2}}},
		"one player twice":        {Table: "t1", Game: "race", Rated: true, Seats: []store.SeatResult{{Player: "a1", Rank: 1}, {Player: "a1", Rank: 2}}},
		"rank 0":                  {Table: "t1", Game: "race", Seats: []store.SeatResult{{Player: "a1", Rank: 0}}},
	} {
		_, err := s.RecordGame(ctx, g, rateWith([]int{1, 2}, &calls))
		checkCode(t, "RecordGame with "+name, err, game.CodeInvalid)
	}
	// A failing rate function refuses the whole record.
	g := store.GameResult{Table: "t1", Game: "race", Rated: true, Seats: []store.SeatResult{{Player: "a1", Rank: 1}, {Player: "bot:easy", Rank: 2}}}
	_, err := s.RecordGame(ctx, g, func([]rating.Rating) ([]rating.Rating, error) { return nil, fmt.Errorf("no") })
	checkCode(t, "RecordGame whose rating fails", err, game.CodeInvalid)
	if ps, _ := s.PlayedGames(ctx, "a1", "", 10); len(ps) != 0 {
		t.Errorf("PlayedGames after refusals: %+v; want none", ps)
	}
	// The table was not marked recorded: it records now.
	if added, err := s.RecordGame(ctx, g, rateWith([]int{1, 2}, &calls)); err != nil || !added {
		t.Errorf("RecordGame after the refusals = %v, %v; want true, nil", added, err)
	}
}

// testConcurrentRatedGames finishes tables with the same players at once:
// every game counts once, none is lost.
func testConcurrentRatedGames(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	mustAccount(t, s, "a2", "Bo")
	const n = 8
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		for range 2 { // each table twice: the second is a no-op
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := store.GameResult{Table: fmt.Sprintf("t%d", i), Game: "race", Finished: base(), Rated: true,
					Seats: []store.SeatResult{{Player: "a1", Rank: 1 + i%2}, {Player: "a2", Rank: 2 - i%2}}}
				calls := 0
				_, err := s.RecordGame(ctx, g, rateWith([]int{1 + i%2, 2 - i%2}, &calls))
				errs <- err
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("RecordGame: %v", err)
		}
	}
	for _, p := range []string{"a1", "a2"} {
		rs, _ := s.Ratings(ctx, p)
		if len(rs) != 1 || rs[0].Games != n {
			t.Errorf("Ratings(%s) = %+v; want %d games", p, rs, n)
		}
		if ps, _ := s.PlayedGames(ctx, p, "", 100); len(ps) != n {
			t.Errorf("PlayedGames(%s): %d; want %d", p, len(ps), n)
		}
	}
}
