package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"minehall/game"
	"minehall/store"
)

// maxBatch caps how many writes share one commit.
const maxBatch = 512

// maxKnownTables bounds the writer's memory of each table's last action
// number; past it the memory is dropped and refilled from the database.
const maxKnownTables = 100_000

// writeOp is one write for the writer goroutine: a new table, a changed
// table, an appended action or table event, or a take-back. It is
// answered on result once its group is committed (or refused).
type writeOp struct {
	create *store.Table // CreateTable
	update *store.Table // UpdateTable
	id     string       // AppendAction, AppendEvent: the table
	action store.Action
	// event is AppendEvent's event, or TakeBack's with takeBack (the
	// table) and to; body is its encoded body.
	event    *store.TableEvent
	body     string
	takeBack *store.Table
	to       int64
	// enc is the table's encoded columns, encoded by the caller so that
	// a value that does not encode fails alone.
	enc store.EncodedTable
	// probe asks for a write of nothing (see DB.Probe); control, for a
	// change of the writer's connection, runs alone, outside any
	// transaction.
	probe   bool
	control func(*sql.DB) error
	result  chan error
}

// statements are the writer's prepared statements.
type statements struct {
	lastAction, tableExists, insertAction *sql.Stmt
	insertTable, updateTable              *sql.Stmt
	deleteSeats, insertSeat               *sql.Stmt
	lastEvent, insertEvent, deleteAfter   *sql.Stmt
}

func prepare(ctx context.Context, db *sql.DB) (*statements, error) {
	st := &statements{}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&st.lastAction, `SELECT (SELECT COUNT(*) FROM tables WHERE id = ?1), (SELECT MAX(n) FROM actions WHERE table_id = ?1)`},
		{&st.tableExists, `SELECT COUNT(*) FROM tables WHERE id = ?`},
		{&st.insertAction, `INSERT INTO actions (table_id, n, player, move, ms, client_seq) VALUES (?, ?, ?, ?, ?, ?)`},
		{&st.insertTable, `INSERT INTO tables
			(id, game, players, options, seed, owner_hash, autostart, status, created_ms, started_ms, finished_ms, result, rematch_of, rematch, keeping, settings, private, invite)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&st.updateTable, `UPDATE tables SET status = ?, started_ms = ?, finished_ms = ?, result = ?, rematch_of = ?, rematch = ?, autostart = ?, keeping = ?, settings = ?
			WHERE id = ?`},
		{&st.deleteSeats, `DELETE FROM seats WHERE table_id = ?`},
		{&st.insertSeat, `INSERT INTO seats (table_id, seat, kind, bot, name, token_hash, account, reserved_for, reserved_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&st.lastEvent, `SELECT (SELECT COUNT(*) FROM tables WHERE id = ?1), (SELECT MAX(n) FROM events WHERE table_id = ?1)`},
		{&st.insertEvent, `INSERT INTO events (table_id, n, kind, after_n, seat, at_ms, body) VALUES (?, ?, ?, ?, ?, ?, ?)`},
		{&st.deleteAfter, `DELETE FROM actions WHERE table_id = ? AND n > ?`},
	} {
		s, err := db.PrepareContext(ctx, p.sql)
		if err != nil {
			st.close()
			return nil, internal("prepare", err)
		}
		*p.stmt = s
	}
	return st, nil
}

func (st *statements) close() {
	for _, s := range []*sql.Stmt{st.lastAction, st.tableExists, st.insertAction, st.insertTable, st.updateTable, st.deleteSeats, st.insertSeat,
		st.lastEvent, st.insertEvent, st.deleteAfter} {
		if s != nil {
			s.Close()
		}
	}
}

// write queues op for the writer and waits for its verdict. Once queued,
// the op is committed or refused whatever ctx does, so that a caller never
// mistakes a commit for a failure.
func (db *DB) write(ctx context.Context, op writeOp) error {
	op.result = resultChans.Get().(chan error)
	db.mu.RLock()
	if db.closed {
		db.mu.RUnlock()
		resultChans.Put(op.result)
		return internal("write", errClosed)
	}
	select {
	case db.ops <- op:
		db.mu.RUnlock()
	case <-ctx.Done():
		db.mu.RUnlock()
		resultChans.Put(op.result)
		return game.Errorf(game.CodeConflict, "the request ended before it was stored (%v); nothing was changed", ctx.Err())
	}
	err := <-op.result
	resultChans.Put(op.result) // answered once, so empty again
	return err
}

// resultChans holds the answer channels of writes (buffered, for one
// answer), empty and reused rather than made for every write.
var resultChans = sync.Pool{New: func() any { return make(chan error, 1) }}

// writeLoop is the single writer: it takes every write waiting (up to
// maxBatch) and commits them in one transaction, so that a busy server
// pays for one commit per group rather than per action. Under load (the
// last group held more than one write) it first yields the processor
// once, so that the writes being made join the group rather than wait for
// the next commit; an idle server commits each write at once. Every write
// is still answered only after its group is committed. A control op ends
// a group and runs on its own.
func (db *DB) writeLoop() {
	defer close(db.done)
	batch := make([]writeOp, 0, maxBatch)
	known := map[string]int64{} // table id: number of its last committed action
	for {
		var first writeOp
		select {
		case first = <-db.ops:
		case <-db.closing:
			// Commit what was queued before Close.
			for {
				select {
				case op := <-db.ops:
					db.run([]writeOp{op}, known)
				default:
					return
				}
			}
		}
		if len(batch) > 1 {
			// Under load (the last group had company), let the writes
			// being made join this group: one commit serves them all.
			runtime.Gosched()
		}
		batch = append(batch[:0], first)
	fill:
		for len(batch) < maxBatch && first.control == nil {
			select {
			case op := <-db.ops:
				batch = append(batch, op)
				if op.control != nil {
					break fill
				}
			default:
				break fill
			}
		}
		if len(known) > maxKnownTables {
			clear(known)
		}
		db.run(batch, known)
	}
}

// run commits batch, whose last op may be a control op, which runs after
// the others are committed.
func (db *DB) run(batch []writeOp, known map[string]int64) {
	last := batch[len(batch)-1]
	if last.control == nil {
		db.commit(batch, known)
		return
	}
	if len(batch) > 1 {
		db.commit(batch[:len(batch)-1], known)
	}
	last.result <- last.control(db.writer)
}

// commit writes batch in one transaction and answers every op. An op
// refused for what it asks (an unknown table, a duplicate id, an action
// number that is not the next) is refused alone and writes nothing; a
// failing statement or commit fails the whole group.
func (db *DB) commit(batch []writeOp, known map[string]int64) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, op := range batch {
			op.result <- err
		}
	}
	tx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		fail(internal("begin", err))
		return
	}
	defer tx.Rollback()
	w := &batchWriter{tx: tx, st: db.stmts, bound: map[*sql.Stmt]*sql.Stmt{}, known: known, pending: map[string]int64{}}
	for i, op := range batch {
		var err error
		switch {
		case op.create != nil:
			err = w.createTable(ctx, op.create, op.enc)
		case op.update != nil:
			err = w.updateTable(ctx, op.update, op.enc)
		case op.probe:
			err = w.probe(ctx)
		case op.takeBack != nil:
			err = w.takeBack(ctx, op.takeBack, op.enc, op.to, *op.event, op.body)
		case op.event != nil:
			err = w.appendEvent(ctx, op.id, *op.event, op.body)
		default:
			err = w.appendAction(ctx, op.id, op.action)
		}
		if game.ErrorCode(err) == game.CodeInternal {
			fail(err)
			return
		}
		errs[i] = err
	}
	if err := tx.Commit(); err != nil {
		fail(internal("commit", err))
		return
	}
	for id, n := range w.pending {
		known[id] = n
	}
	for i, op := range batch {
		op.result <- errs[i]
	}
}

// batchWriter writes the ops of one transaction. pending holds the last
// action numbers this transaction wrote, merged into known once it commits.
type batchWriter struct {
	tx      *sql.Tx
	st      *statements
	bound   map[*sql.Stmt]*sql.Stmt // the statements bound to tx, made on first use
	known   map[string]int64
	pending map[string]int64
}

// stmt returns s bound to the transaction.
func (w *batchWriter) stmt(ctx context.Context, s *sql.Stmt) *sql.Stmt {
	b, ok := w.bound[s]
	if !ok {
		b = w.tx.StmtContext(ctx, s)
		w.bound[s] = b
	}
	return b
}

// lastAction returns the number of the last action of table id, or -1 if
// there is no such table.
func (w *batchWriter) lastAction(ctx context.Context, id string) (int64, error) {
	if n, ok := w.pending[id]; ok {
		return n, nil
	}
	if n, ok := w.known[id]; ok {
		return n, nil
	}
	var exists int
	var last sql.NullInt64
	if err := w.stmt(ctx, w.st.lastAction).QueryRowContext(ctx, id).Scan(&exists, &last); err != nil {
		return 0, internal("append action", err)
	}
	if exists == 0 {
		return -1, nil
	}
	w.known[id] = last.Int64
	return last.Int64, nil
}

func (w *batchWriter) appendAction(ctx context.Context, id string, a store.Action) error {
	n, err := w.lastAction(ctx, id)
	switch {
	case err != nil:
		return err
	case n < 0:
		return game.Errorf(game.CodeNotFound, "no table %s", id)
	case a.N != n+1:
		return game.Errorf(game.CodeConflict, "table %s: action number %d is not the next one (%d)", id, a.N, n+1)
	}
	if _, err := w.stmt(ctx, w.st.insertAction).ExecContext(ctx, id, a.N, int(a.Player), a.Move, a.Ms, a.ClientSeq); err != nil {
		return internal("append action", err)
	}
	w.pending[id] = a.N
	return nil
}

func (w *batchWriter) createTable(ctx context.Context, t *store.Table, enc store.EncodedTable) error {
	var exists int
	if err := w.stmt(ctx, w.st.tableExists).QueryRowContext(ctx, t.ID).Scan(&exists); err != nil {
		return internal("create table", err)
	}
	if exists > 0 {
		return game.Errorf(game.CodeConflict, "table %s exists already", t.ID)
	}
	if _, err := w.stmt(ctx, w.st.insertTable).ExecContext(ctx,
		t.ID, t.Game, t.Players, enc.Options, int64(t.Seed), nonNil(t.OwnerHash), t.AutoStart, string(t.Status),
		store.Millis(t.Created), store.Millis(t.Started), store.Millis(t.Finished), enc.Result, t.RematchOf, t.Rematch, enc.Keeping, enc.Settings, t.Private, t.Invite); err != nil {
		return internal("create table", err)
	}
	if err := w.writeSeats(ctx, t); err != nil {
		return err
	}
	w.pending[t.ID] = 0
	return nil
}

func (w *batchWriter) updateTable(ctx context.Context, t *store.Table, enc store.EncodedTable) error {
	r, err := w.stmt(ctx, w.st.updateTable).ExecContext(ctx,
		string(t.Status), store.Millis(t.Started), store.Millis(t.Finished), enc.Result, t.RematchOf, t.Rematch, t.AutoStart, enc.Keeping, enc.Settings, t.ID)
	if err != nil {
		return internal("update table", err)
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return game.Errorf(game.CodeNotFound, "no table %s", t.ID)
	}
	if _, err := w.stmt(ctx, w.st.deleteSeats).ExecContext(ctx, t.ID); err != nil {
		return internal("update seats", err)
	}
	return w.writeSeats(ctx, t)
}

// lastEvent returns the number of the last event of table id, or -1 if
// there is no such table.
func (w *batchWriter) lastEvent(ctx context.Context, id string) (int64, error) {
	var exists int
	var last sql.NullInt64
	if err := w.stmt(ctx, w.st.lastEvent).QueryRowContext(ctx, id).Scan(&exists, &last); err != nil {
		return 0, internal("append event", err)
	}
	if exists == 0 {
		return -1, nil
	}
	return last.Int64, nil
}

func (w *batchWriter) appendEvent(ctx context.Context, id string, ev store.TableEvent, body string) error {
	n, err := w.lastEvent(ctx, id)
	switch {
	case err != nil:
		return err
	case n < 0:
		return game.Errorf(game.CodeNotFound, "no table %s", id)
	case ev.N != n+1:
		return game.Errorf(game.CodeConflict, "table %s: event number %d is not the next one (%d)", id, ev.N, n+1)
	}
	if _, err := w.stmt(ctx, w.st.insertEvent).ExecContext(ctx, id, ev.N, ev.Kind, ev.After, int(ev.Seat), store.Millis(ev.At), body); err != nil {
		return internal("append event", err)
	}
	return nil
}

// takeBack deletes the actions of t after to, updates t and appends ev.
// Its checks come first, so that a refused take-back writes nothing.
func (w *batchWriter) takeBack(ctx context.Context, t *store.Table, enc store.EncodedTable, to int64, ev store.TableEvent, body string) error {
	last, err := w.lastAction(ctx, t.ID)
	switch {
	case err != nil:
		return err
	case last < 0:
		return game.Errorf(game.CodeNotFound, "no table %s", t.ID)
	case to > last:
		return game.Errorf(game.CodeConflict, "table %s has %d actions; it cannot go back to %d", t.ID, last, to)
	}
	n, err := w.lastEvent(ctx, t.ID)
	switch {
	case err != nil:
		return err
	case ev.N != n+1:
		return game.Errorf(game.CodeConflict, "table %s: event number %d is not the next one (%d)", t.ID, ev.N, n+1)
	}
	if _, err := w.stmt(ctx, w.st.deleteAfter).ExecContext(ctx, t.ID, to); err != nil {
		return internal("take back", err)
	}
	if err := w.updateTable(ctx, t, enc); err != nil {
		return err
	}
	if err := w.appendEvent(ctx, t.ID, ev, body); err != nil {
		return err
	}
	w.pending[t.ID] = to
	return nil
}

func (w *batchWriter) writeSeats(ctx context.Context, t *store.Table) error {
	ins := w.stmt(ctx, w.st.insertSeat)
	for i, s := range t.Seats {
		var hash any
		if len(s.TokenHash) > 0 {
			hash = s.TokenHash
		}
		if _, err := ins.ExecContext(ctx, t.ID, i, string(s.Kind), s.Bot, s.Name, hash, s.Account, s.ReservedFor, s.ReservedName); err != nil {
			return internal("write seats", err)
		}
	}
	return nil
}

// probe rewrites the database header's user version with its own value:
// a write that changes nothing but is written and committed like any
// other.
func (w *batchWriter) probe(ctx context.Context) error {
	var v int64
	if err := w.tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return internal("probe", err)
	}
	if _, err := w.tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v)); err != nil {
		return internal("probe", err)
	}
	return nil
}

var errClosed = errors.New("sqlite: the store is closed")
