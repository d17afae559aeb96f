package table

import "minehall/game"

// Move is one applied action in a state update's history: its number, who
// acted and, where the subscriber may be told, the move in notation.
type Move struct {
	N      int64       `json:"n"`
	Player game.Player `json:"player"`
	Move   string      `json:"move,omitempty"`
	// Veiled is, where Move is left out, what everyone may know of the
	// hidden move (game.HiddenMoveNamer: "draw card for seat 2" without
	// the card): words for display, not notation.
	Veiled string `json:"veiled,omitempty"`
	// StandIn marks a move a stand-in played for the seat's person.
	StandIn bool `json:"stand_in,omitempty"`
}

// historyLimit is how many of the last actions a state update lists.
const historyLimit = 300

// loggedMove is an applied action as the table remembers it for the
// history of state updates.
type loggedMove struct {
	player  game.Player
	move    string
	public  bool   // every subscriber may be told the move
	veiled  string // what every subscriber may be told of a hidden move, "" for nothing
	standIn bool   // a stand-in played it
}

// moveFor returns the move as seat may be told it: the move where
// tellsMove allows, else "" and what everyone may know of it (veiled, ""
// for nothing).
func (m loggedMove) moveFor(seat game.Player) (move, veiled string) {
	if tellsMove(m.player, m.public, seat) {
		return m.move, ""
	}
	return "", m.veiled
}

// logged returns p's action a, written move, as the table remembers and
// broadcasts it, before a is applied; t.mu is held.
func (t *Table) logged(p game.Player, a game.Action, move string) loggedMove {
	m := loggedMove{player: p, move: move, public: t.moveIsPublic(p, a), standIn: t.standsIn(p)}
	if hn, ok := t.state.(game.HiddenMoveNamer); ok && !m.public {
		m.veiled = hn.HiddenMove(p, a)
	}
	return m
}

// remember adds action number n to the recent actions; t.mu is held.
func (t *Table) remember(n int64, m loggedMove) {
	if len(t.recent) == 0 {
		t.recentFrom = n
	}
	if len(t.recent) == 2*historyLimit {
		t.recent = append(t.recent[:0], t.recent[historyLimit:]...)
		t.recentFrom += historyLimit
	}
	t.recent = append(t.recent, m)
}

// history lists the last actions (at most historyLimit) as seat may know
// them: the move is left out where broadcastAction left it out; t.mu is
// held.
func (t *Table) history(seat game.Player) []Move {
	from := max(0, len(t.recent)-historyLimit)
	h := make([]Move, 0, len(t.recent)-from)
	for i, m := range t.recent[from:] {
		e := Move{N: t.recentFrom + int64(from+i), Player: m.player, StandIn: m.standIn}
		e.Move, e.Veiled = m.moveFor(seat)
		h = append(h, e)
	}
	return h
}

// tellsMove reports whether seat may be told the move p took: always when
// the move is public, else only when seat is p.
func tellsMove(p game.Player, public bool, seat game.Player) bool {
	return public || (p.Seated() && p == seat)
}
