package puzzle

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"sync"
	"time"

	"minehall/game"
	"minehall/games/tf22"
	"minehall/rating"
	"minehall/store"
)

// The TF22 route puzzles of the API (docs/protocol.md, "TF22 route
// puzzles"): tf22/daily, the day's puzzle; tf22/practice, the shipped set
// with ratings; and tf22/play, which replays a plan in progress for the
// page that builds it move by move.

// routeOrder is a fixed shuffle of the shipped set; the day d's puzzle is
// its entry d mod the set's size.
var routeOrder = sync.OnceValue(func() []int {
	set := RouteSet()
	rng := game.NewRand(Day(0).Seed("tf22 route order"))
	return rng.Perm(len(set))
})

// DailyRoute returns the route puzzle of day d: the same for everyone, a
// pure function of the date.
func DailyRoute(d Day) RoutePuzzle {
	order := routeOrder()
	i := int(d) % len(order)
	if i < 0 {
		i += len(order)
	}
	return RouteSet()[order[i]]
}

// RouteByID returns the shipped route puzzle id.
func RouteByID(id string) (RoutePuzzle, error) {
	for _, p := range RouteSet() {
		if p.ID == id {
			return p, nil
		}
	}
	return RoutePuzzle{}, game.Errorf(game.CodeNotFound, "no TF22 route puzzle %q (there are tf22-001 to tf22-%03d)", id, len(RouteSet()))
}

// routeInitial is the rating a route puzzle starts with: the default, its
// Mu raised by 2 for each ore of its optimum above RouteMinOre and by 1
// for each turn after the first.
func routeInitial(p RoutePuzzle) rating.Rating {
	r := rating.Default()
	r.Mu += 2*float64(p.Optimum-RouteMinOre) + float64(p.Turns-1)
	return r
}

// RouteOpen is the answer when a route puzzle is opened: the puzzle's
// identity and set-up, the engine's view of the solver's seat, the legal
// moves in notation and a start ticket. It holds neither the optimum nor
// the plan.
type RouteOpen struct {
	Puzzle string          `json:"puzzle"`
	Day    string          `json:"day,omitempty"`
	ID     string          `json:"id"`
	Setup  tf22.RouteSetup `json:"setup"`
	Ticket string          `json:"ticket"`
	RouteStep
	// Practice only: the puzzle's rating now and the set's size.
	Rating  *rating.Rating `json:"rating,omitempty"`
	SetSize int            `json:"set_size,omitempty"`
}

// RouteStep is a position of a route puzzle: the view, the legal moves in
// notation, the ore spent, the turn and the ore left in it, and whether
// the Ranium is delivered.
type RouteStep struct {
	View      *tf22.View `json:"view"`
	Legal     []string   `json:"legal"`
	Spent     int        `json:"spent"`
	Turn      int        `json:"turn"`
	Ore       int        `json:"ore"`
	Delivered bool       `json:"delivered"`
}

func routeStep(r *tf22.Route) RouteStep {
	st := RouteStep{View: r.View(), Legal: []string{}, Spent: r.Spent(), Turn: r.Turn(), Ore: r.Ore(), Delivered: r.Delivered()}
	for _, a := range r.Legal(nil) {
		st.Legal = append(st.Legal, r.MoveString(a))
	}
	return st
}

func routeDailyKey(d Day) string { return "tf22/daily/" + d.String() }

func routePracticeKey(id string) string { return "tf22/practice/" + id }

func (s *Service) openRoute(ctx context.Context, p RoutePuzzle, key, day string, player string) (*RouteOpen, error) {
	r, err := tf22.NewRoute(p.Setup)
	if err != nil {
		return nil, err
	}
	tk, err := s.issue(ctx, key, player)
	if err != nil {
		return nil, err
	}
	return &RouteOpen{Puzzle: key, Day: day, ID: p.ID, Setup: p.Setup, Ticket: tk.ID, RouteStep: routeStep(r)}, nil
}

func (s *Service) openRouteDaily(ctx context.Context, player string) (*RouteOpen, error) {
	day := DayOf(s.now())
	return s.openRoute(ctx, DailyRoute(day), routeDailyKey(day), day.String(), player)
}

// openRoutePractice opens the practice puzzle of query "id", or else the
// one whose rating's Mu is nearest the player's "mu" (default 25),
// skipping the IDs of "skip" (comma-separated, the ones done lately).
func (s *Service) openRoutePractice(ctx context.Context, q url.Values, player string) (*RouteOpen, error) {
	set := RouteSet()
	var pick RoutePuzzle
	var pr store.PuzzleRating
	if id := q.Get("id"); id != "" {
		var err error
		if pick, err = RouteByID(id); err != nil {
			return nil, err
		}
		if pr, err = s.storedRating(ctx, routePracticeKey(pick.ID), routeInitial(pick)); err != nil {
			return nil, err
		}
	} else {
		i, r, err := s.nearest(ctx, q, player, ratedModes["tf22"], len(set),
			func(i int) string { return set[i].ID }, func(i int) rating.Rating { return routeInitial(set[i]) })
		if err != nil {
			return nil, err
		}
		pick, pr = set[i], r
	}
	out, err := s.openRoute(ctx, pick, routePracticeKey(pick.ID), "", player)
	if err != nil {
		return nil, err
	}
	out.Rating, out.SetSize = &rating.Rating{Mu: pr.Mu, Sigma: pr.Sigma}, len(set)
	return out, nil
}

// RoutePlay is a plan in progress sent to tf22/play.
type RoutePlay struct {
	ID    string   `json:"id"`
	Moves []string `json:"moves"`
}

// playRoute replays a plan in progress and answers its position. A move
// the rules refuse is an error with the engine's reason. Nothing is
// stored and no ticket is used.
func (s *Service) playRoute(body []byte) (*RouteStep, error) {
	var req RoutePlay
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	p, err := RouteByID(req.ID)
	if err != nil {
		return nil, err
	}
	if len(req.Moves) > 200 {
		return nil, game.Errorf(game.CodeInvalid, "the plan has %d moves; at most 200", len(req.Moves))
	}
	r, err := tf22.NewRoute(p.Setup)
	if err != nil {
		return nil, err
	}
	if err := r.PlayPlan(req.Moves); err != nil {
		return nil, err
	}
	st := routeStep(r)
	return &st, nil
}

// RouteSubmission is a submitted plan: every move in notation, the
// delivery last.
type RouteSubmission struct {
	Submission
	Plan []string `json:"plan"`
}

// RouteResult answers an accepted plan: its ore against the optimum, and
// now the one optimal plan and why.
type RouteResult struct {
	Puzzle string `json:"puzzle"`
	ID     string `json:"id"`
	RouteScore
	Millis int64    `json:"millis"`
	Best   []string `json:"best_plan"`
	Reason string   `json:"reason"`
	// Practice only, when the attempt counts: the player's and the
	// puzzle's ratings after it.
	PlayerRating *rating.Rating `json:"player_rating,omitempty"`
	PuzzleRating *rating.Rating `json:"puzzle_rating,omitempty"`
	Counting
}

// submitRoute checks the ticket (daily: for today, for the day said), then
// replays the plan on the engine: a refused move or a plan that does not
// deliver is refused with the engine's reason and uses nothing. An
// accepted plan uses the ticket and, in practice, moves both ratings (a
// perfect plan wins against the puzzle).
func (s *Service) submitRoute(ctx context.Context, body []byte, player string, practice bool) (*RouteResult, error) {
	var sub RouteSubmission
	if err := decode(body, &sub); err != nil {
		return nil, err
	}
	prefix := "tf22/daily/"
	if practice {
		prefix = "tf22/practice/"
	}
	tk, took, err := s.ticketFor(ctx, sub.Submission, prefix, player, !practice)
	if err != nil {
		return nil, err
	}
	var p RoutePuzzle
	if practice {
		if p, err = RouteByID(strings.TrimPrefix(tk.Puzzle, prefix)); err != nil {
			return nil, err
		}
	} else {
		day, _ := ParseDay(sub.Day)
		p = DailyRoute(day)
	}
	sc, err := ScoreRoute(p, sub.Plan)
	if err != nil {
		return nil, err
	}
	res := &RouteResult{Puzzle: tk.Puzzle, ID: p.ID, RouteScore: sc, Millis: took.Milliseconds(), Best: p.Plan, Reason: p.Reason}
	var r *rated
	if practice {
		cur, err := s.storedRating(ctx, routePracticeKey(p.ID), routeInitial(p))
		if err != nil {
			return nil, err
		}
		if r, err = s.rate(ctx, player, ratedModes["tf22"], cur, sc.Perfect); err != nil {
			return nil, err
		}
	}
	plan, _ := json.Marshal(sub.Plan)
	// The ore spent, fewer being better, is stored negated: a score is
	// higher the better.
	a := store.PuzzleAttempt{Ticket: tk.ID, Puzzle: tk.Puzzle, Player: player, Name: cleanName(sub.Name), Score: -int64(sc.Ore),
		Millis: res.Millis, Perfect: sc.Perfect, At: s.now(), Body: string(plan)}
	if res.Counting, err = s.finish(ctx, a, r, took, time.Duration(len(sub.Plan))*RouteMoveFloor); err != nil {
		return nil, err
	}
	if r != nil && res.Counted {
		res.PlayerRating, res.PuzzleRating = &r.Player, &r.Puzzle
	}
	return res, nil
}
