package tournament

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"minehall/game"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs; got:\n%s\nwant:\n%s", path, got, want)
	}
}

// ranked returns the game of players in seat order with the given ranks.
func ranked(round int, players []string, ranks ...int) Game {
	return Game{Round: round, Players: players, Ranks: ranks}
}

// winner returns table's game won by id (0 for a draw).
func winner(round int, table []string, id string) Game {
	if id == "" {
		return ranked(round, table, 1, 1)
	}
	if table[0] == id {
		return ranked(round, table, 1, 2)
	}
	return ranked(round, table, 2, 1)
}

func byes(round int, ids []string) []Bye {
	var b []Bye
	for _, id := range ids {
		b = append(b, Bye{Round: round, ID: id})
	}
	return b
}

// eight returns entrants A to H rated 1800 down to 1100.
func eight() []Entrant {
	var es []Entrant
	for i, id := range strings.Split("ABCDEFGH", "") {
		es = append(es, Entrant{ID: id, Rating: float64(1800 - 100*i), Joined: i})
	}
	return es
}

// TestSwissEightPlayers plays a hand-checked eight-player event over three
// rounds: the higher-rated player wins in round 1, D then withdraws (seven
// left: a bye), and the round-3 pairing must avoid the F–G rematch that the
// natural score-group pairing would make.
func TestSwissEightPlayers(t *testing.T) {
	s := Swiss{Rounds: 3}
	es := eight()
	var games []Game
	var bs []Bye
	rounds := []struct {
		want    Pairing
		winners []string // per table; "" a draw
		after   func()
	}{
		{
			// All on 0: top half meets bottom half; the first seat goes to
			// the better-rated player at tables 1 and 3.
			want:    Pairing{Round: 1, Tables: [][]string{{"A", "E"}, {"F", "B"}, {"C", "G"}, {"H", "D"}}},
			winners: []string{"A", "B", "C", "D"},
			after:   func() { es[3].Withdrawn = true },
		},
		{
			// A, B, C on 1: A meets B and C floats down to E, the top of
			// the 0 group; H, lowest, gets the bye. Whoever sat second in
			// round 1 sits first.
			want:    Pairing{Round: 2, Tables: [][]string{{"B", "A"}, {"E", "C"}, {"G", "F"}}, Byes: []string{"H"}},
			winners: []string{"A", "C", ""},
		},
		{
			// A and C on 2 meet; B and H on 1 would leave F and G, who
			// met in round 2, so B meets G and H meets F. E, last and
			// without a bye, gets it.
			want:    Pairing{Round: 3, Tables: [][]string{{"A", "C"}, {"G", "B"}, {"F", "H"}}, Byes: []string{"E"}},
			winners: []string{"", "B", "H"},
		},
	}
	for _, r := range rounds {
		got, err := s.Pair(es, games, bs)
		if err != nil {
			t.Fatalf("round %d: %v", r.want.Round, err)
		}
		if !reflect.DeepEqual(got, r.want) {
			t.Fatalf("round %d pairing = %+v; want %+v", r.want.Round, got, r.want)
		}
		for i, table := range got.Tables {
			games = append(games, winner(got.Round, table, r.winners[i]))
		}
		bs = append(bs, byes(got.Round, got.Byes)...)
		if r.after != nil {
			r.after()
		}
	}
	if _, err := s.Pair(es, games, bs); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("a fourth round: got error %v; want a conflict", err)
	}

	st, err := s.Standings(es, games, bs)
	if err != nil {
		t.Fatal(err)
	}
	// Computed by hand: points, Buchholz cut-1 (opponents' points less
	// the lowest), Sonneborn-Berger.
	want := []SwissStanding{
		{Rank: 1, ID: "A", Points: 2.5, Buchholz: 4.5, SonnebornBerger: 4.25, Rating: 1800, Games: 3},
		{Rank: 2, ID: "C", Points: 2.5, Buchholz: 3.5, SonnebornBerger: 2.75, Rating: 1600, Games: 3},
		{Rank: 3, ID: "B", Points: 2, Buchholz: 3, SonnebornBerger: 1, Rating: 1700, Games: 3},
		{Rank: 4, ID: "H", Points: 2, Buchholz: 1, SonnebornBerger: 0.5, Rating: 1100, Games: 2, Byes: 1},
		{Rank: 5, ID: "E", Points: 1, Buchholz: 2.5, SonnebornBerger: 0, Rating: 1400, Games: 2, Byes: 1},
		{Rank: 6, ID: "D", Points: 1, Buchholz: 2, SonnebornBerger: 2, Rating: 1500, Games: 1, Withdrawn: true},
		{Rank: 7, ID: "G", Points: 0.5, Buchholz: 4.5, SonnebornBerger: 0.25, Rating: 1200, Games: 3},
		{Rank: 8, ID: "F", Points: 0.5, Buchholz: 4, SonnebornBerger: 0.25, Rating: 1300, Games: 3},
	}
	if !reflect.DeepEqual(st, want) {
		t.Errorf("standings:\n got %+v\nwant %+v", st, want)
	}
	golden(t, "swiss8.golden", formatSwiss(s, games, bs, st))
}

// formatSwiss writes an event's rounds and standings as a page would list
// them.
func formatSwiss(s Swiss, games []Game, bs []Bye, st []SwissStanding) string {
	var b strings.Builder
	b.WriteString(s.Rules() + "\n")
	for r := 1; r <= s.Rounds; r++ {
		fmt.Fprintf(&b, "\nround %d:", r)
		for _, g := range games {
			if g.Round == r {
				fmt.Fprintf(&b, " %s %v", strings.Join(g.Players, "-"), g.Ranks)
			}
		}
		for _, by := range bs {
			if by.Round == r {
				fmt.Fprintf(&b, " bye %s", by.ID)
			}
		}
	}
	b.WriteString("\n\nrank id points buchholz sb rating games byes withdrawn\n")
	for _, x := range st {
		fmt.Fprintf(&b, "%d %s %g %g %g %g %d %d %v\n", x.Rank, x.ID, x.Points, x.Buchholz, x.SonnebornBerger, x.Rating, x.Games, x.Byes, x.Withdrawn)
	}
	return b.String()
}
