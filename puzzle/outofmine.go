package puzzle

import (
	"fmt"
	"slices"
	"sync"

	"minehall/game"
	"minehall/games/outofmine"
	"minehall/rating"
)

// The Out of Mine variants, in the order the days rotate them.
var Variants = [3]string{"plain", "elves", "finds"}

// objective returns the solver's objective of variant.
func objective(variant string) outofmine.Objective {
	return outofmine.Objective{Elves: variant == "elves", Finds: variant == "finds"}
}

// Tiling is an Out of Mine tiling puzzle: a treasure card on a board side
// under a variant, with what the solver proved about it. Board, Side and
// Card are as the game names them (ids from 1, "A" or "B").
type Tiling struct {
	Board   int    `json:"board"`
	Side    string `json:"side"`
	Card    int    `json:"card"`
	Variant string `json:"variant"`
	// Optimum is the fewest empty spaces any placement leaves (the
	// solver's, as `minehall solve outofmine` prints it).
	Optimum int `json:"optimum"`
	// Best is the best round score of the variant without a caller:
	// reaching it is "perfect".
	Best int `json:"best_score"`

	board, side, card int // pack indices
	opt               outofmine.PuzzleOptimum
}

// Perfect returns how many placements reach the best score and one of them.
func (t *Tiling) Perfect() (int64, []outofmine.PlacementID) { return t.opt.Perfect, t.opt.Placements }

// Tilings returns the number of exact tilings, whatever their bonus.
func (t *Tiling) Tilings() int64 { return t.opt.Tilings }

// View returns the one-seat round view that the game's renderer draws.
func (t *Tiling) View() *outofmine.View {
	return outofmine.PuzzleView(oomPack(), t.board, t.side, t.card, objective(t.Variant))
}

// Score checks placements and scores them (see [outofmine.ScoreTiling]).
func (t *Tiling) Score(ps []outofmine.PlacementID) (outofmine.RoundScore, error) {
	rs, err := outofmine.ScoreTiling(oomPack(), t.board, t.side, t.card, ps, objective(t.Variant))
	if err != nil {
		return rs, game.Errorf(game.CodeIllegal, "%v", err)
	}
	return rs, nil
}

var oomPack = sync.OnceValue(outofmine.DefaultPack)

// numPairs is the number of card × board side pairs.
func numPairs() int { p := oomPack(); return len(p.Cards) * 2 * len(p.Boards) }

// pairOf returns the board, side and card indices of pair i.
func pairOf(i int) (board, side, card int) {
	p := oomPack()
	card = i % len(p.Cards)
	i /= len(p.Cards)
	return i / 2, i % 2, card
}

// dailyPool is the pairs a daily puzzle can be, by index: those the
// solver covers exactly and whose best round score it proves in every
// variant, so that a pair can come on any day whatever its variant.
var dailyPool = sync.OnceValue(func() []int {
	var out []int
	for i := range numPairs() {
		b, s, c := pairOf(i)
		ok := true
		for _, v := range Variants {
			if t := newTiling(b, s, c, v); t.opt.Empty != 0 || !t.opt.Proved {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
})

func newTiling(board, side, card int, variant string) *Tiling {
	p := oomPack()
	opt := outofmine.SolvePuzzle(p, board, side, card, objective(variant))
	return &Tiling{Board: p.Boards[board].ID, Side: string(rune('A' + side)), Card: p.Cards[card].ID, Variant: variant,
		Optimum: opt.Empty, Best: opt.Score, board: board, side: side, card: card, opt: opt}
}

var dailyCache sync.Map // Day -> *Tiling

// Daily returns the Out of Mine puzzle of day d: the variant Variants[d mod
// 3] on the pair of the daily pool (dailyPool) that the daily rotation
// (rotationIndex) gives the day, so that no NoRepeatDays days in a row
// share a board side and card, whatever their variants. It is safe for
// concurrent use.
func Daily(d Day) *Tiling {
	if t, ok := dailyCache.Load(d); ok {
		return t.(*Tiling)
	}
	pool := dailyPool()
	b, s, c := pairOf(pool[rotationIndex(d, len(pool), "outofmine daily")])
	t := newTiling(b, s, c, Variants[mod(int(d), 3)])
	dailyCache.Store(d, t)
	return t
}

// LadderStep is one puzzle of the endless ladder: its place (1 is the
// hardest: the fewest exact tilings) and the rating it starts with.
type LadderStep struct {
	Rank    int
	Tiling  *Tiling
	Initial rating.Rating
}

// LadderSize is how many pairs the ladder keeps: the harder ones.
const LadderSize = 120

// Ladder returns the endless ladder: the LadderSize plain pairs with an
// exact tiling that have the fewest exact tilings, fewest first (ties by
// card, board, side). A step's starting rating falls from Mu 35 at rank 1
// to Mu 25 at the last rank, with the default Sigma. It is computed once
// and safe for concurrent use.
var Ladder = sync.OnceValue(buildLadder)

func buildLadder() []LadderStep {
	var all []*Tiling
	for i := range numPairs() {
		b, s, c := pairOf(i)
		if t := newTiling(b, s, c, "plain"); t.Optimum == 0 {
			all = append(all, t)
		}
	}
	slices.SortStableFunc(all, func(a, b *Tiling) int {
		if a.opt.Tilings != b.opt.Tilings {
			if a.opt.Tilings < b.opt.Tilings {
				return -1
			}
			return 1
		}
		return 0
	})
	n := min(LadderSize, len(all))
	out := make([]LadderStep, n)
	for i := range n {
		r := rating.Default()
		r.Mu += 10 * float64(n-1-i) / float64(max(1, n-1))
		out[i] = LadderStep{Rank: i + 1, Tiling: all[i], Initial: r}
	}
	return out
}

// LadderStepAt returns the ladder's step of rank (from 1).
func LadderStepAt(rank int) (LadderStep, error) {
	l := Ladder()
	if rank < 1 || rank > len(l) {
		return LadderStep{}, game.Errorf(game.CodeNotFound, "the ladder has puzzles 1 to %d, not %d", len(l), rank)
	}
	return l[rank-1], nil
}

// ladderKey names a ladder step in the store.
func ladderKey(rank int) string { return fmt.Sprintf("outofmine/ladder/%d", rank) }
