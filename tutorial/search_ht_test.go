//go:build tutorialsearch

// The searches that found the positions of the rulebooks' examples in the
// tutorial scripts. They are not part of the tests: run them with
//
//	go test -tags tutorialsearch -run Search -v ./tutorial/
//
// and copy what they print into data/*.json.

package tutorial

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	ht "minehall/games/hammertime"
)

// htView is seat 0's view.
func htView(s game.State) ht.View {
	v := s.View(0)
	if p, ok := v.(*ht.View); ok {
		return *p
	}
	return v.(ht.View)
}

// fallenColors lists the colours of the fallen gems, sorted.
func fallenColors(v ht.View) string {
	if v.Fill == nil {
		return ""
	}
	var cs []string
	for _, g := range v.Fill.Fallen {
		cs = append(cs, ht.GemColor(g).String())
	}
	slices.Sort(cs)
	return strings.Join(cs, ",")
}

// TestSearchClara: a seed and hits for Clara's example: a first turn that
// puts a yellow gem in her wagon and wins a mission card, Tom's turn, then a
// hit on a long side (north or south) at strength 4 or less that drops
// exactly blue, red, yellow, red and black and wins no mission, after
// which blue, red and the mission card fill the wagon. About ten minutes.
func TestSearchClara(t *testing.T) { searchClara(t, true) }

// searchClara searches; long asks for a hit on a long side.
func searchClara(t *testing.T, long bool) {
	g := ht.New()
	var hits []string
	for _, side := range []string{"south", "north", "east", "west"} {
		for pos := 1; pos <= 9; pos++ {
			for str := 1; str <= 6; str++ {
				hits = append(hits, fmt.Sprintf("hit %s %d strength %d", side, pos, str))
			}
		}
	}
	want := "black,blue,red,red,yellow"
	for seed := uint64(1); seed <= 40; seed++ {
		s0, _, err := game.Start(g, 2, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, h1 := range hits {
			s := s0.Clone()
			if _, err := game.PlayNotation(s, 0, h1); err != nil {
				continue
			}
			v := htView(s)
			if v.Phase != "fill" || len(v.Seats[0].Missions) != 1 || !strings.Contains(fallenColors(v), "yellow") {
				continue
			}
			if _, err := game.PlayNotation(s, 0, "fill yellow 1"); err != nil {
				continue
			}
			// Tom: hits until his turn ends.
			base := s
			for ti := 0; ti < 12; ti++ {
				s := base.Clone()
				var tom []string
				for k := 0; htView(s).Current == 1 && k < 10; k++ {
					m := fmt.Sprintf("hit south %d strength %d", 1+ti%9, 2+ti%4)
					if htView(s).Phase == "fill" {
						m = htView(s).Fill.Suggested
					}
					if _, err := game.PlayNotation(s, 1, m); err != nil {
						t.Fatalf("tom %s: %v", m, err)
					}
					tom = append(tom, m)
				}
				if htView(s).Current != 0 {
					continue
				}
				for _, h2 := range hits {
					if long && (strings.Contains(h2, "east") || strings.Contains(h2, "west") || strings.HasSuffix(h2, "5") || strings.HasSuffix(h2, "6")) {
						continue
					}
					s2 := s.Clone()
					if _, err := game.PlayNotation(s2, 0, h2); err != nil {
						continue
					}
					v2 := htView(s2)
					if fallenColors(v2) != want || len(v2.Seats[0].Missions) != 1 {
						continue
					}
					if _, err := game.PlayNotation(s2, 0, "fill blue 1 red 1 missions 1"); err != nil {
						t.Logf("fill refused: %v", err)
						continue
					}
					t.Logf("FOUND seed %d h1 %q (fell %s, mission %v) tom %q h2 %q", seed, h1, fallenColors(v), v.Seats[0].Missions, tom, h2)
					return
				}
				if !long {
					break
				}
			}
		}
	}
}
