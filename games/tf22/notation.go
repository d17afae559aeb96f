package tf22

import (
	"fmt"
	"strconv"
	"strings"

	"minehall/game"
)

// ActionString returns the notation of a:
//
//	keep planet | swap 1,2 and 5,6 | choose red
//	A 3,4 | B 3,4 | C 3,4              turn or flip the card at row 3, column 4
//	D red to 3,4 | E red to blue | F red | G red attacks blue
//	H loader 2 forward | H loader 2 back | I red | J red to 3,4 | K red to 3,4
//	card 4 | place 2,3                 play a symbol card; place delivered Ranium
//	draw 4                             chance draws a symbol card (luck and standard variants)
//
// Crews are named by their color; positions are row,column from 1,1 at the
// top left. A draw names the card's value; whose card it is follows from
// the state (the attacker's, then the defender's in a combat; the placer's
// for delivered Ranium).
func (s *State) ActionString(p game.Player, a game.Action) string {
	d := decode(int(a))
	switch d.kind {
	case kindKeep:
		return "keep planet"
	case kindSwap:
		return fmt.Sprintf("swap %s and %s", posName(int(ringPositions[d.crew])), posName(int(ringPositions[d.arg])))
	case kindChoose:
		return "choose " + colorNames[d.arg]
	case kindTurn, kindFlipLong, kindFlipShort:
		return d.kind.letter() + " " + posName(d.arg)
	case kindMove, kindSecret, kindTrap:
		return fmt.Sprintf("%s %s to %s", d.kind.letter(), colorNames[d.crew], posName(d.arg))
	case kindSwitch:
		return fmt.Sprintf("E %s to %s", colorNames[d.crew], colorNames[d.arg])
	case kindCollect, kindDeliver:
		return d.kind.letter() + " " + colorNames[d.crew]
	case kindSteal:
		return fmt.Sprintf("G %s attacks %s", colorNames[d.crew], colorNames[d.arg])
	case kindLoader:
		return fmt.Sprintf("H loader %d %s", d.crew+1, [2]string{"forward", "back"}[d.arg])
	case kindCard:
		return fmt.Sprintf("card %d", d.arg+minValue)
	case kindPlace:
		return "place " + posName(d.arg)
	case kindDraw:
		return fmt.Sprintf("draw %d", d.arg+minValue)
	}
	return fmt.Sprintf("action %d", a)
}

// ParseAction is the inverse of ActionString. It reports malformed notation
// with an error of code CodeInvalid; it does not check legality.
func (s *State) ParseAction(p game.Player, text string) (game.Action, error) {
	a, err := parseAction(strings.Fields(text))
	if err != nil {
		return 0, game.Errorf(game.CodeInvalid, "%q: %v", text, err)
	}
	return game.Action(a), nil
}

func parseAction(f []string) (int, error) {
	if len(f) == 0 {
		return 0, fmt.Errorf("empty move")
	}
	want := func(n int, form string) error {
		if len(f) != n {
			return fmt.Errorf("expected %q", form)
		}
		return nil
	}
	crew := func(s string) (int, error) {
		if c := colorIndex(s); c >= 0 {
			return c, nil
		}
		return 0, fmt.Errorf("%q is not a color (white, red, blue, yellow)", s)
	}
	switch f[0] {
	case "keep":
		return actKeep, want(2, "keep planet")
	case "swap":
		if err := want(4, "swap ROW,COL and ROW,COL"); err != nil {
			return 0, err
		}
		x, err := parsePos(f[1])
		if err != nil {
			return 0, err
		}
		y, err := parsePos(f[3])
		if err != nil {
			return 0, err
		}
		i, j := ringIndex[x], ringIndex[y]
		if i < 0 || j < 0 {
			return 0, fmt.Errorf("only ring cards can be swapped; the start cards stay in the center")
		}
		return actSwap + int(min(i, j))*32 + int(max(i, j)), nil
	case "choose":
		if err := want(2, "choose COLOR"); err != nil {
			return 0, err
		}
		c, err := crew(f[1])
		return actChoose + c, err
	case "A", "B", "C":
		if err := want(2, f[0]+" ROW,COL"); err != nil {
			return 0, err
		}
		pos, err := parsePos(f[1])
		return blockStart[kindTurn+kind(f[0][0]-'A')] + pos, err
	case "D", "J", "K":
		if err := want(4, f[0]+" COLOR to ROW,COL"); err != nil || f[2] != "to" {
			return 0, fmt.Errorf("expected %q", f[0]+" COLOR to ROW,COL")
		}
		c, err := crew(f[1])
		if err != nil {
			return 0, err
		}
		pos, err := parsePos(f[3])
		k := map[string]kind{"D": kindMove, "J": kindSecret, "K": kindTrap}[f[0]]
		return blockStart[k] + c*numPos + pos, err
	case "E":
		if err := want(4, "E COLOR to COLOR"); err != nil || f[2] != "to" {
			return 0, fmt.Errorf("expected %q", "E COLOR to COLOR")
		}
		c, err := crew(f[1])
		if err != nil {
			return 0, err
		}
		t, err := crew(f[3])
		return actSwitch + c*numColors + t, err
	case "F", "I":
		if err := want(2, f[0]+" COLOR"); err != nil {
			return 0, err
		}
		c, err := crew(f[1])
		if f[0] == "F" {
			return actCollect + c, err
		}
		return actDeliver + c, err
	case "G":
		if err := want(4, "G COLOR attacks COLOR"); err != nil || f[2] != "attacks" {
			return 0, fmt.Errorf("expected %q", "G COLOR attacks COLOR")
		}
		c, err := crew(f[1])
		if err != nil {
			return 0, err
		}
		t, err := crew(f[3])
		return actSteal + c*4 + t, err
	case "H":
		if err := want(4, "H loader N forward|back"); err != nil || f[1] != "loader" {
			return 0, fmt.Errorf("expected %q", "H loader N forward|back")
		}
		l, err := strconv.Atoi(f[2])
		if err != nil || l < 1 || l > numLoader {
			return 0, fmt.Errorf("%q is not a loader (1 to %d)", f[2], numLoader)
		}
		switch f[3] {
		case "forward":
			return actLoader + (l-1)*2, nil
		case "back":
			return actLoader + (l-1)*2 + 1, nil
		}
		return 0, fmt.Errorf("%q is not a direction (forward or back)", f[3])
	case "card", "draw":
		if err := want(2, f[0]+" VALUE"); err != nil {
			return 0, err
		}
		v, err := strconv.Atoi(f[1])
		if err != nil || v < minValue || v >= minValue+numValues {
			return 0, fmt.Errorf("%q is not a symbol-card value (2 to 6)", f[1])
		}
		if f[0] == "draw" {
			return actDraw + v - minValue, nil
		}
		return actCard + v - minValue, nil
	case "place":
		if err := want(2, "place ROW,COL"); err != nil {
			return 0, err
		}
		pos, err := parsePos(f[1])
		return actPlace + pos, err
	}
	return 0, fmt.Errorf("%q is not a move (keep, swap, choose, A to K, card, place, draw)", f[0])
}
