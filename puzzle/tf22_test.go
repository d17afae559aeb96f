package puzzle

import (
	"fmt"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/tf22"
)

// TestRouteSetShipped: the set has at least 30 puzzles, IDs in order,
// distinct seeds, each within the mined range of ore with a plan and a
// reason, and every plan replays on the engine to a delivery at its
// optimum ("Deliver a Ranium in the fewest ore from a given planet").
func TestRouteSetShipped(t *testing.T) {
	set := RouteSet()
	if len(set) < 30 {
		t.Fatalf("%d puzzles shipped; want at least 30", len(set))
	}
	seeds := map[uint64]bool{}
	for i, p := range set {
		if want := fmt.Sprintf("tf22-%03d", i+1); p.ID != want {
			t.Errorf("puzzle %d: id %s; want %s", i, p.ID, want)
		}
		if seeds[p.Setup.Seed] {
			t.Errorf("%s: seed %d twice", p.ID, p.Setup.Seed)
		}
		seeds[p.Setup.Seed] = true
		if p.Optimum < RouteMinOre || p.Optimum > RouteMaxOre || p.Reason == "" || len(p.Plan) == 0 {
			t.Errorf("%s: optimum %d, reason %q, plan %q", p.ID, p.Optimum, p.Reason, p.Plan)
		}
		sc, err := ScoreRoute(p, p.Plan)
		if err != nil || !sc.Delivered || sc.Ore != p.Optimum || !sc.Perfect || sc.Turns != p.Turns {
			t.Errorf("%s: its plan scores %+v, err %v", p.ID, sc, err)
		}
	}
}

// TestScoreRouteRefusesBadPlans: an illegal move is refused with the
// engine's reason, a plan that does not deliver is refused, and a plan
// that delivers in more ore than the optimum is accepted but not perfect.
func TestScoreRouteRefusesBadPlans(t *testing.T) {
	p := RouteSet()[0]
	_, err := ScoreRoute(p, []string{"F " + p.Setup.Crew})
	if game.ErrorCode(err) != game.CodeIllegal || !strings.Contains(err.Error(), "there is no Ranium on card") {
		t.Errorf("collecting on the base: %v; want the engine's reason", err)
	}
	if _, err := ScoreRoute(p, []string{"hop"}); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("bad notation: %v; want invalid", err)
	}
	if _, err := ScoreRoute(p, nil); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("empty plan: %v; want invalid", err)
	}
	if _, err := ScoreRoute(p, p.Plan[:len(p.Plan)-1]); game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("a plan without its delivery: %v; want illegal", err)
	}
	if _, err := ScoreRoute(p, append(append([]string{}, p.Plan...), "A 1,1")); game.ErrorCode(err) != game.CodeGameOver && game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("a move after the delivery: %v; want refused", err)
	}
	// Four wasted ore (turning a start card, whose crossing is on both
	// sides) and then the optimal plan: delivered, 4 ore more, not perfect.
	long := append([]string{"A 3,3", "A 3,3", "A 3,3", "A 3,3"}, p.Plan...)
	sc, err := ScoreRoute(p, long)
	if err != nil {
		// The loaders have moved on by a turn: the plan may no longer
		// deliver; then it must be refused as not delivering or illegal.
		if game.ErrorCode(err) != game.CodeIllegal {
			t.Errorf("a delayed plan: %v", err)
		}
	} else if sc.Ore != p.Optimum+4 || sc.Perfect {
		t.Errorf("a delayed plan scores %+v; want %d ore, not perfect", sc, p.Optimum+4)
	}
}

// TestDailyRouteIsTheDays: the day's puzzle is a function of the date, and
// the days walk the whole set.
func TestDailyRouteIsTheDays(t *testing.T) {
	d, _ := ParseDay("2026-11-23")
	n := Day(len(RouteSet()))
	if DailyRoute(d).ID != DailyRoute(d+n).ID || DailyRoute(d).ID == DailyRoute(d+1).ID {
		t.Fatalf("days %s, +1 and +%d give %s, %s, %s; want the set walked in a cycle", d, n, DailyRoute(d).ID, DailyRoute(d+1).ID, DailyRoute(d+n).ID)
	}
	seen := map[string]bool{}
	for k := range len(RouteSet()) {
		seen[DailyRoute(d+Day(k)).ID] = true
	}
	if len(seen) != len(RouteSet()) {
		t.Errorf("%d days give %d distinct puzzles; want all %d", len(RouteSet()), len(seen), len(RouteSet()))
	}
}

// TestMineRouteKeepsOnlyUniquePlans: the miner refuses a puzzle whose
// optimum has two plans (seed 28: an ore to spare, which can turn any
// card) and keeps seed 9's unique one.
func TestMineRouteKeepsOnlyUniquePlans(t *testing.T) {
	if p, ok := MineRoute(28, RouteBudget); ok {
		t.Errorf("seed 28 kept: %+v", p)
	}
	p, ok := MineRoute(9, RouteBudget)
	if !ok || p.Optimum != 4 || strings.Join(p.Plan, "; ") != "C 4,5; D blue to 4,5; F blue; I blue" {
		t.Errorf("seed 9: %+v, %v", p, ok)
	}
	if p.Setup != tf22.RouteSetupFromSeed(9) {
		t.Errorf("seed 9's set-up %v", p.Setup)
	}
}
