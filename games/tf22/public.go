package tf22

import "minehall/game"

var (
	_ game.PublicMover     = (*State)(nil)
	_ game.HiddenMoveNamer = (*State)(nil)
)

// HiddenMove implements game.HiddenMoveNamer: of the attacker's symbol card
// laid face down, everyone may know that it was laid ("card"), not its
// value.
func (s *State) HiddenMove(p game.Player, a game.Action) string {
	if s.MoveIsPublic(p, a) {
		return ""
	}
	return "card"
}

// MoveIsPublic reports whether every seat may learn that p took a, before a
// is applied. Every move of TF22 Mine lies open on the table but one: in
// the strategy variant the attacker's symbol card, which lies face down
// until the defender has answered. The defender's answer is public, since
// it reveals both cards at once, and so is a symbol card revealed to place
// delivered Ranium. The symbol cards chance draws (luck and standard
// variants) are public too: the rulebook has both cards of a combat played
// open ("Beide Spieler spielen eine Symbolkarte aus") and the card for
// delivered Ranium revealed ("deckt nun eine Symbolkarte auf"), so no draw
// stays hidden from anyone.
func (s *State) MoveIsPublic(p game.Player, a game.Action) bool {
	return !(decode(int(a)).kind == kindCard && s.phase == phaseTurn && s.placeCount == 0 &&
		s.fight.Stage == combatAttackerCard)
}
