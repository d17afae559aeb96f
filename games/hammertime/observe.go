package hammertime

import (
	"math"

	"minehall/game"
)

var _ game.Observer = (*State)(nil)

// The observation's layout: the gem list, then the table, then a block
// per seat, then the missions, options and observer. See [State.Observe].
const (
	// Per gem: on the tray and seen, x, y, sin 2a, cos 2a, fallen, color.
	obsGemFeatures = 6 + int(numColors)
	obsGems        = NumGems * obsGemFeatures

	obsHidden  = obsGems
	obsQuarter = obsHidden + 1
	obsFacing  = obsQuarter + 4
	obsCurrent = obsFacing + 4 // n values, then the turn's values
	obsPhases  = int(PhaseRoll) + 1

	// A seat's block.
	obsWagon      = 0
	obsSlots      = obsWagon + 1
	obsWagonGems  = obsSlots + 4
	obsFull       = obsWagonGems + int(Black)
	obsPileLeft   = obsFull + 1
	obsPileSlots  = obsPileLeft + 1
	obsHeld       = obsPileSlots + 4
	obsWinner     = obsHeld + int(numMissionKinds)
	obsSeat       = obsWinner + 1 // 22
	obsDeckBottom = 8             // cards under the face-up one whose order is known, at most

	obsHits    = 10             // hits in a turn, which have no bound: h/(h+10)
	obsSlotMax = 6              // a wagon's slots
	obsLeftMax = 3 * obsSlotMax // slots of one color in the three wagons under the top one
	obsHeldMax = 3              // mission cards of one kind
)

// obsTurn is the offset of the turn's values for n seats (after the
// current seat), obsSeats of the seat blocks, obsMissions of the missions.
func obsTurn(n int) int     { return obsCurrent + n }
func obsSeats(n int) int    { return obsTurn(n) + obsPhases + int(numTechniques) + 4 }
func obsMissions(n int) int { return obsSeats(n) + n*obsSeat }
func obsSize(n int) int {
	return obsMissions(n) + int(numMissionKinds)*(1+obsDeckBottom) + 1 + 3 + 5
}

// ObservationShape returns [1158 + 23n] for n seats: 1,204 values for 2
// players, 1,250 for 4. Observe lists the slices.
func (s *State) ObservationShape() []int { return []int{obsSize(int(s.n))} }

// Observe writes what p sees into dst: the gems p sees on the tray, the
// cards on the table, the turn; never the order of the wagon piles or of
// the mission pile below its face-up card, nor, for a player aiming with
// eyes closed or head down, the gems out of sight (View). Seats are
// relative to p (p first, then the seats after it in the order of play);
// for the spectator, and any player not seated, seat 0 comes first. With n
// seats, the tensor is one flat vector of these slices, in order.
//
// The gems, a fixed list of 90 slots, one per gem by its number (gems 0 to
// 9 are white, 10 to 25 blue, then green, yellow, red and black, 16 each),
// 12 values per gem:
//
//   - 1 when the gem lies on the tray where p sees it;
//   - then, for such a gem, its center x / (width/2) and y / (depth/2), in
//     [-1, 1] (x toward the east short side, y toward the north long side,
//     from the tray's center, in the tray's own frame, as the View rounds
//     them), and sin 2a and cos 2a of its angle a (a gem looks the same
//     turned half round);
//   - 1 when the gem fell in this turn's hit and waits for the filling
//     (phase "fill");
//   - its color, one-hot (white, blue, green, yellow, red, black), for every
//     gem wherever it is.
//
// A gem in a wagon, or out of p's sight, has only its color set; the seats'
// blocks count the gems in the wagons.
//
// The table and the turn:
//
//   - the gems on the tray that p cannot see / 90;
//   - the tray's quarter turns, one-hot (0 to 3, counterclockwise);
//   - the tray side facing p, one-hot (north, east, south, west; all 0 for
//     the spectator);
//   - the seat whose turn it is, one-hot by relative seat (n);
//   - the phase, one-hot (hit, fill, over, roll);
//   - the expert die's technique this turn, one-hot (none, handle, weak
//     hand, fist, head down, thumb off, eyes closed);
//   - the hits h made this turn as h/(h+10); the turns and pushes of the tray left
//     this turn / 4; 1 in the final round; the round / 100 (the game ends
//     after 100 rounds at the latest).
//
// Per seat, relative seats 0 to n-1, 22 values:
//
//   - 1 while it has a wagon face up (with drawn piles, not until chance
//     turns it up: then its values are 0 and the wagons face down below
//     count every wagon left, at most 1);
//   - that wagon's slots by color (blue, green, yellow, red), each / 6;
//   - the gems in it by color (white, blue, green, yellow, red), each / 6;
//   - its full wagons / 4; the wagons left under the top one / 3;
//   - the slots of the wagons left under the top one, summed by color (4,
//     each / 18, three wagons of at most 6: which wagons are left is
//     public, their order is not);
//   - the mission cards it won, counted by kind (few, many, black, even,
//     odd), each / 3;
//   - 1 when the finished game names it a winner.
//
// Then the missions: the face-up mission card's kind, one-hot (5; all 0
// for an empty pile and, with drawn piles, until chance turns it up); then the cards put under the pile whose order
// everyone saw, top to bottom, up to 8, each a kind one-hot (5, all 0 for
// no card); the pile's size / 9. Then the options: 1 for the expert
// variant, 1 with mission cards, the wagons to fill / 4. Last, which seat
// p is, one-hot by absolute seat (4), and 1 for the spectator.
//
// Left out: the last hit's record (its animation: what it did is already
// on the tray), the suggested filling (which follows from the fallen gems,
// the wagon and the mission cards) and the hand's spreads (the same for
// every state). Observe allocates nothing when cap(dst) suffices.
func (s *State) Observe(p game.Player, dst []float32) []float32 {
	n := int(s.n)
	dst = game.ObservationBuffer(dst, obsSize(n))
	seated := p.Seated() && int(p) < n
	base := 0
	if seated {
		base = int(p)
	}
	rel := func(q int) int { return (q - base + n) % n }

	halfW, halfD := s.pack.Tray.WidthCM/2, s.pack.Tray.DepthCM/2
	hidden := 0
	for i := range s.gems {
		g := &s.gems[i]
		f := dst[i*obsGemFeatures : (i+1)*obsGemFeatures]
		f[6+int(GemColor(i))] = 1
		switch {
		case g.Holder == Fallen:
			f[5] = 1
		case g.Holder != OnTray:
		case s.hides(p, g.X, g.Y):
			hidden++
		default:
			a := round(g.A, 0.001)
			f[0] = 1
			f[1] = float32(round(g.X, 0.01) / halfW)
			f[2] = float32(round(g.Y, 0.01) / halfD)
			f[3] = float32(math.Sin(2 * a))
			f[4] = float32(math.Cos(2 * a))
		}
	}
	dst[obsHidden] = float32(hidden) / NumGems
	dst[obsQuarter+int(s.quarter)] = 1
	if seated {
		dst[obsFacing+int(s.facing(int8(p)))] = 1
	}
	dst[obsCurrent+rel(int(s.current))] = 1
	t := obsTurn(n)
	dst[t+int(s.phase)] = 1
	t += obsPhases
	dst[t+int(s.technique)] = 1
	t += int(numTechniques)
	dst[t] = float32(s.hits) / float32(s.hits+obsHits)
	dst[t+1] = float32(maxTrayMoves-s.moves) / maxTrayMoves
	dst[t+2] = obsFlag(s.final)
	dst[t+3] = float32(s.round) / maxRounds
	var winners [4]bool
	if s.phase == PhaseOver {
		for _, w := range s.winners() {
			winners[w] = true
		}
	}
	for q := range n {
		s.observeSeat(int8(q), dst[obsSeats(n)+rel(q)*obsSeat:], winners[q])
	}
	m := obsMissions(n)
	if s.missionShown() {
		dst[m+int(s.pack.Missions[s.deck[0]].kind)] = 1
	}
	slot := 0
	for i := s.deckLen - s.deckKnown; i < s.deckLen; i++ {
		if i > 0 && slot < obsDeckBottom {
			dst[m+int(numMissionKinds)*(1+slot)+int(s.pack.Missions[s.deck[i]].kind)] = 1
			slot++
		}
	}
	m += int(numMissionKinds) * (1 + obsDeckBottom)
	dst[m] = float32(s.deckLen) / float32(len(s.deck))
	dst[m+1] = obsFlag(s.expert)
	dst[m+2] = obsFlag(s.missions)
	dst[m+3] = float32(s.toWin) / 4
	if seated {
		dst[m+4+int(p)] = 1
	} else {
		dst[m+8] = 1
	}
	return dst
}

// observeSeat writes seat q's block (see Observe) into dst.
func (s *State) observeSeat(q int8, dst []float32, winner bool) {
	st := &s.seats[q]
	if st.top < 4 && !s.wagonShown(q) {
		// Drawn piles, before chance turns the next wagon up: every wagon
		// left is face down.
		var left [numColors]int
		for _, k := range st.pile[st.top:] {
			for c, n := range s.pack.Wagons[k].slots {
				left[c] += int(n)
			}
		}
		for c := Blue; c <= Red; c++ {
			dst[obsPileSlots+int(c-Blue)] = min(1, float32(left[c])/obsLeftMax)
		}
	} else if st.top < 4 {
		dst[obsWagon] = 1
		// Counted as integers first, so that the pile's hidden order
		// cannot change a sum's rounding.
		var gems [Black]int
		for i := range s.gems {
			if s.gems[i].Holder == q {
				gems[GemColor(i)]++
			}
		}
		var left [numColors]int
		for _, k := range st.pile[st.top+1:] {
			for c, n := range s.pack.Wagons[k].slots {
				left[c] += int(n)
			}
		}
		top := &s.pack.Wagons[st.pile[st.top]]
		for c := Blue; c <= Red; c++ {
			dst[obsSlots+int(c-Blue)] = float32(top.slots[c]) / obsSlotMax
			dst[obsPileSlots+int(c-Blue)] = float32(left[c]) / obsLeftMax
		}
		for c, n := range gems {
			dst[obsWagonGems+c] = float32(n) / obsSlotMax
		}
	}
	dst[obsFull] = float32(st.top) / 4
	dst[obsPileLeft] = float32(max(0, 3-int(st.top))) / 3
	var held [numMissionKinds]int
	for _, k := range st.held[:st.numHeld] {
		held[s.pack.Missions[k].kind]++
	}
	for k, n := range held {
		dst[obsHeld+k] = float32(n) / obsHeldMax
	}
	dst[obsWinner] = obsFlag(winner)
}

func obsFlag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}
