package minerals

import (
	"testing"

	"minehall/game/gametest"
)

func TestRulesLanguages(t *testing.T) {
	gametest.Rulebook(t, New(),
		gametest.Translation{Lang: "en", Reconstructed: "reconstructed"},
		gametest.Translation{Lang: "de", Reconstructed: "rekonstruiert"},
		gametest.Translation{Lang: "fr", Reconstructed: "reconstitué"},
		gametest.Translation{Lang: "nl", Reconstructed: "gereconstrueerd"},
	)
}
