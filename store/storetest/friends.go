package storetest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// RunFriends runs the suite of [store.Friends] against the stores open
// returns; each must keep accounts and have a Friends method.
func RunFriends(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Store, store.Friends)
	}{
		{"FollowBothWaysMakesFriends", testFollowFriends},
		{"ErrFollowRefused", testFollowRefused},
		{"ListsArePaged", testFriendListsPaged},
		{"PresenceInLists", testPresenceInLists},
		{"BlockEndsFollowsAndChallenges", testBlock},
		{"ChallengeLifecycle", testChallengeLifecycle},
		{"ErrChallengeRefused", testChallengeRefused},
		{"ChallengeQuota", testChallengeQuota},
		{"ConcurrentSettles", testConcurrentSettles},
		{"ChallengesArePaged", testChallengesPaged},
		{"PruneChallenges", testPruneChallenges},
		{"DeleteAccountRemovesFriends", testDeleteAccountFriends},
	}
	for _, tc := range tests {
		runOnFreshStore(t, tc.name, open, func(t *testing.T, s store.Store) {
			f, ok := s.(interface{ Friends() store.Friends })
			if _, ok2 := s.(store.Accounts); !ok || !ok2 {
				t.Fatalf("%T does not keep accounts and friends", s)
			}
			tc.fn(t, s, f.Friends())
		})
	}
}

func names(es []store.FollowEntry) []string {
	out := []string{}
	for _, e := range es {
		out = append(out, e.Name)
	}
	return out
}

func mustFollow(t *testing.T, fs store.Friends, a, b string) {
	t.Helper()
	if err := fs.Follow(context.Background(), a, b, base()); err != nil {
		t.Fatalf("Follow(%s, %s): %v", a, b, err)
	}
}

func following(t *testing.T, fs store.Friends, id string) []store.FollowEntry {
	t.Helper()
	es, _, err := fs.Following(context.Background(), id, store.Page{})
	if err != nil {
		t.Fatalf("Following(%s): %v", id, err)
	}
	return es
}

func followers(t *testing.T, fs store.Friends, id string) []store.FollowEntry {
	t.Helper()
	es, _, err := fs.Followers(context.Background(), id, store.Page{})
	if err != nil {
		t.Fatalf("Followers(%s): %v", id, err)
	}
	return es
}

func testFollowFriends(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	mustFollow(t, fs, "a1", "a2")
	mustFollow(t, fs, "a1", "a2") // again: no change
	if got := following(t, fs, "a1"); !slices.Equal(names(got), []string{"bob"}) || got[0].Mutual {
		t.Errorf("ann follows: got %+v; want bob, not mutual", got)
	}
	if got := followers(t, fs, "a2"); !slices.Equal(names(got), []string{"ann"}) {
		t.Errorf("bob's followers: got %v; want [ann]", names(got))
	}
	mustFollow(t, fs, "a2", "a1")
	if got := following(t, fs, "a1"); len(got) != 1 || !got[0].Mutual {
		t.Errorf("after bob follows back, ann follows: got %+v; want bob, mutual", got)
	}
	r, err := fs.Relation(ctx, "a1", "a2")
	if err != nil || r != (store.Relation{Follows: true, FollowedBy: true}) {
		t.Errorf("Relation(ann, bob): got %+v, %v; want follows both ways", r, err)
	}
	if err := fs.Unfollow(ctx, "a2", "a1"); err != nil {
		t.Fatalf("Unfollow: %v", err)
	}
	if got := following(t, fs, "a2"); len(got) != 0 {
		t.Errorf("bob follows after unfollowing: got %v; want none", names(got))
	}
	if err := fs.Unfollow(ctx, "a2", "a1"); err != nil {
		t.Errorf("Unfollow again: got %v; want no error", err)
	}
}

func testFollowRefused(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	as := s.(store.Accounts)
	mustAccount(t, as, "a1", "ann")
	checkCode(t, "Follow(self)", fs.Follow(ctx, "a1", "a1", base()), game.CodeInvalid)
	checkCode(t, "Follow(unknown)", fs.Follow(ctx, "a1", "nobody", base()), game.CodeNotFound)
	if got := following(t, fs, "a1"); len(got) != 0 {
		t.Errorf("after refused follows, ann follows %v; want none", names(got))
	}
}

func testFriendListsPaged(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	as := s.(store.Accounts)
	mustAccount(t, as, "me", "me")
	want := []string{"p1", "p2", "p3", "p4", "p5"}
	for _, n := range want {
		mustAccount(t, as, "id-"+n, n)
		mustFollow(t, fs, "me", "id-"+n)
	}
	var got []string
	after := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatalf("more than 5 pages of 2 for 5 entries")
		}
		es, next, err := fs.Following(ctx, "me", store.Page{After: after, Limit: 2})
		if err != nil {
			t.Fatalf("Following: %v", err)
		}
		if len(es) > 2 {
			t.Fatalf("a page of limit 2 has %d entries", len(es))
		}
		got = append(got, names(es)...)
		if next == "" {
			break
		}
		after = next
	}
	if !slices.Equal(got, want) {
		t.Errorf("pages of following: got %v; want %v", got, want)
	}
}

func testPresenceInLists(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	mustFollow(t, fs, "a1", "a2")
	if got := following(t, fs, "a1"); !got[0].Seen.IsZero() {
		t.Errorf("bob never seen: got Seen %v; want zero", got[0].Seen)
	}
	at := base().Add(time.Minute)
	if err := fs.SetPresence(ctx, "a2", "t1", at); err != nil {
		t.Fatalf("SetPresence: %v", err)
	}
	if got := following(t, fs, "a1"); !got[0].Seen.Equal(at) || got[0].Table != "t1" {
		t.Errorf("bob seen: got %v at %q; want %v at t1", got[0].Seen, got[0].Table, at)
	}
	if err := fs.SetPresence(ctx, "a2", "", at.Add(time.Second)); err != nil {
		t.Fatalf("SetPresence: %v", err)
	}
	if got := following(t, fs, "a1"); got[0].Table != "" {
		t.Errorf("bob left the table: got table %q; want none", got[0].Table)
	}
	if seen, table, err := fs.Presence(ctx, "a2"); err != nil || !seen.Equal(at.Add(time.Second)) || table != "" {
		t.Errorf("Presence(bob): got %v, %q, %v; want %v, no table", seen, table, err, at.Add(time.Second))
	}
	if seen, _, err := fs.Presence(ctx, "a1"); err != nil || !seen.IsZero() {
		t.Errorf("Presence(ann, never seen): got %v, %v; want zero", seen, err)
	}
	if err := fs.SetPresence(ctx, "nobody", "", at); err != nil {
		t.Errorf("SetPresence(unknown): got %v; want no error and nothing kept", err)
	}
}

func challenge(id, from, to string, created time.Time, life time.Duration) store.Challenge {
	return store.Challenge{ID: id, Challenger: from, Challenged: to, Request: `{"game":"minerals"}`, Created: created, Expires: created.Add(life)}
}

func challenges(t *testing.T, fs store.Friends, id string, outgoing bool, now time.Time) []string {
	t.Helper()
	cs, _, err := fs.Challenges(context.Background(), id, outgoing, true, now, store.Page{})
	if err != nil {
		t.Fatalf("Challenges(%s): %v", id, err)
	}
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func testBlock(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	mustFollow(t, fs, "a1", "a2")
	mustFollow(t, fs, "a2", "a1")
	if err := fs.CreateChallenge(ctx, challenge("c1", "a2", "a1", base(), time.Hour), store.ChallengeQuota{}); err != nil {
		t.Fatalf("CreateChallenge: %v", err)
	}
	if err := fs.Block(ctx, "a1", "a2", base()); err != nil {
		t.Fatalf("Block: %v", err)
	}
	if f, g := following(t, fs, "a1"), following(t, fs, "a2"); len(f)+len(g) != 0 {
		t.Errorf("after the block: ann follows %v, bob follows %v; want none", names(f), names(g))
	}
	c, err := fs.Challenge(ctx, "c1")
	if err != nil || c.Status != store.ChallengeCancelled {
		t.Errorf("bob's challenge after the block: got %q, %v; want cancelled", c.Status, err)
	}
	checkCode(t, "bob follows ann who blocks him", fs.Follow(ctx, "a2", "a1", base()), game.CodeConflict)
	checkCode(t, "bob challenges ann who blocks him", fs.CreateChallenge(ctx, challenge("c2", "a2", "a1", base(), time.Hour), store.ChallengeQuota{}), game.CodeConflict)
	if _, err := fs.Challenge(ctx, "c2"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("refused challenge kept: got %v; want not_found", err)
	}
	bl, _, err := fs.Blocked(ctx, "a1", store.Page{})
	if err != nil || !slices.Equal(names(bl), []string{"bob"}) {
		t.Errorf("ann blocks: got %v, %v; want [bob]", names(bl), err)
	}
	r, _ := fs.Relation(ctx, "a2", "a1")
	if r != (store.Relation{BlockedBy: true}) {
		t.Errorf("Relation(bob, ann): got %+v; want blocked by ann only", r)
	}
	checkCode(t, "Block(self)", fs.Block(ctx, "a1", "a1", base()), game.CodeInvalid)
	if err := fs.Unblock(ctx, "a1", "a2"); err != nil {
		t.Fatalf("Unblock: %v", err)
	}
	mustFollow(t, fs, "a2", "a1")
}

func testChallengeLifecycle(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	now := base()
	for _, id := range []string{"c1", "c2", "c3"} {
		if err := fs.CreateChallenge(ctx, challenge(id, "a1", "a2", now, 10*time.Minute), store.ChallengeQuota{}); err != nil {
			t.Fatalf("CreateChallenge(%s): %v", id, err)
		}
	}
	if got := challenges(t, fs, "a2", false, now); len(got) != 3 {
		t.Errorf("bob's incoming: got %v; want 3", got)
	}
	if got := challenges(t, fs, "a1", true, now); len(got) != 3 {
		t.Errorf("ann's outgoing: got %v; want 3", got)
	}
	c, err := fs.SettleChallenge(ctx, "c1", store.ChallengeAccepted, "t9", now.Add(time.Minute))
	if err != nil || c.Status != store.ChallengeAccepted || c.Table != "t9" || c.ChallengerName != "ann" || c.ChallengedName != "bob" {
		t.Fatalf("accept: got %+v, %v; want accepted at t9 from ann to bob", c, err)
	}
	_, err = fs.SettleChallenge(ctx, "c1", store.ChallengeDeclined, "", now.Add(time.Minute))
	checkCode(t, "decline an accepted challenge", err, game.CodeConflict)
	if _, err := fs.SettleChallenge(ctx, "c2", store.ChallengeCancelled, "", now.Add(time.Minute)); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	_, err = fs.SettleChallenge(ctx, "c2", store.ChallengeAccepted, "t8", now.Add(time.Minute))
	checkCode(t, "accept a cancelled challenge", err, game.CodeConflict)
	late := now.Add(10 * time.Minute)
	_, err = fs.SettleChallenge(ctx, "c3", store.ChallengeAccepted, "t7", late)
	checkCode(t, "accept an expired challenge", err, game.CodeConflict)
	c3, _ := fs.Challenge(ctx, "c3")
	if c3.StatusAt(late) != store.ChallengeExpired || c3.Table != "" {
		t.Errorf("expired challenge: got %q at table %q; want expired, no table", c3.StatusAt(late), c3.Table)
	}
	if got := challenges(t, fs, "a2", false, now.Add(time.Minute)); !slices.Equal(got, []string{"c3"}) {
		t.Errorf("bob's open incoming: got %v; want [c3]", got)
	}
	_, err = fs.SettleChallenge(ctx, "nope", store.ChallengeAccepted, "", now)
	checkCode(t, "settle an unknown challenge", err, game.CodeNotFound)
}

// PruneChallenges deletes the challenges settled or expired before its
// time, keeps the others (open, or settled or expired later), and deletes
// nothing more when run again.
func testPruneChallenges(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	t0 := base()
	cutoff := t0.Add(10 * 24 * time.Hour)
	made := []struct {
		id      string
		created time.Time
		life    time.Duration
		settle  store.ChallengeStatus // "" for none
		at      time.Time
	}{
		{"acceptedBefore", t0, time.Hour, store.ChallengeAccepted, t0.Add(time.Minute)},
		{"declinedBefore", t0, time.Hour, store.ChallengeDeclined, t0.Add(time.Minute)},
		{"cancelledBefore", t0, time.Hour, store.ChallengeCancelled, t0.Add(time.Minute)},
		{"expiredBefore", t0, time.Hour, "", time.Time{}},
		{"acceptedAfter", cutoff.Add(-time.Hour), 2 * time.Hour, store.ChallengeAccepted, cutoff.Add(time.Minute)},
		{"expiredAfter", cutoff.Add(-time.Hour), 2 * time.Hour, "", time.Time{}},
		{"openLong", t0, 30 * 24 * time.Hour, "", time.Time{}},
	}
	for _, m := range made {
		if err := fs.CreateChallenge(ctx, challenge(m.id, "a1", "a2", m.created, m.life), store.ChallengeQuota{}); err != nil {
			t.Fatalf("CreateChallenge(%s): %v", m.id, err)
		}
		if m.settle != "" {
			if _, err := fs.SettleChallenge(ctx, m.id, m.settle, "", m.at); err != nil {
				t.Fatalf("SettleChallenge(%s): %v", m.id, err)
			}
		}
	}
	n, err := fs.PruneChallenges(ctx, cutoff)
	if err != nil || n != 4 {
		t.Fatalf("PruneChallenges: got %d, %v; want 4 deleted", n, err)
	}
	for _, m := range made {
		_, err := fs.Challenge(ctx, m.id)
		gone := game.ErrorCode(err) == game.CodeNotFound
		if want := strings.HasSuffix(m.id, "Before"); gone != want {
			t.Errorf("%s after the prune: got gone %v (%v); want gone %v", m.id, gone, err, want)
		}
	}
	if n, err := fs.PruneChallenges(ctx, cutoff); err != nil || n != 0 {
		t.Errorf("PruneChallenges again: got %d, %v; want 0 deleted", n, err)
	}
}

func testChallengeRefused(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	as := s.(store.Accounts)
	mustAccount(t, as, "a1", "ann")
	checkCode(t, "challenge oneself", fs.CreateChallenge(ctx, challenge("c1", "a1", "a1", base(), time.Hour), store.ChallengeQuota{}), game.CodeInvalid)
	checkCode(t, "challenge nobody", fs.CreateChallenge(ctx, challenge("c2", "a1", "nobody", base(), time.Hour), store.ChallengeQuota{}), game.CodeNotFound)
	if got := challenges(t, fs, "a1", true, base()); len(got) != 0 {
		t.Errorf("refused challenges kept: %v", got)
	}
}

func testChallengeQuota(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	q := store.ChallengeQuota{Open: 2, PerHour: 3}
	now := base()
	mk := func(id string, at time.Time) error {
		return fs.CreateChallenge(ctx, challenge(id, "a1", "a2", at, 10*time.Minute), q)
	}
	for _, id := range []string{"c1", "c2"} {
		if err := mk(id, now); err != nil {
			t.Fatalf("CreateChallenge(%s): %v", id, err)
		}
	}
	err := mk("c3", now.Add(time.Minute))
	qe, ok := store.AsQuotaError(err)
	if !ok || game.ErrorCode(err) != game.CodeLimit || qe.RetryAfter != 9*time.Minute {
		t.Fatalf("third open challenge: got %v; want a limit, retry after 9m (when the first expires)", err)
	}
	if _, err := fs.SettleChallenge(ctx, "c1", store.ChallengeCancelled, "", now.Add(time.Minute)); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	if err := mk("c3", now.Add(2*time.Minute)); err != nil {
		t.Fatalf("a challenge after cancelling one: %v", err)
	}
	if _, err := fs.SettleChallenge(ctx, "c3", store.ChallengeCancelled, "", now.Add(2*time.Minute)); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	err = mk("c4", now.Add(3*time.Minute))
	qe, ok = store.AsQuotaError(err)
	if !ok || qe.RetryAfter != 57*time.Minute {
		t.Fatalf("fourth challenge in an hour: got %v; want a limit, retry after 57m", err)
	}
	if err := mk("c4", now.Add(61*time.Minute)); err != nil {
		t.Errorf("a challenge an hour later: %v", err)
	}
}

func testConcurrentSettles(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	if err := fs.CreateChallenge(ctx, challenge("c1", "a1", "a2", base(), time.Hour), store.ChallengeQuota{}); err != nil {
		t.Fatalf("CreateChallenge: %v", err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i, to := range []store.ChallengeStatus{store.ChallengeAccepted, store.ChallengeCancelled, store.ChallengeDeclined, store.ChallengeAccepted} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := fs.SettleChallenge(ctx, "c1", to, "", base().Add(time.Duration(i)*time.Second))
			if err == nil {
				mu.Lock()
				won++
				mu.Unlock()
			} else if game.ErrorCode(err) != game.CodeConflict {
				t.Errorf("settle: got %v; want nil or conflict", err)
			}
		}()
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("settles that won: got %d; want 1", won)
	}
}

func testChallengesPaged(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	mustAccounts(t, s.(store.Accounts), "ann", "bob")
	var want []string
	for i, id := range []string{"c1", "c2", "c3", "c4", "c5"} {
		at := base().Add(time.Duration(i/2) * time.Second) // two pairs share a time
		if err := fs.CreateChallenge(ctx, challenge(id, "a1", "a2", at, time.Hour), store.ChallengeQuota{}); err != nil {
			t.Fatalf("CreateChallenge: %v", err)
		}
		want = append([]string{id}, want...)
	}
	var got []string
	after := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatalf("more than 5 pages of 2 for 5 challenges")
		}
		cs, next, err := fs.Challenges(ctx, "a2", false, false, base(), store.Page{After: after, Limit: 2})
		if err != nil {
			t.Fatalf("Challenges: %v", err)
		}
		for _, c := range cs {
			got = append(got, c.ID)
		}
		if next == "" {
			break
		}
		after = next
	}
	if !slices.Equal(got, want) {
		t.Errorf("pages of challenges: got %v; want %v (newest first)", got, want)
	}
	_, _, err := fs.Challenges(ctx, "a2", false, false, base(), store.Page{After: "garbage"})
	checkCode(t, "a cursor no list gave", err, game.CodeInvalid)
}

func testDeleteAccountFriends(t *testing.T, s store.Store, fs store.Friends) {
	ctx := context.Background()
	sec, ok := s.(store.AccountSecurity)
	if !ok {
		t.Fatalf("%T does not delete accounts", s)
	}
	mustAccounts(t, s.(store.Accounts), "ann", "bob", "cid")
	mustFollow(t, fs, "a1", "a2")
	mustFollow(t, fs, "a2", "a1")
	if err := fs.Block(ctx, "a3", "a1", base()); err != nil {
		t.Fatalf("Block: %v", err)
	}
	if err := fs.CreateChallenge(ctx, challenge("c1", "a1", "a2", base(), time.Hour), store.ChallengeQuota{}); err != nil {
		t.Fatalf("CreateChallenge: %v", err)
	}
	if err := fs.SetPresence(ctx, "a1", "", base()); err != nil {
		t.Fatalf("SetPresence: %v", err)
	}
	if err := sec.DeleteAccount(ctx, "a1", "deleted player"); err != nil {
		t.Fatalf("DeleteAccount: %v", err)
	}
	if f := following(t, fs, "a2"); len(f) != 0 {
		t.Errorf("bob follows the deleted account: %v", names(f))
	}
	if f := followers(t, fs, "a2"); len(f) != 0 {
		t.Errorf("the deleted account follows bob: %v", names(f))
	}
	if bl, _, _ := fs.Blocked(ctx, "a3", store.Page{}); len(bl) != 0 {
		t.Errorf("cid blocks the deleted account: %v", names(bl))
	}
	if got := challenges(t, fs, "a2", false, base()); len(got) != 0 {
		t.Errorf("bob's challenges from the deleted account: %v", got)
	}
	if _, err := fs.Challenge(ctx, "c1"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("the deleted account's challenge: got %v; want not_found", err)
	}
}
