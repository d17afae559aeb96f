package outofmine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// A player who can do no more stops digging: the tile in hand goes back
// to the supply, the board stays as it is, and the player takes no more
// actions this round. When every player has stopped, the system ends the
// round at once, as when the clock runs out (no caller), with the clock
// off as with it on.
func TestStopEndsTheRound(t *testing.T) {
	for _, clock := range []string{"0", "60"} {
		s := newRound(t, 2, game.Options{OptClock: clock}, 1)
		first := cellName(lowCell(s.sideOf(0).Gallery))
		play(t, s, 0, "take Y1")
		play(t, s, 0, "place r0 "+first)
		play(t, s, 0, "take B2")
		b2 := s.supply[kindOfShape(t, s, "B2")]
		play(t, s, 0, "stop")
		st := &s.seats[0]
		if !st.Stopped || st.Hand != -1 {
			t.Fatalf("clock %s: stopped %v, hand %d; want stopped with no tile in hand", clock, st.Stopped, st.Hand)
		}
		if got := s.supply[kindOfShape(t, s, "B2")]; got != b2+1 {
			t.Errorf("clock %s: %d B2 in the supply after the stop; want the tile in hand back (%d)", clock, got, b2+1)
		}
		if got := s.View(0).(View).Players[0]; !got.Stopped || got.Empty != GalleryCells-1 {
			t.Errorf("clock %s: the view shows stopped %v, %d empty; want stopped, the board as it was", clock, got.Stopped, got.Empty)
		}
		refused(t, s, 0, "take Y1", "you have stopped digging this round; it ends when every player has stopped or someone calls OUT OF MINE!")
		if legal := s.Legal(0, nil); len(legal) != 0 {
			t.Errorf("clock %s: a stopped player has %d legal actions; want none", clock, len(legal))
		}
		wantActors := []game.Player{1}
		if clock != "0" {
			wantActors = []game.Player{game.System, 1}
		}
		if got := s.Actors(nil); !slices.Equal(got, wantActors) {
			t.Errorf("clock %s: actors %v; want %v", clock, got, wantActors)
		}
		if clock == "0" {
			err := s.Explain(game.System, game.Action(actTimeUp))
			if err == nil || err.Error() != "the round clock is off, and not every player has stopped" {
				t.Errorf("clock off, one player stopped: time up is refused with %v; want the clock off and a player still digging", err)
			}
		}

		// A stop is saved and restored, and is part of the state's hash.
		_, saved, err := s.Save()
		if err != nil {
			t.Fatal(err)
		}
		back, err := New().(*Game).RestoreState(saved)
		if err != nil {
			t.Fatalf("clock %s: a state with a stop does not restore: %v", clock, err)
		}
		if h1, h2 := gametest.MustHash(t, s), gametest.MustHash(t, back); h1 != h2 || !back.(*State).seats[0].Stopped {
			t.Errorf("clock %s: restored hash %s, stopped %v; want %s and stopped", clock, h2, back.(*State).seats[0].Stopped, h1)
		}
		unstopped := s.Clone().(*State)
		unstopped.seats[0].Stopped = false
		if gametest.MustHash(t, unstopped) == gametest.MustHash(t, s) {
			t.Errorf("clock %s: a stop does not change the state's hash", clock)
		}

		play(t, s, 1, "stop")
		if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.System}) {
			t.Fatalf("clock %s: actors %v after every player stopped; want the system alone", clock, got)
		}
		if _, _, on := s.Timer(); on {
			t.Errorf("clock %s: the round clock still runs after every player stopped; want the round to end at once", clock)
		}
		if got := s.Legal(game.System, nil); !slices.Equal(got, []game.Action{game.Action(actTimeUp)}) {
			t.Fatalf("clock %s: the system may %v; want time up", clock, got)
		}
		play(t, s, game.System, "time up")
		if s.phase == PhaseRound || len(s.results) != 1 {
			t.Fatalf("clock %s: phase %s, %d results; want the round scored", clock, s.phase, len(s.results))
		}
		for p, r := range s.results[0] {
			if r.Called {
				t.Errorf("clock %s: seat %d called; want a round with no caller", clock, p)
			}
		}
		if r := s.results[0][0]; len(r.Placed) != 1 {
			t.Errorf("clock %s: seat 0 scored %d placed tiles; want its Y1", clock, len(r.Placed))
		}
		for p := range s.n {
			if s.seats[p].Stopped {
				t.Errorf("clock %s: seat %d is still stopped after the round", clock, p)
			}
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBotStopsWhenItCanDoNoMore: a hard bot whose card cannot tile its
// board lays its plan and then waits for the clock; once another player
// has stopped, or when the clock is off, it stops too.
func TestBotStopsWhenItCanDoNoMore(t *testing.T) {
	for _, clock := range []string{"0", "180"} {
		var s *State
		for seed := uint64(1); seed < 200 && s == nil; seed++ {
			c := newRound(t, 2, game.Options{OptClock: clock}, seed)
			sup := FullSupply(c.pack)
			if sol := NewSideSolver(c.pack, c.sideOf(0)).Plan(c.cardOf(0), &sup, Objective{}); sol.Empty > 0 {
				s = c
			}
		}
		if s == nil {
			t.Fatal("no seed below 200 deals seat 1 a board its card cannot tile")
		}
		b := NewBot(Levels["hard"], 3)
		act := func() game.Action {
			for range 80 {
				d, err := b.Act(context.Background(), s, 0)
				if err != nil {
					t.Fatal(err)
				}
				if d.Wait {
					return -1
				}
				play(t, s, 0, s.ActionString(0, d.Action))
				if s.seats[0].Stopped {
					return d.Action
				}
			}
			t.Fatalf("clock %s: the bot neither waits nor stops after 80 actions", clock)
			return -1
		}
		got := act()
		if clock != "0" {
			if got != -1 {
				t.Fatalf("clock on and nobody stopped: the bot stopped; want it to wait for the clock")
			}
			play(t, s, 1, "stop")
			got = act()
		}
		if got != game.Action(actStop) {
			t.Errorf("clock %s: the bot waits; want it to stop", clock)
		}
		if s.phase != PhaseRound && clock == "0" {
			t.Errorf("clock off: the round ended when only one of two players stopped")
		}
	}
}

// kindOfShape is the kind of the plain tiles of the shape named id.
func kindOfShape(t *testing.T, s *State, id string) int {
	t.Helper()
	for i, sh := range s.pack.Shapes {
		if strings.EqualFold(sh.ID, id) {
			return i * int(NumElements)
		}
	}
	t.Fatalf("no shape %s", id)
	return -1
}
