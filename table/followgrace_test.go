package table_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/table"
	"minehall/table/tabletest"
)

// TestFollowerLearnsOfTheStartLate: Ann's page, on the instance that
// follows the table, closes before that instance hears that the game
// started (its notification late, as on a busy machine). Once it reads
// the table again it shows the offline deadline the owner keeps, 30 s
// after her page closed, not one counted from the start.
func TestFollowerLearnsOfTheStartLate(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	start := time.Now()
	clock := tabletest.NewClock(start)
	a := newMemberWith(t, url, "http://a.invalid", memberOptions{clock: clock})
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: &store.TimeControl{MoveS: 45, BankS: 300}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	if _, _, err := tb.Join(ctx, "Ann", 0); err != nil {
		t.Fatalf("Ann joins: %v", err)
	}
	var deaf atomic.Bool
	b := newMemberWith(t, url, "http://b.invalid", memberOptions{clock: clock, remote: &ownerPresence{owner: tb}, deaf: deaf.Load})
	followed, err := b.hall.Table(ctx, tb.ID())
	if err != nil {
		t.Fatalf("b follows the table: %v", err)
	}
	// A spectator on b keeps the table followed there.
	cy, err := followed.Watch("")
	if err != nil {
		t.Fatalf("Cy watches on b: %v", err)
	}
	defer cy.Close()
	deaf.Store(true)
	if _, _, err := tb.Join(ctx, "Bo", 1); err != nil {
		t.Fatalf("Bo joins: %v", err)
	}
	if st := followed.Info().Status; st != store.StatusOpen {
		t.Fatalf("b shows the table %s before it hears of the start; the test needs it open", st)
	}
	ann, err := followed.Subscribe(0, false)
	if err != nil {
		t.Fatalf("Ann connects on b: %v", err)
	}
	waitUntil(t, 10*time.Second, "Ann online on the owner", func() bool { return tb.Info().Seats[0].Presence == table.PresenceOnline })
	clock.Advance(time.Minute)
	ann.Close()
	waitUntil(t, 10*time.Second, "Ann offline on the owner", func() bool { return tb.Info().Seats[0].OfflineDeadline != 0 })
	want := clock.Now().Add(table.LiveGrace).UnixMilli()
	if got := tb.Info().Seats[0].OfflineDeadline; got != want {
		t.Fatalf("the owner's offline deadline for Ann: %d; want %d, 30 s after her page closed", got, want)
	}
	deaf.Store(false)
	b.hall.Missed()
	info := followed.Info()
	if info.Status != store.StatusPlaying {
		t.Fatalf("b shows the table %s after reading it again; want playing", info.Status)
	}
	if got := info.Seats[0].OfflineDeadline; got != want {
		t.Errorf("b's offline deadline for Ann: %d (%v after the start); want the owner's, %d", got, time.UnixMilli(got).Sub(start), want)
	}
}
