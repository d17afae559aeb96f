package all_test

import (
	"fmt"

	"minehall/game"
	"minehall/games/all"
)

// A program looks a game up by id, starts it with a seed and plays.
func Example() {
	reg := all.Registry()
	fmt.Println(reg.IDs())

	g, err := reg.Lookup("minerals")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _, err := game.Start(g, 2, nil, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.NumPlayers(), s.Terminal())

	_, err = reg.Lookup("chess")
	fmt.Println(err)
	// Output:
	// [hammertime minerals outofmine tf22]
	// 2 false
	// unknown game "chess" (known: hammertime, minerals, outofmine, tf22)
}
