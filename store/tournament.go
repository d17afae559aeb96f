package store

import (
	"context"
	"time"

	"minehall/game"
)

// The formats of a tournament.
const (
	// FormatSwiss pairs players of equal score round by round, never
	// twice the same.
	FormatSwiss = "swiss"
	// FormatArena pairs waiting players continually until the end time.
	FormatArena = "arena"
)

// TournamentStatus is where a tournament is in its life.
type TournamentStatus string

// The statuses of a tournament.
const (
	TournamentScheduled TournamentStatus = "scheduled"
	TournamentRunning   TournamentStatus = "running"
	TournamentFinished  TournamentStatus = "finished"
	TournamentCancelled TournamentStatus = "cancelled"
)

// Tournament is a scheduled event of many games between its entrants.
type Tournament struct {
	ID     string
	Game   string
	Format string
	// Options are the resolved options of every table of the event.
	Options     game.Options
	TimeControl *TimeControl
	// TableSize is the number of players at each table.
	TableSize int
	// Rounds is a Swiss event's number of rounds; Duration an arena's
	// length from its start.
	Rounds   int
	Duration time.Duration
	// MinPlayers is how many entrants it needs at its start; fewer cancel
	// it.
	MinPlayers int
	Starts     time.Time
	// Creator is the ID of the account that scheduled it; empty for the
	// operator.
	Creator      string
	Status       TournamentStatus
	CancelReason string
	// Round is the number of the round under way (Swiss) or the last
	// wave of pairings (arena); 0 before the first.
	Round    int
	Created  time.Time
	Started  time.Time
	Finished time.Time
	// Epoch is the lease epoch as read; UpdateTournament refuses a
	// tournament whose Epoch is not the stored one (CodeConflict).
	Epoch int64
}

// Entrant is a player of a tournament: an account or a bot level.
type Entrant struct {
	Tournament string
	// ID is "a:" and the account's ID, or "b:" and the bot's level.
	ID        string
	AccountID string
	Bot       string
	Name      string
	// Rating is the entrant's displayed rating when it joined.
	Rating float64
	Joined time.Time
	// Withdrawn is zero while the entrant plays on; WithdrawReason says
	// why they stopped ("left", "absent", "stand-in", ...).
	Withdrawn      time.Time
	WithdrawReason string
}

// AccountEntrant and BotEntrant are the entrant IDs of an account and of
// a bot level.
func AccountEntrant(accountID string) string { return "a:" + accountID }

// BotEntrant: see [AccountEntrant].
func BotEntrant(level string) string { return "b:" + level }

// TournamentGame is one table of a tournament: board Board of round
// Round.
type TournamentGame struct {
	Tournament string
	Round      int
	Board      int
	// Table is the table's ID; empty until it is made.
	Table string
	// OwnerToken is the table's owner token, kept for the runner.
	OwnerToken string
	// Players are the entrant IDs by seat.
	Players []string
	// Ranks are the players' ranks by seat (1 is first, ties share a
	// rank); nil until the game ends, and for an aborted game.
	Ranks []int
	// Outcome is "" for a game played or under way, else one of
	// OutcomeBye, OutcomeForfeit, OutcomeAborted.
	Outcome  string
	Created  time.Time
	Finished time.Time
}

// Ended reports whether the game is over: played out, or decided or
// aborted without play (an aborted game has no ranks, yet has ended).
func (g TournamentGame) Ended() bool { return g.Ranks != nil || g.Outcome != "" }

// The outcomes of a [TournamentGame] other than a game played.
const (
	// OutcomeBye: a Swiss bye, one player and no table.
	OutcomeBye = "bye"
	// OutcomeForfeit: decided without play (a player did not come).
	OutcomeForfeit = "forfeit"
	// OutcomeAborted: ended without a result.
	OutcomeAborted = "aborted"
)

// TournamentFilter selects tournaments for [Tournaments.Tournaments].
type TournamentFilter struct {
	// Status keeps tournaments with one of these statuses; empty keeps
	// all.
	Status []TournamentStatus
	// Offset skips that many; Limit caps the number returned (0: no
	// cap). Order: by start time, the latest first when Latest is set,
	// else the soonest first; then by ID.
	Offset, Limit int
	Latest        bool
}

// Tournaments keeps tournaments, their entrants and games. Errors carry
// game codes: CodeNotFound for an unknown tournament, entrant or game;
// CodeConflict for an ID, entrant or board that exists already, and for
// a write with a stale lease epoch. Every method is safe for concurrent
// use and durable once it returns nil.
type Tournaments interface {
	// CreateTournament stores a new tournament with its first entrants
	// (the bots its creator put in) at once: nobody, a runner included,
	// sees it without them. Nothing is stored when any entrant is
	// refused.
	CreateTournament(ctx context.Context, t *Tournament, entrants ...Entrant) error
	// Tournament returns the tournament with the given ID.
	Tournament(ctx context.Context, id string) (*Tournament, error)
	// ListTournaments returns the tournaments f selects.
	ListTournaments(ctx context.Context, f TournamentFilter) ([]*Tournament, error)
	// UpdateTournament stores t's status, cancel reason, round and times,
	// if t.Epoch is the stored lease epoch.
	UpdateTournament(ctx context.Context, t *Tournament) error
	// ClaimTournament gives the lease of tournament id to owner until
	// now+lease if it is free, expired or owner's already, and returns
	// the tournament as stored then (its Epoch is one more than before
	// when the lease changed hands); ok is false when another owner
	// holds it.
	ClaimTournament(ctx context.Context, id, owner string, now time.Time, lease time.Duration) (t *Tournament, ok bool, err error)
	// ReleaseTournament gives the lease up, if owner holds it.
	ReleaseTournament(ctx context.Context, id, owner string) error

	// AddEntrant adds e; CodeConflict when it is an entrant already.
	AddEntrant(ctx context.Context, e Entrant) error
	// RemoveEntrant removes an entrant (who leaves before the start).
	RemoveEntrant(ctx context.Context, tournament, entrant string) error
	// WithdrawEntrant marks an entrant withdrawn at at with reason; one
	// withdrawn already keeps their first reason.
	WithdrawEntrant(ctx context.Context, tournament, entrant, reason string, at time.Time) error
	// Entrants returns a tournament's entrants in the order they joined.
	Entrants(ctx context.Context, tournament string) ([]Entrant, error)

	// AddTournamentGame stores g; CodeConflict when its board of its
	// round exists already, so that a round's table is made once.
	AddTournamentGame(ctx context.Context, g TournamentGame) error
	// SetGameTable records the table made for a game, once: CodeConflict
	// when it has one already.
	SetGameTable(ctx context.Context, tournament string, round, board int, tableID, ownerToken string) error
	// FinishTournamentGame records a game's ranks and outcome, once (a
	// game finished already keeps its own).
	FinishTournamentGame(ctx context.Context, tournament string, round, board int, ranks []int, outcome string, at time.Time) error
	// TournamentGames returns a tournament's games by round and board.
	TournamentGames(ctx context.Context, tournament string) ([]TournamentGame, error)
}
