package minerals

import (
	_ "embed"
)

//go:embed rules/en.md
var rulesEnglish string

//go:embed rules/de.md
var rulesGerman string

//go:embed rules/fr.md
var rulesFrench string

//go:embed rules/nl.md
var rulesDutch string

// rulesByLanguage maps a language code to the rules text in that language.
var rulesByLanguage = map[string]string{
	"en": rulesEnglish,
	"de": rulesGerman,
	"fr": rulesFrench,
	"nl": rulesDutch,
}

// Rules returns the rules text in Markdown in the language lang (en, de, fr
// or nl) with ok=true; for any other language it returns English and
// ok=false.
func (g *Game) Rules(lang string) (string, bool) {
	if text, ok := rulesByLanguage[lang]; ok {
		return text, true
	}
	return rulesEnglish, false
}
