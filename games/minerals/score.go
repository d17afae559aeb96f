package minerals

import (
	"minehall/game"
)

// Score returns p's points by the version's rules. Full game: collection
// cards (the lower value for a card taken without its orpiment), minus one
// point per mineral paid for tools, plus the value of every mineral owned
// (those paid for tools included). 7+: cards plus minerals. 6+: the number
// of minerals.
func (s *State) Score(p int) int {
	pool, stack := s.pool[p], s.stack[p]
	if s.version == Version6 {
		return pool.Total() + stack.Total()
	}
	pts := pool.Value() + stack.Value() - stack.Total()
	for k := range s.pack.Cards {
		if s.cards[p]&(1<<k) == 0 {
			continue
		}
		if s.reduced[p]&(1<<k) != 0 {
			pts += s.pack.Cards[k].ReducedPoints
		} else {
			pts += s.pack.Cards[k].Points
		}
	}
	return pts
}

// TieBreak returns the number of minerals on p's collection cards (those
// p gave for them): the first tie-break.
func (s *State) TieBreak(p int) int {
	n := 0
	for k := range s.pack.Cards {
		if s.cards[p]&(1<<k) == 0 {
			continue
		}
		c := s.pack.Cards[k].Minerals
		if s.reduced[p]&(1<<k) != 0 {
			c[Orpiment] = 0
		}
		n += c.Total()
	}
	return n
}

// Scores appends every player's points so far.
func (s *State) Scores(dst []float64) []float64 {
	for p := 0; p < int(s.n); p++ {
		dst = append(dst, float64(s.Score(p)))
	}
	return dst
}

// Returns appends 1 for the winner, 1/k each for k players sharing the win
// (equal points and equal minerals on collection cards), 0 otherwise.
func (s *State) Returns(dst []float64) []float64 {
	var keys [MaxPlayers]float64
	for p := 0; p < int(s.n); p++ {
		keys[p] = float64(s.Score(p))*1000 + float64(s.TieBreak(p))
	}
	return game.RankReturns(keys[:s.n], dst)
}
