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
	actSack     = actReveal + MaxCards // + ((opponent*5+give)*5+take)*5 + count-1
	actHammer   = actSack + MaxPlayers*int(NumMinerals)*int(NumMinerals)*5
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

// sackAction encodes a Sack swap: give count minerals of kind give to
// opponent, take minerals of kind take worth as much.
func sackAction(opponent int8, give, take Mineral, count int) game.Action {
	return game.Action(actSack + ((int(opponent)*int(NumMinerals)+int(give))*int(NumMinerals)+int(take))*5 + count - 1)
}

// sackDecode is the inverse of sackAction; takeCount is 0 when the values do
// not divide.
func sackDecode(a game.Action) (opponent int8, give, take Mineral, count, takeCount int) {
	x := int(a) - actSack
	count = x%5 + 1
	x /= 5
	take = Mineral(x % int(NumMinerals))
	x /= int(NumMinerals)
	give = Mineral(x % int(NumMinerals))
	opponent = int8(x / int(NumMinerals))
	if v := count * give.Value(); v%take.Value() == 0 {
		takeCount = v / take.Value()
	}
	return
}

// ActionString returns the notation of a: "remove e7", "place e7", "move
// e7", "no move", "end", "cut", "take 2" (a face-up slot, 1 to 4), "take 2
// without orpiment" (a ♦♦ orpiment card upside down, at its lower value), "chest",
// "draw kyanite", "reveal d05", "sack 1 give 1 anthracite take 2 kyanite",
// "hammer kyanite e7", and "shovel|map|compass|glass|vortex|rope|dynamite
// e7".
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
	case x < actSack:
		k := x - actReveal
		if k < len(s.pack.Cards) {
			return "reveal " + s.pack.Cards[k].ID
		}
		return "reveal #" + strconv.Itoa(k)
	case x < actHammer:
		o, give, take, count, takeCount := sackDecode(a)
		return fmt.Sprintf("sack %d give %d %s take %d %s", o, count, give, takeCount, take)
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
		// sack O give N MINERAL take M MINERAL
		if len(f) == 8 && f[2] == "give" && f[5] == "take" {
			o, err1 := strconv.Atoi(f[1])
			n, err2 := strconv.Atoi(f[3])
			give, err3 := ParseMineral(f[4])
			k, err4 := strconv.Atoi(f[6])
			take, err5 := ParseMineral(f[7])
			switch {
			case err1 != nil || o < 0 || o >= MaxPlayers:
				return bad("the opponent must be a seat number 0 to %d", MaxPlayers-1)
			case err2 != nil || n < 1 || n > 5:
				return bad("give 1 to 5 minerals")
			case err3 != nil:
				return bad("%v", err3)
			case err5 != nil:
				return bad("%v", err5)
			case err4 != nil || k*take.Value() != n*give.Value():
				return bad("the minerals taken must be worth as much as the minerals given (%d)", n*give.Value())
			}
			return sackAction(int8(o), give, take, n), nil
		}
		return bad("write sack SEAT give N MINERAL take M MINERAL")
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
