package postgres

import "minehall/store"

// Notifications returns the store of notifications outside the tab, in
// this database.
func (db *DB) Notifications() store.Notifications {
	return store.NotifyDB{InTx: db.inTx, Reader: db.reader, Coded: coded, IsUnique: isUniqueViolation}
}
