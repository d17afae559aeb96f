package outofmine

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// outcomes returns the notation of chance's outcomes in s, checking that
// they are its legal actions, each as likely as the others.
func outcomes(t *testing.T, s *State) []string {
	t.Helper()
	outs := s.ChanceOutcomes(nil)
	legal := s.Legal(game.Chance, nil)
	if len(outs) != len(legal) {
		t.Fatalf("got %d outcomes and %d legal actions of chance", len(outs), len(legal))
	}
	var names []string
	for i, o := range outs {
		if o.Action != legal[i] || math.Abs(o.Probability-1/float64(len(outs))) > 1e-12 {
			t.Fatalf("outcome %d is %v; want legal action %d with probability 1/%d", i, o, legal[i], len(outs))
		}
		names = append(names, s.ActionString(game.Chance, o.Action))
	}
	return names
}

// boardIDs returns the ids of the boards in place.
func boardIDs(s *State, place int8) []int {
	var ids []int
	for b := range s.pack.Boards {
		if s.boards[b] == place {
			ids = append(ids, s.pack.Boards[b].ID)
		}
	}
	return ids
}

// TestSetUpDealsBoardsByChance: "Each player randomly gets a gallery board.
// [...] Lay out six further gallery boards as a draw pile. If there are any
// gallery boards left after that, put them back into the box." Chance deals
// one board per seat, each of the boards not yet dealt as likely; the pile
// is six boards no one sees.
func TestSetUpDealsBoardsByChance(t *testing.T) {
	s0, _, err := game.Start(New(), 3, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	if got := s.Actors(nil); s.phase != PhaseDeal || !slices.Equal(got, []game.Player{game.Chance}) {
		t.Fatalf("at the start: phase %s, actors %v; want deal by chance", s.phase, got)
	}
	for p := range 3 {
		if got := s.Legal(game.Player(p), nil); len(got) != 0 {
			t.Errorf("seat %d has legal actions %v while the boards are dealt", p+1, got)
		}
	}
	refused(t, s, 0, "side A", "the boards are being dealt")
	want := make([]string, NumBoards)
	for i := range want {
		want[i] = fmt.Sprintf("deal board %d to seat 1", i+1)
	}
	if got := outcomes(t, s); !slices.Equal(got, want) {
		t.Fatalf("first deal: got %v; want every board to seat 1", got)
	}
	refused(t, s, game.Chance, "deal board 3 to seat 2", "seat 1 gets the next board")
	play(t, s, game.Chance, "deal board 3 to seat 1")
	got := outcomes(t, s)
	if len(got) != NumBoards-1 || slices.Contains(got, "deal board 3 to seat 2") || got[0] != "deal board 1 to seat 2" {
		t.Fatalf("second deal: got %v; want the 9 other boards to seat 2", got)
	}
	refused(t, s, game.Chance, "deal board 3 to seat 2", "not among the boards to deal")
	play(t, s, game.Chance, "deal board 9 to seat 2")
	if got := outcomes(t, s); len(got) != NumBoards-2 {
		t.Fatalf("third deal: got %d outcomes; want 8 (the last seat is dealt at random from the rest too)", len(got))
	}
	play(t, s, game.Chance, "deal board 1 to seat 3")
	if s.phase != PhaseChoose {
		t.Fatalf("after 3 deals: phase %s; want choose", s.phase)
	}
	v := viewOf(t, s, game.Spectator)
	if v.PileBoards != PileBoards || v.Players[0].Board != 3 || v.Players[1].Board != 9 || v.Players[2].Board != 1 {
		t.Errorf("got pile %d and boards %d, %d, %d; want 6 and 3, 9, 1", v.PileBoards, v.Players[0].Board, v.Players[1].Board, v.Players[2].Board)
	}
	if got := boardIDs(s, boardUnseen); len(got) != NumBoards-3 {
		t.Errorf("got unseen boards %v; want the 7 boards not dealt", got)
	}
}

// TestCardsAreDealtFaceDownThenRevealed: "Each player draws a face-down
// treasure card from the pile." and "All players simultaneously reveal
// their treasure card and begin to fill their own gallery board". Chance
// deals one card per seat, every card not yet dealt in the game as
// likely; no view shows a card until the last is dealt, which reveals them
// all and starts the round and its clock.
func TestCardsAreDealtFaceDownThenRevealed(t *testing.T) {
	s := cardsDealing(t) // seat 1 holds card 17 face down
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) {
		t.Fatalf("while the cards are dealt: actors %v; want chance", got)
	}
	if _, _, on := s.Timer(); on {
		t.Errorf("the round clock runs while the cards are dealt")
	}
	refused(t, s, 1, "take Y1", "the treasure cards are being dealt")
	got := outcomes(t, s)
	if len(got) != NumCards-1 || slices.Contains(got, "draw card 17 for seat 2") || got[0] != "draw card 1 for seat 2" {
		t.Fatalf("seat 2's card: got %d outcomes from %q; want the 39 cards not dealt", len(got), got[0])
	}
	refused(t, s, game.Chance, "draw card 17 for seat 2", "already dealt")
	refused(t, s, game.Chance, "draw card 5 for seat 3", "seat 2 gets the next card")
	for _, p := range []game.Player{0, 1, 2, game.Spectator} {
		v := viewOf(t, s, p)
		pv := v.Players[0]
		if !pv.CardDown || pv.Card != 0 || pv.CardFace != nil || v.Players[1].CardDown || v.CardsLeft != NumCards-1 {
			t.Errorf("seen by %s: got seat 1's card down %v, id %d, face %v, seat 2's down %v, %d cards left; want seat 1's face down only, 39 left",
				p, pv.CardDown, pv.Card, pv.CardFace, v.Players[1].CardDown, v.CardsLeft)
		}
		b, _ := json.Marshal(s.View(p))
		if strings.Contains(string(b), `"card_face"`) || strings.Contains(string(b), `"card":`) {
			t.Errorf("seen by %s, the view names a card while they lie face down: %s", p, b)
		}
	}
	draw2, _ := s.ParseAction(game.Chance, "draw card 2 for seat 2")
	if s.MoveIsPublic(game.Chance, draw2) {
		t.Errorf("a card dealt face down is public")
	}
	// Everyone may know whose card is dealt face down, not which: the
	// same words for every card.
	for _, a := range s.ChanceOutcomes(nil) {
		if got := s.HiddenMove(game.Chance, a.Action); got != "draw card for seat 2" {
			t.Errorf("HiddenMove(%s) = %q; want \"draw card for seat 2\"", s.ActionString(game.Chance, a.Action), got)
		}
	}
	play(t, s, game.Chance, "draw card 2 for seat 2")
	draw3, _ := s.ParseAction(game.Chance, "draw card 3 for seat 3")
	if !s.MoveIsPublic(game.Chance, draw3) || s.HiddenMove(game.Chance, draw3) != "" {
		t.Errorf("the last card, which reveals every card, is hidden")
	}
	seq := s.seq
	play(t, s, game.Chance, "draw card 3 for seat 3")
	if s.phase != PhaseRound || s.seq == seq {
		t.Fatalf("after the last card: phase %s, sequence %d (was %d); want a new round", s.phase, s.seq, seq)
	}
	if phase, _, on := s.Timer(); !on || phase != s.seq {
		t.Errorf("got timer phase %d on %v; want the round's clock running from the reveal", phase, on)
	}
	v := viewOf(t, s, 1)
	for p, want := range []int{17, 2, 3} {
		if pv := v.Players[p]; pv.CardDown || pv.Card != want || pv.CardFace == nil || pv.CardFace.ID != want {
			t.Errorf("after the reveal, seat %d: got down %v, card %d, face %v; want card %d face up", p+1, pv.CardDown, pv.Card, pv.CardFace, want)
		}
	}
}

// TestBoardRotationByChance: "the player who has called "OUT OF MINE!"
// puts his gallery board back into the box; he takes a new one from the
// pile and shuffles it with the other players' gallery boards. After that,
// each player gets one gallery board again". Chance draws the new board
// from the boards no one has seen, then deals the shuffled boards one seat
// at a time; the last board left goes to the last seat without a draw.
func TestBoardRotationByChance(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ {
		s := newRound(t, 3, nil, seed)
		if !cover(t, s, 0) {
			continue
		}
		inPlay := []int{s.pack.Boards[s.seats[0].Board].ID, s.pack.Boards[s.seats[1].Board].ID, s.pack.Boards[s.seats[2].Board].ID}
		play(t, s, 0, "call")
		if got := boardIDs(s, boardReturned); !slices.Equal(got, inPlay[:1]) {
			t.Fatalf("got boards %v in the box; want the caller's %v", got, inPlay[:1])
		}
		unseen := boardIDs(s, boardUnseen)
		got := outcomes(t, s)
		if len(got) != len(unseen) || len(unseen) != NumBoards-3 {
			t.Fatalf("the board from the pile: got %v; want one of the %d unseen boards %v", got, NumBoards-3, unseen)
		}
		for i, id := range unseen {
			if want := fmt.Sprintf("draw board %d", id); got[i] != want {
				t.Fatalf("outcome %d: got %q; want %q", i, got[i], want)
			}
		}
		play(t, s, game.Chance, got[0])
		toDeal := append(slices.Clone(inPlay[1:]), unseen[0])
		slices.Sort(toDeal)
		v := viewOf(t, s, game.Spectator)
		if v.PileBoards != PileBoards-1 || !slices.Equal(v.ToDeal, toDeal) || v.Phase != "deal" {
			t.Fatalf("after the draw: pile %d, to deal %v, phase %s; want %d, %v, deal", v.PileBoards, v.ToDeal, v.Phase, PileBoards-1, toDeal)
		}
		first := outcomes(t, s)
		if len(first) != 3 || first[0] != fmt.Sprintf("deal board %d to seat 1", toDeal[0]) {
			t.Fatalf("first deal: got %v; want the 3 boards %v to seat 1", first, toDeal)
		}
		play(t, s, game.Chance, first[2])
		second := outcomes(t, s)
		if len(second) != 2 || second[1] != fmt.Sprintf("deal board %d to seat 2", toDeal[1]) {
			t.Fatalf("second deal: got %v; want boards %v to seat 2", second, toDeal[:2])
		}
		play(t, s, game.Chance, second[1])
		if s.phase != PhaseChoose || s.pack.Boards[s.seats[2].Board].ID != toDeal[0] {
			t.Fatalf("after two deals: phase %s, seat 3's board %d; want choose with the last board %d", s.phase, s.seats[2].Board, toDeal[0])
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatal("no seed gave player 0 an exact tiling")
}

// TestChanceAndSeatsKeepToTheirMoves: seats never play chance's outcomes,
// chance never plays a seat's move, and chance acts only when a random
// event is due.
func TestChanceAndSeatsKeepToTheirMoves(t *testing.T) {
	s := newRound(t, 2, nil, 3)
	refused(t, s, game.Chance, "take Y1", "no random event is due")
	refused(t, s, game.Chance, "draw card 5 for seat 1", "no random event is due")
	refused(t, s, 0, "draw card 5 for seat 1", "only chance")
	refused(t, s, game.System, "deal board 1 to seat 1", "only chance")
	s0, _, _ := game.Start(New(), 2, nil, 3)
	refused(t, s0.(*State), game.Chance, "side A", "a player's move")
	refused(t, s0.(*State), game.Chance, "lot seat 1", "the boards are being dealt now")
}

// TestMoveIsPublic: everything on the table is in plain sight, so every
// move is public but a treasure card dealt face down before the last.
func TestMoveIsPublic(t *testing.T) {
	s := newRound(t, 2, game.Options{OptClock: "60"}, 5)
	legal := s.Legal(0, nil)
	for _, a := range []game.Action{legal[0], legal[len(legal)-1]} {
		if !s.MoveIsPublic(0, a) {
			t.Errorf("seat 1's %s is hidden", s.ActionString(0, a))
		}
	}
	if up, _ := s.ParseAction(game.System, "time up"); !s.MoveIsPublic(game.System, up) {
		t.Errorf("the clock's time up is hidden")
	}
	play(t, s, game.System, "time up")
	for s.phase == PhaseDeal {
		for _, a := range s.Legal(game.Chance, nil) {
			if !s.MoveIsPublic(game.Chance, a) {
				t.Errorf("chance's %s is hidden; boards are dealt face up", s.ActionString(game.Chance, a))
			}
		}
		s.Apply(game.Chance, s.Legal(game.Chance, nil)[0])
	}
}

// TestChanceLegalDoesNotAllocate: chance's legal actions, like a seat's,
// append to dst without allocating.
func TestChanceLegalDoesNotAllocate(t *testing.T) {
	s0, _, _ := game.Start(New(), 4, nil, 1)
	s := s0.(*State)
	buf := make([]game.Action, 0, 64)
	if n := testing.AllocsPerRun(20, func() { buf = s.Legal(game.Chance, buf[:0]) }); n != 0 || len(buf) != NumBoards {
		t.Errorf("Legal(Chance) allocates %v times for %d outcomes; want 0 for %d", n, len(buf), NumBoards)
	}
}
