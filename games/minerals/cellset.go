package minerals

// Whole-set operations on [CellSet]. The grid's 256 hexes are 4 words of 64
// bits, each word 4 rows of 16 hexes, so moving every hex of a set one step
// in a direction is a few shifts and masks per word: neighbourhoods, flood
// fills and neighbour counts take a handful of word operations per step
// instead of a walk over the hexes.

const (
	notFirstCol = 0xFFFEFFFEFFFEFFFE // every hex but those in column 0
	notLastCol  = 0x7FFF7FFF7FFF7FFF // every hex but those in the last column
	evenRows    = 0x0000FFFF0000FFFF // rows 0 and 2 of each word (the grid's even rows)
	oddRows     = ^uint64(evenRows)
)

// eastOf returns the hexes east of the hexes of s.
func (s *CellSet) eastOf() CellSet {
	return CellSet{s[0] << 1 & notFirstCol, s[1] << 1 & notFirstCol, s[2] << 1 & notFirstCol, s[3] << 1 & notFirstCol}
}

// westOf returns the hexes west of the hexes of s.
func (s *CellSet) westOf() CellSet {
	return CellSet{s[0] >> 1 & notLastCol, s[1] >> 1 & notLastCol, s[2] >> 1 & notLastCol, s[3] >> 1 & notLastCol}
}

// below returns the hexes one row down, same column, of the hexes of s.
func (s *CellSet) below() CellSet {
	return CellSet{s[0] << 16, s[1]<<16 | s[0]>>48, s[2]<<16 | s[1]>>48, s[3]<<16 | s[2]>>48}
}

// above returns the hexes one row up, same column, of the hexes of s.
func (s *CellSet) above() CellSet {
	return CellSet{s[0]>>16 | s[1]<<48, s[1]>>16 | s[2]<<48, s[2]>>16 | s[3]<<48, s[3] >> 16}
}

// split returns the hexes of s on even rows and on odd rows.
func (s *CellSet) split() (even, odd CellSet) {
	for i, w := range s {
		even[i], odd[i] = w&evenRows, w&oddRows
	}
	return
}

// or returns the union of a and b.
func or(a, b CellSet) CellSet {
	return CellSet{a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]}
}

// dilate returns s with every hex next to one of its hexes. In the odd-r
// layout a hex touches the hexes east and west of it, the hexes in its
// column in the rows above and below, and in those rows also the hex to the
// left (from an even row) or to the right (from an odd row). v below holds
// the column neighbours; those that lie on an odd row came from an even
// row and also spread west, those on an even row spread east.
func (s *CellSet) dilate() CellSet {
	s0, s1, s2, s3 := s[0], s[1], s[2], s[3]
	v0 := s0>>16 | s1<<48 | s0<<16
	v1 := s1>>16 | s2<<48 | s1<<16 | s0>>48
	v2 := s2>>16 | s3<<48 | s2<<16 | s1>>48
	v3 := s3>>16 | s3<<16 | s2>>48
	return CellSet{
		s0 | (s0<<1|(v0&evenRows)<<1)&notFirstCol | (s0>>1|(v0&oddRows)>>1)&notLastCol | v0,
		s1 | (s1<<1|(v1&evenRows)<<1)&notFirstCol | (s1>>1|(v1&oddRows)>>1)&notLastCol | v1,
		s2 | (s2<<1|(v2&evenRows)<<1)&notFirstCol | (s2>>1|(v2&oddRows)>>1)&notLastCol | v2,
		s3 | (s3<<1|(v3&evenRows)<<1)&notFirstCol | (s3>>1|(v3&oddRows)>>1)&notLastCol | v3,
	}
}

// flood returns the hexes of s connected to the hexes of seed (seed must
// lie in s). If stop is not nil, it stops as soon as the hexes found meet
// stop, and reports that; the result then holds only part of the piece.
func (s *CellSet) flood(seed CellSet, stop *CellSet) (CellSet, bool) {
	x := seed
	for {
		if stop != nil && (x[0]&stop[0]|x[1]&stop[1]|x[2]&stop[2]|x[3]&stop[3]) != 0 {
			return x, true
		}
		d := x.dilate()
		changed := uint64(0)
		for i := range d {
			d[i] &= s[i]
			changed |= d[i] ^ x[i]
		}
		if changed == 0 {
			return x, false
		}
		x = d
	}
}

// connects reports whether every hex of targets is connected within s to
// the hexes of seed (both must lie in s). It floods only until all are
// reached, so hexes that join near by answer in a few steps.
func (s *CellSet) connects(seed, targets CellSet) bool {
	x := seed
	for {
		if targets[0]&^x[0]|targets[1]&^x[1]|targets[2]&^x[2]|targets[3]&^x[3] == 0 {
			return true
		}
		d := x.dilate()
		changed := uint64(0)
		for i := range d {
			d[i] &= s[i]
			changed |= d[i] ^ x[i]
		}
		if changed == 0 {
			return false
		}
		x = d
	}
}

// component returns the cells of s connected to start (start included).
func (s *CellSet) component(start Cell) CellSet {
	var seed CellSet
	seed.Add(start)
	g, _ := s.flood(seed, nil)
	return g
}

// touchingTwo returns the hexes, in s or not, that touch at least two hexes
// of s.
func (s *CellSet) touchingTwo() CellSet {
	even, odd := s.split()
	ae, be, ao, bo := even.above(), even.below(), odd.above(), odd.below()
	// The images of s moved one step in each of the six directions.
	imgs := [6]CellSet{s.eastOf(), s.westOf()}
	t := or(ae, ao.eastOf())
	imgs[2] = t // north-east
	aw := ae.westOf()
	imgs[3] = or(aw, ao) // north-west
	imgs[4] = or(be, bo.eastOf())
	bw := be.westOf()
	imgs[5] = or(bw, bo)
	var ones, twos CellSet
	for _, img := range imgs {
		for i := range img {
			twos[i] |= ones[i] & img[i]
			ones[i] |= img[i]
		}
	}
	return twos
}

// multiArc returns the hexes whose neighbours in s form two or more
// separate arcs around them: the only hexes whose removal can divide s.
// A hex starts an arc in direction d when its neighbour in direction d is
// in s and the one in the previous direction is not.
func (s *CellSet) multiArc() CellSet {
	even, odd := s.split()
	ae, be, ao, bo := even.above(), even.below(), odd.above(), odd.below()
	var has [numDirections]CellSet // has[d]: hexes whose neighbour in direction d is in s
	has[East] = s.westOf()
	has[West] = s.eastOf()
	bw, aw := be.westOf(), ae.westOf()
	has[NorthEast] = or(bw, bo)
	has[NorthWest] = or(be, bo.eastOf())
	has[SouthWest] = or(ae, ao.eastOf())
	has[SouthEast] = or(aw, ao)
	var ones, twos CellSet
	for d := range numDirections {
		prev := &has[(d+numDirections-1)%numDirections]
		for i := range ones {
			start := has[d][i] &^ prev[i]
			twos[i] |= ones[i] & start
			ones[i] |= start
		}
	}
	return twos
}

// ringArcs[mask] is the number of runs of set bits of the 6-bit mask read
// around a circle: the number of separate arcs that a hex's neighbours in a
// set form around it (consecutive directions are neighbouring hexes).
var ringArcs [1 << numDirections]uint8

func init() {
	for mask := range len(ringArcs) {
		n := uint8(0)
		for d := range int(numDirections) {
			prev := (d + int(numDirections) - 1) % int(numDirections)
			if mask&(1<<d) != 0 && mask&(1<<prev) == 0 {
				n++
			}
		}
		if mask == 1<<numDirections-1 {
			n = 1
		}
		ringArcs[mask] = n
	}
}

// ringMask returns the 6-bit mask of c's neighbours that are in s, bit d
// for direction d.
func (s *CellSet) ringMask(c Cell) int {
	mask := 0
	for d, nb := range neighbour[c] {
		if nb != noCell && s.Has(Cell(nb)) {
			mask |= 1 << d
		}
	}
	return mask
}
