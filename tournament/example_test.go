package tournament_test

import (
	"fmt"
	"time"

	"minehall/tournament"
)

// A Swiss event of five: round 1 pairs the top half against the bottom
// half and gives the lowest-rated a bye. In round 2 ada, last, gets the
// bye; cy and ed on 1 point would leave bo and di to meet again, so cy
// meets bo and ed meets di.
func ExampleSwiss_Pair() {
	s := tournament.Swiss{Rounds: 3}
	entrants := []tournament.Entrant{
		{ID: "ada", Rating: 1900}, {ID: "bo", Rating: 1800}, {ID: "cy", Rating: 1700},
		{ID: "di", Rating: 1600}, {ID: "ed", Rating: 1500},
	}
	r1, _ := s.Pair(entrants, nil, nil)
	fmt.Println(r1.Tables, r1.Byes)

	games := []tournament.Game{
		{Round: 1, Players: r1.Tables[0], Ranks: []int{2, 1}}, // cy beats ada
		{Round: 1, Players: r1.Tables[1], Ranks: []int{1, 1}}, // a draw
	}
	byes := []tournament.Bye{{Round: 1, ID: "ed"}}
	r2, _ := s.Pair(entrants, games, byes)
	fmt.Println(r2.Tables, r2.Byes)

	standings, _ := s.Standings(entrants, games, byes)
	for _, st := range standings {
		fmt.Println(st.Rank, st.ID, st.Points)
	}
	// Output:
	// [[ada cy] [di bo]] [ed]
	// [[cy bo] [ed di]] [ada]
	// 1 cy 1
	// 2 ed 1
	// 3 bo 0.5
	// 4 di 0.5
	// 5 ada 0
}

// An arena pairs whoever waits, by points, and doubles the points of a
// player on a winning streak.
func ExampleArena_Standings() {
	start := time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)
	at := func(m int) time.Time { return start.Add(time.Duration(m) * time.Minute) }
	a := tournament.Arena{Start: start, End: at(60)}
	entrants := []tournament.Entrant{{ID: "ada", Rating: 1500}, {ID: "bo", Rating: 1500}}
	var games []tournament.Game
	for i := range 4 {
		games = append(games, tournament.Game{Start: at(5 * i), End: at(5*i + 4), Players: []string{"ada", "bo"}, Ranks: []int{1, 2}})
	}
	standings, _ := a.Standings(entrants, games)
	for _, st := range standings {
		fmt.Println(st.ID, st.Points, st.Sheet, st.OnFire)
	}
	// Output:
	// ada 12 [2 2 4 4] true
	// bo 0 [0 0 0 0] false
}
