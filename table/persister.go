package table

import (
	"context"

	"minehall/store"
)

// Persister is the storage a [Hall] needs; every [store.Store] is one.
// AppendAction must have committed the action durably when it returns nil.
type Persister interface {
	CreateTable(ctx context.Context, t *store.Table) error
	Table(ctx context.Context, id string) (*store.Table, error)
	Tables(ctx context.Context, f store.Filter) ([]*store.Table, error)
	UpdateTable(ctx context.Context, t *store.Table) error
	AppendAction(ctx context.Context, id string, a store.Action) error
	Actions(ctx context.Context, id string) ([]store.Action, error)
}

var _ Persister = store.Store(nil)
