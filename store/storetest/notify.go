package storetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// RunNotifications runs the suite of [store.Notifications] against the
// stores open returns; each must keep accounts and have a Notifications
// method.
func RunNotifications(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Accounts, store.Notifications)
	}{
		{"ServerKeyMadeOnce", testServerKeyOnce},
		{"QueuedOnceForOptedIn", testNotificationQueuedOnce},
		{"ClaimRetryFinish", testNotificationClaims},
		{"ConcurrentClaims", testNotificationConcurrentClaims},
		{"EmailTokenSingleUse", testEmailTokenSingleUse},
		{"EmailTaken", testEmailTaken},
		{"DigestClaimedOnce", testDigestClaimedOnce},
	}
	for _, tc := range tests {
		runOnFreshStore(t, tc.name, open, func(t *testing.T, s store.Store) {
			a, ok := s.(store.Accounts)
			n, ok2 := s.(interface{ Notifications() store.Notifications })
			if !ok || !ok2 {
				t.Fatalf("%T does not keep accounts and notifications", s)
			}
			tc.fn(t, a, n.Notifications())
		})
	}
}

func testServerKeyOnce(t *testing.T, _ store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	made := 0
	mk := func(pub, priv string) func() (string, string, error) {
		return func() (string, string, error) { made++; return pub, priv, nil }
	}
	pub, priv, err := ns.ServerKey(ctx, "vapid", mk("P1", "S1"))
	if err != nil || pub != "P1" || priv != "S1" {
		t.Fatalf("ServerKey first: got %q, %q, %v; want P1, S1, nil", pub, priv, err)
	}
	pub, priv, err = ns.ServerKey(ctx, "vapid", mk("P2", "S2"))
	if err != nil || pub != "P1" || priv != "S1" || made != 1 {
		t.Errorf("ServerKey again: got %q, %q, %v after %d makes; want the stored P1, S1 after 1", pub, priv, err, made)
	}
}

func subscribe(t *testing.T, ns store.Notifications, account, endpoint string, kinds ...string) {
	t.Helper()
	ctx := context.Background()
	if err := ns.AddPushSubscription(ctx, store.PushSubscription{Endpoint: endpoint, AccountID: account, P256DH: "k", Auth: "a", Created: base()}); err != nil {
		t.Fatalf("AddPushSubscription: %v", err)
	}
	if err := ns.SetNotifyKinds(ctx, account, kinds); err != nil {
		t.Fatalf("SetNotifyKinds: %v", err)
	}
}

func testNotificationQueuedOnce(t *testing.T, as store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	mustAccounts(t, as, "ann", "bob", "cid")
	subscribe(t, ns, "a1", "https://push.example/1", store.NotifyTurn, store.NotifyTakeBack)
	subscribe(t, ns, "a2", "https://push.example/2", store.NotifyTakeBack) // not opted in to turns
	// a3 opted in but has no subscription.
	if err := ns.SetNotifyKinds(ctx, "a3", []string{store.NotifyTurn}); err != nil {
		t.Fatalf("SetNotifyKinds: %v", err)
	}
	n := store.Notification{Kind: store.NotifyTurn, Table: "t1", EventN: 7, Created: base()}
	for i, want := range []int{1, 0} {
		got, err := ns.QueueNotification(ctx, n, []string{"a1", "a2", "a3"})
		if err != nil || got != want {
			t.Errorf("QueueNotification #%d: got %d, %v; want %d, nil", i+1, got, err, want)
		}
	}
	kinds, err := ns.NotifyKinds(ctx, "a1")
	if err != nil || len(kinds) != 2 || kinds[0] != store.NotifyTakeBack || kinds[1] != store.NotifyTurn {
		t.Errorf("NotifyKinds(a1): got %v, %v; want [takeback turn]", kinds, err)
	}
	if err := ns.DeletePushSubscription(ctx, "a2", "https://push.example/1"); err != nil {
		t.Fatalf("DeletePushSubscription of another's: %v", err)
	}
	if subs, err := ns.PushSubscriptions(ctx, "a1"); err != nil || len(subs) != 1 {
		t.Errorf("PushSubscriptions(a1) after another account's delete: got %v, %v; want its one subscription", subs, err)
	}
}

func testNotificationClaims(t *testing.T, as store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	mustAccount(t, as, "a1", "ann")
	subscribe(t, ns, "a1", "https://push.example/1", store.NotifyTurn)
	for _, ev := range []int64{1, 2} {
		if _, err := ns.QueueNotification(ctx, store.Notification{Kind: store.NotifyTurn, Table: "t1", EventN: ev, Created: base()}, []string{"a1"}); err != nil {
			t.Fatalf("QueueNotification: %v", err)
		}
	}
	got, err := ns.ClaimNotifications(ctx, base(), time.Minute, 10)
	if err != nil || len(got) != 2 || got[0].EventN != 1 || got[0].Attempts != 1 {
		t.Fatalf("ClaimNotifications: got %+v, %v; want events 1 and 2 at their first attempt", got, err)
	}
	if again, err := ns.ClaimNotifications(ctx, base().Add(time.Second), time.Minute, 10); err != nil || len(again) != 0 {
		t.Errorf("ClaimNotifications within the lease: got %+v, %v; want none", again, err)
	}
	if err := ns.FinishNotification(ctx, got[0].ID, false); err != nil {
		t.Fatalf("FinishNotification: %v", err)
	}
	if err := ns.RetryNotification(ctx, got[1].ID, base().Add(5*time.Second)); err != nil {
		t.Fatalf("RetryNotification: %v", err)
	}
	again, err := ns.ClaimNotifications(ctx, base().Add(5*time.Second), time.Minute, 10)
	if err != nil || len(again) != 1 || again[0].EventN != 2 || again[0].Attempts != 2 {
		t.Errorf("ClaimNotifications after the retry is due: got %+v, %v; want event 2 at its second attempt", again, err)
	}
	// Pruning removes the sent one only: the pending one still keeps its
	// event from being queued again.
	if n, err := ns.PruneNotifications(ctx, base().Add(time.Second)); err != nil || n != 1 {
		t.Errorf("PruneNotifications: got %d, %v; want 1 (the sent one, not the pending one)", n, err)
	}
	if q, err := ns.QueueNotification(ctx, store.Notification{Kind: store.NotifyTurn, Table: "t1", EventN: 2, Created: base()}, []string{"a1"}); err != nil || q != 0 {
		t.Errorf("QueueNotification of the pending event: got %d, %v; want 0", q, err)
	}
}

func testNotificationConcurrentClaims(t *testing.T, as store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	mustAccount(t, as, "a1", "ann")
	subscribe(t, ns, "a1", "https://push.example/1", store.NotifyTurn)
	const events = 20
	for ev := range int64(events) {
		if _, err := ns.QueueNotification(ctx, store.Notification{Kind: store.NotifyTurn, Table: "t1", EventN: ev, Created: base()}, []string{"a1"}); err != nil {
			t.Fatalf("QueueNotification: %v", err)
		}
	}
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				got, err := ns.ClaimNotifications(ctx, base(), time.Minute, 3)
				if err != nil {
					t.Errorf("ClaimNotifications: %v", err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, n := range got {
					seen[n.EventN]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(seen) != events {
		t.Errorf("claimed %d distinct notifications; want %d", len(seen), events)
	}
	for ev, c := range seen {
		if c != 1 {
			t.Errorf("notification of event %d claimed %d times; want once", ev, c)
		}
	}
}

func testEmailTokenSingleUse(t *testing.T, as store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	mustAccount(t, as, "a1", "ann")
	if err := ns.SetEmail(ctx, "a1", "Ann@Example.org"); err != nil {
		t.Fatalf("SetEmail: %v", err)
	}
	if e, err := ns.EmailByAddress(ctx, "ann@example.ORG"); err != nil || e.AccountID != "a1" || e.Verified {
		t.Fatalf("EmailByAddress: got %+v, %v; want a1's unverified address", e, err)
	}
	tok := store.EmailToken{Hash: []byte("h1"), AccountID: "a1", Purpose: store.TokenVerify, Address: "ann@example.org", Expires: base().Add(time.Hour)}
	if err := ns.AddEmailToken(ctx, tok); err != nil {
		t.Fatalf("AddEmailToken: %v", err)
	}
	if _, err := ns.UseEmailToken(ctx, []byte("h1"), store.TokenReset, base()); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("UseEmailToken for another purpose: got %v; want not_found", err)
	}
	if _, err := ns.UseEmailToken(ctx, []byte("h1"), store.TokenVerify, base()); err != nil {
		t.Fatalf("UseEmailToken: %v", err)
	}
	if e, err := ns.Email(ctx, "a1"); err != nil || !e.Verified {
		t.Errorf("Email after verification: got %+v, %v; want verified", e, err)
	}
	_, err := ns.UseEmailToken(ctx, []byte("h1"), store.TokenVerify, base())
	checkCode(t, "UseEmailToken again", err, game.CodeNotFound)

	old := store.EmailToken{Hash: []byte("h2"), AccountID: "a1", Purpose: store.TokenReset, Address: "ann@example.org", Expires: base()}
	if err := ns.AddEmailToken(ctx, old); err != nil {
		t.Fatalf("AddEmailToken: %v", err)
	}
	_, err = ns.UseEmailToken(ctx, []byte("h2"), store.TokenReset, base())
	checkCode(t, "UseEmailToken expired", err, game.CodeNotFound)
}

func testEmailTaken(t *testing.T, as store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	mustAccounts(t, as, "ann", "bob")
	if err := ns.SetEmail(ctx, "a1", "x@example.org"); err != nil {
		t.Fatalf("SetEmail: %v", err)
	}
	checkCode(t, "SetEmail of a taken address", ns.SetEmail(ctx, "a2", "X@example.org"), game.CodeConflict)
	checkCode(t, "SetEmail of an unknown account", ns.SetEmail(ctx, "zz", "y@example.org"), game.CodeNotFound)
}

func testDigestClaimedOnce(t *testing.T, as store.Accounts, ns store.Notifications) {
	ctx := context.Background()
	mustAccounts(t, as, "ann", "bob")
	for _, id := range []string{"a1", "a2"} {
		if err := ns.SetEmail(ctx, id, id+"@example.org"); err != nil {
			t.Fatalf("SetEmail: %v", err)
		}
		if err := ns.SetDigest(ctx, id, true); err != nil {
			t.Fatalf("SetDigest: %v", err)
		}
	}
	// Only a1's address is verified: only it gets digests.
	if err := ns.AddEmailToken(ctx, store.EmailToken{Hash: []byte("v"), AccountID: "a1", Purpose: store.TokenVerify, Address: "a1@example.org", Expires: base().Add(time.Hour)}); err != nil {
		t.Fatalf("AddEmailToken: %v", err)
	}
	if _, err := ns.UseEmailToken(ctx, []byte("v"), store.TokenVerify, base()); err != nil {
		t.Fatalf("UseEmailToken: %v", err)
	}
	due, err := ns.DigestsDue(ctx, base(), 10)
	if err != nil || len(due) != 1 || due[0].AccountID != "a1" {
		t.Fatalf("DigestsDue: got %+v, %v; want a1's only", due, err)
	}
	if ok, err := ns.ClaimDigest(ctx, due[0], base()); err != nil || !ok {
		t.Errorf("ClaimDigest: got %v, %v; want true", ok, err)
	}
	if ok, err := ns.ClaimDigest(ctx, due[0], base()); err != nil || ok {
		t.Errorf("ClaimDigest again with the same last sending: got %v, %v; want false (claimed already)", ok, err)
	}
	if due, err := ns.DigestsDue(ctx, base(), 10); err != nil || len(due) != 0 {
		t.Errorf("DigestsDue before a day passed: got %+v, %v; want none", due, err)
	}
}
