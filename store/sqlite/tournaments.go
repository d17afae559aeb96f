package sqlite

import "minehall/store"

// Tournaments returns the store of tournaments, in this database.
func (db *DB) Tournaments() store.Tournaments {
	return store.TournamentDB{InTx: db.inTx, Reader: db.reader, Coded: coded, IsUnique: isUnique}
}
