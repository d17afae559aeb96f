package game

// Information says what players know of the state.
type Information string

const (
	// PerfectInformation: every player sees the whole state.
	PerfectInformation Information = "perfect"
	// ImperfectInformation: some of the state is hidden from some players;
	// the game's states implement [Determinizer] and [InfoKeyer].
	ImperfectInformation Information = "imperfect"
)

// TurnTaking says how players take turns.
type TurnTaking string

const (
	// Sequential: one player acts at a time.
	Sequential TurnTaking = "sequential"
	// Simultaneous: several players may each owe an action at once (a
	// secret bid), and the state waits for all of them.
	Simultaneous TurnTaking = "simultaneous"
	// RealTime: several players act at once and as often as they like,
	// in arrival order; clocks end phases through [System] actions.
	RealTime TurnTaking = "realtime"
)

// Spec describes a game.
type Spec struct {
	ID          string       `json:"id"`    // lower-case, used on the command line and in records
	Title       string       `json:"title"` // the name people know
	Summary     string       `json:"summary"`
	MinPlayers  int          `json:"min_players"`
	MaxPlayers  int          `json:"max_players"`
	Options     []OptionSpec `json:"options"`
	Information Information  `json:"information"`
	Turns       TurnTaking   `json:"turns"`
	Chance      bool         `json:"chance"` // some states have Chance as actor
	// Arena says a game is short enough to play many in an hour, so
	// that a tournament of it may be an arena (as many games as one can
	// in the time) besides a Swiss event; a real-time game is played in
	// arenas only.
	Arena bool `json:"arena,omitempty"`
	// RatedMoves is how many actions each person must play themselves,
	// not a stand-in, for a rated result; 0 means [DefaultRatedMoves]
	// (see [Spec.OwnMovesToRate]).
	RatedMoves int `json:"rated_moves,omitempty"`
}

// DefaultRatedMoves is the least number of a person's own actions for a
// rated result of a game that declares none.
const DefaultRatedMoves = 2

// OwnMovesToRate returns how many actions each person must play
// themselves for a table of the game to be rated: RatedMoves, or
// [DefaultRatedMoves] if it is not set.
func (s Spec) OwnMovesToRate() int {
	if s.RatedMoves > 0 {
		return s.RatedMoves
	}
	return DefaultRatedMoves
}

// CheckPlayers returns an error of code CodeInvalid unless n is within the
// spec's player counts.
func (s Spec) CheckPlayers(n int) error {
	if n < s.MinPlayers || n > s.MaxPlayers {
		return Errorf(CodeInvalid, "%s is played by %d to %d players, not %d", s.Title, s.MinPlayers, s.MaxPlayers, n)
	}
	return nil
}
