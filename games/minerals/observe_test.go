package minerals

import (
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// The conformance kit checks the observation at every state of its random
// games (TestConformance): a fixed shape, finite values, a pure read,
// every value written. These tests check the encoding itself.

func startObserved(t testing.TB, players int, opts game.Options, seed uint64) *State {
	t.Helper()
	s, _, err := game.Start(New(), players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func TestObservationShape(t *testing.T) {
	// 11 planes of 16 × 16 hexes = 2816; per seat 5 + 5 + 24 + 24 + 2 = 60
	// and 1 current-seat flag and 1 Sack opponent flag; 51 more for the
	// pouch (5), deck (1), tools (10), flags (2), phase (10), turns (1),
	// Sack (13), version (3) and observer (6); 4 × (24 + 8) for the
	// face-up slots.
	for n := 2; n <= MaxPlayers; n++ {
		want := 2816 + n*(60+2) + 51 + 4*(24+8)
		for _, opts := range []game.Options{nil, {"version": "6+"}, {"version": "7+", "board": "random"}} {
			s := startObserved(t, n, opts, 5)
			if got := s.ObservationShape(); !slices.Equal(got, []int{want}) {
				t.Errorf("%d players, options %v: shape %v; want [%d]", n, opts, got, want)
			}
			if got := len(s.Observe(0, nil)); got != want {
				t.Errorf("%d players, options %v: %d values; want %d", n, opts, got, want)
			}
		}
	}
}

// obs2 are the offsets of the 2-player observation with the embedded
// pack (k = 24), counted by hand from Observe's doc comment.
const (
	obs2Seat0     = 2816      // seat blocks of 60
	obs2Seat1     = 2816 + 60 //
	obs2Pouch     = 2936
	obs2FaceUp    = 2941 // 4 slots of 32
	obs2Deck      = 3069
	obs2Tools     = 3070
	obs2ToolUsed  = 3080
	obs2Exchanged = 3081
	obs2Phase     = 3082
	obs2Current   = 3092
	obs2Turns     = 3094
	obs2Sack      = 3095
	obs2Version   = 3110
	obs2You       = 3113
	obs2Spectator = 3118
)

func TestObserveFirstState(t *testing.T) {
	// The first state of a seeded 2-player game: all 118 minerals on the
	// board ("a hex board of 118 mineral tiles": 53, 30, 20, 10 and 5),
	// empty pools and pouch, four ♦ cards face up, the rest in the deck,
	// the first player to remove a mineral.
	s := startObserved(t, 2, nil, 42)
	o := s.Observe(0, nil)
	for m, want := range MineralCounts {
		got := 0
		for c := range NumCells {
			got += int(o[m*NumCells+c])
		}
		if got != want {
			t.Errorf("plane of %s holds %d hexes; want %d", Mineral(m), got, want)
		}
	}
	// Every hex of the view lies on its mineral's plane at row*16+col.
	v := s.View(0).(View)
	if len(v.Board) != TotalMinerals {
		t.Fatalf("the view shows %d minerals; want %d", len(v.Board), TotalMinerals)
	}
	for _, h := range v.Board {
		m, err := ParseMineral(h.Mineral)
		if err != nil {
			t.Fatal(err)
		}
		if o[int(m)*NumCells+h.Row*GridCols+h.Col] != 1 {
			t.Errorf("hex %s (%s) is not on plane %d", h.Hex, h.Mineral, m)
		}
	}
	for i := 5 * NumCells; i < obs2Seat0; i++ {
		if o[i] != 0 {
			t.Fatalf("value %d (pawn or cut-off plane) is %v before any pawn is placed; want 0", i, o[i])
		}
	}
	for i := obs2Seat0; i < obs2FaceUp; i++ {
		if o[i] != 0 {
			t.Errorf("value %d (pools, tools paid, cards, score, pouch) is %v at the start; want 0", i, o[i])
		}
	}
	for slot, id := range v.FaceUp {
		k := slices.IndexFunc(s.pack.Cards, func(c Card) bool { return c.ID == id })
		at := obs2FaceUp + slot*32
		c := s.pack.Cards[k]
		if o[at+k] != 1 || c.Deck != DeckSingle {
			t.Errorf("slot %d: card %s (index %d, deck %s) is not flagged; want a ♦ card flagged", slot, id, k, c.Deck)
		}
		if got, want := o[at+24+int(NumMinerals)], float32(c.Points)/25; got != want {
			t.Errorf("slot %d: points %v; want %v", slot, got, want)
		}
		for m := range NumMinerals {
			if got, want := o[at+24+int(m)], float32(c.Minerals[m])/5; got != want {
				t.Errorf("slot %d: %s asked %v; want %v", slot, m, got, want)
			}
		}
	}
	if got, want := o[obs2Deck], float32(24-4)/24; got != want {
		t.Errorf("deck %v; want %v", got, want)
	}
	tools := 0
	for _, x := range o[obs2Tools:obs2ToolUsed] {
		tools += int(x)
	}
	if tools != int(NumMinerals) {
		t.Errorf("%d tools flagged; want one side of each of the 5 tiles", tools)
	}
	obsCheckOneHot(t, "phase", o[obs2Phase:obs2Current], int(phaseRemove))
	obsCheckOneHot(t, "current seat", o[obs2Current:obs2Turns], 0)
	obsCheckOneHot(t, "version", o[obs2Version:obs2You], int(VersionFull))
	obsCheckOneHot(t, "observer", o[obs2You:obs2Spectator+1], 0)
	if o[obs2Sack] != 0 || o[obs2Turns] != 0 || o[obs2ToolUsed] != 0 || o[obs2Exchanged] != 0 {
		t.Errorf("Sack %v, turns %v, tool used %v, exchanged %v at the start; want 0", o[obs2Sack], o[obs2Turns], o[obs2ToolUsed], o[obs2Exchanged])
	}
	// Seat 1 sees the same table with itself first: the current seat (0)
	// is its relative seat 1. The spectator sees seat 0 first.
	o1 := s.Observe(1, nil)
	obsCheckOneHot(t, "current seat seen by seat 1", o1[obs2Current:obs2Turns], 1)
	obsCheckOneHot(t, "observer seen by seat 1", o1[obs2You:obs2Spectator+1], 1)
	os := s.Observe(game.Spectator, nil)
	obsCheckOneHot(t, "observer seen by the spectator", os[obs2You:obs2Spectator+1], 5)
	if !slices.Equal(os[:obs2You], o[:obs2You]) {
		t.Errorf("the spectator's tensor differs from seat 0's before the observer flags")
	}
}

func obsCheckOneHot(t *testing.T, what string, got []float32, want int) {
	t.Helper()
	for i, v := range got {
		if (i == want) != (v == 1) || (v != 0 && v != 1) {
			t.Errorf("%s: %v; want one-hot at %d", what, got, want)
			return
		}
	}
}

func TestObservePawnsAndPoolsRelative(t *testing.T) {
	// Play a 3-player game past the set-up and a few turns; each seat's
	// tensor shows its own pawn on plane 5 and its own pool first, the
	// next seat's on plane 6, and so on.
	s := startObserved(t, 3, nil, 9)
	rng := game.NewRand(3)
	for s.phase != phaseOver && s.turns < 12 {
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
	}
	const seat = 60
	for p := range 3 {
		o := s.Observe(game.Player(p), nil)
		for i := range 3 {
			q := (p + i) % 3
			plane := o[(5+i)*NumCells : (6+i)*NumCells]
			if s.pawn[q] >= 0 && plane[s.pawn[q]] != 1 {
				t.Errorf("seat %d's tensor: plane %d has no pawn on seat %d's hex %s", p, 5+i, q, Cell(s.pawn[q]))
			}
			for m := range NumMinerals {
				got := o[2816+i*seat+int(m)]
				if want := float32(s.pool[q][m]) / float32(MineralCounts[m]); got != want {
					t.Errorf("seat %d's tensor: relative seat %d's %s %v; want %v", p, i, m, got, want)
				}
			}
			if got, want := o[2816+i*seat+58], float32(s.Score(q))/100; got != want {
				t.Errorf("seat %d's tensor: relative seat %d's score %v; want %v", p, i, got, want)
			}
		}
	}
}

func TestObserveSack(t *testing.T) {
	// A Sack swap being built by seat 1 with seat 0 (2 players), giving a
	// kyanite and taking two wollastonites: seat 1 sees the opponent as
	// relative seat 1, the counts scaled by the minerals' counts and the
	// values / 25.
	s := startObserved(t, 2, game.Options{"tools": "BBBBB"}, 1)
	s.phase, s.current, s.sackWith = phaseSack, 1, 0
	s.sackGive[Kyanite] = 1
	s.sackTake[Wollastonite] = 2
	o := s.Observe(1, nil)
	want := make([]float32, 15)
	want[0] = 1
	want[1+1] = 1
	want[3+int(Kyanite)] = 1.0 / 30
	want[3+5+int(Wollastonite)] = 2.0 / 53
	want[13] = 2.0 / 25
	want[14] = 2.0 / 25
	if got := o[obs2Sack:obs2Version]; !slices.Equal(got, want) {
		t.Errorf("Sack slice %v; want %v", got, want)
	}
	if o[obs2Tools+int(Sack)] != 1 || o[obs2Tools+int(Hammer)] != 0 {
		t.Errorf("tools %v; want the Sack in play and not the Hammer (sides BBBBB)", o[obs2Tools:obs2ToolUsed])
	}
}

func TestObserveNoAllocation(t *testing.T) {
	s := startObserved(t, 4, nil, 2)
	buf := make([]float32, 0, s.ObservationShape()[0])
	if n := testing.AllocsPerRun(20, func() { buf = s.Observe(2, buf) }); n != 0 {
		t.Errorf("Observe into a large enough buffer allocates %v times; want 0", n)
	}
}

func BenchmarkObserve(b *testing.B) {
	s := startObserved(b, 4, nil, 2)
	rng := game.NewRand(3)
	for s.turns < 20 {
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
	}
	buf := make([]float32, 0, s.ObservationShape()[0])
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Observe(1, buf)
	}
}
