package hammertime

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
)

var (
	_ ai.JudgeMaker     = (*Game)(nil)
	_ ai.ReviewBudgeter = (*Game)(nil)
)

// JudgeScale is the scale of Hammer Time's reviews: points of the hard
// bot's progress measure (a gem in the top wagon 1, a full wagon 10, a
// mission card 0.7), an action's value being the progress its turn is
// expected to bring less the gems it leaves near an edge for the next
// player. A hit within a quarter gem of the best is best, half a gem good,
// one gem an inaccuracy, two a mistake, more a blunder; a gem costs as much
// accuracy as 10% of winning chances.
var JudgeScale = ai.Scale{Name: ai.ScalePoints, Best: 0.25, Good: 0.5, Inaccuracy: 1, Mistake: 2, Unit: 0.1}

// ReviewBudget is 1000 simulated hits a decision (hard before issue 69
// simulated about 300 of its 40 candidates): one for each of the 360
// hits, then the better half twice as many, and so on.
func (g *Game) ReviewBudget() ai.Budget { return ai.Budget{Iterations: 1000} }

// AnalysisBudget is 600 simulated hits a position of the analysis board
// (about 1.7 s of one core, the best dozen hits sampled 8 to 16 times): a
// review's 1000 take about 2.6 seconds. The board's time cap stops the
// judge earlier on a busy machine.
func (g *Game) AnalysisBudget() ai.Budget { return ai.Budget{Iterations: 600} }

// NewJudge returns the review's judge, the judgement of hits of hard as
// it was before issue 69 ([HitBot.judgedHit], [hardBefore69]) made over
// every hit instead of its aimed candidates: each hit is simulated on
// determinizations of the tray from the mover's view (fresh hand noise,
// hidden piles redrawn; the k-th sample of every hit on the same one),
// valued by the progress its turn brings (a hit that drops nothing by the
// rest of the turn, one that wakes the dragon by nothing), and the better
// hits get more samples by successive halving, within the budget's
// iterations (simulated hits) and its time. A turn or push of the tray is
// valued as the best hit (it only prepares one); a filling by the progress
// it makes.
func (g *Game) NewJudge(seed uint64) (ai.Judge, error) {
	return &judge{bot: HitBot{Level: botLevel{Judged: 1, Judge: reviewJudge}, rng: game.NewRand(seed)}}, nil
}

// reviewJudge is the review's search: hard's before issue 69
// ([hardBefore69]), its simulations ended once their outcome is decided.
var reviewJudge = func() judgeLevel {
	lv := hardBefore69
	lv.StopEarly = true
	return lv
}()

type judge struct{ bot HitBot }

// judgeStats are a hit's samples as the bot keeps them, and how many woke
// the dragon.
type judgeStats struct {
	hitStats
	dragons int
}

// Evaluate implements [ai.Judge].
func (j *judge) Evaluate(ctx context.Context, gs game.State, p game.Player, budget ai.Budget) (ai.Judgement, error) {
	s, ok := gs.(*State)
	if !ok {
		return ai.Judgement{}, game.Errorf(game.CodeInvalid, "the Hammer Time judge judges Hammer Time only")
	}
	legal := s.Legal(p, nil)
	if len(legal) == 0 {
		return ai.Judgement{}, game.Errorf(game.CodeNotYourTurn, "seat %s has nothing to do", seatName(p))
	}
	if s.phase == PhaseFill {
		return j.fillings(s, p, legal), nil
	}
	hs, err := j.hits(ctx, s, p, legal, budget)
	if err != nil {
		return ai.Judgement{}, err
	}
	lv := j.bot.Level.Judge
	most := 0
	for i := range hs {
		most = max(most, hs[i].n)
	}
	var top []hitStats
	for i := range hs {
		if hs[i].n == most {
			top = append(top, hs[i].hitStats)
		}
	}
	cont := lv.Continue * turnValue(top, lv.Continue)
	// A hit the deadline left unsampled is valued as the average sampled
	// hit: nothing is known of it.
	sum, sampled := 0.0, 0
	for i := range hs {
		if hs[i].n > 0 {
			sum += hs[i].value(cont)
			sampled++
		}
	}
	out := ai.Judgement{Scale: JudgeScale}
	for _, h := range hs {
		mv := ai.MoveValue{Action: h.a, Move: s.ActionString(p, h.a), Visits: h.n}
		if h.n > 0 {
			mv.Value = h.value(cont)
			mv.Reason = hitReason(mv, h)
		} else {
			mv.Value = sum / float64(sampled)
			mv.Reason = unsampledReason(mv)
		}
		out.Moves = append(out.Moves, mv)
	}
	slices.SortStableFunc(out.Moves, func(x, y ai.MoveValue) int {
		if c := cmp.Compare(y.Visits, x.Visits); c != 0 {
			return c
		}
		return cmp.Compare(y.Value, x.Value)
	})
	best := out.Moves[0]
	for _, a := range legal {
		if a >= numHits {
			mv := ai.MoveValue{Action: a, Move: s.ActionString(p, a), Value: best.Value}
			mv.Reason = trayReason(mv, best)
			out.Moves = append(out.Moves, mv)
		}
	}
	return out, nil
}

// hits samples every legal hit within the budget: each hit an even share
// of half the budget (at least once), then, by successive halving, the
// better half twice as many samples, until the review's finalists have
// its samples or the budget's iterations are spent. The simulations run
// in one reused space and end once their outcome is decided. When the
// budget's time or ctx's deadline passes, checked between simulations, it
// stops and returns the samples so far (at least one, so that some hit is
// valued); when ctx is cancelled otherwise it returns ctx's error.
func (j *judge) hits(ctx context.Context, s *State, p game.Player, legal []game.Action, budget ai.Budget) ([]judgeStats, error) {
	lv := j.bot.Level.Judge
	total := budget.Iterations
	if total <= 0 {
		total = 1000
	}
	var deadline time.Time
	if budget.Time > 0 {
		deadline = time.Now().Add(budget.Time)
	}
	var hs []judgeStats
	for _, a := range legal {
		if a < numHits {
			hs = append(hs, judgeStats{hitStats: hitStats{a: a}})
		}
	}
	seeds := make([]uint64, lv.Samples)
	for k := range seeds {
		seeds[k] = j.bot.rng.Uint64()
	}
	sim := newReusedSimulation(s.pack)
	sim.band = max(lv.Edge, decidedMargin)
	base := progress(s, p)
	used := 0
	errStop := errors.New("the judge's time is up")
	sample := func(h *judgeStats, upTo int) error {
		for h.n < upTo && h.n < lv.Samples {
			if used > 0 {
				if err := ctx.Err(); errors.Is(err, context.DeadlineExceeded) {
					return errStop
				} else if err != nil {
					return err
				}
				if !deadline.IsZero() && time.Now().After(deadline) {
					return errStop
				}
			}
			r := game.NewRand(seeds[h.n])
			d := s.Determinize(p, &r).(*State)
			d.applyJudgedHit(h.a, sim)
			h.n++
			used++
			if d.last != nil && d.last.Dragon {
				h.dragons++
			}
			if v, fell := j.bot.judgeOutcome(d, p, base); fell {
				h.gain += v
			} else {
				h.misses++
			}
		}
		return nil
	}
	per := max(1, total/2/len(hs))
	alive := make([]*judgeStats, len(hs))
	for i := range hs {
		alive[i] = &hs[i]
	}
	for {
		for _, h := range alive {
			if err := sample(h, per); errors.Is(err, errStop) {
				return hs, nil
			} else if err != nil {
				return nil, err
			}
		}
		if len(alive) <= lv.Finalists || per >= lv.Samples || used >= total {
			break
		}
		slices.SortStableFunc(alive, func(x, y *judgeStats) int {
			return cmp.Compare(y.value(0), x.value(0))
		})
		alive = alive[:max(lv.Finalists, len(alive)/2)]
		per = min(lv.Samples, 2*per)
	}
	return hs, nil
}

// fillings values each filling by the progress it brings p.
func (j *judge) fillings(s *State, p game.Player, legal []game.Action) ai.Judgement {
	base := progress(s, p)
	out := ai.Judgement{Scale: JudgeScale}
	for _, a := range legal {
		d := s.Clone().(*State)
		d.Apply(p, a)
		mv := ai.MoveValue{Action: a, Move: s.ActionString(p, a), Value: progress(d, p) - base}
		mv.Reason = fillReason(mv)
		out.Moves = append(out.Moves, mv)
	}
	slices.SortStableFunc(out.Moves, func(x, y ai.MoveValue) int { return cmp.Compare(y.Value, x.Value) })
	return out
}

// The reasons' words by language: a hit (move, expected gain in gems,
// samples, how many of them woke the dragon), a tray move (move, best
// hit), a filling (move, gain in points), the gains said by
// decimalCount.
var (
	gemNouns   = map[string][2]string{"en": {"gem", "gems"}, "de": {"Edelstein", "Edelsteine"}, "fr": {"gemme", "gemmes"}, "nl": {"edelsteen", "edelstenen"}}
	pointNouns = map[string][2]string{"en": {"point", "points"}, "de": {"Punkt", "Punkte"}, "fr": {"point", "points"}, "nl": {"punt", "punten"}}

	hitWords = map[string]string{
		"en": "%s brings your wagons %s on average, less what it leaves near an edge for the next player (%d simulated hits, the dragon woke in %d).",
		"de": "%s bringt deinen Loren im Mittel %s, abzüglich dessen, was am Rand für den nächsten Spieler liegen bleibt (%d simulierte Schläge, der Drache erwachte in %d).",
		"fr": "%s apporte en moyenne %s à vos wagonnets, moins ce qu’il laisse près d’un bord au joueur suivant (%d coups simulés, le dragon s’est réveillé dans %d).",
		"nl": "%s levert je wagentjes gemiddeld %s op, min wat er bij een rand blijft liggen voor de volgende speler (%d gesimuleerde slagen, de draak werd %d keer wakker).",
	}
	unsampledWords = map[string]string{
		"en": "%s was not simulated before the time ran out; it is valued as the average simulated hit, %s.",
		"de": "%s wurde nicht simuliert, bevor die Zeit ablief; er zählt wie der durchschnittliche simulierte Schlag, %s.",
		"fr": "%s n’a pas été simulé avant la fin du temps ; il vaut le coup simulé moyen, %s.",
		"nl": "%s is niet gesimuleerd voordat de tijd om was; hij telt als de gemiddelde gesimuleerde slag, %s.",
	}
	trayWords = map[string]string{
		"en": "%s only prepares a hit; it is worth the best hit, %s.",
		"de": "%s bereitet nur einen Schlag vor; er ist so viel wert wie der beste Schlag, %s.",
		"fr": "%s ne fait que préparer un coup ; il vaut le meilleur coup, %s.",
		"nl": "%s bereidt alleen een slag voor; hij is evenveel waard als de beste slag, %s.",
	}
	fillWords = map[string]string{
		"en": "%s brings your wagons %s of progress.",
		"de": "%s bringt deinen Loren %s Fortschritt.",
		"fr": "%s apporte %s de progrès à vos wagonnets.",
		"nl": "%s levert je wagentjes %s voortgang op.",
	}
)

// decimalCount says x, shown with one decimal, and its noun (singular,
// plural) in the number the language gives such a count: French the
// singular below 2 ("1,5 gemme"), English, German and Dutch the plural
// ("1.0 gems").
func decimalCount(x float64, lang string, noun [2]string) string {
	n := noun[1]
	if lang == "fr" && math.Abs(math.Round(x*10)/10) < 2 {
		n = noun[0]
	}
	return ai.Decimal(x, lang) + " " + n
}

func hitReason(mv ai.MoveValue, h judgeStats) map[string]string {
	out := map[string]string{}
	for _, lang := range game.Languages {
		out[lang] = fmt.Sprintf(hitWords[lang], mv.Move, decimalCount(mv.Value, lang, gemNouns[lang]), h.n, h.dragons)
	}
	return out
}

func unsampledReason(mv ai.MoveValue) map[string]string {
	out := map[string]string{}
	for _, lang := range game.Languages {
		out[lang] = fmt.Sprintf(unsampledWords[lang], mv.Move, ai.Decimal(mv.Value, lang))
	}
	return out
}

func trayReason(mv, best ai.MoveValue) map[string]string {
	out := map[string]string{}
	for _, lang := range game.Languages {
		out[lang] = fmt.Sprintf(trayWords[lang], mv.Move, best.Move)
	}
	return out
}

func fillReason(mv ai.MoveValue) map[string]string {
	out := map[string]string{}
	for _, lang := range game.Languages {
		out[lang] = fmt.Sprintf(fillWords[lang], mv.Move, decimalCount(mv.Value, lang, pointNouns[lang]))
	}
	return out
}
