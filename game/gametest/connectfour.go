package gametest

import (
	"fmt"
	"strings"

	"minehall/game"
)

// Connect Four on the standard 7 × 6 grid: the kit's sequential game with
// perfect information. Action c drops a disc into column c (notation "a" to
// "g").
const (
	c4Cols = 7
	c4Rows = 6
)

type connectFour struct{}

// ConnectFour returns the sequential, perfect-information test game.
func ConnectFour() game.Game { return connectFour{} }

func (connectFour) Spec() game.Spec {
	return game.Spec{
		ID: "connectfour", Title: "Connect Four", Summary: "Test game: drop discs, four in a row wins.",
		MinPlayers: 2, MaxPlayers: 2, Options: []game.OptionSpec{},
		Information: game.PerfectInformation, Turns: game.Sequential,
	}
}

func (connectFour) New(cfg game.Config) (game.State, error) {
	return &C4State{Winner: -1}, nil
}

// C4State is a Connect Four position. Cells hold 0 (empty), 1 or 2.
type C4State struct {
	Cells  [c4Cols * c4Rows]int8 `json:"cells"` // column-major, row 0 at the bottom
	Height [c4Cols]int8          `json:"height"`
	Turn   game.Player           `json:"turn"`
	Moves  int                   `json:"moves"`
	Winner game.Player           `json:"winner"` // -1 while undecided or drawn
}

func (s *C4State) NumPlayers() int { return 2 }
func (s *C4State) NumActions() int { return c4Cols }

func (s *C4State) Terminal() bool { return s.Winner >= 0 || s.Moves == c4Cols*c4Rows }

func (s *C4State) Actors(dst []game.Player) []game.Player {
	if s.Terminal() {
		return dst
	}
	return append(dst, s.Turn)
}

func (s *C4State) Legal(p game.Player, dst []game.Action) []game.Action {
	if s.Terminal() || p != s.Turn {
		return dst
	}
	for c := 0; c < c4Cols; c++ {
		if s.Height[c] < c4Rows {
			dst = append(dst, game.Action(c))
		}
	}
	return dst
}

func (s *C4State) Apply(p game.Player, a game.Action) {
	c := int(a)
	r := int(s.Height[c])
	s.Cells[c*c4Rows+r] = int8(p) + 1
	s.Height[c]++
	s.Moves++
	if s.wins(c, r, int8(p)+1) {
		s.Winner = p
	}
	s.Turn = 1 - s.Turn
}

func (s *C4State) at(c, r int) int8 {
	if c < 0 || c >= c4Cols || r < 0 || r >= c4Rows {
		return 0
	}
	return s.Cells[c*c4Rows+r]
}

func (s *C4State) wins(c, r int, v int8) bool {
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		for k := 1; s.at(c+k*d[0], r+k*d[1]) == v; k++ {
			n++
		}
		for k := 1; s.at(c-k*d[0], r-k*d[1]) == v; k++ {
			n++
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

func (s *C4State) Returns(dst []float64) []float64 {
	switch {
	case s.Winner >= 0:
		return game.RankReturns([]float64{b2f(s.Winner == 0), b2f(s.Winner == 1)}, dst)
	case s.Terminal():
		return append(dst, 0.5, 0.5)
	}
	return append(dst, 0, 0)
}

func (s *C4State) Scores(dst []float64) []float64 {
	return append(dst, b2f(s.Winner == 0), b2f(s.Winner == 1))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (s *C4State) Clone() game.State { c := *s; return &c }

// View is the whole position: nothing is hidden.
func (s *C4State) View(p game.Player) any { return s.Snapshot() }

func (s *C4State) Snapshot() any { c := *s; return &c }

func (s *C4State) ActionString(p game.Player, a game.Action) string {
	return string(rune('a' + a))
}

func (s *C4State) ParseAction(p game.Player, m string) (game.Action, error) {
	if len(m) != 1 || m[0] < 'a' || m[0] >= 'a'+c4Cols {
		return 0, game.Errorf(game.CodeInvalid, "%q is not a column a to g", m)
	}
	return game.Action(m[0] - 'a'), nil
}

// Explain says why a drop is illegal.
func (s *C4State) Explain(p game.Player, a game.Action) error {
	switch {
	case s.Terminal():
		return game.Errorf(game.CodeGameOver, "the game is over")
	case p != s.Turn:
		return game.Errorf(game.CodeNotYourTurn, "it is player %s's turn", s.Turn)
	case a < 0 || a >= c4Cols:
		return game.Errorf(game.CodeInvalid, "there is no column %d", a)
	case s.Height[a] >= c4Rows:
		return game.Errorf(game.CodeIllegal, "column %s is full", s.ActionString(p, a))
	}
	return nil
}

// CheckInvariants checks that discs are stacked without gaps and counted.
func (s *C4State) CheckInvariants() error {
	n := 0
	for c := 0; c < c4Cols; c++ {
		for r := 0; r < c4Rows; r++ {
			filled := s.Cells[c*c4Rows+r] != 0
			if filled != (r < int(s.Height[c])) {
				return fmt.Errorf("column %d row %d: filled=%v but height is %d", c, r, filled, s.Height[c])
			}
			if filled {
				n++
			}
		}
	}
	if n != s.Moves {
		return fmt.Errorf("%d discs on the board after %d moves", n, s.Moves)
	}
	return nil
}

// String draws the board, top row first.
func (s *C4State) String() string {
	var b strings.Builder
	for r := c4Rows - 1; r >= 0; r-- {
		for c := 0; c < c4Cols; c++ {
			b.WriteByte(".XO"[s.Cells[c*c4Rows+r]])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

var _ game.Observer = (*C4State)(nil)

// ObservationShape is [3, 6, 7]: three planes of rows (0 at the bottom)
// by columns; see Observe.
func (s *C4State) ObservationShape() []int { return []int{3, c4Rows, c4Cols} }

// Observe encodes the board as three planes seen from p (for the
// spectator, from seat 0): plane 0 holds 1 where p's discs lie, plane 1
// where the other player's discs lie, and plane 2 is all 1 when p is to
// move (all 0 when the other player is, or the game is over).
func (s *C4State) Observe(p game.Player, dst []float32) []float32 {
	dst = game.ObservationBuffer(dst, 3*c4Rows*c4Cols)
	me := int8(1)
	if p == 1 {
		me = 2
	}
	for c := 0; c < c4Cols; c++ {
		for r := 0; r < c4Rows; r++ {
			switch v := s.Cells[c*c4Rows+r]; {
			case v == me:
				dst[r*c4Cols+c] = 1
			case v != 0:
				dst[c4Rows*c4Cols+r*c4Cols+c] = 1
			}
		}
	}
	if !s.Terminal() && int8(s.Turn)+1 == me {
		for i := 2 * c4Rows * c4Cols; i < len(dst); i++ {
			dst[i] = 1
		}
	}
	return dst
}
