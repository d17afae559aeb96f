package minerals

import (
	"encoding/json"
	"slices"
	"testing"

	"minehall/game"
)

// TestViewSeatColors checks that the view names each seat's pawn colour,
// one per seat, all different and none a mineral's colour: the rulebook
// gives "5 silicone pawns in different colors", and a pawn must stand out
// on the minerals it stands on.
func TestViewSeatColors(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		s, _, err := game.Start(New(), n, nil, 1)
		if err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		for _, p := range []game.Player{game.Spectator, 0} {
			v := s.View(p).(View)
			if !slices.Equal(v.SeatColors, PawnColors[:n]) {
				t.Errorf("%d players, view of %v: got seat colors %v; want %v", n, p, v.SeatColors, PawnColors[:n])
			}
		}
		b, err := json.Marshal(s.View(game.Spectator))
		if err != nil {
			t.Fatal(err)
		}
		var raw struct {
			SeatColors []string `json:"seat_colors"`
		}
		if err := json.Unmarshal(b, &raw); err != nil || len(raw.SeatColors) != n {
			t.Errorf("%d players: the view's JSON has seat_colors %v (%v); want %d colours", n, raw.SeatColors, err, n)
		}
	}
	seen := map[string]bool{}
	for _, c := range PawnColors {
		if seen[c] {
			t.Errorf("pawn colour %s is given twice", c)
		}
		seen[c] = true
		for m := range NumMinerals {
			if c == m.Color() {
				t.Errorf("pawn colour %s is the colour of %s", c, m)
			}
		}
	}
}
