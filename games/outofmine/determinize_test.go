package outofmine

import (
	"testing"

	"minehall/game"
)

// Which unseen boards make up the pile is hidden: determinizations keep the
// pile's size and the dealt boards, and vary which unseen boards are in it.
func TestDeterminizeRedealsUnseenBoards(t *testing.T) {
	gs, _, err := game.Start(New(), 2, nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	s := gs.(*State)
	piles := map[[NumBoards]bool]bool{}
	for i := range 20 {
		rng := game.NewRand(uint64(i))
		d := s.Determinize(0, &rng).(*State)
		n := 0
		for b := range NumBoards {
			if d.inPile[b] {
				n++
			}
			if d.inPile[b] && d.inBox[b] {
				t.Fatalf("board %d is both in the pile and in the box", b)
			}
		}
		if n != PileBoards {
			t.Fatalf("determinized pile holds %d boards; want %d", n, PileBoards)
		}
		for q := range s.n {
			if d.seats[q].Board != s.seats[q].Board || d.inPile[s.seats[q].Board] || d.inBox[s.seats[q].Board] {
				t.Fatalf("player %d's dealt board moved in a determinization", q)
			}
		}
		if err := d.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
		piles[d.inPile] = true
	}
	if len(piles) < 5 {
		t.Fatalf("20 determinizations gave only %d different piles; the pile's make-up is not resampled", len(piles))
	}
}
