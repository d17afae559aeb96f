package table

import (
	"context"
	"slices"

	"minehall/game"
	"minehall/store"
)

// SeatHandedOver is the seat event of a device passed round (pass and
// play, see "Seats on one device" in docs/protocol.md): the seat's person
// has taken the device, and the seat's turn clock starts.
//
// At a timed table of a game with hidden information whose person seats
// are all on one device (two or more), the device is covered while it is
// passed from one seat's person to another's, so that nobody sees another
// hand. The turn clock of the seat it is passed to does not run under the
// cover: it starts when the device connects with that seat's token (it
// does so once the person confirms they hold it), or when the seat acts,
// whichever is first. Both are stored as this event, so that a rebuilt
// table starts the clock at the same moment. A seat whose turn follows its
// own (the device stays in the same hands) is not handed over: its clock
// starts at once. With a person on another device the clock always runs,
// so that a device cannot keep the others waiting.
const SeatHandedOver = "handed_over"

// handOver is what a table knows of a device passed round: which seats'
// turns wait for the hand-over, and the seat whose person holds the
// device (-1 before anyone).
type handOver struct {
	waiting []bool
	holder  int
}

func newHandOver(players int) handOver {
	return handOver{waiting: make([]bool, players), holder: -1}
}

// noteTurn notes that seat's turn clock started: if the seat is on the
// device, its person holds it.
func (h *handOver) noteTurn(seat int, rec *store.Table) {
	if slices.Contains(rec.Settings.Here, game.Player(seat)) {
		h.holder = seat
	}
}

// awaitsHandOver reports whether seat's turn, which begins now, waits for
// the device to be handed over to its person (see [SeatHandedOver]); t.mu
// is held.
func (t *Table) awaitsHandOver(seat int) bool {
	here := t.rec.Settings.Here
	if t.spec.Information == game.PerfectInformation || len(here) < 2 || t.handOver.holder == seat ||
		!slices.Contains(here, game.Player(seat)) {
		return false
	}
	for i, s := range t.rec.Seats {
		if s.Kind == store.SeatPerson && !slices.Contains(here, game.Player(i)) {
			return false
		}
	}
	return true
}

// handedOver stores that seat's person has taken the device, if its turn
// waits for that, starting its clock, and tells the subscribers; t.mu is
// held.
func (t *Table) handedOver(ctx context.Context, seat game.Player) error {
	if !seat.Seated() || int(seat) >= len(t.handOver.waiting) || !t.handOver.waiting[seat] ||
		t.rec.Status != store.StatusPlaying || t.mirror {
		return nil
	}
	if err := t.addSeatEvent(ctx, seat, SeatHandedOver, ""); err != nil {
		return err
	}
	t.scheduleClocks()
	t.broadcastTable()
	return nil
}

// applyHandOver starts the turn clock of seat, whose person took the
// device at ms since the start; t.mu is held.
func (t *Table) applyHandOver(seat int, ms int64) {
	if !t.handOver.waiting[seat] {
		return
	}
	t.handOver.waiting[seat] = false
	t.handOver.holder = seat
	if t.clocks != nil && t.clocks[seat].since < 0 {
		t.clocks[seat].since = ms
	}
}
