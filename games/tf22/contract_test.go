package tf22

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// randomStates plays random games and calls f on every state reached.
func randomStates(t *testing.T, games int, f func(s *State)) {
	t.Helper()
	for i := range games {
		for _, v := range []string{"luck", "standard", "strategy"} {
			n := 2 + i%3
			gs, _, err := game.Start(New(), n, game.Options{OptionSymbolCards: v, OptionRoundLimit: "4"}, uint64(100+i))
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRand(uint64(i))
			var buf []game.Action
			for !gs.Terminal() {
				s := gs.(*State)
				f(s)
				p := gs.Actors(nil)[0]
				buf = gs.Legal(p, buf[:0])
				gs.Apply(p, buf[rng.IntN(len(buf))])
			}
		}
	}
}

func TestExplainAgreesWithLegal(t *testing.T) {
	step := 0
	randomStates(t, 3, func(s *State) {
		if step++; step%3 != 0 && s.phase == phaseTurn {
			return
		}
		p := game.Player(s.actor())
		legal := s.Legal(p, nil)
		for a := game.Action(0); a < numActions; a++ {
			_, isLegal := slices.BinarySearch(legal, a)
			err := s.Explain(p, a)
			if isLegal != (err == nil) {
				t.Fatalf("%s: legal %v but Explain says %v", s.ActionString(p, a), isLegal, err)
			}
			if err != nil && (err.Error() == "" || strings.Contains(err.Error(), "%!")) {
				t.Fatalf("%s: malformed reason %q", s.ActionString(p, a), err)
			}
		}
		other := game.Player((int(p) + 1) % int(s.n))
		if err := s.Explain(other, actTurn); game.ErrorCode(err) != game.CodeNotYourTurn {
			t.Fatalf("seat %d acting out of turn: %v; want not_your_turn", other, err)
		}
	})
}

func TestNotationRoundTrip(t *testing.T) {
	s := started(t, 4, "standard", "white", "red", "blue", "yellow")
	for a := game.Action(0); a < numActions; a++ {
		d := decode(int(a))
		if d.kind == kindSwap && d.crew >= d.arg {
			continue // a swap is written with its lower ring card first
		}
		text := s.ActionString(0, a)
		got, err := s.ParseAction(0, text)
		if err != nil || got != a {
			t.Fatalf("ParseAction(%q) = %d, %v; want %d", text, got, err, a)
		}
	}
}

func TestMalformedNotation(t *testing.T) {
	s := started(t, 4, "standard", "white", "red", "blue", "yellow")
	for _, c := range []struct{ move, want string }{
		{"", "empty move"},
		{"Z 1,1", "not a move"},
		{"A 7,1", "not a card position"},
		{"A 1", "not a card position"},
		{"D purple to 1,1", "not a color"},
		{"D red 1,1", "COLOR to ROW,COL"},
		{"H loader 4 forward", "not a loader"},
		{"H loader 1 sideways", "not a direction"},
		{"card 1", "not a symbol-card value"},
		{"G red hugs blue", "COLOR attacks COLOR"},
		{"choose", "choose COLOR"},
	} {
		before, _ := game.Hash(s)
		_, err := game.PlayNotation(s, 0, c.move)
		if game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v; want an invalid-notation error containing %q", c.move, err, c.want)
		}
		if after, _ := game.Hash(s); after != before {
			t.Errorf("%q changed the state", c.move)
		}
	}
}

func TestViewsHideSymbolCards(t *testing.T) {
	randomStates(t, 2, func(s *State) {
		if s.phase < phaseTurn {
			return
		}
		for seat := range s.n {
			b, err := json.Marshal(s.View(game.Player(seat)))
			if err != nil {
				t.Fatal(err)
			}
			var v View
			if err := json.Unmarshal(b, &v); err != nil {
				t.Fatal(err)
			}
			for _, sv := range v.Seats {
				if sv.Seat != int(seat) && sv.Hand != nil {
					t.Fatalf("seat %d sees seat %d's hand", seat, sv.Seat)
				}
			}
			if v.Combat != nil && v.Combat.AttackerCard != 0 && s.crewOwner[s.fight.Attacker] != seat {
				t.Fatalf("seat %d sees the attacker's face-down card", seat)
			}
			if bytes.Contains(b, []byte(`"order"`)) || bytes.Contains(b, []byte(`"rand"`)) {
				t.Fatalf("seat %d's view holds a pile order or the generator", seat)
			}
		}
	})
}

func TestDeterminizeIgnoresHiddenState(t *testing.T) {
	// In the luck and standard variants nothing is hidden: no pile has an
	// order and the state no generator, every draw being a chance action
	// still to come. A determinization is the state itself, for everyone.
	checked := 0
	randomStates(t, 2, func(s *State) {
		if s.variant == variantStrategy {
			return
		}
		want, _ := json.Marshal(s.Snapshot())
		for p := game.Spectator; int(p) < int(s.n); p++ {
			if p == game.Chance || p == game.System {
				continue
			}
			rng := game.NewRand(uint64(checked))
			if got, _ := json.Marshal(s.Determinize(p, &rng).Snapshot()); !bytes.Equal(got, want) {
				t.Fatalf("a determinization for %s changed a state with nothing hidden", p)
			}
		}
		checked++
	})
	if checked < 50 {
		t.Fatalf("checked %d states; want at least 50", checked)
	}

	// In the strategy variant the attacker's face-down card is hidden: two
	// states that differ only in it (and so in the attacker's hand)
	// determinize alike for the defender.
	s := twoPlayers(t, "strategy")
	s.crewPos[red] = s.crewPos[blue]
	s.crewRanium[red] = 1
	s.ranium &^= 1 << innerCorners[1]
	play(t, s, "G blue attacks red")
	play(t, s, "card 5")
	pool := s.deck[0].Avail | 1<<s.fight.Card
	for v := range int8(numValues) {
		if v == s.fight.Card {
			continue
		}
		other := *s
		other.fight.Card = v
		other.deck[0].Avail = pool &^ (1 << v)
		r1, r2 := game.NewRand(9), game.NewRand(9)
		a, _ := json.Marshal(s.Determinize(1, &r1).Snapshot())
		b, _ := json.Marshal(other.Determinize(1, &r2).Snapshot())
		if !bytes.Equal(a, b) {
			t.Fatalf("determinizations for the defender differ with the attacker's face-down %d and %d", s.fight.Card+minValue, v+minValue)
		}
	}
}

func TestApplyAndLegalDoNotAllocate(t *testing.T) {
	gs, _, _ := game.Start(New(), 4, nil, 3)
	buf := make([]game.Action, 0, 2048)
	rng := game.NewRand(1)
	var states []*State
	for !gs.Terminal() && len(states) < 300 {
		states = append(states, gs.Clone().(*State))
		p := gs.Actors(nil)[0]
		buf = gs.Legal(p, buf[:0])
		gs.Apply(p, buf[rng.IntN(len(buf))])
	}
	allocs := testing.AllocsPerRun(5, func() {
		for _, st := range states {
			s := *st
			p := game.Player(s.actor())
			buf = s.Legal(p, buf[:0])
			s.Apply(p, buf[len(buf)/2])
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per run of %d Legal and Apply calls; want 0", allocs, len(states))
	}
}

func TestRulesText(t *testing.T) {
	text, ok := New().(game.Rulebook).Rules("en")
	if !ok {
		t.Fatalf("no English rules")
	}
	for _, want := range []string{"Reconstructed", "ruling", "secret tunnel", "transporter trap", "luck", "standard", "strategy", "2 players", "3 players"} {
		if !strings.Contains(strings.ToLower(text), strings.ToLower(want)) {
			t.Errorf("the rules text does not mention %q", want)
		}
	}
	if _, ok := New().(game.Rulebook).Rules("it"); ok {
		t.Errorf("Rules(it) reports Italian; it is not written")
	}
}

func TestBots(t *testing.T) {
	g := New().(*Game)
	for _, name := range g.BotNames() {
		if _, err := g.NewBot(name, 1); err != nil {
			t.Errorf("NewBot(%q): %v", name, err)
		}
	}
	if _, err := g.NewBot("genius", 1); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("NewBot(genius): %v; want not_found", err)
	}
}

// TestBotsDoNotReadHiddenCards gives every bot two states that differ only
// in what its seat cannot see: the attacker's face-down card (with the
// attacker's hand) in a strategy combat waiting for the defender, the one
// secret of TF22 Mine now that every draw is a chance action. The same
// seeded bot must choose the same action in both.
func TestBotsDoNotReadHiddenCards(t *testing.T) {
	g := New().(*Game)
	c := twoPlayers(t, "strategy")
	c.crewPos[red] = c.crewPos[blue]
	c.crewRanium[red] = 1
	c.ranium &^= 1 << innerCorners[1]
	play(t, c, "G blue attacks red")
	play(t, c, "card 5")
	combat := *c
	combat.fight.Card = 2 - minValue
	combat.deck[0].Avail = (c.deck[0].Avail | 1<<c.fight.Card) &^ (1 << combat.fight.Card)
	if err := combat.CheckInvariants(); err != nil || combat.InfoKey(1) != c.InfoKey(1) {
		t.Fatalf("the combats differ for the defender (%v)", err)
	}
	if a, b := c.Snapshot(), combat.Snapshot(); a == b {
		t.Fatalf("the combats do not differ")
	}

	p := c.actor()
	for _, name := range g.BotNames() {
		b1, _ := g.NewBot(name, 5)
		b2, _ := g.NewBot(name, 5)
		d1, err1 := b1.Act(context.Background(), c, p)
		d2, err2 := b2.Act(context.Background(), &combat, p)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if d1.Action != d2.Action {
			t.Fatalf("%s chose %s and %s in states that differ only in the hidden card", name,
				c.ActionString(p, d1.Action), c.ActionString(p, d2.Action))
		}
	}
}
