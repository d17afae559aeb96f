package tf22

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"minehall/game"
)

// mirrorLetters swaps north and south in exits given as letters.
func mirrorLetters(ex string) string {
	var m uint8
	for i, e := range edgeLetters {
		for j := range len(ex) {
			if ex[j] == e {
				m |= 1 << i
			}
		}
	}
	return exitLetters(m&^(edgeN|edgeS) | (m&edgeN)<<2 | (m&edgeS)>>2)
}

// mirrored returns tunnels (exits per color) mirrored over the long axis.
func mirrored(tunnels map[string]string) map[string]string {
	out := map[string]string{}
	for col, ex := range tunnels {
		out[col] = mirrorLetters(ex)
	}
	return out
}

// The rulebook: "Auf den Minenkarten gibt es 2 Abbildungen. Die eine zeigt
// ein Symbol und die andere bildet die Wege der Kartenrückseite ab, so als
// würde man durch die Karte hindurchsehen." RULINGS.md: "A card shows its
// tunnels on the face and, faintly, the back's tunnels. Rotating 180°
// keeps the face; flipping over the long or short side shows the back,
// mirrored accordingly." So what shows through a card is what its face
// shows once flipped over the long side (B), mirrored back over that side;
// a half turn (A) turns it with the card.
func TestViewFaintTunnels(t *testing.T) {
	s := started(t, 4, "standard", "white", "red", "blue", "yellow")
	cardAt := func(pos int) CardView { return s.View(0).(*View).Cards[pos] }
	checked := 0
	for pos := range numPos {
		before := cardAt(pos)
		if len(before.Faint) == 0 && len(before.Tunnels) == 0 {
			continue
		}
		name := posName(pos)
		// Flip over the long side: the faint tunnels come to the face,
		// mirrored over the long axis; the old face shows faintly.
		s.ore = 4
		play(t, s, "B "+name)
		after := cardAt(pos)
		if want := mirrored(before.Faint); !maps.Equal(after.Tunnels, want) {
			t.Errorf("card %s flipped over its long side shows %v; its faint tunnels were %v, so want %v", name, after.Tunnels, before.Faint, want)
		}
		if want := mirrored(before.Tunnels); !maps.Equal(after.Faint, want) {
			t.Errorf("card %s flipped over its long side shows faintly %v; want its old face mirrored, %v", name, after.Faint, want)
		}
		// A half turn turns the faint tunnels with the card.
		s.ore = 4
		play(t, s, "A "+name)
		turned := cardAt(pos)
		for col, ex := range after.Faint {
			var m uint8
			for i, e := range edgeLetters {
				for j := range len(ex) {
					if ex[j] == e {
						m |= 1 << i
					}
				}
			}
			if got, want := turned.Faint[col], exitLetters(rot180(m)); got != want {
				t.Errorf("card %s turned: faint %s tunnel %q; want %q", name, col, got, want)
			}
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("checked %d cards; want at least 10", checked)
	}
}

// The rulebook: "Der Spieler rechts vom Startspieler wählt eine Minencrew
// aus und erhält die 5 Symbolkarten in der entsprechenden Farbe." A seat's
// color is its crew's; with two players, "Jeder Spieler erhält 5
// Symbolkarten in einer Farbe", the color chosen first. Before its choice
// a seat has none.
func TestViewSeatColors(t *testing.T) {
	for _, tc := range []struct {
		players int
		choices []string
		want    []string
	}{
		// Colors are chosen counterclockwise from the start player's right:
		// seats 4, 3, 2 and 1 (counted from 1) in that order.
		{4, []string{"red", "white", "yellow", "blue"}, []string{"blue", "yellow", "white", "red"}},
		{3, []string{"yellow", "red", "blue"}, []string{"blue", "red", "yellow"}},
		// With two players the second player chooses first, then in turn.
		{2, []string{"blue", "red", "white", "yellow"}, []string{"red", "blue"}},
	} {
		t.Run(fmt.Sprint(tc.players), func(t *testing.T) {
			st, _, err := game.Start(New(), tc.players, game.Options{OptionSymbolCards: "standard"}, 7)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			play(t, s, "keep planet")
			if v := s.View(game.Spectator).(*View); !slices.Equal(v.SeatColors, make([]string, tc.players)) {
				t.Errorf("before the choices: seat colors %q; want none", v.SeatColors)
			}
			for _, c := range tc.choices {
				play(t, s, "choose "+c)
			}
			for _, p := range []game.Player{0, game.Spectator} {
				v := s.View(p).(*View)
				if !slices.Equal(v.SeatColors, tc.want) {
					t.Errorf("viewer %s: seat colors %q; want %q", p, v.SeatColors, tc.want)
				}
				for seat, sv := range v.Seats {
					if sv.SymbolColor != v.SeatColors[seat] || !slices.Contains(sv.Crews, v.SeatColors[seat]) {
						t.Errorf("seat %d: color %q; its crews are %v and its symbol cards %q", seat+1, v.SeatColors[seat], sv.Crews, sv.SymbolColor)
					}
				}
			}
		})
	}
}

// The rulebook prints each action's cost: "A. … => 1 Erz" to "I. … => 1
// Erz", "J. Geheimstollen => 3 Erz", "K. Transporterfalle => 2 Erz"; and
// each player color has "5 Symbolkarten … mit den Werten 2 – 6", each
// showing a symbol of the inner ring. The view carries both, so that a
// client needs no copy.
func TestViewCostsAndSymbolCards(t *testing.T) {
	s := started(t, 4, "standard", "white", "red", "blue", "yellow")
	v := s.View(1).(*View)
	want := map[string]int{"A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1, "G": 1, "H": 1, "I": 1, "J": 3, "K": 2}
	if !maps.Equal(v.Costs, want) {
		t.Errorf("costs %v; want %v", v.Costs, want)
	}
	pk := DefaultPack()
	if len(v.SymbolCards) != numColors {
		t.Fatalf("symbol cards of %d colors; want %d", len(v.SymbolCards), numColors)
	}
	for _, sc := range pk.SymbolCards {
		if got := v.SymbolCards[sc.Color][sc.Value-minValue]; got != sc.Symbol {
			t.Errorf("the %s %d shows %q; want %q", sc.Color, sc.Value, got, sc.Symbol)
		}
	}
}

// The rulebook: "H. Raumlader bewegen => 1 Erz. Der Spieler kann einen
// Raumlader um eine Minenkarte vorwärts oder rückwärts über die
// Planetenoberfläche bewegen." RULINGS.md: loaders move by docks. Each
// loader's view names the docks one step forward and back: where H takes
// it.
func TestViewLoaderSteps(t *testing.T) {
	s := started(t, 4, "standard", "white", "red", "blue", "yellow")
	moved := 0
	for _, dir := range []string{"forward", "back"} {
		for l := 1; l <= numLoader; l++ {
			before := s.View(0).(*View).Loaders[l-1]
			move := fmt.Sprintf("H loader %d %s", l, dir)
			s.ore = 4
			p := s.Actors(nil)[0]
			if _, err := game.PlayNotation(s, p, move); err != nil {
				continue // blocked by another loader
			}
			after := s.View(0).(*View).Loaders[l-1]
			want := before.Forward
			if dir == "back" {
				want = before.Back
			}
			if got := (DockView{after.Dock, after.Row, after.Col, after.Edge}); got != want {
				t.Errorf("%s: the loader went to %+v; its view said %+v", move, got, want)
			}
			moved++
		}
	}
	if moved < 3 {
		t.Errorf("only %d loader moves were possible; want at least 3", moved)
	}
	for _, l := range s.View(0).(*View).Loaders {
		if (l.Forward.Dock+numDocks-1)%numDocks != l.Dock || (l.Back.Dock+1)%numDocks != l.Dock {
			t.Errorf("loader %d at dock %d: forward %d, back %d; want the neighbouring docks", l.Loader, l.Dock, l.Forward.Dock, l.Back.Dock)
		}
	}
}
