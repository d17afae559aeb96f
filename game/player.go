package game

import "strconv"

// Player identifies a seat: 0 to n-1 for the n players of a game. The
// negative values name actors and observers that are not seated.
type Player int8

const (
	// Chance is the actor of random events (a shuffle, a die roll). Its legal
	// actions are the outcomes; [ChanceState] gives their probabilities.
	Chance Player = -1
	// System is the actor of events driven by time, such as a round clock
	// running out. A driver applies its action when [Timer] says it is due.
	System Player = -2
	// Spectator is the observer with no seat. View(Spectator) is the public
	// view.
	Spectator Player = -3
)

// String returns "chance", "system", "spectator" or the seat number.
func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case System:
		return "system"
	case Spectator:
		return "spectator"
	}
	return strconv.Itoa(int(p))
}

// ParsePlayer is the inverse of [Player.String].
func ParsePlayer(s string) (Player, error) {
	switch s {
	case "chance":
		return Chance, nil
	case "system":
		return System, nil
	case "spectator":
		return Spectator, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 127 {
		return 0, Errorf(CodeInvalid, "player %q is not a seat number, chance, system or spectator", s)
	}
	return Player(n), nil
}

// Seated reports whether p is a seat (not Chance, System or Spectator).
func (p Player) Seated() bool { return p >= 0 }

// Action is a dense action number: 0 <= a < State.NumActions(). Its meaning
// depends on the game and, for some games, on the state.
type Action int32
