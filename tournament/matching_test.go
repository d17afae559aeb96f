package tournament

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestMatching compares the blossom matching's size, on random graphs and
// after removing vertices, with an exhaustive count.
func TestMatching(t *testing.T) {
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 3))
		n := 1 + rng.IntN(13)
		density := rng.Float64()
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
		}
		for i := range n {
			for j := range i {
				if rng.Float64() < density {
					adj[i][j], adj[j][i] = true, true
				}
			}
		}
		alive := make([]bool, n)
		for i := range alive {
			alive[i] = true
		}
		m := newMatching(adj, alive)
		if want := bruteMatching(adj, 1<<n-1); m.size != want {
			t.Fatalf("seed %d: matching of %d pairs; want %d", seed, m.size, want)
		}
		checkMates(t, m)
		mask := 1<<n - 1
		for m.live() > 0 {
			v := rng.IntN(n)
			if !m.alive[v] {
				continue
			}
			m.remove(v)
			mask &^= 1 << v
			if want := bruteMatching(adj, mask); m.size != want {
				t.Fatalf("seed %d, after removing %d: matching of %d pairs; want %d", seed, v, m.size, want)
			}
			checkMates(t, m)
		}
	}
}

// checkMates checks that the mates are symmetric, alive, adjacent and as
// many as the size says.
func checkMates(t *testing.T, m *matching) {
	t.Helper()
	pairs := 0
	for v, u := range m.mate {
		if u < 0 {
			continue
		}
		if !m.alive[v] || !m.alive[u] || m.mate[u] != v || !m.adj[v][u] {
			t.Fatalf("bad mate %d–%d", v, u)
		}
		pairs++
	}
	if pairs != 2*m.size {
		t.Fatalf("%d mated vertices for a size of %d", pairs, m.size)
	}
}

// bruteMatching returns the size of a maximum matching of the vertices in
// mask.
func bruteMatching(adj [][]bool, mask int) int {
	if mask == 0 {
		return 0
	}
	v := bits.TrailingZeros(uint(mask))
	rest := mask &^ (1 << v)
	best := bruteMatching(adj, rest)
	for u := range adj {
		if rest&(1<<u) != 0 && adj[v][u] {
			best = max(best, 1+bruteMatching(adj, rest&^(1<<u)))
		}
	}
	return best
}
