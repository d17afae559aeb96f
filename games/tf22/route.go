package tf22

import (
	"fmt"
	"strings"
	"sync"

	"minehall/game"
)

// Route puzzles are a solo puzzle mode of TF22 Mine, not a rule change:
// one crew, alone on a planet dealt by the rules, must collect one unit of
// White Ranium and deliver it in the fewest ore.
//
// The position is a real game state. The planet, its cards' sides and
// turns are dealt by the rules' set-up for four players from the puzzle's
// seed; one unit of Ranium lies on an inner-ring card, as delivered Ranium
// is re-placed in a game; the puzzle's crew stands on its base in its own
// crossing; the three loaders stand at the puzzle's docks. The other crews are not on the planet and the other
// seats have no turns: the solver plays turn after turn, and at the start
// of each of its turns (the first included) the three loaders advance two
// docks clockwise, exactly as the rules move them, before the solver
// spends exactly 4 ore on actions A–K at their printed costs. Every rule of
// the game holds unchanged: the legal actions, their reasons and their
// effects are the engine's own.
//
// The ore of a plan is the sum of the printed costs of its actions up to
// and including the delivery (I). The delivery ends the puzzle at once:
// the ore still left in that turn is not spent and does not count, and no
// Ranium is re-placed.

// RouteSetup defines a route puzzle: the seed that deals the planet, the
// crew's color, the inner-ring card where the one unit of White Ranium
// lies (where delivered Ranium is re-placed in a game) and the loaders'
// docks before the first turn's advance (0 to 23, clockwise from the north
// edge of the top-left card).
type RouteSetup struct {
	Seed    uint64 `json:"seed"`
	Crew    string `json:"crew"`
	Ranium  string `json:"ranium"` // the inner-ring card holding the one unit of Ranium, row,column
	Loaders [3]int `json:"loaders"`
}

// RouteSetupFromSeed derives a set-up from seed alone: the planet dealt
// from seed, and the crew and three distinct loader docks drawn from a
// generator seeded with seed as well (after the deal's draws).
func RouteSetupFromSeed(seed uint64) RouteSetup {
	rng := game.NewRand(seed ^ 0x7f22_0000_0000_7f22)
	su := RouteSetup{Seed: seed, Crew: colorNames[rng.IntN(numColors)]}
	su.Ranium = posName(int(innerRing[rng.IntN(len(innerRing))]))
	perm := rng.Perm(numDocks)
	sortInts(perm[:numLoader])
	copy(su.Loaders[:], perm[:numLoader])
	return su
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Check reports whether su is a valid set-up: a crew color and three
// distinct docks from 0 to 23.
func (su RouteSetup) Check() error {
	if colorIndex(su.Crew) < 0 {
		return game.Errorf(game.CodeInvalid, "route puzzle: crew %q is not a color (white, red, blue, yellow)", su.Crew)
	}
	if p, err := parsePos(su.Ranium); err != nil || ringOf(p) != 1 {
		return game.Errorf(game.CodeInvalid, "route puzzle: the Ranium must lie on an inner-ring card, not %q", su.Ranium)
	}
	for i, d := range su.Loaders {
		if d < 0 || d >= numDocks {
			return game.Errorf(game.CodeInvalid, "route puzzle: loader %d at dock %d; docks are 0 to %d", i+1, d, numDocks-1)
		}
		for j := range i {
			if su.Loaders[j] == d {
				return game.Errorf(game.CodeInvalid, "route puzzle: loaders %d and %d share dock %d", j+1, i+1, d)
			}
		}
	}
	return nil
}

var routePack = sync.OnceValue(func() *compiledPack { return &DefaultPack().compiled })

// Route is a route puzzle being played: the real game state of the solo
// mode, the ore spent so far and whether the Ranium is delivered. The zero
// value is not usable; use [NewRoute].
type Route struct {
	setup     RouteSetup
	s         State
	spent     int
	moves     []game.Action
	delivered bool
}

// NewRoute sets up the route puzzle su (see the package's route puzzle
// mode): a real game state at the start of the solver's first turn, the
// loaders already advanced by that turn's two docks, 4 ore to spend. It
// refuses an invalid set-up.
func NewRoute(su RouteSetup) (*Route, error) {
	if err := su.Check(); err != nil {
		return nil, err
	}
	return &Route{setup: su, s: *newRouteState(routePack(), su)}, nil
}

// newRouteState deals the planet of a four-player game from su.Seed and
// leaves one seat with su's crew on its base.
func newRouteState(pk *compiledPack, su RouteSetup) *State {
	s := newState(pk, 4, variantStandard, 0, su.Seed)
	crew := colorIndex(su.Crew)
	s.n = 1
	for k := range numColors {
		if k != crew {
			s.crewPos[k] = -1
		}
	}
	p, _ := parsePos(su.Ranium)
	s.ranium = 1 << p
	s.total = 1
	s.crewOwner[crew] = 0
	s.seatColor[0] = int8(crew)
	for i, d := range su.Loaders {
		s.loader[i] = int8(d)
	}
	s.swapsLeft = 0
	s.dealSymbolCards()
	s.phase = phaseTurn
	s.startTurn(0)
	return s
}

// Setup returns the puzzle's set-up.
func (r *Route) Setup() RouteSetup { return r.setup }

// Spent returns the ore spent so far.
func (r *Route) Spent() int { return r.spent }

// Delivered reports whether the crew has delivered the Ranium: the puzzle
// is solved and takes no more moves.
func (r *Route) Delivered() bool { return r.delivered }

// Moves returns the moves played so far.
func (r *Route) Moves() []game.Action { return append([]game.Action(nil), r.moves...) }

// Legal appends the legal moves now: the engine's legal actions of the
// solver's seat, none once the Ranium is delivered.
func (r *Route) Legal(dst []game.Action) []game.Action {
	if r.delivered {
		return dst
	}
	return r.s.Legal(0, dst)
}

// Explain returns nil when a may be played now, else the engine's reason.
func (r *Route) Explain(a game.Action) error {
	if r.delivered {
		return game.Errorf(game.CodeGameOver, "the Ranium is delivered: the puzzle is solved and takes no more moves")
	}
	return r.s.Explain(0, a)
}

// Play plays a after checking it; a refused move changes nothing.
func (r *Route) Play(a game.Action) error {
	if err := r.Explain(a); err != nil {
		return err
	}
	r.apply(a)
	return nil
}

// apply plays a legal move a without checking it.
func (r *Route) apply(a game.Action) {
	k := decode(int(a)).kind
	r.spent += int(k.cost())
	r.moves = append(r.moves, a)
	routeApply(&r.s, a)
	r.delivered = k == kindDeliver
}

// routeApply applies a legal action of the solver to s and ends the puzzle
// on a delivery: the game is over, won by the solver's seat, and nothing
// is left to place.
func routeApply(s *State, a game.Action) {
	s.Apply(0, a)
	if decode(int(a)).kind == kindDeliver {
		s.placeCount, s.placer, s.placeSym = 0, -1, -1
		s.phase = phaseOver
		s.winner = 0
	}
}

// MoveString returns the notation of move a (see [State.ActionString]).
func (r *Route) MoveString(a game.Action) string { return r.s.ActionString(0, a) }

// ParseMove parses a move in notation; it does not check legality.
func (r *Route) ParseMove(text string) (game.Action, error) { return r.s.ParseAction(0, text) }

// PlayPlan plays moves, each in notation, one after the other. It stops at
// the first move that does not parse or that the rules refuse and returns
// an error naming the move's place (from 1) and the engine's reason; the
// moves before it stay played.
func (r *Route) PlayPlan(moves []string) error {
	for i, m := range moves {
		a, err := r.ParseMove(strings.TrimSpace(m))
		if err == nil {
			err = r.Play(a)
		}
		if err != nil {
			return game.Errorf(game.ErrorCode(err), "move %d (%q): %s", i+1, m, err.Error())
		}
	}
	return nil
}

// View returns the solver's view of the position: the engine's view of
// seat 0, which holds nothing hidden (no combat can arise with one crew).
func (r *Route) View() *View { return r.s.View(0).(*View) }

// Turn returns the number of the solver's current turn, from 1.
func (r *Route) Turn() int { return int(r.s.turns) }

// Ore returns the ore left in the current turn.
func (r *Route) Ore() int { return int(r.s.ore) }

// String describes the set-up.
func (su RouteSetup) String() string {
	return fmt.Sprintf("seed %d, %s crew, Ranium on %s, loaders at docks %d, %d, %d", su.Seed, su.Crew, su.Ranium, su.Loaders[0], su.Loaders[1], su.Loaders[2])
}
