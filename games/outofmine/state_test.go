package outofmine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/game"
)

// newRound starts a game, lets chance deal the boards, lets every player
// choose side A (or the only side allowed) and chance deal the cards, so
// that a round is running. seed seeds chance's draws.
func newRound(t testing.TB, players int, opts game.Options, seed uint64) *State {
	t.Helper()
	s0, _, err := game.Start(New(), players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.(*State)
	chooseSides(t, s, seed)
	return s
}

// chooseSides lets chance deal the boards (after a lot and a board from the
// pile, between rounds), every player choose the first side allowed, and
// chance deal the cards; seed seeds chance's draws.
func chooseSides(t testing.TB, s *State, seed uint64) {
	t.Helper()
	settle(t, s, seed)
	if s.phase != PhaseChoose {
		t.Fatalf("got phase %s after the deal; want choose", s.phase)
	}
	for p := range s.n {
		legal := s.Legal(game.Player(p), nil)
		if err := game.Play(s, game.Player(p), legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	if s.phase != PhaseCards {
		t.Fatalf("got phase %s after every side was chosen; want cards", s.phase)
	}
	settle(t, s, seed)
	if s.phase != PhaseRound {
		t.Fatalf("got phase %s after the cards were dealt; want round", s.phase)
	}
}

// settle plays chance's outcomes, drawn by their probabilities with a
// generator seeded from seed and the phase's sequence number, for as long
// as chance is to act.
func settle(t testing.TB, s *State, seed uint64) {
	t.Helper()
	rng := game.NewRand(seed*1_000_003 + uint64(s.seq))
	for slices.Contains(s.Actors(nil), game.Chance) {
		a := game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64())
		if err := game.Play(s, game.Chance, a); err != nil {
			t.Fatalf("chance's %s: %v", s.ActionString(game.Chance, a), err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("after chance's %s: %v", s.ActionString(game.Chance, a), err)
		}
	}
}

func play(t testing.TB, s *State, p game.Player, move string) {
	t.Helper()
	if _, err := game.PlayNotation(s, p, move); err != nil {
		t.Fatalf("%s by %s: %v", move, p, err)
	}
}

func refused(t *testing.T, s *State, p game.Player, move, wantMsg string) {
	t.Helper()
	before, _ := json.Marshal(s.Snapshot())
	_, err := game.PlayNotation(s, p, move)
	if err == nil {
		t.Fatalf("%s by %s was accepted; want it refused", move, p)
	}
	if !strings.Contains(err.Error(), wantMsg) {
		t.Errorf("%s: got %q; want a message containing %q", move, err, wantMsg)
	}
	after, _ := json.Marshal(s.Snapshot())
	if !bytes.Equal(before, after) {
		t.Errorf("%s: refusing it changed the state", move)
	}
}

// cover lays p's card exactly on p's board with the solver's placement,
// one take and one place per tile; it returns false if the side has no
// exact tiling for the card.
func cover(t *testing.T, s *State, p int) bool {
	t.Helper()
	sup := s.available(p)
	sol := NewSideSolver(s.pack, s.sideOf(p)).Plan(s.cardOf(p), &sup, Objective{})
	if sol.Empty > 0 {
		return false
	}
	for i, pl := range sol.Placements {
		sh := &s.pack.Shapes[pl.Shape]
		play(t, s, game.Player(p), "take "+kindName(s.pack, pl.Shape*int(NumElements)+int(sol.Elements[i])))
		play(t, s, game.Player(p), "place "+placementName(sh.Orientations[pl.Orient].Symbol*64+pl.Row*GridStride+pl.Col))
	}
	return true
}

func TestOneHand(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	play(t, s, 0, "take Y1")
	refused(t, s, 0, "take B2", "one hand")
	play(t, s, 0, "return")
	play(t, s, 0, "take B2")
}

func TestSupplyIsSharedAndFinite(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	play(t, s, 0, "take I5") // the box has one
	refused(t, s, 1, "take I5", "no I5 left")
	play(t, s, 0, "return")
	play(t, s, 1, "take I5")
}

func TestTileOnlyOnTheRectangle(t *testing.T) {
	s := newRound(t, 2, nil, 3)
	side := s.sideOf(0)
	play(t, s, 0, "take I5")
	refused(t, s, 0, "place r0 "+cellName(side.Cols-2), "stick out")
}

func TestTabletopAllowsRockAssistRefuses(t *testing.T) {
	for _, assist := range []string{"false", "true"} {
		s := newRound(t, 2, game.Options{OptAssist: assist}, 3)
		side := s.sideOf(0)
		// The card's first shape, laid at the first rock cell where it fits
		// in the rectangle.
		card := s.cardOf(0)
		si := slices.IndexFunc(s.pack.Shapes, func(sh Shape) bool { return card.Count[sh.Color] > 0 })
		o := s.pack.Shapes[si].Orientations[0]
		move := ""
		for c := range 64 {
			r, col := c/GridStride, c%GridStride
			if side.Area&^side.Gallery&(1<<c) != 0 && r+o.Rows <= side.Rows && col+o.Cols <= side.Cols && (o.Cells<<c)&^side.Gallery != 0 {
				move = "place " + placementName(o.Symbol*64+c)
				break
			}
		}
		if move == "" {
			t.Fatalf("no rock cell takes a %s", s.pack.Shapes[si].ID)
		}
		play(t, s, 0, "take "+s.pack.Shapes[si].ID)
		if assist == "true" {
			refused(t, s, 0, move, "assist mode")
		} else {
			play(t, s, 0, move)
		}
	}
}

func TestAssistRefusesColorNotOnCard(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ {
		s := newRound(t, 2, game.Options{OptAssist: "true"}, seed)
		card, side := s.cardOf(0), s.sideOf(0)
		for _, sh := range s.pack.Shapes {
			if card.Count[sh.Color] != 0 {
				continue
			}
			// A spot of the gallery, so that only the color is wrong.
			o := sh.Orientations[0]
			for c := range 64 {
				r, col := c/GridStride, c%GridStride
				if r+o.Rows <= side.Rows && col+o.Cols <= side.Cols && (o.Cells<<c)&^side.Gallery == 0 {
					play(t, s, 0, "take "+sh.ID)
					refused(t, s, 0, "place "+placementName(o.Symbol*64+c), "your card has no")
					return
				}
			}
		}
	}
	t.Fatal("no seed gave player 0 a card without some color that fits the gallery")
}

func TestTilesNeverOverlap(t *testing.T) {
	s := newRound(t, 2, nil, 3)
	play(t, s, 0, "take Y1")
	play(t, s, 0, "place r0 a1")
	play(t, s, 0, "take Y1")
	refused(t, s, 0, "place r0 a1", "never overlap")
}

func TestCallOnlyWhenCovered(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	refused(t, s, 0, "call", "you may call OUT OF MINE! only when every gallery space is covered; 20 are still empty")
	// A covered gallery but for one space: its single yellow tile is left
	// out, and the refusal says the one space in the singular.
	for seed := uint64(1); seed < 40; seed++ {
		s := newRound(t, 2, nil, seed)
		sup := s.available(0)
		sol := NewSideSolver(s.pack, s.sideOf(0)).Plan(s.cardOf(0), &sup, Objective{})
		single := slices.IndexFunc(sol.Placements, func(pl Placement) bool { return s.pack.Shapes[pl.Shape].ID == "Y1" })
		if sol.Empty > 0 || single < 0 {
			continue
		}
		for i, pl := range sol.Placements {
			if i == single {
				continue
			}
			sh := &s.pack.Shapes[pl.Shape]
			play(t, s, 0, "take "+kindName(s.pack, pl.Shape*int(NumElements)+int(sol.Elements[i])))
			play(t, s, 0, "place "+placementName(sh.Orientations[pl.Orient].Symbol*64+pl.Row*GridStride+pl.Col))
		}
		refused(t, s, 0, "call", "you may call OUT OF MINE! only when every gallery space is covered; 1 is still empty")
		a, _ := s.ParseAction(0, "call")
		err := s.Explain(0, a)
		for lang, want := range map[string]string{
			"de": "OUT OF MINE! darfst du erst rufen, wenn jedes Stollenfeld bedeckt ist; 1 ist noch leer.",
			"fr": "Vous ne pouvez crier OUT OF MINE! que lorsque chaque case de galerie est couverte ; 1 est encore vide.",
			"nl": "Je mag pas OUT OF MINE! roepen als elk gangvak bedekt is; er is er nog 1 leeg.",
		} {
			if got, ok := New().(*Game).LocalizeError(err, lang); !ok || got != want {
				t.Errorf("%s: %q is said as %q (%v); want %q", lang, err, got, ok, want)
			}
		}
		return
	}
	t.Fatal("no seed gave player 0 a covering with a single yellow tile")
}

func TestCallEndsRoundForEveryone(t *testing.T) {
	for seed := uint64(1); seed < 20; seed++ {
		s := newRound(t, 3, nil, seed)
		if !cover(t, s, 0) {
			continue
		}
		play(t, s, 1, "take Y1")
		callerBoard := s.seats[0].Board
		play(t, s, 0, "call")
		if s.phase != PhaseDeal || s.round != 1 || !s.drawBoard {
			t.Fatalf("got phase %s round %d, board from the pile due %v; want deal, round 1, due", s.phase, s.round, s.drawBoard)
		}
		if s.seats[1].Hand != -1 {
			t.Errorf("player 1 still holds tile %d; want it back in the supply", s.seats[1].Hand)
		}
		if got := s.scores[0][0]; got != 12 {
			t.Errorf("caller with an exact board got %d; want 10 + 2 = 12", got)
		}
		if s.boards[callerBoard] != boardReturned {
			t.Errorf("the caller's board %d is not back in the box", callerBoard)
		}
		n := 0
		for _, k := range s.supply {
			n += int(k)
		}
		if n != NumTiles {
			t.Errorf("got %d tiles in the supply after the round; want all %d", n, NumTiles)
		}
		return
	}
	t.Fatal("no seed gave player 0 an exact tiling")
}

func TestSameBoardMeansOtherSide(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		s := newRound(t, 2, game.Options{OptClock: "60"}, seed)
		prev := [2]int8{s.seats[0].Board, s.seats[1].Board}
		sides := [2]int8{s.seats[0].Side, s.seats[1].Side}
		play(t, s, game.System, "time up")
		settle(t, s, seed)
		for p := range 2 {
			if s.seats[p].Board != prev[p] {
				continue
			}
			legal := s.Legal(game.Player(p), nil)
			if len(legal) != 1 || int(legal[0])-actSide == int(sides[p]) {
				t.Fatalf("seed %d: player %d dealt board again got sides %v; want only the other side", seed, p, legal)
			}
			refused(t, s, game.Player(p), "side "+sideName(int(sides[p])), "other side")
			return
		}
	}
	t.Fatal("no seed dealt a player the same board twice")
}

func TestTimeUpScoresWithoutCaller(t *testing.T) {
	s := newRound(t, 2, game.Options{OptClock: "60"}, 4)
	play(t, s, 1, "take Y1")
	play(t, s, 1, "place r0 "+cellName(lowCell(s.sideOf(1).Gallery)))
	b1 := s.seats[1].Board
	play(t, s, game.System, "time up")
	if got := s.results[0][1].Called; got {
		t.Errorf("got a caller after time up; want none")
	}
	// Player 1 covered more spaces, so their board returns to the box.
	if s.lot != 0 || s.boards[b1] != boardReturned {
		t.Errorf("board %d of the player with most covered spaces is not in the box", b1)
	}
	if s.results[0][0].Score.Score != 0 {
		t.Errorf("an empty board scored %d; want 0 (more than 10 empty)", s.results[0][0].Score.Score)
	}
}

func lowCell(c CellSet) int {
	for i := range 64 {
		if c&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

func TestSevenRounds(t *testing.T) {
	s := newRound(t, 4, game.Options{OptClock: "30"}, 9)
	for r := 0; r < Rounds; r++ {
		if s.Terminal() {
			t.Fatalf("over after %d rounds; want %d", r, Rounds)
		}
		if r > 0 {
			chooseSides(t, s, 9)
		}
		play(t, s, game.System, "time up")
	}
	if !s.Terminal() {
		t.Fatalf("not over after %d rounds", Rounds)
	}
	if s.pile != 0 {
		t.Errorf("got %d boards left in the pile; want 0", s.pile)
	}
}

func TestNotation(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	for _, m := range []string{"take B2", "take L3 silver", "return", "place r90 c2", "move 12 m0 a1", "remove 12", "swap 12 L3 silver", "call", "side A", "time up",
		"deal board 7 to seat 2", "draw card 12 for seat 4", "draw card 40 for seat 1", "lot seat 3", "draw board 10"} {
		a, err := s.ParseAction(0, m)
		if err != nil {
			t.Errorf("%q: %v", m, err)
			continue
		}
		if got := s.ActionString(0, a); got != m {
			t.Errorf("got %q; want %q", got, m)
		}
	}
	for _, bad := range []string{"", "dance", "take Q7", "take B2 diamond", "place r45 a1", "place r0 z9", "move 99 r0 a1", "remove x", "side C", "time",
		"deal board 7 to seat 0", "deal board 11 to seat 1", "deal board 7", "draw card 41 for seat 1", "draw card 3 for seat 5", "draw card 3", "lot seat 0", "lot 2", "draw board 0", "draw"} {
		if _, err := s.ParseAction(0, bad); err == nil || game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("%q: got %v; want an invalid-notation error", bad, err)
		}
	}
}

func TestNonCanonicalOrientationExplained(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	play(t, s, 0, "take O4")
	refused(t, s, 0, "place r90 a1", "looks the same")
}

func TestLegalAndApplyDoNotAllocate(t *testing.T) {
	s := newRound(t, 3, nil, 2)
	play(t, s, 0, "take T4")
	buf := make([]game.Action, 0, 100000)
	if n := testing.AllocsPerRun(20, func() { buf = s.Legal(0, buf[:0]) }); n != 0 {
		t.Errorf("Legal allocates %v times; want 0", n)
	}
	c := s.Clone().(*State)
	take, _ := c.ParseAction(1, "take Y1")
	ret, _ := c.ParseAction(1, "return")
	if n := testing.AllocsPerRun(20, func() { c.Apply(1, take); c.Apply(1, ret) }); n != 0 {
		t.Errorf("Apply allocates %v times; want 0", n)
	}
}

func TestRules(t *testing.T) {
	text, ok := New().(game.Rulebook).Rules("en")
	if !ok || !strings.Contains(text, "OUT OF MINE!") || !strings.Contains(text, "board 1") {
		t.Errorf("got rules of %d bytes (ok=%v); want the English rules listing reconstructed boards", len(text), ok)
	}
}

// TestExplainAgreesWithLegal plays random games and checks, for every
// player at every step, that Explain finds no reason exactly against the
// legal actions (all of them, and a sample of others), so that mayTake,
// which the bots use, agrees with game.Check.
func TestExplainAgreesWithLegal(t *testing.T) {
	for _, opts := range []game.Options{{OptClock: "60"}, {OptAssist: "true", OptClock: "60"}} {
		s0, _, _ := game.Start(New(), 3, opts, 77)
		s := s0.(*State)
		rng := game.NewRand(5)
		for step := 0; step < 300 && !s.Terminal(); step++ {
			for _, p := range []game.Player{game.Chance, game.System, 0, 1, 2} {
				legal := s.Legal(p, nil)
				for _, a := range legal {
					if !s.mayTake(p, a) {
						t.Fatalf("step %d: %s's legal %q is refused: %v", step, p, s.ActionString(p, a), s.Explain(p, a))
					}
				}
				for range 100 {
					a := game.Action(rng.IntN(numActions))
					if _, ok := slices.BinarySearch(legal, a); !ok && s.mayTake(p, a) {
						t.Fatalf("step %d: %s's illegal %q is accepted", step, p, s.ActionString(p, a))
					}
				}
			}
			actors := s.Actors(nil)
			p := actors[rng.IntN(len(actors))]
			if p == game.System && rng.IntN(20) != 0 {
				continue // let rounds run long enough to fill boards
			}
			legal := s.Legal(p, nil)
			s.Apply(p, legal[rng.IntN(len(legal))])
		}
	}
}

func TestMoveRemoveSwap(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	play(t, s, 0, "take I3")
	play(t, s, 0, "place r0 a1")
	tile := -1
	for tl, w := range s.where {
		if w == boardBase {
			tile = tl
		}
	}
	play(t, s, 0, fmt.Sprintf("move %d r90 a1", tile))
	if got := s.seats[0].Occupied; got != Cell(0, 0)|Cell(1, 0)|Cell(2, 0) {
		t.Errorf("after turning, got cells %b; want a1, a2, a3", got)
	}
	refused(t, s, 0, fmt.Sprintf("move %d r90 a1", tile), "already lies there")
	refused(t, s, 0, fmt.Sprintf("swap %d I3", tile), "already a I3")
	play(t, s, 0, fmt.Sprintf("swap %d B2", tile))
	if s.where[tile] != inSupply || s.seats[0].Hand < 0 || s.pack.Tiles[s.seats[0].Hand].Shape != 1 || s.seats[0].Occupied != 0 {
		t.Errorf("after the swap got tile %d at %d, hand %d; want it in the supply and a B2 in hand", tile, s.where[tile], s.seats[0].Hand)
	}
	play(t, s, 0, "place r0 a1")
	play(t, s, 0, fmt.Sprintf("remove %d", firstOnBoard(s, 0)))
	if s.seats[0].Occupied != 0 {
		t.Errorf("after removing, got cells %b; want none", s.seats[0].Occupied)
	}
}

func firstOnBoard(s *State, p int) int8 {
	for t, w := range s.where {
		if w == boardBase+int8(p) {
			return int8(t)
		}
	}
	return -1
}

// TestAssistRefusesBeyondCount: in assist mode a tile beyond the card's
// count of its color is refused, and the reason says the count in its
// number ("only 1 yellow tile and it is", "only 2 yellow tiles and they
// are") and in every language.
func TestAssistRefusesBeyondCount(t *testing.T) {
	want := map[int]string{
		1: "your card allows only 1 yellow tile and it is already on your board",
		2: "your card allows only 2 yellow tiles and they are already on your board",
	}
	for seed := uint64(1); seed < 200 && len(want) > 0; seed++ {
		s := newRound(t, 2, game.Options{OptAssist: "true"}, seed)
		card := s.cardOf(0)
		reason, ok := want[card.Count[Yellow]]
		if !ok {
			continue
		}
		delete(want, card.Count[Yellow])
		cells := s.sideOf(0).Gallery
		for range card.Count[Yellow] {
			c := lowCell(cells)
			cells &^= 1 << c
			play(t, s, 0, "take Y1")
			play(t, s, 0, "place r0 "+cellName(c))
		}
		play(t, s, 0, "take Y1")
		move := "place r0 " + cellName(lowCell(cells))
		refused(t, s, 0, move, reason)
		a, err := s.ParseAction(0, move)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Explain(0, a)
		for _, lang := range []string{"de", "fr", "nl"} {
			if said, ok := New().(*Game).LocalizeError(err, lang); !ok || strings.Contains(said, "(") {
				t.Errorf("%s: %q is said as %q (%v); want words of the language, in their number", lang, err, said, ok)
			}
		}
	}
	if len(want) > 0 {
		t.Fatalf("no seed gave player 0 a card with %v yellow tiles", want)
	}
}

// BenchmarkLegal lists the legal actions of a player holding a tile with
// several tiles on the board (thousands of placements and moves).
//
//	go test -run '^$' -bench 'Legal|Apply' -cpu 1 ./games/outofmine
func BenchmarkLegal(b *testing.B) {
	s := newRound(b, 4, nil, 2)
	for _, m := range []string{"take Y1", "place r0 a1", "take B2", "place r0 c3", "take I3"} {
		play(b, s, 0, m)
	}
	buf := make([]game.Action, 0, 1<<15)
	n := 0
	for b.Loop() {
		buf = s.Legal(0, buf[:0])
		n = len(buf)
	}
	b.ReportMetric(float64(n), "actions")
}

// BenchmarkApply takes a tile and puts it back.
func BenchmarkApply(b *testing.B) {
	s := newRound(b, 4, nil, 2)
	take, _ := s.ParseAction(0, "take Y1")
	ret, _ := s.ParseAction(0, "return")
	for b.Loop() {
		s.Apply(0, take)
		s.Apply(0, ret)
	}
}

func TestClockOff(t *testing.T) {
	s := newRound(t, 2, game.Options{OptClock: "0"}, 1)
	if slices.Contains(s.Actors(nil), game.System) {
		t.Errorf("got System among the actors with the clock off; want only seats")
	}
	if _, _, ok := s.Timer(); ok {
		t.Errorf("got a running timer with the clock off; want none")
	}
	refused(t, s, game.System, "time up", "")
	s2 := newRound(t, 2, nil, 1)
	if _, d, ok := s2.Timer(); !ok || d != 180*time.Second {
		t.Errorf("got timer %v, %v; want 3 minutes running by default", d, ok)
	}
}

func TestViewShowsTheTable(t *testing.T) {
	s := newRound(t, 2, game.Options{OptFinds: "true"}, 1)
	play(t, s, 0, "take I5")
	v := s.View(1).(View)
	if v.You != 1 || v.Phase != "round" || v.Round != 1 {
		t.Errorf("got you %d, phase %s, round %d; want 1, round, 1", v.You, v.Phase, v.Round)
	}
	p0 := v.Players[0]
	if p0.HandTile == nil || p0.CardFace == nil || p0.Layout == nil || len(p0.Layout.Rows) != s.sideOf(0).Rows {
		t.Fatalf("got player 0 %+v; want the hand, the card face and the board layout", p0)
	}
	if got := strings.Count(strings.Join(p0.Layout.Rows, ""), "#"); got != GalleryCells {
		t.Errorf("got %d gallery cells in the layout; want %d", got, GalleryCells)
	}
	if len(v.Shapes) != NumShapes || v.Shapes[0].ID != "Y1" {
		t.Errorf("got %d shapes starting %+v; want %d starting Y1", len(v.Shapes), v.Shapes[0], NumShapes)
	}
	b, _ := json.Marshal(v)
	if strings.Contains(string(b), `"rand"`) {
		t.Errorf("the view holds the generator")
	}
}

// TestTimeUpTieByLot: "the player with the most covered spaces (ties by
// lot) returns the board" (RULINGS.md). When the clock ends a round with
// equal coverage, the lot is a chance node among the tied seats, each as
// likely, and its outcome says whose board goes to the box.
func TestTimeUpTieByLot(t *testing.T) {
	for _, pick := range []int{0, 1} {
		s := newRound(t, 2, nil, 1)
		b := [2]int8{s.seats[0].Board, s.seats[1].Board}
		play(t, s, game.System, "time up") // two empty boards: a tie
		if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) || s.lot != 0b11 {
			t.Fatalf("after a tied time up: got actors %v and lot %b; want chance to draw the lot between seats 1 and 2", got, s.lot)
		}
		outs := s.ChanceOutcomes(nil)
		want := []game.ChanceOutcome{{Action: game.Action(actLot), Probability: 0.5}, {Action: game.Action(actLot + 1), Probability: 0.5}}
		if !slices.Equal(outs, want) {
			t.Fatalf("got lot outcomes %v; want %v", outs, want)
		}
		if v := viewOf(t, s, game.Spectator); !slices.Equal(v.Lot, []int{0, 1}) || v.Phase != "deal" {
			t.Errorf("got view lot %v in phase %s; want [0 1] in deal", v.Lot, v.Phase)
		}
		refused(t, s, 0, fmt.Sprintf("lot seat %d", pick+1), "only chance")
		play(t, s, game.Chance, fmt.Sprintf("lot seat %d", pick+1))
		if s.boards[b[pick]] != boardReturned || s.boards[b[1-pick]] != boardToDeal {
			t.Errorf("lot seat %d: got board places %d and %d; want seat %d's returned and the other's to deal", pick+1, s.boards[b[0]], s.boards[b[1]], pick+1)
		}
	}
	// A single player with the most covered spaces draws no lot.
	for seed := uint64(1); seed < 50; seed++ {
		s := newRound(t, 3, nil, seed)
		if s.cardOf(2).Count[Yellow] == 0 {
			continue
		}
		play(t, s, 2, "take Y1")
		play(t, s, 2, "place r0 "+cellName(lowCell(s.sideOf(2).Gallery)))
		b2 := s.seats[2].Board
		play(t, s, game.System, "time up")
		if s.lot != 0 || s.boards[b2] != boardReturned || !s.drawBoard {
			t.Errorf("got lot %b, board %d in place %d; want no lot and seat 3's board returned", s.lot, b2, s.boards[b2])
		}
		return
	}
	t.Fatal("no seed gave seat 3 a card with yellow")
}

func TestTakeNamesOtherElements(t *testing.T) {
	s := newRound(t, 2, nil, 1)
	play(t, s, 0, "take I5")
	refused(t, s, 1, "take I5", "no I5 left")
	// Drain the plain straight trominoes: the message names the others.
	for range 6 {
		play(t, s, 1, "take I3")
		play(t, s, 1, "place r90 "+cellName(lowFree(s, 1)))
	}
	refused(t, s, 1, "take I3", "(it has I3 gold, I3 rat)")
}

// lowFree returns the lowest cell of p's board rectangle where a vertical
// straight tromino fits.
func lowFree(s *State, p int) int {
	side := s.sideOf(p)
	for c := range 64 {
		m := Cell(0, 0) | Cell(1, 0) | Cell(2, 0)
		r, col := c/GridStride, c%GridStride
		if r+3 <= side.Rows && col < side.Cols && (m<<c)&s.seats[p].Occupied == 0 {
			return c
		}
	}
	return -1
}
