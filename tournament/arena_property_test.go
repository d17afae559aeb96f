package tournament

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestArenaProperties runs many random arenas minute by minute: every
// pairing is deterministic, seats only waiting players, each once, at full
// tables, leaves fewer than a table waiting, and at two players seats no
// more players with their last opponent than the fewest possible (found by
// an exhaustive search); no game starts at or after the end.
func TestArenaProperties(t *testing.T) {
	for seed := range uint64(120) {
		rng := rand.New(rand.NewPCG(seed, 72))
		k := 2
		if seed%4 == 3 {
			k = 3 + rng.IntN(2)
		}
		n := k + rng.IntN(10)
		a := Arena{Start: arenaStart, End: minute(30 + rng.IntN(30)), TableSize: k}
		t.Run(fmt.Sprintf("seed%d_n%d_k%d", seed, n, k), func(t *testing.T) {
			playArena(t, a, n, rng)
		})
	}
}

func playArena(t *testing.T, a Arena, n int, rng *rand.Rand) {
	k := max(a.TableSize, 2)
	var es []Entrant
	for i := range n {
		es = append(es, Entrant{ID: fmt.Sprintf("p%02d", i), Rating: float64(1000 + rng.IntN(8)*100)})
	}
	if err := a.CheckStart(es); err != nil {
		t.Fatal(err)
	}
	var games []Game
	endAt := map[int]int{} // game index → the minute it ends
	for m := 0; m <= 70; m++ {
		now := minute(m)
		for i, g := range games {
			if g.Running() && endAt[i] <= m {
				games[i].End = now
				games[i].Ranks = make([]int, k)
				for place, seat := range rng.Perm(k) {
					games[i].Ranks[seat] = place + 1
				}
			}
		}
		if m == 10 && n > k {
			es[rng.IntN(n)].Withdrawn = true
		}
		playing := map[string]bool{}
		for _, g := range games {
			if g.Running() {
				for _, id := range g.Players {
					playing[id] = true
				}
			}
		}
		var waiting []string
		for _, e := range es {
			if !e.Withdrawn && !playing[e.ID] && rng.IntN(4) > 0 { // some stay away a minute
				waiting = append(waiting, e.ID)
			}
		}
		tables, err := a.Pair(es, games, waiting, now)
		if err != nil {
			t.Fatalf("minute %d: %v", m, err)
		}
		again, _ := a.Pair(es, games, waiting, now)
		if !reflect.DeepEqual(tables, again) {
			t.Fatalf("minute %d: pairing %v then %v", m, tables, again)
		}
		if !now.Before(a.End) && len(tables) > 0 {
			t.Fatalf("minute %d, after the end: %v", m, tables)
		}
		seated := map[string]int{}
		for _, table := range tables {
			if len(table) != k {
				t.Fatalf("minute %d: table %v; want %d players", m, table, k)
			}
			for _, id := range table {
				seated[id]++
			}
		}
		for id, c := range seated {
			if c != 1 || !slices.Contains(waiting, id) {
				t.Fatalf("minute %d: %s seated %d times, waiting %v", m, id, c, slices.Contains(waiting, id))
			}
		}
		if now.Before(a.End) && len(waiting)-len(seated) >= k {
			t.Fatalf("minute %d: %d wait and %d are seated", m, len(waiting), len(seated))
		}
		if k == 2 && now.Before(a.End) {
			checkLastOpponents(t, m, games, waiting, tables)
		}
		for _, table := range tables {
			games = append(games, Game{Start: now, Players: table})
			endAt[len(games)-1] = m + 1 + rng.IntN(6)
		}
	}
	st, err := a.Standings(es, games)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range st {
		sum := 0
		for _, p := range x.Sheet {
			sum += p
		}
		if sum != x.Points || len(x.Sheet) != x.Games {
			t.Errorf("%s: sheet %v for %d points from %d games", x.ID, x.Sheet, x.Points, x.Games)
		}
	}
}

// checkLastOpponents checks that no more waiting players meet their last
// opponent than the fewest possible.
func checkLastOpponents(t *testing.T, m int, games []Game, waiting []string, tables [][]string) {
	t.Helper()
	last := map[string][]string{}
	for _, g := range games { // in start order already
		if !g.Running() {
			for _, id := range g.Players {
				last[id] = g.Players
			}
		}
	}
	repeat := func(a, b string) int {
		if slices.Contains(last[a], b) || slices.Contains(last[b], a) {
			return 1
		}
		return 0
	}
	got := 0
	for _, table := range tables {
		got += repeat(table[0], table[1])
	}
	if least := fewestCost(waiting, repeat, map[string]int{}, 0); got != least {
		t.Errorf("minute %d: %v seats %d players with their last opponent; %d is possible", m, tables, got, least)
	}
}
