package main

import (
	"minehall/puzzle"
	"minehall/server"
	"minehall/store"
)

// puzzlesFor returns the puzzle service on st, or nil (no puzzles) when st
// keeps no puzzle tickets.
func puzzlesFor(st store.Store) server.Puzzles {
	ps, ok := st.(store.PuzzleStore)
	if !ok {
		return nil
	}
	return &puzzle.Service{Store: ps}
}
