package game

import (
	"fmt"
	"io/fs"
	"path"
)

// Languages are the app's languages, English first. Every game's rules
// text comes in each of them.
var Languages = []string{"en", "de", "fr", "nl"}

// RulesText is a game's rules in each of the app's languages, by language
// code. A game's [Rulebook] method returns its Rules.
type RulesText map[string]string

// ReadRulesText reads dir/<lang>.md from fsys for every language of
// [Languages]; a missing or empty file is an error that names it.
func ReadRulesText(fsys fs.FS, dir string) (RulesText, error) {
	r := RulesText{}
	for _, lang := range Languages {
		name := path.Join(dir, lang+".md")
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		if len(b) == 0 {
			return nil, fmt.Errorf("%s is empty", name)
		}
		r[lang] = string(b)
	}
	return r, nil
}

// MustReadRulesText is ReadRulesText for rules embedded in the program,
// where a missing file is a build mistake: it panics.
func MustReadRulesText(fsys fs.FS, dir string) RulesText {
	r, err := ReadRulesText(fsys, dir)
	if err != nil {
		panic("game: rules text: " + err.Error())
	}
	return r
}

// Rules returns the text in lang with ok = true, or the English text with
// ok = false for a language the app does not offer.
func (r RulesText) Rules(lang string) (string, bool) {
	if text, ok := r[lang]; ok {
		return text, true
	}
	return r["en"], false
}
