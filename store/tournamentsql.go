package store

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"minehall/game"
)

// tournamentDB implements [Tournaments] with the queries both stores share
// (see [SharedSQL.Tournaments]).
type tournamentDB SharedSQL

var _ Tournaments = tournamentDB{}

const tournamentColumns = `id, game, format, options, time_control, table_size, rounds, duration_ms, min_players, starts_ms,
	creator, status, cancel_reason, round, created_ms, started_ms, finished_ms, lease_epoch`

// CreateTournament implements [Tournaments].
func (d tournamentDB) CreateTournament(ctx context.Context, t *Tournament, entrants ...Entrant) error {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return game.Errorf(game.CodeInternal, "tournament options: %v", err)
	}
	tc := ""
	if t.TimeControl != nil {
		b, _ := json.Marshal(t.TimeControl)
		tc = string(b)
	}
	err = d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `INSERT INTO tournaments (`+tournamentColumns+`, lease_owner, lease_ms)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, '', 0)`,
			t.ID, t.Game, t.Format, string(opts), tc, t.TableSize, t.Rounds, t.Duration.Milliseconds(), t.MinPlayers,
			Millis(t.Starts), t.Creator, string(t.Status), t.CancelReason, t.Round, Millis(t.Created), Millis(t.Started),
			Millis(t.Finished), t.Epoch)
		if err != nil && d.isUnique(err) {
			return game.Errorf(game.CodeConflict, "tournament %s exists already", t.ID)
		}
		if err != nil {
			return err
		}
		for _, e := range entrants {
			if e.Tournament != t.ID {
				return game.Errorf(game.CodeInvalid, "entrant %s is for tournament %q, not %s", e.ID, e.Tournament, t.ID)
			}
			if err := d.insertEntrant(ctx, tx, e); err != nil {
				return err
			}
		}
		return nil
	})
	return d.coded(err)
}

func scanTournaments(rows Rows) ([]*Tournament, error) {
	var out []*Tournament
	for rows.Next() {
		var t Tournament
		var opts, tc, status string
		var dur, starts, created, started, finished int64
		if err := rows.Scan(&t.ID, &t.Game, &t.Format, &opts, &tc, &t.TableSize, &t.Rounds, &dur, &t.MinPlayers, &starts,
			&t.Creator, &status, &t.CancelReason, &t.Round, &created, &started, &finished, &t.Epoch); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
			return nil, fmt.Errorf("tournament %s options: %w", t.ID, err)
		}
		if tc != "" {
			t.TimeControl = &TimeControl{}
			if err := json.Unmarshal([]byte(tc), t.TimeControl); err != nil {
				return nil, fmt.Errorf("tournament %s time control: %w", t.ID, err)
			}
		}
		t.Status, t.Duration = TournamentStatus(status), time.Duration(dur)*time.Millisecond
		t.Starts, t.Created, t.Started, t.Finished = FromMillis(starts), FromMillis(created), FromMillis(started), FromMillis(finished)
		out = append(out, &t)
	}
	return out, rows.Err()
}

func (d tournamentDB) query(ctx context.Context, db SQL, q string, args ...any) ([]*Tournament, error) {
	rows, done, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer done()
	return scanTournaments(rows)
}

// Tournament implements [Tournaments].
func (d tournamentDB) Tournament(ctx context.Context, id string) (*Tournament, error) {
	ts, err := d.query(ctx, d.reader(), `SELECT `+tournamentColumns+` FROM tournaments WHERE id = $1`, id)
	if err != nil {
		return nil, d.coded(err)
	}
	if len(ts) == 0 {
		return nil, game.Errorf(game.CodeNotFound, "there is no tournament %s", id)
	}
	return ts[0], nil
}

// ListTournaments implements [Tournaments].
func (d tournamentDB) ListTournaments(ctx context.Context, f TournamentFilter) ([]*Tournament, error) {
	var where []string
	var args []any
	if len(f.Status) > 0 {
		var ps []string
		for _, s := range f.Status {
			args = append(args, string(s))
			ps = append(ps, fmt.Sprintf("$%d", len(args)))
		}
		where = append(where, "status IN ("+strings.Join(ps, ", ")+")")
	}
	q := `SELECT ` + tournamentColumns + ` FROM tournaments`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	if f.Latest {
		q += " ORDER BY starts_ms DESC, id"
	} else {
		q += " ORDER BY starts_ms, id"
	}
	limit := int64(f.Limit)
	if limit <= 0 {
		limit = 1 << 40
	}
	args = append(args, limit, int64(max(f.Offset, 0)))
	q += fmt.Sprintf(" LIMIT $%d OFFSET $%d", len(args)-1, len(args))
	ts, err := d.query(ctx, d.reader(), q, args...)
	return ts, d.coded(err)
}

// UpdateTournament implements [Tournaments].
func (d tournamentDB) UpdateTournament(ctx context.Context, t *Tournament) error {
	err := d.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `UPDATE tournaments SET status = $1, cancel_reason = $2, round = $3, started_ms = $4, finished_ms = $5
			WHERE id = $6 AND lease_epoch = $7`,
			string(t.Status), t.CancelReason, t.Round, Millis(t.Started), Millis(t.Finished), t.ID, t.Epoch)
		if err != nil {
			return err
		}
		if n == 0 {
			if ts, err := d.query(ctx, tx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = $1`, t.ID); err != nil || len(ts) == 0 {
				return cmp.Or(err, game.Errorf(game.CodeNotFound, "there is no tournament %s", t.ID))
			}
			return game.Errorf(game.CodeConflict, "tournament %s is driven by another instance now", t.ID)
		}
		return nil
	})
	return d.coded(err)
}

// ClaimTournament implements [Tournaments].
func (d tournamentDB) ClaimTournament(ctx context.Context, id, owner string, now time.Time, lease time.Duration) (*Tournament, bool, error) {
	var out *Tournament
	ok := false
	err := d.inTx(ctx, func(tx SQL) error {
		rows, done, err := tx.Query(ctx, `SELECT lease_owner, lease_ms FROM tournaments WHERE id = $1 `+tx.ForUpdate(), id)
		if err != nil {
			return err
		}
		var holder string
		var until int64
		found := rows.Next()
		if found {
			err = rows.Scan(&holder, &until)
		}
		if err == nil {
			err = rows.Err()
		}
		done()
		if err != nil {
			return err
		}
		if !found {
			return game.Errorf(game.CodeNotFound, "there is no tournament %s", id)
		}
		switch {
		case holder == owner:
			_, err = tx.Exec(ctx, `UPDATE tournaments SET lease_ms = $1 WHERE id = $2`, Millis(now.Add(lease)), id)
			ok = true
		case holder == "" || until < Millis(now):
			_, err = tx.Exec(ctx, `UPDATE tournaments SET lease_owner = $1, lease_ms = $2, lease_epoch = lease_epoch + 1 WHERE id = $3`,
				owner, Millis(now.Add(lease)), id)
			ok = true
		}
		if err != nil {
			return err
		}
		ts, err := d.query(ctx, tx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = $1`, id)
		if err == nil && len(ts) == 1 {
			out = ts[0]
		}
		return err
	})
	if err != nil {
		return nil, false, d.coded(err)
	}
	return out, ok, nil
}

// ReleaseTournament implements [Tournaments].
func (d tournamentDB) ReleaseTournament(ctx context.Context, id, owner string) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `UPDATE tournaments SET lease_owner = '', lease_ms = 0 WHERE id = $1 AND lease_owner = $2`, id, owner)
		return err
	}))
}

// AddEntrant implements [Tournaments].
func (d tournamentDB) AddEntrant(ctx context.Context, e Entrant) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error { return d.insertEntrant(ctx, tx, e) }))
}

// insertEntrant stores e in transaction tx.
func (d tournamentDB) insertEntrant(ctx context.Context, tx SQL, e Entrant) error {
	_, err := tx.Exec(ctx, `INSERT INTO tournament_entrants (tournament_id, entrant, account_id, bot, name, rating, joined_ms, withdrawn_ms, withdraw_reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		e.Tournament, e.ID, e.AccountID, e.Bot, e.Name, e.Rating, Millis(e.Joined), Millis(e.Withdrawn), e.WithdrawReason)
	if err != nil && d.isUnique(err) {
		return game.Errorf(game.CodeConflict, "%s has joined tournament %s already", e.Name, e.Tournament)
	}
	return err
}

// RemoveEntrant implements [Tournaments].
func (d tournamentDB) RemoveEntrant(ctx context.Context, tournament, entrant string) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `DELETE FROM tournament_entrants WHERE tournament_id = $1 AND entrant = $2`, tournament, entrant)
		if err == nil && n == 0 {
			return game.Errorf(game.CodeNotFound, "%s has not joined tournament %s", entrant, tournament)
		}
		return err
	}))
}

// WithdrawEntrant implements [Tournaments].
func (d tournamentDB) WithdrawEntrant(ctx context.Context, tournament, entrant, reason string, at time.Time) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `UPDATE tournament_entrants SET withdrawn_ms = $1, withdraw_reason = $2
			WHERE tournament_id = $3 AND entrant = $4 AND withdrawn_ms = 0`, Millis(at), reason, tournament, entrant)
		if err != nil || n > 0 {
			return err
		}
		rows, done, err := tx.Query(ctx, `SELECT 1 FROM tournament_entrants WHERE tournament_id = $1 AND entrant = $2`, tournament, entrant)
		if err != nil {
			return err
		}
		defer done()
		if !rows.Next() {
			return game.Errorf(game.CodeNotFound, "%s has not joined tournament %s", entrant, tournament)
		}
		return rows.Err()
	}))
}

// Entrants implements [Tournaments].
func (d tournamentDB) Entrants(ctx context.Context, tournament string) ([]Entrant, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT entrant, account_id, bot, name, rating, joined_ms, withdrawn_ms, withdraw_reason
		FROM tournament_entrants WHERE tournament_id = $1 ORDER BY joined_ms, entrant`, tournament)
	if err != nil {
		return nil, d.coded(err)
	}
	defer done()
	var out []Entrant
	for rows.Next() {
		e := Entrant{Tournament: tournament}
		var joined, withdrawn int64
		if err := rows.Scan(&e.ID, &e.AccountID, &e.Bot, &e.Name, &e.Rating, &joined, &withdrawn, &e.WithdrawReason); err != nil {
			return nil, d.coded(err)
		}
		e.Joined, e.Withdrawn = FromMillis(joined), FromMillis(withdrawn)
		out = append(out, e)
	}
	return out, d.coded(rows.Err())
}

// AddTournamentGame implements [Tournaments].
func (d tournamentDB) AddTournamentGame(ctx context.Context, g TournamentGame) error {
	players, _ := json.Marshal(g.Players)
	ranks := ""
	if g.Ranks != nil {
		b, _ := json.Marshal(g.Ranks)
		ranks = string(b)
	}
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `INSERT INTO tournament_games (tournament_id, round, board, table_id, owner_token, players, ranks, outcome, created_ms, finished_ms)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			g.Tournament, g.Round, g.Board, g.Table, g.OwnerToken, string(players), ranks, g.Outcome, Millis(g.Created), Millis(g.Finished))
		if err != nil && d.isUnique(err) {
			return game.Errorf(game.CodeConflict, "board %d of round %d of tournament %s exists already", g.Board, g.Round, g.Tournament)
		}
		return err
	}))
}

// SetGameTable implements [Tournaments].
func (d tournamentDB) SetGameTable(ctx context.Context, tournament string, round, board int, tableID, ownerToken string) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `UPDATE tournament_games SET table_id = $1, owner_token = $2
			WHERE tournament_id = $3 AND round = $4 AND board = $5 AND table_id = ''`, tableID, ownerToken, tournament, round, board)
		if err == nil && n == 0 {
			return game.Errorf(game.CodeConflict, "board %d of round %d of tournament %s has a table already, or is unknown", board, round, tournament)
		}
		return err
	}))
}

// FinishTournamentGame implements [Tournaments].
func (d tournamentDB) FinishTournamentGame(ctx context.Context, tournament string, round, board int, ranks []int, outcome string, at time.Time) error {
	b, _ := json.Marshal(ranks)
	if ranks == nil {
		b = []byte("[]")
	}
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `UPDATE tournament_games SET ranks = $1, outcome = $2, finished_ms = $3
			WHERE tournament_id = $4 AND round = $5 AND board = $6 AND ranks = ''`, string(b), outcome, Millis(at), tournament, round, board)
		return err
	}))
}

// TournamentGames implements [Tournaments].
func (d tournamentDB) TournamentGames(ctx context.Context, tournament string) ([]TournamentGame, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT round, board, table_id, owner_token, players, ranks, outcome, created_ms, finished_ms
		FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board`, tournament)
	if err != nil {
		return nil, d.coded(err)
	}
	defer done()
	var out []TournamentGame
	for rows.Next() {
		g := TournamentGame{Tournament: tournament}
		var players, ranks string
		var created, finished int64
		if err := rows.Scan(&g.Round, &g.Board, &g.Table, &g.OwnerToken, &players, &ranks, &g.Outcome, &created, &finished); err != nil {
			return nil, d.coded(err)
		}
		if err := json.Unmarshal([]byte(players), &g.Players); err != nil {
			return nil, game.Errorf(game.CodeInternal, "tournament %s game players: %v", tournament, err)
		}
		if ranks != "" {
			if err := json.Unmarshal([]byte(ranks), &g.Ranks); err != nil {
				return nil, game.Errorf(game.CodeInternal, "tournament %s game ranks: %v", tournament, err)
			}
		}
		g.Created, g.Finished = FromMillis(created), FromMillis(finished)
		out = append(out, g)
	}
	return out, d.coded(rows.Err())
}
