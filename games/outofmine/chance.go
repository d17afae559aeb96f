package outofmine

import (
	"strconv"

	"minehall/game"
)

// The random events of Out of Mine are chance nodes (the package doc
// lists them): while one is due game.Chance is the only actor, its legal
// actions are the outcomes, each as likely as the others, and one step
// deals one thing.

// maxOutcomes is the largest number of outcomes of one chance node.
const maxOutcomes = NumCards

// ChanceOutcomes implements game.ChanceState: the legal actions of
// game.Chance, each with the same probability.
func (s *State) ChanceOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	var buf [maxOutcomes]game.Action
	outs := s.appendChance(buf[:0])
	for _, a := range outs {
		dst = append(dst, game.ChanceOutcome{Action: a, Probability: 1 / float64(len(outs))})
	}
	return dst
}

// appendChance appends the outcomes of the chance node due now, in
// ascending order; nothing when none is due.
func (s *State) appendChance(dst []game.Action) []game.Action {
	switch s.phase {
	case PhaseCards:
		q := s.nextWithoutCard()
		for c := range s.pack.Cards {
			if !s.used[c] {
				dst = append(dst, game.Action(actCard+q*NumCards+c))
			}
		}
	case PhaseDeal:
		switch {
		case s.lot != 0:
			for p := range s.n {
				if s.lot&(1<<p) != 0 {
					dst = append(dst, game.Action(actLot+p))
				}
			}
		case s.drawBoard:
			for b := range s.pack.Boards {
				if s.boards[b] == boardUnseen {
					dst = append(dst, game.Action(actDraw+b))
				}
			}
		default:
			q, from := s.nextWithoutBoard(), s.dealFrom()
			for b := range s.pack.Boards {
				if s.boards[b] == from {
					dst = append(dst, game.Action(actDeal+q*NumBoards+b))
				}
			}
		}
	}
	return dst
}

// nextWithoutCard returns the lowest seat without a treasure card, -1 if
// every seat has one.
func (s *State) nextWithoutCard() int {
	for p := range s.n {
		if s.seats[p].Card < 0 {
			return p
		}
	}
	return -1
}

// nextWithoutBoard returns the lowest seat without a board, -1 if every
// seat has one.
func (s *State) nextWithoutBoard() int {
	for p := range s.n {
		if s.seats[p].Board < 0 {
			return p
		}
	}
	return -1
}

// dealFrom returns where the boards dealt now come from: all the boards,
// face down, at set-up; the boards shuffled for the deal between rounds.
func (s *State) dealFrom() int8 {
	if s.round == 0 {
		return boardUnseen
	}
	return boardToDeal
}

// applyChance applies a legal chance outcome a.
func (s *State) applyChance(a int) {
	switch {
	case a < actDraw:
		s.lot = 0
		s.returnBoard(a - actLot)
	case a < actDeal:
		s.boards[a-actDraw] = boardToDeal
		s.pile--
		s.drawBoard = false
	case a < actCard:
		s.dealBoard((a-actDeal)/NumBoards, (a-actDeal)%NumBoards)
		if q := s.nextWithoutBoard(); q >= 0 && s.round > 0 && s.nextWithoutBoardAfter(q) < 0 {
			// One board left for one seat: no draw.
			for b := range s.pack.Boards {
				if s.boards[b] == boardToDeal {
					s.dealBoard(q, b)
				}
			}
		}
		if s.nextWithoutBoard() < 0 {
			s.phase = PhaseChoose
			s.seq++
		}
	default:
		q, c := (a-actCard)/NumCards, (a-actCard)%NumCards
		s.used[c] = true
		s.seats[q].Card = int8(c)
		if s.nextWithoutCard() < 0 {
			// "All players simultaneously reveal their treasure card and
			// begin to fill their own gallery board."
			s.phase = PhaseRound
			s.seq++
		}
	}
}

// nextWithoutBoardAfter returns the lowest seat above q without a board,
// -1 if none.
func (s *State) nextWithoutBoardAfter(q int) int {
	for p := q + 1; p < s.n; p++ {
		if s.seats[p].Board < 0 {
			return p
		}
	}
	return -1
}

// dealBoard puts board b in front of seat q.
func (s *State) dealBoard(q, b int) {
	s.boards[b] = boardInPlay
	s.seats[q].Board = int8(b)
}

// explainChance says why game.Chance may not take a, a chance outcome or
// not, now.
func (s *State) explainChance(a int) error {
	if s.phase != PhaseDeal && s.phase != PhaseCards {
		return game.Errorf(game.CodeNotYourTurn, "no random event is due now: the players act")
	}
	if a < actLot || a == actStop {
		return game.Errorf(game.CodeIllegal, "chance only deals boards and cards and draws lots; %q is a player's move", s.ActionString(game.Chance, game.Action(a)))
	}
	var buf [maxOutcomes]game.Action
	for _, o := range s.appendChance(buf[:0]) {
		if int(o) == a {
			return nil
		}
	}
	illegal := func(format string, args ...any) error { return game.Errorf(game.CodeIllegal, format, args...) }
	what := s.ActionString(game.Chance, game.Action(a))
	switch {
	case s.phase == PhaseCards:
		if a < actCard {
			return illegal("%s: the treasure cards are being dealt now", what)
		}
		if q := (a - actCard) / NumCards; q != s.nextWithoutCard() {
			return illegal("%s: seat %d gets the next card", what, s.nextWithoutCard()+1)
		}
		return illegal("%s: that card was already dealt in this game", what)
	case s.lot != 0:
		if a >= actDraw {
			return illegal("%s: first the lot decides who returns the board", what)
		}
		return illegal("%s: that seat is not among those tied for the most covered spaces", what)
	case s.drawBoard:
		if a < actDraw || a >= actDeal {
			return illegal("%s: first a new board comes from the pile", what)
		}
		return illegal("%s: that board is not in the pile (it is in play or was seen and returned)", what)
	default:
		if a < actDeal || a >= actCard {
			return illegal("%s: the boards are being dealt now", what)
		}
		if q := (a - actDeal) / NumBoards; q != s.nextWithoutBoard() {
			return illegal("%s: seat %d gets the next board", what, s.nextWithoutBoard()+1)
		}
		return illegal("%s: that board is not among the boards to deal", what)
	}
}

// HiddenMove implements game.HiddenMoveNamer: of a treasure card dealt
// face down, everyone may know whose it is ("draw card for seat 2"), not
// which card.
func (s *State) HiddenMove(p game.Player, a game.Action) string {
	if s.MoveIsPublic(p, a) {
		return ""
	}
	return "draw card for seat " + strconv.Itoa((int(a)-actCard)/NumCards+1)
}

var _ game.HiddenMoveNamer = (*State)(nil)

// MoveIsPublic implements game.PublicMover. Everything on the table is in
// plain sight, so every move of a seat or of the clock is public, and so
// are the boards dealt, the board from the pile and the lot. A treasure
// card is dealt face down: the move is hidden from everyone, except for
// the last card of the round, which reveals every card at once.
func (s *State) MoveIsPublic(p game.Player, a game.Action) bool {
	if p != game.Chance || int(a) < actCard || s.phase != PhaseCards {
		return true
	}
	without := 0
	for q := range s.n {
		if s.seats[q].Card < 0 {
			without++
		}
	}
	return without == 1
}
