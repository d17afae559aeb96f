package minerals

import (
	_ "embed"
)

//go:embed rules/en.md
var rulesEnglish string

// Rules returns the rules text in Markdown; only English exists, so other
// languages get English and ok=false.
func (g *Game) Rules(lang string) (string, bool) { return rulesEnglish, lang == "en" }
