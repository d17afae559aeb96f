package tf22

import (
	"regexp"
	"strings"
	"testing"

	"minehall/game"
)

// rulesHeadingCount counts the Markdown heading lines of a rules text.
func rulesHeadingCount(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "#") {
			n++
		}
	}
	return n
}

// listItemPattern matches the first line of a Markdown list item or a table row.
var listItemPattern = regexp.MustCompile(`^ *(- |[0-9]+\. |\|)`)

// listItemCount counts the list items and table rows of a rules text.
func listItemCount(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if listItemPattern.MatchString(line) {
			n++
		}
	}
	return n
}

func TestRulesLanguages(t *testing.T) {
	book := New().(game.Rulebook)
	english, ok := book.Rules("en")
	if !ok || english == "" {
		t.Fatalf("Rules(en): ok %v, %d bytes; want ok true and a text", ok, len(english))
	}
	wantHeadings := rulesHeadingCount(english)
	wantItems := listItemCount(english)
	wantRulings := strings.Count(english, "**Ruling**")
	wantReconstructed := strings.Count(strings.ToLower(english), "reconstructed")
	for _, tc := range []struct {
		lang          string
		reconstructed string
		ruling        string
	}{
		{"en", "reconstructed", "**Ruling**"},
		{"de", "rekonstruiert", "**Regelentscheidung**"},
		{"fr", "reconstitué", "**Décision**"},
		{"nl", "gereconstrueerd", "**Uitspraak**"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			text, ok := book.Rules(tc.lang)
			if !ok {
				t.Fatalf("Rules(%q) ok = false; want true", tc.lang)
			}
			if strings.TrimSpace(text) == "" {
				t.Fatalf("Rules(%q) is empty", tc.lang)
			}
			if got := rulesHeadingCount(text); got != wantHeadings {
				t.Errorf("Rules(%q) has %d headings; want %d as in English", tc.lang, got, wantHeadings)
			}
			if got := strings.Count(strings.ToLower(text), tc.reconstructed); got < wantReconstructed {
				t.Errorf("Rules(%q) says %q %d times; want at least %d, as often as English says \"reconstructed\"", tc.lang, tc.reconstructed, got, wantReconstructed)
			}
			if got := listItemCount(text); got != wantItems {
				t.Errorf("Rules(%q) has %d list items and table rows; want %d as in English", tc.lang, got, wantItems)
			}
			if got := strings.Count(text, tc.ruling); got != wantRulings {
				t.Errorf("Rules(%q) marks %d rulings %q; want %d as in English", tc.lang, got, tc.ruling, wantRulings)
			}
			if tc.lang != "en" && text == english {
				t.Errorf("Rules(%q) is the English text; want a translation", tc.lang)
			}
		})
	}
	for _, lang := range []string{"it", "", "EN", "de-DE"} {
		text, ok := book.Rules(lang)
		if ok {
			t.Errorf("Rules(%q) ok = true; want false", lang)
		}
		if text != english {
			t.Errorf("Rules(%q) is not the English text; want the English fallback", lang)
		}
	}
}
