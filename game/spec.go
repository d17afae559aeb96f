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
}

// CheckPlayers returns an error of code CodeInvalid unless n is within the
// spec's player counts.
func (s Spec) CheckPlayers(n int) error {
	if n < s.MinPlayers || n > s.MaxPlayers {
		return Errorf(CodeInvalid, "%s is played by %d to %d players, not %d", s.Title, s.MinPlayers, s.MaxPlayers, n)
	}
	return nil
}
