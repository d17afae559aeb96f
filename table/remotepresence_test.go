package table_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

// heldReports reaches a table's owner in-process for presence reports,
// holding the first one back until released, and counts how many are on
// their way at once.
type heldReports struct {
	table.Remote // only Presence is called
	owner        *table.Table
	release      chan struct{}

	mu                 sync.Mutex
	calls, inFlight    int
	maxInFlight        int
	lastSpectatorsSent []string
}

func (r *heldReports) Presence(ctx context.Context, owner, id, from string, seats, spectators []string) ([]string, []string, error) {
	r.mu.Lock()
	r.calls++
	first := r.calls == 1
	r.inFlight++
	r.maxInFlight = max(r.maxInFlight, r.inFlight)
	r.mu.Unlock()
	if first {
		<-r.release
	}
	s, sp, err := r.owner.ReportPresence(from, seats, spectators)
	r.mu.Lock()
	r.inFlight--
	r.lastSpectatorsSent = spectators
	r.mu.Unlock()
	return s, sp, err
}

// TestPresenceReportsDoNotOvertake holds back the report an instance that
// follows a table sends when a seat connects there, while a spectator
// arrives: the owner ends up listing the spectator, because reports go one
// at a time and the next one is taken after the held one is answered, so
// an old report never lands after a newer one.
func TestPresenceReportsDoNotOvertake(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a := newMember(t, url, "http://a.invalid", 20*time.Millisecond)
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	for _, name := range []string{"Ann", "Bo"} {
		if _, _, err := tb.Join(ctx, name, -1); err != nil {
			t.Fatalf("Join %s: %v", name, err)
		}
	}
	remote := &heldReports{owner: tb, release: make(chan struct{})}
	b := newMemberWith(t, url, "http://b.invalid", memberOptions{pace: 20 * time.Millisecond, remote: remote})
	followed, err := b.hall.Table(ctx, tb.ID())
	if err != nil {
		t.Fatalf("b follows the table: %v", err)
	}
	bo, err := followed.Subscribe(1, false)
	if err != nil {
		t.Fatalf("Bo connects on b: %v", err)
	}
	defer bo.Close()
	waitUntil(t, 10*time.Second, "b reports Bo", func() bool { remote.mu.Lock(); defer remote.mu.Unlock(); return remote.calls == 1 })
	cy, err := followed.Watch("Cy")
	if err != nil {
		t.Fatalf("Cy watches on b: %v", err)
	}
	defer cy.Close()
	// A second report sent now, beside the held one, would land first.
	time.Sleep(200 * time.Millisecond)
	close(remote.release)
	waitUntil(t, 10*time.Second, "the owner lists Cy", func() bool {
		s := tb.Info().Spectators
		return s != nil && slices.Equal(s.Names, []string{"Cy"})
	})
	waitUntil(t, 10*time.Second, "b's reports are answered", func() bool {
		remote.mu.Lock()
		defer remote.mu.Unlock()
		return remote.inFlight == 0 && remote.calls >= 2
	})
	// Nothing later takes Cy off again.
	time.Sleep(100 * time.Millisecond)
	if s := tb.Info().Spectators; s == nil || !slices.Equal(s.Names, []string{"Cy"}) {
		t.Errorf("the owner's spectators after b's reports: %+v; want Cy", s)
	}
	if p := tb.Info().Seats[1].Presence; p != table.PresenceOnline {
		t.Errorf("Bo, connected on b, is %q at the owner; want online", p)
	}
	remote.mu.Lock()
	defer remote.mu.Unlock()
	if remote.maxInFlight != 1 {
		t.Errorf("%d reports were on their way at once; want one at a time", remote.maxInFlight)
	}
	if !slices.Equal(remote.lastSpectatorsSent, []string{"Cy"}) {
		t.Errorf("b's last report named spectators %q; want Cy", remote.lastSpectatorsSent)
	}
}

// TestReportPresenceChecksSpectatorNames: a presence report whose
// spectators' names are not names a spectator may give (control
// characters, too long, not in their normal form) is refused as invalid
// and changes nothing; anonymous spectators ("") and good names are
// counted.
func TestReportPresenceChecksSpectatorNames(t *testing.T) {
	ctx := context.Background()
	a := newMember(t, pgtest.URL(t), "http://a.invalid", 20*time.Millisecond)
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	offline := []string{table.PresenceOffline, table.PresenceOffline}
	for _, bad := range []string{"Cy\x07", strings.Repeat("n", 200), " Cy", "\xff"} {
		if _, _, err := tb.ReportPresence("b", offline, []string{"Di", bad}); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("a report with spectator %q: %v; want invalid", bad, err)
		}
	}
	if s := tb.Info().Spectators; s != nil && s.Count > 0 {
		t.Errorf("spectators after refused reports: %+v; want none", s)
	}
	if _, _, err := tb.ReportPresence("b", offline, []string{"Cy", ""}); err != nil {
		t.Fatalf("a report with Cy and an anonymous spectator: %v", err)
	}
	if s := tb.Info().Spectators; s == nil || s.Count != 2 || !slices.Equal(s.Names, []string{"Cy"}) {
		t.Errorf("spectators after the good report: %+v; want 2, Cy named", s)
	}
}

// ownerPresence reaches a table's owner in-process for presence reports
// and records the last report sent.
type ownerPresence struct {
	table.Remote // only Presence is called
	owner        *table.Table

	mu        sync.Mutex
	from      string
	lastSeats []string
}

func (r *ownerPresence) Presence(ctx context.Context, owner, id, from string, seats, spectators []string) ([]string, []string, error) {
	r.mu.Lock()
	r.from, r.lastSeats = from, slices.Clone(seats)
	r.mu.Unlock()
	return r.owner.ReportPresence(from, seats, spectators)
}

// TestAccountPresentAsksTheOwner: an instance that neither runs nor
// follows a table asks its owner whether an account's person has it open
// (a push is not sent to a person looking at the table through another
// instance), reporting no connection of its own.
func TestAccountPresentAsksTheOwner(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a := newMember(t, url, "http://a.invalid", 20*time.Millisecond)
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	for i, acct := range []string{"acct-ann", "acct-bo"} {
		if _, _, err := tb.JoinAccount(ctx, strings.TrimPrefix(acct, "acct-"), i, acct); err != nil {
			t.Fatalf("JoinAccount %s: %v", acct, err)
		}
	}
	remote := &ownerPresence{owner: tb}
	b := newMemberWith(t, url, "http://b.invalid", memberOptions{pace: 20 * time.Millisecond, remote: remote})
	if b.hall.AccountPresent(ctx, tb.ID(), "acct-bo") {
		t.Fatal("Bo is present on b before any page of his is open")
	}
	bo, err := tb.Subscribe(1, false)
	if err != nil {
		t.Fatalf("Bo connects on a: %v", err)
	}
	if !b.hall.AccountPresent(ctx, tb.ID(), "acct-bo") {
		t.Error("b does not see Bo's page open on a")
	}
	if b.hall.AccountPresent(ctx, tb.ID(), "acct-ann") {
		t.Error("b sees Ann present; only Bo's page is open")
	}
	remote.mu.Lock()
	if remote.from != b.cluster.Instance() || !slices.Equal(remote.lastSeats, []string{table.PresenceOffline, table.PresenceOffline}) {
		t.Errorf("b reported %v from %q; want every seat offline, from b (%s)", remote.lastSeats, remote.from, b.cluster.Instance())
	}
	remote.mu.Unlock()
	bo.Close()
	waitUntil(t, 10*time.Second, "Bo's page closed", func() bool { return !b.hall.AccountPresent(ctx, tb.ID(), "acct-bo") })
	if b.hall.AccountPresent(ctx, tb.ID(), "") {
		t.Error("an empty account is present")
	}
}
