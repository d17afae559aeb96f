package tf22

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// TestBreakdownAddsUp checks every seat's breakdown along random games of
// each variant and player count: the markers of its crews add up to its
// markers, and the combats its crews fought add up to the game's. Rulebook
// (Aktion I): delivered White Ranium "gegen je einen gelben Marker
// eintauschen", one marker per unit delivered.
func TestBreakdownAddsUp(t *testing.T) {
	sawMarker, sawCombat := false, false
	for i, variant := range []string{"luck", "standard", "strategy"} {
		for _, players := range []int{2, 3, 4} {
			st, _, err := game.Start(New(), players, game.Options{OptionSymbolCards: variant}, uint64(100+10*i+players))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			rng := game.NewRand(uint64(7 + i + players))
			for step := 0; !s.Terminal() && step < 3000; step++ {
				v := s.View(game.Spectator).(*View)
				attacks, defenses := 0, 0
				for _, sv := range v.Seats {
					sum := 0
					for _, c := range sv.Breakdown {
						sum += c.Markers
						attacks += c.Attacks
						defenses += c.Defenses
						if c.AttacksWon > c.Attacks || c.DefensesWon > c.Defenses || c.Markers < c.Deliveries || c.Markers > 2*c.Deliveries {
							t.Fatalf("%s, %d players, step %d: crew %+v does not add up", variant, players, step, c)
						}
					}
					if sum != sv.Markers || len(sv.Breakdown) != len(sv.Crews) {
						t.Fatalf("%s, %d players, step %d, seat %d: crews' markers %d (%+v); seat's %d", variant, players, step, sv.Seat, sum, sv.Breakdown, sv.Markers)
					}
					sawMarker = sawMarker || sum > 0
				}
				if attacks != int(s.combats) || defenses != int(s.combats) {
					t.Fatalf("%s, %d players, step %d: %d attacks and %d defenses in the breakdown; %d combats", variant, players, step, attacks, defenses, s.combats)
				}
				sawCombat = sawCombat || s.combats > 0
				p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
				s.Apply(p, a)
			}
		}
	}
	if !sawMarker || !sawCombat {
		t.Fatalf("no marker (%v) or no combat (%v) in the games: the test checks nothing of them", sawMarker, sawCombat)
	}
}
