package game

import "time"

// State is one position of a game. Only Apply mutates it; every other method
// is a pure read that writes no cache, so that several goroutines may read a
// state while none applies to it.
type State interface {
	// NumPlayers returns the number of seats.
	NumPlayers() int

	// NumActions returns the size of the dense action space: every action
	// this state or any later state of the same game can take is in
	// [0, NumActions()).
	NumActions() int

	// Actors appends to dst the players who may act now, in ascending order,
	// and returns it: one player on a sequential turn, several players in a
	// simultaneous phase, [Chance] for a random event, [System] when only a
	// timed event can end the phase. A terminal state has no actors. In a
	// real-time phase the actors may also include [System] besides seats.
	Actors(dst []Player) []Player

	// Legal appends to dst the legal actions of p in strictly ascending
	// order and returns it; nothing when p may not act. It must not
	// allocate beyond growing dst.
	Legal(p Player, dst []Action) []Action

	// Apply applies action a by player p without checking it: the caller
	// guarantees that a is in Legal(p). It is the fast path for search; use
	// [Play] for untrusted input.
	Apply(p Player, a Action)

	// Terminal reports whether the game is over.
	Terminal() bool

	// Returns appends one utility in [0, 1] per player: 1 for a win, 0 for a
	// loss, 1/k to each of k players sharing a win. Only meaningful when
	// Terminal; see [RankReturns].
	Returns(dst []float64) []float64

	// Scores appends the game's own points per player (final or so far).
	Scores(dst []float64) []float64

	// Clone returns an independent deep copy: applying to one never changes
	// the other.
	Clone() State

	// View returns what p may see, as a value that encodes to JSON. Every
	// seat sees its own hidden information and the public part of the rest;
	// Spectator gets the public view. A view never holds the seed, the
	// generator's state, deck orders or anything else p may not know.
	View(p Player) any

	// Snapshot returns the whole state, hidden parts and the random
	// generator included, as a value that encodes to JSON deterministically.
	// Two states are equal when their snapshots encode to the same bytes; a
	// record's hash is the hash of the final snapshot. Never sent to clients.
	Snapshot() any

	// ActionString returns the notation of action a by player p in this
	// state, for example "move 3 east". It need not be legal.
	ActionString(p Player, a Action) string

	// ParseAction is the inverse of ActionString in this state. It reports
	// malformed notation with an error of code [CodeInvalid]; it does not
	// check legality.
	ParseAction(p Player, s string) (Action, error)
}

// Game is a game's metadata and its factory of initial states.
type Game interface {
	// Spec describes the game: id, title, player counts, options, and the
	// kinds of information and turn-taking.
	Spec() Spec

	// New returns the initial state for cfg. cfg.Options has been resolved
	// by [Spec.ResolveOptions]; New may still refuse a combination with an
	// error of code [CodeInvalid]. All randomness of the game derives from
	// cfg.Seed.
	New(cfg Config) (State, error)
}

// Config is what defines a new game besides its id.
type Config struct {
	Players int
	Options Options
	Seed    uint64
}

// ChanceOutcome is one possible result of a random event.
type ChanceOutcome struct {
	Action      Action
	Probability float64
}

// ChanceState is implemented by states that have chance nodes. When Actors
// returns [Chance], ChanceOutcomes appends every outcome with its
// probability (summing to 1), in ascending order of action; the legal
// actions of Chance are exactly these outcomes.
type ChanceState interface {
	ChanceOutcomes(dst []ChanceOutcome) []ChanceOutcome
}

// Explainer is implemented by states that can say why an action is illegal.
// Explain returns nil when p may take a now, else an error (code
// [CodeIllegal] or [CodeNotYourTurn]) whose message says why in words a
// player understands. [Play] uses it.
type Explainer interface {
	Explain(p Player, a Action) error
}

// Determinizer is implemented by games with hidden information. Determinize
// returns a new state that p cannot tell apart from this one: everything p
// sees (View(p)) is the same, and everything p cannot see (other hands,
// deck orders, the generator's state) is resampled with rng, consistently
// with what p knows. The result must not depend on the hidden values of the
// receiver, so search on it cannot read them.
type Determinizer interface {
	Determinize(p Player, rng *Rand) State
}

// InfoKeyer is implemented by games with hidden information. InfoKey returns
// a string equal for two states exactly when p cannot tell them apart.
type InfoKeyer interface {
	InfoKey(p Player) string
}

// Timer is implemented by states with timed events. When ok, the phase
// identified by phase ends by a [System] action after d of wall time (or of
// virtual time in simulation), counted from the moment the state first
// reported this phase, unless another action ends it first. The System
// action to apply is Legal(System)[0].
type Timer interface {
	Timer() (phase int64, d time.Duration, ok bool)
}

// Checker is implemented by states that can verify their own invariants
// (components conserved, indices in range). The conformance kit calls
// CheckInvariants after every action; it returns nil or an error that says
// which invariant broke.
type Checker interface {
	CheckInvariants() error
}

// Rulebook is implemented by games that carry their rules text for the app:
// the rulebook's rules in the app's words, every ruling from RULINGS.md, and
// every reconstructed component marked as reconstructed. Rules returns
// Markdown in the language lang ("en", "de", "fr", "nl"), falling back to
// English, and reports whether lang itself was available.
type Rulebook interface {
	Rules(lang string) (text string, ok bool)
}

// PublicMover is implemented by states with hidden information whose
// actions are nonetheless mostly seen by everyone. MoveIsPublic reports,
// before a is applied, whether every player may learn that p took a;
// drivers name a public move to every viewer and a hidden one only to its
// player. Without it, every move of an imperfect-information game is
// treated as hidden.
type PublicMover interface {
	MoveIsPublic(p Player, a Action) bool
}

// HiddenMoveNamer is implemented by states some of whose hidden moves (see
// [PublicMover]) may still be named in part to every player. HiddenMove
// returns, before a is applied, the words of p's action a that everyone
// may know, without what is hidden ("draw card for seat 2" without the
// card), or "" when nothing may be said. The words are for display only:
// they need not parse as a move.
type HiddenMoveNamer interface {
	HiddenMove(p Player, a Action) string
}
