//go:build tutorialsearch

// The searches that found the positions of the rulebooks' examples in the
// tutorial scripts. They are not part of the tests: run them with
//
//	go test -tags tutorialsearch -run Search -v ./tutorial/
//
// and copy what they print into data/*.json.

package tutorial

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"minehall/game"
	mn "minehall/games/minerals"
)

// randomMove picks a random legal action of the actor, moving when it can,
// cutting and ending turns rather than using tools.
func randomMove(s game.State, r *rand.Rand) (game.Player, string) {
	actors := s.Actors(nil)
	p := actors[0]
	legal := s.Legal(p, nil)
	var moves, others []string
	for _, a := range legal {
		m := s.ActionString(p, a)
		switch {
		case strings.HasPrefix(m, "move "):
			moves = append(moves, m)
		case m == "cut" || m == "end":
			return p, m
		default:
			others = append(others, m)
		}
	}
	if len(moves) > 0 {
		return p, moves[r.IntN(len(moves))]
	}
	for _, m := range others {
		if m == "no move" {
			return p, m
		}
	}
	var plain []string
	for _, m := range others {
		if !strings.HasPrefix(m, "take") && !strings.HasPrefix(m, "sack") && !strings.Contains(m, " ") || strings.HasPrefix(m, "remove") || strings.HasPrefix(m, "place") || strings.HasPrefix(m, "draw") || strings.HasPrefix(m, "reveal") {
			plain = append(plain, m)
		}
	}
	if len(plain) > 0 {
		return p, plain[r.IntN(len(plain))]
	}
	return p, others[r.IntN(len(others))]
}

type mnFound struct {
	seed   uint64
	prefix []Move
}

// searchMinerals plays random 2-player games of seeds 1..n and returns, for
// each seed, the prefix up to the first of seat 0's move decisions where
// ok holds.
func searchMinerals(t *testing.T, n uint64, opts game.Options, ok func(s game.State, v mn.View) bool) *mnFound {
	g := mn.New()
	for seed := uint64(1); seed <= n; seed++ {
		s, _, err := game.Start(g, 2, opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 7))
		var prefix []Move
		for step := 0; step < 2000 && !s.Terminal(); step++ {
			v := mnView(s)
			if v.Phase == "move" && v.Current == 0 && ok(s, v) {
				return &mnFound{seed, prefix}
			}
			p, m := randomMove(s, r)
			if _, err := game.PlayNotation(s, p, m); err != nil {
				t.Fatalf("seed %d: %s of %d: %v", seed, m, p, err)
			}
			prefix = append(prefix, Move{Player: p, Move: m})
		}
	}
	return nil
}

// TestSearchMatt: seat 0's pawn on an orpiment (5 hexes) with exactly three
// correct moves; of the other directions two end outside the board and one
// is blocked by a crevice of two or more hexes.
func TestSearchMatt(t *testing.T) {
	f := searchMinerals(t, 3000, game.Options{"tools": "AAAAA"}, func(s game.State, v mn.View) bool {
		pawn, err := mn.ParseCell(v.Players[0].Pawn)
		b := mnBoard(v)
		if err != nil || b[pawn] != "orpiment" {
			return false
		}
		legal := legalMoves(s)
		if len(legal) != 3 {
			return false
		}
		d := directions(b, pawnsOf(v), pawn, 5, legal)
		return d["legal"] == 3 && d["outside"] == 2 && d["crevice"] == 1
	})
	if f == nil {
		t.Fatal("not found")
	}
	logFound(t, f)
}

// logFound prints the seed and the prefix as the script's JSON, and seat
// 0's legal moves there.
func logFound(t *testing.T, f *mnFound) {
	b, _ := json.Marshal(f.prefix)
	t.Logf("seed %d, %d prefix moves:\n%s", f.seed, len(f.prefix), b)
	s, _, _ := game.Start(mn.New(), 2, game.Options{"tools": "AAAAA"}, f.seed)
	for _, m := range f.prefix {
		game.PlayNotation(s, m.Player, m.Move)
	}
	v := mnView(s)
	t.Logf("pawn %s on %s, pool %v, legal %v", v.Players[0].Pawn, mnBoard(v)[must2(mn.ParseCell(v.Players[0].Pawn))], v.Players[0].Pool, legalMoves(s))
}

func must2(c mn.Cell, _ error) mn.Cell { return c }

// TestSearchDavid: seat 0's pawn on a wollastonite with a correct move
// onto an anthracite that cuts off two fragments whose lowest minerals are
// a tourmaline and a wollastonite, one of them with more minerals that go
// to the pouch. (No seed of 20,000 also gives the
// rulebook's first example, the only other correct move onto a kyanite.)
func TestSearchDavid(t *testing.T) {
	f := searchMinerals(t, 20000, game.Options{"tools": "AAAAA"}, func(s game.State, v mn.View) bool {
		pawn, err := mn.ParseCell(v.Players[0].Pawn)
		b := mnBoard(v)
		if err != nil || b[pawn] != "wollastonite" {
			return false
		}
		legal := legalMoves(s)
		var toA []string
		for m := range legal {
			c, _ := mn.ParseCell(strings.TrimPrefix(m, "move "))
			if b[c] == "anthracite" {
				toA = append(toA, m)
			}
		}
		for _, m := range toA {
			s2 := s.Clone()
			if _, err := game.PlayNotation(s2, 0, m); err != nil {
				continue
			}
			if mnView(s2).Phase == "cut" {
				if _, err := game.PlayNotation(s2, 0, "cut"); err != nil {
					continue
				}
			}
			before, after := v.Players[0].Pool, mnView(s2).Players[0].Pool
			if after["wollastonite"]-before["wollastonite"] == 2 && after["tourmaline"]-before["tourmaline"] == 1 &&
				after["kyanite"] == before["kyanite"] && after["anthracite"] == before["anthracite"] && after["orpiment"] == before["orpiment"] &&
				len(v.Board)-len(mnView(s2).Board) >= 4 {
				t.Logf("%s cuts off David's two fragments; correct moves %v", m, legal)
				return true
			}
		}
		return false
	})
	if f == nil {
		t.Fatal("not found")
	}
	logFound(t, f)
}

// TestSearchKate: seat 0's pawn on an anthracite with no correct move but
// moves with the Map; the face-up card d01 (1 wollastonite, 2 kyanite, 2
// tourmaline, 1 anthracite: 21 points) lacks only the anthracite in her
// pool, which holds three tourmalines or more; a Map move ending on a
// wollastonite claims the anthracite and cuts off one fragment whose
// lowest mineral is a kyanite, after which d01 may be taken. The random
// games take a card when they can, and chance reveals d01 when it may.
func TestSearchKate(t *testing.T) {
	g := mn.New()
	for seed := uint64(1); seed <= 20000; seed++ {
		s, _, err := game.Start(g, 2, game.Options{"tools": "AAAAA"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 11))
		var prefix []Move
		for step := 0; step < 2000 && !s.Terminal(); step++ {
			v := mnView(s)
			if v.Phase == "move" && v.Current == 0 {
				if steps := kateAt(s, v); steps != nil {
					b, _ := json.Marshal(prefix)
					t.Logf("seed %d, %d prefix moves, steps %v, pool %v, face up %v:\n%s", seed, len(prefix), steps, v.Players[0].Pool, v.FaceUp, b)
					return
				}
			}
			p := s.Actors(nil)[0]
			var m string
			for _, a := range s.Legal(p, nil) {
				x := s.ActionString(p, a)
				if x == "reveal d01" || (strings.HasPrefix(x, "take ") && !strings.Contains(x, "without") && r.IntN(2) == 0) {
					m = x
				}
			}
			if m == "" {
				p, m = randomMove(s, r)
			}
			if _, err := game.PlayNotation(s, p, m); err != nil {
				t.Fatalf("seed %d: %s of %d: %v", seed, m, p, err)
			}
			prefix = append(prefix, Move{Player: p, Move: m})
		}
	}
	t.Fatal("not found")
}

// kateAt returns Kate's steps from s, or nil.
func kateAt(s game.State, v mn.View) []string {
	pawn, err := mn.ParseCell(v.Players[0].Pawn)
	b := mnBoard(v)
	if err != nil || b[pawn] != "anthracite" {
		return nil
	}
	pool := v.Players[0].Pool
	if pool["wollastonite"] < 1 || pool["kyanite"] < 2 || pool["tourmaline"] < 3 || pool["anthracite"] != 0 {
		return nil
	}
	slot := -1
	for i, id := range v.FaceUp {
		if id == "d01" {
			slot = i
		}
	}
	if slot < 0 {
		return nil
	}
	var maps []string
	for _, a := range s.Legal(0, nil) {
		m := s.ActionString(0, a)
		if strings.HasPrefix(m, "move ") {
			return nil
		}
		if strings.HasPrefix(m, "map ") {
			maps = append(maps, m)
		}
	}
	for _, m := range maps {
		c, _ := mn.ParseCell(strings.TrimPrefix(m, "map "))
		if b[c] != "wollastonite" {
			continue
		}
		s2 := s.Clone()
		steps := []string{m}
		if _, err := game.PlayNotation(s2, 0, m); err != nil {
			continue
		}
		if mnView(s2).Phase == "cut" {
			game.PlayNotation(s2, 0, "cut")
			steps = append(steps, "cut")
		}
		after := mnView(s2).Players[0].Pool
		if after["anthracite"] != 1 || after["kyanite"] != pool["kyanite"]+1 || after["tourmaline"] != pool["tourmaline"]-1 ||
			after["wollastonite"] != pool["wollastonite"] || after["orpiment"] != pool["orpiment"] {
			continue
		}
		take := "take " + string(rune('1'+slot))
		if _, err := game.PlayNotation(s2, 0, take); err != nil {
			continue
		}
		return append(steps, take)
	}
	return nil
}
