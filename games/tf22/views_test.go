package tf22

import (
	"testing"
)

// TestLastCombatNumber plays two identical combats in a row (in the luck
// variant, where every draw is one of all five cards): their views differ
// only in the combat's number.
func TestLastCombatNumber(t *testing.T) {
	s := twoPlayers(t, "luck")
	if v := s.View(0).(*View); v.LastCombat != nil {
		t.Fatalf("last combat %+v before any combat; want none", v.LastCombat)
	}
	s.crewPos[red] = s.crewPos[blue]
	s.crewRanium[red] = 1
	s.ranium &^= 1 << innerCorners[1]
	var seen []LastCombatView
	for range 2 {
		play(t, s, "G blue attacks red") // 4 against 5-1: a tie, nothing changes
		draw(t, s, 4)
		draw(t, s, 5)
		seen = append(seen, *s.View(1).(*View).LastCombat)
	}
	if seen[0].Number != 1 || seen[1].Number != 2 {
		t.Fatalf("combat numbers %d and %d; want 1 and 2", seen[0].Number, seen[1].Number)
	}
	want := LastCombatView{Number: 2, Attacker: "blue", Defender: "red", AttackerCard: 4, DefenderCard: 5, AttackerValue: 4, DefenderValue: 4}
	if seen[1] != want {
		t.Fatalf("second combat %+v; want %+v", seen[1], want)
	}
	seen[0].Number = 2
	if seen[0] != seen[1] {
		t.Fatalf("the combats' views %+v and %+v differ in more than the number", seen[0], seen[1])
	}
}
