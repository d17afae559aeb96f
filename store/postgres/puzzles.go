package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/store"
)

var _ store.PuzzleStore = (*DB)(nil)

// CreatePuzzleTicket implements [store.PuzzleStore].
func (db *DB) CreatePuzzleTicket(ctx context.Context, t store.PuzzleTicket) error {
	tag, err := db.pool.Exec(ctx, `INSERT INTO puzzle_tickets (id, puzzle, player, issued_ms, used_ms)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`, t.ID, t.Puzzle, t.Player, store.Millis(t.Issued), store.Millis(t.Used))
	if err != nil {
		return internal("create puzzle ticket", err)
	}
	if tag.RowsAffected() == 0 {
		return game.Errorf(game.CodeConflict, "puzzle ticket %s exists already", t.ID)
	}
	return nil
}

// PuzzleTicket implements [store.PuzzleStore].
func (db *DB) PuzzleTicket(ctx context.Context, id string) (store.PuzzleTicket, error) {
	t := store.PuzzleTicket{ID: id}
	var issued, used int64
	err := db.pool.QueryRow(ctx, `SELECT puzzle, player, issued_ms, used_ms FROM puzzle_tickets WHERE id = $1`, id).
		Scan(&t.Puzzle, &t.Player, &issued, &used)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, game.Errorf(game.CodeNotFound, "no puzzle ticket %s", id)
	}
	if err != nil {
		return t, internal("read puzzle ticket", err)
	}
	t.Issued, t.Used = store.FromMillis(issued), store.FromMillis(used)
	return t, nil
}

// FinishPuzzle implements [store.PuzzleStore]. The ticket's row is marked
// used by a conditional update, so that of two concurrent submissions with
// one ticket exactly one wins; a transaction lock on the puzzle and the
// player makes the check of their earlier attempt and the insert atomic.
func (db *DB) FinishPuzzle(ctx context.Context, a store.PuzzleAttempt, r *store.PuzzleRating) (bool, error) {
	at := store.Millis(a.At)
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE puzzle_tickets SET used_ms = $1 WHERE id = $2 AND used_ms = 0`, at, a.Ticket)
		if err != nil {
			return internal("finish puzzle", err)
		}
		if tag.RowsAffected() == 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM puzzle_tickets WHERE id = $1`, a.Ticket).Scan(&n); err != nil {
				return internal("finish puzzle", err)
			}
			if n == 0 {
				return game.Errorf(game.CodeNotFound, "no puzzle ticket %s", a.Ticket)
			}
			return game.Errorf(game.CodeConflict, "puzzle ticket %s was used already", a.Ticket)
		}
		if a.Counted {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, a.Puzzle+"|"+a.Player); err != nil {
				return internal("finish puzzle", err)
			}
			var before bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM puzzle_attempts WHERE puzzle = $1 AND player = $2)`, a.Puzzle, a.Player).Scan(&before); err != nil {
				return internal("finish puzzle", err)
			}
			a.Counted = !before
		}
		if _, err := tx.Exec(ctx, `INSERT INTO puzzle_attempts (`+store.PuzzleAttemptColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			a.Ticket, a.Puzzle, a.Player, a.Name, a.Score, a.Millis, a.Perfect, at, a.Body, a.Counted); err != nil {
			return internal("finish puzzle", err)
		}
		for _, r := range []*store.PuzzleRating{r, a.PlayerRating} {
			if r == nil || !a.Counted {
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO puzzle_ratings (puzzle, mu, sigma, attempts) VALUES ($1, $2, $3, $4)
				ON CONFLICT (puzzle) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, attempts = excluded.attempts`,
				r.Puzzle, r.Mu, r.Sigma, r.Attempts); err != nil {
				return internal("finish puzzle", err)
			}
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	return a.Counted, nil
}

// BestPuzzleAttempts implements [store.PuzzleStore].
func (db *DB) BestPuzzleAttempts(ctx context.Context, puzzle string, limit int) ([]store.PuzzleAttempt, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+store.PuzzleAttemptColumns+` FROM puzzle_attempts WHERE puzzle = $1 AND counted
		ORDER BY score DESC, millis, at_ms, ticket LIMIT $2`, puzzle, limit)
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
	rows, err := db.pool.Query(ctx, `SELECT `+store.PuzzleAttemptColumns+` FROM puzzle_attempts
		WHERE player = $1 AND puzzle LIKE $2 ESCAPE '\' ORDER BY at_ms DESC, ticket LIMIT $3`, player, store.LikePrefix(prefix), limit)
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
	err := db.pool.QueryRow(ctx, `SELECT mu, sigma, attempts FROM puzzle_ratings WHERE puzzle = $1`, puzzle).Scan(&r.Mu, &r.Sigma, &r.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, internal("read puzzle rating", err)
	}
	return r, true, nil
}

// PuzzleRatings implements [store.PuzzleStore].
func (db *DB) PuzzleRatings(ctx context.Context, prefix string) (map[string]store.PuzzleRating, error) {
	rows, err := db.pool.Query(ctx, `SELECT puzzle, mu, sigma, attempts FROM puzzle_ratings WHERE puzzle LIKE $1 ESCAPE '\'`, store.LikePrefix(prefix))
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
