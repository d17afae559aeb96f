package minerals

import (
	"math"

	"minehall/game"
)

// Tactics: a full-width search of a few whole turns, deeper than the MCTS
// bots' sampled one, that values every move of a position in points and
// explains the best.
//
// The search is expectimax over whole turns: from the position, every
// action of every turn up to the horizon is tried (the current player's
// actions as the [searchState] view offers them below the root, so that a
// tool use that seldom pays is not tried; every legal action at the root),
// every chance outcome (a card revealed, a mineral drawn) is weighed by its
// probability, and a player picks the action that maximizes its margin:
// its value minus the best value of the others (max^n). A position is
// valued at the horizon, the start of a turn that many turns after the
// root's, by every player's [State.Outlook]; at the end of the game by the
// points (a hundredth per mineral on collection cards for the tie-break).
// The search draws nothing at random: the same position always gets the
// same values.

// MoveValue is one root action's value by [State.DeepValues].
type MoveValue struct {
	Action game.Action
	// Move is the action in notation.
	Move string
	// Margin is the mover's value minus the best value of the others,
	// in points, after the action and the search's best play of every
	// player to the horizon.
	Margin float64
}

// MaxDeepNodes caps the positions one [State.DeepValues] call visits; a
// search that would visit more stops with an error instead.
const MaxDeepNodes = 3_000_000

type deepSearch struct {
	horizon int32 // the turn number at whose start the search values the position
	nodes   int
	abuf    [][]game.Action
	obuf    [][]game.ChanceOutcome
}

type values [MaxPlayers]float64

// margin is p's value minus the best value of the others.
func (v *values) margin(p, n int8) float64 {
	best := math.Inf(-1)
	for q := range n {
		if q != p {
			best = max(best, v[q])
		}
	}
	return v[p] - best
}

func (d *deepSearch) buffers(depth int) {
	for len(d.abuf) <= depth {
		d.abuf = append(d.abuf, nil)
		d.obuf = append(d.obuf, nil)
	}
}

// value returns every player's value of s by the search.
func (d *deepSearch) value(s *State, depth int) values {
	d.nodes++
	var v values
	switch {
	case s.phase == phaseOver:
		for p := range s.n {
			v[p] = float64(s.Score(int(p))) + float64(s.TieBreak(int(p)))/100
		}
		return v
	case s.phase == phaseMove && s.turns >= d.horizon, d.nodes > MaxDeepNodes:
		for p := range s.n {
			v[p] = s.Outlook(p)
		}
		return v
	}
	d.buffers(depth)
	if s.phase == phaseRevealCard || s.phase == phaseChestDraw {
		d.obuf[depth] = s.ChanceOutcomes(d.obuf[depth][:0])
		for i := 0; i < len(d.obuf[depth]); i++ {
			o := d.obuf[depth][i]
			c := *s
			c.Apply(game.Chance, o.Action)
			w := d.value(&c, depth+1)
			for p := range s.n {
				v[p] += o.Probability * w[p]
			}
		}
		return v
	}
	mover := s.current
	d.abuf[depth] = searchState{s}.Legal(game.Player(mover), d.abuf[depth][:0])
	best := math.Inf(-1)
	for i := 0; i < len(d.abuf[depth]); i++ {
		c := *s
		c.Apply(game.Player(mover), d.abuf[depth][i])
		w := d.value(&c, depth+1)
		if m := w.margin(mover, s.n); m > best {
			best, v = m, w
		}
	}
	return v
}

// DeepValues values every legal action of the player to move, who must be
// at the start of a turn's move (no tool used yet), by the search
// described above, looking turns whole turns ahead (1 is the rest of the
// mover's own turn; 3 adds the next player's reply and the mover's next
// turn in a 2-player game). The values come best first (ties in action
// order). It returns an error, and no values, for a position not at the
// start of a move, for turns below 1, and when the search would visit more
// than [MaxDeepNodes] positions.
func (s *State) DeepValues(turns int) ([]MoveValue, error) {
	if s.phase != phaseMove || s.toolUsed {
		return nil, game.Errorf(game.CodeInvalid, "the deep search starts at the start of a move, not in phase %s", phaseNames[s.phase])
	}
	if turns < 1 {
		return nil, game.Errorf(game.CodeInvalid, "the deep search looks at least 1 turn ahead, not %d", turns)
	}
	d := &deepSearch{horizon: s.turns + int32(turns)}
	mover := s.current
	var out []MoveValue
	for _, a := range s.Legal(game.Player(mover), nil) {
		c := *s
		c.Apply(game.Player(mover), a)
		w := d.value(&c, 0)
		out = append(out, MoveValue{Action: a, Move: s.ActionString(game.Player(mover), a), Margin: w.margin(mover, s.n)})
	}
	if d.nodes > MaxDeepNodes {
		return nil, game.Errorf(game.CodeInternal, "the deep search would visit more than %d positions", MaxDeepNodes)
	}
	for i := 1; i < len(out); i++ { // stable insertion sort, best first
		for j := i; j > 0 && out[j].Margin > out[j-1].Margin; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}

// MoveFacts is what a move does, for explaining it: what it lifts and cuts
// off at once, and what the search's best play does with the rest of the
// mover's turn.
type MoveFacts struct {
	// Lifted is the mineral the pawn lifts (the one it leaves).
	Lifted Mineral
	// Landing is the mineral the pawn lands on, the one it lifts next.
	Landing Mineral
	// Fragments is how many fragments the move cuts off, CutOff how many
	// minerals they hold, Taken the lowest of each, which the mover takes.
	Fragments int
	CutOff    int
	Taken     Counts
	// Cards are the collection cards (pack ids) the mover takes after the
	// move in the search's best play of the turn, CardPoints their points.
	Cards      []string
	CardPoints int
	// Line is the rest of the mover's turn in the search's best play, in
	// notation, up to its end or a chance event.
	Line []string
}

// ExplainMove returns the facts of move a of the player to move, who must
// be at the start of a move with a among the legal actions; turns is the
// search's horizon for the rest of the turn's line, as in
// [State.DeepValues]. It returns an error, and no facts, for an action
// that is no pawn move or is not legal now.
func (s *State) ExplainMove(a game.Action, turns int) (MoveFacts, error) {
	var f MoveFacts
	if s.phase != phaseMove || s.toolUsed {
		return f, game.Errorf(game.CodeInvalid, "a move is explained at the start of a move, not in phase %s", phaseNames[s.phase])
	}
	mover := s.current
	if int(a) >= actFail || a < 0 {
		return f, game.Errorf(game.CodeInvalid, "%s is not a pawn move", s.ActionString(game.Player(mover), a))
	}
	if err := s.Explain(game.Player(mover), a); err != nil {
		return f, err
	}
	f.Lifted = Mineral(s.board[s.pawn[mover]] - 1)
	f.Landing = Mineral(s.board[a] - 1)
	c := *s
	c.Apply(game.Player(mover), a)
	gained := c.pool[mover]
	for m := range NumMinerals {
		gained[m] -= s.pool[mover][m]
	}
	gained[f.Lifted]--
	f.Taken = gained
	f.Fragments = gained.Total()
	f.CutOff = s.minerals.Len() - c.minerals.Len() - 1
	d := &deepSearch{horizon: s.turns + int32(max(1, turns))}
	for c.current == mover && !c.Terminal() && c.phase != phaseRevealCard && c.phase != phaseChestDraw && c.turns == s.turns {
		acts := searchState{&c}.Legal(game.Player(mover), nil)
		if len(acts) == 0 {
			break
		}
		best, bestM := acts[0], math.Inf(-1)
		for _, b := range acts {
			n := c
			n.Apply(game.Player(mover), b)
			w := d.value(&n, 0)
			if m := w.margin(mover, c.n); m > bestM {
				best, bestM = b, m
			}
		}
		f.Line = append(f.Line, c.ActionString(game.Player(mover), best))
		if x := int(best); x >= actTake && x < actChest {
			slot := (x - actTake) % faceUpSlots
			card := &c.pack.Cards[c.faceUp[slot]]
			f.Cards = append(f.Cards, card.ID)
			if x >= actTakeLess {
				f.CardPoints += card.ReducedPoints
			} else {
				f.CardPoints += card.Points
			}
		}
		c.Apply(game.Player(mover), best)
	}
	return f, nil
}

// AtMoveStart reports whether the player to move is at the start of a
// turn's move, with no tool used yet: where [State.DeepValues] and
// [State.ExplainMove] start.
func (s *State) AtMoveStart() bool { return s.phase == phaseMove && !s.toolUsed }

// Seat returns the seat whose turn it is (game.Player numbering).
func (s *State) Seat() game.Player { return game.Player(s.current) }
