package e2e

import (
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/outofmine"
)

// oomView returns seat p's view of an Out of Mine state.
func oomView(s game.State, p game.Player) outofmine.View { return s.View(p).(outofmine.View) }

// oomPrefer plays Out of Mine like a careful person: a placement that
// covers the most gallery spaces (no tile over rock), a tile of a color
// the treasure card still wants when the hand is empty, the call when the
// board is full, a side when choosing.
func oomPrefer(s game.State, p game.Player, move string) int {
	v := oomView(s, p)
	switch {
	case move == "call":
		return 100
	case strings.HasPrefix(move, "place "):
		c := s.Clone()
		if _, err := game.PlayNotation(c, p, move); err != nil {
			return 0
		}
		return 10 + v.Players[p].Empty - oomView(c, p).Players[p].Empty
	case strings.HasPrefix(move, "take "):
		me := v.Players[p]
		if me.CardFace == nil {
			return 1
		}
		color := map[string]string{}
		for _, sh := range v.Shapes {
			color[sh.ID] = sh.Color
		}
		placed := map[string]int{}
		for _, t := range me.Placed {
			placed[color[t.Shape]]++
		}
		want := color[strings.Fields(move)[1]]
		if placed[want] < me.CardFace.Tiles[want] {
			return 6
		}
		return 1
	case strings.HasPrefix(move, "side "):
		return 5
	}
	return 0
}

// outOfMineGoldens are Out of Mine's fixed positions: a 3-player table in
// the middle of round 2 (the person's board half filled, a tile in hand,
// the supply, the treasure card, the others' boards, round 1's score
// sheet), the same table with the finds variant (elements shown and
// scored) in French, and the choice of a side for round 2 after round 1's
// scoring, in German in color-blind mode.
func outOfMineGoldens() []goldenCase {
	round := func(n, tiles int) func(s game.State, plies int) bool {
		return func(s game.State, plies int) bool {
			v := oomView(s, 0)
			return v.Phase == "round" && v.Round == n && len(v.Players[0].Placed) >= tiles && v.Players[0].HandTile != nil
		}
	}
	// Round 1 ends by the clock once the person has placed 6 tiles.
	timeout := func(s game.State, plies int) bool {
		v := oomView(s, 0)
		return v.Round == 1 && len(v.Players[0].Placed) >= 6
	}
	base := goldenCase{
		Game: quickOutOfMine(), Players: 3, Seed: 20260102, Options: game.Options{"clock": "180"},
		Names: []string{"Ann", "Beryl", "Cleo"}, Bots: []string{"", "medium", "hard"}, You: 0,
		Reach: round(2, 5), Prefer: oomPrefer, Timeout: timeout, Deadline: 97000,
		Ready: `document.querySelector('#oom-board .tile') !== null`,
	}
	// The renderer loads its stylesheet with its first drawing: a shot
	// waits for it.
	const styled = ` && !!document.getElementById('oom-css')?.sheet`
	base.Ready += styled
	play := base
	play.Name = "outofmine-round"
	finds := base
	finds.Name, finds.Lang, finds.Options = "outofmine-finds-fr", "fr", game.Options{"clock": "180", "finds": "true"}
	scoring := base
	scoring.Name, scoring.Lang, scoring.ColorBlind = "outofmine-scoring-de", "de", true
	scoring.Reach = func(s game.State, plies int) bool { v := oomView(s, 0); return v.Phase == "choose" && v.Round == 2 }
	scoring.Ready = `!!document.querySelector('#oom-scoring .oom-result .tile')` + styled
	return []goldenCase{play, finds, scoring}
}

// TestGoldenOutOfMine compares Out of Mine's fixed positions with their
// golden images.
func TestGoldenOutOfMine(t *testing.T) {
	t.Parallel()
	runGoldens(t, outOfMineGoldens())
}
