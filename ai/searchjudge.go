package ai

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"minehall/game"
)

// SearchJudgeConfig configures [NewSearchJudge]: the search settings of a
// game's strongest bot, and how to present its values.
type SearchJudgeConfig struct {
	// Evaluator, Rollout, RolloutDepth and Exploration are as in
	// [MCTSConfig].
	Evaluator    Evaluator
	Rollout      Policy
	RolloutDepth int
	Exploration  float64
	// Determinize searches determinizations from the mover's view
	// (ISMCTS), for games with hidden information.
	Determinize bool
	// View returns the state the search runs on, such as a game's search
	// view that leaves out moves that seldom pay; nil searches the state
	// itself. The root offers every legal action of the state unless
	// RootView is set.
	View func(game.State) game.State
	// RootView makes the root offer only the view's actions, as the bot
	// does; every other legal action is valued by the evaluator after it,
	// averaged over determinizations (one ply, Visits 0).
	RootView bool
	// Reason says why the best move is worth its value, by language; nil,
	// or a nil answer, gives [WinReason], which every other move gets.
	Reason func(s game.State, p game.Player, mv MoveValue) map[string]string
	Seed   uint64
}

// SearchJudge is a [Judge] for any game whose states support [Search]: it
// values every legal action of the mover by the mean result of the
// playouts through it (the probability of winning, [WinScale]) in an MCTS
// search, or an ISMCTS search over determinizations from the mover's view.
// The best is the action the search tried most, which is the action its
// bot would play; the others follow by visits, then value.
type SearchJudge struct {
	cfg   SearchJudgeConfig
	calls uint64
}

var _ Judge = (*SearchJudge)(nil)

// NewSearchJudge returns a search judge.
func NewSearchJudge(cfg SearchJudgeConfig) *SearchJudge { return &SearchJudge{cfg: cfg} }

// Evaluate implements [Judge]. Each call seeds its search from the
// judge's seed and the number of calls before it, so that a review made
// in the same order is the same on every run. An iteration budget below
// twice the number of the root's actions is raised to it, so that every
// one is tried; an action a time cap left untried, or one the root did not
// offer (RootView), is valued as leafValue says.
func (j *SearchJudge) Evaluate(ctx context.Context, s game.State, p game.Player, budget Budget) (Judgement, error) {
	legal := s.Legal(p, nil)
	if len(legal) == 0 {
		return Judgement{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	if budget.Iterations == 0 && budget.Time == 0 {
		budget.Iterations = 1000
	}
	view := s
	if j.cfg.View != nil {
		view = j.cfg.View(s)
	}
	root := legal
	if j.cfg.RootView {
		root = view.Legal(p, nil)
	}
	if budget.Iterations > 0 {
		budget.Iterations = max(budget.Iterations, 2*len(root))
	}
	seed := j.cfg.Seed ^ (j.calls+1)*0x9e3779b97f4a7c15
	j.calls++
	search := newSearch(MCTSConfig{
		Budget: budget, Evaluator: j.cfg.Evaluator, Rollout: j.cfg.Rollout,
		RolloutDepth: j.cfg.RolloutDepth, Exploration: j.cfg.Exploration, Seed: seed,
	}, j.cfg.Determinize)
	stats, err := search.Analyze(ctx, view, p, root)
	if err != nil {
		return Judgement{}, err
	}
	out := Judgement{Scale: WinScale, Moves: make([]MoveValue, 0, len(legal))}
	si := 0
	for _, a := range legal {
		for si < len(stats) && stats[si].Action < a {
			si++
		}
		mv := MoveValue{Action: a, Move: s.ActionString(p, a)}
		if si < len(stats) && stats[si].Action == a && stats[si].Visits > 0 {
			mv.Value, mv.Visits = stats[si].Value, stats[si].Visits
		} else {
			mv.Value = j.leafValue(view, p, a, &search.rng)
		}
		out.Moves = append(out.Moves, mv)
	}
	slices.SortStableFunc(out.Moves, func(a, b MoveValue) int {
		if c := cmp.Compare(b.Visits, a.Visits); c != 0 {
			return c
		}
		return cmp.Compare(b.Value, a.Value)
	})
	if j.cfg.Reason != nil {
		out.Moves[0].Reason = j.cfg.Reason(s, p, out.Moves[0])
	}
	for i := range out.Moves {
		if out.Moves[i].Reason == nil {
			out.Moves[i].Reason = WinReason(out.Moves[i])
		}
	}
	return out, nil
}

// leafSamples is how many determinizations a move the search did not try
// is valued on.
const leafSamples = 8

// leafValue values a by the evaluator (or an even share) after applying it
// to view, or to determinizations of it for p, averaged.
func (j *SearchJudge) leafValue(view game.State, p game.Player, a game.Action, rng *game.Rand) float64 {
	d, det := view.(game.Determinizer)
	det = det && j.cfg.Determinize
	n := 1
	if det {
		n = leafSamples
	}
	sum := 0.0
	var v []float64
	for range n {
		var s game.State
		if det {
			s = d.Determinize(p, rng)
		} else {
			s = view.Clone()
		}
		s.Apply(p, a)
		switch {
		case s.Terminal():
			v = s.Returns(v[:0])
		case j.cfg.Evaluator != nil:
			v = j.cfg.Evaluator(s, v[:0])
		default:
			return 1 / float64(s.NumPlayers())
		}
		sum += v[p]
	}
	return sum / float64(n)
}

// WinReason is the reason a search judge gives for a move on the win
// scale: the chance of winning it leads to and the playouts behind that
// figure (or, for a move the search did not try, that the evaluator
// judged it one move ahead), in each of the app's languages.
func WinReason(mv MoveValue) map[string]string {
	if mv.Visits == 0 {
		return map[string]string{
			"en": fmt.Sprintf("The evaluator, one move ahead, gives %s a %s chance of winning.", mv.Move, Percent(mv.Value, "en")),
			"de": fmt.Sprintf("Die Bewertung einen Zug voraus gibt %s eine Gewinnchance von %s.", mv.Move, Percent(mv.Value, "de")),
			"fr": fmt.Sprintf("L’évaluation, un coup plus loin, donne à %s %s de chances de gagner.", mv.Move, Percent(mv.Value, "fr")),
			"nl": fmt.Sprintf("De evaluatie, één zet vooruit, geeft %s een winkans van %s.", mv.Move, Percent(mv.Value, "nl")),
		}
	}
	return map[string]string{
		"en": fmt.Sprintf("The search gives %s a %s chance of winning (%d playouts).", mv.Move, Percent(mv.Value, "en"), mv.Visits),
		"de": fmt.Sprintf("Die Suche gibt %s eine Gewinnchance von %s (%d Durchläufe).", mv.Move, Percent(mv.Value, "de"), mv.Visits),
		"fr": fmt.Sprintf("La recherche donne à %s %s de chances de gagner (%d parties simulées).", mv.Move, Percent(mv.Value, "fr"), mv.Visits),
		"nl": fmt.Sprintf("De zoektocht geeft %s een winkans van %s (%d simulaties).", mv.Move, Percent(mv.Value, "nl"), mv.Visits),
	}
}

// Percent writes a value in [0, 1] as a whole percentage in lang's way.
func Percent(v float64, lang string) string {
	pct := strconv.Itoa(int(100*v + 0.5))
	if lang == "de" || lang == "fr" {
		return pct + "\u00a0%"
	}
	return pct + "%"
}

// Decimal writes x with one decimal and lang's decimal mark.
func Decimal(x float64, lang string) string {
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if lang != "en" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
