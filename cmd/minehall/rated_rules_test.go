package main

import (
	"fmt"
	"strings"
	"testing"

	"minehall/game"
)

// Each game's English rules text states, under "Rated games", what the
// recorder applies: the own actions a rated result needs and every
// rulebook setting an option is limited to.
func TestRulesTextStatesRatedRules(t *testing.T) {
	for _, g := range registry().Games() {
		spec := g.Spec()
		rb, ok := g.(game.Rulebook)
		if !ok {
			t.Errorf("%s has no rules text", spec.ID)
			continue
		}
		text, _ := rb.Rules("en")
		_, section, ok := strings.Cut(text, "\n## Rated games\n")
		if !ok {
			t.Errorf("%s: the rules text has no \"Rated games\" section", spec.ID)
			continue
		}
		section, _, _ = strings.Cut(section, "\n## ")
		flat := strings.Join(strings.Fields(section), " ")
		if want := fmt.Sprintf("at least %d of their seat's actions themselves", spec.OwnMovesToRate()); !strings.Contains(flat, want) {
			t.Errorf("%s: \"Rated games\" does not say %q", spec.ID, want)
		}
		for _, o := range spec.Options {
			for _, v := range o.Rated {
				// A yes-or-no setting is written as on or off.
				if o.Kind == game.OptionBool {
					v = map[string]string{"true": "on", "false": "off"}[v]
				}
				if !strings.Contains(flat, v) {
					t.Errorf("%s: \"Rated games\" does not name %s's rulebook setting %s", spec.ID, o.Key, v)
				}
			}
		}
	}
}
