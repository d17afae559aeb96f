package sqlite

import "minehall/store"

// Friends returns the store of follows, blocks, challenges and presence,
// in this database (its writes run in transactions of the writer
// goroutine).
func (db *DB) Friends() store.Friends {
	return store.FriendsDB{InTx: db.inTx, Reader: db.reader, Coded: coded}
}
