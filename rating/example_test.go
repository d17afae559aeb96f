package rating_test

import (
	"fmt"

	"minehall/rating"
)

func ExampleModel_Rate() {
	m := rating.DefaultModel()
	// Three new players; the second won, the other two tied for second.
	players := []rating.Rating{rating.Default(), rating.Default(), rating.Default()}
	after, err := m.Rate(players, []int{2, 1, 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, r := range after {
		fmt.Printf("player %d: %v, ordinal %.3f\n", i+1, r, r.Ordinal())
	}
	// Output:
	// player 1: 23.565±8.058, ordinal -0.609
	// player 2: 27.869±8.205, ordinal 3.253
	// player 3: 23.565±8.058, ordinal -0.609
}

func ExampleModel_WinProbabilities() {
	m := rating.DefaultModel()
	p, err := m.WinProbabilities([]rating.Rating{{Mu: 30, Sigma: 2}, {Mu: 25, Sigma: 3}, {Mu: 20, Sigma: 8}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.3f\n", p)
	// Output: [0.517 0.313 0.169]
}

func ExampleScale() {
	display := rating.Scale{Z: 3, Alpha: 24, Target: 1500}
	fmt.Printf("%.0f %.0f\n", display.Value(rating.Default()), display.Value(rating.Rating{Mu: 31.7, Sigma: 1.2}))
	// Output: 1500 2174
}

func ExampleModel_Rate_error() {
	_, err := rating.DefaultModel().Rate([]rating.Rating{rating.Default()}, []int{1})
	fmt.Println(err)
	// Output: rating: a game needs at least 2 players or teams: got 1 player
}
