package hammertime

import (
	_ "embed"
)

var (
	//go:embed rules/en.md
	rulesEN string
	//go:embed rules/de.md
	rulesDE string
	//go:embed rules/fr.md
	rulesFR string
	//go:embed rules/nl.md
	rulesNL string
)

// rulesByLang holds the rules text of every language the app offers, by
// language code.
var rulesByLang = map[string]string{"en": rulesEN, "de": rulesDE, "fr": rulesFR, "nl": rulesNL}

// Rules returns the rules text for the app in English, German, French or
// Dutch ("en", "de", "fr", "nl") with ok = true; any other language falls
// back to English with ok = false.
func (g *Game) Rules(lang string) (string, bool) {
	if text, ok := rulesByLang[lang]; ok {
		return text, true
	}
	return rulesEN, false
}
