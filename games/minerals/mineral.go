package minerals

import (
	"fmt"
	"strings"
)

// Mineral is one of the five minerals, 0 to 4; its value is Mineral+1.
type Mineral uint8

// The five minerals in order of value.
const (
	Wollastonite Mineral = iota // white, value 1
	Kyanite                     // blue, value 2
	Tourmaline                  // watermelon tourmaline, pink, value 3
	Anthracite                  // black, value 4
	Orpiment                    // golden, value 5
	NumMinerals
)

// MineralCounts is how many tiles of each mineral the game has: 118 in all.
var MineralCounts = [NumMinerals]int{53, 30, 20, 10, 5}

// TotalMinerals is the number of mineral tiles.
const TotalMinerals = 118

var mineralNames = [NumMinerals]string{"wollastonite", "kyanite", "tourmaline", "anthracite", "orpiment"}
var mineralColors = [NumMinerals]string{"white", "blue", "pink", "black", "golden"}

// mineralLetters are the letters of board files.
const mineralLetters = "wktao"

// Value returns the mineral's value: its move distance and its points.
func (m Mineral) Value() int { return int(m) + 1 }

// String returns the mineral's name.
func (m Mineral) String() string { return mineralNames[m%NumMinerals] }

// Color returns the mineral's color.
func (m Mineral) Color() string { return mineralColors[m%NumMinerals] }

// Letter returns the mineral's letter in board files.
func (m Mineral) Letter() byte { return mineralLetters[m%NumMinerals] }

// ParseMineral reads a mineral's name ("watermelon tourmaline" and the
// colors are accepted too).
func ParseMineral(s string) (Mineral, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "watermelon tourmaline" {
		return Tourmaline, nil
	}
	for m := Mineral(0); m < NumMinerals; m++ {
		if s == mineralNames[m] || s == mineralColors[m] {
			return m, nil
		}
	}
	return 0, fmt.Errorf("%q is not a mineral (wollastonite, kyanite, tourmaline, anthracite, orpiment)", s)
}

// Counts holds a number per mineral.
type Counts [NumMinerals]uint8

// Total returns the number of minerals.
func (c *Counts) Total() int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// Value returns the summed value of the minerals.
func (c *Counts) Value() int {
	n := 0
	for m, v := range c {
		n += int(v) * (m + 1)
	}
	return n
}
