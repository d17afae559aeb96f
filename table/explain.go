package table

import (
	"strings"

	"minehall/game"
	"minehall/store"
)

// Explain says whether seat may play move (in the game's notation) now,
// without playing it: nil when Act would accept it (its sequence number
// aside), else the error Act would return, with the engine's reason
// (game.Explainer) for a well-formed move against the rules. It changes
// nothing.
func (t *Table) Explain(seat game.Player, move string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.rec.Status == store.StatusOpen:
		return game.Errorf(game.CodeConflict, "the game has not started")
	case t.rec.Status == store.StatusFinished || t.state.Terminal():
		return game.Errorf(game.CodeGameOver, "the game is over")
	case !seat.Seated() || int(seat) >= len(t.clientSeq):
		return game.Errorf(game.CodeUnauthorized, "only a seated player may act")
	}
	a, err := t.state.ParseAction(seat, strings.TrimSpace(move))
	if err != nil {
		return err
	}
	return game.Check(t.state, seat, a)
}
