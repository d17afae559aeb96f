package tournament

import (
	"strings"
	"testing"
	"time"

	"minehall/game"
)

// TestSwissRefusals checks that bad configurations, entrants, games and
// byes are refused with a message saying what is wrong.
func TestSwissRefusals(t *testing.T) {
	es := eight()
	ok := Swiss{Rounds: 3}
	r1 := func(players ...string) Game { return ranked(1, players, 1, 2) }
	tests := []struct {
		name  string
		s     Swiss
		es    []Entrant
		games []Game
		byes  []Bye
		start bool // check CheckStart instead of Pair
		code  game.Code
		msg   string
	}{
		{name: "no rounds", s: Swiss{}, es: es, code: game.CodeInvalid, msg: "0 rounds is out of range"},
		{name: "too many rounds", s: Swiss{Rounds: 31}, es: es, code: game.CodeInvalid, msg: "31 rounds is out of range"},
		{name: "table of one", s: Swiss{Rounds: 3, TableSize: 1}, es: es, code: game.CodeInvalid, msg: "table size 1"},
		{name: "table of nine", s: Swiss{Rounds: 3, TableSize: 9}, es: es, code: game.CodeInvalid, msg: "table size 9"},
		{name: "unknown bye score", s: Swiss{Rounds: 3, ByeScore: 7}, es: es, code: game.CodeInvalid, msg: "bye score 7"},
		{name: "too few to start", s: ok, es: es[:3], start: true, code: game.CodeInvalid, msg: "needs at least 4 entrants; it has 3"},
		{name: "too few at tables of three", s: Swiss{Rounds: 3, TableSize: 3}, es: es[:5], start: true, code: game.CodeInvalid, msg: "needs at least 6 entrants"},
		{name: "more rounds than opponents", s: Swiss{Rounds: 4}, es: es[:4], start: true, code: game.CodeInvalid, msg: "4 rounds is too many for 4 entrants: at most 3"},
		{name: "withdrawn do not count to start", s: ok, es: []Entrant{{ID: "A"}, {ID: "B"}, {ID: "C"}, {ID: "D", Withdrawn: true}}, start: true, code: game.CodeInvalid, msg: "it has 3"},
		{name: "duplicate entrant", s: ok, es: append(eight(), Entrant{ID: "C"}), code: game.CodeInvalid, msg: `"C" is listed twice`},
		{name: "entrant without ID", s: ok, es: append(eight(), Entrant{}), code: game.CodeInvalid, msg: "entrant 9 has no ID"},
		{name: "duplicate entrant at start", s: ok, es: append(eight(), Entrant{ID: "C"}), start: true, code: game.CodeInvalid, msg: `"C" is listed twice`},
		{name: "game names a non-entrant", s: ok, es: es, games: []Game{r1("A", "Z")}, code: game.CodeInvalid, msg: `game 1 names "Z", who is not an entrant`},
		{name: "game of three at tables of two", s: ok, es: es, games: []Game{ranked(1, []string{"A", "B", "C"}, 1, 2, 3)}, code: game.CodeInvalid, msg: "game 1 has 3 players; want 2"},
		{name: "player twice at a table", s: ok, es: es, games: []Game{r1("A", "A")}, code: game.CodeInvalid, msg: `seats "A" twice`},
		{name: "ranks of the wrong length", s: ok, es: es, games: []Game{ranked(1, []string{"A", "B"}, 1)}, code: game.CodeInvalid, msg: "game 1 has 1 ranks for 2 players"},
		{name: "empty ranks", s: ok, es: es, games: []Game{{Round: 1, Players: []string{"A", "B"}, Ranks: []int{}}}, code: game.CodeInvalid, msg: "has 0 ranks for 2 players"},
		{name: "ranks that are not ranks", s: ok, es: es, games: []Game{ranked(1, []string{"A", "B"}, 2, 2)}, code: game.CodeInvalid, msg: "ranks seat 1 2, but 0 players rank better: want rank 1"},
		{name: "rank zero", s: ok, es: es, games: []Game{ranked(1, []string{"A", "B"}, 0, 1)}, code: game.CodeInvalid, msg: "ranks seat 1 0"},
		{name: "game in round zero", s: ok, es: es, games: []Game{ranked(0, []string{"A", "B"}, 1, 2)}, code: game.CodeInvalid, msg: "game 1 is in round 0, out of range: want 1 to 3"},
		{name: "game after the last round", s: ok, es: es, games: []Game{ranked(4, []string{"A", "B"}, 1, 2)}, code: game.CodeInvalid, msg: "round 4, out of range"},
		{name: "bye names a non-entrant", s: ok, es: es, byes: []Bye{{Round: 1, ID: "Z"}}, code: game.CodeInvalid, msg: `bye 1 names "Z"`},
		{name: "bye out of range", s: ok, es: es, byes: []Bye{{Round: 5, ID: "A"}}, code: game.CodeInvalid, msg: "bye 1 is in round 5"},
		{name: "game and bye in one round", s: ok, es: es, games: []Game{r1("A", "B")}, byes: []Bye{{Round: 1, ID: "B"}}, code: game.CodeInvalid, msg: `game 1: "B" already plays or has a bye in round 1`},
		{name: "two games in one round", s: ok, es: es, games: []Game{r1("A", "B"), r1("C", "A")}, code: game.CodeInvalid, msg: `game 2: "A" already plays`},
		{name: "round still running", s: ok, es: es, games: []Game{r1("A", "B"), {Round: 1, Players: []string{"C", "D"}}}, code: game.CodeConflict, msg: "round 1 is still being played: the game of C, D has no result"},
		{name: "every round paired", s: Swiss{Rounds: 1}, es: es, games: []Game{r1("A", "B")}, code: game.CodeConflict, msg: "all 1 rounds have been paired"},
		{name: "one player left", s: ok, es: []Entrant{{ID: "A"}, {ID: "B", Withdrawn: true}, {ID: "C", Withdrawn: true}}, code: game.CodeConflict, msg: "only 1 entrants are still playing; a table needs 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.start {
				err = tt.s.CheckStart(tt.es)
			} else {
				_, err = tt.s.Pair(tt.es, tt.games, tt.byes)
				if tt.code == game.CodeInvalid {
					if _, serr := tt.s.Standings(tt.es, tt.games, tt.byes); game.ErrorCode(serr) != tt.code {
						t.Errorf("Standings: got error %v; want code %s", serr, tt.code)
					}
				}
			}
			checkRefusal(t, err, tt.code, tt.msg)
		})
	}
}

func checkRefusal(t *testing.T, err error, code game.Code, msg string) {
	t.Helper()
	if got := game.ErrorCode(err); got != code {
		t.Fatalf("got error %v (code %q); want code %q", err, got, code)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Errorf("got message %q; want it to say %q", err, msg)
	}
}

// TestArenaRefusals checks that bad configurations, entrants, games and
// waiting lists are refused with a message saying what is wrong.
func TestArenaRefusals(t *testing.T) {
	start := time.Date(2026, 12, 2, 18, 0, 0, 0, time.UTC)
	a := Arena{Start: start, End: start.Add(time.Hour)}
	es := eight()
	es[7].Withdrawn = true
	at := func(m int) time.Time { return start.Add(time.Duration(m) * time.Minute) }
	done := func(s, e int, players ...string) Game {
		return Game{Start: at(s), End: at(e), Players: players, Ranks: []int{1, 2}}
	}
	running := Game{Start: at(10), Players: []string{"C", "D"}}
	tests := []struct {
		name    string
		a       Arena
		es      []Entrant
		games   []Game
		waiting []string
		start   bool
		msg     string
	}{
		{name: "no start", a: Arena{End: start}, es: es, msg: "an arena needs a start before its end"},
		{name: "end before start", a: Arena{Start: start, End: start.Add(-time.Minute)}, es: es, msg: "needs a start before its end"},
		{name: "table of nine", a: Arena{Start: start, End: at(60), TableSize: 9}, es: es, msg: "table size 9"},
		{name: "too few to start", a: Arena{TableSize: 3}, es: []Entrant{{ID: "A"}, {ID: "B"}}, start: true, msg: "needs at least 3 entrants; it has 2"},
		{name: "duplicate entrant", a: a, es: []Entrant{{ID: "A"}, {ID: "A"}}, start: true, msg: `"A" is listed twice`},
		{name: "table of nine at start", a: Arena{TableSize: 9}, es: es, start: true, msg: "table size 9"},
		{name: "game names a non-entrant", a: a, es: es, games: []Game{done(0, 5, "A", "Z")}, msg: `game 1 names "Z"`},
		{name: "ranks of the wrong length", a: a, es: es, games: []Game{{Start: at(0), End: at(5), Players: []string{"A", "B"}, Ranks: []int{1, 2, 3}}}, msg: "game 1 has 3 ranks for 2 players"},
		{name: "game before the start", a: a, es: es, games: []Game{done(-1, 5, "A", "B")}, msg: "game 1 starts at 2026-12-02T17:59:00Z, outside the arena"},
		{name: "game at the end", a: a, es: es, games: []Game{done(60, 65, "A", "B")}, msg: "outside the arena"},
		{name: "result without an end", a: a, es: es, games: []Game{{Start: at(0), Players: []string{"A", "B"}, Ranks: []int{1, 2}}}, msg: "game 1 has a result but no end time"},
		{name: "end before its start", a: a, es: es, games: []Game{done(10, 5, "A", "B")}, msg: "game 1 ends at 2026-12-02T18:05:00Z, before it starts"},
		{name: "two running games", a: a, es: es, games: []Game{running, {Start: at(11), Players: []string{"D", "E"}}}, msg: `game 2: "D" already plays another running game`},
		{name: "unknown waiting", a: a, es: es, waiting: []string{"A", "Z"}, msg: `waiting player "Z" is not an entrant`},
		{name: "waiting twice", a: a, es: es, waiting: []string{"A", "B", "A"}, msg: `waiting player "A" is listed twice`},
		{name: "withdrawn waiting", a: a, es: es, waiting: []string{"A", "H"}, msg: `waiting player "H" has withdrawn`},
		{name: "playing waiting", a: a, es: es, games: []Game{running}, waiting: []string{"A", "D"}, msg: `waiting player "D" is playing a game`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.start {
				err = tt.a.CheckStart(tt.es)
			} else {
				_, err = tt.a.Pair(tt.es, tt.games, tt.waiting, at(30))
			}
			checkRefusal(t, err, game.CodeInvalid, tt.msg)
		})
	}
}
