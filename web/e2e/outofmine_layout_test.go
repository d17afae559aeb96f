package e2e

import (
	"testing"

	"minehall/game"
)

// oomStageParts are the parts of a round's stage on a phone: the own
// board, the round clock, the treasure card's goal, the hand, the call
// button and every kind of the supply.
var oomStageParts = []layoutPart{
	{Name: "board", Selector: "#oom-board"},
	{Name: "round clock", Selector: "#oom-clock"},
	{Name: "treasure card goal", Selector: "#oom-goal"},
	{Name: "hand", Selector: "#oom-hand"},
	{Name: "call button", Selector: "#oom-call"},
	{Name: "supply tile", Selector: "#oom-supply .kind", Each: true},
}

// oomHandParts are the buttons of the tile in hand.
var oomHandParts = []layoutPart{
	{Name: "tile in hand", Selector: "#oom-handtile"},
	{Name: "turn button", Selector: "#oom-hand-turn"},
	{Name: "mirror button", Selector: "#oom-hand-mirror"},
	{Name: "put back button", Selector: "#oom-return"},
}

// outOfMineLayouts are Out of Mine's steps on a phone: a round's start
// (empty hand), the middle of a round with a tile in hand (plain and with
// the finds variant's longer supply), the choice of a side between rounds
// and the end of the game.
func outOfMineLayouts() []layoutCase {
	goldens := outOfMineGoldens()
	mid, finds, choose := goldens[0], goldens[1], goldens[2]
	start := mid
	start.Name = "outofmine-layout-start"
	start.Reach = func(s game.State, plies int) bool {
		v := oomView(s, 0)
		return v.Phase == "round" && v.Round == 1 && v.Players[0].HandTile == nil && len(v.Players[0].Placed) == 0
	}
	start.Timeout = nil
	start.Ready = `!!document.querySelector('#oom-board')`
	end := mid
	end.Name = "outofmine-layout-end"
	end.Reach = func(s game.State, plies int) bool { return s.Terminal() }
	end.Timeout = func(s game.State, plies int) bool { return true }
	end.Deadline = 0
	end.Ready = `!!document.querySelector('#end .scores')`
	withHand := append(append([]layoutPart{}, oomStageParts...), oomHandParts...)
	return []layoutCase{
		{goldenCase: start, Parts: oomStageParts},
		{goldenCase: mid, Parts: withHand},
		{goldenCase: finds, Parts: withHand},
		{goldenCase: choose, Parts: []layoutPart{
			{Name: "side A button", Selector: "#oom-side-A"},
			{Name: "side B button", Selector: "#oom-side-B"},
			{Name: "side pictures", Selector: "#oom-choose .oom-board.preview-side", Each: true},
		}},
		{goldenCase: end, Parts: []layoutPart{
			{Name: "end heading", Selector: "#end-h", Optional: true},
		}},
	}
}

// TestOutOfMineLayout checks that each Out of Mine step fits a phone's
// screen: the own board, the hand and its buttons, the supply, the call,
// the clock and the card's goal in a round; the side buttons between
// rounds.
func TestOutOfMineLayout(t *testing.T) { runLayouts(t, outOfMineLayouts()) }
