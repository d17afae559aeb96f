package tf22

import (
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func TestRulesLanguages(t *testing.T) {
	gametest.Rulebook(t, New(),
		gametest.Translation{Lang: "en", Reconstructed: "reconstructed", Ruling: "**Ruling**"},
		gametest.Translation{Lang: "de", Reconstructed: "rekonstruiert", Ruling: "**Regelentscheidung**"},
		gametest.Translation{Lang: "fr", Reconstructed: "reconstitué", Ruling: "**Décision**"},
		gametest.Translation{Lang: "nl", Reconstructed: "gereconstrueerd", Ruling: "**Uitspraak**"},
	)
}

// TestRulesTextStatesTheRulings checks that the rules text of every
// language states the rulings of RULINGS.md that the engine applies (loaders
// move by docks; Ranium delivered in a defender's free action is placed by
// the player to the right of the deliverer; the secret tunnel is closed
// while any crew of the player carries Ranium), and counts seats from 1 as
// the app does.
func TestRulesTextStatesTheRulings(t *testing.T) {
	for _, c := range []struct {
		lang  string
		want  []string
		first string // how the text names the first seat
		zero  string // how it would name a seat 0
	}{
		{"en", []string{"are counted in docks", "a step may stay on the same\n   card",
			"placed by the\n     player to the right of the player who delivered it",
			"only while none of their crews carries White Ranium"}, "seat 1;", "seat 0"},
		{"de", []string{"werden in Andockstationen entlang der Oberfläche gezählt", "auf derselben Minenkarte bleiben",
			"setzt der Spieler rechts von dem Spieler, der es übergeben\n     hat",
			"solange keine seiner Minencrews Weißes Ranium trägt"}, "Platz 1;", "Platz 0"},
		{"fr", []string{"se comptent en points\n   d'amarrage", "un pas peut donc rester sur la même\n   carte",
			"placé par le joueur à droite du joueur qui l'a livré",
			"que si aucune de ses équipes ne porte de Ranium Blanc"}, "la place 1 ;", "place 0"},
		{"nl", []string{"worden geteld in aanmeerplaatsen", "kan een stap op dezelfde kaart blijven",
			"legt de speler rechts van de speler die het afleverde",
			"zolang geen van zijn ploegen Wit Ranium draagt"}, "plaats 1;", "plaats 0"},
	} {
		text, ok := New().(game.Rulebook).Rules(c.lang)
		if !ok {
			t.Fatalf("no rules in %s", c.lang)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the rules do not say %q", c.lang, w)
			}
		}
		if !strings.Contains(text, c.first) || strings.Contains(text, c.zero) {
			t.Errorf("%s: the rules should name the start player %q and no %q", c.lang, c.first, c.zero)
		}
	}
	de, _ := New().(game.Rulebook).Rules("de")
	if strings.Contains(de, "kann sie nur das tun") || !strings.Contains(de, "Bis sie in einen Stollen dieser Minenkarte wechselt (E), kann sie nur Weißes Ranium\n  einsammeln (F) oder stehlen (G)") {
		t.Errorf("de: the crew in the rock is not described in the corrected sentence")
	}
}
