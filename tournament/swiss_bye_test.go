package tournament

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSwissOddField plays five entrants over four rounds, the higher-rated
// player always winning: each round the bye goes to the lowest-placed
// entrant without one, so nobody has two, and nobody meets anyone twice.
func TestSwissOddField(t *testing.T) {
	s := Swiss{Rounds: 4}
	var es []Entrant
	for i, id := range strings.Split("ABCDE", "") {
		es = append(es, Entrant{ID: id, Rating: float64(1500 - 100*i), Joined: i})
	}
	want := []Pairing{
		{Round: 1, Tables: [][]string{{"A", "C"}, {"D", "B"}}, Byes: []string{"E"}},
		// A, B, E on 1: A meets B and E floats down to C; D, lowest
		// without a bye, gets it.
		{Round: 2, Tables: [][]string{{"B", "A"}, {"C", "E"}}, Byes: []string{"D"}},
		// C is lowest without a bye. A, alone on 2, met B: it meets D.
		{Round: 3, Tables: [][]string{{"A", "D"}, {"E", "B"}}, Byes: []string{"C"}},
		// Only A and B have had no bye: B, lower, gets it. A met C and D:
		// it meets E.
		{Round: 4, Tables: [][]string{{"E", "A"}, {"D", "C"}}, Byes: []string{"B"}},
	}
	var games []Game
	var bs []Bye
	for _, w := range want {
		got, err := s.Pair(es, games, bs)
		if err != nil {
			t.Fatalf("round %d: %v", w.Round, err)
		}
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("round %d pairing = %+v; want %+v", w.Round, got, w)
		}
		for _, table := range got.Tables {
			better := table[0] // ratings fall with the letter
			if table[1] < better {
				better = table[1]
			}
			games = append(games, winner(got.Round, table, better))
		}
		bs = append(bs, byes(got.Round, got.Byes)...)
	}
	st, err := s.Standings(es, games, bs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range st {
		got = append(got, x.ID)
	}
	if strings.Join(got, "") != "ABCDE" {
		t.Errorf("standings order %v; want A to E", got)
	}
	if st[0].Points != 4 || st[0].Games != 4 || st[0].Byes != 0 {
		t.Errorf("A: %+v; want 4 points from 4 games, no bye", st[0])
	}
}

// TestSwissByeScore checks what a bye is worth under each setting.
func TestSwissByeScore(t *testing.T) {
	es := eight()[:5]
	for _, tt := range []struct {
		score ByeScore
		want  float64
	}{{ByeWin, 1}, {ByeHalf, 0.5}, {ByeZero, 0}} {
		s := Swiss{Rounds: 3, ByeScore: tt.score}
		st, err := s.Standings(es, nil, []Bye{{Round: 1, ID: "E"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range st {
			if x.ID == "E" && (x.Points != tt.want || x.Byes != 1 || x.Games != 0) {
				t.Errorf("bye score %d: E has %+v; want %g points from one bye", tt.score, x, tt.want)
			}
		}
	}
}

// TestSwissLargerTables pairs nine entrants at tables of three: score
// groups are filled from the top, nobody meets anyone twice, and points go
// by place.
func TestSwissLargerTables(t *testing.T) {
	s := Swiss{Rounds: 2, TableSize: 3}
	var es []Entrant
	for i, id := range strings.Split("ABCDEFGHI", "") {
		es = append(es, Entrant{ID: id, Rating: float64(1900 - 100*i)})
	}
	p1, err := s.Pair(es, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"A", "B", "C"}, {"F", "E", "D"}, {"G", "H", "I"}}
	if !reflect.DeepEqual(p1.Tables, want) {
		t.Fatalf("round 1 tables %v; want %v", p1.Tables, want)
	}
	// The first seat wins each game.
	var games []Game
	for _, table := range p1.Tables {
		games = append(games, ranked(1, table, 1, 2, 3))
	}
	p2, err := s.Pair(es, games, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Winners A, F, G on 1; seconds B, E, H on ½; lasts C, D, I on 0.
	want = [][]string{{"A", "F", "G"}, {"B", "E", "H"}, {"C", "D", "I"}}
	for i, table := range p2.Tables {
		sorted := append([]string(nil), table...)
		slices.Sort(sorted)
		if !reflect.DeepEqual(sorted, want[i]) {
			t.Errorf("round 2 table %d: %v; want the players %v", i+1, table, want[i])
		}
	}
	if p2.Rematches != 0 {
		t.Errorf("round 2 has %d rematches; want 0", p2.Rematches)
	}
}
