package minerals

import (
	"embed"

	"minehall/game"
)

//go:embed rules/*.md
var rulesFS embed.FS

// rules is the rules text in every language of the app.
var rules = game.MustReadRulesText(rulesFS, "rules")

// Rules implements game.Rulebook: the rules in lang (en, de, fr or nl) with
// ok = true, or English with ok = false.
func (g *Game) Rules(lang string) (string, bool) { return rules.Rules(lang) }
