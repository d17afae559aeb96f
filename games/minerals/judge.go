package minerals

import (
	"fmt"
	"strings"

	"minehall/ai"
	"minehall/game"
)

var (
	_ ai.JudgeMaker     = (*Game)(nil)
	_ ai.ReviewBudgeter = (*Game)(nil)
)

// NewJudge returns the review's judge: the hard bot's search (MCTS with
// [Evaluate] over the search view, the hard bot's iterations by default),
// valuing each action by the share of its playouts won. Its root offers
// the actions the bots consider (the search view's); every other legal
// action, a tool use that seldom pays, is valued by [Evaluate] after it.
// The best pawn move at the start of a move is explained by what it
// lifts, cuts off and completes ([State.ExplainMove]).
func (g *Game) NewJudge(seed uint64) (ai.Judge, error) {
	return ai.NewSearchJudge(ai.SearchJudgeConfig{
		Evaluator: Evaluate,
		View:      func(s game.State) game.State { return searchState{asState(s)} },
		RootView:  true,
		Reason:    judgeReason,
		Seed:      seed,
	}), nil
}

// ReviewBudget is the hard bot's budget: 2000 iterations a decision.
func (g *Game) ReviewBudget() ai.Budget { return ai.Budget{Iterations: mctsIterations["hard"]} }

// mineralWords are the minerals' names by language, in order of value.
var mineralWords = map[string][NumMinerals]string{
	"en": {"wollastonite", "kyanite", "tourmaline", "anthracite", "orpiment"},
	"de": {"Wollastonit", "Kyanit", "Turmalin", "Anthrazit", "Auripigment"},
	"fr": {"wollastonite", "cyanite", "tourmaline", "anthracite", "orpiment"},
	"nl": {"wollastoniet", "kyaniet", "toermalijn", "antraciet", "auripigment"},
}

// judgeWords are the sentences of a best move's reason, as format
// strings: Lands (move, lifted, landing), Cuts (fragments, minerals,
// taken; the counts said by Fragment and Mineral), Card (cards, points)
// and Chance (the chance of winning).
var judgeWords = map[string]struct {
	Lands, Cuts, Card, Chance string
	Fragment, Mineral         countWords
}{
	"en": {"%s lifts the mineral under the pawn (%s) and lands on the next (%s).", " It cuts off %s of %s and takes %s.", " It completes %s for %d points this turn.", " The search gives it a %s chance of winning.",
		countWords{"%d fragment", "%d fragments"}, countWords{"%d mineral", "%d minerals"}},
	"de": {"%s hebt das Mineral unter der Figur (%s) und landet auf dem nächsten (%s).", " Der Zug trennt %s mit %s ab und nimmt %s.", " Er vervollständigt %s für %d Punkte in diesem Zug.", " Die Suche gibt ihm eine Gewinnchance von %s.",
		countWords{"%d Bruchstück", "%d Bruchstücke"}, countWords{"%d Mineral", "%d Minerale"}},
	"fr": {"%s prend le minéral sous le pion (%s) et arrive sur le suivant (%s).", " Il détache %s de %s et prend %s.", " Il complète %s pour %d points ce tour-ci.", " La recherche lui donne %s de chances de gagner.",
		countWords{"%d fragment", "%d fragments"}, countWords{"%d minéral", "%d minéraux"}},
	"nl": {"%s pakt het mineraal onder de pion (%s) en landt op het volgende (%s).", " De zet snijdt %s met %s af en pakt %s.", " Hij maakt %s compleet voor %d punten deze beurt.", " De zoektocht geeft hem een winkans van %s.",
		countWords{"%d fragment", "%d fragmenten"}, countWords{"%d mineraal", "%d mineralen"}},
}

// countWords says a count of a thing: One for 1, Many for any other count.
type countWords struct{ One, Many string }

// say returns n in words.
func (c countWords) say(n int) string {
	if n == 1 {
		return fmt.Sprintf(c.One, n)
	}
	return fmt.Sprintf(c.Many, n)
}

// judgeReason explains the best move mv of p in st when it is a pawn move
// at the start of a move, in each language; nil otherwise.
func judgeReason(st game.State, p game.Player, mv ai.MoveValue) map[string]string {
	s := asState(st)
	if !s.AtMoveStart() || int(mv.Action) >= actFail {
		return nil
	}
	f, err := s.ExplainMove(mv.Action, 1)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, lang := range game.Languages {
		w, names := judgeWords[lang], mineralWords[lang]
		text := fmt.Sprintf(w.Lands, mv.Move, names[f.Lifted], names[f.Landing])
		if f.Fragments > 0 {
			var taken []string
			for m := range NumMinerals {
				for range f.Taken[m] {
					taken = append(taken, names[m])
				}
			}
			text += fmt.Sprintf(w.Cuts, w.Fragment.say(f.Fragments), w.Mineral.say(f.CutOff), strings.Join(taken, ", "))
		}
		if len(f.Cards) > 0 {
			text += fmt.Sprintf(w.Card, strings.Join(f.Cards, ", "), f.CardPoints)
		}
		out[lang] = text + fmt.Sprintf(w.Chance, ai.Percent(mv.Value, lang))
	}
	return out
}
