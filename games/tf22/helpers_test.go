package tf22

import (
	"context"
	"testing"

	"minehall/ai"
	"minehall/game"
)

// started returns a game after the set-up: the planet kept, crews chosen in
// the order of choices (colors by name, in the order the seats choose).
func started(t *testing.T, players int, variant string, choices ...string) *State {
	t.Helper()
	s, _, err := game.Start(New(), players, game.Options{OptionSymbolCards: variant}, 7)
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "keep planet")
	for _, c := range choices {
		play(t, s, "choose "+c)
	}
	return s.(*State)
}

// play plays move for whoever acts now, failing the test if it is refused.
func play(t *testing.T, s game.State, move string) {
	t.Helper()
	p := s.Actors(nil)[0]
	if _, err := game.PlayNotation(s, p, move); err != nil {
		t.Fatalf("%s by seat %d: %v", move, p, err)
	}
}

// refuse checks that move is refused for whoever acts now with a message
// containing want, and that the state is unchanged.
func refuse(t *testing.T, s game.State, move, want string) {
	t.Helper()
	p := game.Player(0)
	if a := s.Actors(nil); len(a) > 0 {
		p = a[0]
	}
	before, _ := game.Hash(s)
	_, err := game.PlayNotation(s, p, move)
	if err == nil {
		t.Fatalf("%s was accepted; want refused (%s)", move, want)
	}
	if !contains(err.Error(), want) {
		t.Fatalf("%s refused with %q; want a message containing %q", move, err, want)
	}
	if after, _ := game.Hash(s); after != before {
		t.Fatalf("%s was refused but changed the state", move)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// setTunnels gives the card at pos the exits in m (color name to "NESW"
// letters) on both sides, in a private copy of the pack.
func setTunnels(t *testing.T, s *State, pos int, m map[string]string) {
	t.Helper()
	pk := *s.pack
	s.pack = &pk
	side, err := compileSide(CardSide{Tunnels: m})
	if err != nil {
		t.Fatal(err)
	}
	pk.exits[s.card[pos]] = [2]uint16{side, side}
	s.orient[pos] = 0
	pk.orient()
	s.refresh()
}

// clearPlanet removes every tunnel of the ring cards and every tunnel but
// the crossing of the start cards, so that a test builds exactly the tunnels
// it needs.
func clearPlanet(t *testing.T, s *State) {
	t.Helper()
	pk := *s.pack
	s.pack = &pk
	for _, p := range ringPositions {
		pk.exits[s.card[p]] = [2]uint16{}
	}
	for col, p := range centerPos {
		pk.exits[s.card[p]] = [2]uint16{15 << (4 * col), 15 << (4 * col)}
	}
	pk.orient()
	s.refresh()
}

// drawByChance draws chance's outcome at s by its probabilities, as the
// table and sim do.
func drawByChance(s game.State, rng *game.Rand) game.Action {
	return game.PickOutcome(s.(game.ChanceState).ChanceOutcomes(nil), rng.Float64())
}

// nextMove returns who acts at s and what: chance's draw by its
// probabilities, or the acting seat's bot's decision.
func nextMove(t *testing.T, s game.State, bots []ai.Bot, chance *game.Rand) (game.Player, game.Action) {
	t.Helper()
	p := s.Actors(nil)[0]
	if p == game.Chance {
		return p, drawByChance(s, chance)
	}
	d, err := bots[p].Act(context.Background(), s, p)
	if err != nil {
		t.Fatal(err)
	}
	return p, d.Action
}

// drawFor returns the seat whose symbol card chance draws now, or -1.
func drawFor(s *State) int8 {
	if !s.drawing() {
		return -1
	}
	return s.drawSeat()
}

func at(r, c int) int { return (r-1)*gridSize + c - 1 }

func gameConfig(players int, seed uint64) game.Config {
	return game.Config{Players: players, Options: game.Options{}, Seed: seed}
}
