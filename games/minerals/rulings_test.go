package minerals

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// cardIndex returns the pack index of the card with id.
func cardIndex(t *testing.T, s *State, id string) int {
	t.Helper()
	for k, c := range s.pack.Cards {
		if c.ID == id {
			return k
		}
	}
	t.Fatalf("no card %s in the pack", id)
	return -1
}

// faceUp lays card id face up in slot, taking it out of the deck.
func (p *position) faceUp(slot int, id string) {
	k := cardIndex(p.t, p.s, id)
	p.s.faceUp[slot] = int8(k)
	p.s.deck &^= 1 << k
}

// A pawn may be crossed and counts toward the distance; a correct move is
// mandatory; the Map is offered only where a straight move does not go.
func TestMoveCrossesPawnsAndMustBeMade(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	e1, e2 := p.cell(o, East, 1), p.cell(o, East, 2)
	p.put(e1, Wollastonite)
	p.put(e2, Wollastonite)
	p.s.pawn[1] = int16(e1)
	turn := p.cell(e1, SouthEast, 1)
	p.put(turn, Wollastonite)
	p.give(0, Counts{0, 0, 1, 0, 0})
	if got, want := p.targets(), names(e2); !slices.Equal(got, want) {
		t.Errorf("moves %v; want %v (across seat 1's pawn)", got, want)
	}
	if got, want := p.toolTargets(actMap), names(turn); !slices.Equal(got, want) {
		t.Errorf("Map targets %v; want %v (turning on the pawn; not the straight move's hex)", got, want)
	}
	p.refuse("no move", game.CodeIllegal, "a correct move exists, so you must make it")
	p.refuse("move "+e1.String(), game.CodeIllegal, "must move exactly 2 hexes, not 1")
	p.refuse("map "+e2.String(), game.CodeIllegal, "reaches a hex a straight move does not")
	p.refuse("end", game.CodeIllegal, "you must move before your turn can end")
	p.play("move " + e2.String())
	p.wantPlayer(0, Counts{0, 1, 1, 0, 0}, Counts{}, 2+3)
}

// A piece of the board with a pawn on it stays; the last pawn to leave it
// cuts it off.
func TestLastPawnToLeaveCutsOff(t *testing.T) {
	p := newPosition(t, 2, "BAAAA")
	o := CellAt(7, 3)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	w1, w2 := p.cell(o, West, 1), p.cell(o, West, 2)
	p.put(w1, Tourmaline)
	p.put(w2, Wollastonite)
	e2, e3 := p.cell(o, East, 2), p.cell(o, East, 3)
	p.put(e2, Wollastonite)
	p.put(e3, Wollastonite)
	p.s.pawn[1] = int16(e3)
	if err := p.s.CheckInvariants(); err != nil {
		t.Fatalf("two pieces, each with a pawn: %v", err)
	}
	pouch := p.s.pouch
	p.play("move " + e2.String())
	p.wantPlayer(0, Counts{1, 1, 0, 0, 0}, Counts{}, 1+2)
	if want := pouchPlus(pouch, Counts{0, 0, 1, 0, 0}); p.s.pouch != want {
		t.Errorf("pouch %v; want %v (the tourmaline of the piece left behind)", p.s.pouch, want)
	}
	if p.s.board[w1] != 0 || p.s.board[w2] != 0 {
		t.Errorf("the piece seat 0 left is still on the board")
	}
}

// With no free wollastonite a pawn that cannot move leaves the board; the
// game ends when no pawn is left.
func TestNoFreeWollastoniteEndsTheGame(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	far := CellAt(2, 2)
	p.put(far, Wollastonite)
	p.s.pawn[1] = int16(far)
	p.play("no move")
	if p.s.pawn[0] != -1 || p.s.current != 1 || p.s.phase != phaseMove {
		t.Fatalf("pawn %d, seat %d, phase %s; want seat 0's pawn off the board and seat 1 to move", p.s.pawn[0], p.s.current, phaseNames[p.s.phase])
	}
	p.play("no move")
	if !p.s.Terminal() {
		t.Fatalf("phase %s; want the game over with no pawn on the board", phaseNames[p.s.phase])
	}
	if got := p.s.Actors(nil); len(got) != 0 {
		t.Errorf("actors %v at the end; want none", got)
	}
	if err := game.Play(p.s, 0, actEnd); game.ErrorCode(err) != game.CodeGameOver {
		t.Errorf("a move after the end: got %v; want a game-over error", err)
	}
	if p.s.pouch.Total() != TotalMinerals {
		t.Errorf("pouch holds %d minerals; want all %d (both failed moves)", p.s.pouch.Total(), TotalMinerals)
	}
}

func TestCollectionOncePerTurnAndRefill(t *testing.T) {
	build := func() *position {
		p := newPosition(t, 2, "AAAAA")
		o := CellAt(7, 7)
		p.put(o, Wollastonite)
		p.s.pawn[0] = int16(o)
		p.put(p.cell(o, East, 1), Kyanite)
		p.put(p.cell(o, East, 2), Wollastonite)
		p.s.pawn[1] = int16(p.cell(o, East, 2))
		p.give(0, Counts{7, 0, 0, 0, 0})
		p.faceUp(0, "s01") // 3 wollastonite, 5 points
		p.faceUp(1, "s11") // 4 wollastonite, 6 points
		return p
	}
	t.Run("OK", func(t *testing.T) {
		p := build()
		p.refuse("take 1", game.CodeIllegal, "collection cards are taken after your move")
		p.play("move " + p.cell(CellAt(7, 7), East, 1).String())
		pouch := p.s.pouch
		p.play("take 1")
		if want := pouchPlus(pouch, Counts{3, 0, 0, 0, 0}); p.s.pouch != want {
			t.Errorf("pouch %v; want %v", p.s.pouch, want)
		}
		deck := 0
		for k := range p.s.pack.Cards {
			if p.s.deck&(1<<k) != 0 {
				deck++
			}
		}
		outs := p.s.ChanceOutcomes(nil)
		if len(outs) != deck || outs[0].Probability != 1/float64(deck) {
			t.Fatalf("%d reveal outcomes of probability %v; want %d of 1/%d", len(outs), outs[0].Probability, deck, deck)
		}
		p.chance("reveal d05")
		if got := p.s.faceUp[0]; int(got) != cardIndex(t, p.s, "d05") {
			t.Errorf("slot 1 holds card %d; want d05 revealed into it", got)
		}
		p.refuse("take 2", game.CodeIllegal, "already taken a collection card this turn")
		p.wantPlayer(0, Counts{5, 0, 0, 0, 0}, Counts{}, 5+5)
	})
	t.Run("EmptyDeckLeavesTheSlotEmpty", func(t *testing.T) {
		p := build()
		p.s.deck = 0
		for k := range p.s.pack.Cards { // the rest of the cards go to seat 1
			if k != int(p.s.faceUp[0]) && k != int(p.s.faceUp[1]) {
				p.s.cards[1] |= 1 << k
			}
		}
		p.play("move " + p.cell(CellAt(7, 7), East, 1).String())
		p.play("take 2")
		if p.s.faceUp[1] != -1 || p.s.phase == phaseRevealCard {
			t.Errorf("slot 2 holds %d in phase %s; want it empty and no card revealed", p.s.faceUp[1], phaseNames[p.s.phase])
		}
	})
}

// A ♦♦ card with an orpiment may be taken without it for its lower value.
// Rulebook: "Collection cards featuring orpiment (golden Mineral) with the ♦♦
// symbol are unique because you can acquire them even if you do not have
// the orpiment. [...] If you do have the orpiment and discard all of the
// required Minerals, place the card as normal - it will score its full
// value." RULINGS.md: "a player who holds the orpiment chooses between the
// full exchange (card face up, full value) and the exchange without the
// orpiment (card upside down, lower value); the rulebook's 'even if you do
// not have the orpiment' does not require lacking it."
func TestOrpimentCardWithoutOrpiment(t *testing.T) {
	tests := []struct {
		name             string
		pool             Counts
		move             string
		takes            []string // the legal ways to take the card
		points, tieBreak int
		left             Counts
		reduced          bool
	}{
		{"WithOrpimentFull", Counts{2, 1, 0, 0, 1}, "take 1", []string{"take 1", "take 1 without orpiment"}, 14, 4, Counts{}, false},
		{"WithOrpimentChoosesWithout", Counts{2, 1, 0, 0, 1}, "take 1 without orpiment", []string{"take 1", "take 1 without orpiment"}, 6 + 5, 3, Counts{0, 0, 0, 0, 1}, true},
		{"WithoutOrpiment", Counts{2, 1, 0, 0, 0}, "take 1 without orpiment", []string{"take 1 without orpiment"}, 6, 3, Counts{}, true},
		{"KeepsNothingExtra", Counts{3, 1, 0, 0, 2}, "take 1", []string{"take 1", "take 1 without orpiment"}, 14 + 1 + 5, 4, Counts{1, 0, 0, 0, 1}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := newPosition(t, 2, "AAAAA")
			p.s.phase = phaseAfter
			p.faceUp(0, "d09") // 2 wollastonite, 1 kyanite, 1 orpiment: 14, or 6 without
			p.s.deck = 0
			for k := range p.s.pack.Cards {
				if k != int(p.s.faceUp[0]) {
					p.s.cards[1] |= 1 << k
				}
			}
			p.give(0, tc.pool)
			var takes []string
			for _, a := range p.s.Legal(0, nil) {
				if m := p.s.ActionString(0, a); strings.HasPrefix(m, "take ") {
					takes = append(takes, m)
				}
			}
			if !slices.Equal(takes, tc.takes) {
				t.Errorf("ways to take the card %v; want %v", takes, tc.takes)
			}
			p.explainAgrees()
			p.play(tc.move)
			if got := p.s.Score(0); got != tc.points {
				t.Errorf("score %d; want %d", got, tc.points)
			}
			if got := p.s.TieBreak(0); got != tc.tieBreak {
				t.Errorf("minerals on cards %d; want %d", got, tc.tieBreak)
			}
			if p.s.pool[0] != tc.left {
				t.Errorf("pool left %v; want %v", p.s.pool[0], tc.left)
			}
			k := cardIndex(t, p.s, "d09")
			if got := p.s.reduced[0]&(1<<k) != 0; got != tc.reduced {
				t.Errorf("card upside down (lower value): %v; want %v", got, tc.reduced)
			}
			v := p.s.View(0).(View)
			if got := len(v.Players[0].ReducedCards) == 1; got != tc.reduced {
				t.Errorf("view's reduced cards %v; want upside down %v", v.Players[0].ReducedCards, tc.reduced)
			}
		})
	}
	t.Run("Refusals", func(t *testing.T) {
		p := newPosition(t, 2, "AAAAA")
		p.s.phase = phaseAfter
		p.faceUp(0, "d09")
		p.faceUp(1, "s01") // 3 wollastonite, no orpiment
		p.give(0, Counts{2, 1, 0, 0, 0})
		p.refuse("take 1", game.CodeIllegal, "card d09 asks for an orpiment you do not have; take it without the orpiment (take 1 without orpiment) for 6 points")
		p.refuse("take 2 without orpiment", game.CodeIllegal, "card s01 cannot be taken without an orpiment")
		p.refuse("take 1 with orpiment", game.CodeInvalid, "write take SLOT, or take SLOT without orpiment")
		p.s.pool[0][Kyanite] = 0
		p.s.pouch[Kyanite]++
		p.give(0, Counts{0, 0, 0, 0, 1})
		p.refuse("take 1 without orpiment", game.CodeIllegal, "card d09 asks for minerals you do not have besides its orpiment")
		p.refuse("take 1", game.CodeIllegal, "card d09 asks for minerals you do not have")
	})
}

// Minerals paid for tools are no longer in the pool: they pay for neither
// cards nor tools.
func TestToolMineralsPayForNothing(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	p.s.phase = phaseAfter
	p.faceUp(0, "s01")
	p.give(0, Counts{2, 0, 0, 0, 0})
	p.s.stack[0] = Counts{1, 0, 0, 0, 0}
	p.s.pouch[Wollastonite]--
	p.refuse("take 1", game.CodeIllegal, "asks for minerals you do not have")
	p.s.pool[0][Wollastonite], p.s.stack[0][Wollastonite] = 0, 3
	p.refuse("hammer kyanite e5", game.CodeIllegal, "costs one wollastonite and you have none")
	if got := p.s.Score(0); got != 0 {
		t.Errorf("three wollastonite on the player board score %d; want 0 (1 - 1 each)", got)
	}
}

func TestHammerBeforeTheMove(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	e := func(k int) Cell { return p.cell(o, East, k) }
	for k := 1; k <= 3; k++ {
		p.put(e(k), Wollastonite)
	}
	p.s.pawn[1] = int16(e(3))
	p.give(0, Counts{1, 0, 0, 0, 0})
	p.give(1, Counts{0, 0, 0, 0, 5})
	x := p.cell(e(1), NorthEast, 1)
	p.refuse("hammer orpiment "+x.String(), game.CodeIllegal, "the pouch holds no orpiment")
	p.refuse("hammer kyanite "+e(1).String(), game.CodeIllegal, e(1).String()+" already holds a mineral")
	p.refuse("hammer kyanite "+p.cell(e(3), East, 1).String(), game.CodeIllegal, "only on an empty hex touching at least two minerals")
	p.refuse("shovel "+e(1).String(), game.CodeIllegal, "the Shovel is not in this game")
	pouch := p.s.pouch
	p.play("hammer kyanite " + x.String())
	if p.s.board[x] != uint8(Kyanite)+1 {
		t.Errorf("hex %s holds %d; want the kyanite", x, p.s.board[x])
	}
	if want := pouchPlus(pouch, Counts{}); p.s.pouch[Kyanite] != want[Kyanite]-1 {
		t.Errorf("pouch holds %d kyanite; want %d", p.s.pouch[Kyanite], want[Kyanite]-1)
	}
	p.wantPlayer(0, Counts{}, Counts{1, 0, 0, 0, 0}, 0)
	if p.s.phase != phaseMove {
		t.Errorf("phase %s; want the move still to come", phaseNames[p.s.phase])
	}
}

// The Shovel acts only when a move cuts off two or more fragments; one
// fragment gives its lowest mineral at once.
func TestShovelNeedsSeveralFragments(t *testing.T) {
	p := newPosition(t, 2, "BAAAA")
	o := CellAt(7, 7)
	p.put(o, Wollastonite)
	p.s.pawn[0] = int16(o)
	dest := p.cell(o, East, 1)
	p.put(dest, Kyanite)
	p.put(p.cell(dest, East, 1), Kyanite)
	p.s.pawn[1] = int16(p.cell(dest, East, 1))
	w1, w2 := p.cell(o, West, 1), p.cell(o, West, 2)
	p.put(w1, Anthracite)
	p.put(w2, Tourmaline)
	p.give(0, Counts{1, 0, 0, 0, 0})
	p.refuse("shovel "+w1.String(), game.CodeIllegal, "the Shovel is used when your move cuts off several fragments")
	p.play("move " + dest.String())
	p.wantPlayer(0, Counts{2, 0, 1, 0, 0}, Counts{}, 2+3)
}

// Set-up: five removals in turn, then each player places the pawn of the
// player on their right on a free wollastonite.
func TestSetupRemovalsAndPawns(t *testing.T) {
	s := newState(t, 3, nil, 5)
	for i := range removals {
		if s.phase != phaseRemove || int(s.current) != i%3 {
			t.Fatalf("removal %d: phase %s, seat %d; want seat %d to remove", i+1, phaseNames[s.phase], s.current, i%3)
		}
		if i == 0 {
			var empty Cell
			for i := range NumCells {
				if s.board[i] == 0 {
					empty = Cell(i)
					break
				}
			}
			p := &position{t: t, s: s}
			p.refuse("remove "+empty.String(), game.CodeIllegal, "there is no mineral on "+empty.String())
		}
		a := s.Legal(game.Player(s.current), nil)[0]
		if err := game.Play(s, game.Player(s.current), a); err != nil {
			t.Fatal(err)
		}
	}
	if s.pouch.Total() != removals || s.minerals.Len() != TotalMinerals-removals {
		t.Fatalf("pouch %d, board %d; want %d and %d", s.pouch.Total(), s.minerals.Len(), removals, TotalMinerals-removals)
	}
	p := &position{t: t, s: s}
	var kyanite Cell
	for i := range NumCells {
		if s.board[i] == uint8(Kyanite)+1 {
			kyanite = Cell(i)
			break
		}
	}
	p.refuse("place "+kyanite.String(), game.CodeIllegal, "pawns are placed on a wollastonite")
	owners := []int{2, 0, 1} // seat 0 places seat 2's pawn, and so on
	var first Cell
	for i, owner := range owners {
		if int(s.current) != i || s.phase != phasePlacePawn {
			t.Fatalf("placement %d: seat %d in phase %s; want seat %d", i+1, s.current, phaseNames[s.phase], i)
		}
		if i == 1 {
			p.refuse("place "+first.String(), game.CodeIllegal, "another pawn stands there")
		}
		a := s.Legal(game.Player(s.current), nil)[0]
		if i == 0 {
			first = Cell(a)
		}
		if err := game.Play(s, game.Player(s.current), a); err != nil {
			t.Fatal(err)
		}
		if s.pawn[owner] != int16(a) {
			t.Errorf("placement %d put seat %d's pawn on %d; want %s", i+1, owner, s.pawn[owner], Cell(a))
		}
	}
	if s.phase != phaseMove || s.current != 0 {
		t.Errorf("after set-up: phase %s, seat %d; want seat 0 to move", phaseNames[s.phase], s.current)
	}
}

func TestVersionSixHasNoCollections(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	p.s.version = Version6
	p.s.phase = phaseAfter
	p.refuse("take 1", game.CodeIllegal, "played without collection cards")
}

// After the move the turn waits while any tool can still act: here the
// Sack has no swap (seat 1 has nothing), but the Magnifying Glass has a
// target.
func TestTurnWaitsForAnyUsableTool(t *testing.T) {
	p := newPosition(t, 2, "BBAAA")
	o := CellAt(7, 7)
	p.put(o, Wollastonite)
	p.s.pawn[0] = int16(o)
	e1, e2 := p.cell(o, East, 1), p.cell(o, East, 2)
	p.put(e1, Kyanite)
	p.put(e2, Tourmaline)
	se := p.cell(e1, SouthEast, 1)
	p.put(se, Wollastonite)
	p.s.pawn[1] = int16(se)
	p.give(0, Counts{0, 1, 0, 1, 0})
	p.play("move " + e1.String())
	if p.s.phase != phaseAfter || p.s.current != 0 {
		t.Fatalf("phase %s, seat %d; want seat 0 after the move, the Magnifying Glass still usable", phaseNames[p.s.phase], p.s.current)
	}
	if got, want := p.toolTargets(actGlass), names(e2); !slices.Equal(got, want) {
		t.Errorf("Magnifying Glass targets %v; want %v", got, want)
	}
	p.play("end")
	if p.s.current != 1 {
		t.Errorf("seat %d to move after end; want 1", p.s.current)
	}
}

// The Map may turn back over a pawn: out one hex onto seat 1's pawn and
// back across the lifted hex.
func TestMapTurnsBack(t *testing.T) {
	p := newPosition(t, 2, "AAAAA")
	o := CellAt(7, 7)
	p.put(o, Tourmaline)
	p.s.pawn[0] = int16(o)
	e1 := p.cell(o, East, 1)
	p.put(e1, Wollastonite)
	p.s.pawn[1] = int16(e1)
	w1 := p.cell(o, West, 1)
	p.put(w1, Kyanite)
	p.give(0, Counts{0, 0, 1, 0, 0})
	if got := p.targets(); len(got) != 0 {
		t.Fatalf("plain moves %v; want none", got)
	}
	if got, want := p.toolTargets(actMap), names(w1); !slices.Equal(got, want) {
		t.Fatalf("Map targets %v; want %v (east onto the pawn, then back west)", got, want)
	}
	p.play("map " + w1.String())
	p.wantPlayer(0, Counts{0, 0, 1, 0, 0}, Counts{0, 0, 1, 0, 0}, 3+3-1)
}

// A tie on points and on minerals on collection cards is a shared victory.
func TestSharedVictory(t *testing.T) {
	p := newPosition(t, 3, "AAAAA")
	p.give(0, Counts{0, 1, 0, 0, 0})
	p.give(1, Counts{2, 0, 0, 0, 0})
	p.give(2, Counts{1, 0, 0, 0, 0})
	p.s.phase = phaseOver
	if got, want := p.s.Returns(nil), []float64{0.5, 0.5, 0}; !slices.Equal(got, want) {
		t.Errorf("returns %v; want %v", got, want)
	}
}

// Set-up lays four ♦ cards face up and leaves the other twenty cards in the
// deck; the tools option picks each tile's side.
func TestSetupCardsAndToolSides(t *testing.T) {
	for seed := range uint64(5) {
		s := newState(t, 2, game.Options{"tools": "ABABA"}, seed)
		for slot, k := range s.faceUp {
			if k < 0 || s.pack.Cards[k].Deck != DeckSingle {
				t.Errorf("seed %d: face-up slot %d holds card %d; want a ♦ card", seed, slot+1, k)
			}
		}
		deck := 0
		for k := range s.pack.Cards {
			if s.deck&(1<<k) != 0 {
				deck++
			}
		}
		if deck != len(s.pack.Cards)-faceUpSlots {
			t.Errorf("seed %d: %d cards in the deck; want %d", seed, deck, len(s.pack.Cards)-faceUpSlots)
		}
		if want := [NumMinerals]ToolID{Hammer, Sack, Map, Vortex, Rope}; s.tools != want {
			t.Errorf("seed %d: tools %v; want %v", seed, s.tools, want)
		}
	}
}
