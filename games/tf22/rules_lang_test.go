package tf22

import (
	"testing"

	"minehall/game/gametest"
)

func TestRulesLanguages(t *testing.T) {
	gametest.Rulebook(t, New(),
		gametest.Translation{Lang: "en", Reconstructed: "reconstructed", Ruling: "**Ruling**"},
		gametest.Translation{Lang: "de", Reconstructed: "rekonstruiert", Ruling: "**Regelentscheidung**"},
		gametest.Translation{Lang: "fr", Reconstructed: "reconstitué", Ruling: "**Décision**"},
		gametest.Translation{Lang: "nl", Reconstructed: "gereconstrueerd", Ruling: "**Uitspraak**"},
	)
}
