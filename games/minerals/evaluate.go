package minerals

import (
	"math"

	"minehall/ai"
	"minehall/game"
)

// Evaluate is the evaluator of the MCTS bots: for each player a value in
// [0, 1] from the outlooks (see [State.Outlook]): each player's chance of
// winning by [ai.WinChances] (at two players the logistic curve of the
// player's lead), with a scale that shrinks as the board empties and a
// lead becomes harder to turn round; the returns at the end.
func Evaluate(st game.State, dst []float64) []float64 {
	s := asState(st)
	if s.Terminal() {
		return s.Returns(dst)
	}
	var est [MaxPlayers]float64
	for p := range s.n {
		est[p] = s.Outlook(p)
	}
	scale := 3 + float64(s.minerals.Len())/15
	if s.n == 2 {
		// The same choice between two, in the form the two-player
		// ladders were measured with (bit for bit).
		for p := range s.n {
			dst = append(dst, 1/(1+math.Exp(-(est[p]-est[1-p])/scale)))
		}
		return dst
	}
	return ai.WinChances(dst, est[:s.n], scale)
}

// asState returns the rules state behind st: a *State or the search view
// of one.
func asState(st game.State) *State {
	if v, ok := st.(searchState); ok {
		return v.State
	}
	return st.(*State)
}

// Weights of the outlook.
const (
	underWeight     = 0.9  // the mineral under a pawn that can move
	stuckWeight     = 0.15 // the mineral under a pawn with no correct move
	landingWeight   = 0.3  // the best mineral a pawn can move onto
	mobilityWeight  = 0.05 // per move a pawn has, up to maxMobility
	maxMobility     = 4
	cardReadyWeight = 0.7 // a collection card p could take now
)

// cardMissingWeight is the share of a card's gain counted when p lacks
// 1, 2 or 3 of its minerals.
var cardMissingWeight = [...]float64{cardReadyWeight, 0.35, 0.15, 0.05}

// Outlook is p's expected final points as the bots judge them: points so
// far (a hundredth per mineral on collection cards for the tie-break), the
// mineral under p's pawn if it has a correct move (little if not), a share
// of the best mineral it can move onto and of its number of moves, the
// lowest mineral of each fragment about to be cut off by p, and a share of
// the best gain a face-up collection card offers p, by how few minerals it
// still lacks.
func (s *State) Outlook(p int8) float64 {
	v := float64(s.Score(int(p))) + float64(s.TieBreak(int(p)))/100
	if at := s.pawn[p]; at >= 0 {
		m := s.moveOf(p)
		var t CellSet
		s.plainTargets(&m, &t)
		under := s.points(Cell(at))
		if t.Empty() {
			v += stuckWeight * under
		} else {
			var buf [numDirections]Cell
			best, n := 0.0, 0
			for _, c := range t.AppendCells(buf[:0]) {
				best = max(best, s.points(c))
				n++
			}
			v += underWeight*under + landingWeight*best + mobilityWeight*float64(min(n, maxMobility))
		}
	}
	if s.phase == phaseCut && p == s.current {
		v += s.pendingGain()
	}
	if s.collectionsInPlay() {
		v += s.cardOutlook(p)
	}
	return v
}

// points returns what the mineral on c scores: its value, or 1 in the 6+
// version where minerals are counted.
func (s *State) points(c Cell) float64 {
	if s.version == Version6 {
		return 1
	}
	return float64(s.board[c])
}

// pendingGain is the value of the lowest mineral of each fragment about to
// be cut off.
func (s *State) pendingGain() float64 {
	left := s.pending
	v := 0.0
	var buf [NumCells]Cell
	for !left.Empty() {
		g := left.component(left.First())
		low := 0.0
		for _, c := range g.AppendCells(buf[:0]) {
			if x := s.points(c); low == 0 || x < low {
				low = x
			}
		}
		v += low
		for i := range left {
			left[i] &^= g[i]
		}
	}
	return v
}

// cardOutlook is the best share of a face-up card's gain (its points minus
// the value of the minerals given for it) p can count on. A ♦♦ orpiment card
// counts both ways of taking it: with the orpiment at full value, and
// without it at the lower value.
func (s *State) cardOutlook(p int8) float64 {
	best := 0.0
	for _, k := range s.faceUp {
		if k < 0 {
			continue
		}
		c := &s.pack.Cards[k]
		best = max(best, s.cardShare(p, c, false))
		if c.Reducible() {
			best = max(best, s.cardShare(p, c, true))
		}
	}
	return best
}

// cardShare is the share of card c's gain p can count on, taking it with
// all its minerals or, if without, without its orpiment.
func (s *State) cardShare(p int8, c *Card, without bool) float64 {
	missing, given := 0, 0
	points := c.Points
	if without {
		points = c.ReducedPoints
	}
	for m := range NumMinerals {
		if m == Orpiment && without {
			continue
		}
		need, have := int(c.Minerals[m]), int(s.pool[p][m])
		given += need * m.Value()
		missing += max(0, need-have)
	}
	gain := float64(points - given)
	if gain <= 0 || missing >= len(cardMissingWeight) {
		return 0
	}
	return gain * cardMissingWeight[missing]
}
