package tf22

import (
	"context"
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// The last rulings of RULINGS.md's TF22 section: loaders move by docks,
// Ranium delivered in a defender's free action is placed by the player to
// the right of the deliverer, and the secret tunnel is closed to a player
// who carries Ranium with any crew.

// TestSecretTunnelClosedWhileTheOtherCrewCarries: RULINGS.md: "Secret
// tunnel (J): the player may use it only when none of their crews carries
// Ranium ("der Spieler darf kein Weißes Ranium besitzen"); in a 2-player
// game that covers both crews."
func TestSecretTunnelClosedWhileTheOtherCrewCarries(t *testing.T) {
	s := twoPlayers(t, "standard")
	setTunnels(t, s, at(6, 6), map[string]string{"blue": "N", "white": "N"})
	secret := func() []game.Action {
		var js []game.Action
		for _, a := range s.Legal(0, nil) {
			if decode(int(a)).kind == kindSecret {
				js = append(js, a)
			}
		}
		return js
	}
	if len(secret()) == 0 {
		t.Fatalf("no secret tunnel is legal while no crew of seat 0 carries Ranium")
	}
	// Seat 0's white crew (its other crew) takes the Ranium of a card.
	s.ranium &^= 1 << innerCorners[1]
	s.crewRanium[white] = 1
	refuse(t, s, "J blue to 6,6", "closed to you while your white crew carries Ranium")
	refuse(t, s, "J white to 6,6", "closed to the white crew while it carries Ranium")
	if js := secret(); len(js) != 0 {
		t.Fatalf("secret tunnels %v are legal while seat 0's white crew carries Ranium; want none", js)
	}
	// The opponent's Ranium does not close seat 0's secret tunnel.
	s.crewRanium[white], s.crewRanium[red] = 0, 1
	play(t, s, "J blue to 6,6")
	if s.crewPos[blue] != int8(at(6, 6)) {
		t.Fatalf("blue crew at %s after J; want 6,6", posName(int(s.crewPos[blue])))
	}
}

// TestLoadersMoveByDocks: RULINGS.md: "Loaders move by docks: "two mine
// cards clockwise" at the start of a turn and "one mine card" for action H
// are counted in docks along the ring, so at a corner card (two docks) a
// step may stay on the same card." The rulebook: "Der Raumlader besitzt
// sowohl auf der Kurzseite wie auf der Längsseite der Eckminenkarten eine
// Andockstation".
func TestLoadersMoveByDocks(t *testing.T) {
	s := twoPlayers(t, "standard")
	loaderAt := func(l int) (string, string) {
		lv := s.View(game.Spectator).(*View).Loaders[l]
		return posName(lv.Row*gridSize + lv.Col), lv.Edge
	}
	// H: one dock forward from the top-right corner's long side is its
	// short side, on the same card.
	s.loader = [3]int8{5, 12, 20}
	if pos, edge := loaderAt(0); pos != "1,6" || edge != "N" {
		t.Fatalf("loader 1 at %s %s; want 1,6 N", pos, edge)
	}
	play(t, s, "H loader 1 forward")
	if pos, edge := loaderAt(0); pos != "1,6" || edge != "E" {
		t.Fatalf("loader 1 at %s %s after one step forward; want the same card 1,6, its east edge", pos, edge)
	}
	play(t, s, "H loader 1 forward")
	if pos, edge := loaderAt(0); pos != "2,6" || edge != "E" {
		t.Fatalf("loader 1 at %s %s after a second step; want 2,6 E", pos, edge)
	}
	s.ore = 4
	play(t, s, "H loader 1 back")
	play(t, s, "H loader 1 back")
	if pos, edge := loaderAt(0); pos != "1,6" || edge != "N" {
		t.Fatalf("loader 1 at %s %s after two steps back; want 1,6 N", pos, edge)
	}
	// The start of the next turn: two docks on, clockwise. From the card
	// before the corner that is only one card further, onto the corner's
	// short side.
	s.loader = [3]int8{4, 12, 20}
	if pos, edge := loaderAt(0); pos != "1,5" || edge != "N" {
		t.Fatalf("loader 1 at %s %s; want 1,5 N", pos, edge)
	}
	for s.active == 0 {
		play(t, s, "A 3,3")
	}
	if pos, edge := loaderAt(0); pos != "1,6" || edge != "E" {
		t.Fatalf("loader 1 at %s %s at the start of the next turn; want two docks on: the corner 1,6, its east edge", pos, edge)
	}
	if s.loader != [3]int8{6, 14, 22} {
		t.Fatalf("loaders at docks %v; want 6, 14, 22", s.loader)
	}
}

// defenderDelivers sets up a combat on card 4,6 in which the defender's
// crew, carrying Ranium in its red tunnel that opens east onto loader 1,
// wins and then delivers in its free action.
func defenderDelivers(t *testing.T, s *State, attacker, defender int) {
	t.Helper()
	pos := int8(at(4, 6))
	setTunnels(t, s, int(pos), map[string]string{"red": "EW", colorNames[attacker]: "W"})
	s.loader[0] = 6 + 3 // the east edge of row 4
	s.crewPos[attacker], s.crewTunnel[attacker] = pos, int8(attacker)
	s.crewPos[defender], s.crewTunnel[defender] = pos, red
	s.ranium &^= 1 << innerCorners[1]
	s.crewRanium[defender] = 1
	play(t, s, "G "+colorNames[attacker]+" attacks "+colorNames[defender])
	draw(t, s, 2) // the attacker: 2
	draw(t, s, 6) // the defender: 6 - 1, the defender wins
	if s.freeSeat != s.crewOwner[defender] {
		t.Fatalf("free seat %d; want the defender's seat %d", s.freeSeat, s.crewOwner[defender])
	}
	play(t, s, "I "+colorNames[defender])
}

// TestDeliveredRaniumIsPlacedRightOfTheDeliverer: RULINGS.md: "Ranium
// delivered during a defender's free action is placed by the player to
// the right of the player who delivered it (in a 2-player game the literal
// "right of the active player" would let the deliverer place their own
// Ranium)." The rulebook: "Der Spieler rechts vom aktiven Spieler deckt
// nun eine Symbolkarte auf und setzt ein eingelöstes „Weißes Ranium“ auf
// eine Minenkarte".
func TestDeliveredRaniumIsPlacedRightOfTheDeliverer(t *testing.T) {
	t.Run("4 players", func(t *testing.T) {
		// Seats 3, 2, 1, 0 take white, red, blue, yellow: seat 0 (active,
		// yellow) attacks seat 2 (red), whose right is seat 1; the active
		// player's right would be seat 3.
		s := started(t, 4, "luck", "white", "red", "blue", "yellow")
		clearPlanet(t, s)
		defenderDelivers(t, s, yellow, red)
		if s.markers[2] != 1 {
			t.Fatalf("seat 2 has %d markers after delivering; want 1", s.markers[2])
		}
		if got := drawFor(s); got != 1 {
			t.Fatalf("the card for the placement is drawn from seat %d's pile; want seat 1, to the right of the deliverer (seat 2)", got)
		}
		draw(t, s, 2)
		if s.placeCount > 0 && s.actor() != 1 {
			t.Fatalf("seat %d places the Ranium; want seat 1", s.actor())
		}
	})
	t.Run("2 players", func(t *testing.T) {
		// Seat 0 (active, blue) attacks seat 1 (red): the Ranium seat 1
		// delivers is placed by seat 0, not by seat 1 itself.
		s := twoPlayers(t, "luck")
		defenderDelivers(t, s, blue, red)
		if s.markers[1] != 1 {
			t.Fatalf("seat 1 has %d markers after delivering; want 1", s.markers[1])
		}
		if got := drawFor(s); got != 0 {
			t.Fatalf("the card for the placement is drawn from seat %d's pile; want seat 0, to the right of the deliverer", got)
		}
		draw(t, s, 3)
		if s.placeCount > 0 && s.actor() != 0 {
			t.Fatalf("seat %d places the Ranium; want seat 0", s.actor())
		}
		for s.placeCount > 0 {
			play(t, s, s.ActionString(s.actor(), s.Legal(s.actor(), nil)[0]))
		}
		if s.actor() != 0 || s.ore != 3 || s.freeSeat >= 0 {
			t.Fatalf("after the placement: actor %d with %d ore; want seat 0's turn to go on with 3", s.actor(), s.ore)
		}
	})
	t.Run("strategy variant", func(t *testing.T) {
		// The placer reveals a card of its own choosing.
		s := twoPlayers(t, "strategy")
		pos := int8(at(4, 6))
		setTunnels(t, s, int(pos), map[string]string{"red": "EW", "blue": "W"})
		s.loader[0] = 6 + 3
		s.crewPos[blue], s.crewPos[red], s.crewTunnel[red] = pos, pos, red
		s.ranium &^= 1 << innerCorners[1]
		s.crewRanium[red] = 1
		play(t, s, "G blue attacks red")
		play(t, s, "card 2")
		play(t, s, "card 6")
		play(t, s, "I red")
		if s.actor() != 0 || s.drawing() {
			t.Fatalf("actor %d (drawing %v); want seat 0 to reveal a card of its hand", s.actor(), s.drawing())
		}
		play(t, s, "card 4")
	})
}

// TestSymbolCardDrawsAreChanceEvents checks the chance nodes of the three
// variants. The rulebook: luck, "Die Spieler nehmen nach jedem Einsatz
// einer Symbolkarte alle Karten wieder auf die Hand, mischen diese neu";
// standard, "Alle Symbolkarten vom Zugstapel werden nacheinander gespielt.
// Ist der Stapel aufgebraucht, werden die abgelegten Karten neu gemischt";
// strategy, the players "können frei wählen, welche sie ausspielen".
func TestSymbolCardDrawsAreChanceEvents(t *testing.T) {
	combat := func(variant string) *State {
		s := twoPlayers(t, variant)
		s.crewPos[red] = s.crewPos[blue]
		s.crewRanium[red] = 1
		s.ranium &^= 1 << innerCorners[1]
		play(t, s, "G blue attacks red")
		return s
	}
	outcomes := func(s *State) (values []int, probs []float64) {
		for _, o := range s.ChanceOutcomes(nil) {
			values = append(values, int(o.Action)-actDraw+minValue)
			probs = append(probs, o.Probability)
		}
		return values, probs
	}
	t.Run("luck", func(t *testing.T) {
		s := combat("luck")
		for range 2 {
			values, probs := outcomes(s)
			if !slices.Equal(values, []int{2, 3, 4, 5, 6}) || !slices.Equal(probs, []float64{0.2, 0.2, 0.2, 0.2, 0.2}) {
				t.Fatalf("outcomes %v with %v; want all five cards at 1/5", values, probs)
			}
			draw(t, s, 4)
		}
		if s.lastFight.AttackerCard != 4 || s.lastFight.DefendCard != 4 {
			t.Fatalf("combat cards %d and %d; want 4 and 4 (both from a full set)", s.lastFight.AttackerCard, s.lastFight.DefendCard)
		}
	})
	t.Run("standard", func(t *testing.T) {
		s := twoPlayers(t, "standard")
		s.crewPos[red] = s.crewPos[blue]
		s.ranium &^= 1 << innerCorners[1]
		for i, v := range []int{5, 2, 6, 3, 4} {
			// Each combat: blue (carrying none) attacks red (carrying 1)
			// and wins with the same card, v against v-1.
			s.crewRanium[blue], s.crewRanium[red], s.ore = 0, 1, 4
			s.crewPos[blue] = s.crewPos[red]
			play(t, s, "G blue attacks red")
			values, probs := outcomes(s)
			if len(values) != numValues-i || slices.Contains(values, 5) != (i == 0) {
				t.Fatalf("draw %d: outcomes %v; want the %d cards left in the pile", i+1, values, numValues-i)
			}
			for _, p := range probs {
				if p != 1/float64(numValues-i) {
					t.Fatalf("draw %d: probabilities %v; want 1/%d each", i+1, probs, numValues-i)
				}
			}
			draw(t, s, v)
			draw(t, s, v) // the defender's pile loses the same cards
			if s.crewRanium[blue] != 1 {
				t.Fatalf("draw %d: blue carries %d after %d against %d-1; want 1", i+1, s.crewRanium[blue], v, v)
			}
		}
		// The piles are used up and shuffled anew: all five are back.
		if s.deck[0].Avail != allValues || s.deck[1].Avail != allValues {
			t.Fatalf("piles %05b and %05b after five draws each; want all five cards back", s.deck[0].Avail, s.deck[1].Avail)
		}
		s.crewRanium[blue], s.crewRanium[red], s.ore = 0, 1, 4
		s.crewPos[blue] = s.crewPos[red]
		play(t, s, "G blue attacks red")
		if values, _ := outcomes(s); len(values) != numValues {
			t.Fatalf("outcomes %v after the reshuffle; want all five", values)
		}
		refuse(t, s, "card 3", "chance only draws a symbol card of seat 1 now")
		if err := s.Explain(0, actTurn); game.ErrorCode(err) != game.CodeNotYourTurn || !strings.Contains(err.Error(), "a symbol card of seat 1 is drawn") {
			t.Fatalf("seat 0 acting while chance draws: %v; want not_your_turn naming the draw", err)
		}
	})
	t.Run("strategy", func(t *testing.T) {
		s := combat("strategy")
		if a := s.Actors(nil); len(a) != 1 || a[0] != 0 {
			t.Fatalf("actors %v; want the attacker (seat 0) to choose a card", a)
		}
		if got := s.ChanceOutcomes(nil); len(got) != 0 {
			t.Fatalf("chance outcomes %v in the strategy variant; want none", got)
		}
		if err := s.Explain(game.Chance, actDraw); game.ErrorCode(err) != game.CodeNotYourTurn {
			t.Fatalf("a draw in the strategy variant: %v; want not_your_turn", err)
		}
	})
}

// TestDrawsArePublic: every card chance draws is revealed to everyone, the
// table names the draw to every seat (MoveIsPublic), and every view shows
// it; the attacker's card lies face up before the defender's is drawn.
func TestDrawsArePublic(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.crewPos[red] = s.crewPos[blue]
	s.crewRanium[red] = 1
	s.ranium &^= 1 << innerCorners[1]
	play(t, s, "G blue attacks red")
	for _, a := range s.Legal(game.Chance, nil) {
		if !s.MoveIsPublic(game.Chance, a) {
			t.Fatalf("MoveIsPublic(chance, %s) = false; want every draw public", s.ActionString(game.Chance, a))
		}
	}
	if hidden := checkPublicAgainstViews(t, s); hidden != 0 {
		t.Fatalf("%d draws cannot be told apart in the seats' views; want none", hidden)
	}
	draw(t, s, 5)
	for _, p := range []game.Player{0, 1, game.Spectator} {
		v := s.View(p).(*View)
		if v.Combat == nil || !v.Combat.AttackerDone || v.Combat.AttackerCard != 5 || v.Seats[0].LastCard != 5 {
			t.Fatalf("view of %s: combat %+v, seat 0's last card %d; want the attacker's drawn 5 face up", p, v.Combat, v.Seats[0].LastCard)
		}
		if v.ToAct != -1 || v.DrawFor != 1 {
			t.Fatalf("view of %s: to act %d, drawing for %d; want -1 and seat 1", p, v.ToAct, v.DrawFor)
		}
	}
	if hidden := checkPublicAgainstViews(t, s); hidden != 0 {
		t.Fatalf("%d of the defender's draws cannot be told apart in the seats' views; want none", hidden)
	}
}

// TestExplainCountsSeatsFromOne: the reasons people read name seats as the
// app shows them, from 1.
func TestExplainCountsSeatsFromOne(t *testing.T) {
	s, _, err := game.Start(New(), 2, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    game.Player
		move string
		want string
	}{
		{1, "keep planet", "seat 1 (the start player) may swap cards"},
		{game.Chance, "draw 2", "no symbol card is drawn now: seat 1 (the start player)"},
	} {
		a, _ := s.ParseAction(c.p, c.move)
		if err := s.(*State).Explain(c.p, a); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s by %s: %v; want a reason containing %q", c.move, c.p, err, c.want)
		}
	}
	play(t, s, "keep planet")
	play(t, s, "choose red")
	refuse(t, s, "choose red", "the red crew already belongs to seat 2")
	a, _ := s.ParseAction(1, "choose blue")
	if err := s.(*State).Explain(1, a); err == nil || !strings.Contains(err.Error(), "seat 1 chooses a crew") {
		t.Errorf("choose blue by the wrong seat: %v; want the reason to name seat 1", err)
	}
	if _, err := NewGreedy(1).Act(context.Background(), s, 1); err == nil || !strings.Contains(err.Error(), "seat 2 has no legal action") {
		t.Errorf("the greedy bot asked for the seat not to act: %v; want it to name seat 2", err)
	}
}
