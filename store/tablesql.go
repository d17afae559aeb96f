package store

import (
	"context"
	"fmt"
	"strings"

	"minehall/game"
)

// Table implements [Store]'s Table with the query both SQL stores share.
func (db SharedSQL) Table(ctx context.Context, id string) (*Table, error) {
	ts, err := db.tables(ctx, `SELECT `+TableColumns+` FROM tables WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	return ts[0], nil
}

// Tables implements [Store]'s Tables with the query both SQL stores
// share: newest first.
func (db SharedSQL) Tables(ctx context.Context, f Filter) ([]*Table, error) {
	where, args := filterWhere(f)
	q := `SELECT ` + TableColumns + ` FROM tables` + where + ` ORDER BY created_ms DESC, id`
	if f.Limit > 0 {
		args = append(args, f.Limit)
		q += fmt.Sprintf(` LIMIT $%d`, len(args))
	}
	return db.tables(ctx, q, args...)
}

// tables reads the tables that q, a query of TableColumns, selects, with
// their seats.
func (db SharedSQL) tables(ctx context.Context, q string, args ...any) ([]*Table, error) {
	r := db.reader()
	ts, err := readAll(ctx, r, "tables", ScanTables, q, args...)
	if err != nil {
		return nil, db.coded(err)
	}
	for rest := ts; len(rest) > 0; {
		n := min(len(rest), seatQueryTables)
		if err := readSeats(ctx, r, rest[:n]); err != nil {
			return nil, db.coded(fmt.Errorf("read seats: %w", err))
		}
		rest = rest[n:]
	}
	return ts, nil
}

// seatQueryTables is how many tables' seats one query reads, well within
// either database's limit on a statement's parameters.
const seatQueryTables = 500

// readSeats reads the seats of ts (at least one table) in one query.
func readSeats(ctx context.Context, db SQL, ts []*Table) error {
	params := make([]string, len(ts))
	args := make([]any, len(ts))
	for i, t := range ts {
		params[i] = fmt.Sprintf("$%d", i+1)
		args[i] = t.ID
	}
	rows, done, err := db.Query(ctx, `SELECT `+SeatColumns+` FROM seats WHERE table_id IN (`+
		strings.Join(params, ", ")+`) ORDER BY table_id, seat`, args...)
	if err != nil {
		return err
	}
	defer done()
	return ScanSeats(rows, ts)
}

// filterWhere returns the WHERE clause (empty for none) and its arguments
// that select the tables f keeps.
func filterWhere(f Filter) (string, []any) {
	var conds []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if len(f.Status) > 0 {
		ps := make([]string, len(f.Status))
		for i, s := range f.Status {
			ps[i] = arg(string(s))
		}
		conds = append(conds, "status IN ("+strings.Join(ps, ", ")+")")
	}
	if f.Public {
		conds = append(conds, "NOT private")
	}
	if f.Account != "" {
		a := arg(f.Account)
		conds = append(conds, "id IN (SELECT table_id FROM seats WHERE account = "+a+" OR reserved_for = "+a+")")
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}
