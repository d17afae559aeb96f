package table

import (
	"minehall/game"
	"minehall/store"
)

// maxClockSeconds bounds a time control's move time and bank: a week.
const maxClockSeconds = 7 * 24 * 60 * 60

// checkTimeControl refuses a time control out of range, or any time
// control for a real-time game, which keeps its own round clock.
func checkTimeControl(spec game.Spec, tc *store.TimeControl) error {
	if tc == nil {
		return nil
	}
	switch {
	case spec.Turns == game.RealTime:
		return game.Errorf(game.CodeInvalid, "%s is played against its round clock; it takes no time control", spec.Title)
	case tc.MoveS < 1 || tc.MoveS > maxClockSeconds:
		return game.Errorf(game.CodeInvalid, "time_control.move_s %d is not from 1 to %d seconds (a week)", tc.MoveS, maxClockSeconds)
	case tc.BankS < 0 || tc.BankS > maxClockSeconds:
		return game.Errorf(game.CodeInvalid, "time_control.bank_s %d is not from 0 to %d seconds (a week)", tc.BankS, maxClockSeconds)
	}
	return nil
}
