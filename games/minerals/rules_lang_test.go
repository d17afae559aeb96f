package minerals

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
		reconstructed string
	}{
		{"en", "reconstructed"},
		{"de", "rekonstruiert"},
		{"fr", "reconstitué"},
		{"nl", "gereconstrueerd"},
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
			if got, want := strings.Count(text, "\n|"), strings.Count(english, "\n|"); got != want {
				t.Errorf("Rules(%q) has %d table rows; want %d as in English", tt.lang, got, want)
			}
			if !strings.Contains(text, tt.reconstructed) {
				t.Errorf("Rules(%q) does not contain %q", tt.lang, tt.reconstructed)
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
