package outofmine

import (
	"math/bits"

	"minehall/game"
)

var _ game.Observer = (*State)(nil)

// The observation's layout: per seat, obsPlanes planes of the 8 × 8 grid
// and obsSeatVec values; then obsGlobal values for the table. See
// [State.Observe].
const (
	obsCells = MaxRows * MaxCols // 64, cell index row*8 + col
	// A side's block of planes: gallery, rectangle, elves by color.
	obsSideBlock = 2 + int(NumColors)
	// The planes of a seat: the side played, sides A and B while
	// choosing, the tiles by color, the elements, the joins east and south.
	obsPlayed   = 0
	obsChoiceA  = obsPlayed + obsSideBlock
	obsChoiceB  = obsChoiceA + obsSideBlock
	obsTiles    = obsChoiceB + obsSideBlock
	obsElements = obsTiles + int(NumColors)
	obsJoinEast = obsElements + int(NumElements) - 1
	obsJoinSth  = obsJoinEast + 1
	obsPlanes   = obsJoinSth + 1 // 32

	// The values after a seat's planes.
	obsBoard    = 0
	obsSide     = obsBoard + NumBoards
	obsMustSide = obsSide + 2
	obsCard     = obsMustSide + 2
	obsFinds    = obsCard + int(NumColors)
	obsCardDown = obsFinds + int(NumElements) - 1
	obsHand     = obsCardDown + 1
	obsHandElem = obsHand + NumShapes
	obsEmpty    = obsHandElem + int(NumElements)
	obsScore    = obsEmpty + 1
	obsLot      = obsScore + 1
	obsSeatVec  = obsLot + 1 // 51
	obsSeat     = obsPlanes*obsCells + obsSeatVec

	// The table's values after the seats.
	obsPhase     = 0
	obsRound     = obsPhase + int(PhaseOver) + 1
	obsClockOn   = obsRound + 1
	obsClock     = obsClockOn + 1
	obsAssist    = obsClock + 1
	obsElvesOn   = obsAssist + 1
	obsFindsOn   = obsElvesOn + 1
	obsSupply    = obsFindsOn + 1
	obsPile      = obsSupply + numKinds
	obsCardsLeft = obsPile + 1
	obsToDeal    = obsCardsLeft + 1
	obsSeen      = obsToDeal + NumBoards
	obsYou       = obsSeen + NumCards
	obsSpectator = obsYou + MaxPlayers
	obsGlobal    = obsSpectator + 1 // 163

	// Scales.
	obsMaxCount = 5           // tiles of one color a card asks for (the most in the embedded pack: 4)
	obsMaxFind  = 2           // points of an element in the finds variant, ±
	obsMaxScore = 10 * Rounds // a game's points
	obsMaxClock = 3600        // the clock option's largest value, seconds
)

// ObservationShape returns [2099n + 163] for n seats: 4,361 values for 2
// players, 8,559 for 4. Observe lists the slices.
func (s *State) ObservationShape() []int { return []int{s.n*obsSeat + obsGlobal} }

// Observe writes what p sees into dst. Out of Mine shows everyone the
// whole table but the treasure cards lying face down while they are dealt
// (View), so the seats' tensors differ in whose seat comes first and in the
// observer flags. Seats are relative to p (p first, then the seats after
// it); for the spectator, and any player not seated, seat 0 comes first.
// The tensor is one flat vector: n seat blocks of 2,099 values, then 163
// values of the table.
//
// A seat block starts with 32 planes of the 8 × 8 grid (plane-major, then
// row, then column: cell index row*8 + col, board sides lying at the top
// left):
//
//   - planes 0 to 6, the side played, once chosen: 1 on its gallery
//     spaces; 1 on every cell of its rectangle; then an elf plane per color
//     (yellow, blue, green, red, white), 1 on the space where an elf of
//     that color stands;
//   - planes 7 to 13 and 14 to 20, sides A and B of the board dealt, in
//     the same way, while the seat chooses its side (all 0 otherwise);
//   - planes 21 to 25, the tiles on the board by color: 1 on the cells a
//     tile of that color covers;
//   - planes 26 to 29, the elements printed on those tiles (gold, silver,
//     woodworm, rat): 1 on every cell of a tile with that element;
//   - planes 30 and 31, the joins: 1 on a cell whose tile also covers the
//     cell east of it (plane 30) or south of it (plane 31), which tells
//     apart tiles of one color lying side by side.
//
// Then 51 values of the seat:
//
//   - the board dealt, one-hot by its index in the pack (10);
//   - the side played, one-hot (A, B);
//   - the side it must play, dealt the board of its last round again,
//     one-hot (A, B);
//   - the face-up treasure card: its tiles by color (5, each / 5) and its
//     points per element in the finds variant (gold, silver, woodworm, rat,
//     each / 2, so in [-1, 1]);
//   - 1 while a treasure card lies face down before the seat (its face is
//     seen by no one);
//   - the tile in hand, one-hot by shape (19, in the pack's order) and by
//     element (5: none, gold, silver, woodworm, rat), all 0 for an empty
//     hand;
//   - the uncovered gallery spaces / 20;
//   - the points of the rounds played / 70;
//   - 1 when the seat is in the lot that says who returns the board.
//
// The table's 163 values:
//
//   - the phase, one-hot (deal, choose, cards, round, over);
//   - the round (1 to 7) / 7;
//   - 1 when the round clock is on, and its seconds / 3600;
//   - the assist, elves and finds options, as flags;
//   - the supply by kind of tile (19 shapes × 5 elements, index
//     shape*5 + element), each count divided by the count of that kind in
//     the box (0 for kinds the box does not hold);
//   - the boards in the pile / 6;
//   - the treasure cards not yet dealt / 40;
//   - the boards face up to be dealt, a flag per board by its index in the
//     pack (10);
//   - the treasure cards seen in this game, a flag per card by its index
//     in the pack (40): those of the rounds played and those face up now;
//   - which seat p is, one-hot by absolute seat (4), and 1 for the
//     spectator.
//
// The tile ids that the actions to remove, move and swap a tile name are
// not in the tensor: tiles of one kind are alike. Observe allocates nothing
// when cap(dst) suffices.
func (s *State) Observe(p game.Player, dst []float32) []float32 {
	n := s.n
	dst = game.ObservationBuffer(dst, n*obsSeat+obsGlobal)
	base := 0
	if p.Seated() && int(p) < n {
		base = int(p)
	}
	for q := range n {
		s.observeSeat(q, dst[((q-base+n)%n)*obsSeat:])
	}
	g := dst[n*obsSeat:]
	g[obsPhase+int(s.phase)] = 1
	g[obsRound] = float32(min(s.round+1, Rounds)) / Rounds
	if s.opts.Clock > 0 {
		g[obsClockOn] = 1
		g[obsClock] = float32(s.opts.Clock) / obsMaxClock
	}
	g[obsAssist] = obsFlag(s.opts.Assist)
	g[obsElvesOn] = obsFlag(s.opts.Elves)
	g[obsFindsOn] = obsFlag(s.opts.Finds)
	var box [numKinds]int
	for i := range s.pack.Tiles {
		box[kindOf(&s.pack.Tiles[i])]++
	}
	for k, c := range s.supply {
		if box[k] > 0 {
			g[obsSupply+k] = float32(c) / float32(box[k])
		}
	}
	g[obsPile] = float32(s.pile) / PileBoards
	left := 0
	for _, u := range s.used[:len(s.pack.Cards)] {
		if !u {
			left++
		}
	}
	g[obsCardsLeft] = float32(left) / NumCards
	for b := range s.pack.Boards {
		if s.boards[b] == boardToDeal {
			g[obsToDeal+b] = 1
		}
	}
	for _, round := range s.results {
		for _, r := range round {
			if k, ok := s.pack.CardByID(r.Card); ok {
				g[obsSeen+k] = 1
			}
		}
	}
	if s.phase != PhaseCards {
		for q := range n {
			if k := s.seats[q].Card; k >= 0 {
				g[obsSeen+int(k)] = 1
			}
		}
	}
	if p.Seated() && int(p) < n {
		g[obsYou+int(p)] = 1
	} else {
		g[obsSpectator] = 1
	}
	return dst
}

// observeSeat writes seat q's block (see Observe) into dst.
func (s *State) observeSeat(q int, dst []float32) {
	st := &s.seats[q]
	plane := func(i int) []float32 { return dst[i*obsCells : (i+1)*obsCells] }
	v := dst[obsPlanes*obsCells:]
	if st.Side >= 0 {
		observeSide(s.sideOf(q), dst[obsPlayed*obsCells:])
		v[obsSide+int(st.Side)] = 1
		v[obsEmpty] = float32((s.sideOf(q).Gallery &^ st.Occupied).Count()) / GalleryCells
	} else if s.phase == PhaseChoose {
		b := &s.pack.Boards[st.Board]
		observeSide(&b.Sides[0], dst[obsChoiceA*obsCells:])
		observeSide(&b.Sides[1], dst[obsChoiceB*obsCells:])
		if st.Board == st.PrevBoard {
			v[obsMustSide+1-int(st.PrevSide)] = 1
		}
	}
	for t, w := range s.where {
		if w != boardBase+int8(q) {
			continue
		}
		tile := &s.pack.Tiles[t]
		cells := s.tileCells(t, s.spots[t])
		for c := cells; c != 0; c &= c - 1 {
			i := bits.TrailingZeros64(uint64(c))
			plane(obsTiles + int(tile.Color))[i] = 1
			if tile.Element != NoElement {
				plane(obsElements + int(tile.Element) - 1)[i] = 1
			}
			if i%GridStride < GridStride-1 && cells&(1<<(i+1)) != 0 {
				plane(obsJoinEast)[i] = 1
			}
			if i+GridStride < obsCells && cells&(1<<(i+GridStride)) != 0 {
				plane(obsJoinSth)[i] = 1
			}
		}
	}
	if st.Board >= 0 {
		v[obsBoard+int(st.Board)] = 1
	}
	if c := s.cardOf(q); c != nil && s.phase == PhaseCards {
		v[obsCardDown] = 1
	} else if c != nil {
		for col, k := range c.Count {
			v[obsCard+col] = float32(k) / obsMaxCount
		}
		for el := Gold; el < NumElements; el++ {
			v[obsFinds+int(el)-1] = float32(c.Finds[el]) / obsMaxFind
		}
	}
	if h := st.Hand; h >= 0 {
		tile := &s.pack.Tiles[h]
		v[obsHand+tile.Shape] = 1
		v[obsHandElem+int(tile.Element)] = 1
	}
	total := 0
	for r := range Rounds {
		total += int(s.scores[r][q])
	}
	v[obsScore] = float32(total) / obsMaxScore
	if s.lot&(1<<q) != 0 {
		v[obsLot] = 1
	}
}

// observeSide writes a side's block of planes into dst: its gallery, its
// rectangle, and its elves by color.
func observeSide(sd *Side, dst []float32) {
	for c := sd.Gallery; c != 0; c &= c - 1 {
		dst[bits.TrailingZeros64(uint64(c))] = 1
	}
	for c := sd.Area; c != 0; c &= c - 1 {
		dst[obsCells+bits.TrailingZeros64(uint64(c))] = 1
	}
	for _, e := range sd.Elves {
		dst[(2+int(e.Color))*obsCells+e.Row*GridStride+e.Col] = 1
	}
}

func obsFlag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}
