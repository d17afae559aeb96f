package tutorial

import (
	"testing"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
)

func registry() *game.Registry {
	var reg game.Registry
	reg.Register(hammertime.New())
	reg.Register(minerals.New())
	reg.Register(outofmine.New())
	reg.Register(tf22.New())
	return &reg
}

func TestLoad(t *testing.T) {
	set, err := Load(registry())
	if err != nil {
		t.Fatal(err)
	}
	t.Log(set.Games())
}
