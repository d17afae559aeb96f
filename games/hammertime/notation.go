package hammertime

import (
	"fmt"
	"strconv"
	"strings"

	"minehall/game"
)

// ActionString returns the notation of a: "hit north 5 strength 4" (side;
// position 1–9, clockwise seen from above, that is from the side's right end
// for a person outside the tray facing it; strength 1–10), "turn left",
// "turn right", "push east", fillings such as "fill blue 1 white 1
// missions 1" or "fill nothing" (see [Filling]), and chance's roll of the
// expert variant's die, "roll " and the face: "roll handle", "roll
// weak-hand", "roll fist", "roll head-down", "roll thumb-off", "roll
// eyes-closed"; and with drawn piles chance turning a card face up,
// "reveal " and the card's id: "reveal pink-2" (a wagon), "reveal
// mission-4" (a mission card).
func (s *State) ActionString(_ game.Player, a game.Action) string {
	switch {
	case a < 0 || a >= numActions:
		return fmt.Sprintf("action %d", a)
	case a < numHits:
		side, pos, str := decodeHit(a)
		return fmt.Sprintf("hit %s %d strength %d", side, pos, str)
	case a == actTurnLeft:
		return "turn left"
	case a == actTurnRight:
		return "turn right"
	case a < actFill:
		return "push " + Side(a-actPush).String()
	case a >= actRevealMission:
		return "reveal " + s.pack.Missions[a-actRevealMission].ID
	case a >= actRevealWagon:
		return "reveal " + s.pack.Wagons[a-actRevealWagon].ID
	case a >= actRoll:
		return "roll " + (Technique(a-actRoll) + Handle).String()
	}
	return decodeFill(a).String()
}

// ParseAction is the inverse of ActionString.
func (s *State) ParseAction(_ game.Player, str string) (game.Action, error) {
	f := strings.Fields(strings.ToLower(str))
	bad := func(why string) (game.Action, error) {
		return 0, game.Errorf(game.CodeInvalid, "%q is not a Hammer Time move: %s", str, why)
	}
	if len(f) == 0 {
		return bad("it is empty")
	}
	side := func(w string) (Side, bool) {
		for i, n := range sideNames {
			if n == w {
				return Side(i), true
			}
		}
		return 0, false
	}
	switch f[0] {
	case "hit":
		if len(f) != 5 || f[3] != "strength" {
			return bad(`a hit is written "hit SIDE POSITION strength STRENGTH", for example "hit north 5 strength 4"`)
		}
		sd, ok := side(f[1])
		if !ok {
			return bad(fmt.Sprintf("%q is not a side (north, east, south, west)", f[1]))
		}
		pos, err := strconv.Atoi(f[2])
		if err != nil || pos < 1 || pos > HitPositions {
			return bad(fmt.Sprintf("position %q is not a whole number from 1 to %d", f[2], HitPositions))
		}
		st, err := strconv.Atoi(f[4])
		if err != nil || st < 1 || st > HitStrengths {
			return bad(fmt.Sprintf("strength %q is not a whole number from 1 to %d", f[4], HitStrengths))
		}
		return HitAction(sd, pos, st), nil
	case "turn":
		if len(f) == 2 && f[1] == "left" {
			return actTurnLeft, nil
		}
		if len(f) == 2 && f[1] == "right" {
			return actTurnRight, nil
		}
		return bad(`a turn is "turn left" or "turn right"`)
	case "push":
		if len(f) == 2 {
			if sd, ok := side(f[1]); ok {
				return actPush + game.Action(sd), nil
			}
		}
		return bad(`a push is "push SIDE" with a side of north, east, south, west`)
	case "fill":
		fl, err := parseFilling(f[1:])
		if err != nil {
			return bad(err.Error())
		}
		a, ok := FillAction(fl)
		if !ok {
			return bad("it is not a filling")
		}
		return a, nil
	case "roll":
		if len(f) == 2 {
			if t, ok := parseTechnique(f[1]); ok {
				return RollAction(t), nil
			}
		}
		return bad(`the die's roll is "roll FACE" with a face of handle, weak-hand, fist, head-down, thumb-off, eyes-closed`)
	case "reveal":
		if len(f) == 2 {
			for i := range s.pack.Wagons {
				if strings.EqualFold(s.pack.Wagons[i].ID, f[1]) {
					return actRevealWagon + game.Action(i), nil
				}
			}
			for i := range s.pack.Missions {
				if strings.EqualFold(s.pack.Missions[i].ID, f[1]) {
					return actRevealMission + game.Action(i), nil
				}
			}
		}
		return bad(`a card turned face up is "reveal CARD" with a wagon's or mission card's id, for example "reveal pink-2" or "reveal mission-4"`)
	case "use", "keep":
		return bad(`mission cards are used when you fill your wagon: write for example "fill red 1 missions 1", or a filling without missions to keep them`)
	}
	return bad("a move starts with hit, turn, push, fill, (the die's) roll or (a card's) reveal")
}
