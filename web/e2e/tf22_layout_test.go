package e2e

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/tf22"
)

// tf22LayoutSeed deals the 2-player strategy games the TF22 layout cases
// are played from.
const tf22LayoutSeed = 20260102

// tf22LayoutOptions are the options of the TF22 layout cases: the strategy
// variant (the players choose symbol cards, so that the combat dialog and
// the placement's card choice are steps of their own).
var tf22LayoutOptions = game.Options{"symbol_cards": "strategy"}

// tf22Prefer plays TF22 Mine like a player in a hurry for Ranium: a
// delivery, a steal, a collection, a move towards it, then anything; the
// start player swaps cards while it may.
func tf22Prefer(_ game.State, _ game.Player, move string) int {
	switch strings.Fields(move)[0] {
	case "keep":
		return 0
	case "I":
		return 6
	case "G":
		return 5
	case "F":
		return 4
	case "D", "J", "E":
		return 2
	}
	return 1
}

// tf22LayoutView is the view of seat you in s.
func tf22LayoutView(s game.State, you game.Player) *tf22.View {
	return s.View(you).(*tf22.View)
}

// tf22StartPlayer is the seat that swaps cards first in the layout cases'
// deal.
func tf22StartPlayer(t *testing.T) game.Player {
	t.Helper()
	s, _, err := game.Start(tf22.New(), 2, tf22LayoutOptions, tf22LayoutSeed)
	if err != nil {
		t.Fatal(err)
	}
	return s.Actors(nil)[0]
}

// tf22LayoutCase is a layout case of the 2-player deal, seen by seat you,
// reached when reach says so.
func tf22LayoutCase(name string, you game.Player, reach func(v *tf22.View, s game.State, plies int) bool, parts ...layoutPart) layoutCase {
	return layoutCase{goldenCase: goldenCase{
		Name: name, Game: tf22.New(), Players: 2, Options: tf22LayoutOptions, Seed: tf22LayoutSeed,
		Names: []string{"Ann", "Bob"}, Bots: []string{"", ""}, You: you,
		Reach: func(s game.State, plies int) bool {
			if s.Terminal() {
				return reach(tf22LayoutView(s, you), s, plies)
			}
			return slices.Contains(s.Actors(nil), you) && reach(tf22LayoutView(s, you), s, plies)
		},
		Prefer: tf22Prefer,
		Ready:  `document.querySelectorAll('#tf-planet .tfcard').length === 36`,
	}, Parts: parts}
}

// tf22Planet is the part every TF22 step needs: the planet.
var tf22Planet = layoutPart{Name: "planet", Selector: "#tf-planet"}

// tf22LayoutCases are the steps of a TF22 game on a phone: the start
// player's card swaps, the choice of a crew, a turn's choice of action, the
// choice of a card to turn, of a crew and its destination, of a loader's
// move, the combat dialog, the placement of delivered Ranium, and the end.
func tf22LayoutCases(t *testing.T) []layoutCase {
	start := tf22StartPlayer(t)
	turn := func(v *tf22.View, _ game.State, plies int) bool {
		return v.Phase == "turn" && v.Combat == nil && v.Placement == nil && v.FreeAction < 0 && v.Ore == 4 && plies > 12
	}
	withPrepare := func(c layoutCase, prepare, ready string) layoutCase {
		c.Prepare, c.PrepareReady = prepare, ready
		return c
	}
	click := func(sel string) string {
		return `document.querySelector('` + sel + `').click()`
	}
	return []layoutCase{
		tf22LayoutCase("tf22-layout-swap", start, func(v *tf22.View, _ game.State, plies int) bool { return v.Phase == "swap" && plies > 0 },
			tf22Planet,
			layoutPart{Name: "swappable card", Selector: "#tf-planet .tfcard.legal", Each: true},
			layoutPart{Name: "keep button", Selector: `#tf-setup [data-move="keep planet"]`}),
		tf22LayoutCase("tf22-layout-choose", 1-start, func(v *tf22.View, _ game.State, _ int) bool { return v.Phase == "choose" },
			tf22Planet,
			layoutPart{Name: "crew button", Selector: `#tf-setup [data-move^="choose "]`, Each: true}),
		tf22LayoutCase("tf22-layout-turn", start, turn,
			tf22Planet,
			layoutPart{Name: "ore", Selector: "#tf-ore"},
			layoutPart{Name: "action", Selector: "#tf-palette .tf-act", Each: true}),
		withPrepare(tf22LayoutCase("tf22-layout-card", start, turn,
			tf22Planet,
			layoutPart{Name: "card to turn", Selector: "#tf-planet .tfcard.legal", Each: true},
			layoutPart{Name: "cancel button", Selector: `#tf-choices [data-key="cancel"]`}),
			click(`#tf-palette [data-key="action:A"]`), `document.querySelectorAll('#tf-planet .tfcard.legal').length > 0`),
		withPrepare(tf22LayoutCase("tf22-layout-move", start, func(v *tf22.View, s game.State, plies int) bool {
			return turn(v, s, plies) && tf22CanMoveBothCrews(s, start)
		},
			tf22Planet,
			layoutPart{Name: "crew chip", Selector: `#tf-choices [data-key^="pick:"]`, Each: true},
			layoutPart{Name: "destination", Selector: "#tf-planet .tfcard.legal", Each: true},
			layoutPart{Name: "cancel button", Selector: `#tf-choices [data-key="cancel"]`}),
			click(`#tf-palette [data-key="action:D"]`), `document.querySelectorAll('#tf-choices [data-key^="pick:"]').length === 2`),
		withPrepare(tf22LayoutCase("tf22-layout-loader", start, turn,
			tf22Planet,
			layoutPart{Name: "loader move", Selector: "#tf-planet .loadertarget", Each: true},
			layoutPart{Name: "cancel button", Selector: `#tf-choices [data-key="cancel"]`}),
			click(`#tf-palette [data-key="action:H"]`), `document.querySelectorAll('#tf-planet .loadertarget').length > 0`),
		tf22LayoutCase("tf22-layout-combat", start, func(v *tf22.View, _ game.State, _ int) bool { return v.Combat != nil },
			tf22Planet,
			layoutPart{Name: "combat", Selector: "#tf-combat"},
			layoutPart{Name: "symbol card", Selector: `#tf-combat .hand [data-move^="card "]`, Each: true}),
		tf22LayoutCase("tf22-layout-place", start, func(v *tf22.View, _ game.State, _ int) bool { return v.Placement != nil },
			tf22Planet,
			layoutPart{Name: "placement", Selector: "#tf-placement"},
			layoutPart{Name: "symbol card", Selector: `#tf-placement .hand [data-move^="card "]`, Each: true, Optional: true},
			layoutPart{Name: "inner-ring card", Selector: "#tf-planet .tfcard.legal", Each: true, Optional: true}),
		tf22LayoutCase("tf22-layout-end", start, func(_ *tf22.View, s game.State, _ int) bool { return s.Terminal() },
			layoutPart{Name: "end heading", Selector: "#end-h", Optional: true},
			layoutPart{Name: "scores", Selector: "#end .scores", Optional: true}),
	}
}

// tf22CanMoveBothCrews reports whether both crews of seat p may move in
// their tunnels (action D) in s.
func tf22CanMoveBothCrews(s game.State, p game.Player) bool {
	crews := map[string]bool{}
	for _, a := range s.Legal(p, nil) {
		if f := strings.Fields(s.ActionString(p, a)); f[0] == "D" {
			crews[f[1]] = true
		}
	}
	return len(crews) == 2
}

// TestTF22Layout checks that every step of a TF22 game fits a phone's
// screen (see layout_test.go): the planet and the step's targets and
// buttons, uncovered, with room for a thumb.
func TestTF22Layout(t *testing.T) { runLayouts(t, tf22LayoutCases(t)) }
