package outofmine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
	"minehall/review/reviewtest"
)

// blunderRecord returns a record of a round where seat 1 plays side A of
// board 1 with card 1, which the solver tiles exactly (see
// TestSolvePuzzleCountsPerfect), and lays its first tile where the board
// can then be filled to no better than 4 empty spaces; the clock then ends
// the round. It returns the record and the blunder's action number.
func blunderRecord(t *testing.T) (*game.Record, int) {
	t.Helper()
	rec, err := game.NewRecorder(New(), 2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	ms := int64(0)
	play := func(p game.Player, a game.Action) {
		t.Helper()
		ms += 100
		if err := rec.Play(p, a, ms); err != nil {
			t.Fatal(err)
		}
	}
	s := rec.State.(*State)
	chance := func(want string) {
		t.Helper()
		for slices.Contains(s.Actors(nil), game.Chance) {
			outs := s.ChanceOutcomes(nil)
			pick := outs[0].Action
			for _, o := range outs {
				if name := s.ActionString(game.Chance, o.Action); name == want || strings.HasSuffix(name, "to seat 2") && !strings.Contains(name, "board 1 ") || strings.HasSuffix(name, "for seat 2") && !strings.Contains(name, "card 1 ") {
					pick = o.Action
					break
				}
			}
			play(game.Chance, pick)
		}
	}
	chance("deal board 1 to seat 1")
	play(0, game.Action(actSide))
	play(1, s.Legal(1, nil)[0])
	chance("draw card 1 for seat 1")
	if b, c := s.pack.Boards[s.seats[0].Board].ID, s.pack.Cards[s.seats[0].Card].ID; b != 1 || c != 1 || s.phase != PhaseRound {
		t.Fatalf("seat 1 has board %d and card %d in phase %s; want 1, 1, round", b, c, s.phase)
	}
	j := &judge{pack: s.pack, memo: map[residualKey]int{}}
	for _, take := range s.Legal(0, nil) {
		if int(take) >= actReturn {
			break
		}
		c := s.Clone().(*State)
		c.Apply(0, take)
		for _, place := range c.Legal(0, nil) {
			if int(place) < actPlace || int(place) >= actMove {
				continue
			}
			d := c.Clone().(*State)
			d.Apply(0, place)
			if j.fewestEmpty(d, 0) >= 4 {
				play(0, take)
				play(0, place)
				n := len(rec.Rec.Actions)
				play(game.System, game.Action(actTimeUp))
				r, err := rec.Finish()
				if err != nil {
					t.Fatal(err)
				}
				return r, n
			}
		}
	}
	t.Fatal("no first tile leaves 4 empty spaces or more")
	return nil, 0
}

func TestJudgeMarksATileThatCostsFourSpacesABlunder(t *testing.T) {
	rec, n := blunderRecord(t)
	res, err := review.Review(context.Background(), New(), rec, review.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scale != ai.ScalePoints {
		t.Errorf("scale is %q; want points", res.Scale)
	}
	var m review.Move
	for _, x := range res.Moves {
		if x.N == n {
			m = x
		}
	}
	if m.Mark != "blunder" || m.BestValue != 10 || m.Value > 6 || !strings.HasPrefix(m.Best, "place ") {
		t.Fatalf("the tile that costs 4 spaces (%d) is judged %+v; want a blunder against a place worth 10", n, m)
	}
	if len(res.Rounds) != 2 {
		t.Fatalf("rounds are %+v; want the first round's two seats", res.Rounds)
	}
	r := res.Rounds[0]
	if r.Round != 1 || r.Seat != 0 || r.BestEmpty != 0 || r.Tiling == "" || !slices.Contains(r.Costly, rec.Actions[n-1].Move) {
		t.Errorf("seat 1's round is %+v; want round 1, best 0 empty with a tiling, and the costly tile %q", r, rec.Actions[n-1].Move)
	}
	if r.Empty <= r.BestEmpty {
		t.Errorf("seat 1 left %d empty; want more than the best %d", r.Empty, r.BestEmpty)
	}
}

func TestJudgeReviewsABotGame(t *testing.T) {
	g := New()
	rec := reviewtest.BotRecord(t, g, nil, []string{"easy", "hard"}, 3)
	res := reviewtest.Check(t, g, rec, review.Config{Seed: 1})
	if len(res.Rounds) != 2*Rounds {
		t.Errorf("%d rounds reported; want %d", len(res.Rounds), 2*Rounds)
	}
	for _, r := range res.Rounds {
		if r.BestEmpty > r.Empty && r.Empty >= 0 {
			t.Errorf("round %d seat %d: %d empty beats the solver's fewest %d", r.Round, r.Seat, r.Empty, r.BestEmpty)
		}
	}
}
