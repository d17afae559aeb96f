package tournament

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestSwissProperties plays many random events and checks every pairing:
// it is deterministic and independent of the order entrants are listed in,
// seats every active entrant exactly once and no withdrawn one, gives byes
// only to entrants with the fewest byes (so nobody gets two while rounds <
// entrants), reports its rematches truly, and at two players makes no more
// rematches than the fewest possible (found by an exhaustive search).
func TestSwissProperties(t *testing.T) {
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 71))
		n := 4 + rng.IntN(11)
		k := 2
		if seed%5 == 4 {
			k = 3 + rng.IntN(2)
			n = 2*k + rng.IntN(8)
		}
		s := Swiss{TableSize: k, Rounds: 1 + rng.IntN(min(SwissMaxRounds(n, k), 9))}
		if k > 2 {
			s.Rounds = min(s.Rounds, 5)
		}
		t.Run(fmt.Sprintf("seed%d_n%d_k%d_r%d", seed, n, k, s.Rounds), func(t *testing.T) {
			playSwiss(t, s, n, rng)
		})
	}
}

func playSwiss(t *testing.T, s Swiss, n int, rng *rand.Rand) {
	k := max(s.TableSize, 2)
	var es []Entrant
	for i := range n {
		es = append(es, Entrant{ID: fmt.Sprintf("p%02d", i), Rating: float64(1000 + rng.IntN(8)*100), Joined: i})
	}
	if err := s.CheckStart(es); err != nil {
		t.Fatal(err)
	}
	var games []Game
	var bs []Bye
	withdrawals := 0
	for round := 1; round <= s.Rounds; round++ {
		got, err := s.Pair(es, games, bs)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		again, _ := s.Pair(es, games, bs)
		if !reflect.DeepEqual(got, again) {
			t.Fatalf("round %d: pairing %+v then %+v", round, got, again)
		}
		shuffled := append([]Entrant(nil), es...)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if other, _ := s.Pair(shuffled, games, bs); !reflect.DeepEqual(got, other) {
			t.Fatalf("round %d: pairing %+v, with entrants listed in another order %+v", round, got, other)
		}
		checkPairing(t, es, games, bs, got, k)
		for _, table := range got.Tables {
			ranks := make([]int, k)
			order := rng.Perm(k)
			for place, seat := range order {
				ranks[seat] = place + 1
			}
			if rng.IntN(8) == 0 { // everybody tied
				for i := range ranks {
					ranks[i] = 1
				}
			}
			g := Game{Round: round, Players: table, Ranks: ranks}
			if rng.IntN(20) == 0 {
				g = Game{Round: round, Players: table, Aborted: true}
			}
			games = append(games, g)
		}
		bs = append(bs, byes(round, got.Byes)...)
		if rng.IntN(6) == 0 && active(es) > 2*k {
			es[rng.IntN(n)].Withdrawn = true
			withdrawals++
		}
	}
	st, err := s.Standings(es, games, bs)
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != n {
		t.Fatalf("standings have %d lines; want %d", len(st), n)
	}
	for i, x := range st {
		if x.Rank != i+1 {
			t.Fatalf("standing %d has rank %d", i+1, x.Rank)
		}
		if x.Byes > 1 && withdrawals == 0 && s.Rounds < n && k == 2 {
			t.Errorf("%s had %d byes in %d rounds of %d entrants; want at most 1", x.ID, x.Byes, s.Rounds, n)
		}
	}
}

// checkPairing checks one round's pairing against the history before it.
func checkPairing(t *testing.T, es []Entrant, games []Game, bs []Bye, p Pairing, k int) {
	t.Helper()
	met := map[[2]string]bool{}
	for _, g := range games {
		for i, a := range g.Players {
			for _, b := range g.Players[:i] {
				met[pairKey(a, b)] = true
			}
		}
	}
	byeCount := map[string]int{}
	for _, b := range bs {
		byeCount[b.ID]++
	}
	seen := map[string]int{}
	rematches := 0
	for _, table := range p.Tables {
		if len(table) != k {
			t.Fatalf("round %d: table %v; want %d players", p.Round, table, k)
		}
		for i, a := range table {
			seen[a]++
			for _, b := range table[:i] {
				if met[pairKey(a, b)] {
					rematches++
				}
			}
		}
	}
	var act []string
	var counts []int
	for _, e := range es {
		if !e.Withdrawn {
			act = append(act, e.ID)
			counts = append(counts, byeCount[e.ID])
		}
	}
	slices.Sort(counts)
	fewest, least, given := 0, 0, 0
	if len(counts) > 0 {
		fewest = counts[0]
	}
	for i, id := range p.Byes {
		seen[id]++
		least += counts[i]
		given += byeCount[id]
	}
	if given != least {
		t.Errorf("round %d: byes to %v, who had %d byes together; %d is possible", p.Round, p.Byes, given, least)
	}
	if len(p.Byes) != len(act)%k {
		t.Errorf("round %d: %d byes for %d players; want %d", p.Round, len(p.Byes), len(act), len(act)%k)
	}
	for _, e := range es {
		want := 1
		if e.Withdrawn {
			want = 0
		}
		if seen[e.ID] != want {
			t.Fatalf("round %d: %s (withdrawn %v) is seated %d times; want %d", p.Round, e.ID, e.Withdrawn, seen[e.ID], want)
		}
	}
	if rematches != p.Rematches {
		t.Errorf("round %d: pairing has %d rematches; it reports %d", p.Round, rematches, p.Rematches)
	}
	if k != 2 {
		return
	}
	rematch := func(a, b string) int {
		if met[pairKey(a, b)] {
			return 1
		}
		return 0
	}
	if least := fewestCost(act, rematch, byeCount, fewest); rematches != least {
		t.Errorf("round %d: %d rematches in %v; %d is possible", p.Round, rematches, p.Tables, least)
	}
	// Seat balance: nobody falls three games behind in first seats
	// while a pairing without rematches avoids it.
	lean := map[string]int{}
	for _, g := range games {
		if g.Aborted {
			continue // an aborted game's seats do not count
		}
		lean[g.Players[0]]++
		lean[g.Players[1]]--
	}
	clash := func(a, b string) bool {
		return lean[a] >= 2 && lean[b] >= 2 || lean[a] <= -2 && lean[b] <= -2
	}
	clashes := 0
	for _, table := range p.Tables {
		if clash(table[0], table[1]) {
			clashes++
		}
	}
	if clashes > 0 && rematches == 0 {
		strict := func(a, b string) int {
			if clash(a, b) {
				return 1
			}
			return rematch(a, b)
		}
		if fewestCost(act, strict, byeCount, fewest) == 0 {
			t.Errorf("round %d: %v leaves a player three first seats off balance, and a pairing avoids it", p.Round, p.Tables)
		}
	}
	for _, table := range p.Tables {
		if l0, l1 := lean[table[0]], lean[table[1]]; l0 > l1 {
			t.Errorf("round %d: %s sits first with a seat balance of %d, before %s with %d", p.Round, table[0], l0, table[1], l1)
		}
	}
}

// fewestCost returns the least total cost of the pairs of any two-player
// pairing of ids that gives the bye (if one is due) to an entrant with
// fewest byes, by dynamic programming over subsets.
func fewestCost(ids []string, cost func(a, b string) int, byeCount map[string]int, fewest int) int {
	n := len(ids)
	best := n * n
	try := func(out int) {
		full := (1<<n - 1) &^ out
		memo := make(map[int]int)
		var pair func(mask int) int
		pair = func(mask int) int {
			if mask == 0 {
				return 0
			}
			if v, ok := memo[mask]; ok {
				return v
			}
			a := bits.TrailingZeros(uint(mask))
			v := n * n
			for b := a + 1; b < n; b++ {
				if mask&(1<<b) == 0 {
					continue
				}
				c := pair(mask &^ (1 << a) &^ (1 << b))
				v = min(v, c+cost(ids[a], ids[b]))
			}
			memo[mask] = v
			return v
		}
		best = min(best, pair(full))
	}
	if n%2 == 0 {
		try(0)
		return best
	}
	for i, id := range ids {
		if byeCount[id] == fewest {
			try(1 << i)
		}
	}
	return best
}

// TestSwissNearRoundRobin plays 31 entrants over 30 rounds, where late
// rounds leave few pairings without rematches: every round must still find
// one, and the byes go to 30 different entrants.
func TestSwissNearRoundRobin(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 30))
	s := Swiss{Rounds: 30}
	var es []Entrant
	for i := range 31 {
		es = append(es, Entrant{ID: fmt.Sprintf("p%02d", i), Rating: float64(1000 + rng.IntN(1000))})
	}
	var games []Game
	var bs []Bye
	for round := 1; round <= s.Rounds; round++ {
		p, err := s.Pair(es, games, bs)
		if err != nil {
			t.Fatal(err)
		}
		if p.Rematches != 0 {
			t.Fatalf("round %d has %d rematches; want 0", round, p.Rematches)
		}
		for _, table := range p.Tables {
			games = append(games, winner(round, table, table[rng.IntN(2)]))
		}
		bs = append(bs, byes(round, p.Byes)...)
	}
	had := map[string]bool{}
	for _, b := range bs {
		if had[b.ID] {
			t.Errorf("%s had two byes", b.ID)
		}
		had[b.ID] = true
	}
}
