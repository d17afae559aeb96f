package minerals

// articulation, the reference for keepsUndivided in the tests, returns the
// cells of set whose removal would divide the
// piece of set they belong to (Tarjan's cut vertices, by an iterative
// depth-first search over fixed-size arrays).
func articulation(set *CellSet) CellSet {
	var cut, seen CellSet
	var disc, low [NumCells]int16
	var parent [NumCells]int16
	var next [NumCells]uint8 // next direction to try
	var stack [NumCells]Cell
	var buf [NumCells]Cell
	time := int16(0)
	for _, root := range set.AppendCells(buf[:0]) {
		if seen.Has(root) {
			continue
		}
		rootChildren := 0
		n := 0
		stack[n] = root
		n++
		seen.Add(root)
		parent[root] = -1
		time++
		disc[root], low[root] = time, time
		next[root] = 0
		for n > 0 {
			c := stack[n-1]
			if next[c] < uint8(numDirections) {
				nb := neighbour[c][next[c]]
				next[c]++
				if nb == noCell || !set.Has(Cell(nb)) {
					continue
				}
				u := Cell(nb)
				if !seen.Has(u) {
					seen.Add(u)
					parent[u] = int16(c)
					time++
					disc[u], low[u] = time, time
					next[u] = 0
					stack[n] = u
					n++
					if c == root {
						rootChildren++
					}
				} else if int16(u) != parent[c] {
					low[c] = min(low[c], disc[u])
				}
				continue
			}
			n--
			if pc := parent[c]; pc >= 0 {
				low[pc] = min(low[pc], low[c])
				if Cell(pc) != root && low[c] >= disc[pc] {
					cut.Add(Cell(pc))
				}
			}
		}
		if rootChildren > 1 {
			cut.Add(root)
		}
	}
	return cut
}
