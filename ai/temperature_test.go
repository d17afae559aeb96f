package ai

import (
	"context"
	"math"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// TestTemperatureDrawsByVisits checks the draw of a search with a
// temperature over a root whose actions were visited 10, 30, 60 and 0
// times: each action comes out in proportion to visits^(1/temperature),
// and the unvisited one never.
func TestTemperatureDrawsByVisits(t *testing.T) {
	visits := []int32{10, 30, 60, 0}
	for _, tc := range []struct {
		temperature float64
		want        []float64
	}{
		{1, []float64{0.1, 0.3, 0.6, 0}},
		{0.5, []float64{100.0 / 4600, 900.0 / 4600, 3600.0 / 4600, 0}},
		{0.01, []float64{0, 0, 1, 0}},
	} {
		m := NewMCTS(MCTSConfig{Temperature: tc.temperature, Seed: 3})
		m.nodes = []node{{}}
		for i, v := range visits {
			m.nodes[0].children = append(m.nodes[0].children, int32(len(m.nodes)))
			m.nodes = append(m.nodes, node{action: game.Action(5 + i), visits: v})
		}
		const draws = 20000
		counts := make([]int, len(visits))
		for range draws {
			a, ok := m.drawByVisits()
			if !ok {
				t.Fatalf("temperature %v: no action drawn", tc.temperature)
			}
			counts[a-5]++
		}
		for i, w := range tc.want {
			if got := float64(counts[i]) / draws; math.Abs(got-w) > 0.015 {
				t.Errorf("temperature %v: the action visited %d times came out in %.3f of the draws; want %.3f", tc.temperature, visits[i], got, w)
			}
		}
		if counts[3] != 0 {
			t.Errorf("temperature %v: the unvisited action came out %d times", tc.temperature, counts[3])
		}
	}
}

// TestTemperatureInAct checks Act with a temperature in a Connect Four
// position where one drop wins at once: the same seed makes the same
// choice, the search without a temperature and at 0.1 always takes the
// winning drop, and at a temperature of 2 it sometimes takes another.
func TestTemperatureInAct(t *testing.T) {
	ctx := context.Background()
	s, _, _ := game.Start(gametest.ConnectFour(), 2, nil, 1)
	for _, m := range []string{"a", "b", "a", "b", "a", "c"} {
		if _, err := game.PlayNotation(s, s.(*gametest.C4State).Turn, m); err != nil {
			t.Fatal(err)
		}
	}
	act := func(temperature float64, seed uint64) string {
		t.Helper()
		d, err := NewMCTS(MCTSConfig{Budget: Budget{Iterations: 500}, Temperature: temperature, Seed: seed}).Act(ctx, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.Check(s, 0, d.Action); err != nil {
			t.Fatalf("temperature %v, seed %d: %v", temperature, seed, err)
		}
		return s.ActionString(0, d.Action)
	}
	others := 0
	for seed := range uint64(20) {
		for _, temperature := range []float64{0, 0.1} {
			if got := act(temperature, seed); got != "a" {
				t.Errorf("seed %d, temperature %v: played %s; want a, the winning drop", seed, temperature, got)
			}
		}
		got := act(2, seed)
		if again := act(2, seed); again != got {
			t.Fatalf("seed %d: the same seed played %s, then %s", seed, got, again)
		}
		if got != "a" {
			others++
		}
	}
	if others == 0 {
		t.Errorf("at temperature 2 all 20 seeds took the winning drop; want some other drops drawn by their visits")
	}
	t.Logf("at temperature 2, %d of 20 seeds took another drop", others)
}
