package hammertime

import (
	_ "embed"
)

//go:embed rules/en.md
var rulesEN string

// Rules returns the rules text for the app. Only English is available; other
// languages fall back to it.
func (g *Game) Rules(lang string) (string, bool) {
	return rulesEN, lang == "en"
}
