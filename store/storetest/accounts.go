package storetest

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"minehall/account"
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

// mustAccounts creates an account per name, with the ids a1, a2, … in
// the order of the names.
func mustAccounts(t *testing.T, s store.Accounts, names ...string) {
	t.Helper()
	for i, name := range names {
		mustAccount(t, s, fmt.Sprintf("a%d", i+1), name)
	}
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
	mustAccounts(t, s, "Ann", "Bo")
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
	// After one game every rating is provisional: no person is on the
	// people's leaderboard; the bot is on the bots'.
	if board, err := s.Leaderboard(ctx, "race", false, 10); err != nil || len(board) != 0 {
		t.Errorf("Leaderboard of people = %+v, %v; want none, every rating provisional", board, err)
	}
	board, err := s.Leaderboard(ctx, "race", true, 10)
	if err != nil {
		t.Fatalf("Leaderboard of bots: %v", err)
	}
	wantBoard := []store.PlayerRating{{Player: bot, Name: bot, Game: "race", Rating: want[1], Games: 1, Updated: base()}}
	if !reflect.DeepEqual(board, wantBoard) {
		t.Errorf("Leaderboard of bots:\ngot  %+v\nwant %+v", board, wantBoard)
	}
	// Exactly once per table: a second record of t1 changes nothing.
	added, err = s.RecordGame(ctx, g, rateWith([]int{3, 2, 1}, &calls))
	if err != nil || added || calls != 1 {
		t.Errorf("RecordGame again = %v, %v (rate called %d times); want false, nil, not called", added, err, calls)
	}
	if again, _ := s.Leaderboard(ctx, "race", true, 10); !reflect.DeepEqual(again, wantBoard) {
		t.Errorf("Leaderboard after a second record: %+v; want it unchanged", again)
	}
	games, err := s.PlayedGames(ctx, "a2", "", 10)
	wantGames := []store.PlayedGame{{Player: "a2", Name: "Bo", Table: "t1", Game: "race", Finished: base(), Seat: 2, Rank: 3, Players: 3, Left: true, Rated: true, Before: d, After: want[2]}}
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
	mustAccounts(t, s, "Ann", "Bo")
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
	// The records keep the order the ratings changed in.
	checkRecompute(t, s, "a1", "a2")
}

// checkRecompute recomputes every rating from the records of rated tables
// and checks that it gives each player's stored ratings.
func checkRecompute(t *testing.T, s store.Accounts, players ...string) {
	t.Helper()
	ctx := context.Background()
	records, err := s.RatedGames(ctx, "")
	if err != nil {
		t.Fatalf("RatedGames: %v", err)
	}
	got, games, err := account.Recompute(records, rating.DefaultModel())
	if err != nil {
		t.Fatalf("recompute from the records: %v", err)
	}
	n := 0
	for _, p := range players {
		rs, err := s.Ratings(ctx, p)
		if err != nil {
			t.Fatalf("Ratings(%s): %v", p, err)
		}
		for _, r := range rs {
			k := account.RatingKey{Player: p, Game: r.Game}
			if got[k] != r.Rating || games[k] != r.Games {
				t.Errorf("%s in %s: recomputed %v in %d games; stored %v in %d", p, r.Game, got[k], games[k], r.Rating, r.Games)
			}
			n++
		}
	}
	if n != len(got) {
		t.Errorf("recomputed %d ratings of %v; the store has %d", len(got), players, n)
	}
}

// fixedRate returns a RateFunc that answers rs, whatever the game.
func fixedRate(rs ...rating.Rating) store.RateFunc {
	return func([]rating.Rating) ([]rating.Rating, error) { return rs, nil }
}

// The people's leaderboard lists accounts with a settled rating only, the
// bots' list every bot level, each highest Mu first.
func testLeaderboards(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccounts(t, s, "Ann", "Bo", "Cy")
	settled := rating.Rating{Mu: 27, Sigma: rating.SettledSigma}
	better := rating.Rating{Mu: 30, Sigma: 2}
	provisional := rating.Rating{Mu: 40, Sigma: rating.SettledSigma + 0.01}
	g := store.GameResult{Table: "t1", Game: "race", Finished: base(), Rated: true, Seats: []store.SeatResult{
		{Player: "a1", Rank: 2}, {Player: "a2", Rank: 1}, {Player: "a3", Rank: 3}, {Player: "bot:easy", Rank: 4}, {Player: "bot:hard", Rank: 5},
	}}
	if _, err := s.RecordGame(ctx, g, fixedRate(settled, better, provisional, rating.Default(), better)); err != nil {
		t.Fatalf("RecordGame: %v", err)
	}
	for _, tc := range []struct {
		bots bool
		want []string
	}{{false, []string{"Bo", "Ann"}}, {true, []string{"bot:hard", "bot:easy"}}} {
		board, err := s.Leaderboard(ctx, "race", tc.bots, 10)
		var names []string
		for _, r := range board {
			names = append(names, r.Name)
		}
		if err != nil || !reflect.DeepEqual(names, tc.want) {
			t.Errorf("Leaderboard(bots %v) = %v, %v; want %v", tc.bots, names, err, tc.want)
		}
	}
}

// "Every rating change is stored with the table it came from": rated,
// casual, aborted and pair-limited tables are recorded with their reasons;
// the table's seats read back; replaying the rated records gives every
// stored rating.
func testRatingRecords(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccounts(t, s, "Ann", "Bo", "Cy")
	limit := func(at time.Time) store.PairLimit { return store.PairLimit{Games: 3, Since: at.Add(-24 * time.Hour)} }
	at := base()
	record := func(id string, rated bool, reason string, seats ...store.SeatResult) {
		t.Helper()
		at = at.Add(time.Hour)
		ranks := make([]int, len(seats))
		for i, st := range seats {
			ranks[i] = st.Rank
		}
		calls := 0
		g := store.GameResult{Table: id, Game: "race", Finished: at, Rated: rated, Reason: reason, PairLimit: limit(at), Seats: seats}
		if added, err := s.RecordGame(ctx, g, rateWith(ranks, &calls)); err != nil || !added {
			t.Fatalf("RecordGame(%s) = %v, %v", id, added, err)
		}
	}
	ann, bo := store.SeatResult{Player: "a1", Rank: 1, Won: true, OwnActions: 9}, store.SeatResult{Player: "a2", Rank: 2, OwnActions: 7, StandInActions: 2}
	record("t1", true, "", ann, bo)
	record("t2", false, store.ReasonAborted, ann, bo)
	record("t3", true, "", bo, ann)
	record("t4", false, "", ann, store.SeatResult{Player: "a3", Rank: 2})
	record("t5", true, "", ann, bo, store.SeatResult{Player: "bot:easy", Rank: 3})
	// Ann and Bo met in three rated games today: the fourth moves nothing.
	record("t6", true, "", bo, ann)
	// Ann and Cy have not: theirs counts.
	record("t7", true, "", store.SeatResult{Player: "a3", Rank: 1}, ann)
	wantReason := map[string]string{"t1": "", "t2": store.ReasonAborted, "t3": "", "t4": store.ReasonCasual, "t5": "", "t6": store.ReasonPairLimit, "t7": ""}
	for id, reason := range wantReason {
		seats, err := s.TableGames(ctx, id)
		if err != nil || len(seats) < 2 {
			t.Fatalf("TableGames(%s) = %+v, %v", id, seats, err)
		}
		for _, st := range seats {
			moved := st.Before != st.After
			if st.Reason != reason || st.Rated != (reason == "") || moved != (reason == "") {
				t.Errorf("table %s, %s: rated %v, reason %q, %v → %v; want reason %q, a change only when rated", id, st.Name, st.Rated, st.Reason, st.Before, st.After, reason)
			}
		}
	}
	if seats, _ := s.TableGames(ctx, "t1"); seats[1].Name != "Bo" || seats[1].OwnActions != 7 || seats[1].StandInActions != 2 || seats[1].Seat != 1 {
		t.Errorf("TableGames(t1) seat 2 = %+v; want Bo with 7 own actions and 2 of a stand-in", seats[1])
	}
	if seats, _ := s.TableGames(ctx, "nowhere"); len(seats) != 0 {
		t.Errorf("TableGames of a table never recorded = %+v; want none", seats)
	}
	// A day after the first, the pair counts again.
	at = at.Add(24 * time.Hour)
	record("t8", true, "", ann, bo)
	if seats, _ := s.TableGames(ctx, "t8"); !seats[0].Rated {
		t.Errorf("a game of the pair a day later: %+v; want rated", seats[0])
	}
	records, _ := s.RatedGames(ctx, "race")
	var tables []string
	for _, r := range records {
		if len(tables) == 0 || tables[len(tables)-1] != r.Table {
			tables = append(tables, r.Table)
		}
	}
	if !reflect.DeepEqual(tables, []string{"t1", "t3", "t5", "t7", "t8"}) {
		t.Errorf("RatedGames lists tables %v; want t1, t3, t5, t7, t8", tables)
	}
	checkRecompute(t, s, "a1", "a2", "a3", "bot:easy")
}
