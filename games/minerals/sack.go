package minerals

import (
	"strings"

	"minehall/game"
)

// The Sack swaps any minerals of the player's pool for any minerals of one
// opponent's pool of the same total value, counts and kinds free on both
// sides (RULINGS.md). A swap is built in steps, so that the action space
// stays small: "sack with 2" opens the Sack with seat 2, "sack give
// kyanite" and "sack take anthracite" add one mineral to a side, "sack
// swap" makes the swap and "sack cancel" drops it. A step is legal only if
// a swap of equal value can still be completed from it, so a swap being
// built can always be finished. A kind is never on both sides: minerals of
// one kind given and taken would cancel out, and leaving them out of both
// sides gives the same swap. The Sack's own mineral is paid at the swap; it
// cannot be given meanwhile.

// diffSet is a set of integers from -diffOffset to diffOffset-1, as bits:
// the differences (value given minus value taken) a swap can reach.
type diffSet [8]uint64

// diffOffset is the bit of 0 in a diffSet. The pools hold at most 238
// points of minerals, so every difference fits.
const diffOffset = 256

func (d *diffSet) has(v int) bool {
	v += diffOffset
	return v >= 0 && v < 64*len(d) && d[v>>6]&(1<<(v&63)) != 0
}

func (d *diffSet) add(v int) { v += diffOffset; d[v>>6] |= 1 << (v & 63) }

func (d *diffSet) or(e *diffSet) {
	for i := range d {
		d[i] |= e[i]
	}
}

// up returns d with every member plus k (k >= 0); members past the top
// are dropped.
func (d *diffSet) up(k uint) diffSet {
	var out diffSet
	w, b := int(k/64), k%64
	for i := len(d) - 1; i >= w; i-- {
		out[i] = d[i-w] << b
		if b > 0 && i-w-1 >= 0 {
			out[i] |= d[i-w-1] >> (64 - b)
		}
	}
	return out
}

// down returns d with every member minus k (k >= 0); members past the
// bottom are dropped.
func (d *diffSet) down(k uint) diffSet {
	var out diffSet
	w, b := int(k/64), k%64
	for i := 0; i+w < len(d); i++ {
		out[i] = d[i+w] >> b
		if b > 0 && i+w+1 < len(d) {
			out[i] |= d[i+w+1] << (64 - b)
		}
	}
	return out
}

// spread returns the union of d shifted up (or down, if !up) by k·v for k
// from 0 to n, in a few shifts: n is split into 1, 2, 4, ... and a rest,
// whose sums make every count from 0 to n.
func (d *diffSet) spread(v uint, n uint8, up bool) diffSet {
	acc := *d
	for chunk := uint8(1); n > 0; chunk *= 2 {
		c := min(chunk, n)
		n -= c
		var sh diffSet
		if up {
			sh = acc.up(uint(c) * v)
		} else {
			sh = acc.down(uint(c) * v)
		}
		acc.or(&sh)
	}
	return acc
}

// sackSwapCap bounds the count of each kind the search for a first swap
// considers. A minimal swap of equal value (no smaller swap inside it) has
// at most 10 minerals: list it so that the running sum (given minus taken)
// adds a given mineral while it is at most 0 and a taken one while it is
// above 0; the running sums then stay within -4 to 5, ten values, and two
// equal running sums before the end would enclose a smaller swap. So if any
// swap exists, one exists with at most 10 minerals of each kind.
const sackSwapCap = 10

// sackReach returns the set of values "value given minus value taken" of
// every nonempty choice of give[m] in 0..a[m] and take[m] in 0..b[m] with
// no kind on both sides. Kind by kind, it adds +k·value (k given) or
// -k·value (k taken), never both, to every difference the kinds before
// reached and to 0 (nothing chosen yet); 0 itself is in the result only if
// a nonempty choice reaches it.
func sackReach(a, b *Counts) diffSet {
	var e diffSet // reached by a nonempty choice
	for m := range NumMinerals {
		if a[m] == 0 && b[m] == 0 {
			continue
		}
		base := e
		base.add(0)
		v := uint(m.Value())
		if a[m] > 0 { // one to a[m] given
			first := base.up(v)
			given := first.spread(v, a[m]-1, true)
			e.or(&given)
		}
		if b[m] > 0 { // one to b[m] taken
			first := base.down(v)
			taken := first.spread(v, b[m]-1, false)
			e.or(&taken)
		}
	}
	return e
}

// sackAvail returns what the current player may still give (the pool less
// the minerals on the give side and the Sack's own mineral, paid at the
// swap) and what opponent o may still give up (its pool less the minerals on
// the take side). Minerals of a kind already on the other side are left out.
func (s *State) sackAvail(o int8) (a, b Counts) {
	p := s.current
	a, b = s.pool[p], s.pool[o]
	if m, ok := s.tileOf(Sack); ok && a[m] > 0 {
		a[m]--
	}
	for m := range NumMinerals {
		a[m] -= s.sackGive[m]
		b[m] -= s.sackTake[m]
		if s.sackTake[m] > 0 {
			a[m] = 0
		}
		if s.sackGive[m] > 0 {
			b[m] = 0
		}
	}
	return a, b
}

// sackDiff returns the value of the give side minus the value of the take
// side.
func (s *State) sackDiff() int { return s.sackGive.Value() - s.sackTake.Value() }

// sackOpenable reports whether the current player, who may use the Sack,
// has a swap of equal value with opponent o.
func (s *State) sackOpenable(o int8) bool {
	if o == s.current || o < 0 || o >= s.n || s.pool[o].Total() == 0 {
		return false
	}
	a, b := s.pool[s.current], s.pool[o]
	if m, ok := s.tileOf(Sack); ok && a[m] > 0 {
		a[m]--
	}
	// One kind for one other kind, the common case, without the search.
	for g := range NumMinerals {
		if a[g] == 0 {
			continue
		}
		for t := range NumMinerals {
			if t == g || b[t] == 0 {
				continue
			}
			l := lcm(g.Value(), t.Value())
			if int(a[g])*g.Value() >= l && int(b[t])*t.Value() >= l {
				return true
			}
		}
	}
	for m := range NumMinerals {
		a[m], b[m] = min(a[m], sackSwapCap), min(b[m], sackSwapCap)
	}
	e := sackReach(&a, &b)
	return e.has(0)
}

// anySack reports whether the current player has a Sack swap with any
// opponent.
func (s *State) anySack() bool {
	for o := int8(0); o < s.n; o++ {
		if s.sackOpenable(o) {
			return true
		}
	}
	return false
}

// sackCompletable reports whether the swap being built, with one more
// mineral m given (give) or taken (!give), can still be completed to a swap
// of equal value.
func (s *State) sackCompletable(m Mineral, give bool) bool {
	return s.sackCompletableFrom(m, give, 0, 0)
}

// sackCompletableFrom is [State.sackCompletable] with the minerals added
// after m limited to kinds giveFrom and up on the give side and takeFrom
// and up on the take side (NumMinerals for none).
func (s *State) sackCompletableFrom(m Mineral, give bool, giveFrom, takeFrom Mineral) bool {
	a, b := s.sackAvail(s.sackWith)
	d := s.sackDiff()
	if give {
		if a[m] == 0 {
			return false
		}
		a[m]--
		b[m] = 0
		d += m.Value()
	} else {
		if b[m] == 0 {
			return false
		}
		b[m]--
		a[m] = 0
		d -= m.Value()
	}
	if d == 0 {
		return true
	}
	for k := range NumMinerals {
		if k < giveFrom {
			a[k] = 0
		}
		if k < takeFrom {
			b[k] = 0
		}
	}
	e := sackReach(&a, &b)
	return e.has(-d)
}

// sackBalanced reports whether the swap being built may be made now: both
// sides hold minerals and are worth the same.
func (s *State) sackBalanced() bool {
	return s.sackGive.Total() > 0 && s.sackDiff() == 0
}

// appendSackSteps appends the legal steps of the swap being built,
// ascending.
func (s *State) appendSackSteps(dst []game.Action) []game.Action {
	for m := range NumMinerals {
		if s.sackCompletable(m, true) {
			dst = append(dst, game.Action(actSackGive+int(m)))
		}
	}
	for m := range NumMinerals {
		if s.sackCompletable(m, false) {
			dst = append(dst, game.Action(actSackTake+int(m)))
		}
	}
	if s.sackBalanced() {
		dst = append(dst, game.Action(actSackSwap))
	}
	return append(dst, game.Action(actSackStop))
}

// sackStep applies a step of the Sack (x in the Sack's range).
func (s *State) sackStep(x int) {
	switch {
	case x < actSackGive:
		s.sackBack = s.phase
		s.phase = phaseSack
		s.sackWith = int8(x - actSackWith)
	case x < actSackTake:
		s.sackGive[x-actSackGive]++
	case x < actSackSwap:
		s.sackTake[x-actSackTake]++
	case x == actSackSwap:
		p, o := s.current, s.sackWith
		s.pay(Sack)
		for m := range NumMinerals {
			s.pool[p][m] += s.sackTake[m] - s.sackGive[m]
			s.pool[o][m] += s.sackGive[m] - s.sackTake[m]
		}
		s.closeSack()
		if s.phase == phaseAfter {
			s.settle()
		}
	default: // cancel: back to where the Sack was opened, nothing paid
		s.closeSack()
	}
}

// closeSack leaves the Sack for the phase it was opened in.
func (s *State) closeSack() {
	s.phase = s.sackBack
	s.sackWith, s.sackBack = 0, 0
	s.sackGive, s.sackTake = Counts{}, Counts{}
}

// sackReason says why Sack action x (whose tool is in play, affordable and
// not yet used this turn) is not legal.
func (s *State) sackReason(x int) string {
	p := s.current
	if x >= actSackGive && s.phase != phaseSack {
		return "no Sack swap is being built; open one with an opponent first (sack with SEAT)"
	}
	if x < actSackGive {
		o := int8(x - actSackWith)
		switch {
		case s.phase == phaseSack:
			return "you are already building a Sack swap with seat " + itoa(int(s.sackWith)+1) + "; make it (sack swap) or cancel it (sack cancel) first"
		case o == p:
			return "the Sack swaps with an opponent, not with yourself"
		case o >= s.n:
			return "there is no seat " + itoa(int(o)+1) + " in this game"
		case s.pool[o].Total() == 0:
			return "seat " + itoa(int(o)+1) + " has no minerals to swap"
		}
		a := s.pool[p]
		a[s.sackCost()]--
		if a.Total() == 0 {
			return "you have no minerals to give besides the " + s.sackCost().String() + " that pays for the Sack"
		}
		return "no swap of equal value is possible: you can give " + countsText(a) + " (the Sack's own " + s.sackCost().String() + " aside), seat " + itoa(int(o)+1) + " has " + countsText(s.pool[o])
	}
	o := s.sackWith
	seat := "seat " + itoa(int(o)+1)
	switch {
	case x < actSackTake:
		m := Mineral(x - actSackGive)
		have := int(s.pool[p][m]) - int(s.sackGive[m])
		if m == s.sackCost() {
			have--
		}
		switch {
		case s.sackTake[m] > 0:
			return "you take " + m.String() + " already: a kind on both sides would cancel out"
		case have <= 0:
			msg := "you have no more " + m.String() + " to give"
			if m == s.sackCost() {
				msg += " (one " + m.String() + " pays for the Sack at the swap)"
			}
			return msg
		}
		return "with one more " + m.String() + " given, no swap of equal value can be completed: " + seat + " does not have the minerals to make up the difference"
	case x < actSackSwap:
		m := Mineral(x - actSackTake)
		switch {
		case s.sackGive[m] > 0:
			return "you give " + m.String() + " already: a kind on both sides would cancel out"
		case s.pool[o][m] <= s.sackTake[m]:
			return seat + " has no more " + m.String() + " to give up"
		}
		return "with one more " + m.String() + " taken, no swap of equal value can be completed: you do not have the minerals to make up the difference"
	case x == actSackSwap:
		if s.sackGive.Total() == 0 && s.sackTake.Total() == 0 {
			return "choose the minerals to give and to take first (sack give MINERAL, sack take MINERAL)"
		}
		return "the two sides are not worth the same: you give " + countWords{"%d point", "%d points"}.say(s.sackGive.Value()) + " of minerals and take " + itoa(s.sackTake.Value())
	}
	return "the Sack cannot do that now"
}

// sackCost returns the mineral that pays for the Sack.
func (s *State) sackCost() Mineral {
	m, _ := s.tileOf(Sack)
	return m
}

// countsText writes counts as "2 wollastonite, 1 kyanite", or "nothing".
func countsText(c Counts) string {
	var parts []string
	for m, n := range c {
		if n > 0 {
			parts = append(parts, itoa(int(n))+" "+Mineral(m).String())
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// lcm returns the least common multiple of two mineral values.
func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}
