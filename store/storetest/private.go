package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"minehall/store"
)

// testPrivateTables checks that a private table keeps its flag, its
// invitation and its reserved seats across a write and a read, that
// Filter.Public leaves it out of the list ("Private tables: not listed in
// the lobby"), and that Filter.Account finds the tables where an account
// sits or has a seat reserved ("My tables ... every table the signed-in
// player sits at").
func testPrivateTables(t *testing.T, s store.Store) {
	ctx := context.Background()
	pub := sample("pub", base())
	priv := sample("priv", base().Add(time.Second))
	priv.Private, priv.Invite, priv.Rated = true, "secret-invite", false
	priv.Seats[2] = store.Seat{Kind: store.SeatPerson, ReservedFor: "acc-bo", ReservedName: "Bo"}
	other := sample("other", base().Add(2*time.Second))
	other.Seats[0] = store.Seat{Kind: store.SeatPerson, Name: "Cy", TokenHash: []byte{7}, Account: "acc-cy"}
	for _, tb := range []*store.Table{pub, priv, other} {
		mustCreate(t, s, tb)
	}
	got, err := s.Table(ctx, "priv")
	if err != nil {
		t.Fatalf("Table(priv): %v", err)
	}
	if !reflect.DeepEqual(got, priv) {
		t.Errorf("Table(priv):\ngot  %+v\nwant %+v", got, priv)
	}
	// The reservation survives an update that takes another seat, and
	// taking the reserved seat keeps who it was reserved for.
	priv.Seats[2].Name, priv.Seats[2].TokenHash, priv.Seats[2].Account = "Bo", []byte{5}, "acc-bo"
	if err := s.UpdateTable(ctx, priv); err != nil {
		t.Fatalf("UpdateTable(priv): %v", err)
	}
	if got, err = s.Table(ctx, "priv"); err != nil || !reflect.DeepEqual(got, priv) {
		t.Errorf("Table(priv) after UpdateTable: got %+v, %v; want %+v", got, err, priv)
	}
	tests := []struct {
		filter store.Filter
		want   []string
	}{
		{store.Filter{}, []string{"other", "priv", "pub"}},
		{store.Filter{Public: true}, []string{"other", "pub"}},
		{store.Filter{Public: true, Status: []store.Status{store.StatusOpen}, Limit: 1}, []string{"other"}},
		{store.Filter{Account: "acc-ann"}, []string{"priv", "pub"}},
		{store.Filter{Account: "acc-bo"}, []string{"priv"}},
		{store.Filter{Account: "acc-cy", Public: true}, []string{"other"}},
		{store.Filter{Account: "acc-nobody"}, nil},
	}
	for _, tc := range tests {
		ts, err := s.Tables(ctx, tc.filter)
		if err != nil {
			t.Fatalf("Tables(%+v): %v", tc.filter, err)
		}
		var ids []string
		for _, tb := range ts {
			ids = append(ids, tb.ID)
		}
		if !reflect.DeepEqual(ids, tc.want) {
			t.Errorf("Tables(%+v): got %v; want %v", tc.filter, ids, tc.want)
		}
	}
	// A reservation alone finds the table before the seat is taken.
	fresh := sample("fresh", base().Add(3*time.Second))
	fresh.Private, fresh.Invite, fresh.Rated = true, "x", false
	fresh.Seats[0] = store.Seat{Kind: store.SeatPerson, ReservedFor: "acc-dee", ReservedName: "Dee"}
	mustCreate(t, s, fresh)
	ts, err := s.Tables(ctx, store.Filter{Account: "acc-dee"})
	if err != nil || len(ts) != 1 || ts[0].ID != "fresh" || ts[0].Seats[0].ReservedName != "Dee" {
		t.Errorf("Tables(account acc-dee): got %v, %v; want the table fresh with seat 0 reserved for Dee", ts, err)
	}
}
