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
	Store  store.Accounts
	Model  rating.Model
	Logger *slog.Logger
}

// NewRecorder returns a recorder with the default rating model.
func NewRecorder(s store.Accounts, log *slog.Logger) *Recorder {
	if log == nil {
		log = slog.Default()
	}
	return &Recorder{Store: s, Model: rating.DefaultModel(), Logger: log}
}

// ResultOf returns what RecordGame records of a finished table, and false
// for a table with nothing to record: no result (abandoned, aborted,
// expired), or no account at it and not rated.
//
// The rank order is the game's: a seat's rank is 1 plus the number of seats
// whose return is higher (equal returns tie). A person a stand-in played
// for at the end left the game: they rank last, below every seat that
// stayed, tied with any other who left. A table counts as rated only if it
// was made rated and every seat is a bot or an account.
func ResultOf(t *store.Table) (store.GameResult, bool) {
	if t.Status != store.StatusFinished || t.Result == nil || len(t.Result.Returns) != len(t.Seats) {
		return store.GameResult{}, false
	}
	g := store.GameResult{Table: t.ID, Game: t.Game, Finished: t.Finished, Rated: t.Rated}
	ret := t.Result.Returns
	left := make([]bool, len(t.Seats))
	hasAccount := false
	for i, s := range t.Seats {
		var sr store.SeatResult
		switch s.Kind {
		case store.SeatBot:
			sr.Player = store.BotPlayer(s.Bot)
		default:
			sr.Player = s.Account
			left[i] = t.Absence(game.Player(i)) != ""
			hasAccount = hasAccount || s.Account != ""
		}
		if sr.Player == "" {
			g.Rated = false
		}
		g.Seats = append(g.Seats, sr)
	}
	if !hasAccount && !g.Rated {
		return store.GameResult{}, false
	}
	worst := 0
	for i := range g.Seats {
		if left[i] {
			continue
		}
		r := 1
		for j := range g.Seats {
			if !left[j] && ret[j] > ret[i] {
				r++
			}
		}
		g.Seats[i].Rank = r
		worst = max(worst, r)
	}
	for i := range g.Seats {
		if left[i] {
			g.Seats[i].Rank = worst + 1
			g.Seats[i].Left = true
			continue
		}
		g.Seats[i].Won = g.Seats[i].Rank == 1 && ret[i] > 0
	}
	return g, true
}

// Ranks returns the seats' ranks of g.
func Ranks(g store.GameResult) []int {
	out := make([]int, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = s.Rank
	}
	return out
}

// Record records a finished table (see ResultOf) and reports whether this
// call recorded it; a table recorded before, or with nothing to record,
// reports false.
func (r *Recorder) Record(ctx context.Context, t *store.Table) (bool, error) {
	g, ok := ResultOf(t)
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
