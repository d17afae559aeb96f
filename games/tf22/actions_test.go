package tf22

import (
	"fmt"
	"slices"
	"testing"

	"minehall/game"
)

// twoPlayers starts a 2-player game: seat 0 has the blue and white crews,
// seat 1 the red and yellow ones; it is seat 0's turn with 4 ore, on a
// planet without tunnels but the start crossings.
func twoPlayers(t *testing.T, variant string) *State {
	t.Helper()
	s := started(t, 2, variant, "red", "blue", "yellow", "white")
	clearPlanet(t, s)
	return s
}

func setSides(t *testing.T, s *State, pos int, front, back map[string]string) {
	t.Helper()
	pk := *s.pack
	s.pack = &pk
	f, err := compileSide(CardSide{Tunnels: front})
	if err != nil {
		t.Fatal(err)
	}
	b, err := compileSide(CardSide{Tunnels: back})
	if err != nil {
		t.Fatal(err)
	}
	pk.exits[s.card[pos]] = [2]uint16{f, b}
	s.orient[pos] = 0
	pk.orient()
	s.refresh()
}

func tunnelsAt(s *State, pos int) map[string]string {
	return s.View(0).(*View).Cards[pos].Tunnels
}

func TestTurningAndFlippingCards(t *testing.T) {
	s := twoPlayers(t, "standard")
	pos := at(2, 3)
	// The rulebook's example card: a T-crossing.
	setSides(t, s, pos, map[string]string{"red": "NES"}, map[string]string{"blue": "NS", "red": "E"})
	s.orient[pos] = 0
	s.refresh()
	s.ranium |= 1 << pos
	s.crewPos[blue], s.crewTunnel[blue] = int8(pos), red
	for _, c := range []struct {
		move string
		want map[string]string
	}{
		{"A 2,3", map[string]string{"red": "NSW"}},
		{"A 2,3", map[string]string{"red": "NES"}},
		{"B 2,3", map[string]string{"blue": "NS", "red": "E"}},
		{"B 2,3", map[string]string{"red": "NES"}},
		{"C 2,3", map[string]string{"blue": "NS", "red": "W"}},
	} {
		if s.ore == 0 {
			s.ore = 4
		}
		play(t, s, c.move)
		got := tunnelsAt(s, pos)
		if len(got) != len(c.want) {
			t.Fatalf("after %s: tunnels %v; want %v", c.move, got, c.want)
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Fatalf("after %s: tunnels %v; want %v", c.move, got, c.want)
			}
		}
		if s.crewPos[blue] != int8(pos) || s.ranium&(1<<pos) == 0 {
			t.Fatalf("after %s: the crew or the Ranium left the card", c.move)
		}
	}
}

func TestMoveWithinTunnelColor(t *testing.T) {
	s := twoPlayers(t, "standard")
	setTunnels(t, s, at(4, 5), map[string]string{"blue": "EW", "red": "NS"})
	setTunnels(t, s, at(4, 6), map[string]string{"blue": "W"})
	setTunnels(t, s, at(1, 1), map[string]string{"blue": "ES"})
	refuse(t, s, "D blue to 1,1", "not connected to card 4,4 by blue tunnels")
	refuse(t, s, "D red to 4,5", "not yours")
	refuse(t, s, "D blue to 4,4", "already on card 4,4")
	play(t, s, "D blue to 4,6")
	if s.crewPos[blue] != int8(at(4, 6)) || s.ore != 3 {
		t.Fatalf("after D: crew at %s with %d ore; want 4,6 with 3", posName(int(s.crewPos[blue])), s.ore)
	}
	play(t, s, "D blue to 4,5")
	play(t, s, "E blue to red")
	refuse(t, s, "E blue to red", "already stands in the red tunnel")
	refuse(t, s, "E blue to yellow", "has no yellow tunnel")
	refuse(t, s, "D blue to 4,6", "not connected")
}

func TestCrewOffItsTunnelAfterAFlip(t *testing.T) {
	s := twoPlayers(t, "standard")
	pos := at(4, 5)
	setSides(t, s, pos, map[string]string{"blue": "EW"}, map[string]string{"yellow": "NS"})
	setTunnels(t, s, at(4, 6), map[string]string{"blue": "W"})
	play(t, s, "D blue to 4,5")
	play(t, s, "B 4,5")
	refuse(t, s, "D blue to 4,4", "switch to a tunnel of this card first")
	play(t, s, "E blue to yellow")
	if s.crewTunnel[blue] != yellow {
		t.Fatalf("crew in tunnel %d; want yellow", s.crewTunnel[blue])
	}
}

func TestCollectRanium(t *testing.T) {
	s := twoPlayers(t, "standard")
	refuse(t, s, "F blue", "no Ranium on card 4,4")
	s.ranium &^= 1 << innerCorners[1]
	s.ranium |= 1 << at(4, 4)
	play(t, s, "F blue")
	if s.crewRanium[blue] != 1 || s.ranium&(1<<at(4, 4)) != 0 {
		t.Fatalf("after F: crew carries %d and card Ranium %v; want 1 and none", s.crewRanium[blue], s.ranium&(1<<at(4, 4)) != 0)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// draw plays chance's draw of the symbol card of value for whoever draws
// now, failing the test unless chance acts and may draw it.
func draw(t *testing.T, s *State, value int) {
	t.Helper()
	if a := s.Actors(nil); len(a) != 1 || a[0] != game.Chance {
		t.Fatalf("actors %v; want chance to draw a %d", a, value)
	}
	play(t, s, fmt.Sprintf("draw %d", value))
}

func TestCombatValues(t *testing.T) {
	for _, c := range []struct {
		name                 string
		attCard, attRanium   int
		defCard, defRanium   int
		wantAttVal, wantDefV int8
	}{
		{"attacker wins 5 to 6-2", 5, 0, 6, 2, 5, 4},
		{"defender wins 2 to 4-1", 2, 0, 4, 1, 2, 3},
		{"tie 4 to 5-1", 4, 0, 5, 1, 4, 4},
		{"the attacker's own Ranium counts: 6-2 to 3-1", 6, 2, 3, 1, 4, 2},
		{"carried Ranium can turn a 6 into a loss: 6-2 to 5", 6, 2, 5, 1, 4, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := twoPlayers(t, "standard")
			pos := int8(at(4, 4))
			s.crewPos[red] = pos
			s.crewRanium[blue], s.crewRanium[red] = int8(c.attRanium), int8(c.defRanium)
			s.total = int8(3)
			s.ranium = 0
			for i := 0; int(s.crewRanium[blue]+s.crewRanium[red])+i < 3; i++ {
				s.ranium |= 1 << innerCorners[i]
			}
			s.crewPos[blue] = int8(at(2, 2)) // away from home, to see the return
			s.crewPos[red] = int8(at(2, 2))
			refuse(t, s, "G blue attacks white", "not an opponent's crew")
			refuse(t, s, "G blue attacks yellow", "not on card 2,2")
			play(t, s, "G blue attacks red")
			// "Beide Spieler spielen eine Symbolkarte aus": chance draws the
			// attacker's card, then the defender's.
			draw(t, s, c.attCard)
			draw(t, s, c.defCard)
			lf := s.lastFight
			if lf.AttackerValue != c.wantAttVal || lf.DefValue != c.wantDefV {
				t.Fatalf("combat values %d against %d; want %d against %d", lf.AttackerValue, lf.DefValue, c.wantAttVal, c.wantDefV)
			}
			switch {
			case c.wantAttVal > c.wantDefV:
				if s.crewRanium[blue] != int8(c.attRanium+1) || s.crewRanium[red] != int8(c.defRanium-1) {
					t.Fatalf("attacker won but carries %d, defender %d", s.crewRanium[blue], s.crewRanium[red])
				}
				if s.crewPos[blue] != int8(centerPos[blue]) {
					t.Fatalf("attacker won but did not return to its base")
				}
			case c.wantAttVal < c.wantDefV:
				if s.actor() != 1 || s.freeSeat != 1 {
					t.Fatalf("defender won; actor %d free seat %d; want seat 1's free action", s.actor(), s.freeSeat)
				}
				refuse(t, s, "J red to 1,1", "free action after a won defense must be a 1-ore action")
				play(t, s, "A 1,1")
				if s.actor() != 0 || s.ore != 3 {
					t.Fatalf("after the free action: actor %d with %d ore; want seat 0 with 3", s.actor(), s.ore)
				}
			default:
				if s.crewRanium[blue] != int8(c.attRanium) || s.crewRanium[red] != int8(c.defRanium) || s.freeSeat >= 0 {
					t.Fatalf("tie changed something: carried %d and %d, free seat %d", s.crewRanium[blue], s.crewRanium[red], s.freeSeat)
				}
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// The defender's free action may be any 1-ore action, stealing included
// (the rulebook: "eine Aktion für den Wert eines Erzes"): the defender
// strikes back, and the active player's turn then goes on.
func TestDefenderMayStealInTheFreeAction(t *testing.T) {
	s := twoPlayers(t, "standard")
	card := int8(at(2, 2))
	s.crewPos[blue], s.crewPos[red] = card, card
	s.crewRanium[blue], s.crewRanium[red] = 1, 1
	s.total, s.ranium = 3, 1<<innerCorners[0]
	play(t, s, "G blue attacks red") // 2-1 against 4-1: the defender wins
	draw(t, s, 2)
	draw(t, s, 4)
	if s.actor() != 1 || s.freeSeat != 1 {
		t.Fatalf("actor %d, free seat %d; want seat 1's free action", s.actor(), s.freeSeat)
	}
	play(t, s, "G red attacks blue") // 6-1 against 3-1: red takes blue's Ranium
	draw(t, s, 6)
	draw(t, s, 3)
	if s.crewRanium[red] != 2 || s.crewRanium[blue] != 0 || s.crewPos[red] != int8(centerPos[red]) {
		t.Fatalf("after the counter-attack red carries %d at %d, blue %d; want red with 2 at its base, blue with none",
			s.crewRanium[red], s.crewPos[red], s.crewRanium[blue])
	}
	if s.actor() != 0 || s.ore != 3 || s.freeSeat >= 0 {
		t.Fatalf("after the free action: actor %d with %d ore, free seat %d; want seat 0 with 3 ore", s.actor(), s.ore, s.freeSeat)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

func TestStealNeedsRanium(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.crewPos[red] = s.crewPos[blue]
	refuse(t, s, "G blue attacks red", "carries no Ranium")
}

func TestStrategyCombatHidesTheAttackersCard(t *testing.T) {
	s := twoPlayers(t, "strategy")
	s.crewPos[red] = s.crewPos[blue]
	s.crewRanium[red] = 1
	s.ranium &^= 1 << innerCorners[1]
	play(t, s, "G blue attacks red")
	if s.actor() != 0 {
		t.Fatalf("actor %d; want the attacker to choose a card", s.actor())
	}
	refuse(t, s, "A 1,1", "waits for your symbol card")
	play(t, s, "card 5")
	if s.actor() != 1 {
		t.Fatalf("actor %d; want the defender to answer", s.actor())
	}
	if v := s.View(1).(*View); v.Combat == nil || v.Combat.AttackerCard != 0 || !v.Combat.AttackerDone {
		t.Fatalf("defender's view of the combat %+v; want the attacker's card face down", v.Combat)
	}
	if v := s.View(0).(*View); v.Combat.AttackerCard != 5 {
		t.Fatalf("attacker's view shows card %d; want 5", v.Combat.AttackerCard)
	}
	seen := map[int8]bool{}
	rng := game.NewRand(3)
	for range 50 {
		d := s.Determinize(1, &rng).(*State)
		seen[d.fight.Card] = true
		if d.InfoKey(1) != s.InfoKey(1) {
			t.Fatalf("determinization changed what the defender knows")
		}
		if e := s.Determinize(0, &rng).(*State); e.fight.Card != s.fight.Card {
			t.Fatalf("determinization for the attacker changed its own card")
		}
	}
	if len(seen) != numValues {
		t.Fatalf("determinizations for the defender drew %d different attacker cards; want all %d", len(seen), numValues)
	}
	refuse(t, s, "card 7", "not a symbol-card value")
	play(t, s, "card 6")
	if s.lastFight.AttackerValue != 5 || s.lastFight.DefValue != 5 {
		t.Fatalf("values %d and %d; want 5 and 6-1", s.lastFight.AttackerValue, s.lastFight.DefValue)
	}
	if s.deck[0].Avail != 0b10111 || s.deck[1].Avail != 0b01111 {
		t.Fatalf("hands %05b and %05b; want the played 5 and 6 gone", s.deck[0].Avail, s.deck[1].Avail)
	}
	refuse(t, s, "card 2", "only in combat")
}

func TestStrategyHandRefillsWhenEmpty(t *testing.T) {
	s := twoPlayers(t, "strategy")
	s.deck[0].Avail = 1 << 2
	s.deck[1].Avail = 1 << 0
	s.crewPos[red] = s.crewPos[blue]
	s.crewRanium[red] = 1
	s.ranium &^= 1 << innerCorners[1]
	play(t, s, "G blue attacks red")
	refuse(t, s, "card 2", "not in your hand")
	play(t, s, "card 4")
	play(t, s, "card 2")
	if s.deck[0].Avail != 31 || s.deck[1].Avail != 31 {
		t.Fatalf("hands %05b and %05b after playing their last cards; want all five back", s.deck[0].Avail, s.deck[1].Avail)
	}
}

func TestMoveLoader(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.loader = [3]int8{3, 4, 20}
	refuse(t, s, "H loader 1 forward", "loader 1 is blocked")
	refuse(t, s, "H loader 2 back", "loader 2 is blocked")
	play(t, s, "H loader 2 forward")
	play(t, s, "H loader 3 back")
	if s.loader != [3]int8{3, 5, 19} {
		t.Fatalf("loaders at %v; want 3, 5, 19", s.loader)
	}
	s.loader = [3]int8{23, 5, 19}
	play(t, s, "H loader 1 forward")
	if s.loader[0] != 0 {
		t.Fatalf("loader 1 at %d after passing the last dock; want 0", s.loader[0])
	}
}

// deliveryRoute opens a blue tunnel from the blue crossing east to the
// border and docks loader 1 there.
func deliveryRoute(t *testing.T, s *State) {
	setTunnels(t, s, at(4, 5), map[string]string{"blue": "EW"})
	setTunnels(t, s, at(4, 6), map[string]string{"blue": "EW"})
	s.loader[0] = 6 + 3 // the east edge of row 4
}

func TestDeliverUpToTwoRanium(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.crewRanium[blue] = 3
	s.ranium = 0
	refuse(t, s, "I blue", "no loader is docked")
	deliveryRoute(t, s)
	refuse(t, s, "I white", "carries no Ranium")
	pk := *s.pack
	s.pack = &pk
	for _, p := range innerRing {
		pk.symbol[s.card[p]] = 0
	}
	value := 2
	for pk.symbolOf[s.seatColor[1]][value-minValue] == 0 {
		value++
	}
	target := pk.symbolOf[s.seatColor[1]][value-minValue]
	pk.symbol[s.card[at(2, 3)]] = target
	pk.symbol[s.card[at(3, 2)]] = target
	play(t, s, "I blue")
	if s.markers[0] != 2 || s.crewRanium[blue] != 1 || s.crewPos[blue] != int8(centerPos[blue]) {
		t.Fatalf("after I: %d markers, carries %d, at %d; want 2 markers, 1 left, at the base", s.markers[0], s.crewRanium[blue], s.crewPos[blue])
	}
	// "Der Spieler rechts vom aktiven Spieler deckt nun eine Symbolkarte
	// auf": chance draws from the pile of seat 1, to the right.
	if drawFor(s) != 1 || s.placeCount != 2 {
		t.Fatalf("a card of seat %d drawn with %d to place; want seat 1 (to the right) placing 2", drawFor(s), s.placeCount)
	}
	draw(t, s, value)
	if s.actor() != 1 {
		t.Fatalf("actor %d; want seat 1 to place", s.actor())
	}
	if got := s.Legal(1, nil); !slices.Equal(got, []game.Action{actPlace + game.Action(at(2, 3)), actPlace + game.Action(at(3, 2))}) {
		t.Fatalf("placements %v; want the two inner cards showing the revealed symbol", got)
	}
	refuse(t, s, "place 2,4", "does not show the revealed symbol")
	refuse(t, s, "place 1,1", "not in the inner ring")
	play(t, s, "place 2,3")
	// The second Ranium: seat 1's next card decides, and the 2 it drew
	// first has left its pile.
	if got := s.ChanceOutcomes(nil); len(got) != numValues-1 || slices.ContainsFunc(got, func(o game.ChanceOutcome) bool { return o.Action == actDraw+game.Action(value-minValue) }) {
		t.Fatalf("second draw's outcomes %v; want the other 4 cards of seat 1's pile", got)
	}
	play(t, s, s.ActionString(game.Chance, s.Legal(game.Chance, nil)[0]))
	if s.placeCount == 1 && s.actor() == 1 {
		l := s.Legal(1, nil)
		play(t, s, s.ActionString(1, l[0]))
	}
	if s.placeCount != 0 || s.actor() != 0 || s.ore != 3 {
		t.Fatalf("after placing: %d to place, actor %d, ore %d; want seat 0 again with 3 ore", s.placeCount, s.actor(), s.ore)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	// The crew still carries one and its base reaches the loader, but a
	// turn delivers at most 2.
	refuse(t, s, "I blue", "the most a turn allows")
	if slices.Contains(s.Legal(0, nil), game.Action(actDeliver+blue)) {
		t.Fatalf("I blue is legal after 2 delivered this turn")
	}
	// In the next turn of seat 0 it may deliver again.
	s.delivered = [4]int8{}
	play(t, s, "I blue")
	if s.markers[0] != 3 {
		t.Fatalf("%d markers after delivering again in a new turn; want 3", s.markers[0])
	}
}

func TestPlacementFallsBackToAnyEmptyInnerCard(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.crewRanium[blue] = 1
	s.ranium &^= 1 << innerCorners[1]
	deliveryRoute(t, s)
	pk := *s.pack
	s.pack = &pk
	for _, p := range innerRing {
		pk.symbol[s.card[p]] = 0
	}
	value := 2
	for pk.symbolOf[s.seatColor[1]][value-minValue] == 0 {
		value++
	}
	play(t, s, "I blue")
	draw(t, s, value)
	if got, want := len(s.Legal(1, nil)), 12-2; got != want {
		t.Fatalf("%d placements; want every empty inner-ring card (%d)", got, want)
	}
}

func TestSecretTunnel(t *testing.T) {
	s := twoPlayers(t, "standard")
	setTunnels(t, s, at(6, 6), map[string]string{"blue": "N"})
	refuse(t, s, "J blue to 1,1", "has no blue tunnel")
	refuse(t, s, "J blue to 4,4", "another card")
	s.crewRanium[blue] = 1
	s.ranium &^= 1 << innerCorners[1]
	refuse(t, s, "J blue to 6,6", "closed to the blue crew while it carries Ranium")
	s.crewRanium[blue] = 0
	s.ranium |= 1 << innerCorners[1]
	play(t, s, "J blue to 6,6")
	if s.crewPos[blue] != int8(at(6, 6)) || s.ore != 1 {
		t.Fatalf("after J: crew at %d with %d ore; want 6,6 with 1", s.crewPos[blue], s.ore)
	}
	refuse(t, s, "J white to 6,6", "costs 3 ore and you have 1 left")
}

func TestTransporterTrap(t *testing.T) {
	s := twoPlayers(t, "standard")
	setTunnels(t, s, at(1, 6), map[string]string{"blue": "S", "red": "W"})
	refuse(t, s, "K blue to 1,6", "no opponent's crew is on card 4,4")
	pos := s.crewPos[blue]
	s.crewPos[red], s.crewPos[yellow], s.crewPos[white] = pos, pos, pos
	refuse(t, s, "K blue to 1,1", "has no blue tunnel")
	play(t, s, "K blue to 1,6")
	if s.crewPos[red] != int8(at(1, 6)) || s.crewPos[yellow] != int8(at(1, 6)) {
		t.Fatalf("opponents at %d and %d; want both moved to 1,6", s.crewPos[red], s.crewPos[yellow])
	}
	if s.crewTunnel[red] != blue || s.crewTunnel[yellow] != blue {
		t.Fatalf("moved crews stand in %d and %d; want the blue tunnel", s.crewTunnel[red], s.crewTunnel[yellow])
	}
	if s.crewPos[blue] != pos || s.crewPos[white] != pos || s.ore != 2 {
		t.Fatalf("own crews at %d and %d with %d ore; want both still on 4,4 and 2 ore", s.crewPos[blue], s.crewPos[white], s.ore)
	}
	play(t, s, "A 1,1")
	refuse(t, s, "K white to 1,6", "costs 2 ore and you have 1 left")
}

func TestOreIsSpentExactly(t *testing.T) {
	s := twoPlayers(t, "standard")
	setTunnels(t, s, at(6, 6), map[string]string{"blue": "N"})
	play(t, s, "A 1,1")
	play(t, s, "A 1,1")
	refuse(t, s, "J blue to 6,6", "costs 3 ore and you have 2 left")
	play(t, s, "A 1,1")
	if s.active != 0 || s.ore != 1 {
		t.Fatalf("seat %d with %d ore; want seat 0 to spend its last ore", s.active, s.ore)
	}
	play(t, s, "A 1,1")
	if s.active != 1 || s.ore != 4 {
		t.Fatalf("seat %d with %d ore; want seat 1's turn with 4", s.active, s.ore)
	}
}
