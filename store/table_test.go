package store_test

import (
	"testing"

	"minehall/game"
	"minehall/store"
)

// TestAbsenceIgnoresHandOvers: a device's hand-over (an event that gives
// no seat to anyone) leaves who plays a seat as it was: after a stand-in
// the seat is still stood in, and after a return its person plays it.
func TestAbsenceIgnoresHandOvers(t *testing.T) {
	handed := game.SeatEvent{Seat: 0, Event: "handed_over", N: 5, Ms: 5000}
	for _, tc := range []struct {
		name   string
		events []game.SeatEvent
		absent string
		stood  bool
	}{
		{"hand-over only", []game.SeatEvent{handed}, "", false},
		{"stand-in, then a hand-over", []game.SeatEvent{{Seat: 0, Event: game.SeatStandIn, Reason: "offline", N: 2}, handed}, "offline", true},
		{"return, then a hand-over", []game.SeatEvent{{Seat: 0, Event: game.SeatStandIn, Reason: "left", N: 1}, {Seat: 0, Event: game.SeatReturned, N: 3}, handed}, "", false},
	} {
		tb := &store.Table{SeatEvents: tc.events}
		if got := tb.Absence(0); got != tc.absent {
			t.Errorf("%s: Absence: got %q; want %q", tc.name, got, tc.absent)
		}
		if got := tb.StoodInAt(0, 9); got != tc.stood {
			t.Errorf("%s: StoodInAt(0, 9): got %v; want %v", tc.name, got, tc.stood)
		}
	}
}
