package outofmine

import (
	"strings"
	"testing"
)

// headingCount counts the Markdown heading lines (lines starting with #).
func headingCount(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "#") {
			n++
		}
	}
	return n
}

func TestRulesLanguages(t *testing.T) {
	g := NewWithPack(DefaultPack())
	english, ok := g.Rules("en")
	if !ok || english == "" {
		t.Fatalf("Rules(en) = %d bytes, ok=%v; want English text, ok=true", len(english), ok)
	}
	tests := []struct {
		lang          string
		reconstructed string // the word marking reconstructed components
		heading       string // the heading of the generated list
		board         string // how the list names board 1
	}{
		{"en", "reconstructed", "## Reconstructed components in this pack", "- board 1\n"},
		{"de", "rekonstruiert", "## Rekonstruiertes Material in diesem Paket", "- Tableau 1\n"},
		{"fr", "reconstitué", "## Matériel reconstitué dans ce paquet", "- plateau 1\n"},
		{"nl", "gereconstrueerd", "## Gereconstrueerd materiaal in dit pakket", "- mijngangkaart 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			text, ok := g.Rules(tt.lang)
			if !ok {
				t.Errorf("Rules(%q) ok = false; want true", tt.lang)
			}
			if strings.TrimSpace(text) == "" {
				t.Fatalf("Rules(%q) is empty", tt.lang)
			}
			if tt.lang != "en" && text == english {
				t.Errorf("Rules(%q) returned the English text", tt.lang)
			}
			if got, want := headingCount(text), headingCount(english); got != want {
				t.Errorf("Rules(%q) has %d headings; want %d as in English", tt.lang, got, want)
			}
			if got, want := strings.Count(text, "\n- "), strings.Count(english, "\n- "); got != want {
				t.Errorf("Rules(%q) has %d list items; want %d as in English", tt.lang, got, want)
			}
			if !strings.Contains(strings.ToLower(text), tt.reconstructed) {
				t.Errorf("Rules(%q) does not contain %q", tt.lang, tt.reconstructed)
			}
			for _, want := range []string{"\n" + tt.heading + "\n", tt.board, "OUT OF MINE!", "**9**"} {
				if !strings.Contains(text, want) {
					t.Errorf("Rules(%q) does not contain %q", tt.lang, want)
				}
			}
		})
	}
}

func TestRulesUnknownLanguageFallsBackToEnglish(t *testing.T) {
	g := NewWithPack(DefaultPack())
	english, _ := g.Rules("en")
	for _, lang := range []string{"", "xx", "es", "EN", "de-DE"} {
		text, ok := g.Rules(lang)
		if ok {
			t.Errorf("Rules(%q) ok = true; want false", lang)
		}
		if text != english {
			t.Errorf("Rules(%q) did not return the English text", lang)
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
		{"en", `2 L3 tile(s) with element "silver"`, `2 L3 tile(s) with element "silver"`},
		{"de", `2 L3 tile(s) with element "silver"`, `2 L3 Plättchen mit Element "silver"`},
		{"fr", `2 L3 tile(s) with element "silver"`, `2 L3 tuile(s) avec l'élément "silver"`},
		{"nl", `2 L3 tile(s) with element "silver"`, `2 L3 kaartje(s) met element "silver"`},
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
