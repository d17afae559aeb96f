package hammertime

import (
	"context"
	"math"
	"testing"

	"minehall/game"
	"minehall/internal/racedetector"
)

// "You hit again until at least one gem falls." A hit that drops nothing
// leaves the turn going on, so it is worth the rest of the turn, not a
// constant: turnValue solves v = max over hits of (gain + misses·d·v)/n. A
// hit that drops nothing half the time but 2 points' worth otherwise then
// beats a hit that always drops 1.5 points' worth, though a constant 0.3
// for the misses (how the medium bot once valued them) ranks it lower.
func TestTurnValueCountsTheRestOfTheTurn(t *testing.T) {
	patient := hitStats{a: 1, n: 4, misses: 2, gain: 4}
	steady := hitStats{a: 2, n: 4, misses: 0, gain: 6}
	hs := []hitStats{patient, steady}
	const disc = 0.9
	// v = (4 + 2·0.9·v)/4 = 1 + 0.45 v, so v = 1/0.55.
	v := turnValue(hs, disc)
	if want := 1 / 0.55; math.Abs(v-want) > 1e-6 {
		t.Fatalf("turn value %.6f; want %.6f", v, want)
	}
	if old := patient.value(0.3); old >= steady.value(0.3) {
		t.Fatalf("with a constant 0.3 the patient hit is worth %.3f, the steady one %.3f; the example wants it lower", old, steady.value(0.3))
	}
	if got := bestHit(hs, disc); got != patient.a {
		t.Errorf("best hit %d; want the patient hit %d, whose misses leave the turn going on", got, patient.a)
	}
	// A hit that never drops anything is worth the discounted rest of the
	// turn: less than the best hit, so it is never chosen over it.
	idle := hitStats{a: 3, n: 4, misses: 4}
	if got := bestHit([]hitStats{idle, steady}, disc); got != steady.a {
		t.Errorf("best hit %d; want the steady hit %d over one that never drops a gem", got, steady.a)
	}
	if v := turnValue([]hitStats{idle}, disc); v != 0 {
		t.Errorf("a turn of hits that drop nothing is worth %.3f; want 0", v)
	}
}

// dragonTray makes a 2-player game without missions in which seat 0's top
// wagon takes six red gems, fourteen black gems lie in a row along the
// south edge and three red gems near the north edge.
func dragonTray(t *testing.T) *State {
	t.Helper()
	s := newTestState(t, 2, game.Options{optMissions: "false"})
	topWagon(t, s, 0, "orange-4")
	hw, hd := s.pack.Tray.WidthCM/2, s.pack.Tray.DepthCM/2
	for i := 0; i < 14; i++ {
		g := &s.gems[gemBlack+i]
		g.X, g.Y, g.A = -hw+2.4+float64(i)*2.1, -hd+0.9, 0
	}
	for i := 0; i < 3; i++ {
		g := &s.gems[gemRed+i]
		g.X, g.Y, g.A = -3+float64(i)*2.6, hd-0.9, 0
	}
	mustInvariants(t, s)
	return s
}

// hitOutcomes simulates hit a by seat 0 in s n times on fresh
// determinizations and returns how often the dragon woke and the mean
// progress of the turn's first fall.
func hitOutcomes(s *State, a game.Action, n int) (dragons int, gain float64) {
	rng := game.NewRand(42)
	base := progress(s, 0)
	for k := 0; k < n; k++ {
		d := s.Determinize(0, &rng).(*State)
		for d.current == 0 && d.phase == PhaseHit {
			d.Apply(0, a)
		}
		if d.last.Dragon {
			dragons++
		}
		fillAsSuggested(d, 0)
		gain += progress(d, 0) - base
	}
	return dragons, gain / float64(n)
}

// "If 9 or more gems fell, the dragon wakes: they all go back and your turn
// ends." and "black gems fill none". With a row of fourteen black gems on
// the south edge, a blow there wakes the dragon more often than not. From
// the same seeds, each level's hits fill the wagon more than the level
// below's (easy only taps; medium judges one hit in three; hard judges
// every hit), hard's wake the dragon no more often than medium's, and hard
// never hits the south side. Under the race detector each level plays the
// first seed only and the levels are not compared (see racedetector).
func TestStrongerBotsAvoidTheDragon(t *testing.T) {
	s := dragonTray(t)
	const n = 24
	blow := HitAction(South, 5, HitStrengths)
	if dragons, _ := hitOutcomes(s, blow, n); dragons < n/2 {
		t.Fatalf("a blow on the black row woke the dragon %d times in %d; the position wants most", dragons, n)
	}
	g := New().(*Game)
	// play returns the dragons and the summed mean gain of the level's
	// hits from seeds 1 to 4.
	seeds := uint64(racedetector.Pick(4, 1))
	play := func(name string) (dragons, gain float64) {
		for seed := uint64(1); seed <= seeds; seed++ {
			bot, err := g.NewBot(name, seed)
			if err != nil {
				t.Fatal(err)
			}
			d, err := bot.Act(context.Background(), s, 0)
			if err != nil {
				t.Fatal(err)
			}
			side, pos, str := decodeHit(d.Action)
			dr, ga := hitOutcomes(s, d.Action, n)
			t.Logf("%s, seed %d: %s %d %d; dragon %d/%d, mean gain %.2f", name, seed, side, pos, str, dr, n, ga)
			dragons += float64(dr)
			gain += ga
			if name == "hard" && side == South {
				t.Errorf("hard bot, seed %d, hit the south side, at the black row", seed)
			}
		}
		return dragons, gain
	}
	levels := []string{"easy", "medium", "hard"}
	var dragons, gain [3]float64
	for i, name := range levels {
		dragons[i], gain[i] = play(name)
	}
	if seeds < 4 {
		return
	}
	for i := 1; i < len(levels); i++ {
		if gain[i] <= gain[i-1] {
			t.Errorf("over 4 seeds, %s's hits gain %.2f, %s's %.2f; want %s's to gain more",
				levels[i], gain[i]/4, levels[i-1], gain[i-1]/4, levels[i])
		}
	}
	if dragons[2] > dragons[1] {
		t.Errorf("over 4 seeds, hard's hits woke the dragon %.0f times, medium's %.0f; want hard's no more often", dragons[2], dragons[1])
	}
}

// "A gem goes into a slot of its color; white gems are jokers and fill any
// slot; black gems fill none." The threat a tray holds for the next player
// counts the gems near an edge that the player's top wagon could take: its
// colors up to its free slots, white ones, never black ones, and no more
// than the wagon has room for.
func TestThreatCountsUsefulEdgeGems(t *testing.T) {
	s := dragonTray(t)
	topWagon(t, s, 1, "purple-1") // blue, green, yellow, red: one each
	if got := threat(s, 1, 1.5); got != 1 {
		t.Errorf("three red and fourteen black gems at the edges: threat %.0f for a one-red-slot wagon; want 1", got)
	}
	hw := s.pack.Tray.WidthCM / 2
	s.gems[gemWhite].X, s.gems[gemWhite].Y = hw-0.8, 0
	s.gems[gemBlue].X, s.gems[gemBlue].Y = -hw+0.8, 0
	if got := threat(s, 1, 1.5); got != 3 {
		t.Errorf("with a white and a blue gem at the short edges: threat %.0f; want 3", got)
	}
	if got := threat(s, 0, 1.5); got != 4 {
		t.Errorf("seat 0's six-red wagon: threat %.0f; want 4 (three red, one white)", got)
	}
	s.gems[gemRed+10].Holder = 1
	s.gems[gemBlue+10].Holder = 1
	s.gems[gemGreen+10].Holder = 1
	if got := threat(s, 1, 1.5); got != 1 {
		t.Errorf("a wagon with one slot left: threat %.0f; want 1", got)
	}
}

// The judging search is reproducible: the same seed chooses the same hit,
// and the state shown is left alone.
func TestJudgedHitIsSeeded(t *testing.T) {
	s := newTestState(t, 2, nil)
	before, _ := game.Hash(s)
	var got [2]game.Action
	for i := range got {
		bot, _ := New().(*Game).NewBot("hard", 5)
		d, err := bot.Act(context.Background(), s, 0)
		if err != nil {
			t.Fatal(err)
		}
		got[i] = d.Action
	}
	if got[0] != got[1] {
		t.Errorf("seed 5 chose %d, then %d", got[0], got[1])
	}
	if after, _ := game.Hash(s); after != before {
		t.Errorf("the bot changed the state it was shown")
	}
}

// The last turn of a game is judged by the win: seat 0 has filled the one
// wagon of a short game, so seat 1's turn ends it. Seat 1's four-slot
// wagon lacks only its red gem. A red gem falling fills it: the game then
// ends with both wagons full, the win shared (or lost on mission cards
// when seat 0 holds one); a blue gem fills nothing and the game is lost.
// Expert values each outcome at its share of the win (Win 100), hard at
// the progress it brings.
func TestExpertJudgesTheLastTurnByTheWin(t *testing.T) {
	tests := []struct {
		name         string
		heldBySeat0  int8
		gem          int8
		expert, hard float64
	}{
		{"the red gem shares the win", 0, gemRed, 50, 7},
		{"the red gem, but seat 0 holds a mission card", 1, gemRed, 0, 7},
		{"a blue gem loses", 0, gemBlue + 1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t, 2, game.Options{optMissions: "false", optWagons: "1"})
			st := &s.seats[1]
			for _, w := range st.pile {
				if s.pack.Wagons[w].total == 4 {
					topWagon(t, s, 1, s.pack.Wagons[w].ID)
				}
			}
			s.gems[gemBlue].Holder, s.gems[gemGreen].Holder, s.gems[gemYellow].Holder = 1, 1, 1
			s.seats[0].top = 1
			for i := int8(0); i < tt.heldBySeat0; i++ {
				s.seats[0].held[i] = s.deck[s.deckLen-1]
				s.deckLen--
				s.seats[0].numHeld++
			}
			s.final = true
			s.current = 1
			mustInvariants(t, s)
			base := progress(s, 1)
			for _, level := range []string{"expert", "hard"} {
				d := s.Clone().(*State)
				d.settle(fall(d, tt.gem), true)
				bot := &HitBot{Level: botLevels[level]}
				v, fell := bot.judgeOutcome(d, 1, base)
				want := map[string]float64{"expert": tt.expert, "hard": tt.hard}[level]
				if !fell || math.Abs(v-want) > 1e-9 {
					t.Errorf("%s values the outcome %.3f (fell %v); want %.3f", level, v, fell, want)
				}
				if !d.Terminal() {
					t.Errorf("%s: the game goes on after seat 1's last turn", level)
				}
			}
		})
	}
}
