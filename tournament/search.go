package tournament

import "slices"

// The search that seats players at tables, shared by Swiss and arena
// pairing. Players are indices into a pairing order; two players conflict
// when they should not meet (a Swiss rematch, an arena repeat of the last
// game). The search tries sets of players to leave out (Swiss byes, arena
// players who keep waiting) and, for each, seats everyone else so that no
// more than a given number of conflicting pairs share a table, taking
// candidates in the order the caller prefers; the first arrangement found
// wins, so the result is deterministic. At two-player tables it is exact
// and polynomial (a maximum matching tells at each step how few conflicts
// the rest can have); at larger tables it is a depth-first search within a
// step budget.

const (
	// searchSteps bounds one depth-first search, searchTotal all the
	// searches of one pairing; past them the search gives up on the
	// constraint it was trying and relaxes it (more conflicts allowed).
	searchSteps = 20000
	searchTotal = 400000
	// outPool is how many of the caller's preferred leave-out candidates
	// are combined when more than one player must be left out.
	outPool = 4
)

// candidateOrder returns the players p may share a table with, best first;
// free is every other unseated player, in pairing order.
type candidateOrder func(p int, free []int) []int

// arrangement is a search's result: tables of player indices (the table of
// the first seated player first, each table in the order its players were
// chosen), the players left out, and the number of conflicting pairs
// seated together.
type arrangement struct {
	tables    [][]int
	out       []int
	conflicts int
}

// arrange seats players 0..n-1 at tables of k, leaving n mod k out.
// outSets lists the leave-out sets to try, at least one: fewer conflicts
// come first, then the order of the sets. With n mod k = 0, pass one empty
// set.
//
// clash, if not nil, marks pairs that had better not meet either, but less
// so than conflicting ones: an arrangement without conflicts and without
// clashes is preferred to one without conflicts; clashes are not counted
// otherwise.
func arrange(n, k int, conflict, clash [][]bool, order candidateOrder, outSets [][]int) arrangement {
	if k == 2 {
		return arrangePairs(n, conflict, clash, order, outSets)
	}
	s := searcher{k: k, order: order, total: searchTotal}
	var either [][]bool
	if clash != nil {
		either = make([][]bool, n)
		for i := range either {
			either[i] = make([]bool, n)
			for j := range either[i] {
				either[i][j] = conflict[i][j] || clash[i][j]
			}
		}
	}
	found := func(tables [][]int, out []int) arrangement {
		s.conflict = conflict
		return arrangement{tables: tables, out: out, conflicts: s.counted(tables)}
	}
	maxConflicts := (n / k) * k * (k - 1) / 2
	if either != nil {
		s.conflict = either
		for _, out := range outSets {
			if tables, ok := s.search(n, out, 0, searchSteps); ok {
				return found(tables, out)
			}
			if s.total <= 0 {
				break
			}
		}
	}
	s.conflict = conflict
	for r := 0; r <= maxConflicts && s.total > 0; r++ {
		for _, out := range outSets {
			if tables, ok := s.search(n, out, r, searchSteps); ok {
				return found(tables, out)
			}
			if s.total <= 0 {
				break
			}
		}
	}
	// Out of budget: relax everything. Without a bound on conflicts the
	// first descent succeeds.
	out := outSets[0]
	s.conflict, s.total = conflict, n+1
	tables, _ := s.search(n, out, maxConflicts, n+1)
	return found(tables, out)
}

// searcher holds one arrangement's search.
type searcher struct {
	k        int
	conflict [][]bool
	order    candidateOrder
	total    int // steps left for all searches

	// Per search.
	seated  []bool
	avail   []int // per unseated player: unseated others it does not conflict with
	tables  [][]int
	max     int
	steps   int
	aborted bool
}

// counted returns the number of conflicting pairs seated together.
func (s *searcher) counted(tables [][]int) int {
	c := 0
	for _, t := range tables {
		for i := range t {
			for j := range i {
				if s.conflict[t[i]][t[j]] {
					c++
				}
			}
		}
	}
	return c
}

// search seats every player of 0..n-1 not in out with at most max
// conflicts, within steps; it reports false when there is no such
// arrangement or the steps ran out.
func (s *searcher) search(n int, out []int, max, steps int) ([][]int, bool) {
	s.seated = make([]bool, n)
	for _, o := range out {
		s.seated[o] = true
	}
	s.avail = make([]int, n)
	for x := range n {
		if s.seated[x] {
			continue
		}
		for y := range n {
			if y != x && !s.seated[y] && !s.conflict[x][y] {
				s.avail[x]++
			}
		}
	}
	s.tables, s.max, s.steps, s.aborted = nil, max, steps, false
	if !s.feasible(0) {
		return nil, false
	}
	if !s.next(0) {
		return nil, false
	}
	return s.tables, true
}

// feasible reports whether, with used conflicts spent, every unseated player
// may still find k-1 table mates it does not conflict with when no conflict
// is left to spend (a necessary condition only).
func (s *searcher) feasible(used int) bool {
	if used < s.max {
		return true
	}
	for x, seated := range s.seated {
		if !seated && s.avail[x] < s.k-1 {
			return false
		}
	}
	return true
}

// next seats the first unseated player and everyone after it.
func (s *searcher) next(used int) bool {
	p := -1
	var free []int
	for x, seated := range s.seated {
		switch {
		case seated:
		case p < 0:
			p = x
		default:
			free = append(free, x)
		}
	}
	if p < 0 {
		return true
	}
	table := make([]int, 1, s.k)
	table[0] = p
	return s.fill(table, s.order(p, free), 0, used)
}

// fill completes table from cands[from:], then seats the rest.
func (s *searcher) fill(table, cands []int, from, used int) bool {
	if len(table) == s.k {
		return s.commit(table, used)
	}
	for i := from; i <= len(cands)-(s.k-len(table)); i++ {
		c := cands[i]
		add := 0
		for _, t := range table {
			if s.conflict[t][c] {
				add++
			}
		}
		if used+add > s.max {
			continue
		}
		s.steps--
		s.total--
		if s.steps < 0 || s.total < 0 {
			s.aborted = true
			return false
		}
		if s.fill(append(table, c), cands, i+1, used+add) {
			return true
		}
		if s.aborted {
			return false
		}
	}
	return false
}

// commit seats a full table and the rest, undoing the table if the rest
// cannot be seated.
func (s *searcher) commit(table []int, used int) bool {
	t := append([]int(nil), table...)
	s.mark(t, true)
	s.tables = append(s.tables, t)
	if s.feasible(used) && s.next(used) {
		return true
	}
	s.tables = s.tables[:len(s.tables)-1]
	s.mark(t, false)
	return false
}

// mark seats (or unseats) the players of t and updates the others' counts
// of possible table mates.
func (s *searcher) mark(t []int, seat bool) {
	for _, x := range t {
		s.seated[x] = seat
	}
	d := -1
	if !seat {
		d = 1
	}
	for x, seated := range s.seated {
		if seated {
			continue
		}
		for _, y := range t {
			if !s.conflict[x][y] {
				s.avail[x] += d
			}
		}
	}
}

// leaveOutSets returns the leave-out sets of size b drawn from cands (best
// first) whose cost is least (the cost of a set is the sum of its members'
// costs), in the order combinations of cands come. A single player may be
// any candidate; for larger sets only the first b+outPool candidates are
// combined.
func leaveOutSets(b int, cands []int, cost func(int) int) [][]int {
	if b == 0 {
		return [][]int{nil}
	}
	pool := cands
	if b > 1 {
		pool = cands[:min(len(cands), b+outPool)]
	}
	var sets [][]int
	least := -1
	var combine func(set []int, from, c int)
	combine = func(set []int, from, c int) {
		if len(set) == b {
			switch {
			case least < 0 || c < least:
				least, sets = c, [][]int{slices.Clone(set)}
			case c == least:
				sets = append(sets, slices.Clone(set))
			}
			return
		}
		for i := from; i < len(pool); i++ {
			combine(append(set, pool[i]), i+1, c+cost(pool[i]))
		}
	}
	combine(nil, 0, 0)
	return sets
}

// arrangePairs is arrange at two-player tables. With clash, it first looks
// for the first set and pairing, in order, without conflicts and clashes;
// failing that, it takes the first set whose players can be paired with
// the fewest conflicts. Then, from the top, each player takes the first
// candidate that still lets the others be paired within that number of
// conflicts, which a maximum matching of the allowed pairs says exactly:
// the fewest conflicts of n players is n/2 less the matching's size.
func arrangePairs(n int, conflict, clash [][]bool, order candidateOrder, outSets [][]int) arrangement {
	allowed := func(bad ...[][]bool) [][]bool {
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
			for j := range adj[i] {
				adj[i][j] = i != j
				for _, b := range bad {
					adj[i][j] = adj[i][j] && !b[i][j]
				}
			}
		}
		return adj
	}
	all := make([]bool, n)
	for i := range all {
		all[i] = true
	}
	// least returns the matching of the players not in out and the fewest
	// conflicts they can be paired with.
	least := func(base *matching, out []int) (*matching, int) {
		m := base.clone()
		m.remove(out...)
		return m, m.live()/2 - m.size
	}
	if clash != nil {
		adj := allowed(conflict, clash)
		base := newMatching(adj, all)
		for _, out := range outSets {
			if m, c := least(base, out); c == 0 {
				return pairFrom(m, conflict, order, out, 0)
			}
		}
	}
	base := newMatching(allowed(conflict), all)
	best, bestOut, bestC := (*matching)(nil), []int(nil), 0
	for _, out := range outSets {
		m, c := least(base, out)
		if best == nil || c < bestC {
			best, bestOut, bestC = m, out, c
		}
		if c == 0 {
			break
		}
	}
	return pairFrom(best, conflict, order, bestOut, bestC)
}

// pairFrom pairs the live players of m from the top, each with its first
// candidate that keeps the pairing within limit pairs not allowed in m's
// graph; m must allow that.
func pairFrom(m *matching, conflict [][]bool, order candidateOrder, out []int, limit int) arrangement {
	a := arrangement{out: out}
	used := 0
	for {
		p := -1
		var free []int
		for x, alive := range m.alive {
			switch {
			case !alive:
			case p < 0:
				p = x
			default:
				free = append(free, x)
			}
		}
		if p < 0 {
			break
		}
		taken := false
		for _, q := range order(p, free) {
			c := 0
			if !m.adj[p][q] {
				c = 1
			}
			next := m.clone()
			next.remove(p, q)
			if used+c+next.live()/2-next.size <= limit {
				m, used = next, used+c
				a.tables = append(a.tables, []int{p, q})
				if conflict[p][q] {
					a.conflicts++
				}
				taken = true
				break
			}
		}
		if !taken { // cannot happen when m allows limit; end all the same
			q := free[0]
			m.remove(p, q)
			a.tables = append(a.tables, []int{p, q})
			if conflict[p][q] {
				a.conflicts++
			}
		}
	}
	return a
}
