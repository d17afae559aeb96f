package store

import (
	"context"
	"time"

	"minehall/rating"
)

// Account is a player's account. Guests have none; an account's seats and
// ratings carry its ID.
type Account struct {
	// ID is random and never changes; it is also the account's WebAuthn
	// user handle.
	ID string
	// Name is the name as its player wrote it (NFC); NameKey is its
	// case-folded form, unique among accounts.
	Name    string
	NameKey string
	// Skeleton is the confusable skeleton (Unicode UTS #39) of NameKey,
	// unique among accounts too, so that no name passes for another; ""
	// for an account made before skeletons were kept (see RekeyAccounts).
	Skeleton string
	// PasswordHash is the argon2id hash of the password in the PHC string
	// format; empty for an account that signs in with passkeys only.
	PasswordHash string
	Created      time.Time
}

// Credential is a passkey of an account: its WebAuthn credential ID and the
// credential as the WebAuthn library encodes it to JSON (public key, sign
// count, flags).
type Credential struct {
	ID        []byte
	AccountID string
	Data      []byte
	Created   time.Time
}

// Session is a signed-in browser: the SHA-256 of its cookie's token, the
// account, and when it stops being valid.
type Session struct {
	Hash      []byte
	AccountID string
	Created   time.Time
	Expires   time.Time
	// UserAgent and Address say which browser signed in and from where
	// (the client's address network), for the account's list of its
	// sessions; either may be empty.
	UserAgent string
	Address   string
}

// PlayerRating is a rated identity's rating in one game: an account's ID,
// or "bot:" and a bot level for the bots (see [BotPlayer]).
type PlayerRating struct {
	Player string
	// Name is the account's name, or the player for a bot.
	Name   string
	Game   string
	Rating rating.Rating
	// Games counts the rated games played.
	Games   int
	Updated time.Time
}

// BotPlayer is the rated identity of a bot level, the same in every game
// (each game rates it apart).
func BotPlayer(level string) string { return "bot:" + level }

// GameResult is a finished table as [Accounts.RecordGame] records it: one
// seat per player, in seat order.
type GameResult struct {
	Table    string
	Game     string
	Finished time.Time
	// Rated says the table counts for its players' ratings (made rated,
	// with the rulebook's options, every seat an account or a bot, every
	// person's own moves played): their ratings change, unless the pair
	// limit stops it.
	Rated bool
	// Reason says why a table moves no rating (one of the Reason
	// constants); empty when Rated.
	Reason string
	// PairLimit, when its Games is above 0, stops a rated table from
	// moving ratings when two of its accounts met in that many rated
	// games or more that finished after Since: the table is recorded with
	// [ReasonPairLimit].
	PairLimit PairLimit
	Seats     []SeatResult
}

// PairLimit is how often two accounts may move each other's ratings:
// Games rated games that finished after Since.
type PairLimit struct {
	Games int
	Since time.Time
}

// Why a recorded table moved no rating.
const (
	// ReasonCasual: the table was not made rated.
	ReasonCasual = "casual"
	// ReasonOptions: the table was made rated with options that are not
	// the rulebook's.
	ReasonOptions = "options"
	// ReasonGuest: a seat had neither an account nor a bot.
	ReasonGuest = "guest"
	// ReasonAborted: a person played fewer of their own actions than the
	// game asks of a rated result; the table counts for nobody.
	ReasonAborted = "aborted"
	// ReasonPairLimit: two of its accounts had met often enough in rated
	// games lately (see [PairLimit]).
	ReasonPairLimit = "pair_limit"
)

// SeatResult is one seat of a finished table.
type SeatResult struct {
	// Player is the seat's account ID or bot identity; empty for a guest,
	// who has nothing recorded.
	Player string
	// Rank is 1 for first; equal ranks tie.
	Rank int
	Won  bool
	// Left says the seat's person counts as having left: a stand-in
	// played more than a small share of the seat's actions or one of its
	// last, so the seat ranks last whatever the stand-in did.
	Left bool
	// OwnActions and StandInActions count the seat's actions its person
	// played and those a stand-in played for them (0 for a bot).
	OwnActions, StandInActions int
}

// RateFunc computes the ratings after a rated game from those before it,
// seat by seat (a player new to the game has [rating.Default]).
type RateFunc func(before []rating.Rating) ([]rating.Rating, error)

// PlayedGame is one game of a player, as its profile lists it: the record
// of the rating change the table made, if any.
type PlayedGame struct {
	// Player is the account ID or bot identity, and Name its account's
	// name (the player for a bot).
	Player, Name string
	Table        string
	Game         string
	Finished     time.Time
	Seat         int
	Rank         int
	Players      int
	Won          bool
	Left         bool
	Rated        bool
	// Reason says why the table moved no rating (see [GameResult]).
	Reason string
	// OwnActions and StandInActions are as in [SeatResult].
	OwnActions, StandInActions int
	// Before and After are the player's rating around a rated game.
	Before, After rating.Rating
}

// GameStats counts a player's games of one game.
type GameStats struct {
	Game        string
	Played, Won int
}

// Accounts keeps accounts, their passkeys and sessions, and the games and
// ratings of players. Errors carry game codes: CodeNotFound for an unknown
// account, credential or session, CodeConflict for a name or credential
// taken. Every method is safe for concurrent use, and one that returns nil
// has committed durably.
type Accounts interface {
	// CreateAccount stores a new account; CodeConflict if its ID or
	// NameKey is taken.
	CreateAccount(ctx context.Context, a *Account) error
	// Account returns the account with the given ID.
	Account(ctx context.Context, id string) (*Account, error)
	// AccountByName returns the account whose NameKey is key.
	AccountByName(ctx context.Context, key string) (*Account, error)

	// AddCredential stores a new passkey; CodeConflict if its ID is taken.
	AddCredential(ctx context.Context, c Credential) error
	// Credentials returns the passkeys of an account, oldest first.
	Credentials(ctx context.Context, accountID string) ([]Credential, error)
	// UpdateCredential replaces the Data of the passkey c.ID of
	// c.AccountID (its sign count after a sign-in).
	UpdateCredential(ctx context.Context, c Credential) error

	// CreateSession stores a new session.
	CreateSession(ctx context.Context, s Session) error
	// Session returns the session whose hash is hash if it has not
	// expired at now.
	Session(ctx context.Context, hash []byte, now time.Time) (*Session, error)
	// DeleteSession removes a session; removing an unknown one is no
	// error.
	DeleteSession(ctx context.Context, hash []byte) error

	// RecordGame records a finished table's players' game and, for a rated
	// table, replaces their ratings in the game with rate's answer, all in
	// one transaction and once per table: it reports false and changes
	// nothing if the table was recorded already. rate is called with the
	// ratings before the game of the seats with a player (in seat order)
	// while the transaction holds them, and only for a rated table.
	RecordGame(ctx context.Context, g GameResult, rate RateFunc) (bool, error)
	// Ratings returns a player's ratings, one per game rated.
	Ratings(ctx context.Context, player string) ([]PlayerRating, error)
	// Leaderboard returns the ratings in game, highest Mu first, at most
	// limit: with bots false, the accounts whose rating is settled (see
	// [rating.Rating.Settled]); with bots true, the bot levels.
	Leaderboard(ctx context.Context, game string, bots bool, limit int) ([]PlayerRating, error)
	// TableGames returns the recorded seats of a table that had a player,
	// in seat order; none for a table not recorded.
	TableGames(ctx context.Context, table string) ([]PlayedGame, error)
	// RatedGames returns the seats of every table that moved ratings in
	// game ("" for every game), table by table in the order the ratings
	// changed, each table's seats in seat order: replaying them through
	// the rating model from [rating.Default] gives every stored rating.
	RatedGames(ctx context.Context, game string) ([]PlayedGame, error)
	// PlayedGames returns a player's recorded games, newest first, at
	// most limit; game "" is every game.
	PlayedGames(ctx context.Context, player, game string, limit int) ([]PlayedGame, error)
	// GameStats returns how many games a player played and won, per game.
	GameStats(ctx context.Context, player string) ([]GameStats, error)

	// AccountSecurity: sessions, passwords, known devices and deletion.
	AccountSecurity
	// Preferences: what follows the player to every browser.
	Preferences
}
