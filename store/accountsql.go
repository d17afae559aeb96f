package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"minehall/game"
	"minehall/rating"
)

// SQL is what the account queries need of a database connection or
// transaction; both stores adapt theirs. Queries are written with $1, $2,
// ... placeholders; an adapter rewrites them if its driver needs.
type SQL interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(ctx context.Context, q string, args ...any) (int64, error)
	// Query runs a query; the caller closes the rows.
	Query(ctx context.Context, q string, args ...any) (Rows, func(), error)
	// ForUpdate is the clause that locks the rows a SELECT reads until the
	// transaction ends ("FOR UPDATE"), or "" where one writer holds the
	// whole database.
	ForUpdate() string
	// LockKey holds a lock named key until the transaction ends, so that
	// the transactions that take it run one after another; it does
	// nothing where one writer holds the whole database.
	LockKey(ctx context.Context, key string) error
}

// The account queries both stores share. Each returns game-coded errors;
// isUnique tells a unique violation of the adapter's driver.

// insertAccount inserts a, refusing a taken ID, name or skeleton.
func insertAccount(ctx context.Context, db SQL, a *Account, isUnique func(error) bool) error {
	if err := takenSkeleton(ctx, db, a.ID, a.Name, a.Skeleton); err != nil {
		return err
	}
	_, err := db.Exec(ctx, `INSERT INTO accounts (id, name, name_key, password, created_ms, skeleton) VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.Name, a.NameKey, a.PasswordHash, Millis(a.Created), nullable(a.Skeleton))
	if err != nil {
		if isUnique(err) {
			return game.Errorf(game.CodeConflict, "the name %q is taken", a.Name)
		}
		return fmt.Errorf("create account: %w", err)
	}
	return nil
}

// selectAccount returns the account whose column col (id, name_key or
// skeleton) is v.
func selectAccount(ctx context.Context, db SQL, col, v string) (*Account, error) {
	if col != "id" && col != "name_key" && col != "skeleton" {
		return nil, fmt.Errorf("select account by %q", col)
	}
	rows, done, err := db.Query(ctx, `SELECT id, name, name_key, password, created_ms, COALESCE(skeleton, '') FROM accounts WHERE `+col+` = $1`, v)
	if err != nil {
		return nil, fmt.Errorf("read account: %w", err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("read account: %w", err)
		}
		return nil, game.Errorf(game.CodeNotFound, "no such account")
	}
	var a Account
	var created int64
	if err := rows.Scan(&a.ID, &a.Name, &a.NameKey, &a.PasswordHash, &created, &a.Skeleton); err != nil {
		return nil, fmt.Errorf("read account: %w", err)
	}
	a.Created = FromMillis(created)
	return &a, nil
}

// insertCredential inserts c, refusing a taken credential ID and an
// unknown account.
func insertCredential(ctx context.Context, db SQL, c Credential, isUnique func(error) bool) error {
	if _, err := selectAccount(ctx, db, "id", c.AccountID); err != nil {
		return err
	}
	_, err := db.Exec(ctx, `INSERT INTO credentials (id, account_id, data, created_ms) VALUES ($1, $2, $3, $4)`,
		c.ID, c.AccountID, string(c.Data), Millis(c.Created))
	if err != nil {
		if isUnique(err) {
			return game.Errorf(game.CodeConflict, "the passkey is registered already")
		}
		return fmt.Errorf("add credential: %w", err)
	}
	return nil
}

// selectCredentials returns the passkeys of an account, oldest first.
func selectCredentials(ctx context.Context, db SQL, accountID string) ([]Credential, error) {
	rows, done, err := db.Query(ctx, `SELECT id, account_id, data, created_ms FROM credentials WHERE account_id = $1 ORDER BY created_ms, id`, accountID)
	if err != nil {
		return nil, fmt.Errorf("read credentials: %w", err)
	}
	defer done()
	var out []Credential
	for rows.Next() {
		var c Credential
		var data string
		var created int64
		if err := rows.Scan(&c.ID, &c.AccountID, &data, &created); err != nil {
			return nil, fmt.Errorf("read credentials: %w", err)
		}
		c.Data, c.Created = []byte(data), FromMillis(created)
		out = append(out, c)
	}
	return out, rows.Err()
}

// updateCredentialData replaces the data of passkey c.ID of c.AccountID.
func updateCredentialData(ctx context.Context, db SQL, c Credential) error {
	n, err := db.Exec(ctx, `UPDATE credentials SET data = $1 WHERE id = $2 AND account_id = $3`, string(c.Data), c.ID, c.AccountID)
	if err != nil {
		return fmt.Errorf("update credential: %w", err)
	}
	if n == 0 {
		return game.Errorf(game.CodeNotFound, "no such passkey")
	}
	return nil
}

// insertSession inserts s.
func insertSession(ctx context.Context, db SQL, s Session) error {
	if _, err := db.Exec(ctx, `INSERT INTO sessions (hash, account_id, created_ms, expires_ms, user_agent, address) VALUES ($1, $2, $3, $4, $5, $6)`,
		s.Hash, s.AccountID, Millis(s.Created), Millis(s.Expires), s.UserAgent, s.Address); err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// selectSession returns the session of hash unexpired at now.
func selectSession(ctx context.Context, db SQL, hash []byte, now time.Time) (*Session, error) {
	rows, done, err := db.Query(ctx, `SELECT hash, account_id, created_ms, expires_ms, user_agent, address FROM sessions WHERE hash = $1 AND expires_ms > $2`, hash, Millis(now))
	if err != nil {
		return nil, fmt.Errorf("read session: %w", err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("read session: %w", err)
		}
		return nil, game.Errorf(game.CodeNotFound, "no such session")
	}
	var s Session
	var created, expires int64
	if err := rows.Scan(&s.Hash, &s.AccountID, &created, &expires, &s.UserAgent, &s.Address); err != nil {
		return nil, fmt.Errorf("read session: %w", err)
	}
	s.Created, s.Expires = FromMillis(created), FromMillis(expires)
	return &s, nil
}

// removeSession deletes the session of hash, and every session expired at
// now.
func removeSession(ctx context.Context, db SQL, hash []byte, now time.Time) error {
	if _, err := db.Exec(ctx, `DELETE FROM sessions WHERE hash = $1 OR expires_ms <= $2`, hash, Millis(now)); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// checkGameResult refuses a result RecordGame cannot record.
func checkGameResult(g GameResult) error {
	if g.Table == "" || g.Game == "" {
		return game.Errorf(game.CodeInvalid, "a recorded game needs its table and game")
	}
	seen := map[string]bool{}
	for i, s := range g.Seats {
		if s.Rank < 1 {
			return game.Errorf(game.CodeInvalid, "seat %d: rank %d is below 1", i, s.Rank)
		}
		if g.Rated && s.Player == "" {
			return game.Errorf(game.CodeInvalid, "seat %d of a rated game has no player", i)
		}
		if s.Player != "" && g.Rated && seen[s.Player] {
			return game.Errorf(game.CodeInvalid, "player %s holds two seats of a rated game", s.Player)
		}
		seen[s.Player] = true
	}
	if g.Rated && len(g.Seats) < 2 {
		return game.Errorf(game.CodeInvalid, "a rated game needs 2 players or more")
	}
	if g.Rated && g.Reason != "" {
		return game.Errorf(game.CodeInvalid, "a rated game has no reason to be unrated, but %q is given", g.Reason)
	}
	return nil
}

// pairLimited reports whether two accounts of g met in g.PairLimit.Games
// rated games or more that finished after g.PairLimit.Since. Bots are not
// accounts here.
func pairLimited(ctx context.Context, tx SQL, g GameResult) (bool, error) {
	if g.PairLimit.Games <= 0 {
		return false, nil
	}
	var accounts []string
	for _, s := range g.Seats {
		if !strings.HasPrefix(s.Player, "bot:") {
			accounts = append(accounts, s.Player)
		}
	}
	for i, a := range accounts {
		for _, b := range accounts[i+1:] {
			rows, done, err := tx.Query(ctx, `SELECT COUNT(*) FROM played p JOIN played q ON q.table_id = p.table_id
				WHERE p.player = $1 AND q.player = $2 AND p.rated AND p.finished_ms > $3`, a, b, Millis(g.PairLimit.Since))
			if err != nil {
				return false, fmt.Errorf("count the pair's games: %w", err)
			}
			n := 0
			if rows.Next() {
				err = rows.Scan(&n)
			}
			if err == nil {
				err = rows.Err()
			}
			done()
			if err != nil {
				return false, fmt.Errorf("count the pair's games: %w", err)
			}
			if n >= g.PairLimit.Games {
				return true, nil
			}
		}
	}
	return false, nil
}

// nextSeq returns the place of a table that moves ratings now in the order
// ratings changed: one above the highest so far. Called once the
// players' ratings are locked, it numbers tables that share a player in
// the order their ratings changed; tables that share none may share a
// number, and their order does not matter.
func nextSeq(ctx context.Context, tx SQL) (int64, error) {
	rows, done, err := tx.Query(ctx, `SELECT COALESCE(MAX(seq), 0) FROM recorded`)
	if err != nil {
		return 0, fmt.Errorf("record game: %w", err)
	}
	defer done()
	var n int64
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, fmt.Errorf("record game: %w", err)
		}
	}
	return n + 1, rows.Err()
}

// recordGameTx is RecordGame inside a transaction tx of the caller's.
func recordGameTx(ctx context.Context, tx SQL, g GameResult, rate RateFunc) (bool, error) {
	if err := checkGameResult(g); err != nil {
		return false, err
	}
	n, err := tx.Exec(ctx, `INSERT INTO recorded (table_id, finished_ms) VALUES ($1, $2) ON CONFLICT (table_id) DO NOTHING`, g.Table, Millis(g.Finished))
	if err != nil {
		return false, fmt.Errorf("record game: %w", err)
	}
	if n == 0 {
		return false, nil
	}
	if !g.Rated && g.Reason == "" {
		g.Reason = ReasonCasual
	}
	before := make([]rating.Rating, len(g.Seats))
	after := make([]rating.Rating, len(g.Seats))
	if g.Rated {
		// Lock the players' ratings in a fixed order, so that two tables
		// finishing at once wait for each other instead of deadlocking.
		players := make([]string, 0, len(g.Seats))
		for _, s := range g.Seats {
			players = append(players, s.Player)
		}
		slices.Sort(players)
		cur := map[string]rating.Rating{}
		for _, p := range players {
			d := rating.Default()
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (player, game, mu, sigma, ordinal, games, updated_ms) VALUES ($1, $2, $3, $4, $5, 0, 0)
				ON CONFLICT (player, game) DO NOTHING`, p, g.Game, d.Mu, d.Sigma, d.Ordinal()); err != nil {
				return false, fmt.Errorf("record game: %w", err)
			}
			r, err := selectRating(ctx, tx, p, g.Game)
			if err != nil {
				return false, err
			}
			cur[p] = r
		}
		for i, s := range g.Seats {
			before[i] = cur[s.Player]
		}
		limited, err := pairLimited(ctx, tx, g)
		if err != nil {
			return false, err
		}
		if limited {
			g.Rated, g.Reason = false, ReasonPairLimit
		}
	}
	if g.Rated {
		got, err := rate(slices.Clone(before))
		if err != nil {
			return false, game.Errorf(game.CodeInvalid, "rate table %s: %v", g.Table, err)
		}
		if len(got) != len(before) {
			return false, game.Errorf(game.CodeInternal, "rate table %s: %d ratings for %d seats", g.Table, len(got), len(before))
		}
		copy(after, got)
		for i, s := range g.Seats {
			if _, err := tx.Exec(ctx, `UPDATE ratings SET mu = $1, sigma = $2, ordinal = $3, games = games + 1, updated_ms = $4 WHERE player = $5 AND game = $6`,
				after[i].Mu, after[i].Sigma, after[i].Ordinal(), Millis(g.Finished), s.Player, g.Game); err != nil {
				return false, fmt.Errorf("record game: %w", err)
			}
		}
		seq, err := nextSeq(ctx, tx)
		if err != nil {
			return false, err
		}
		if _, err := tx.Exec(ctx, `UPDATE recorded SET seq = $1 WHERE table_id = $2`, seq, g.Table); err != nil {
			return false, fmt.Errorf("record game: %w", err)
		}
	} else {
		if _, err := tx.Exec(ctx, `UPDATE recorded SET reason = $1 WHERE table_id = $2`, g.Reason, g.Table); err != nil {
			return false, fmt.Errorf("record game: %w", err)
		}
		// An unrated game changes no rating: its record says so.
		for i := range g.Seats {
			before[i], after[i] = rating.Rating{}, rating.Rating{}
		}
	}
	for i, s := range g.Seats {
		if s.Player == "" {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO played (player, table_id, game, seat, rank, players, won, left_game, rated,
			mu_before, sigma_before, mu_after, sigma_after, finished_ms, reason, own_actions, standin_actions)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
			s.Player, g.Table, g.Game, i, s.Rank, len(g.Seats), s.Won, s.Left, g.Rated,
			before[i].Mu, before[i].Sigma, after[i].Mu, after[i].Sigma, Millis(g.Finished), g.Reason, s.OwnActions, s.StandInActions); err != nil {
			return false, fmt.Errorf("record game: %w", err)
		}
	}
	return true, nil
}

func selectRating(ctx context.Context, tx SQL, player, g string) (rating.Rating, error) {
	rows, done, err := tx.Query(ctx, `SELECT mu, sigma FROM ratings WHERE player = $1 AND game = $2 `+tx.ForUpdate(), player, g)
	if err != nil {
		return rating.Rating{}, fmt.Errorf("read rating: %w", err)
	}
	defer done()
	var r rating.Rating
	if !rows.Next() {
		return r, fmt.Errorf("read rating of %s in %s: %v", player, g, rows.Err())
	}
	if err := rows.Scan(&r.Mu, &r.Sigma); err != nil {
		return r, fmt.Errorf("read rating: %w", err)
	}
	return r, nil
}

const ratingColumns = `r.player, COALESCE(a.name, r.player), r.game, r.mu, r.sigma, r.games, r.updated_ms`

func scanRatings(rows Rows) ([]PlayerRating, error) {
	out := []PlayerRating{}
	for rows.Next() {
		var r PlayerRating
		var upd int64
		if err := rows.Scan(&r.Player, &r.Name, &r.Game, &r.Rating.Mu, &r.Rating.Sigma, &r.Games, &upd); err != nil {
			return nil, fmt.Errorf("read ratings: %w", err)
		}
		r.Updated = FromMillis(upd)
		out = append(out, r)
	}
	return out, rows.Err()
}

// selectRatings returns a player's ratings, by game.
func selectRatings(ctx context.Context, db SQL, player string) ([]PlayerRating, error) {
	rows, done, err := db.Query(ctx, `SELECT `+ratingColumns+` FROM ratings r LEFT JOIN accounts a ON a.id = r.player
		WHERE r.player = $1 AND r.games > 0 ORDER BY r.game`, player)
	if err != nil {
		return nil, fmt.Errorf("read ratings: %w", err)
	}
	defer done()
	return scanRatings(rows)
}

// selectLeaderboard returns the ratings of game, highest Mu first: the
// settled ratings of accounts, or with bots the bot levels' ratings.
func selectLeaderboard(ctx context.Context, db SQL, g string, bots bool, limit int) ([]PlayerRating, error) {
	if limit <= 0 {
		return nil, game.Errorf(game.CodeInvalid, "limit %d is not positive", limit)
	}
	who := `r.player NOT LIKE 'bot:%' AND r.sigma <= $3`
	args := []any{g, limit, rating.SettledSigma}
	if bots {
		who, args = `r.player LIKE 'bot:%'`, args[:2]
	}
	rows, done, err := db.Query(ctx, `SELECT `+ratingColumns+` FROM ratings r LEFT JOIN accounts a ON a.id = r.player
		WHERE r.game = $1 AND r.games > 0 AND `+who+` ORDER BY r.mu DESC, r.player LIMIT $2`, args...)
	if err != nil {
		return nil, fmt.Errorf("read leaderboard: %w", err)
	}
	defer done()
	return scanRatings(rows)
}

// selectPlayedGames returns a player's games, newest first.
func selectPlayedGames(ctx context.Context, db SQL, player, g string, limit int) ([]PlayedGame, error) {
	if limit <= 0 {
		return nil, game.Errorf(game.CodeInvalid, "limit %d is not positive", limit)
	}
	q := `SELECT ` + playedColumns + ` FROM played p LEFT JOIN accounts a ON a.id = p.player WHERE p.player = $1`
	args := []any{player}
	if g != "" {
		q += ` AND p.game = $2`
		args = append(args, g)
	}
	q += fmt.Sprintf(` ORDER BY p.finished_ms DESC, p.table_id DESC LIMIT $%d`, len(args)+1)
	args = append(args, limit)
	return queryPlayed(ctx, db, q, args...)
}

const playedColumns = `p.player, COALESCE(a.name, p.player), p.table_id, p.game, p.finished_ms, p.seat, p.rank, p.players, p.won, p.left_game, p.rated,
	p.reason, p.own_actions, p.standin_actions, p.mu_before, p.sigma_before, p.mu_after, p.sigma_after`

func queryPlayed(ctx context.Context, db SQL, q string, args ...any) ([]PlayedGame, error) {
	rows, done, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read games: %w", err)
	}
	defer done()
	out := []PlayedGame{}
	for rows.Next() {
		var p PlayedGame
		var fin int64
		if err := rows.Scan(&p.Player, &p.Name, &p.Table, &p.Game, &fin, &p.Seat, &p.Rank, &p.Players, &p.Won, &p.Left, &p.Rated,
			&p.Reason, &p.OwnActions, &p.StandInActions, &p.Before.Mu, &p.Before.Sigma, &p.After.Mu, &p.After.Sigma); err != nil {
			return nil, fmt.Errorf("read games: %w", err)
		}
		p.Finished = FromMillis(fin)
		if strings.HasPrefix(p.Player, DeletedPrefix) {
			p.Name = DeletedName
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// selectTableGames returns the recorded seats of a table, in seat order.
func selectTableGames(ctx context.Context, db SQL, table string) ([]PlayedGame, error) {
	return queryPlayed(ctx, db, `SELECT `+playedColumns+` FROM played p LEFT JOIN accounts a ON a.id = p.player
		WHERE p.table_id = $1 ORDER BY p.seat`, table)
}

// selectRatedGames returns the seats of every table that moved ratings in
// game ("" for all), in the order the ratings changed.
func selectRatedGames(ctx context.Context, db SQL, g string) ([]PlayedGame, error) {
	q := `SELECT ` + playedColumns + ` FROM played p JOIN recorded r ON r.table_id = p.table_id
		LEFT JOIN accounts a ON a.id = p.player WHERE p.rated`
	var args []any
	if g != "" {
		q += ` AND p.game = $1`
		args = append(args, g)
	}
	return queryPlayed(ctx, db, q+` ORDER BY r.seq, r.table_id, p.seat`, args...)
}

// selectGameStats counts a player's games played and won, per game.
func selectGameStats(ctx context.Context, db SQL, player string) ([]GameStats, error) {
	rows, done, err := db.Query(ctx, `SELECT game, COUNT(*), SUM(CASE WHEN won THEN 1 ELSE 0 END) FROM played WHERE player = $1 GROUP BY game ORDER BY game`, player)
	if err != nil {
		return nil, fmt.Errorf("read game stats: %w", err)
	}
	defer done()
	out := []GameStats{}
	for rows.Next() {
		var s GameStats
		if err := rows.Scan(&s.Game, &s.Played, &s.Won); err != nil {
			return nil, fmt.Errorf("read game stats: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// SQLiteQuery rewrites the $N placeholders of q as SQLite's ?N.
func SQLiteQuery(q string) string {
	return strings.ReplaceAll(q, "$", "?")
}

// CreateAccount implements [Accounts].
func (db SharedSQL) CreateAccount(ctx context.Context, a *Account) error {
	return db.inTx(ctx, func(tx SQL) error { return insertAccount(ctx, tx, a, db.isUnique) })
}

// Account implements [Accounts].
func (db SharedSQL) Account(ctx context.Context, id string) (*Account, error) {
	a, err := selectAccount(ctx, db.reader(), "id", id)
	return a, db.coded(err)
}

// AccountByName implements [Accounts].
func (db SharedSQL) AccountByName(ctx context.Context, key string) (*Account, error) {
	a, err := selectAccount(ctx, db.reader(), "name_key", key)
	return a, db.coded(err)
}

// AddCredential implements [Accounts].
func (db SharedSQL) AddCredential(ctx context.Context, c Credential) error {
	return db.inTx(ctx, func(tx SQL) error { return insertCredential(ctx, tx, c, db.isUnique) })
}

// Credentials implements [Accounts].
func (db SharedSQL) Credentials(ctx context.Context, accountID string) ([]Credential, error) {
	cs, err := selectCredentials(ctx, db.reader(), accountID)
	return cs, db.coded(err)
}

// UpdateCredential implements [Accounts].
func (db SharedSQL) UpdateCredential(ctx context.Context, c Credential) error {
	return db.inTx(ctx, func(tx SQL) error { return updateCredentialData(ctx, tx, c) })
}

// CreateSession implements [Accounts].
func (db SharedSQL) CreateSession(ctx context.Context, s Session) error {
	return db.inTx(ctx, func(tx SQL) error { return insertSession(ctx, tx, s) })
}

// Session implements [Accounts].
func (db SharedSQL) Session(ctx context.Context, hash []byte, now time.Time) (*Session, error) {
	s, err := selectSession(ctx, db.reader(), hash, now)
	return s, db.coded(err)
}

// DeleteSession implements [Accounts]; it also drops the sessions
// expired by now.
func (db SharedSQL) DeleteSession(ctx context.Context, hash []byte) error {
	return db.inTx(ctx, func(tx SQL) error { return removeSession(ctx, tx, hash, time.Now()) })
}

// RecordGame implements [Accounts].
func (db SharedSQL) RecordGame(ctx context.Context, g GameResult, rate RateFunc) (bool, error) {
	var added bool
	err := db.inTx(ctx, func(tx SQL) error {
		var err error
		added, err = recordGameTx(ctx, tx, g, rate)
		return err
	})
	return added, err
}

// Ratings implements [Accounts].
func (db SharedSQL) Ratings(ctx context.Context, player string) ([]PlayerRating, error) {
	rs, err := selectRatings(ctx, db.reader(), player)
	return rs, db.coded(err)
}

// Leaderboard implements [Accounts].
func (db SharedSQL) Leaderboard(ctx context.Context, g string, bots bool, limit int) ([]PlayerRating, error) {
	rs, err := selectLeaderboard(ctx, db.reader(), g, bots, limit)
	return rs, db.coded(err)
}

// TableGames implements [Accounts].
func (db SharedSQL) TableGames(ctx context.Context, table string) ([]PlayedGame, error) {
	ps, err := selectTableGames(ctx, db.reader(), table)
	return ps, db.coded(err)
}

// RatedGames implements [Accounts].
func (db SharedSQL) RatedGames(ctx context.Context, g string) ([]PlayedGame, error) {
	ps, err := selectRatedGames(ctx, db.reader(), g)
	return ps, db.coded(err)
}

// PlayedGames implements [Accounts].
func (db SharedSQL) PlayedGames(ctx context.Context, player, g string, limit int) ([]PlayedGame, error) {
	ps, err := selectPlayedGames(ctx, db.reader(), player, g, limit)
	return ps, db.coded(err)
}

// GameStats implements [Accounts].
func (db SharedSQL) GameStats(ctx context.Context, player string) ([]GameStats, error) {
	ss, err := selectGameStats(ctx, db.reader(), player)
	return ss, db.coded(err)
}
