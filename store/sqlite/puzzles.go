package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"minehall/game"
	"minehall/store"
)

var _ store.PuzzleStore = (*DB)(nil)

// CreatePuzzleTicket implements [store.PuzzleStore]. Puzzle writes go
// straight to the writer connection, in a transaction of their own between
// the writer goroutine's groups.
func (db *DB) CreatePuzzleTicket(ctx context.Context, t store.PuzzleTicket) error {
	res, err := db.writer.ExecContext(ctx, `INSERT INTO puzzle_tickets (id, puzzle, player, issued_ms, used_ms)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`, t.ID, t.Puzzle, t.Player, store.Millis(t.Issued), store.Millis(t.Used))
	if err != nil {
		return internal("create puzzle ticket", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return game.Errorf(game.CodeConflict, "puzzle ticket %s exists already", t.ID)
	}
	return nil
}

// PuzzleTicket implements [store.PuzzleStore].
func (db *DB) PuzzleTicket(ctx context.Context, id string) (store.PuzzleTicket, error) {
	t := store.PuzzleTicket{ID: id}
	var issued, used int64
	err := db.read.QueryRowContext(ctx, `SELECT puzzle, player, issued_ms, used_ms FROM puzzle_tickets WHERE id = ?`, id).
		Scan(&t.Puzzle, &t.Player, &issued, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return t, game.Errorf(game.CodeNotFound, "no puzzle ticket %s", id)
	}
	if err != nil {
		return t, internal("read puzzle ticket", err)
	}
	t.Issued, t.Used = store.FromMillis(issued), store.FromMillis(used)
	return t, nil
}

// FinishPuzzle implements [store.PuzzleStore]. The one writer connection
// makes the check of a player's earlier attempt and the insert atomic.
func (db *DB) FinishPuzzle(ctx context.Context, a store.PuzzleAttempt, r *store.PuzzleRating) (bool, error) {
	tx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return false, internal("finish puzzle", err)
	}
	defer tx.Rollback()
	var used int64
	err = tx.QueryRowContext(ctx, `SELECT used_ms FROM puzzle_tickets WHERE id = ?`, a.Ticket).Scan(&used)
	if errors.Is(err, sql.ErrNoRows) {
		return false, game.Errorf(game.CodeNotFound, "no puzzle ticket %s", a.Ticket)
	}
	if err != nil {
		return false, internal("finish puzzle", err)
	}
	if used != 0 {
		return false, game.Errorf(game.CodeConflict, "puzzle ticket %s was used already", a.Ticket)
	}
	at := store.Millis(a.At)
	if _, err := tx.ExecContext(ctx, `UPDATE puzzle_tickets SET used_ms = ? WHERE id = ?`, at, a.Ticket); err != nil {
		return false, internal("finish puzzle", err)
	}
	if a.Counted {
		var before int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM puzzle_attempts WHERE puzzle = ? AND player = ?`, a.Puzzle, a.Player).Scan(&before); err != nil {
			return false, internal("finish puzzle", err)
		}
		a.Counted = before == 0
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_attempts (`+store.PuzzleAttemptColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.Ticket, a.Puzzle, a.Player, a.Name, a.Score, a.Millis, a.Perfect, at, a.Body, a.Counted); err != nil {
		return false, internal("finish puzzle", err)
	}
	for _, r := range []*store.PuzzleRating{r, a.PlayerRating} {
		if r == nil || !a.Counted {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_ratings (puzzle, mu, sigma, attempts) VALUES (?, ?, ?, ?)
			ON CONFLICT (puzzle) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, attempts = excluded.attempts`,
			r.Puzzle, r.Mu, r.Sigma, r.Attempts); err != nil {
			return false, internal("finish puzzle", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, internal("finish puzzle", err)
	}
	return a.Counted, nil
}

// BestPuzzleAttempts implements [store.PuzzleStore].
func (db *DB) BestPuzzleAttempts(ctx context.Context, puzzle string, limit int) ([]store.PuzzleAttempt, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+store.PuzzleAttemptColumns+` FROM puzzle_attempts WHERE puzzle = ? AND counted
		ORDER BY score DESC, millis, at_ms, ticket LIMIT ?`, puzzle, limit)
	if err != nil {
		return nil, internal("read puzzle attempts", err)
	}
	defer rows.Close()
	out, err := store.ScanPuzzleAttempts(rows)
	if err != nil {
		return nil, internal("read puzzle attempts", err)
	}
	return out, nil
}

// PlayerPuzzleAttempts implements [store.PuzzleStore].
func (db *DB) PlayerPuzzleAttempts(ctx context.Context, player, prefix string, limit int) ([]store.PuzzleAttempt, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+store.PuzzleAttemptColumns+` FROM puzzle_attempts
		WHERE player = ? AND puzzle LIKE ? ESCAPE '\' ORDER BY at_ms DESC, ticket LIMIT ?`, player, store.LikePrefix(prefix), limit)
	if err != nil {
		return nil, internal("read puzzle attempts", err)
	}
	defer rows.Close()
	out, err := store.ScanPuzzleAttempts(rows)
	if err != nil {
		return nil, internal("read puzzle attempts", err)
	}
	return out, nil
}

// PuzzleRating implements [store.PuzzleStore].
func (db *DB) PuzzleRating(ctx context.Context, puzzle string) (store.PuzzleRating, bool, error) {
	r := store.PuzzleRating{Puzzle: puzzle}
	err := db.read.QueryRowContext(ctx, `SELECT mu, sigma, attempts FROM puzzle_ratings WHERE puzzle = ?`, puzzle).Scan(&r.Mu, &r.Sigma, &r.Attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, internal("read puzzle rating", err)
	}
	return r, true, nil
}

// PuzzleRatings implements [store.PuzzleStore].
func (db *DB) PuzzleRatings(ctx context.Context, prefix string) (map[string]store.PuzzleRating, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT puzzle, mu, sigma, attempts FROM puzzle_ratings WHERE puzzle LIKE ? ESCAPE '\'`, store.LikePrefix(prefix))
	if err != nil {
		return nil, internal("read puzzle ratings", err)
	}
	defer rows.Close()
	out, err := store.ScanPuzzleRatings(rows)
	if err != nil {
		return nil, internal("read puzzle ratings", err)
	}
	return out, nil
}
