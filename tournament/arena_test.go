package tournament

import (
	"reflect"
	"testing"
	"time"
)

var arenaStart = time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)

// minute returns the time m minutes into the arena.
func minute(m int) time.Time { return arenaStart.Add(time.Duration(m) * time.Minute) }

// played returns a finished two-player arena game from minute s to e; the
// winner is "" for a draw.
func played(s, e int, a, b, winner string) Game {
	g := Game{Start: minute(s), End: minute(e), Players: []string{a, b}, Ranks: []int{1, 1}}
	switch winner {
	case a:
		g.Ranks = []int{1, 2}
	case b:
		g.Ranks = []int{2, 1}
	}
	return g
}

// TestArenaStreak scores one player's games: two wins in a row put it on
// fire, and every game then scores double until and including the first
// that is not a win; aborted games neither score nor break a streak; a
// game running at the end counts once it finishes.
func TestArenaStreak(t *testing.T) {
	a := Arena{Start: arenaStart, End: minute(60)}
	es := []Entrant{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1500}, {ID: "C", Rating: 1700}}
	games := []Game{
		played(0, 5, "A", "B", "A"),  // 2
		played(5, 10, "B", "A", "A"), // 2, now on fire
		{Start: minute(10), End: minute(11), Players: []string{"A", "C"}, Aborted: true},
		played(11, 15, "A", "C", "A"),                    // 4
		played(15, 20, "C", "A", ""),                     // draw on fire: 2, streak over
		played(20, 25, "A", "B", "A"),                    // 2
		played(25, 30, "B", "A", "B"),                    // 0
		played(30, 35, "A", "C", "A"),                    // 2
		played(35, 40, "C", "A", "A"),                    // 2, on fire again
		played(58, 63, "A", "B", "A"),                    // ends after the end, counts: 4
		{Start: minute(59), Players: []string{"C", "B"}}, // running: not yet
	}
	st, err := a.Standings(es, games)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]ArenaStanding{}
	for _, x := range st {
		byID[x.ID] = x
	}
	gotA := byID["A"]
	if want := []int{2, 2, 4, 2, 2, 0, 2, 2, 4}; !reflect.DeepEqual(gotA.Sheet, want) {
		t.Errorf("A's sheet = %v; want %v", gotA.Sheet, want)
	}
	if gotA.Points != 20 || gotA.Games != 9 || gotA.Wins != 7 || !gotA.OnFire {
		t.Errorf("A = %+v; want 20 points from 9 games, 7 wins, on fire", gotA)
	}
	// B won once (its 2 points) and never twice in a row; C drew once.
	if b := byID["B"]; b.Points != 2 || b.Games != 5 || b.OnFire {
		t.Errorf("B = %+v; want 2 points from 5 games", b)
	}
	if c := byID["C"]; c.Points != 1 || c.Games != 4 || c.Wins != 0 {
		t.Errorf("C = %+v; want 1 point from 4 games", c)
	}
	// B and C: 1 win and 4 losses against 1500 is (1900 + 4·1100)/5;
	// C: a draw and 3 losses against 1500 is (1500 + 3·1100)/4.
	if b, c := byID["B"].Performance, byID["C"].Performance; b != 1260 || c != 1200 {
		t.Errorf("performances B %g, C %g; want 1260, 1200", b, c)
	}
	var order []string
	for _, x := range st {
		order = append(order, x.ID)
	}
	if want := []string{"A", "B", "C"}; !reflect.DeepEqual(order, want) {
		t.Errorf("standings %v; want %v", order, want)
	}
}

// TestArenaTies orders equal points by performance, then rating, then ID;
// an entrant without games has performance 0.
func TestArenaTies(t *testing.T) {
	a := Arena{Start: arenaStart, End: minute(60)}
	es := []Entrant{
		{ID: "late", Rating: 2000},
		{ID: "d", Rating: 1400}, {ID: "c", Rating: 1400},
		{ID: "b", Rating: 1600}, {ID: "a", Rating: 1200},
		{ID: "f", Rating: 1000}, {ID: "e", Rating: 1000}, {ID: "g", Rating: 1100},
	}
	games := []Game{
		played(0, 5, "a", "b", "a"), // a beats 1600: performance 2000
		played(0, 5, "c", "d", "c"), // c beats 1400: performance 1800
	}
	st, err := a.Standings(es, games)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, x := range st {
		order = append(order, x.ID)
	}
	// d lost to 1400 (performance 1000), b to 1200 (800).
	if want := []string{"a", "c", "d", "b", "late", "g", "e", "f"}; !reflect.DeepEqual(order, want) {
		t.Errorf("standings %v; want %v", order, want)
	}
	if late := st[4]; late.Games != 0 || late.Performance != 0 || late.Sheet == nil {
		t.Errorf("an entrant without games: %+v; want no games, performance 0, an empty sheet", late)
	}
}

// TestArenaPair checks who is seated with whom as players wait.
func TestArenaPair(t *testing.T) {
	a := Arena{Start: arenaStart, End: minute(60)}
	es := []Entrant{{ID: "A", Rating: 1500}, {ID: "B", Rating: 1800}, {ID: "C", Rating: 1600}, {ID: "D", Rating: 1700}, {ID: "E", Rating: 1300}}
	// A beat B, C beat D: A and C on 2 points, B and D on 0.
	history := []Game{played(0, 5, "A", "B", "A"), played(0, 6, "D", "C", "C")}
	tests := []struct {
		name    string
		a       Arena
		games   []Game
		waiting []string
		now     int
		want    [][]string
	}{
		{name: "first games by rating", waiting: []string{"A", "B", "C", "D"}, now: 0,
			want: [][]string{{"B", "D"}, {"A", "C"}}},
		{name: "by points, avoiding the last opponent", games: history, waiting: []string{"A", "B", "C", "D"}, now: 6,
			// A and C on 2 meet; B and D both sat first last time: D
			// sat first, so it sits second now.
			want: [][]string{{"C", "A"}, {"B", "D"}}},
		{name: "the last opponent when nobody else waits", games: history, waiting: []string{"A", "B"}, now: 6,
			want: [][]string{{"B", "A"}}},
		{name: "another waiting player instead of the last opponent", games: history, waiting: []string{"B", "A", "E"}, now: 6,
			// A (2) would meet B (0, rated above E); B was its last
			// opponent, so A meets E and B keeps waiting.
			want: [][]string{{"E", "A"}}},
		{name: "the lowest keeps waiting", games: history, waiting: []string{"A", "C", "E"}, now: 6,
			want: [][]string{{"C", "A"}}},
		{name: "one waiting", games: history, waiting: []string{"E"}, now: 6},
		{name: "before the start", waiting: []string{"A", "B"}, now: -1},
		{name: "at the end", waiting: []string{"A", "B"}, now: 60},
		{name: "tables of three", a: Arena{Start: arenaStart, End: minute(60), TableSize: 3}, waiting: []string{"A", "B", "C", "D", "E"}, now: 0,
			want: [][]string{{"B", "D", "C"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ar := a
			if tt.a.TableSize != 0 {
				ar = tt.a
			}
			got, err := ar.Pair(es, tt.games, tt.waiting, minute(tt.now))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Pair = %v; want %v", got, tt.want)
			}
		})
	}
}

// TestArenaRules shows the rules text of each format.
func TestArenaRules(t *testing.T) {
	texts := []string{
		Arena{Start: arenaStart, End: minute(90)}.Rules(),
		Arena{Start: arenaStart, End: minute(120), TableSize: 4}.Rules(),
		Swiss{Rounds: 5, TableSize: 3, ByeScore: ByeHalf}.Rules(),
		Swiss{Rounds: 7, ByeScore: ByeZero}.Rules(),
		Swiss{Rounds: 1, ByeScore: ByeZero}.Rules(),
	}
	var all string
	for _, s := range texts {
		all += s + "\n\n"
	}
	golden(t, "rules.golden", all)
}

// TestArenaCheckStart accepts an arena whose times are not set yet, as a
// runner sets them when it starts.
func TestArenaCheckStart(t *testing.T) {
	es := []Entrant{{ID: "A"}, {ID: "B"}, {ID: "C", Withdrawn: true}}
	if err := (Arena{}).CheckStart(es); err != nil {
		t.Errorf("two active entrants at tables of two: %v; want no error", err)
	}
	if err := (Arena{TableSize: 3}).CheckStart(es); err == nil {
		t.Error("two active entrants at tables of three: no error; want a refusal")
	}
}
