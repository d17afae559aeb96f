package puzzle

import (
	"fmt"
	"strings"

	"minehall/game"
	"minehall/games/hammertime"
)

// The drills of the Hammer Time practice tray.
const (
	DrillExact  = "exact"  // knock exactly K gems
	DrillColor  = "color"  // knock gems of Color and no other
	DrillFewest = "fewest" // knock as few gems as possible, hitting only Side
)

// DrillIDs lists the drills in the order the page shows them.
var DrillIDs = [3]string{DrillExact, DrillColor, DrillFewest}

// Drill is one drill of a day's tray.
type Drill struct {
	ID    string `json:"id"`
	K     int    `json:"k,omitempty"`     // DrillExact: the gems to knock
	Color string `json:"color,omitempty"` // DrillColor: the color to knock
	Side  string `json:"side,omitempty"`  // DrillFewest: the side every hit strikes
}

// MaxDrillHits caps the hits of one attempt.
const MaxDrillHits = 30

var drillColors = [...]string{"blue", "green", "yellow", "red", "black"}
var drillSides = [...]string{"north", "east", "south", "west"}

// Drills returns day d's drills: K from 2 to 5, the color one of blue,
// green, yellow, red and black, the side one of the four, drawn from the
// day's seed.
func Drills(d Day) []Drill {
	rng := game.NewRand(d.Seed("hammertime drills"))
	return []Drill{
		{ID: DrillExact, K: 2 + rng.IntN(4)},
		{ID: DrillColor, Color: drillColors[rng.IntN(len(drillColors))]},
		{ID: DrillFewest, Side: drillSides[rng.IntN(len(drillSides))]},
	}
}

// DrillOf returns day d's drill named id.
func DrillOf(d Day, id string) (Drill, error) {
	for _, dr := range Drills(d) {
		if dr.ID == id {
			return dr, nil
		}
	}
	return Drill{}, game.Errorf(game.CodeInvalid, "there is no drill %q; the drills are %s", id, strings.Join(DrillIDs[:], ", "))
}

// TraySeed is the seed of day d's tray: the seed of the game the drills
// play.
func TraySeed(d Day) uint64 { return d.Seed("hammertime tray") }

// NewTray returns the engine's state of day d's tray: a two-seat game
// (the rulebook's fewest) of the basic rules without missions, seeded with
// TraySeed, at the start of seat 1's first turn. Seat 1 (game.Player 0)
// is the drill's hitter; the other seat never plays.
func NewTray(d Day) game.State {
	g := hammertime.New()
	st, err := g.New(game.Config{Players: 2, Seed: TraySeed(d), Options: game.Options{"expert": "false", "missions": "false", "wagons": "4"}})
	if err != nil {
		panic(fmt.Sprintf("puzzle: the practice tray: %v", err))
	}
	return st
}

// DrillResult is what an attempt's hits did.
type DrillResult struct {
	// Done: gems fell from the last hit, which ends the attempt (a player
	// hits until at least one gem falls). Before that the attempt goes on.
	Done bool `json:"done"`
	Hits int  `json:"hits"`
	// Fallen are the gems that fell (by number) and their colors.
	Fallen []int    `json:"fallen"`
	Colors []string `json:"colors"`
	// Dragon: so many fell that the dragon woke (they went back).
	Dragon bool `json:"dragon"`
	// Score is the drill's score, higher is better, once Done:
	// DrillExact -|fallen - K|; DrillColor the gems of the color minus the
	// others; DrillFewest -fallen. Success is the drill's goal met: K
	// exactly, only the color, a single gem.
	Score   int  `json:"score"`
	Success bool `json:"success"`
	// View is the tray as the hitter sees it after the last hit, with the
	// hit's recorded gem paths (LastHit) to animate.
	View hammertime.View `json:"view"`
}

// RunDrill plays hits (in the game's notation, "hit west 5 strength 4")
// on day d's tray for drill dr with the engine and scores them. Every hit
// but the last must drop nothing; DrillFewest takes hits on its side only.
// It refuses a move that is no hit, an illegal one, hits after gems fell
// and more than MaxDrillHits hits, naming the hit at fault.
func RunDrill(d Day, dr Drill, hits []string) (DrillResult, error) {
	if len(hits) == 0 {
		return DrillResult{}, game.Errorf(game.CodeInvalid, "an attempt needs at least one hit")
	}
	if len(hits) > MaxDrillHits {
		return DrillResult{}, game.Errorf(game.CodeInvalid, "an attempt has at most %d hits, not %d", MaxDrillHits, len(hits))
	}
	st := NewTray(d)
	var res DrillResult
	for i, h := range hits {
		f := strings.Fields(strings.ToLower(h))
		if len(f) == 0 || f[0] != "hit" {
			return DrillResult{}, game.Errorf(game.CodeIllegal, "move %d, %q: a drill takes hits only", i+1, h)
		}
		if dr.ID == DrillFewest && (len(f) < 2 || f[1] != dr.Side) {
			return DrillResult{}, game.Errorf(game.CodeIllegal, "move %d, %q: this drill hits the %s side only", i+1, h, dr.Side)
		}
		if res.Done {
			return DrillResult{}, game.Errorf(game.CodeIllegal, "move %d, %q: gems fell at hit %d, which ended the attempt", i+1, h, res.Hits)
		}
		if _, err := game.PlayNotation(st, 0, h); err != nil {
			return DrillResult{}, game.Errorf(game.ErrorCode(err), "move %d: %v", i+1, err)
		}
		res.Hits++
		v := st.View(0).(hammertime.View)
		if v.LastHit != nil && len(v.LastHit.Fallen) > 0 {
			res.Done = true
			res.Fallen = v.LastHit.Fallen
			res.Dragon = v.LastHit.Dragon
		}
	}
	res.View = st.View(0).(hammertime.View)
	if !res.Done {
		return res, nil
	}
	same := 0
	for _, g := range res.Fallen {
		c := hammertime.GemColor(g).String()
		res.Colors = append(res.Colors, c)
		if c == dr.Color {
			same++
		}
	}
	n := len(res.Fallen)
	switch dr.ID {
	case DrillExact:
		res.Score = -abs(n - dr.K)
		res.Success = n == dr.K
	case DrillColor:
		res.Score = same - (n - same)
		res.Success = same == n
	case DrillFewest:
		res.Score = -n
		res.Success = n == 1
	}
	return res, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
