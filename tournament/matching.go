package tournament

// matching is a maximum matching of the live vertices of a graph given by
// an adjacency matrix (Edmonds' blossom algorithm), kept maximum as
// vertices are removed. Two-player pairing uses it to know, before each
// choice, how few rematches the players not yet paired can get away with.
type matching struct {
	adj   [][]bool
	alive []bool
	mate  []int // -1 for an unmatched vertex
	size  int   // matched pairs

	// Scratch for augment.
	parent, base  []int
	used, blossom []bool
	marked        []bool
	queue         []int
}

// newMatching returns a maximum matching of the vertices alive in adj.
func newMatching(adj [][]bool, alive []bool) *matching {
	n := len(adj)
	m := &matching{
		adj: adj, alive: append([]bool(nil), alive...), mate: make([]int, n),
		parent: make([]int, n), base: make([]int, n),
		used: make([]bool, n), blossom: make([]bool, n), marked: make([]bool, n),
	}
	for v := range m.mate {
		m.mate[v] = -1
	}
	for v := range n {
		if !m.alive[v] || m.mate[v] >= 0 {
			continue
		}
		for u := v + 1; u < n; u++ {
			if m.alive[u] && m.mate[u] < 0 && adj[v][u] {
				m.mate[v], m.mate[u] = u, v
				m.size++
				break
			}
		}
	}
	for v := range n {
		if m.alive[v] && m.mate[v] < 0 {
			m.augment(v)
		}
	}
	return m
}

// clone returns a copy that may be changed apart from m; the scratch
// space is shared, so the two must not be used at once.
func (m *matching) clone() *matching {
	c := *m
	c.alive = append([]bool(nil), m.alive...)
	c.mate = append([]int(nil), m.mate...)
	return &c
}

// live counts the live vertices.
func (m *matching) live() int {
	n := 0
	for _, a := range m.alive {
		if a {
			n++
		}
	}
	return n
}

// remove takes vertices out of the graph and restores a maximum matching:
// every augmenting path left must end at a vertex whose mate was removed,
// so it is enough to look from those.
func (m *matching) remove(vs ...int) {
	var freed []int
	for _, v := range vs {
		if !m.alive[v] {
			continue
		}
		m.alive[v] = false
		if u := m.mate[v]; u >= 0 {
			m.mate[v], m.mate[u] = -1, -1
			m.size--
			freed = append(freed, u)
		}
	}
	for _, u := range freed {
		if m.alive[u] && m.mate[u] < 0 {
			m.augment(u)
		}
	}
}

// augment looks for an augmenting path from the unmatched vertex root and,
// if there is one, flips it; it reports whether it did.
func (m *matching) augment(root int) bool {
	for i := range m.base {
		m.used[i], m.parent[i], m.base[i] = false, -1, i
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for qi := 0; qi < len(m.queue); qi++ {
		v := m.queue[qi]
		for to, edge := range m.adj[v] {
			if !edge || !m.alive[to] || m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || m.mate[to] >= 0 && m.parent[m.mate[to]] >= 0 {
				// An odd cycle: shrink the blossom to its base.
				cur := m.lca(v, to)
				clear(m.blossom)
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				for i := range m.base {
					if m.alive[i] && m.blossom[m.base[i]] {
						m.base[i] = cur
						if !m.used[i] {
							m.used[i] = true
							m.queue = append(m.queue, i)
						}
					}
				}
			} else if m.parent[to] < 0 {
				m.parent[to] = v
				if m.mate[to] < 0 {
					for u := to; u >= 0; {
						pv := m.parent[u]
						ppv := m.mate[pv]
						m.mate[u], m.mate[pv] = pv, u
						u = ppv
					}
					m.size++
					return true
				}
				m.used[m.mate[to]] = true
				m.queue = append(m.queue, m.mate[to])
			}
		}
	}
	return false
}

// lca returns the base of the blossom that joining a and b closes.
func (m *matching) lca(a, b int) int {
	clear(m.marked)
	for {
		a = m.base[a]
		m.marked[a] = true
		if m.mate[a] < 0 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.marked[b] {
			return b
		}
		b = m.parent[m.mate[b]]
	}
}

// markPath marks the blossom from v down to its base b.
func (m *matching) markPath(v, b, child int) {
	for m.base[v] != b {
		m.blossom[m.base[v]] = true
		m.blossom[m.base[m.mate[v]]] = true
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}
