package hammertime

import (
	"context"
	"testing"

	"minehall/game"
)

// The fill actions number every filling of at most 6 gems and cards, in
// lexicographic order of their counts, so that Legal lists them ascending.
func TestFillingNumbering(t *testing.T) {
	if numFillings != 924 || len(fillingTable) != numFillings {
		t.Fatalf("fillings: %d numbered, %d listed; want 924 (6-tuples summing to at most 6)", numFillings, len(fillingTable))
	}
	for i, c := range fillingTable {
		if r := fillRank(c); r != i {
			t.Errorf("filling %v: rank %d; want %d", c, r, i)
		}
		if i > 0 {
			prev := fillingTable[i-1]
			less := false
			for k := range c {
				if prev[k] != c[k] {
					less = prev[k] < c[k]
					break
				}
			}
			if !less {
				t.Errorf("filling %d %v does not follow %v", i, c, prev)
			}
		}
	}
	if _, ok := FillAction(Filling{Gems: [numColors]int8{Red: 4, White: 3}}); ok {
		t.Errorf("a filling of 7 gems got an action; want none")
	}
	if _, ok := FillAction(Filling{Gems: [numColors]int8{Black: 1}}); ok {
		t.Errorf("a filling with a black gem got an action; want none")
	}
	f := Filling{Gems: [numColors]int8{Blue: 1, Red: 2, White: 1}, Missions: 1}
	a, ok := FillAction(f)
	if !ok || decodeFill(a) != f {
		t.Errorf("FillAction(%v) = %d, %v, which decodes to %v", f, a, ok, decodeFill(a))
	}
	if got := f.String(); got != "fill blue 1 red 2 white 1 missions 1" {
		t.Errorf("got %q; want %q", got, "fill blue 1 red 2 white 1 missions 1")
	}
	if int(numActions) != numHits+6+924+6+16+9 {
		t.Errorf("numActions %d; want %d hits, 6 tray moves, 924 fillings, the die's 6 faces, 16 wagons and 9 mission cards to turn up", numActions, numHits)
	}
}

// The notation accepts a filling's parts in any order and "mission" for
// "missions"; it writes them in one order.
func TestFillingNotation(t *testing.T) {
	s := newTestState(t, 2, nil)
	for _, tt := range []struct{ in, want string }{
		{"fill missions 1 red 1", "fill red 1 missions 1"},
		{"fill white 2 blue 1", "fill blue 1 white 2"},
		{"FILL Mission 2", "fill missions 2"},
		{"fill red 0", "fill nothing"},
		{"fill nothing", "fill nothing"},
	} {
		a, err := s.ParseAction(0, tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if got := s.ActionString(0, a); got != tt.want {
			t.Errorf("%q reads as %q; want %q", tt.in, got, tt.want)
		}
	}
}

// Legal writes nothing beyond its buffer in the fill phase either.
func TestLegalFillAllocatesNothing(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1") // blue, green, yellow, red
	topMission(t, s, MissionMany)
	s.settle(fall(s, gemWhite, gemWhite+1, gemRed, gemRed+1, gemGreen, gemBlack), true)
	buf := make([]game.Action, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = s.Legal(0, buf[:0]) }); n != 0 {
		t.Errorf("Legal allocates %.0f times; want 0", n)
	}
	if len(buf) < 10 {
		t.Errorf("%d fillings of red, red, green, white, white in an empty four-color wagon; want at least 10", len(buf))
	}
}

// Every move of Hammer Time is made in front of everyone.
func TestMovesArePublic(t *testing.T) {
	var s game.State = newTestState(t, 2, game.Options{"expert": "true"})
	pm, ok := s.(game.PublicMover)
	if !ok {
		t.Fatalf("the state does not implement game.PublicMover")
	}
	for _, a := range []game.Action{0, HitAction(West, 9, 10), actTurnLeft, actPush + game.Action(East), actFill, numActions - 1} {
		for p := game.Player(0); p < 2; p++ {
			if !pm.MoveIsPublic(p, a) {
				t.Errorf("%s by seat %d is hidden; want public", s.ActionString(p, a), p)
			}
		}
	}
}

// Explain refuses exactly the actions Legal leaves out, in every phase met
// in a few random games (the fill phase included), with a reason.
func TestExplainMatchesLegal(t *testing.T) {
	g := New().(*Game)
	fills := 0
	for seed := uint64(1); seed <= 3; seed++ {
		st, _, err := game.Start(g, 2, game.Options{"wagons": "1"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		bot, _ := g.NewBot("random", seed)
		for step := 0; step < 60 && !s.Terminal(); step++ {
			p := s.Actors(nil)[0]
			if s.phase == PhaseFill {
				fills++
			}
			if s.phase == PhaseFill || step%10 == 0 {
				legal := map[game.Action]bool{}
				for _, a := range s.Legal(p, nil) {
					legal[a] = true
				}
				for a := game.Action(0); a < numActions; a++ {
					err := s.Explain(p, a)
					if (err == nil) != legal[a] {
						t.Fatalf("seed %d step %d (%s): %s is legal %v, yet Explain says %v", seed, step, phaseNames[s.phase], s.ActionString(p, a), legal[a], err)
					}
				}
			}
			d, err := bot.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Play(s, p, d.Action); err != nil {
				t.Fatal(err)
			}
		}
	}
	if fills == 0 {
		t.Errorf("no fill phase in 3 random games; the test checked only hits")
	}
}
