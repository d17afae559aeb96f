package hammertime

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

func viewOf(t *testing.T, s *State, p game.Player) View {
	t.Helper()
	v, ok := s.View(p).(View)
	if !ok {
		t.Fatalf("View returned %T", s.View(p))
	}
	return v
}

// The techniques that limit sight hide gems from the aiming player only.
func TestBlindTechniques(t *testing.T) {
	tests := []struct {
		tech       Technique
		wantHidden func(total int, hidden int) bool
	}{
		{NoTechnique, func(total, hidden int) bool { return hidden == 0 }},
		{Handle, func(total, hidden int) bool { return hidden == 0 }},
		{HeadDown, func(total, hidden int) bool { return hidden > 0 && hidden < total }},
		{EyesClosed, func(total, hidden int) bool { return hidden == total }},
	}
	for _, tt := range tests {
		t.Run(tt.tech.String(), func(t *testing.T) {
			s := newTestState(t, 2, nil)
			if tt.tech != NoTechnique {
				s = newTestState(t, 2, game.Options{"expert": "true"})
				mustRoll(t, s, tt.tech)
			}
			v := viewOf(t, s, 0)
			if total := len(v.Tray.Gems) + v.Tray.Hidden; total != NumGems || !tt.wantHidden(total, v.Tray.Hidden) {
				t.Errorf("aiming player sees %d gems, %d hidden", len(v.Tray.Gems), v.Tray.Hidden)
			}
			for _, p := range []game.Player{1, game.Spectator} {
				if w := viewOf(t, s, p); w.Tray.Hidden != 0 {
					t.Errorf("%s does not see %d gems", p, w.Tray.Hidden)
				}
			}
		})
	}
}

// Head down, a player sees the near half of the tray: the side facing the
// seat follows the tray's turns.
func TestHeadDownSeesNearHalf(t *testing.T) {
	s := newTestState(t, 2, game.Options{"expert": "true"})
	mustRoll(t, s, HeadDown)
	for q := int8(0); q < 4; q++ {
		s.quarter = q
		v := viewOf(t, s, 0)
		facing := s.facing(0)
		if v.Tray.Facing != facing.String() {
			t.Errorf("quarter %d: facing %s; want %s", q, v.Tray.Facing, facing)
		}
		for _, g := range v.Tray.Gems {
			x, y := s.gems[g.ID].X, s.gems[g.ID].Y
			near := map[Side]bool{North: y > 0, South: y < 0, East: x > 0, West: x < 0}[facing]
			if !near {
				t.Errorf("quarter %d: gem %d at (%.1f, %.1f) is visible beyond the near half toward %s", q, g.ID, g.X, g.Y, facing)
			}
		}
	}
}

// Determinizing for a blind player moves only what it cannot see.
func TestDeterminizeBlind(t *testing.T) {
	s := newTestState(t, 2, game.Options{"expert": "true"})
	mustRoll(t, s, HeadDown)
	rng := game.NewRand(3)
	d := s.Determinize(0, &rng).(*State)
	if s.InfoKey(0) != d.InfoKey(0) {
		t.Errorf("the determinization changes what player 0 sees")
	}
	moved := 0
	for i := range s.gems {
		if s.gems[i] != d.gems[i] {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("no hidden gem was laid out afresh")
	}
	if err := d.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

// Views never show the order of the piles below their top cards.
func TestViewHidesPiles(t *testing.T) {
	s := newTestState(t, 4, nil)
	b, err := json.Marshal(s.View(game.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p < 4; p++ {
		for _, w := range s.seats[p].pile[1:] {
			if id := s.pack.Wagons[w].ID; strings.Contains(string(b), `"`+id+`"`) {
				t.Errorf("the view names wagon %s, which lies under seat %d's top wagon", id, p)
			}
		}
	}
	v := viewOf(t, s, 0)
	if v.DeckSize != 9 || len(v.DeckBottom) != 0 {
		t.Errorf("deck size %d, known bottom %v; want 9 and none", v.DeckSize, v.DeckBottom)
	}
}

// A player aiming blind does not see what this turn's own misses did, but
// still sees the previous player's hit, made before the die was rolled.
func TestBlindSeesPreviousHit(t *testing.T) {
	s := newTestState(t, 2, game.Options{"expert": "true"})
	mustRoll(t, s, Fist)
	prev := &HitRecord{Seat: 1, Move: "hit north 5 strength 3", Fallen: []int{}}
	s.last, s.lastTurn = prev, s.turns-1
	for _, tech := range []Technique{EyesClosed, HeadDown, Fist} {
		s.technique = tech
		if v := viewOf(t, s, 0); v.LastHit != prev {
			t.Errorf("%s: the aiming player does not see the previous player's hit", tech)
		}
	}
	// A miss of this turn, made blind.
	s.last, s.lastTurn = &HitRecord{Seat: 0, Move: "hit south 5 strength 1", Fallen: []int{}}, s.turns
	tests := []struct {
		tech   Technique
		viewer game.Player
		want   bool
	}{
		{EyesClosed, 0, false}, {HeadDown, 0, false}, {Fist, 0, true},
		{EyesClosed, 1, true}, {EyesClosed, game.Spectator, true},
	}
	for _, tt := range tests {
		s.technique = tt.tech
		if got := viewOf(t, s, tt.viewer).LastHit != nil; got != tt.want {
			t.Errorf("%s, viewer %s: sees this turn's miss %v; want %v", tt.tech, tt.viewer, got, tt.want)
		}
	}
}

// The view carries the gems' size and the hand's spreads and the die's
// factors, so that a client draws and explains them without copies.
func TestViewHandAndGems(t *testing.T) {
	s := newTestState(t, 2, nil)
	v := viewOf(t, s, 0)
	if v.Tray.GemLength != s.pack.Gem.LengthCM || v.Tray.GemWidth != s.pack.Gem.WidthCM {
		t.Errorf("gem %v × %v cm; want the pack's %v × %v", v.Tray.GemLength, v.Tray.GemWidth, s.pack.Gem.LengthCM, s.pack.Gem.WidthCM)
	}
	h := v.Hand
	if h.StrengthSpread != strengthSpread || h.StrengthLimit != spreadLimit || h.AimSpread != aimSpread || h.AngleSpread != angleSpread ||
		h.SpeedBase != speedBase || h.SpeedPerStrength != speedPerStrength ||
		h.SpeedLow != strengthFactor(-1, strengthSpread) || h.SpeedHigh != strengthFactor(1, strengthSpread) || h.SpeedLow >= 1 || h.SpeedHigh <= 1 {
		t.Errorf("hand %+v; want the engine's spreads", h)
	}
	if len(h.Techniques) != int(numTechniques)-1 {
		t.Fatalf("%d techniques; want the die's 6", len(h.Techniques))
	}
	for i, tv := range h.Techniques {
		tech := Technique(i + 1)
		n := techniqueNoise[tech]
		if tv.Name != tech.String() || tv.Strength != n.strength || tv.Aim != n.aim || tv.Angle != n.aim || tv.Power != n.power || tv.Contact != n.contact {
			t.Errorf("technique %d: %+v; want %s with %+v", i, tv, tech, n)
		}
		sigma := strengthSpread * n.strength
		if tv.SpeedLow != n.power*strengthFactor(-1, sigma) || tv.SpeedHigh != n.power*strengthFactor(1, sigma) {
			t.Errorf("technique %s: speed band %v to %v; want the factors at one deviation, power included", tech, tv.SpeedLow, tv.SpeedHigh)
		}
	}
}

// Positions along a side run clockwise seen from above, from the side's
// right end for a person outside facing it, as the notation says.
func TestPositionsRunFromTheRightEnd(t *testing.T) {
	tray := DefaultPack().Tray
	for side := North; side <= West; side++ {
		first, n := sideGeometry(tray, side, 0.1)
		last, _ := sideGeometry(tray, side, 0.9)
		// The person outside faces along the inward normal n; their right
		// hand points along n turned a quarter clockwise.
		right := [2]float64{n.Y, -n.X}
		along := (first.X-last.X)*right[0] + (first.Y-last.Y)*right[1]
		if along <= 0 {
			t.Errorf("%s: position 1 at (%.1f, %.1f) is not right of position 9 at (%.1f, %.1f) for a person facing the side", side, first.X, first.Y, last.X, last.Y)
		}
	}
	if p, _ := sideGeometry(tray, North, 0.1); p.X >= 0 {
		t.Errorf("north position 1 at x = %.1f; want the west end", p.X)
	}
}

// The rulebook: "Chaque joueur prend les 4 cartes « wagonnets » d'une même
// couleur": a seat's color is its wagons' color, and the view says it, with
// the table side of each seat ("south" for the first, then clockwise), so
// that a client draws each seat in its game color at its place.
func TestViewSeatColorsAndSides(t *testing.T) {
	sides := map[int][]string{2: {"south", "north"}, 3: {"south", "west", "north"}, 4: {"south", "west", "north", "east"}}
	for n := 2; n <= 4; n++ {
		s := newTestState(t, n, nil)
		for _, p := range []game.Player{0, game.Player(n - 1), game.Spectator} {
			v := viewOf(t, s, p)
			if len(v.SeatColors) != n || len(v.SeatSides) != n {
				t.Fatalf("%d players, viewer %s: %d seat colors and %d seat sides; want %d", n, p, len(v.SeatColors), len(v.SeatSides), n)
			}
			for q := range n {
				for _, w := range s.seats[q].pile {
					if owner := s.pack.Wagons[w].Owner; v.SeatColors[q] != owner {
						t.Errorf("%d players: seat %d's color %q; its wagon %s is %q", n, q+1, v.SeatColors[q], s.pack.Wagons[w].ID, owner)
					}
				}
				if v.SeatColors[q] != v.Seats[q].Owner {
					t.Errorf("%d players: seat %d's color %q; its seat view says %q", n, q+1, v.SeatColors[q], v.Seats[q].Owner)
				}
			}
			if !slices.Equal(v.SeatSides, sides[n]) {
				t.Errorf("%d players: seat sides %v; want %v", n, v.SeatSides, sides[n])
			}
		}
		if len(slices.Compact(slices.Sorted(slices.Values(viewOf(t, s, 0).SeatColors)))) != n {
			t.Errorf("%d players: seat colors %v; want one color a seat", n, viewOf(t, s, 0).SeatColors)
		}
		// The side in front of a seat is its table side turned with the tray.
		for q := range int8(4) {
			s.quarter = q
			for p := range n {
				want := Side((slices.Index(sideNames[:], sides[n][p]) + int(q)) % 4).String()
				if got := viewOf(t, s, game.Player(p)).Tray.Facing; got != want {
					t.Errorf("%d players, quarter %d: seat %d faces %s; want %s", n, q, p+1, got, want)
				}
			}
		}
	}
	if v := viewOf(t, newTestState(t, 2, nil), 0); v.DragonWakes != 9 {
		t.Errorf("the dragon wakes at %d gems; want 9", v.DragonWakes)
	}
}

// The last hit says what the rules made of its fall, so that a client
// shows it without rules of its own. RULINGS.md: "9 or more fallen: all go
// back, turn over. 8 or fewer: check the face-up mission". The rulebook:
// "Prends la carte de mission du dessus de la pile" when it is fulfilled.
func TestLastHitSaysDragonAndMission(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 60 && (seen["dragon"] == 0 || seen["met"] == 0 || seen["unmet"] == 0); seed++ {
		st, _, err := game.Start(New(), 2, setupPiles(nil), seed)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for try := 0; try < 30 && !s.Terminal(); try++ {
			p := s.Actors(nil)[0]
			mission := ""
			if s.deckLen > 0 {
				mission = s.pack.Missions[s.deck[0]].Kind
			}
			held := s.seats[p].numHeld
			mustPlay(t, s, p, fmt.Sprintf("hit south %d strength %d", 1+try%9, 4+try%7))
			rec := viewOf(t, s, game.Spectator).LastHit
			n := len(rec.Fallen)
			switch {
			case n == 0:
				if rec.Dragon || rec.Mission != "" || rec.MissionMet {
					t.Errorf("seed %d: nothing fell; the record says %+v", seed, rec)
				}
			case n >= 9:
				seen["dragon"]++
				if !rec.Dragon || rec.Mission != "" || rec.MissionMet {
					t.Errorf("seed %d: %d gems fell; the record says dragon %v, mission %q %v; want the dragon and no check", seed, n, rec.Dragon, rec.Mission, rec.MissionMet)
				}
			default:
				won := s.seats[p].numHeld > held
				if won {
					seen["met"]++
				} else {
					seen["unmet"]++
				}
				if rec.Dragon || rec.Mission != mission || rec.MissionMet != won {
					t.Errorf("seed %d: %d gems fell on mission %q (won %v); the record says dragon %v, mission %q met %v", seed, n, mission, won, rec.Dragon, rec.Mission, rec.MissionMet)
				}
			}
			if v := viewOf(t, s, p); v.Phase == "fill" {
				mustPlay(t, s, p, v.Fill.Suggested)
			}
		}
	}
	for _, k := range []string{"dragon", "met", "unmet"} {
		if seen[k] == 0 {
			t.Errorf("no hit of the seeded games ended with %s (%v)", k, seen)
		}
	}
	// A turn or push that drops gems is no hit: no dragon, no mission.
	s := newTestState(t, 2, nil)
	for _, m := range []string{"push north", "push south", "turn left", "push east"} {
		if s.phase != PhaseHit || s.current != 0 {
			break
		}
		mustPlay(t, s, 0, m)
		if rec := s.last; rec.Dragon || rec.Mission != "" {
			t.Errorf("%s: the record says dragon %v, mission %q; want neither", m, rec.Dragon, rec.Mission)
		}
	}
}
