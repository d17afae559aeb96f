package storetest

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// securityStore is a store that keeps tables and accounts.
type securityStore interface {
	store.Store
	store.Accounts
}

// withTables runs fn on a store that keeps accounts and tables.
func withTables(fn func(*testing.T, securityStore)) func(*testing.T, store.Store) {
	return func(t *testing.T, s store.Store) {
		a, ok := s.(securityStore)
		if !ok {
			t.Fatalf("%T does not keep accounts (store.Accounts)", s)
		}
		fn(t, a)
	}
}

// "Refuse a name whose confusable skeleton equals an existing one": a
// second account with another key but a taken skeleton is refused, says
// which name it looks like, and is not made.
func testSkeletonUnique(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	ann := &store.Account{ID: "a1", Name: "Victim", NameKey: "victim", Skeleton: "victirn", Created: base()}
	if err := s.CreateAccount(ctx, ann); err != nil {
		t.Fatalf("CreateAccount: %v", err)
	}
	got, err := s.Account(ctx, "a1")
	if err != nil || !reflect.DeepEqual(got, ann) {
		t.Errorf("Account(a1) = %+v, %v; want %+v with its skeleton", got, err, ann)
	}
	if got, err := s.AccountBySkeleton(ctx, "victirn"); err != nil || got.ID != "a1" {
		t.Errorf("AccountBySkeleton(victirn) = %+v, %v; want a1", got, err)
	}
	_, err = s.AccountBySkeleton(ctx, "nobody")
	checkCode(t, "AccountBySkeleton(nobody)", err, game.CodeNotFound)
	err = s.CreateAccount(ctx, &store.Account{ID: "a2", Name: "Vіctim", NameKey: "vіctim", Skeleton: "victirn", Created: base()})
	checkCode(t, "CreateAccount with a taken skeleton", err, game.CodeConflict)
	if err == nil || !strings.Contains(err.Error(), `"Victim"`) {
		t.Errorf("the refusal %v does not name the look-alike account", err)
	}
	_, err = s.Account(ctx, "a2")
	checkCode(t, "Account(a2) after the refusal", err, game.CodeNotFound)
	// Accounts without a skeleton (made before skeletons) do not collide.
	for _, id := range []string{"o1", "o2"} {
		if err := s.CreateAccount(ctx, &store.Account{ID: id, Name: "Old " + id, NameKey: "OLD " + id, Created: base()}); err != nil {
			t.Fatalf("CreateAccount(%s) without a skeleton: %v", id, err)
		}
	}
}

// RekeyAccounts gives the accounts without a skeleton their new key and
// skeleton, the oldest first where two contest one, and leaves the rest.
func testRekeyAccounts(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	for i, a := range []store.Account{
		{ID: "a1", Name: "Ann", NameKey: "old-ann"},
		{ID: "a2", Name: "Аnn", NameKey: "old-ann-cyrillic"}, // a Cyrillic А: the same skeleton
		{ID: "a3", Name: "Bo", NameKey: "old-bo"},
		{ID: "a4", Name: "Cy", NameKey: "cy", Skeleton: "cy"},
	} {
		a.Created = base().Add(time.Duration(i) * time.Second)
		if err := s.CreateAccount(ctx, &a); err != nil {
			t.Fatalf("CreateAccount(%s): %v", a.ID, err)
		}
	}
	n, err := s.RekeyAccounts(ctx, func(name string) (string, string, bool) {
		if name == "Bo" {
			return "", "", false
		}
		return strings.ToLower(name), strings.ToLower(strings.ReplaceAll(name, "А", "A")), true
	})
	if err != nil || n != 1 {
		t.Fatalf("RekeyAccounts = %d, %v; want 1 (Ann; the look-alike and Bo left)", n, err)
	}
	for _, want := range []struct{ id, key, skel string }{{"a1", "ann", "ann"}, {"a2", "old-ann-cyrillic", ""}, {"a3", "old-bo", ""}, {"a4", "cy", "cy"}} {
		a, err := s.Account(ctx, want.id)
		if err != nil || a.NameKey != want.key || a.Skeleton != want.skel {
			t.Errorf("after RekeyAccounts, %s: got %+v, %v; want key %q, skeleton %q", want.id, a, err, want.key, want.skel)
		}
	}
}

// Sessions lists an account's live sessions; DeleteOtherSessions and
// SetPassword end all but the one kept.
func testSessionList(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccounts(t, s, "Ann", "Bo")
	now := time.Now().Truncate(time.Millisecond)
	mine := []store.Session{
		{Hash: []byte{1}, AccountID: "a1", Created: now.Add(-time.Minute), Expires: now.Add(time.Hour), UserAgent: "Firefox", Address: "192.0.2.7"},
		{Hash: []byte{2}, AccountID: "a1", Created: now, Expires: now.Add(time.Hour), UserAgent: "Chrome", Address: "198.51.100.1"},
		{Hash: []byte{3}, AccountID: "a1", Created: now.Add(-2 * time.Hour), Expires: now.Add(-time.Hour)},
	}
	other := store.Session{Hash: []byte{4}, AccountID: "a2", Created: now, Expires: now.Add(time.Hour)}
	for _, se := range append(mine, other) {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
	}
	got, err := s.Sessions(ctx, "a1", now)
	if want := []store.Session{mine[1], mine[0]}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Sessions(a1) = %+v, %v; want the live ones, newest first: %+v", got, err, want)
	}
	if n, err := s.DeleteOtherSessions(ctx, "a1", []byte{2}); err != nil || n != 2 {
		t.Errorf("DeleteOtherSessions = %d, %v; want 2 (the live and the expired other)", n, err)
	}
	if got, _ := s.Sessions(ctx, "a1", now); len(got) != 1 || got[0].Hash[0] != 2 {
		t.Errorf("Sessions after DeleteOtherSessions = %+v; want session 2 alone", got)
	}
	if _, err := s.Session(ctx, []byte{4}, now); err != nil {
		t.Errorf("another account's session after DeleteOtherSessions: %v; want it kept", err)
	}
	if err := s.CreateSession(ctx, mine[0]); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	if err := s.SetPassword(ctx, "a1", "$argon2id$new", []byte{1}); err != nil {
		t.Fatalf("SetPassword: %v", err)
	}
	if a, _ := s.Account(ctx, "a1"); a == nil || a.PasswordHash != "$argon2id$new" {
		t.Errorf("the password after SetPassword: %+v", a)
	}
	if got, _ := s.Sessions(ctx, "a1", now); len(got) != 1 || got[0].Hash[0] != 1 {
		t.Errorf("Sessions after SetPassword = %+v; want the kept session 1 alone", got)
	}
	checkCode(t, "SetPassword of no account", s.SetPassword(ctx, "zz", "$argon2id$x", nil), game.CodeNotFound)
}

func testDevices(t *testing.T, s store.Accounts) {
	ctx := context.Background()
	mustAccount(t, s, "a1", "Ann")
	d := store.Device{Hash: []byte{7, 7}, AccountID: "a1", Created: base()}
	for range 2 {
		if err := s.AddDevice(ctx, d); err != nil {
			t.Fatalf("AddDevice: %v", err)
		}
	}
	got, err := s.Device(ctx, []byte{7, 7})
	if err != nil || !reflect.DeepEqual(*got, d) {
		t.Errorf("Device = %+v, %v; want %+v", got, err, d)
	}
	_, err = s.Device(ctx, []byte{1})
	checkCode(t, "Device(unknown)", err, game.CodeNotFound)
}

// "Account deletion removes the person's name from records (kept as
// 'deleted player') and their ratings from the leaderboards."
func testDeleteAccount(t *testing.T, s securityStore) {
	ctx := context.Background()
	mustAccount(t, s, "acc-ann", "Ann")
	mustAccount(t, s, "acc-bo", "Bo")
	tb := sample("t1", base())
	tb.Seats[2] = store.Seat{Kind: store.SeatPerson, Name: "Bo", TokenHash: []byte{4}, Account: "acc-bo"}
	mustCreate(t, s, tb)
	mustEvents(t, s, "t1", []store.TableEvent{
		{N: 1, Kind: store.EventChat, Seat: 0, At: base(), Name: "Ann", Text: "gl"},
		{N: 2, Kind: store.EventChat, Seat: 2, At: base(), Name: "Bo", Text: "you too"},
	})
	g := store.GameResult{Table: "t1", Game: "race", Finished: base(), Rated: true, Seats: []store.SeatResult{
		{Player: "acc-ann", Rank: 1, Won: true}, {Player: store.BotPlayer("easy"), Rank: 2}, {Player: "acc-bo", Rank: 3},
	}}
	// Settled ratings, so that both people stand on the people's
	// leaderboard before the deletion.
	settled := func(before []rating.Rating) ([]rating.Rating, error) {
		return []rating.Rating{{Mu: 30, Sigma: 1}, {Mu: 25, Sigma: 1}, {Mu: 20, Sigma: 1}}, nil
	}
	if _, err := s.RecordGame(ctx, g, settled); err != nil {
		t.Fatalf("RecordGame: %v", err)
	}
	if err := s.CreateSession(ctx, store.Session{Hash: []byte{1}, AccountID: "acc-ann", Created: base(), Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	if err := s.AddCredential(ctx, store.Credential{ID: []byte{5}, AccountID: "acc-ann", Data: []byte("{}"), Created: base()}); err != nil {
		t.Fatalf("AddCredential: %v", err)
	}
	if err := s.AddDevice(ctx, store.Device{Hash: []byte{6}, AccountID: "acc-ann", Created: base()}); err != nil {
		t.Fatalf("AddDevice: %v", err)
	}
	if err := s.DeleteAccount(ctx, "acc-ann", "deleted player"); err != nil {
		t.Fatalf("DeleteAccount: %v", err)
	}
	_, err := s.Account(ctx, "acc-ann")
	checkCode(t, "Account after DeleteAccount", err, game.CodeNotFound)
	_, err = s.Session(ctx, []byte{1}, time.Now())
	checkCode(t, "Session after DeleteAccount", err, game.CodeNotFound)
	_, err = s.Device(ctx, []byte{6})
	checkCode(t, "Device after DeleteAccount", err, game.CodeNotFound)
	if cs, err := s.Credentials(ctx, "acc-ann"); err != nil || len(cs) != 0 {
		t.Errorf("Credentials after DeleteAccount = %+v, %v; want none", cs, err)
	}
	for _, bots := range []bool{false, true} {
		lb, err := s.Leaderboard(ctx, "race", bots, 10)
		if err != nil {
			t.Fatalf("Leaderboard: %v", err)
		}
		var players []string
		for _, r := range lb {
			players = append(players, r.Player)
		}
		want := []string{"acc-bo"}
		if bots {
			want = []string{store.BotPlayer("easy")}
		}
		if !sameSet(players, want) {
			t.Errorf("the leaderboard (bots %v) after DeleteAccount holds %v; want %v", bots, players, want)
		}
	}
	if rs, _ := s.Ratings(ctx, "acc-ann"); len(rs) != 0 {
		t.Errorf("Ratings of the deleted account = %+v; want none", rs)
	}
	if ps, _ := s.PlayedGames(ctx, "acc-ann", "", 10); len(ps) != 0 {
		t.Errorf("PlayedGames of the deleted account = %+v; want none", ps)
	}
	if ps, _ := s.PlayedGames(ctx, "acc-bo", "", 10); len(ps) != 1 {
		t.Errorf("PlayedGames of Bo after Ann's deletion = %+v; want the game", ps)
	}
	// The table's record keeps all three seats, Ann's under no account and
	// the deleted player's name, so that Bo's rating is still explained by
	// the records.
	seats, err := s.TableGames(ctx, "t1")
	if err != nil || len(seats) != 3 {
		t.Fatalf("TableGames after DeleteAccount = %+v, %v; want 3 seats", seats, err)
	}
	if a := seats[0]; a.Player == "acc-ann" || a.Name != store.DeletedName || a.After != (rating.Rating{Mu: 30, Sigma: 1}) {
		t.Errorf("Ann's seat after DeleteAccount: player %q, name %q, after %v; want no account, %q, the rating kept", a.Player, a.Name, a.After, store.DeletedName)
	}
	got, err := s.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if sa := got.Seats[0]; sa.Name != "deleted player" || sa.Account != "" {
		t.Errorf("the deleted account's seat: name %q, account %q; want \"deleted player\" and none", sa.Name, sa.Account)
	}
	if sb := got.Seats[2]; sb.Name != "Bo" || sb.Account != "acc-bo" {
		t.Errorf("another account's seat: name %q, account %q; want it kept", sb.Name, sb.Account)
	}
	evs, err := s.Events(ctx, "t1", 0)
	if err != nil || len(evs) != 2 {
		t.Fatalf("Events after DeleteAccount = %+v, %v; want the 2 messages", evs, err)
	}
	if evs[0].Name != "deleted player" || evs[0].Text != "gl" || evs[1].Name != "Bo" {
		t.Errorf("chat after DeleteAccount: %q said %q, %q said %q; want \"deleted player\" for Ann, Bo kept", evs[0].Name, evs[0].Text, evs[1].Name, evs[1].Text)
	}
	checkCode(t, "DeleteAccount twice", s.DeleteAccount(ctx, "acc-ann", "deleted player"), game.CodeNotFound)
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		seen[x]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}
