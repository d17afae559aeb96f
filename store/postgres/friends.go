package postgres

import "minehall/store"

// Friends returns the store of follows, blocks, challenges and presence,
// in this database.
func (db *DB) Friends() store.Friends {
	return store.FriendsDB{InTx: db.inTx, Reader: db.reader, Coded: coded}
}
