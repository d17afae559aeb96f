package tf22

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestEmbeddedPackIsValidAndBalanced(t *testing.T) {
	p := DefaultPack()
	var sides [numColors]int
	for _, c := range p.Cards {
		if !c.Reconstructed {
			t.Errorf("card %s is not marked reconstructed", c.ID)
		}
		if c.Start != "" {
			continue
		}
		for _, side := range []CardSide{c.Front, c.Back} {
			for col := range side.Tunnels {
				sides[colorIndex(col)]++
			}
		}
	}
	for col, n := range sides {
		if n != sides[0] {
			t.Errorf("%s tunnels on %d ring-card sides; white on %d; want all colors equal", colorNames[col], n, sides[0])
		}
	}
	for i, sc := range p.SymbolCards {
		if !sc.Reconstructed {
			t.Errorf("symbol_cards[%d] is not marked reconstructed", i)
		}
	}
}

func TestLoadPackReportsEveryProblem(t *testing.T) {
	var p map[string]any
	if err := json.Unmarshal(embeddedPack, &p); err != nil {
		t.Fatal(err)
	}
	cards := p["cards"].([]any)
	cards[0].(map[string]any)["start"] = "green"
	cards[5].(map[string]any)["back"].(map[string]any)["tunnels"] = map[string]any{"red": "NX"}
	cards[6].(map[string]any)["id"] = cards[7].(map[string]any)["id"]
	cards[8].(map[string]any)["symbol"] = "ghost"
	p["symbol_cards"].([]any)[3].(map[string]any)["value"] = 9
	p["docks"].([]any)[2].(map[string]any)["edge"] = "E"
	p["loaders"].(map[string]any)["start_docks"] = []any{0, 0, 30}
	b, _ := json.Marshal(p)
	_, err := LoadPack(bytes.NewReader(b))
	if err == nil {
		t.Fatal("a broken pack loaded")
	}
	for _, want := range []string{
		`cards[0] (start-white): start: "green" is not a player color`,
		`cards: no start card for white`,
		`back: tunnels.red: "NX" has X, which is not an edge`,
		`cards[7] (M04): id is also used by cards[6]`,
		`cards[8] (M05): symbol: "ghost" is not one of the pack's symbols`,
		`symbol_cards[3]: value: 9 is outside 2 to 6`,
		`docks[2]: row 0 col 2 edge E; clockwise order needs row 0 col 2 edge N`,
		`loaders.start_docks[1]: dock 0 already holds a loader`,
		`loaders.start_docks[2]: dock 30 is outside 0 to 23`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not report %q; got:\n%v", want, err)
		}
	}
}

func TestLoadPackRefusesMalformedJSON(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"name": "x", "cards": 3}`, "not valid JSON"},
		{`{"name": "x", "colour": 1}`, `unknown field "colour"`},
		{`{} {}`, "data after its closing brace"},
	} {
		if _, err := LoadPack(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadPack(%s) = %v; want an error containing %q", c.in, err, c.want)
		}
	}
}

func TestStartCardsNeedTheirCrossing(t *testing.T) {
	var p map[string]any
	json.Unmarshal(embeddedPack, &p)
	p["cards"].([]any)[1].(map[string]any)["front"] = map[string]any{"tunnels": map[string]any{"red": "NS"}}
	b, _ := json.Marshal(p)
	_, err := LoadPack(bytes.NewReader(b))
	if err == nil || !strings.Contains(err.Error(), "cards[1] (start-red): front: a start card needs a four-way red crossing") {
		t.Fatalf("got %v; want the missing crossing reported", err)
	}
}

// TestDocksReachableFromBases checks the reconstruction's promise: from
// every base, each dock is within a few actions on the dealt planet. A crew
// moves along a tunnel color (one D for any run of cards as they lie),
// changes color (E), and turns a card before entering it or while standing
// on it (A, B or C: every orientation is one action away); the estimate
// lets each card be turned once per route. Over
// 100 deals, every base must reach at least 90% of the open docks within 8
// actions, and on average within 5.
func TestDocksReachableFromBases(t *testing.T) {
	const deals = 100
	reached, total, sum := 0, 0, 0
	for seed := range uint64(deals) {
		gs, _ := New().New(gameConfig(4, seed))
		s := gs.(*State)
		for col := range numColors {
			dist := turningDistances(s, centerPos[col], col)
			for _, dk := range s.pack.docks {
				best := 99
				for o := range 4 {
					for c := range numColors {
						if exitsIn(s, int(dk.pos), o, c)&dk.edge != 0 && dist[dk.pos][o][c] < best {
							best = dist[dk.pos][o][c]
						}
					}
				}
				if best == 99 {
					continue // no tunnel of any color opens onto this dock in any orientation
				}
				best++ // the last D move (I moves within the tunnel itself, but D counts here)
				total++
				sum += best
				if best <= 8 {
					reached++
				}
			}
		}
	}
	share, mean := float64(reached)/float64(total), float64(sum)/float64(total)
	t.Logf("open docks within 8 actions of a base: %.0f%%, mean %.1f actions", 100*share, mean)
	if share < 0.9 || mean > 5 {
		t.Fatalf("open docks within 8 actions of a base: %.0f%%, mean %.1f actions; want at least 90%% and at most 5", 100*share, mean)
	}
}

// exitsIn returns the exits of color c on the card at pos if it lay in
// orientation o.
func exitsIn(s *State, pos, o, c int) uint8 {
	m := uint8(s.pack.exits[s.card[pos]][o>>1]>>(4*c)) & 15
	if o&orientTurned != 0 {
		m = rot180(m)
	}
	return m
}

// turningDistances returns the fewest actions from the crossing at start in
// color col to every (card, orientation, color).
func turningDistances(s *State, start, col int) *[numPos][4][numColors]int {
	var dist [numPos][4][numColors]int
	for p := range dist {
		for o := range dist[p] {
			for c := range dist[p][o] {
				dist[p][o][c] = 99
			}
		}
	}
	dist[start][s.orient[start]][col] = 0
	for changed := true; changed; {
		changed = false
		relax := func(p, o, c, d int) {
			if d < dist[p][o][c] {
				dist[p][o][c] = d
				changed = true
			}
		}
		for p := range numPos {
			for o := range 4 {
				for c := range numColors {
					d := dist[p][o][c]
					if d == 99 || exitsIn(s, p, o, c) == 0 {
						continue
					}
					for c2 := range numColors {
						if exitsIn(s, p, o, c2) != 0 {
							relax(p, o, c2, d+1)
						}
					}
					for o2 := range 4 {
						if exitsIn(s, p, o2, c) != 0 {
							relax(p, o2, c, d+1)
						}
					}
					for e := uint8(1); e < 16; e <<= 1 {
						q := neighbor(p, e)
						if q < 0 || exitsIn(s, p, o, c)&e == 0 {
							continue
						}
						for o2 := range 4 {
							if exitsIn(s, q, o2, c)&rot180(e) == 0 {
								continue
							}
							// Entering a card as it lies continues the same D
							// move; a card that must turn first costs the D
							// up to it and the turn.
							cost := 0
							if o2 != int(s.orient[q]) {
								cost = 2
							}
							relax(q, o2, c, d+cost)
						}
					}
				}
			}
		}
	}
	return &dist
}
