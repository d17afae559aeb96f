// Package all registers every Minehall game, so that a Go program that
// wants all four (a simulation, a research harness, the minehall binary
// itself) imports one package instead of each game.
//
//	reg := all.Registry()
//	g, err := reg.Lookup("tf22")
//	if err != nil { … }
//	s, _, err := game.Start(g, 3, nil, 42)
package all

import (
	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
)

// Registry returns a new registry holding the four games with their
// embedded component packs: hammertime, minerals, outofmine and tf22. Each
// call returns a registry of its own, so a caller may register more games
// on it.
func Registry() *game.Registry {
	var reg game.Registry
	reg.Register(hammertime.New())
	reg.Register(minerals.New())
	reg.Register(outofmine.New())
	reg.Register(tf22.New())
	return &reg
}
