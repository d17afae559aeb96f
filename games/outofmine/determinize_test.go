package outofmine

import (
	"bytes"
	"encoding/json"
	"testing"

	"minehall/game"
)

// cardsDealing returns a 3-player game whose boards are dealt and sides
// chosen, with seat 1's treasure card dealt face down and the others' not.
func cardsDealing(t *testing.T) *State {
	t.Helper()
	s0, _, err := game.Start(New(), 3, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	settle(t, s, 11)
	for p := range s.n {
		play(t, s, game.Player(p), "side A")
	}
	play(t, s, game.Chance, "draw card 17 for seat 1")
	if s.phase != PhaseCards || s.seats[0].Card < 0 || s.seats[1].Card >= 0 {
		t.Fatalf("got phase %s and cards %d, %d; want seat 1's card face down and seat 2's to come", s.phase, s.seats[0].Card, s.seats[1].Card)
	}
	return s
}

// "Each player draws a face-down treasure card from the pile": no one has
// seen seat 1's card, so determinizations for every viewer keep what the
// viewer sees and draw that card anew from the cards not yet dealt.
func TestDeterminizeRedrawsFaceDownCards(t *testing.T) {
	s := cardsDealing(t)
	for _, p := range []game.Player{0, 1, 2, game.Spectator} {
		view, _ := json.Marshal(s.View(p))
		cards := map[int8]bool{}
		for i := range 30 {
			rng := game.NewRand(uint64(i))
			d := s.Determinize(p, &rng).(*State)
			if got, _ := json.Marshal(d.View(p)); !bytes.Equal(got, view) {
				t.Fatalf("a determinization for %s changes its view:\n%s\nbecomes\n%s", p, view, got)
			}
			if err := d.CheckInvariants(); err != nil {
				t.Fatalf("a determinization for %s: %v", p, err)
			}
			if d.seats[1].Card >= 0 || d.seats[2].Card >= 0 {
				t.Fatalf("a determinization for %s deals cards to seats 2 and 3", p)
			}
			cards[d.seats[0].Card] = true
		}
		if len(cards) < 10 {
			t.Errorf("30 determinizations for %s gave seat 1 only %d different cards; want the face-down card drawn anew", p, len(cards))
		}
	}
	if s.seats[0].Card != 16 {
		t.Errorf("determinizing changed the original's face-down card to index %d", s.seats[0].Card)
	}
}

// Outside the dealing of the cards nothing is hidden in the state (the
// boards and cards to come are chance nodes yet to be drawn), so a
// determinization equals the state.
func TestDeterminizeKeepsAnOpenTable(t *testing.T) {
	s := newRound(t, 3, nil, 4)
	play(t, s, 1, "take Y1")
	want, _ := json.Marshal(s.Snapshot())
	for _, p := range []game.Player{0, 2, game.Spectator} {
		rng := game.NewRand(9)
		if got, _ := json.Marshal(s.Determinize(p, &rng).Snapshot()); !bytes.Equal(got, want) {
			t.Errorf("a determinization for %s of a round in play differs from the state", p)
		}
	}
}
