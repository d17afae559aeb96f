package tf22

import (
	"fmt"
	"math"

	"minehall/ai"
	"minehall/game"
)

var (
	_ ai.JudgeMaker     = (*Game)(nil)
	_ ai.ReviewBudgeter = (*Game)(nil)
)

// NewJudge returns the review's judge: the hard bot's search (ISMCTS over
// determinizations from the mover's view, [Evaluate] at the leaves, the
// hard bot's exploration), valuing each action by the share of its
// playouts won. Its root offers the actions the bots consider (the search
// view's); every other legal action, a card turn the view left out, is
// valued by [Evaluate] after it, averaged over determinizations. The
// judge never reads another seat's cards or a pile's order.
func (g *Game) NewJudge(seed uint64) (ai.Judge, error) {
	return ai.NewSearchJudge(ai.SearchJudgeConfig{
		Evaluator:   Evaluate,
		Exploration: botExploration,
		Determinize: true,
		View:        func(s game.State) game.State { return searchState{State: stateOf(s)} },
		RootView:    true,
		Reason:      judgeReason,
		Seed:        seed,
	}), nil
}

// ReviewBudget is the hard bot's budget: 600 iterations a decision.
func (g *Game) ReviewBudget() ai.Budget { return ai.Budget{Iterations: searchIterations["hard"]} }

// judgeWords say a best move's reason: the move, the mover's lead before
// and after it, and its chance of winning.
var judgeWords = map[string]string{
	"en": "%s takes your lead over the best rival from %s to %s (progress in markers, 3 to win); the search gives it a %s chance of winning.",
	"de": "%s bringt deinen Vorsprung vor dem stärksten Gegner von %s auf %s (Fortschritt in Markern, 3 zum Sieg); die Suche gibt ihm eine Gewinnchance von %s.",
	"fr": "%s fait passer votre avance sur le meilleur rival de %s à %s (progrès en marqueurs, 3 pour gagner) ; la recherche lui donne %s de chances de gagner.",
	"nl": "%s brengt je voorsprong op de sterkste rivaal van %s naar %s (voortgang in markers, 3 om te winnen); de zoektocht geeft hem een winkans van %s.",
}

// judgeReason says, in each language, how the best move mv changes p's
// lead in progress (see [State.margin]), measured on a determinization
// from p's view so that it reads nothing p could not see.
func judgeReason(st game.State, p game.Player, mv ai.MoveValue) map[string]string {
	s := stateOf(st)
	rng := game.NewRand(uint64(mv.Action) + 1)
	d := s.Determinize(p, &rng).(*State)
	before := d.margin(int8(p))
	d.Apply(p, mv.Action)
	after := d.margin(int8(p))
	out := map[string]string{}
	for _, lang := range game.Languages {
		out[lang] = fmt.Sprintf(judgeWords[lang], mv.Move, signed(before, lang), signed(after, lang), ai.Percent(mv.Value, lang))
	}
	return out
}

// signed writes x with one decimal in lang's way, with its sign unless
// it rounds to 0.
func signed(x float64, lang string) string {
	r := math.Round(x*10) / 10
	switch {
	case r == 0:
		return ai.Decimal(0, lang)
	case r > 0:
		return "+" + ai.Decimal(r, lang)
	}
	return ai.Decimal(r, lang)
}
