package table_test

import (
	"context"
	"testing"
	"time"

	"minehall/game"
	"minehall/games/outofmine"
	"minehall/store"
	"minehall/table"
)

// At a real-time Out of Mine table, a person who is offline while they
// may act is waited for the grace (30 s), which the others see count
// down; then a stand-in plays their seat, its moves marked in the record,
// while the person who stayed plays on.
func TestOutOfMineStandInForAnOfflineSeat(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(outofmine.New())
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "outofmine", Players: 2, AutoStart: true,
		Options: game.Options{"clock": "60"}, StandIn: "easy"})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	if _, _, err := tb.Join(ctx, "Ann", -1); err != nil {
		t.Fatal(err)
	}
	if _, _, err := tb.Join(ctx, "Bo", -1); err != nil {
		t.Fatal(err)
	}
	ann, err := tb.Subscribe(0, true)
	if err != nil {
		t.Fatal(err)
	}
	defer ann.Close()
	// Ann chooses her board's side at once; Bo, who never came, does not.
	var first *table.Update
	for first == nil || first.Type != table.UpdateState {
		first = <-ann.C
	}
	if len(first.Legal) == 0 {
		t.Fatalf("Ann has no move at the start: %+v", first)
	}
	if _, err := tb.Act(ctx, 0, first.Legal[0], 1); err != nil {
		t.Fatalf("Ann chooses %s: %v", first.Legal[0], err)
	}
	go func() { // Ann's page reads its updates
		for range ann.C {
		}
	}()
	start := e.clock.Now()
	if s := seatOf(t, tb, 1); s.OfflineDeadline != start.Add(table.LiveGrace).UnixMilli() {
		t.Fatalf("Bo's offline deadline: %d; want %d, the grace of 30 s from the start", s.OfflineDeadline, start.Add(table.LiveGrace).UnixMilli())
	}
	if s := seatOf(t, tb, 0); s.OfflineDeadline != 0 {
		t.Fatalf("Ann, who is here, has an offline deadline: %+v", s)
	}
	e.clock.Advance(table.LiveGrace - time.Millisecond)
	if s := seatOf(t, tb, 1); s.StandIn {
		t.Fatalf("Bo stood in for before his grace ran out: %+v", s)
	}
	e.clock.Advance(time.Millisecond)
	if s := seatOf(t, tb, 1); !s.StandIn || s.Absent != table.AbsentOffline || s.OfflineDeadline != 0 {
		t.Fatalf("Bo's seat after 30 s offline: %+v; want a stand-in, offline, no deadline", s)
	}
	if s := seatOf(t, tb, 0); s.StandIn {
		t.Fatalf("Ann, who is here, was stood in for: %+v", s)
	}
	// The stand-in chooses Bo's side and lays tiles in the round.
	stoodIn := func() int {
		acts, _ := e.db.Actions(ctx, tb.ID())
		rec, _ := e.db.Table(ctx, tb.ID())
		n := 0
		for _, a := range acts {
			if a.Player == 1 && rec.StoodInAt(1, a.N) {
				n++
			}
		}
		return n
	}
	stepUntil(t, e, 200*time.Millisecond, 2*time.Minute, func() bool { return stoodIn() >= 4 })
	r, err := table.RecordOf(e.reg, mustTable(t, e, tb.ID()), mustActions(t, e, tb.ID()))
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for _, a := range r.Actions {
		if a.StandIn {
			if a.Player != 1 {
				t.Fatalf("record marks a move of seat %d as a stand-in's", a.Player+1)
			}
			marked++
		}
	}
	if marked < 4 {
		t.Errorf("record marks %d stand-in moves; want at least 4", marked)
	}
	if info := tb.Info(); info.Status != store.StatusPlaying {
		t.Errorf("status: %s; want playing", info.Status)
	}
}

func mustTable(t *testing.T, e *env, id string) *store.Table {
	t.Helper()
	rec, err := e.db.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func mustActions(t *testing.T, e *env, id string) []store.Action {
	t.Helper()
	acts, err := e.db.Actions(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return acts
}
