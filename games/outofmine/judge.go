package outofmine

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
)

var _ ai.JudgeMaker = (*Game)(nil)

// JudgeScale is the scale of Out of Mine's reviews: points, an action's
// value being the best base score (10 − empty spaces) of the round the
// mover can still reach after it. One empty space more than the best is an
// inaccuracy, two a mistake, three or more a blunder; a space costs as
// much accuracy as 10% of winning chances.
var JudgeScale = ai.Scale{Name: ai.ScalePoints, Best: 0.5, Good: 0.5, Inaccuracy: 1.5, Mistake: 2.5, Unit: 0.1}

// NewJudge returns the review's judge, which uses the exact solver and no
// sampling (the seed is not needed): during a round every legal action of
// the mover is valued by the fewest empty spaces the solver can still
// reach on the mover's board after it, with the tiles laid left where they
// lie, the card's tiles not yet laid, and the tiles of the supply and the
// mover's own; a choice of side by the fewest empty spaces over every
// card, on average, since the card comes after the side. It reads only the
// mover's own board and card and the open supply. It also reports each
// round's boards against the solver's best ([review.RoundReporter]).
func (g *Game) NewJudge(seed uint64) (ai.Judge, error) {
	return &judge{pack: g.pack, memo: map[residualKey]int{}, sides: map[[2]int]float64{}}, nil
}

type judge struct {
	pack   *Pack
	memo   map[residualKey]int
	sides  map[[2]int]float64 // board index, side: mean best base score over the cards
	costly map[[2]int][]string
}

var (
	_ ai.Judge             = (*judge)(nil)
	_ review.RoundReporter = (*judge)(nil)
)

// residualKey is what decides the fewest empty spaces a seat can still
// reach: its side, card, covered cells and the kinds of the tiles laid,
// and the kinds of tiles it may still lay.
type residualKey struct {
	board, side, card int8
	occ               CellSet
	laid, avail       [numKinds]int8
}

// Evaluate implements [ai.Judge].
func (j *judge) Evaluate(ctx context.Context, gs game.State, p game.Player, _ ai.Budget) (ai.Judgement, error) {
	s, ok := gs.(*State)
	if !ok {
		return ai.Judgement{}, game.Errorf(game.CodeInvalid, "the Out of Mine judge judges Out of Mine only")
	}
	legal := s.Legal(p, nil)
	if len(legal) == 0 {
		return ai.Judgement{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	out := ai.Judgement{Scale: JudgeScale}
	covered := map[game.Action]int{}
	for _, a := range legal {
		if err := ctx.Err(); err != nil {
			return ai.Judgement{}, err
		}
		c := s.Clone().(*State)
		c.Apply(p, a)
		var v float64
		if s.phase == PhaseChoose {
			v = j.sideValue(int(s.seats[p].Board), int(a)-actSide)
		} else {
			v = float64(10 - j.fewestEmpty(c, int(p)))
			covered[a] = c.seats[p].Occupied.Count()
		}
		out.Moves = append(out.Moves, ai.MoveValue{Action: a, Move: s.ActionString(p, a), Value: v})
	}
	// Best first; of equal values, the one that covers the most first.
	slices.SortStableFunc(out.Moves, func(x, y ai.MoveValue) int {
		if c := cmp.Compare(y.Value, x.Value); c != 0 {
			return c
		}
		return cmp.Compare(covered[y.Action], covered[x.Action])
	})
	for i := range out.Moves {
		out.Moves[i].Reason = j.reason(s.phase == PhaseChoose, out.Moves[i])
	}
	return out, nil
}

// fewestEmpty returns the fewest empty gallery spaces seat p can reach in
// s with the tiles laid where they lie.
func (j *judge) fewestEmpty(s *State, p int) int {
	st := &s.seats[p]
	if st.Card < 0 {
		return 0
	}
	k := residualKey{board: st.Board, side: st.Side, card: st.Card, occ: st.Occupied}
	for t, w := range s.where {
		kind := kindOf(&s.pack.Tiles[t])
		switch w {
		case boardBase + int8(p):
			k.laid[kind]++
		case inSupply, handBase + int8(p):
			k.avail[kind]++
		}
	}
	if e, ok := j.memo[k]; ok {
		return e
	}
	side := *s.sideOf(p)
	side.Gallery &^= st.Occupied
	card := *s.cardOf(p)
	var sup Supply
	for kind, n := range k.avail {
		sh := kind / int(NumElements)
		sup[sh][kind%int(NumElements)] += int(n)
	}
	for kind, n := range k.laid {
		card.Count[s.pack.Shapes[kind/int(NumElements)].Color] -= int(n)
	}
	for c := range card.Count {
		card.Count[c] = max(0, card.Count[c])
	}
	e := NewSideSolver(s.pack, &side).Plan(&card, &sup, Objective{}).Empty
	j.memo[k] = e
	return e
}

// sideValue is the mean best base score of side of board bi over every
// card, with the whole box.
func (j *judge) sideValue(bi, side int) float64 {
	key := [2]int{bi, side}
	if v, ok := j.sides[key]; ok {
		return v
	}
	sup := FullSupply(j.pack)
	solver := NewSideSolver(j.pack, &j.pack.Boards[bi].Sides[side])
	sum := 0
	for ci := range j.pack.Cards {
		sum += 10 - solver.Plan(&j.pack.Cards[ci], &sup, Objective{}).Empty
	}
	v := float64(sum) / float64(len(j.pack.Cards))
	j.sides[key] = v
	return v
}

// reasonWords say why a move is worth its value: during a round, the best
// base score still reachable; for a side, the mean over the cards.
var reasonWords = map[string][2]string{
	"en": {"After %s the solver can still fill the board to a base score of %s (10 − empty spaces).", "%s: over all the cards, the solver's best base score on this side is %s on average."},
	"de": {"Nach %s kann der Löser das Brett noch auf eine Grundwertung von %s füllen (10 − leere Felder).", "%s: über alle Karten erreicht der Löser auf dieser Seite im Mittel eine Grundwertung von %s."},
	"fr": {"Après %s, le solveur peut encore remplir le plateau pour un score de base de %s (10 − cases vides).", "%s : sur toutes les cartes, le meilleur score de base du solveur sur cette face est de %s en moyenne."},
	"nl": {"Na %s kan de oplosser het bord nog vullen tot een basisscore van %s (10 − lege vakken).", "%s: over alle kaarten haalt de oplosser op deze kant gemiddeld een basisscore van %s."},
}

func (j *judge) reason(side bool, mv ai.MoveValue) map[string]string {
	out := map[string]string{}
	for _, lang := range game.Languages {
		w := reasonWords[lang][0]
		v := fmt.Sprint(int(mv.Value))
		if side {
			w, v = reasonWords[lang][1], ai.Decimal(mv.Value, lang)
		}
		out[lang] = fmt.Sprintf(w, mv.Move, v)
	}
	return out
}

// Observe implements [review.RoundReporter]: it keeps, per round and
// seat, the seat's own actions that lowered the best base score it could
// still reach.
func (j *judge) Observe(ctx context.Context, gs game.State, n int, p game.Player, a game.Action) error {
	s, ok := gs.(*State)
	if !ok || s.phase != PhaseRound || !p.Seated() || s.cardOf(int(p)) == nil {
		return nil
	}
	c := s.Clone().(*State)
	c.Apply(p, a)
	before, after := j.fewestEmpty(s, int(p)), j.fewestEmpty(c, int(p))
	if after > before {
		if j.costly == nil {
			j.costly = map[[2]int][]string{}
		}
		key := [2]int{s.round, int(p)}
		j.costly[key] = append(j.costly[key], s.ActionString(p, a))
	}
	return nil
}

// Rounds implements [review.RoundReporter]: every scored round's boards
// against the solver's fewest empty spaces for the seat's card on its
// side with the whole box, and one tiling that reaches it.
func (j *judge) Rounds(ctx context.Context, gs game.State) ([]review.Round, error) {
	s, ok := gs.(*State)
	if !ok {
		return nil, game.Errorf(game.CodeInvalid, "the Out of Mine judge judges Out of Mine only")
	}
	out := []review.Round{}
	for r, results := range s.results {
		for seat, res := range results {
			bi, ci := j.boardIndex(res.Board), j.cardIndex(res.Card)
			if bi < 0 || ci < 0 {
				return nil, game.Errorf(game.CodeInternal, "round %d, seat %d: board %d or card %d is not in the pack", r+1, seat+1, res.Board, res.Card)
			}
			side := 0
			if res.Side == "B" {
				side = 1
			}
			opt := SolvePuzzle(j.pack, bi, side, ci, Objective{})
			costly := j.costly[[2]int{r, seat}]
			if costly == nil {
				costly = []string{}
			}
			out = append(out, review.Round{Round: r + 1, Seat: seat, Empty: res.Score.Empty, BestEmpty: opt.Empty,
				Tiling: tilingNotation(opt.Placements), Costly: costly})
		}
	}
	return out, nil
}

// tilingNotation writes a tiling as its placements, "shape element
// transform cell" each, separated by commas.
func tilingNotation(ps []PlacementID) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		words := []string{p.Shape}
		if p.Element != "" {
			words = append(words, p.Element)
		}
		parts[i] = strings.Join(append(words, p.Transform, p.Cell), " ")
	}
	return strings.Join(parts, ", ")
}

func (j *judge) boardIndex(id int) int {
	for i := range j.pack.Boards {
		if j.pack.Boards[i].ID == id {
			return i
		}
	}
	return -1
}

func (j *judge) cardIndex(id int) int {
	for i := range j.pack.Cards {
		if j.pack.Cards[i].ID == id {
			return i
		}
	}
	return -1
}
