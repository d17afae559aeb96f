package table

import (
	"context"

	"minehall/store"
)

// Persister is the storage a [Hall] needs; every [store.Store] is one.
// AppendAction, AppendEvent and TakeBack must have committed durably when
// they return nil.
type Persister interface {
	CreateTable(ctx context.Context, t *store.Table) error
	Table(ctx context.Context, id string) (*store.Table, error)
	Tables(ctx context.Context, f store.Filter) ([]*store.Table, error)
	UpdateTable(ctx context.Context, t *store.Table) error
	AppendAction(ctx context.Context, id string, a store.Action) error
	Actions(ctx context.Context, id string) ([]store.Action, error)
	AppendEvent(ctx context.Context, id string, ev store.TableEvent) error
	Events(ctx context.Context, id string, after int64) ([]store.TableEvent, error)
	TakeBack(ctx context.Context, t *store.Table, to int64, ev store.TableEvent) error
}

var _ Persister = store.Store(nil)
