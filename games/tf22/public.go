package tf22

import "minehall/game"

var _ game.PublicMover = (*State)(nil)

// MoveIsPublic reports whether every seat may learn that p took a, before a
// is applied. Every move of TF22 Mine lies open on the table but one: in
// the strategy variant the attacker's symbol card, which lies face down
// until the defender has answered. The defender's answer is public, since
// it reveals both cards at once, and so is a symbol card revealed to place
// delivered Ranium. Cards drawn from a pile (luck and standard variants)
// are drawn by the game, not named by any move, and every card a draw
// reveals is shown to everyone.
func (s *State) MoveIsPublic(p game.Player, a game.Action) bool {
	return !(decode(int(a)).kind == kindCard && s.phase == phaseTurn && s.placeCount == 0 &&
		s.fight.Stage == combatAttackerCard)
}
