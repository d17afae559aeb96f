package e2e

import (
	"fmt"
	"testing"

	"minehall/game"
	"minehall/games/tf22"
)

// tfCall returns the page-side call of tfRender with the view (JSON), the
// legal moves and the options.
func tfCall(view []byte, legal []string, opts string) string {
	if legal == nil {
		legal = []string{}
	}
	return fmt.Sprintf(`(%s)(null, %s, %s, %s)`, tfRender, view, jsonOf(legal), opts)
}

// TestTF22Shots shoots TF22 Mine at two fixed positions (see
// hammertime_shots_test.go): a four-player game's first turn with action A
// chosen, its targets highlighted on the planet; and, in German and
// color-blind mode, a two-player strategy game's combat on the attacker's
// page, the hand of symbol cards offered.
func TestTF22Shots(t *testing.T) {
	t.Parallel()
	s := tfStarted(t, "red", "white", "yellow", "blue")
	p := s.Actors(nil)[0]
	turn := tfCall(htJSON(t, s.View(p)), tfLegal(s, p), fmt.Sprintf(`{"you": %d}`, p))

	c, _, err := game.Start(tf22.New(), 2, game.Options{"symbol_cards": "strategy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"keep planet", "choose red", "choose blue", "choose yellow", "choose white"} {
		if _, err := game.PlayNotation(c, c.Actors(nil)[0], m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	plan := tf22PlanCombat(c, 300, 40)
	if plan == nil {
		t.Fatalf("no run of at most 40 moves leads to a combat from this deal")
	}
	for _, m := range plan {
		if _, err := game.PlayNotation(c, m.seat, m.move); err != nil {
			t.Fatalf("%s: %v", m.move, err)
		}
	}
	a := c.Actors(nil)[0]
	combat := tfCall(htJSON(t, c.View(a)), tfLegal(c, a), fmt.Sprintf(`{"you": %d, "names": ["Ann", "Bob"], "lang": "de", "colorBlind": true}`, a))

	planet := `document.querySelectorAll('#tf-planet .tfcard').length === 36`
	runShots(t, []shotCase{
		{name: "tf22-turn", draw: turn, prepare: `(document.querySelector('#tf-palette [data-key="action:A"]').click(), true)`,
			ready: planet + ` && document.querySelectorAll('#tf-planet .tfcard.legal').length > 0`},
		{name: "tf22-combat-de", draw: combat, ready: planet + ` && !!document.querySelector('#tf-combat .hand')`, colorBlind: true},
	})
}
