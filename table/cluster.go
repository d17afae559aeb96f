package table

import (
	"context"
	"errors"
	"sync"
	"time"

	"minehall/game"
	"minehall/store"
)

// Cluster shares a hall's store with other instances, each table run by
// one of them (its owner) at a time. A hall without one runs every table of
// its store. The hall follows a table that another instance runs, for the
// clients connected to it here: it replays the changes the owner publishes
// (see [Hall.Changed]) and forwards its clients' actions to the owner
// through a [Remote].
type Cluster interface {
	// Owner returns the base URL of the live instance other than this one
	// that runs the unfinished table id; "" when this instance runs it,
	// when no live instance does, or when the table is finished.
	Owner(ctx context.Context, id string) (string, error)
	// OwnerLease is Owner with how long, from now, the owner's lease
	// lasts unless the owner renews it: when the owner does not answer,
	// the table is taken over once that time has passed.
	OwnerLease(ctx context.Context, id string) (string, time.Duration, error)
	// Claim makes this instance the owner of the unfinished table id
	// unless another live instance owns it, and reports whether this
	// instance owns it now.
	Claim(ctx context.Context, id string) (bool, error)
	// Instance names this instance among the others.
	Instance() string
}

// Remote reaches the instance that runs a table, for a hall that follows
// it. Refusals come back as game errors with their codes; an owner that
// cannot be reached is any other error.
type Remote interface {
	// Act plays move with seq for the seat whose token is given and
	// returns the action as stored.
	Act(ctx context.Context, owner, id, token, move string, seq int64) (store.Action, error)
	// Join seats a person as [Table.JoinAccount] does, for the signed-in
	// account with ID account (empty for a guest), which this instance
	// vouches for.
	Join(ctx context.Context, owner, id, name string, seat int, account string) (game.Player, string, error)
	// Start starts the table for its owner's token.
	Start(ctx context.Context, owner, id, ownerToken string) error
	// Manage asks the owner to change the table: op is "leave" or
	// "reclaim" with a seat token, "abort", "seats/N/bot" (with body
	// {"bot": level}), "seats/N/standin" or "chat/settings" (with a
	// [ChatSettings] body) with the owner's token.
	Manage(ctx context.Context, owner, id, op, token string, body any) error
	// Presence reports to the owner the presence of the seats'
	// connections to instance from and its spectators (see
	// [Table.ReportPresence]) and returns the owner's view of every seat
	// and of the spectators on other instances.
	Presence(ctx context.Context, owner, id, from string, seats, spectators []string) ([]string, []string, error)
	// Chat says a message for the seat whose token is given, or for a
	// spectator (no token) under from.Name, and returns it as stored.
	Chat(ctx context.Context, owner, id, token string, from Sender, text, phrase string) (ChatMessage, error)
	// TakeBack asks for or answers a take-back for the seat whose token
	// is given (see [Table.TakeBack]).
	TakeBack(ctx context.Context, owner, id, token string, req TakeBackRequest) (TakeBackInfo, error)
}

// actionsAfter is what a store offers to read only the end of a log; a
// store without it is read whole.
type actionsAfter interface {
	ActionsAfter(ctx context.Context, id string, n int64) ([]store.Action, error)
}

type forwardedKey struct{}

// Forwarded marks ctx as a request forwarded by another instance: a table
// this instance does not run refuses it rather than forward it again.
func Forwarded(ctx context.Context) context.Context {
	return context.WithValue(ctx, forwardedKey{}, true)
}

func isForwarded(ctx context.Context) bool {
	v, _ := ctx.Value(forwardedKey{}).(bool)
	return v
}

// followTimeout bounds the reads a hall makes to follow a table.
const followTimeout = 10 * time.Second

// Changed applies a change that another instance committed to a table this
// hall follows; changes of other tables are ignored. The cluster calls it
// in commit order.
func (h *Hall) Changed(ev store.Event) {
	h.mu.Lock()
	t := h.tables[ev.Table]
	h.mu.Unlock()
	if t == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
	defer cancel()
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || (!t.mirror && t.rec.Status != store.StatusFinished) {
		return
	}
	var err error
	switch {
	case ev.EventN > 0:
		switch {
		case ev.EventN <= t.eventN:
		case ev.EventN == t.eventN+1 && ev.TableEvent != nil:
			err = t.followEvent(ctx, *ev.TableEvent)
		default:
			err = t.catchUpEvents(ctx)
		}
	case ev.N == 0:
		err = t.reload(ctx)
	case ev.N <= t.n:
		if ev.Action != nil && t.mirror && t.diverged(*ev.Action) {
			// A take-back was missed: the log went another way.
			err = t.rebuildFollowed(ctx)
		}
	case ev.N == t.n+1 && ev.Action != nil && t.mirror:
		err = t.follow(*ev.Action)
	default:
		err = t.catchUp(ctx)
	}
	if err != nil {
		h.cfg.Logger.Error("followed table not updated", "table", ev.Table, "err", err)
	}
}

// Missed reads again every table the hall follows, after changes may have
// been missed.
func (h *Hall) Missed() {
	h.mu.Lock()
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	for _, t := range tables {
		ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
		t.mu.Lock()
		if t.mirror && !t.closed {
			if err := t.reload(ctx); err != nil {
				h.cfg.Logger.Error("followed table not read again", "table", t.id, "err", err)
			}
		}
		t.mu.Unlock()
		cancel()
	}
}

// LeaseLost stops running the tables that another instance runs now,
// after this instance's lease ran out (it was paused or cut off): each
// turns to following its new owner, its bots and clocks stopped, as after
// a write the database refused. Tables no other instance took stay run
// here.
func (h *Hall) LeaseLost() {
	h.mu.Lock()
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	dropped := 0
	for _, t := range tables {
		ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
		t.mu.Lock()
		if !t.mirror && !t.closed && t.rec.Status != store.StatusFinished {
			owner, err := h.cfg.Cluster.Owner(ctx, t.id)
			switch {
			case err != nil:
				h.cfg.Logger.Error("owner of a table not read after the lease ran out", "table", t.id, "err", err)
			case owner != "":
				t.demote(ctx)
				dropped++
			}
		}
		t.mu.Unlock()
		cancel()
	}
	h.cfg.Logger.Warn("lease ran out: tables taken over by other instances are followed now", "dropped", dropped)
}

// TakeOver runs the table id, which this instance has just become the
// owner of (its previous owner died): a followed table carries on in place
// with its subscribers; another is rebuilt from the store, as is a copy
// this instance ran before another instance took the table over (its
// epoch is older than the store's). Bots and clocks resume.
func (h *Hall) TakeOver(ctx context.Context, id string) error {
	h.mu.Lock()
	t := h.tables[id]
	closed := h.closed
	h.mu.Unlock()
	if closed {
		return errShuttingDown()
	}
	if t == nil {
		rec, err := h.cfg.Store.Table(ctx, id)
		if err != nil {
			return err
		}
		if t, err = h.load(ctx, rec); err != nil {
			return err
		}
		if t, err = h.register(t); err != nil {
			return err
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return errShuttingDown()
	}
	if t.mirror {
		return t.promote(ctx)
	}
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return err
	}
	if rec.Epoch != t.rec.Epoch {
		// Another instance ran the table since this copy was made (this
		// one was paused past its lease, and the other is gone now): the
		// copy is rebuilt from the store before it runs again.
		t.demote(ctx)
		if err := t.rebuildFollowed(ctx); err != nil {
			return err
		}
		return t.promote(ctx)
	}
	t.resume(ctx)
	return nil
}

// register adds t to the live tables unless one with its id is there
// already, and returns the one that is; it refuses once the hall is
// closed.
func (h *Hall) register(t *Table) (*Table, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errShuttingDown()
	}
	if old, ok := h.tables[t.id]; ok {
		return old, nil
	}
	h.tables[t.id] = t
	return t, nil
}

// running returns the live table id that this instance runs or follows,
// making it when needed: the table is claimed if no live instance runs it,
// and followed otherwise.
func (h *Hall) running(ctx context.Context, rec *store.Table) (*Table, error) {
	c := h.cfg.Cluster
	if c == nil {
		// Created or restored by no one in this process: refuse rather
		// than run a second writer.
		return nil, game.Errorf(game.CodeNotFound, "table %s is not running here", rec.ID)
	}
	owner, err := c.Owner(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	if owner == "" {
		ok, err := c.Claim(ctx, rec.ID)
		if err != nil {
			return nil, err
		}
		if ok {
			if err := h.TakeOver(ctx, rec.ID); err != nil {
				return nil, err
			}
			return h.Table(ctx, rec.ID)
		}
	}
	t, err := h.load(ctx, rec)
	if err != nil {
		return nil, err
	}
	t.mirror = true
	if t, err = h.register(t); err != nil {
		return nil, err
	}
	// Changes published while the table was read are read now.
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mirror {
		if err := t.reload(ctx); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// notifyWait is how long a forwarded action waits for the owner's
// notification of it before reading it from the store instead.
const notifyWait = 100 * time.Millisecond

// awaitFollowed waits, for at most notifyWait, until the followed table
// has applied action n, which its owner has committed: usually the
// owner's notification arrives meanwhile and saves reading the store; t.mu
// is held.
func (t *Table) awaitFollowed(n int64) {
	if !t.mirror || t.n >= n {
		return
	}
	if t.followed == nil {
		t.followed = sync.NewCond(&t.mu)
	}
	expired := false
	timer := time.AfterFunc(notifyWait, func() {
		t.mu.Lock()
		expired = true
		t.followed.Broadcast()
		t.mu.Unlock()
	})
	for t.mirror && t.n < n && !expired && !t.closed {
		t.followed.Wait()
	}
	timer.Stop()
}

// follow applies an action that the owner committed and tells the
// subscribers; t.mu is held.
func (t *Table) follow(act store.Action) error {
	if err := t.applyLogged(act); err != nil {
		return err
	}
	if t.followed != nil {
		t.followed.Broadcast()
	}
	t.broadcastAction(t.recent[len(t.recent)-1])
	if t.gracesChanged() {
		t.broadcastTable()
	}
	t.lapseRequest()
	if t.rec.Status == store.StatusFinished && len(t.subs) == 0 {
		t.hall.finished(t)
	}
	return nil
}

// diverged reports whether act, an action this follower applied already
// by its number, is not the one it applied: a take-back it was not told
// of deleted that one; t.mu is held.
func (t *Table) diverged(act store.Action) bool {
	i := act.N - t.recentFrom
	if i < 0 || i >= int64(len(t.recent)) {
		return false
	}
	m := t.recent[i]
	return m.player != act.Player || m.move != act.Move
}

// rebuildFollowed rebuilds a followed table from the store, with the
// events it missed, and gives its subscribers the whole state; t.mu is
// held.
func (t *Table) rebuildFollowed(ctx context.Context) error {
	if err := t.catchUpEvents(ctx); err != nil {
		return err
	}
	if err := t.rebuild(ctx); err != nil {
		return err
	}
	for sub := range t.subs {
		t.send(sub, t.stateUpdate(sub))
	}
	return nil
}

// catchUp applies the actions the owner committed since the last one
// applied here; t.mu is held.
func (t *Table) catchUp(ctx context.Context) error {
	var acts []store.Action
	var err error
	if s, ok := t.hall.cfg.Store.(actionsAfter); ok {
		acts, err = s.ActionsAfter(ctx, t.id, t.n)
	} else {
		acts, err = t.hall.cfg.Store.Actions(ctx, t.id)
	}
	if err != nil {
		return err
	}
	for _, a := range acts {
		if a.N <= t.n {
			continue
		}
		if err := t.follow(a); err != nil {
			return err
		}
	}
	return nil
}

// reload reads the table and the end of its log again and tells the
// subscribers what changed; t.mu is held.
func (t *Table) reload(ctx context.Context) error {
	rec, err := t.hall.cfg.Store.Table(ctx, t.id)
	if err != nil {
		return err
	}
	started := t.rec.Status == store.StatusOpen && rec.Status != store.StatusOpen
	t.rec = rec
	if started {
		t.notePhase(0)
		t.noteClocks(0)
	}
	if err := t.catchUpEvents(ctx); err != nil {
		return err
	}
	if err := t.catchUp(ctx); err != nil {
		return err
	}
	t.applySeatEventsThrough(t.n)
	if started {
		t.countGracesFromOffline()
		for sub := range t.subs {
			t.send(sub, t.stateUpdate(sub))
		}
	} else {
		t.broadcastTable()
	}
	if rec.Status == store.StatusFinished {
		t.mirror = false
		if len(t.subs) == 0 {
			t.hall.finished(t)
		}
	}
	return nil
}

// promote makes a followed table one this instance runs: it reads what
// the previous owner committed, then resumes bots and clocks; t.mu is held.
func (t *Table) promote(ctx context.Context) error {
	if err := t.reload(ctx); err != nil {
		return err
	}
	t.mirror = false
	t.restartGraces()
	t.resume(ctx)
	return nil
}

// demote makes a table this instance ran one it follows, after the store
// refused a write because another instance owns it now; t.mu is held.
func (t *Table) demote(ctx context.Context) {
	t.hall.cfg.Logger.Warn("table is run by another instance now; following it", "table", t.id)
	t.mirror = true
	t.stopTimer()
	t.stopClockTimer()
	t.stopGraceTimer()
	for _, b := range t.bots {
		if b != nil {
			if b.timer != nil {
				b.timer.Stop()
				b.timer = nil
			}
			b.busy = false
		}
	}
	if err := t.reload(ctx); err != nil {
		t.hall.cfg.Logger.Error("followed table not read again", "table", t.id, "err", err)
	}
}

// lostOwnership demotes the table when err says another instance owns it
// now; t.mu is held.
func (t *Table) lostOwnership(ctx context.Context, err error) {
	if t.hall.cfg.Cluster != nil && !t.mirror && game.ErrorCode(err) == game.CodeConflict {
		t.demote(ctx)
	}
}

// errUnreachable is what a client hears when the owner of a table did not
// answer a forwarded request.
func errUnreachable(err error) error {
	return game.Errorf(game.CodeConflict, "the server running this table did not answer (%v); try again in a moment", err)
}

// isGameError reports whether err is a refusal with a code rather than a
// failure to reach the owner.
func isGameError(err error) bool {
	var ge *game.Error
	return errors.As(err, &ge)
}

// forwardTo returns the owner to forward to, or "" when this instance
// runs the table now: it claimed it from a dead owner, or the store says
// it owns it already (it had stepped back after a write was refused); t.mu
// is not held.
func (t *Table) forwardTo(ctx context.Context) (string, error) {
	h := t.hall
	if h.cfg.Cluster == nil || h.cfg.Remote == nil {
		return "", game.Errorf(game.CodeInternal, "table %s is followed without a cluster", t.id)
	}
	owner, err := h.cfg.Cluster.Owner(ctx, t.id)
	if err != nil {
		return "", err
	}
	if owner != "" {
		if isForwarded(ctx) {
			// Forwarded here by an instance that took this one for the
			// owner: never forward twice.
			return "", game.Errorf(game.CodeConflict, "table %s moved to another server; try again", t.id)
		}
		return owner, nil
	}
	ok, err := h.cfg.Cluster.Claim(ctx, t.id)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", game.Errorf(game.CodeConflict, "table %s is changing servers; try again in a moment", t.id)
	}
	return "", h.TakeOver(ctx, t.id)
}

// ActWithToken acts for seat, whose token the caller has checked, as
// [Table.Act] does; on a table that another instance runs, it forwards the
// action to that instance and returns once this instance has applied it
// too, so that the caller's acknowledgement follows the update as it does
// on the owner.
func (t *Table) ActWithToken(ctx context.Context, seat game.Player, token, move string, seq int64) (int64, error) {
	act, err := t.Submit(ctx, seat, token, move, seq)
	return act.N, err
}

// Submit is ActWithToken returning the action as stored: what an instance
// answers another that forwarded the action.
//
// When the owner does not answer (paused, or dying), Submit waits for the
// owner's lease to run out and then plays the action on the instance that
// takes the table over (this one, unless another was first), so that the
// client is answered within the lease and the forward timeout together,
// not told to try again; an owner that renewed its lease meanwhile is
// asked once more. An action that the silent owner had stored after all
// is answered as stored, never played twice.
func (t *Table) Submit(ctx context.Context, seat game.Player, token, move string, seq int64) (store.Action, error) {
	retried := false // the action may have been stored by an owner that did not answer
	for range 4 {
		if !t.isMirror() {
			act, err := t.act(ctx, seat, move, seq)
			if game.ErrorCode(err) == game.CodeConflict {
				if t.isMirror() {
					continue // lost the table meanwhile: forward
				}
				if retried {
					return t.storedInstead(ctx, seat, seq, err)
				}
			}
			return act, err
		}
		owner, err := t.forwardTo(ctx)
		if err != nil {
			return store.Action{}, err
		}
		if owner == "" {
			continue // taken over: act here
		}
		act, err := t.hall.cfg.Remote.Act(ctx, owner, t.id, token, move, seq)
		switch {
		case err != nil && isGameError(err):
			if game.ErrorCode(err) == game.CodeUnavailable {
				t.hall.cfg.Logger.Warn("the owner of a table could not take a forwarded action", "table", t.id, "owner", owner, "err", err)
			}
			if retried && game.ErrorCode(err) == game.CodeConflict {
				return t.storedInstead(ctx, seat, seq, err)
			}
			return store.Action{}, err
		case err != nil && retried:
			return store.Action{}, errUnreachable(err)
		case err != nil:
			t.hall.cfg.Logger.Warn("the owner of a table did not answer a forwarded action; waiting for its lease", "table", t.id, "owner", owner, "err", err)
			if werr := t.awaitLease(ctx, owner); werr != nil {
				return store.Action{}, errUnreachable(err)
			}
			retried = true
			continue
		}
		return act, t.followActed(ctx, seat, act)
	}
	return store.Action{}, game.Errorf(game.CodeConflict, "table %s is changing servers; try again in a moment", t.id)
}

// followActed applies here the action act that the owner played for seat,
// so that the caller's acknowledgement follows the update as it does on
// the owner; t.mu is not held.
func (t *Table) followActed(ctx context.Context, seat game.Player, act store.Action) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case !t.mirror || t.n >= act.N:
		return nil
	case t.n+1 == act.N && act.Player == seat:
		// The owner's answer is the action: no need to wait for its
		// notification or read the log.
		return t.follow(act)
	}
	t.awaitFollowed(act.N)
	if t.mirror && t.n < act.N {
		return t.catchUp(ctx)
	}
	return nil
}

// leasePoll is how often an instance waiting for a silent owner's lease
// to run out looks again: an owner that ends its lease early (it is
// shutting down) is replaced without waiting for the whole lease.
const leasePoll = 200 * time.Millisecond

// leaseJitter is how much longer a lease may seem between two readings
// without having been renewed (the readings' own delays).
const leaseJitter = 50 * time.Millisecond

// awaitLease waits until owner, which did not answer, no longer runs the
// table: its lease ran out or ended, or another instance took the table
// over. It returns early, also nil, when the owner renews its lease (it
// is alive after all, and is asked again), and an error when ctx ends.
func (t *Table) awaitLease(ctx context.Context, owner string) error {
	c := t.hall.cfg.Cluster
	last := time.Duration(-1)
	for {
		cur, left, err := c.OwnerLease(ctx, t.id)
		switch {
		case err != nil:
			return err
		case cur != owner, left <= 0:
			return nil
		case last >= 0 && left > last+leaseJitter:
			return nil // renewed
		}
		last = left
		wait := min(left+10*time.Millisecond, leasePoll)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		last -= wait
	}
}

// storedInstead answers an action sent again after its owner did not
// answer, and refused (refusal) as a conflict: when the log holds seat's
// action numbered seq, the silent owner stored it before it stopped, and
// that stored action is the answer; otherwise the refusal is.
func (t *Table) storedInstead(ctx context.Context, seat game.Player, seq int64, refusal error) (store.Action, error) {
	acts, err := t.hall.cfg.Store.Actions(ctx, t.id)
	if err != nil {
		return store.Action{}, refusal
	}
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Player == seat && a.ClientSeq == seq {
			return a, t.followActed(ctx, seat, a)
		}
	}
	return store.Action{}, refusal
}

func (t *Table) isMirror() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.mirror
}

// joinRemote forwards a join, for account (empty for a guest), to the
// table's owner, then reads the table again so that the seat shows here at
// once.
func (t *Table) joinRemote(ctx context.Context, name string, seat int, account string) (p game.Player, token string, err error) {
	err = t.forward(ctx,
		func(owner string) (err error) {
			p, token, err = t.hall.cfg.Remote.Join(ctx, owner, t.id, name, seat, account)
			return err
		},
		func() (err error) {
			p, token, err = t.JoinAccount(ctx, name, seat, account)
			return err
		})
	return p, token, err
}

// startRemote forwards a start to the table's owner.
func (t *Table) startRemote(ctx context.Context, ownerToken string) error {
	return t.forward(ctx,
		func(owner string) error { return t.hall.cfg.Remote.Start(ctx, owner, t.id, ownerToken) },
		func() error { return t.Start(ctx, ownerToken) })
}

// manageRemote forwards a change of the table's seats to its owner (see
// [Remote.Manage]); when this instance has just taken the table over,
// local does the change here instead.
func (t *Table) manageRemote(ctx context.Context, op, token string, body any, local func() error) error {
	return t.forward(ctx,
		func(owner string) error { return t.hall.cfg.Remote.Manage(ctx, owner, t.id, op, token, body) },
		local)
}

// forward asks the table's owner to make a change (remote), then reads the
// table again so that the change shows here at once; when this instance
// has just taken the table over, local makes the change here instead. A
// refusal comes back as it is, an owner that does not answer as a
// conflict to try again; t.mu is not held.
func (t *Table) forward(ctx context.Context, remote func(owner string) error, local func() error) error {
	owner, err := t.forwardTo(ctx)
	if err != nil {
		return err
	}
	if owner == "" {
		return local()
	}
	if err := remote(owner); err != nil {
		if !isGameError(err) {
			err = errUnreachable(err)
		}
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mirror {
		if err := t.reload(ctx); err != nil {
			t.hall.cfg.Logger.Error("followed table not read again", "table", t.id, "err", err)
		}
	}
	return nil
}
