package minerals

import (
	"fmt"
	"strconv"
	"strings"

	"minehall/game"
)

// The dense action space. A cell action's meaning depends on the phase: the
// mineral removed at set-up, the hex a pawn is placed on, or the end of a
// move.
const (
	actCell     = 0
	actFail     = actCell + NumCells    // no correct move exists: give up the move
	actEnd      = actFail + 1           // end the turn
	actCut      = actEnd + 1            // let the fragments be cut off
	actTake     = actCut + 1            // + slot: take a face-up collection card for all its minerals
	actTakeLess = actTake + faceUpSlots // + slot: take a ♦♦ orpiment card without its orpiment
	actChest    = actTakeLess + faceUpSlots
	actDraw     = actChest + 1 // + mineral: chance, the Chest draws it
	actReveal   = actDraw + int(NumMinerals)
	actSackWith = actReveal + MaxCards           // + opponent seat: open the Sack with that opponent
	actSackGive = actSackWith + MaxPlayers       // + mineral: give one more of it in the swap
	actSackTake = actSackGive + int(NumMinerals) // + mineral: take one more of it in the swap
	actSackSwap = actSackTake + int(NumMinerals) // make the swap
	actSackStop = actSackSwap + 1                // cancel the swap being built
	actHammer   = actSackStop + 1
	actShovel   = actHammer + int(NumMinerals)*NumCells
	actMap      = actShovel + NumCells
	actCompass  = actMap + NumCells
	actGlass    = actCompass + NumCells
	actVortex   = actGlass + NumCells
	actRope     = actVortex + NumCells
	actDynamite = actRope + NumCells
	numActions  = actDynamite + NumCells
)

// cellTools are the tools whose action is a hex, with their first action.
var cellTools = [...]struct {
	tool  ToolID
	first int
}{{Shovel, actShovel}, {Map, actMap}, {Compass, actCompass}, {Glass, actGlass}, {Vortex, actVortex}, {Rope, actRope}, {Dynamite, actDynamite}}

// ActionString returns the notation of a: "remove e7", "place e7", "move
// e7", "no move", "end", "cut", "take 2" (a face-up slot, 1 to 4), "take 2
// without orpiment" (a ♦♦ orpiment card upside down, at its lower value), "chest",
// "draw kyanite", "reveal d05", the Sack's steps "sack with 2" (seats
// counted from 1), "sack give kyanite", "sack take anthracite", "sack swap"
// and "sack cancel", "hammer kyanite e7", and
// "shovel|map|compass|glass|vortex|rope|dynamite e7".
func (s *State) ActionString(p game.Player, a game.Action) string {
	x := int(a)
	switch {
	case x < 0 || x >= numActions:
		return fmt.Sprintf("action %d", x)
	case x < actFail:
		verb := "move"
		switch s.phase {
		case phaseRemove:
			verb = "remove"
		case phasePlacePawn, phaseFailPlace:
			verb = "place"
		}
		return verb + " " + Cell(x).String()
	case x == actFail:
		return "no move"
	case x == actEnd:
		return "end"
	case x == actCut:
		return "cut"
	case x < actTakeLess:
		return "take " + strconv.Itoa(x-actTake+1)
	case x < actChest:
		return "take " + strconv.Itoa(x-actTakeLess+1) + " without orpiment"
	case x == actChest:
		return "chest"
	case x < actReveal:
		return "draw " + Mineral(x-actDraw).String()
	case x < actSackWith:
		k := x - actReveal
		if k < len(s.pack.Cards) {
			return "reveal " + s.pack.Cards[k].ID
		}
		return "reveal #" + strconv.Itoa(k)
	case x < actSackGive:
		return "sack with " + strconv.Itoa(x-actSackWith+1)
	case x < actSackTake:
		return "sack give " + Mineral(x-actSackGive).String()
	case x < actSackSwap:
		return "sack take " + Mineral(x-actSackTake).String()
	case x == actSackSwap:
		return "sack swap"
	case x == actSackStop:
		return "sack cancel"
	case x < actShovel:
		return fmt.Sprintf("hammer %s %s", Mineral((x-actHammer)/NumCells), Cell((x-actHammer)%NumCells))
	}
	for i := len(cellTools) - 1; i >= 0; i-- {
		if x >= cellTools[i].first {
			return cellTools[i].tool.String() + " " + Cell(x-cellTools[i].first).String()
		}
	}
	return fmt.Sprintf("action %d", x)
}

// ParseAction reads the notation of [State.ActionString]. It does not check
// legality.
func (s *State) ParseAction(p game.Player, m string) (game.Action, error) {
	f := strings.Fields(strings.ToLower(m))
	bad := func(format string, args ...any) (game.Action, error) {
		return 0, game.Errorf(game.CodeInvalid, "%q: "+format, append([]any{m}, args...)...)
	}
	if len(f) == 0 {
		return bad("empty move")
	}
	cellArg := func(first int) (game.Action, error) {
		if len(f) != 2 {
			return bad("write %s and a hex, as %s e7", f[0], f[0])
		}
		c, err := ParseCell(f[1])
		if err != nil {
			return bad("%v", err)
		}
		return game.Action(first + int(c)), nil
	}
	switch f[0] {
	case "remove", "place", "move":
		return cellArg(actCell)
	case "no":
		if len(f) == 2 && f[1] == "move" {
			return actFail, nil
		}
	case "end":
		if len(f) == 1 {
			return actEnd, nil
		}
	case "cut":
		if len(f) == 1 {
			return actCut, nil
		}
	case "chest":
		if len(f) == 1 {
			return actChest, nil
		}
	case "take":
		without := len(f) == 4 && f[2] == "without" && f[3] == "orpiment"
		if len(f) != 2 && !without {
			return bad("write take SLOT, or take SLOT without orpiment for a ♦♦ orpiment card at its lower value")
		}
		k, err := strconv.Atoi(f[1])
		if err != nil || k < 1 || k > faceUpSlots {
			return bad("take a face-up card by its slot, 1 to %d", faceUpSlots)
		}
		if without {
			return game.Action(actTakeLess + k - 1), nil
		}
		return game.Action(actTake + k - 1), nil
	case "draw":
		if len(f) == 2 {
			mn, err := ParseMineral(f[1])
			if err != nil {
				return bad("%v", err)
			}
			return game.Action(actDraw + int(mn)), nil
		}
	case "reveal":
		if len(f) == 2 {
			for k, c := range s.pack.Cards {
				if strings.EqualFold(c.ID, f[1]) {
					return game.Action(actReveal + k), nil
				}
			}
			return bad("no collection card has the id %s", f[1])
		}
	case "sack":
		switch {
		case len(f) == 3 && f[1] == "with":
			o, err := strconv.Atoi(f[2])
			if err != nil || o < 1 || o > MaxPlayers {
				return bad("the Sack swaps with a seat numbered 1 to %d", MaxPlayers)
			}
			return game.Action(actSackWith + o - 1), nil
		case len(f) >= 3 && (f[1] == "give" || f[1] == "take"):
			mn, err := ParseMineral(strings.Join(f[2:], " "))
			if err != nil {
				return bad("%v", err)
			}
			if f[1] == "give" {
				return game.Action(actSackGive + int(mn)), nil
			}
			return game.Action(actSackTake + int(mn)), nil
		case len(f) == 2 && f[1] == "swap":
			return game.Action(actSackSwap), nil
		case len(f) == 2 && f[1] == "cancel":
			return game.Action(actSackStop), nil
		}
		return bad("write sack with SEAT, sack give MINERAL, sack take MINERAL, sack swap or sack cancel")
	case "hammer":
		if len(f) == 3 {
			mn, err := ParseMineral(f[1])
			if err != nil {
				return bad("%v", err)
			}
			c, err := ParseCell(f[2])
			if err != nil {
				return bad("%v", err)
			}
			return game.Action(actHammer + int(mn)*NumCells + int(c)), nil
		}
		return bad("write hammer MINERAL HEX, as hammer kyanite e7")
	default:
		for _, ct := range cellTools {
			if f[0] == ct.tool.String() {
				return cellArg(ct.first)
			}
		}
	}
	return bad("not a move of Minerals (remove, place, move, no move, end, cut, take, chest, sack, hammer, shovel, map, compass, glass, vortex, rope, dynamite)")
}
