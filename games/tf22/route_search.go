package tf22

import (
	"fmt"
	"math/bits"

	"minehall/game"
)

// The exact search of route puzzles.
//
// SolveRoute proves the fewest ore of a route puzzle by iterative
// deepening on the ore spent: for bound 0, 1, 2, … it searches every
// sequence of the engine's legal actions (Legal and Apply of the solo
// mode, nothing else) whose ore stays within the bound, and the first
// bound at which a sequence delivers the Ranium is the optimum. States
// are deduplicated by a key of everything that decides the future (every
// card's orientation, the crew's card, tunnel and Ranium, the Ranium on
// the planet, the loaders' docks and the ore left in the turn) together
// with the ore spent. A branch is cut only when an admissible lower bound
// (routeBound) shows it cannot deliver within the bound, so no plan
// within the bound is missed.
//
// Plans. Two optimal sequences of actions are the same plan when they hold
// the same actions, each as often, and reach the same state: the same
// actions in another order within what the rules allow. Anything else is
// another plan. The search counts the plans of the optimum up to two
// ("two or more"), by a signature per completion: the sum of a 64-bit
// mix of each action (a multiset hash) plus a hash of the state after the
// delivery.

// RouteSolution is what the search proves about a route puzzle.
type RouteSolution struct {
	// Optimum is the fewest ore that delivers the Ranium.
	Optimum int
	// Plans is the number of distinct optimal plans, capped at 2: 1 means
	// the plan is unique, 2 means two or more.
	Plans int
	// Plan is an optimal plan (the unique one when Plans is 1).
	Plan []game.Action
	// Nodes counts the positions the search expanded, over all bounds.
	Nodes int64
}

// ErrRouteBudget is returned (wrapped) when the search would expand more
// positions than its budget allows before it proves the optimum.
var ErrRouteBudget = fmt.Errorf("route search: node budget exhausted before the optimum was proved")

// SolveRoute proves the optimum of the route puzzle su within maxOre ore
// and at most maxNodes expanded positions. It fails when su is invalid,
// when no plan delivers within maxOre, or when the budget runs out
// (ErrRouteBudget): an answer without error is exact.
func SolveRoute(su RouteSetup, maxOre int, maxNodes int64) (RouteSolution, error) {
	if err := su.Check(); err != nil {
		return RouteSolution{}, err
	}
	pk := routePack()
	root := newRouteState(pk, su)
	sv := newRouteSolver(pk, colorIndex(su.Crew), maxNodes)
	sv.place(root)
	var sol RouteSolution
	for bound := sv.bound(root, maxOre); bound <= maxOre; bound++ {
		sv.limit = bound
		sv.memo = make(map[routeMemoKey]sigSet)
		set := sv.dfs(root, 0, 0)
		sol.Nodes = sv.nodes
		if sv.over {
			return sol, fmt.Errorf("%w (%d positions, bound %d ore)", ErrRouteBudget, sv.nodes, bound)
		}
		if set.n == 0 {
			continue
		}
		sol.Optimum, sol.Plans = bound, int(set.n)
		s, g := *root, 0
		for {
			e := sv.memo[routeMemoKey{routeKeyOf(&s), int8(g)}]
			a := game.Action(e.next)
			sol.Plan = append(sol.Plan, a)
			g += int(decode(int(a)).kind.cost())
			routeApply(&s, a)
			if s.phase == phaseOver {
				break
			}
		}
		return sol, nil
	}
	return sol, fmt.Errorf("route search: no plan delivers the Ranium within %d ore", maxOre)
}

// routeKey is everything of a solo position that decides its future.
type routeKey struct {
	orient [2]uint64
	misc   uint64
}

type routeMemoKey struct {
	k routeKey
	g int8
}

func routeKeyOf(s *State) routeKey {
	var k routeKey
	for p := range numPos {
		k.orient[p>>5] |= uint64(s.orient[p]) << (2 * (p & 31))
	}
	var m uint64
	for k := range numColors {
		if s.crewPos[k] >= 0 {
			m = uint64(s.crewPos[k]) | uint64(s.crewTunnel[k])<<6 | uint64(s.crewRanium[k])<<8 | uint64(k)<<11
		}
	}
	for i, p := range innerRing {
		if s.ranium&(1<<p) != 0 {
			m |= 1 << (13 + i)
		}
	}
	for i, l := range s.loader {
		m |= uint64(l) << (25 + 5*i)
	}
	m |= uint64(s.ore)<<40 | uint64(s.phase)<<44
	k.misc = m
	return k
}

func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func (k routeKey) hash() uint64 {
	return mix64(k.orient[0] ^ mix64(k.orient[1]^mix64(k.misc^0x5151)))
}

// sigSet holds up to two distinct plan signatures of the completions of a
// position, and the first action of one of them.
type sigSet struct {
	n    uint8
	next int16
	s    [2]uint64
}

func (ss *sigSet) add(x uint64, a game.Action) {
	switch {
	case ss.n == 0:
		ss.n, ss.s[0], ss.next = 1, x, int16(a)
	case ss.n == 1 && ss.s[0] != x:
		ss.n, ss.s[1] = 2, x
	}
}

type routeSolver struct {
	pk       *compiledPack
	crew     int
	any      [numPos][numColors]uint8 // card id, color: exits in any orientation
	limit    int
	memo     map[routeMemoKey]sigSet
	nodes    int64
	maxNodes int64
	over     bool
	bufs     [][]game.Action
	hf       halfFlood
	anyDir   [numColors][4]uint64 // positions whose card shows an exit N, E, S, W in some orientation
	present  [numColors]uint64    // positions whose card shows the color in some orientation
}

func newRouteSolver(pk *compiledPack, crew int, maxNodes int64) *routeSolver {
	sv := &routeSolver{pk: pk, crew: crew, maxNodes: maxNodes}
	for id := range numPos {
		for o := range 4 {
			x := pk.oriented[id][o]
			for c := range numColors {
				sv.any[id][c] |= uint8(x>>(4*c)) & 15
			}
		}
	}
	return sv
}

// place records the cards' positions of s (they never move: only their
// orientation changes) in the bitboards of exits in any orientation.
func (sv *routeSolver) place(s *State) {
	for p := range numPos {
		for c := range numColors {
			x := sv.any[s.card[p]][c]
			if x != 0 {
				sv.present[c] |= 1 << p
			}
			for e := range 4 {
				if x&(1<<e) != 0 {
					sv.anyDir[c][e] |= 1 << p
				}
			}
		}
	}
}

// bound returns the admissible lower bound of the root, the first bound
// worth searching.
func (sv *routeSolver) bound(s *State, maxOre int) int {
	return min(sv.lower(s, maxOre), maxOre+1)
}

func (sv *routeSolver) dfs(s *State, g, depth int) sigSet {
	key := routeMemoKey{routeKeyOf(s), int8(g)}
	if v, ok := sv.memo[key]; ok {
		return v
	}
	if sv.over {
		return sigSet{}
	}
	sv.nodes++
	if sv.nodes > sv.maxNodes {
		sv.over = true
		return sigSet{}
	}
	for len(sv.bufs) <= depth {
		sv.bufs = append(sv.bufs, make([]game.Action, 0, 256))
	}
	acts := s.Legal(0, sv.bufs[depth][:0])
	sv.bufs[depth] = acts
	var out sigSet
	for _, a := range acts {
		k := decode(int(a)).kind
		g2 := g + int(k.cost())
		if g2 > sv.limit {
			continue
		}
		if k != kindDeliver && g2+1 > sv.limit {
			continue // only a delivery ends a plan, and it costs 1
		}
		child := *s
		routeApply(&child, a)
		if k == kindDeliver {
			out.add(mix64(uint64(a))+routeKeyOf(&child).hash(), a)
			continue
		}
		ck := routeMemoKey{routeKeyOf(&child), int8(g2)}
		sub, seen := sv.memo[ck]
		if !seen {
			if g2+sv.lower(&child, sv.limit-g2) > sv.limit {
				sv.memo[ck] = sigSet{}
				continue
			}
			sub = sv.dfs(&child, g2, depth+1)
		}
		for i := range sub.n {
			out.add(mix64(uint64(a))+sub.s[i], a)
		}
	}
	sv.memo[key] = out
	return out
}

// lower returns a lower bound of the ore still needed to deliver from s,
// or budget+1 when it shows that budget does not suffice. It relaxes the
// rules, never tightens them:
//
//   - collecting (F) and delivering (I) cost 1 each, and reaching a
//     Ranium card costs a move (D, 1) or the secret tunnel (J, 3);
//   - every action that turns or flips a card changes one card, and any
//     other orientation of a card is one action away (A, B or C); a path
//     of cards that no card visits twice has at most two of its edges
//     (and the dock's edge) at each card, so a path whose tunnels are
//     broken at k edges needs at least ⌈k/2⌉ such actions (switching
//     tunnel color counts nothing here);
//   - the loader that takes the Ranium is at its dock at the delivery:
//     it advanced two docks at each turn's start and moved one dock per
//     H, so H costs at least its distance in docks;
//   - a delivery k turns from now comes after the ore left in this turn
//     and k-1 whole turns.
func (sv *routeSolver) lower(s *State, budget int) int {
	crew := sv.crew
	ore := int(s.ore)
	var need [numDocks]int
	for d := range need {
		need[d] = 1 << 20
	}
	p0 := int(s.crewPos[crew])
	if s.crewRanium[crew] > 0 {
		sv.hf.run(sv, s, 1<<p0, 2*budget)
		for d := range numDocks {
			if h := sv.hf.dock(sv, s, d); h < inf {
				need[d] = 1 + (h+1)/2
			}
		}
	} else {
		if s.ranium == 0 {
			return budget + 1
		}
		sv.hf.run(sv, s, 1<<p0, 2*budget)
		var walk [numPos]int
		for m := s.ranium; m != 0; m &= m - 1 {
			walk[bits.TrailingZeros64(m)] = sv.hf.at(bits.TrailingZeros64(m))
		}
		for m := s.ranium; m != 0; m &= m - 1 {
			r := bits.TrailingZeros64(m)
			sv.hf.run(sv, s, 1<<r, 2*budget)
			for d := range numDocks {
				h := sv.hf.dock(sv, s, d)
				if h >= inf {
					continue
				}
				del := (h + 1) / 2
				best := 3 + del // the secret tunnel
				if r == p0 {
					best = del
				} else if walk[r] < inf {
					best = min(best, 1+max((walk[r]+1)/2, del))
				}
				need[d] = min(need[d], 2+best)
			}
		}
	}
	out := budget + 1
	for d := range numDocks {
		if need[d] > budget {
			continue
		}
		for k := 0; ; k++ {
			wait := 0
			if k > 0 {
				wait = ore + 4*(k-1) + 1
			}
			if wait > budget {
				break
			}
			hd := numDocks
			for _, l := range s.loader {
				x := (d - int(l) - 2*k) % numDocks
				if x < 0 {
					x += numDocks
				}
				hd = min(hd, x, numDocks-x)
			}
			a := need[d] + hd
			if k == 0 {
				if a <= ore {
					out = min(out, a)
				}
				continue
			}
			out = min(out, max(wait, a))
		}
	}
	return out
}

const inf = 1 << 14

// maxHalf caps the distances of the flood in half-units.
const maxHalf = 40

// halfFlood computes, in half-units, how far each (card, tunnel color)
// lies from sources: crossing an edge between two cards in a color costs
// one half-unit for each of its two sides that does not show an exit of
// the color now (each side must show one in some orientation), and
// switching color on a card is free. It works on bitboards of the 36
// cards, one layer per distance.
type halfFlood struct {
	layer [maxHalf + 1][numColors]uint64
	top   int
}

// run floods from the cards of sources, in every color they can show, up
// to maxL half-units.
func (hf *halfFlood) run(sv *routeSolver, s *State, sources uint64, maxL int) {
	maxL = min(maxL, maxHalf)
	var curE, curS, oneE, oneS, twoE, twoS [numColors]uint64
	for c := range numColors {
		d := &s.dir[c]
		a := &sv.anyDir[c]
		feasE := a[1] & (a[3] >> 1) & notLastCol
		feasS := a[2] & (a[0] >> gridSize)
		curE[c] = d[1] & (d[3] >> 1) & notLastCol
		curS[c] = d[2] & (d[0] >> gridSize)
		twoE[c] = feasE &^ d[1] &^ (d[3] >> 1)
		twoS[c] = feasS &^ d[2] &^ (d[0] >> gridSize)
		oneE[c] = feasE &^ curE[c] &^ twoE[c]
		oneS[c] = feasS &^ curS[c] &^ twoS[c]
	}
	close0 := func(r *[numColors]uint64) {
		for {
			changed := false
			var all uint64
			for c := range numColors {
				n := flood(r[c], curE[c], curS[c])
				if n != r[c] {
					changed = true
				}
				r[c] = n
				all |= n
			}
			for c := range numColors {
				n := r[c] | all&sv.present[c]
				if n != r[c] {
					changed = true
					r[c] = n
				}
			}
			if !changed {
				return
			}
		}
	}
	spread := func(x, e, so uint64) uint64 {
		return (x&e)<<1 | (x>>1)&e | (x&so)<<gridSize | (x>>gridSize)&so
	}
	var r0 [numColors]uint64
	for c := range numColors {
		r0[c] = sources & sv.present[c]
	}
	close0(&r0)
	hf.layer[0] = r0
	hf.top = 0
	for L := 1; L <= maxL; L++ {
		r := hf.layer[L-1]
		grew := false
		for c := range numColors {
			n := r[c] | spread(hf.layer[L-1][c], oneE[c], oneS[c])
			if L >= 2 {
				n |= spread(hf.layer[L-2][c], twoE[c], twoS[c])
			}
			r[c] = n
		}
		close0(&r)
		for c := range numColors {
			if r[c] != hf.layer[L-1][c] {
				grew = true
			}
		}
		hf.layer[L] = r
		hf.top = L
		if !grew && L >= 2 && hf.layer[L-2] == r {
			break
		}
	}
}

// at returns the least distance of card p in any color, or inf.
func (hf *halfFlood) at(p int) int {
	for L := 0; L <= hf.top; L++ {
		for c := range numColors {
			if hf.layer[L][c]&(1<<p) != 0 {
				return L
			}
		}
	}
	return inf
}

// dock returns the distance to dock d through its card's exit onto it,
// or inf.
func (hf *halfFlood) dock(sv *routeSolver, s *State, d int) int {
	dk := sv.pk.docks[d]
	p := int(dk.pos)
	best := inf
	for L := 0; L <= hf.top && L < best; L++ {
		for c := range numColors {
			if hf.layer[L][c]&(1<<p) == 0 || sv.any[s.card[p]][c]&dk.edge == 0 {
				continue
			}
			w := L
			if s.exitsOf(p, c)&dk.edge == 0 {
				w++
			}
			best = min(best, w)
		}
	}
	return best
}
