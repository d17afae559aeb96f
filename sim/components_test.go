package sim

import (
	"fmt"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// roundView is a finished state whose spectator view reports scored rounds
// the way Out of Mine's does.
type roundView struct {
	game.State
	view any
}

func (s roundView) View(p game.Player) any { return s.view }

func TestRoundComponents(t *testing.T) {
	type score struct {
		Score int `json:"score"`
	}
	type result struct {
		Board int    `json:"board"`
		Side  string `json:"side"`
		Card  int    `json:"card"`
		Score score  `json:"score"`
	}
	view := map[string]any{"results": [][]result{
		{{Board: 3, Side: "A", Card: 12, Score: score{8}}, {Board: 5, Side: "B", Card: 2, Score: score{4}}},
		{{Board: 5, Side: "A", Card: 2, Score: score{-2}}, {Board: 3, Side: "B", Card: 7, Score: score{10}}},
	}}
	s, _ := gametest.ConnectFour().New(game.Config{Players: 2})
	rounds := RoundComponents(roundView{s, view})
	if len(rounds) != 4 {
		t.Fatalf("got %d rounds %+v; want 4", len(rounds), rounds)
	}
	if r := rounds[1]; r.Seat != 1 || r.Round != 0 || r.Components[KindCard] != "2" || r.Components[KindBoardSide] != "5B" || r.Score != 4 {
		t.Fatalf("round 0 seat 1: got %+v; want card 2, board side 5B, score 4", r)
	}
	if got := RoundComponents(s); got != nil {
		t.Fatalf("Connect Four has no rounds; got %+v", got)
	}
	// Card 2 scored 4 and -2 (mean 1), card 7 10, card 12 8.
	spreads := Spreads(rounds)
	if len(spreads) != 2 || spreads[0].Kind != KindBoardSide || spreads[1].Kind != KindCard {
		t.Fatalf("got kinds %+v; want board side, card", spreads)
	}
	cards := spreads[1]
	if len(cards.Values) != 3 || cards.Values[0].Value != "2" || cards.Values[0].Mean != 1 || cards.Values[2].Value != "7" {
		t.Fatalf("cards %+v; want 2 (mean 1) hardest, 7 easiest", cards.Values)
	}
	if cards.SpreadOfMeans != 9 {
		t.Fatalf("spread %g; want 10 - 1 = 9", cards.SpreadOfMeans)
	}
	// Pooling the same rounds twice keeps the means and doubles the counts.
	merged := mergeSpreads(mergeSpreads(nil, spreads), spreads)
	if c := merged[1].Values[0]; c.N != 4 || c.Mean != 1 || merged[1].SpreadOfMeans != 9 {
		t.Fatalf("merged card 2 %+v, spread %g; want 4 rounds of mean 1, spread 9", c, merged[1].SpreadOfMeans)
	}
}

func TestNaturalOrder(t *testing.T) {
	vs := []ComponentValue{{Value: "10A"}, {Value: "2B"}, {Value: "2A"}, {Value: "1B"}}
	sortValues(vs)
	var got []string
	for _, v := range vs {
		got = append(got, v.Value)
	}
	if want := "1B 2A 2B 10A"; join(got) != want {
		t.Fatalf("got %s; want %s", join(got), want)
	}
}

func join(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// The spreads of the same rounds are the same to the bit, however a map
// orders their values: the means are summed in the values' sorted order.
func TestSpreadsSameBits(t *testing.T) {
	var rounds []ComponentRound
	for i := range 300 {
		rounds = append(rounds, ComponentRound{Seat: i % 4, Round: i % 5, Components: map[string]string{KindCard: fmt.Sprint(i % 37)},
			Score: float64(i*i%97) / 7})
	}
	first := Spreads(rounds)
	for range 30 {
		again := Spreads(rounds)
		if again[0].SDOfMeans != first[0].SDOfMeans || again[0].SpreadOfMeans != first[0].SpreadOfMeans {
			t.Fatalf("sd of means %v then %v; want the same bits", first[0].SDOfMeans, again[0].SDOfMeans)
		}
	}
}
