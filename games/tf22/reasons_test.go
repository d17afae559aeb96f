package tf22

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestReasonsInEveryLanguage asks Explain about every action of every
// seat and of chance along random games of each symbol-card variant and
// checks that each reason has words in German, French and Dutch: the
// explain frame says the engine's reason in the reader's language. Under
// the race detector it asks at every twelfth step (see racedetector).
func TestReasonsInEveryLanguage(t *testing.T) {
	seen := map[string]bool{}
	g := New().(*Game)
	for i, variant := range []string{"luck", "standard", "strategy"} {
		for _, players := range []int{2, 3, 4} {
			st, _, err := game.Start(g, players, game.Options{OptionSymbolCards: variant}, uint64(10*i+players))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			actors := []game.Player{game.Chance}
			for p := range game.Player(players) {
				actors = append(actors, p)
			}
			rng := game.NewRand(uint64(i + players))
			for step := 0; !s.Terminal() && step < 400; step++ {
				if step%racedetector.Pick(1, 12) == 0 {
					gametest.CheckReasonsLocalized(t, s, g, actors, numActions, seen)
				}
				p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
				s.Apply(p, a)
			}
		}
	}
	if len(seen) < 100 {
		t.Fatalf("only %d distinct reasons met; the test should meet many of them", len(seen))
	}
}

// TestReasonInGerman checks one reason word for word: "Jedem Spieler
// stehen pro Zug vier Erze für Aktionen zur Verfügung … solange er
// ausreichend Erz" hat (rulebook, Spielablauf 7): an action beyond the
// ore left.
func TestReasonInGerman(t *testing.T) {
	err := game.Errorf(game.CodeIllegal, "action D costs 2 ore and you have 1 left")
	got, ok := (&Game{}).LocalizeError(err, "de")
	if want := "Aktion D kostet 2 Erz, und du hast noch 1."; !ok || got != want {
		t.Fatalf("got %q, %v; want %q", got, ok, want)
	}
}
