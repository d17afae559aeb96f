package tf22

import (
	"errors"
	"slices"
	"testing"

	"minehall/game"
)

// routeFixture is a set-up whose optimum the search proves quickly: 4 ore
// in one turn (C 4,5, D blue to 4,5, F blue, I blue).
var routeFixture = RouteSetup{Seed: 9, Crew: "blue", Ranium: "4,5", Loaders: [3]int{6, 9, 20}}

func mustRoute(t *testing.T, su RouteSetup) *Route {
	t.Helper()
	r, err := NewRoute(su)
	if err != nil {
		t.Fatalf("NewRoute(%v): %v", su, err)
	}
	return r
}

func playRoute(t *testing.T, r *Route, moves ...string) {
	t.Helper()
	if err := r.PlayPlan(moves); err != nil {
		t.Fatalf("PlayPlan(%q): %v", moves, err)
	}
}

// TestRouteSetupFromSeed: the set-up is a function of the seed, and the
// fixture is the one seed 9 gives.
func TestRouteSetupFromSeed(t *testing.T) {
	if got := RouteSetupFromSeed(9); got != routeFixture {
		t.Fatalf("RouteSetupFromSeed(9) = %v; want %v", got, routeFixture)
	}
	if RouteSetupFromSeed(10) == RouteSetupFromSeed(9) {
		t.Error("seeds 9 and 10 give the same set-up")
	}
	for seed := uint64(0); seed < 200; seed++ {
		if err := RouteSetupFromSeed(seed).Check(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestRouteSetupRefusesBadInput: a bad set-up is refused with a clear error.
func TestRouteSetupRefusesBadInput(t *testing.T) {
	for _, su := range []RouteSetup{
		{Seed: 1, Crew: "green", Ranium: "2,2", Loaders: [3]int{0, 8, 16}},
		{Seed: 1, Crew: "red", Ranium: "1,1", Loaders: [3]int{0, 8, 16}}, // outer ring
		{Seed: 1, Crew: "red", Ranium: "3,3", Loaders: [3]int{0, 8, 16}}, // center
		{Seed: 1, Crew: "red", Ranium: "2,2", Loaders: [3]int{0, 8, 24}},
		{Seed: 1, Crew: "red", Ranium: "2,2", Loaders: [3]int{0, 8, 8}},
	} {
		if _, err := NewRoute(su); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("NewRoute(%v): %v; want an invalid-input error", su, err)
		}
	}
}

// TestRouteStartsAsTheRulesDeal: the planet is the four-player deal of the
// seed ("The planet is dealt as for four players"), the crew stands on its
// base in its own crossing, and the first turn has begun: "at the start of
// each of your turns the three loaders still advance two docks clockwise,
// then you spend exactly 4 ore".
func TestRouteStartsAsTheRulesDeal(t *testing.T) {
	r := mustRoute(t, routeFixture)
	deal := newState(routePack(), 4, variantStandard, 0, routeFixture.Seed)
	if r.s.card != deal.card || r.s.orient != deal.orient {
		t.Fatal("the puzzle's planet is not the four-player deal of its seed")
	}
	v := r.View()
	if len(v.Crews) != 1 || v.Crews[0].Color != "blue" || v.Crews[0].Row != v.Crews[0].BaseRow || v.Crews[0].Col != v.Crews[0].BaseCol || v.Crews[0].Tunnel != "blue" {
		t.Fatalf("crews %+v; want the blue crew alone on its base, in the blue tunnel", v.Crews)
	}
	for i, l := range v.Loaders {
		if want := (routeFixture.Loaders[i] + 2) % numDocks; l.Dock != want {
			t.Errorf("loader %d at dock %d; want %d (set-up %d, advanced two docks)", i+1, l.Dock, want, routeFixture.Loaders[i])
		}
	}
	var ranium []string
	for _, c := range v.Cards {
		if c.Ranium {
			ranium = append(ranium, posName(c.Row*gridSize+c.Col))
		}
	}
	if !slices.Equal(ranium, []string{"4,5"}) || v.Ore != 4 || v.Turn != 1 || v.ToAct != 0 || r.Spent() != 0 {
		t.Errorf("Ranium %v, ore %d, turn %d, to act %d, spent %d; want [4,5], 4, 1, 0, 0", ranium, v.Ore, v.Turn, v.ToAct, r.Spent())
	}
}

// TestRouteTurnsSpendFourOre: "then you spend exactly 4 ore on actions A–K
// at their printed costs": a turn ends when its 4 ore are spent, and the
// next begins with the loaders two docks further.
func TestRouteTurnsSpendFourOre(t *testing.T) {
	r := mustRoute(t, routeFixture)
	before := r.View().Loaders
	playRoute(t, r, "A 1,1", "A 1,1", "A 1,1")
	if r.Turn() != 1 || r.Ore() != 1 || r.Spent() != 3 {
		t.Fatalf("turn %d, ore %d, spent %d; want 1, 1, 3", r.Turn(), r.Ore(), r.Spent())
	}
	playRoute(t, r, "A 1,1")
	after := r.View().Loaders
	if r.Turn() != 2 || r.Ore() != 4 || r.Spent() != 4 {
		t.Fatalf("turn %d, ore %d, spent %d; want 2, 4, 4", r.Turn(), r.Ore(), r.Spent())
	}
	for i := range after {
		if after[i].Dock != (before[i].Dock+2)%numDocks {
			t.Errorf("loader %d went from dock %d to %d; want two docks clockwise", i+1, before[i].Dock, after[i].Dock)
		}
	}
	// The secret tunnel costs 3 ("costs as printed"): with 4 ore it fits,
	// with 1 left it does not.
	playRoute(t, r, "A 1,1", "A 1,1", "A 1,1")
	a, _ := r.ParseMove("J blue to 3,3")
	if err := r.Explain(a); err == nil {
		t.Error("J with 1 ore left: no error")
	}
}

// TestRouteRefusesIllegalMoves: a move the rules refuse is refused with the
// engine's reason and changes nothing; other crews are not on the planet.
func TestRouteRefusesIllegalMoves(t *testing.T) {
	r := mustRoute(t, routeFixture)
	for _, m := range []string{"F blue", "I blue", "D red to 3,4", "G blue attacks red", "choose red", "draw 4", "D blue to 9,9", "hop"} {
		before := r.View()
		err := r.PlayPlan([]string{m})
		if err == nil {
			t.Errorf("%q: no error", m)
			continue
		}
		if c := game.ErrorCode(err); c != game.CodeIllegal && c != game.CodeInvalid {
			t.Errorf("%q: code %s (%v); want illegal or invalid", m, c, err)
		}
		if after := r.View(); after.Ore != before.Ore || r.Spent() != 0 || len(r.Moves()) != 0 {
			t.Errorf("%q: the refused move changed the position", m)
		}
	}
	a, _ := r.ParseMove("F blue")
	if err := r.Explain(a); err == nil || err.Error() != "there is no Ranium on card 4,4" {
		t.Errorf("F on the base: %v; want the engine's reason", err)
	}
}

// TestRouteDeliveryEndsThePuzzle: "the ore of a plan is the sum of the
// costs of its actions up to and including the delivery, which ends the
// puzzle; the ore still left in that turn is not spent".
func TestRouteDeliveryEndsThePuzzle(t *testing.T) {
	r := mustRoute(t, routeFixture)
	playRoute(t, r, "C 4,5", "D blue to 4,5", "F blue")
	if r.Delivered() || r.View().Crews[0].Ranium != 1 {
		t.Fatal("after F the crew should carry the Ranium, not yet delivered")
	}
	playRoute(t, r, "I blue")
	if !r.Delivered() || r.Spent() != 4 || r.Turn() != 1 {
		t.Fatalf("delivered %v, spent %d, turn %d; want true, 4, 1", r.Delivered(), r.Spent(), r.Turn())
	}
	v := r.View()
	if v.Phase != "over" || v.Winner != 0 || v.Placement != nil || v.Seats[0].Markers != 1 {
		t.Errorf("after the delivery: phase %s, winner %d, placement %v, markers %d", v.Phase, v.Winner, v.Placement, v.Seats[0].Markers)
	}
	a, _ := r.ParseMove("A 1,1")
	if err := r.Play(a); game.ErrorCode(err) != game.CodeGameOver || len(r.Legal(nil)) != 0 {
		t.Errorf("a move after the delivery: %v; want game over and no legal moves", err)
	}
	// A delivery with ore left in the turn counts only the ore spent.
	r2 := mustRoute(t, RouteSetupFromSeed(1))
	playRoute(t, r2, "J blue to 5,2", "F blue", "I blue")
	if !r2.Delivered() || r2.Spent() != 5 || r2.Turn() != 2 || r2.Ore() != 3 {
		t.Errorf("seed 1: J, F, I delivered %v after %d ore in turn %d, %d ore left; want true, 5, 2, 3", r2.Delivered(), r2.Spent(), r2.Turn(), r2.Ore())
	}
}

// TestSolveRouteProvesTheFixture: the search's plan replays on the engine
// to a delivery at the optimum, the fixture's plan is unique, and the
// lower bound never exceeds the ore still needed along it.
func TestSolveRouteProvesTheFixture(t *testing.T) {
	sol, err := SolveRoute(routeFixture, 8, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	r := mustRoute(t, routeFixture)
	var plan []string
	for _, a := range sol.Plan {
		plan = append(plan, r.MoveString(a))
	}
	if sol.Optimum != 4 || sol.Plans != 1 || !slices.Equal(plan, []string{"C 4,5", "D blue to 4,5", "F blue", "I blue"}) {
		t.Fatalf("optimum %d, plans %d, plan %q; want 4, 1, [C 4,5, D blue to 4,5, F blue, I blue]", sol.Optimum, sol.Plans, plan)
	}
	sv := newRouteSolver(routePack(), colorIndex(routeFixture.Crew), 1)
	sv.place(&r.s)
	for i, a := range sol.Plan {
		if lb := sv.lower(&r.s, 100); r.Spent()+lb > sol.Optimum {
			t.Errorf("before move %d: spent %d + bound %d > optimum %d", i+1, r.Spent(), lb, sol.Optimum)
		}
		if err := r.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	if !r.Delivered() || r.Spent() != sol.Optimum {
		t.Errorf("the plan delivers %v at %d ore", r.Delivered(), r.Spent())
	}
}

// TestSolveRouteCountsPlans: a puzzle whose optimum leaves an ore to spare
// has more than one plan (the spare ore can turn any card), and the count
// says so; a budget too small is an error, not an answer.
func TestSolveRouteCountsPlans(t *testing.T) {
	su := RouteSetupFromSeed(28) // 4 ore: B 3,1, D white to 2,3, F, I — or others
	sol, err := SolveRoute(su, 8, 100_000)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Optimum != 4 || sol.Plans != 2 {
		t.Errorf("seed 28: optimum %d, plans %d; want 4 and two or more", sol.Optimum, sol.Plans)
	}
	if _, err := SolveRoute(routeFixture, 8, 3); !errors.Is(err, ErrRouteBudget) {
		t.Errorf("a budget of 3 positions: %v; want ErrRouteBudget", err)
	}
	if _, err := SolveRoute(routeFixture, 3, 100_000); err == nil {
		t.Error("at most 3 ore: no error; the optimum is 4")
	}
}
