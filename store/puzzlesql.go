package store

import (
	"context"
	"fmt"
	"strings"

	"minehall/game"
)

// CreatePuzzleTicket implements [PuzzleStore].
func (db SharedSQL) CreatePuzzleTicket(ctx context.Context, t PuzzleTicket) error {
	return db.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `INSERT INTO puzzle_tickets (id, puzzle, player, issued_ms, used_ms)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`, t.ID, t.Puzzle, t.Player, Millis(t.Issued), Millis(t.Used))
		if err != nil {
			return fmt.Errorf("create puzzle ticket: %w", err)
		}
		if n == 0 {
			return game.Errorf(game.CodeConflict, "puzzle ticket %s exists already", t.ID)
		}
		return nil
	})
}

// PuzzleTicket implements [PuzzleStore].
func (db SharedSQL) PuzzleTicket(ctx context.Context, id string) (PuzzleTicket, error) {
	t, err := selectPuzzleTicket(ctx, db.reader(), id)
	return t, db.coded(err)
}

func selectPuzzleTicket(ctx context.Context, db SQL, id string) (PuzzleTicket, error) {
	t := PuzzleTicket{ID: id}
	rows, done, err := db.Query(ctx, `SELECT puzzle, player, issued_ms, used_ms FROM puzzle_tickets WHERE id = $1`, id)
	if err != nil {
		return t, fmt.Errorf("read puzzle ticket: %w", err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return t, fmt.Errorf("read puzzle ticket: %w", err)
		}
		return t, game.Errorf(game.CodeNotFound, "no puzzle ticket %s", id)
	}
	var issued, used int64
	if err := rows.Scan(&t.Puzzle, &t.Player, &issued, &used); err != nil {
		return t, fmt.Errorf("read puzzle ticket: %w", err)
	}
	t.Issued, t.Used = FromMillis(issued), FromMillis(used)
	return t, nil
}

// FinishPuzzle implements [PuzzleStore]. The ticket's row is marked used
// by a conditional update, so that of two concurrent submissions with one
// ticket exactly one wins; a lock on the puzzle and the player
// ([SQL.LockKey]) makes the check of their earlier attempt and the insert
// atomic.
func (db SharedSQL) FinishPuzzle(ctx context.Context, a PuzzleAttempt, r *PuzzleRating) (bool, error) {
	at := Millis(a.At)
	err := db.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `UPDATE puzzle_tickets SET used_ms = $1 WHERE id = $2 AND used_ms = 0`, at, a.Ticket)
		if err != nil {
			return fmt.Errorf("finish puzzle: %w", err)
		}
		if n == 0 {
			if _, err := selectPuzzleTicket(ctx, tx, a.Ticket); err != nil {
				return err
			}
			return game.Errorf(game.CodeConflict, "puzzle ticket %s was used already", a.Ticket)
		}
		if a.Counted {
			if err := tx.LockKey(ctx, "puzzle|"+a.Puzzle+"|"+a.Player); err != nil {
				return fmt.Errorf("finish puzzle: %w", err)
			}
			rows, done, err := tx.Query(ctx, `SELECT 1 FROM puzzle_attempts WHERE puzzle = $1 AND player = $2 LIMIT 1`, a.Puzzle, a.Player)
			if err != nil {
				return fmt.Errorf("finish puzzle: %w", err)
			}
			before := rows.Next()
			err = rows.Err()
			done()
			if err != nil {
				return fmt.Errorf("finish puzzle: %w", err)
			}
			a.Counted = !before
		}
		if _, err := tx.Exec(ctx, `INSERT INTO puzzle_attempts (`+puzzleAttemptColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			a.Ticket, a.Puzzle, a.Player, a.Name, a.Score, a.Millis, a.Perfect, at, a.Body, a.Counted); err != nil {
			return fmt.Errorf("finish puzzle: %w", err)
		}
		for _, r := range []*PuzzleRating{r, a.PlayerRating} {
			if r == nil || !a.Counted {
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO puzzle_ratings (puzzle, mu, sigma, attempts) VALUES ($1, $2, $3, $4)
				ON CONFLICT (puzzle) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, attempts = excluded.attempts`,
				r.Puzzle, r.Mu, r.Sigma, r.Attempts); err != nil {
				return fmt.Errorf("finish puzzle: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	return a.Counted, nil
}

// BestPuzzleAttempts implements [PuzzleStore].
func (db SharedSQL) BestPuzzleAttempts(ctx context.Context, puzzle string, limit int) ([]PuzzleAttempt, error) {
	return db.puzzleAttempts(ctx, `SELECT `+puzzleAttemptColumns+` FROM puzzle_attempts WHERE puzzle = $1 AND counted
		ORDER BY score DESC, millis, at_ms, ticket LIMIT $2`, puzzle, limit)
}

// PlayerPuzzleAttempts implements [PuzzleStore].
func (db SharedSQL) PlayerPuzzleAttempts(ctx context.Context, player, prefix string, limit int) ([]PuzzleAttempt, error) {
	return db.puzzleAttempts(ctx, `SELECT `+puzzleAttemptColumns+` FROM puzzle_attempts
		WHERE player = $1 AND puzzle LIKE $2 ESCAPE '\' ORDER BY at_ms DESC, ticket LIMIT $3`, player, likePrefix(prefix), limit)
}

// puzzleAttempts reads the attempts that q, a query of
// puzzleAttemptColumns, selects.
func (db SharedSQL) puzzleAttempts(ctx context.Context, q string, args ...any) ([]PuzzleAttempt, error) {
	out, err := readAll(ctx, db.reader(), "puzzle attempts", scanPuzzleAttempts, q, args...)
	return out, db.coded(err)
}

// PuzzleRating implements [PuzzleStore].
func (db SharedSQL) PuzzleRating(ctx context.Context, puzzle string) (PuzzleRating, bool, error) {
	rs, err := db.puzzleRatings(ctx, `SELECT puzzle, mu, sigma, attempts FROM puzzle_ratings WHERE puzzle = $1`, puzzle)
	if err != nil {
		return PuzzleRating{Puzzle: puzzle}, false, err
	}
	r, ok := rs[puzzle]
	if !ok {
		r.Puzzle = puzzle
	}
	return r, ok, nil
}

// PuzzleRatings implements [PuzzleStore].
func (db SharedSQL) PuzzleRatings(ctx context.Context, prefix string) (map[string]PuzzleRating, error) {
	return db.puzzleRatings(ctx, `SELECT puzzle, mu, sigma, attempts FROM puzzle_ratings WHERE puzzle LIKE $1 ESCAPE '\'`, likePrefix(prefix))
}

// puzzleRatings reads the ratings that q, a query of puzzle, mu, sigma and
// attempts, selects.
func (db SharedSQL) puzzleRatings(ctx context.Context, q string, args ...any) (map[string]PuzzleRating, error) {
	out, err := readAll(ctx, db.reader(), "puzzle ratings", scanPuzzleRatings, q, args...)
	return out, db.coded(err)
}

// likePrefix returns a LIKE pattern (with \ as the escape character)
// matching the strings that start with prefix.
func likePrefix(prefix string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(prefix) + "%"
}

// scanPuzzleRatings decodes rows of puzzle, mu, sigma, attempts.
func scanPuzzleRatings(rows Rows) (map[string]PuzzleRating, error) {
	out := map[string]PuzzleRating{}
	for rows.Next() {
		var r PuzzleRating
		if err := rows.Scan(&r.Puzzle, &r.Mu, &r.Sigma, &r.Attempts); err != nil {
			return nil, err
		}
		out[r.Puzzle] = r
	}
	return out, rows.Err()
}

// puzzleAttemptColumns are the columns of puzzle_attempts that
// [scanPuzzleAttempts] reads, in its order.
const puzzleAttemptColumns = `ticket, puzzle, player, name, score, millis, perfect, at_ms, body, counted`

// scanPuzzleAttempts decodes rows of puzzleAttemptColumns.
func scanPuzzleAttempts(rows Rows) ([]PuzzleAttempt, error) {
	out := []PuzzleAttempt{}
	for rows.Next() {
		var a PuzzleAttempt
		var at int64
		if err := rows.Scan(&a.Ticket, &a.Puzzle, &a.Player, &a.Name, &a.Score, &a.Millis, &a.Perfect, &at, &a.Body, &a.Counted); err != nil {
			return nil, err
		}
		a.At = FromMillis(at)
		out = append(out, a)
	}
	return out, rows.Err()
}
