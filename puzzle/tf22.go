package puzzle

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"minehall/game"
	"minehall/games/tf22"
)

// TF22 route puzzles. A route puzzle is a planet of TF22 Mine on which one
// crew must collect a unit of White Ranium and deliver it in the fewest
// ore (games/tf22's route puzzle mode). The shipped set lives in
// data/tf22/*.json, mined by `minehall puzzles mine tf22 --seed S --count
// N`: each puzzle's optimum is proved by tf22.SolveRoute, an exact search
// over the engine's own legal actions, and only puzzles whose optimum has
// exactly one plan are kept.

// RoutePuzzle is a shipped TF22 route puzzle.
type RoutePuzzle struct {
	// ID names the puzzle: "tf22-" and its place in the set.
	ID    string          `json:"id"`
	Setup tf22.RouteSetup `json:"setup"`
	// Optimum is the fewest ore that delivers the Ranium, Plan the one
	// plan that does (moves in notation) and Turns the turns it takes.
	Optimum int      `json:"optimum"`
	Plan    []string `json:"plan"`
	Turns   int      `json:"turns"`
	// Reason says in words what the plan must see.
	Reason string `json:"reason"`
	// Nodes is how many positions the search expanded to prove it.
	Nodes int64 `json:"nodes"`
}

// RouteMaxOre is the most ore a mined puzzle's optimum may take; the search
// proves optima up to it.
const RouteMaxOre = 16

// RouteMinOre is the fewest ore a mined puzzle's optimum must take.
const RouteMinOre = 4

// RouteBudget is the search's budget of expanded positions per puzzle
// when mining; a puzzle whose proof needs more is skipped.
const RouteBudget = 3_000

//go:embed data/tf22/*.json
var tf22FS embed.FS

// RouteSet returns the shipped route puzzles, in the order of their IDs.
// It panics if the embedded set is malformed (a test checks it).
var RouteSet = sync.OnceValue(func() []RoutePuzzle {
	out, err := loadRouteSet(tf22FS)
	if err != nil {
		panic(err)
	}
	return out
})

func loadRouteSet(fsys fs.FS) ([]RoutePuzzle, error) {
	names, err := fs.Glob(fsys, "data/tf22/*.json")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []RoutePuzzle
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		var p RoutePuzzle
		if err := json.Unmarshal(b, &p); err != nil {
			return nil, fmt.Errorf("puzzle: %s: %w", path.Base(n), err)
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("puzzle: no TF22 route puzzles shipped")
	}
	return out, nil
}

// MineRoute solves the route puzzle of seed (tf22.RouteSetupFromSeed) and
// returns it when it is worth shipping: its optimum, proved within budget,
// lies from RouteMinOre to RouteMaxOre ore, has exactly one plan, and that
// plan turns or flips a card or moves a loader (a plan of the secret
// tunnel, collecting and delivering alone is too plain). ok is false
// otherwise.
func MineRoute(seed uint64, budget int64) (p RoutePuzzle, ok bool) {
	su := tf22.RouteSetupFromSeed(seed)
	sol, err := tf22.SolveRoute(su, RouteMaxOre, budget)
	if err != nil || sol.Plans != 1 || sol.Optimum < RouteMinOre {
		return p, false
	}
	r, err := tf22.NewRoute(su)
	if err != nil {
		return p, false
	}
	p = RoutePuzzle{Setup: su, Optimum: sol.Optimum, Nodes: sol.Nodes}
	for _, a := range sol.Plan {
		p.Plan = append(p.Plan, r.MoveString(a))
		if err := r.Play(a); err != nil {
			return p, false
		}
	}
	p.Turns = r.Turn()
	p.Reason = routeReason(p)
	shaping := false
	for _, m := range p.Plan {
		switch m[0] {
		case 'A', 'B', 'C', 'H':
			shaping = true
		}
	}
	if !shaping {
		return p, false
	}
	return p, true
}

// routeReason says in words what the plan does: the cards it turns and
// flips, the tunnels it switches and takes, the loaders it moves and the
// turn of the delivery.
func routeReason(p RoutePuzzle) string {
	var cards, other []string
	for _, m := range p.Plan {
		f := strings.Fields(m)
		switch f[0] {
		case "A":
			cards = append(cards, "turn "+f[1])
		case "B":
			cards = append(cards, "flip "+f[1]+" over its long side")
		case "C":
			cards = append(cards, "flip "+f[1]+" over its short side")
		case "E":
			other = append(other, "switch to the "+f[3]+" tunnel")
		case "J":
			other = append(other, "take the secret tunnel to "+f[3])
		case "H":
			other = append(other, "move loader "+f[2]+" "+f[3])
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d ore is the fewest, in %d turn", p.Optimum, p.Turns)
	if p.Turns > 1 {
		b.WriteString("s")
	}
	b.WriteString(", and only one plan reaches it")
	if len(cards) > 0 {
		b.WriteString(": " + strings.Join(cards, ", "))
	}
	if len(other) > 0 {
		if len(cards) > 0 {
			b.WriteString("; ")
		} else {
			b.WriteString(": ")
		}
		b.WriteString(strings.Join(other, ", "))
	}
	if p.Turns > 1 {
		fmt.Fprintf(&b, "; the delivery comes in turn %d, when the loaders have moved on", p.Turns)
	}
	b.WriteString(".")
	return b.String()
}

// VerifyRoute rebuilds p from its set-up and proves it again: the same
// optimum, exactly one plan, and that plan is p's.
func VerifyRoute(p RoutePuzzle) error {
	want := tf22.RouteSetupFromSeed(p.Setup.Seed)
	if want != p.Setup {
		return fmt.Errorf("%s: set-up %v; seed %d gives %v", p.ID, p.Setup, p.Setup.Seed, want)
	}
	sol, err := tf22.SolveRoute(p.Setup, p.Optimum, 4*max(p.Nodes, 1000))
	if err != nil {
		return fmt.Errorf("%s: %w", p.ID, err)
	}
	if sol.Optimum != p.Optimum || sol.Plans != 1 {
		return fmt.Errorf("%s: the search proves %d ore with %d plans; the set says %d ore, one plan", p.ID, sol.Optimum, sol.Plans, p.Optimum)
	}
	r, err := tf22.NewRoute(p.Setup)
	if err != nil {
		return err
	}
	var got []string
	for _, a := range sol.Plan {
		got = append(got, r.MoveString(a))
	}
	if !slices.Equal(got, p.Plan) {
		return fmt.Errorf("%s: the search's plan %q; the set says %q", p.ID, got, p.Plan)
	}
	res, err := ScoreRoute(p, p.Plan)
	if err != nil || !res.Delivered || res.Ore != p.Optimum {
		return fmt.Errorf("%s: its plan scores %+v (err %v)", p.ID, res, err)
	}
	return nil
}

// RouteScore is a played plan's result.
type RouteScore struct {
	Delivered bool `json:"delivered"`
	Ore       int  `json:"ore"`
	Turns     int  `json:"turns"`
	Optimum   int  `json:"optimum"`
	Perfect   bool `json:"perfect"`
}

// ScoreRoute replays plan on the engine from p's set-up. A move the rules
// refuse, or a plan that does not deliver, is an error (code CodeIllegal,
// with the engine's reason); moves after the delivery are refused too.
func ScoreRoute(p RoutePuzzle, plan []string) (RouteScore, error) {
	r, err := tf22.NewRoute(p.Setup)
	if err != nil {
		return RouteScore{}, err
	}
	if len(plan) == 0 {
		return RouteScore{}, game.Errorf(game.CodeInvalid, "the plan is empty: give its moves in notation, the delivery (I) last")
	}
	if len(plan) > 200 {
		return RouteScore{}, game.Errorf(game.CodeInvalid, "the plan has %d moves; at most 200", len(plan))
	}
	if err := r.PlayPlan(plan); err != nil {
		code := game.ErrorCode(err)
		if code != game.CodeInvalid {
			code = game.CodeIllegal
		}
		return RouteScore{}, game.Errorf(code, "%s", err.Error())
	}
	if !r.Delivered() {
		return RouteScore{}, game.Errorf(game.CodeIllegal, "the plan spends %d ore and does not deliver the Ranium", r.Spent())
	}
	return RouteScore{Delivered: true, Ore: r.Spent(), Turns: r.Turn(), Optimum: p.Optimum, Perfect: r.Spent() <= p.Optimum}, nil
}
