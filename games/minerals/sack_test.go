package minerals

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"minehall/game"
)

// legalStrings returns the notation of the current player's legal actions
// that start with prefix.
func (p *position) legalStrings(prefix string) []string {
	var out []string
	for _, a := range p.s.Legal(game.Player(p.s.current), nil) {
		if m := p.s.ActionString(game.Player(p.s.current), a); strings.HasPrefix(m, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// sackRow is a turn position for the Sack (blue tile side B): seat 0 on a
// kyanite with one correct move, east to a wollastonite beside seat 1's
// pawn.
func sackRow(t *testing.T, players int) *position {
	p := newPosition(t, players, "ABAAA")
	o := CellAt(7, 7)
	p.put(o, Kyanite)
	p.s.pawn[0] = int16(o)
	p.put(p.cell(o, East, 1), Wollastonite)
	p.put(p.cell(o, East, 2), Wollastonite)
	p.s.pawn[1] = int16(p.cell(o, East, 1))
	return p
}

// The Sack is built in steps: open it with an opponent, add minerals to
// either side, swap when both sides are worth the same. RULINGS.md: "Sack:
// any multiset of the player's pool minerals for any multiset of one
// opponent's, of equal total value, counts and kinds free on both sides
// (not one kind for one kind)."
func TestSackSwapsEqualValue(t *testing.T) {
	p := sackRow(t, 2)
	p.give(0, Counts{0, 1, 1, 1, 0}) // the kyanite pays for the Sack
	p.give(1, Counts{2, 2, 0, 0, 0})
	if got, want := p.legalStrings("sack"), []string{"sack with 2"}; !slices.Equal(got, want) {
		t.Errorf("Sack actions %v; want %v", got, want)
	}
	p.refuse("sack with 1", game.CodeIllegal, "not with yourself")
	p.refuse("sack with 3", game.CodeIllegal, "there is no seat 3")
	p.refuse("sack with 6", game.CodeInvalid, "a seat numbered 1 to 5")
	p.refuse("sack give tourmaline", game.CodeIllegal, "no Sack swap is being built")
	p.refuse("sack swap", game.CodeIllegal, "no Sack swap is being built")
	p.refuse("sack 1 give 1 anthracite take 2 kyanite", game.CodeInvalid, "write sack with SEAT, sack give MINERAL")
	before := p.s.pouch
	p.play("sack with 2")
	if p.s.phase != phaseSack {
		t.Fatalf("phase %s; want sack", phaseNames[p.s.phase])
	}
	if v := p.s.View(game.Spectator).(View); v.Sack == nil || v.Sack.With != 1 || v.Phase != "sack" {
		t.Errorf("view %+v in phase %s; want the swap with seat index 1 shown", v.Sack, v.Phase)
	}
	p.explainAgrees()
	p.refuse("move "+p.cell(CellAt(7, 7), East, 2).String(), game.CodeIllegal, "you are building a Sack swap with seat 2; make it (sack swap) or cancel it (sack cancel) first")
	p.refuse("sack with 2", game.CodeIllegal, "already building a Sack swap with seat 2")
	p.refuse("sack give kyanite", game.CodeIllegal, "you have no more kyanite to give (one kyanite pays for the Sack at the swap)")
	p.refuse("sack give orpiment", game.CodeIllegal, "you have no more orpiment to give")
	p.refuse("sack take orpiment", game.CodeIllegal, "seat 2 has no more orpiment to give up")
	p.refuse("sack swap", game.CodeIllegal, "choose the minerals to give and to take first")
	// Giving the tourmaline (3) and the anthracite (4) is worth 7; seat 2
	// has minerals worth 6.
	p.play("sack give tourmaline")
	p.refuse("sack give anthracite", game.CodeIllegal, "with one more anthracite given, no swap of equal value can be completed: seat 2 does not have the minerals")
	if got, want := p.legalStrings("sack"), []string{"sack take wollastonite", "sack take kyanite", "sack cancel"}; !slices.Equal(got, want) {
		t.Errorf("Sack steps %v; want %v", got, want)
	}
	p.play("sack take kyanite")
	p.refuse("sack swap", game.CodeIllegal, "the two sides are not worth the same: you give 3 points of minerals and take 2")
	p.refuse("sack take kyanite", game.CodeIllegal, "with one more kyanite taken, no swap of equal value can be completed: you do not have the minerals")
	p.refuse("sack give kyanite", game.CodeIllegal, "you take kyanite already: a kind on both sides would cancel out")
	p.refuse("sack take tourmaline", game.CodeIllegal, "you give tourmaline already")
	p.play("sack take wollastonite")
	if got, want := p.legalStrings("sack"), []string{"sack swap", "sack cancel"}; !slices.Equal(got, want) {
		t.Errorf("Sack steps %v; want %v", got, want)
	}
	p.explainAgrees()
	p.play("sack swap")
	// 1 tourmaline for 1 kyanite and 1 wollastonite; the kyanite paid for
	// the Sack is on the player board.
	p.wantPlayer(0, Counts{1, 1, 0, 1, 0}, Counts{0, 1, 0, 0, 0}, 1+2+4+2-1)
	p.wantPlayer(1, Counts{1, 1, 1, 0, 0}, Counts{}, 1+2+3)
	if p.s.pouch != before {
		t.Errorf("the pouch changed to %v; a swap leaves it %v", p.s.pouch, before)
	}
	if p.s.phase != phaseMove || p.s.current != 0 {
		t.Errorf("phase %s, seat %d; want seat 0 still to move (the Sack was used before the move)", phaseNames[p.s.phase], p.s.current)
	}
	p.refuse("sack with 2", game.CodeIllegal, "already used a tool this turn")
}

// The rulings' two examples of mixed swaps and a swap mixed on both sides
// with the second of two opponents, each built step by step after the
// move; the kyanite lifted by the move pays for the Sack.
func TestSackMixedSwaps(t *testing.T) {
	for _, tc := range []struct {
		name         string
		players      int
		mine, theirs Counts // seat 0's pool before the move, and the opponent's
		with         int    // the opponent, counted from 1
		steps        []string
		wantMine     Counts
		wantTheirs   Counts
	}{
		{
			// RULINGS.md: "e.g. 1 wollastonite + 1 tourmaline for 1
			// anthracite".
			name: "TwoKindsForOne", players: 2, mine: Counts{1, 0, 1, 0, 0}, theirs: Counts{0, 0, 0, 1, 0}, with: 2,
			steps:    []string{"sack give tourmaline", "sack give wollastonite", "sack take anthracite"},
			wantMine: Counts{0, 0, 0, 1, 0}, wantTheirs: Counts{1, 0, 1, 0, 0},
		},
		{
			// RULINGS.md: "or 6 wollastonite for 2 tourmaline", in any
			// order of the steps.
			name: "SixForTwo", players: 2, mine: Counts{6, 0, 0, 0, 0}, theirs: Counts{0, 0, 2, 0, 0}, with: 2,
			steps:    []string{"sack take tourmaline", "sack give wollastonite", "sack give wollastonite", "sack give wollastonite", "sack take tourmaline", "sack give wollastonite", "sack give wollastonite", "sack give wollastonite"},
			wantMine: Counts{0, 0, 2, 0, 0}, wantTheirs: Counts{6, 0, 0, 0, 0},
		},
		{
			// 1 anthracite and 1 kyanite (6) for 1 orpiment and 1
			// wollastonite (6), with the third seat.
			name: "MixedBothSides", players: 3, mine: Counts{0, 2, 0, 1, 0}, theirs: Counts{2, 0, 0, 0, 1}, with: 3,
			steps:    []string{"sack give anthracite", "sack take orpiment", "sack give kyanite", "sack take wollastonite"},
			wantMine: Counts{1, 1, 0, 0, 1}, wantTheirs: Counts{1, 1, 0, 1, 0},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := sackRow(t, tc.players)
			o := tc.with - 1
			p.give(0, tc.mine)
			p.give(o, tc.theirs)
			p.play("move " + p.cell(CellAt(7, 7), East, 2).String())
			if p.s.phase != phaseAfter {
				t.Fatalf("phase %s; want after the move, the Sack usable", phaseNames[p.s.phase])
			}
			pool, theirs, pouch := p.s.pool[0], p.s.pool[o], p.s.pouch
			p.play("sack with " + strconv.Itoa(tc.with))
			for _, st := range tc.steps {
				p.explainAgrees()
				p.play(st)
			}
			if p.s.pool[0] != pool || p.s.pool[o] != theirs {
				t.Errorf("the pools changed before the swap")
			}
			p.play("sack swap")
			p.wantPlayer(0, tc.wantMine, Counts{0, 1, 0, 0, 0}, tc.wantMine.Value()+2-1)
			p.wantPlayer(o, tc.wantTheirs, Counts{}, tc.wantTheirs.Value())
			if p.s.pouch != pouch {
				t.Errorf("pouch %v; want %v unchanged", p.s.pouch, pouch)
			}
			if p.s.current == 0 {
				t.Errorf("seat 0 still to act after the swap; want the turn over (nothing left to do)")
			}
		})
	}
}

// A swap is offered only with an opponent it can balance, and cancelling a
// swap being built changes nothing: the Sack stays unused.
func TestSackOnlyWhenBalancedAndCancel(t *testing.T) {
	p := sackRow(t, 3)
	p.give(0, Counts{1, 1, 0, 0, 0})
	p.give(1, Counts{0, 0, 0, 0, 1}) // one orpiment: one wollastonite cannot buy it
	p.give(2, Counts{1, 0, 0, 0, 0}) // a kind seat 0 also gives cannot be taken
	if got := p.legalStrings("sack"); len(got) != 0 {
		t.Errorf("Sack actions %v; want none", got)
	}
	p.refuse("sack with 2", game.CodeIllegal, "no swap of equal value is possible: you can give 1 wollastonite (the Sack's own kyanite aside), seat 2 has 1 orpiment")
	p.refuse("sack with 3", game.CodeIllegal, "no swap of equal value is possible")
	p.give(2, Counts{0, 0, 0, 0, 0})
	p.s.pool[2] = Counts{0, 0, 0, 0, 0}
	p.s.pouch[Wollastonite]++
	p.refuse("sack with 3", game.CodeIllegal, "seat 3 has no minerals to swap")

	q := sackRow(t, 2)
	q.give(0, Counts{2, 1, 0, 0, 0})
	q.give(1, Counts{0, 1, 0, 0, 0})
	before, _ := json.Marshal(q.s.Snapshot())
	q.play("sack with 2")
	q.play("sack give wollastonite")
	q.play("sack cancel")
	if after, _ := json.Marshal(q.s.Snapshot()); !bytes.Equal(before, after) {
		t.Errorf("cancelling the Sack left the state changed:\n%s\nwant\n%s", after, before)
	}
	q.refuse("sack cancel", game.CodeIllegal, "no Sack swap is being built")
	if got, want := q.legalStrings("sack"), []string{"sack with 2"}; !slices.Equal(got, want) {
		t.Errorf("after cancelling: Sack actions %v; want %v (the Sack still unused)", got, want)
	}
}

// The search view builds a swap in one order only (gives by value, then
// takes by value) and never cancels; the full rules allow any order.
func TestSearchViewBuildsTheSackInOneOrder(t *testing.T) {
	p := sackRow(t, 2)
	p.give(0, Counts{1, 1, 1, 0, 0})
	p.give(1, Counts{0, 0, 0, 1, 0})
	p.play("sack with 2")
	steps := func(st game.State) []string {
		var out []string
		for _, a := range st.Legal(0, nil) {
			out = append(out, p.s.ActionString(0, a))
		}
		return out
	}
	if got, want := steps(p.s), []string{"sack give wollastonite", "sack give tourmaline", "sack take anthracite", "sack cancel"}; !slices.Equal(got, want) {
		t.Errorf("legal steps %v; want %v", got, want)
	}
	if got, want := steps(searchState{p.s}), []string{"sack give wollastonite"}; !slices.Equal(got, want) {
		t.Errorf("search steps %v; want %v (the wollastonite first, no cancel)", got, want)
	}
	// Out of the search's order (a person's choice): the search view then
	// keeps every step but cancel.
	p.play("sack give tourmaline")
	if got, want := steps(searchState{p.s}), []string{"sack give wollastonite", "sack take anthracite"}; !slices.Equal(got, want) {
		t.Errorf("search steps after an out-of-order give %v; want %v", got, want)
	}
	p.play("sack give wollastonite")
	if got, want := steps(searchState{p.s}), []string{"sack take anthracite"}; !slices.Equal(got, want) {
		t.Errorf("search steps %v; want %v", got, want)
	}
}

// bruteReach is sackReach by enumeration: every nonempty choice of
// give[m] <= a[m] and take[m] <= b[m], no kind on both sides.
func bruteReach(a, b Counts) map[int]bool {
	out := map[int]bool{}
	var rec func(m int, diff, size int)
	rec = func(m int, diff, size int) {
		if m == int(NumMinerals) {
			if size > 0 {
				out[diff] = true
			}
			return
		}
		v := m + 1
		rec(m+1, diff, size)
		for k := 1; k <= int(a[m]); k++ {
			rec(m+1, diff+k*v, size+k)
		}
		for k := 1; k <= int(b[m]); k++ {
			rec(m+1, diff-k*v, size+k)
		}
	}
	rec(0, 0, 0)
	return out
}

// The Sack's search of reachable differences agrees with enumeration, on
// random pools and on pools as large as the game allows.
func TestSackReachMatchesEnumeration(t *testing.T) {
	rng := game.NewRand(3)
	check := func(a, b Counts) {
		t.Helper()
		want := bruteReach(a, b)
		got := sackReach(&a, &b)
		for d := -diffOffset; d < diffOffset; d++ {
			if got.has(d) != want[d] {
				t.Fatalf("pools %v and %v: difference %d reached %v; want %v", a, b, d, got.has(d), want[d])
			}
		}
	}
	for range 300 {
		var a, b Counts
		for m := range NumMinerals {
			a[m], b[m] = uint8(rng.IntN(4)), uint8(rng.IntN(4))
		}
		check(a, b)
	}
	check(Counts{53, 0, 0, 0, 0}, Counts{0, 30, 0, 0, 0})
	check(Counts{0, 0, 20, 10, 5}, Counts{12, 3, 0, 0, 0})
}

// sackOpenable agrees with enumeration: a nonempty swap of equal value
// exists, the Sack's own kyanite aside, kinds on one side each.
func TestSackOpenableMatchesEnumeration(t *testing.T) {
	rng := game.NewRand(4)
	p := sackRow(t, 2)
	for range 500 {
		var a, b Counts
		for m := range NumMinerals {
			a[m], b[m] = uint8(rng.IntN(3)), uint8(rng.IntN(3))
		}
		if rng.IntN(4) == 0 { // large counts past the search's cap
			a[Wollastonite] = uint8(10 + rng.IntN(20))
		}
		a[Kyanite]++ // the Sack's kyanite
		p.s.pool[0], p.s.pool[1] = a, b
		rest := a
		rest[Kyanite]--
		want := bruteReach(rest, b)[0]
		if got := p.s.sackOpenable(1); got != want {
			t.Fatalf("pools %v and %v: openable %v; want %v", a, b, got, want)
		}
	}
}
