package gametest

import (
	"testing"

	"minehall/game"
)

func TestConformanceConnectFour(t *testing.T) {
	Run(t, ConnectFour(), Config{Games: 60})
}

func TestConformanceHighCard(t *testing.T) {
	Run(t, HighCard(), Config{Games: 100})
}

func TestConformanceGoofspiel(t *testing.T) {
	Run(t, Goofspiel(), Config{Games: 20, Options: []game.Options{nil, {"timer": "0", "cards": "8"}}})
}

func TestGolden(t *testing.T) {
	Golden(t, ConnectFour(), 2, nil, 1, "testdata/golden/connectfour.json")
	Golden(t, HighCard(), 2, nil, 2, "testdata/golden/highcard.json")
	Golden(t, Goofspiel(), 3, game.Options{"cards": "6"}, 3, "testdata/golden/goofspiel.json")
}

func FuzzConnectFour(f *testing.F) { FuzzActions(f, ConnectFour(), nil) }
func FuzzHighCard(f *testing.F)    { FuzzActions(f, HighCard(), nil) }
func FuzzGoofspiel(f *testing.F)   { FuzzActions(f, Goofspiel(), nil) }
