package account

import (
	"context"
	"log/slog"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// Recorder records finished tables in the accounts store: the games of
// their accounts and, for rated tables, the Weng-Lin Plackett-Luce ratings
// of their accounts and bot levels. It records each table once (the store
// keys the record by table id), so that a table finished again after a
// restart or a takeover changes nothing.
type Recorder struct {
	Store store.Accounts
	// Actions gives a table's action log: who played each action decides
	// an abort or a loss.
	Actions ActionLog
	// Registry gives a game's spec: its rulebook options and the own
	// actions a rated result needs.
	Registry *game.Registry
	Model    rating.Model
	Logger   *slog.Logger
}

// ActionLog is what the recorder needs of the table store.
type ActionLog interface {
	Actions(ctx context.Context, id string) ([]store.Action, error)
}

// NewRecorder returns a recorder with the default rating model.
func NewRecorder(s store.Accounts, actions ActionLog, reg *game.Registry, log *slog.Logger) *Recorder {
	if log == nil {
		log = slog.Default()
	}
	return &Recorder{Store: s, Actions: actions, Registry: reg, Model: rating.DefaultModel(), Logger: log}
}

// Record records a finished table (see ResultOf) and reports whether this
// call recorded it; a table recorded before, or with nothing to record,
// reports false.
func (r *Recorder) Record(ctx context.Context, t *store.Table) (bool, error) {
	gm, err := r.Registry.Lookup(t.Game)
	if err != nil {
		return false, err
	}
	acts, err := r.Actions.Actions(ctx, t.ID)
	if err != nil {
		return false, err
	}
	g, ok := ResultOf(t, acts, gm.Spec())
	if !ok {
		return false, nil
	}
	ranks := Ranks(g)
	return r.Store.RecordGame(ctx, g, func(before []rating.Rating) ([]rating.Rating, error) {
		return r.Model.Rate(before, ranks)
	})
}

// TableFinished records t, logging a failure: the hook a hall calls when
// a table ends (see table.Config.Finished).
func (r *Recorder) TableFinished(ctx context.Context, t *store.Table) {
	added, err := r.Record(ctx, t)
	if err != nil {
		r.Logger.Error("finished table not recorded", "table", t.ID, "err", err)
		return
	}
	if added {
		r.Logger.Info("finished table recorded", "table", t.ID, "rated", t.Rated)
	}
}

// CatchUp records the finished tables among the newest limit that a crash
// kept from being recorded when they ended; those recorded already are
// left alone. It returns how many it recorded.
func (r *Recorder) CatchUp(ctx context.Context, tables interface {
	Tables(context.Context, store.Filter) ([]*store.Table, error)
}, limit int) (int, error) {
	ts, err := tables.Tables(ctx, store.Filter{Status: []store.Status{store.StatusFinished}, Limit: limit})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, t := range ts {
		added, err := r.Record(ctx, t)
		if err != nil {
			return n, err
		}
		if added {
			n++
		}
	}
	return n, nil
}
