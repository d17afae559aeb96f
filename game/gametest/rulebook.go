package gametest

import (
	"regexp"
	"strings"
	"testing"

	"minehall/game"
)

// Translation names a language of a game's rules text and the marks its
// text must carry.
type Translation struct {
	Lang string // "en", "de", "fr", "nl"
	// Reconstructed is the language's word for "reconstructed": it must
	// appear at least as often as English says "reconstructed".
	Reconstructed string
	// Ruling is the language's ruling mark, such as "**Ruling**"; when set,
	// it must appear exactly as often as the English mark does.
	Ruling string
}

// The app's languages that are not English; any other language falls back.
var fallbackLangs = []string{"it", "", "EN", "de-DE"}

var listItem = regexp.MustCompile(`^ *(- |[0-9]+\. |\|)`)

// structure counts the headings and the list items and table rows of a
// Markdown text.
func structure(text string) (headings, items int) {
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
			headings++
		case listItem.MatchString(line):
			items++
		}
	}
	return headings, items
}

// Rulebook checks the rules text of g (a game.Rulebook) in English, the
// first of langs, and in every other language given: each is there with
// ok = true, not empty, not the English text, with as many headings, list
// items and table rows as English, its ruling marks as many as English's,
// and its word for "reconstructed" at least as often. Any other language
// gets the English text with ok = false.
func Rulebook(t *testing.T, g game.Game, langs ...Translation) {
	t.Helper()
	book, ok := g.(game.Rulebook)
	if !ok {
		t.Fatalf("%s has no rules text (not a game.Rulebook)", g.Spec().Title)
	}
	en := langs[0]
	english, ok := book.Rules(en.Lang)
	if !ok || strings.TrimSpace(english) == "" {
		t.Fatalf("Rules(%q): ok %v, %d bytes; want ok and a text", en.Lang, ok, len(english))
	}
	wantHeadings, wantItems := structure(english)
	wantReconstructed := strings.Count(strings.ToLower(english), strings.ToLower(en.Reconstructed))
	for _, tr := range langs {
		t.Run(tr.Lang, func(t *testing.T) {
			text, ok := book.Rules(tr.Lang)
			if !ok || strings.TrimSpace(text) == "" {
				t.Fatalf("Rules(%q): ok %v, %d bytes; want ok and a text", tr.Lang, ok, len(text))
			}
			if tr.Lang != en.Lang && text == english {
				t.Errorf("Rules(%q) is the English text; want a translation", tr.Lang)
			}
			if h, items := structure(text); h != wantHeadings || items != wantItems {
				t.Errorf("Rules(%q) has %d headings and %d list items and table rows; want %d and %d as in English", tr.Lang, h, items, wantHeadings, wantItems)
			}
			if got := strings.Count(strings.ToLower(text), strings.ToLower(tr.Reconstructed)); got < wantReconstructed {
				t.Errorf("Rules(%q) says %q %d times; want at least %d, as often as English marks a reconstructed component", tr.Lang, tr.Reconstructed, got, wantReconstructed)
			}
			if tr.Ruling != "" {
				if got, want := strings.Count(text, tr.Ruling), strings.Count(english, en.Ruling); got != want {
					t.Errorf("Rules(%q) marks %d rulings with %q; want %d as in English", tr.Lang, got, tr.Ruling, want)
				}
			}
		})
	}
	for _, lang := range fallbackLangs {
		if text, ok := book.Rules(lang); ok || text != english {
			t.Errorf("Rules(%q): ok %v, English %v; want the English text with ok false", lang, ok, text == english)
		}
	}
}
