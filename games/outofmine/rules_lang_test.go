package outofmine

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func TestRulesLanguages(t *testing.T) {
	gametest.Rulebook(t, NewWithPack(DefaultPack()),
		gametest.Translation{Lang: "en", Reconstructed: "reconstructed"},
		gametest.Translation{Lang: "de", Reconstructed: "rekonstruiert"},
		gametest.Translation{Lang: "fr", Reconstructed: "reconstitué"},
		gametest.Translation{Lang: "nl", Reconstructed: "gereconstrueerd"},
	)
}

// The list of the pack's reconstructed components is appended in the
// language of the text, with the rulebook's figures kept.
func TestRulesReconstructedListLocalised(t *testing.T) {
	g := NewWithPack(DefaultPack())
	for _, tt := range []struct{ lang, heading, board string }{
		{"en", "## Reconstructed components in this pack", "- board 1\n"},
		{"de", "## Rekonstruiertes Material in diesem Paket", "- Tableau 1\n"},
		{"fr", "## Matériel reconstitué dans ce paquet", "- plateau 1\n"},
		{"nl", "## Gereconstrueerd materiaal in dit pakket", "- mijngangkaart 1\n"},
	} {
		text, _ := g.Rules(tt.lang)
		for _, want := range []string{"\n" + tt.heading + "\n", tt.board, "OUT OF MINE!", "**9**"} {
			if !strings.Contains(text, want) {
				t.Errorf("Rules(%q) does not contain %q", tt.lang, want)
			}
		}
	}
}

func TestRulesReconstructedItemWording(t *testing.T) {
	tests := []struct {
		lang, item, want string
	}{
		{"en", "shape W5", "shape W5"},
		{"de", "shape W5", "Form W5"},
		{"fr", "card 7", "carte 7"},
		{"nl", "card 7", "schatkaart 7"},
		{"en", `2 L3 tiles with element "silver"`, `2 L3 tiles with element "silver"`},
		{"en", `1 T4 tile with element "rat"`, `1 T4 tile with element "rat"`},
		{"de", `2 L3 tiles with element "silver"`, `2 L3 Plättchen mit Element "Silber"`},
		{"de", `1 T4 tile with element rat`, `1 T4 Plättchen mit Element Ratte`},
		{"fr", `2 L3 tiles with element "silver"`, `2 L3 tuiles avec l'élément "argent"`},
		{"fr", `1 T4 tile with element "rat"`, `1 T4 tuile avec l'élément "rat"`},
		{"nl", `2 L3 tiles with element "woodworm"`, `2 L3 kaartjes met element "houtworm"`},
		{"nl", `1 T4 tile with element "gold"`, `1 T4 kaartje met element "goud"`},
		{"de", "something else", "something else"},
	}
	for _, tt := range tests {
		if got := rulesLanguages[tt.lang].item(tt.item); got != tt.want {
			t.Errorf("item(%s, %q) = %q; want %q", tt.lang, tt.item, got, tt.want)
		}
	}
}

func TestRulesPackWithoutReconstructedItems(t *testing.T) {
	g := NewWithPack(&Pack{})
	for lang, want := range map[string]string{
		"en": "None: this pack is marked as the printed game's data.",
		"de": "Keines: Dieses Paket ist als Daten des gedruckten Spiels markiert.",
		"fr": "Aucun : ce paquet est marqué comme les données du jeu imprimé.",
		"nl": "Geen: dit pakket is gemarkeerd als de gegevens van het gedrukte spel.",
	} {
		if text, _ := g.Rules(lang); !strings.HasSuffix(text, "\n\n"+want+"\n") {
			t.Errorf("Rules(%q) does not end with %q", lang, want)
		}
	}
}

// TestRulesNotationParses: every move written in code in the rules text of
// every language is the game's notation, so seat numbers there count from
// 1 as ParseAction reads them ("seat 0" is refused), and the text says so.
func TestRulesNotationParses(t *testing.T) {
	g := NewWithPack(DefaultPack())
	s := newState(g.pack, 4, settings{})
	verbs := []string{"take", "return", "place", "move", "remove", "swap", "call", "side", "time", "deal", "draw", "lot"}
	fromOne := map[string]string{"en": "seats numbered from 1", "de": "Plätzen ab 1 gezählt", "fr": "numérotées à partir de 1", "nl": "plaatsen geteld vanaf 1"}
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		text, _ := g.Rules(lang)
		moves, seats := 0, 0
		for i, span := range strings.Split(text, "`") {
			f := strings.Fields(span)
			if i%2 == 0 || len(f) == 0 || !slices.Contains(verbs, f[0]) {
				continue
			}
			moves++
			if slices.Contains(f, "seat") {
				seats++
			}
			if _, err := s.ParseAction(game.Chance, span); err != nil {
				t.Errorf("%s: the rules write the move %q: %v", lang, span, err)
			}
		}
		if moves < 15 || seats < 3 {
			t.Errorf("%s: found %d moves written in code, %d naming a seat; want every move of the notation", lang, moves, seats)
		}
		if !strings.Contains(strings.Join(strings.Fields(text), " "), fromOne[lang]) {
			t.Errorf("%s: the rules name seats without saying they count from 1 (%q)", lang, fromOne[lang])
		}
	}
}
