package minerals

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"encoding/json"
	"io"

	"minehall/game"
	"minehall/game/gametest"
)

func TestEmbeddedPackLoads(t *testing.T) {
	p := DefaultPack()
	if len(p.Cards) != 24 {
		t.Errorf("got %d cards; want 24", len(p.Cards))
	}
	for _, c := range p.Cards {
		if !c.Reconstructed {
			t.Errorf("card %s is not marked reconstructed", c.ID)
		}
		if c.ID == "d01" && (c.Points != 21 || c.Minerals != (Counts{1, 2, 2, 1, 0})) {
			t.Errorf("card d01 is %v for %d points; want the rulebook's 1, 2, 2, 1 for 21", c.Minerals, c.Points)
		}
	}
}

func TestLoadPackReportsEveryProblem(t *testing.T) {
	bad := strings.Replace(string(embeddedPack), `"points": 21`, `"points": 2`, 1)
	bad = strings.Replace(bad, `"deck": "♦♦"`, `"deck": "spade"`, 1)
	bad = strings.Replace(bad, `"id": "chest"`, `"id": "crowbar"`, 1)
	_, err := LoadPack(strings.NewReader(bad))
	if err == nil {
		t.Fatal("a broken pack loaded")
	}
	for _, want := range []string{"card 13 (d01): field points is 2", "card 13 (d01): field deck", "tool tile 2 (blue) side A (crowbar): field id"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, err := LoadPack(strings.NewReader("{")); err == nil || game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("truncated JSON: got %v; want an invalid error", err)
	}
}

func TestParseLayoutNamesTheHex(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"letter", "wwq\n", `hex c1 holds 'q'`},
		{"count", "www\n", "has 3 minerals; the game has 118"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLayout("mine", strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v; want an error saying %q", err, tc.want)
			}
		})
	}
	// A preset written out and read back, then with a lone mineral.
	l, _ := DefaultPack().Board("hexagon")
	back, err := ParseLayout("copy", strings.NewReader(l.String()))
	if err != nil || back.Cells != l.Cells {
		t.Fatalf("the hexagon does not read back: %v", err)
	}
	moved := l
	first := CellAt(1, 4)
	moved.Cells[first] = 0
	moved.Cells[CellAt(15, 15)] = randomMineral
	err = moved.Validate()
	if err == nil || !strings.Contains(err.Error(), "p16 touches 0 other minerals") || !strings.Contains(err.Error(), "is divided: hex p16") {
		t.Errorf("got %v; want errors naming hex p16", err)
	}
}

func TestRandomBoardsKeepTheRules(t *testing.T) {
	rng := game.NewRand(9)
	for i := 0; i < 20; i++ {
		l := GenerateLayout(&rng)
		if err := l.Validate(); err != nil {
			t.Fatalf("random board %d: %v", i, err)
		}
	}
}

// Set-up removals may not divide the board. RULINGS.md: "Set-up removals
// may not divide the board: the cut-off rules speak of moves and tools, and
// at set-up no pawn stands anywhere to decide who cuts a fragment off."
func TestSetupRemovalMayNotDivide(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	p.s.phase = phaseRemove
	a, b, c := CellAt(5, 5), CellAt(5, 6), CellAt(5, 7)
	p.put(a, Wollastonite)
	p.put(b, Wollastonite)
	p.put(c, Wollastonite)
	p.refuse("remove "+b.String(), game.CodeIllegal, "removing it would divide the board; the board must stay one piece")
	p.play("remove " + a.String())

	// Along whole set-ups on every preset and a random board, a removal is
	// legal exactly when the rest of the board stays one piece.
	for _, board := range []string{"hexagon", "rectangle", "triangle", "random"} {
		s := newState(t, 3, game.Options{"board": board}, 7)
		rng := game.NewRand(11)
		for s.phase == phaseRemove {
			legal := s.Legal(game.Player(s.current), nil)
			for _, x := range s.minerals.AppendCells(nil) {
				rest := s.minerals
				rest.Remove(x)
				whole := countGroups(&rest) == 1
				if got := slices.Contains(legal, game.Action(x)); got != whole {
					t.Fatalf("%s board: removing %s legal %v; want %v (the rest in one piece: %v)", board, x, got, whole, whole)
				}
			}
			if err := game.Play(s, game.Player(s.current), legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			if n := countGroups(&s.minerals); n != 1 {
				t.Fatalf("%s board: %d pieces after a removal; want one", board, n)
			}
		}
	}
}

func TestFailedMoveSendsPawnToWollastonite(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	frag := p.cell(o, East, 1)
	p.put(frag, Anthracite) // cut off by the failed move: all to the pouch
	home := CellAt(2, 2)
	p.put(home, Wollastonite)
	p.put(p.cell(home, East, 1), Wollastonite)
	p.put(p.cell(home, SouthEast, 1), Wollastonite)
	p.s.pawn[1] = int16(p.cell(home, East, 1))
	if err := game.Play(p.s, 0, actEnd); err == nil {
		t.Errorf("ending the turn before moving was accepted")
	}
	p.play("no move")
	if p.s.pool[0].Total() != 0 || p.s.board[frag] != 0 {
		t.Errorf("pool %v, fragment %d; want nothing taken and the fragment gone", p.s.pool[0], p.s.board[frag])
	}
	if got := p.targets(); len(got) != 2 {
		t.Errorf("placements %v; want the two free wollastonites", got)
	}
	p.play("place " + home.String())
	if p.s.current != 1 {
		t.Errorf("current player %d; want 1", p.s.current)
	}
}

func TestScoringVersionsAndTieBreak(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	p.give(0, Counts{2, 0, 0, 0, 1}) // 7 points, 3 minerals
	p.give(1, Counts{0, 0, 0, 0, 0})
	p.s.stack[1] = Counts{0, 0, 2, 0, 0}
	p.s.pouch[Tourmaline] -= 2
	p.s.cards[1] = 1 << 0 // s01: 5 points, 3 minerals on it
	p.s.deck &^= 1 << 0
	tests := []struct {
		version Version
		want    [2]int
	}{
		{VersionFull, [2]int{7, 5 + 6 - 2}},
		{Version7, [2]int{7, 5 + 6 - 2}},
		{Version6, [2]int{3, 2}},
	}
	for _, tc := range tests {
		p.s.version = tc.version
		got := [2]int{p.s.Score(0), p.s.Score(1)}
		if got != tc.want {
			t.Errorf("version %s: scores %v; want %v", tc.version, got, tc.want)
		}
	}
	p.s.version = VersionFull
	p.s.phase = phaseOver
	p.s.stack[1] = Counts{0, 0, 0, 0, 0}
	p.s.pouch[Tourmaline] += 2
	p.give(1, Counts{0, 1, 0, 0, 0}) // 7 points each; seat 1 has 3 minerals on cards
	if got := p.s.Returns(nil); got[0] != 0 || got[1] != 1 {
		t.Errorf("tie on points: returns %v; want [0 1] (more minerals on collection cards)", got)
	}
}

func TestGolden(t *testing.T) {
	gametest.Golden(t, New(), 3, nil, 42, "testdata/golden/three-players.json")
}

func FuzzMinerals(f *testing.F) { gametest.FuzzActions(f, New(), nil) }

func TestSpecAndRules(t *testing.T) {
	g := NewWithPack(DefaultPack())
	if _, err := g.Spec().ResolveOptions(game.Options{"tools": "ABC"}); err == nil {
		t.Errorf("tools=ABC accepted")
	}
	text, ok := g.Rules("en")
	if !ok || !strings.Contains(text, "reconstructed") {
		t.Errorf("rules text missing or not marking reconstructed components")
	}
	if _, ok := g.Rules("xx"); ok {
		t.Errorf("rules in unknown language xx reported as available")
	}
	s := newState(t, 2, game.Options{"version": "6+"}, 1)
	if b, _ := jsonOf(s.View(game.Spectator)); bytes.Contains(b, []byte("face_up\":[\"")) {
		t.Errorf("the 6+ version shows collection cards")
	}
}

func jsonOf(v any) ([]byte, error) {
	var b bytes.Buffer
	err := encodeJSON(&b, v)
	return b.Bytes(), err
}

func encodeJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
