package hammertime

import (
	"context"
	"math"
	"slices"

	"minehall/game"
)

// judgeLevel sets the search of a judging bot (see [HitBot.judgedHit]).
// Candidates distinct hits are screened: each is simulated once, then the
// best 1/Cut of them twice as often, and so on (successive halving when
// Cut is 2) until Finalists are left or each has Screen samples. Refine
// rounds of refinement follow, each around the best hit so far: the finalists and
// the best hit's Neighbours (steps of aim and strength) are simulated
// RefineFirst times each, then the better half twice as often, and so on
// until Finalists are left with Samples each (RefineFirst equal to Samples:
// every hit of the round gets Samples). Continue discounts the value of
// the rest of the turn after a hit that drops nothing, Threat weighs the
// gems a hit leaves near the edges for the next player, and Edge is how
// close to an edge (cm) such a gem lies. StopEarly ends each simulation
// as soon as its outcome for the judgement is decided
// ([simulation.decided]) instead of when every gem rests. Win, when not
// zero, is what an outcome that ends the game is worth for each whole win
// (a share of a win in proportion): a turn that can end the game is then
// judged by the chance of winning it, which is all that counts, and no
// longer by the progress it brings.
type judgeLevel struct {
	Candidates  int
	Screen      int
	Cut         int
	Samples     int
	RefineFirst int
	Finalists   int
	Refine      int
	Neighbours  [][2]int // steps of (aim, strength) around the best hit
	StopEarly   bool     // end each simulation once its outcome is decided
	Continue    float64
	Threat      float64
	Edge        float64
	Win         float64
}

// oldNeighbours are the refinement's neighbours of the levels before issue
// 69: strength ±1 and ±2, aim ±1.
var oldNeighbours = [][2]int{{0, -2}, {0, -1}, {0, 1}, {0, 2}, {-1, 0}, {1, 0}}

// nearNeighbours are strength ±1 and aim ±1.
var nearNeighbours = [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}

// ringNeighbours are the eight hits one step of aim or strength or both
// away.
var ringNeighbours = [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// hitStats gathers a candidate hit's simulated outcomes: how many samples,
// how many dropped nothing (the player hits again), and the summed value of
// the others (the turn's gain, less what was left for the next player).
type hitStats struct {
	a      game.Action
	n      int
	misses int
	gain   float64
}

// value is the expected value of the hit when the rest of the turn, after a
// hit that drops nothing, is worth cont.
func (h *hitStats) value(cont float64) float64 {
	return (h.gain + float64(h.misses)*cont) / float64(h.n)
}

// turnValue solves v = max over hits of value(disc·v): the value of the
// turn for a player who hits again, whenever nothing falls, with the same
// prospects as now (discounted by disc < 1 for the hits it takes and the
// change of the tray). With disc < 1 the map is a contraction and the
// iteration converges; v is 0 when no hit has a sample.
func turnValue(hs []hitStats, disc float64) float64 {
	v := 0.0
	for it := 0; it < 60; it++ {
		next := math.Inf(-1)
		for i := range hs {
			if hs[i].n > 0 {
				next = max(next, hs[i].value(disc*v))
			}
		}
		if math.IsInf(next, -1) {
			return 0
		}
		if math.Abs(next-v) < 1e-9 {
			return next
		}
		v = next
	}
	return v
}

// judgedHit chooses p's hit in s: distinct candidate hits aimed at the
// gems p's wagon wants ([HitBot.aimedCandidate]) are screened by
// successive halving, then refined around the best (see [judgeLevel] and
// [judgement.round]). Each sampled outcome is valued by
// [HitBot.judgeOutcome], a hit that drops nothing by the value of the rest
// of the turn ([turnValue]). Every sample is simulated on a
// determinization of s for p (the k-th sample of every candidate on the
// same one), so the hand's noise, the hidden piles and any gem out of p's
// sight are drawn from p's view and nothing p cannot see is used; the
// choice depends only on s, the bot's generator and its budget. All
// simulations run in one reused space.
//
// A bot that deepens ([HitBot.deepen]) then searches again in rounds of
// [judgeLevel.deepened], each with twice the candidates and samples of the
// last, the outcomes already simulated reused, until ctx is done or its
// budget of simulated hits ([HitBot.maxSims]) is spent: it answers with the
// hit of the last round it finished. When ctx is done, or the budget spent,
// before the level's own schedule ends, it returns the best hit found so
// far.
func (b *HitBot) judgedHit(ctx context.Context, s *State, p game.Player) game.Action {
	lv := b.Level.Judge
	j := b.newJudgement(ctx, s, p, lv)
	best, done := j.round(lv)
	b.deeper = 0
	for r := 1; done && b.deepen && r <= maxDeepening; r++ {
		j.reuse = true
		deeper := lv.deepened(r)
		j.draw(deeper.Candidates)
		var hit game.Action
		if hit, done = j.round(deeper); done {
			best = hit
			b.deeper = r
		}
	}
	return best
}

// maxDeepening bounds the rounds of a deepening search: the sixth asks
// for more candidates than there are hits (360) and 2048 samples of its
// finalists, far past the three or so rounds a table's longest thinking
// time (10 s) finishes.
const maxDeepening = 6

// deepened is the level's search for round r of a deepening bot: 2^r
// times the candidates, the screening's samples and the refinement's.
func (lv judgeLevel) deepened(r int) judgeLevel {
	f := 1 << r
	lv.Candidates *= f
	lv.Screen *= f
	lv.RefineFirst *= f
	lv.Samples *= f
	return lv
}

// judgement is one decision's search: the position judged for seat p, the
// distinct candidate hits drawn so far, the seeds of the common samples,
// the reused space, and every sample's outcome simulated so far.
type judgement struct {
	b     *HitBot
	ctx   context.Context
	s     *State
	p     game.Player
	view  *State // the determinization the candidates are aimed on
	need  [numColors]float64
	base  float64
	sim   *simulation
	seeds []uint64
	pool  []game.Action
	// known is the outcome of each hit's k-th sample. The rounds after the
	// level's schedule read it (reuse); the schedule itself simulates
	// every sample it asks for, as it always has, so that its play does
	// not change: a reused space's result depends in its last bits on
	// what it simulated before.
	// Nil when the bot does not deepen: nothing would read it.
	known map[game.Action][]sampleOutcome
	reuse bool
	start int // the bot's simulated hits when the decision began
}

// sampleOutcome is one simulated outcome of a hit: whether anything fell
// and, if so, its value ([HitBot.judgeOutcome]).
type sampleOutcome struct {
	v    float64
	fell bool
}

// newJudgement draws the level's candidates and the seeds of its samples,
// in that order, from the bot's generator.
func (b *HitBot) newJudgement(ctx context.Context, s *State, p game.Player, lv judgeLevel) *judgement {
	j := &judgement{b: b, ctx: ctx, s: s, p: p, start: b.simulated}
	if b.deepen {
		j.known = map[game.Action][]sampleOutcome{}
	}
	j.view = s.Determinize(p, &b.rng).(*State)
	j.need = needs(s, int8(p))
	if s.missions && s.deckLen > 0 && s.pack.Missions[s.deck[0]].kind == MissionBlack {
		j.need[Black] = 0.5
	}
	j.draw(lv.Candidates)
	j.base = progress(s, p)
	// Common random numbers: the k-th sample of every candidate is played
	// on the same determinization, so candidates are compared under the
	// same hand noise and hidden cards.
	j.seeds = make([]uint64, lv.Samples)
	for k := range j.seeds {
		j.seeds[k] = b.rng.Uint64()
	}
	// One space serves every simulation of the decision; the judge as
	// it was (slowJudge) builds one per simulation.
	if !b.slowJudge {
		j.sim = newReusedSimulation(s.pack)
		if lv.StopEarly {
			j.sim.band = max(lv.Edge, decidedMargin)
		}
	}
	return j
}

// draw adds distinct candidate hits until there are n, or 4n draws have
// found no more.
func (j *judgement) draw(n int) {
	for tries := 0; len(j.pool) < n && tries < 4*n; tries++ {
		if a := j.b.aimedCandidate(j.view, j.need); !slices.Contains(j.pool, a) {
			j.pool = append(j.pool, a)
		}
	}
}

// outcome returns the k-th sample of hit a, simulated unless it is known
// and reused; false when it would be simulated but the bot's budget of
// simulated hits is spent.
func (j *judgement) outcome(a game.Action, k int) (sampleOutcome, bool) {
	known := j.known[a]
	if j.reuse && k < len(known) {
		return known[k], true
	}
	if b := j.b; b.maxSims > 0 && b.simulated-j.start >= b.maxSims {
		return sampleOutcome{}, false
	}
	for len(j.seeds) <= k {
		j.seeds = append(j.seeds, j.b.rng.Uint64())
	}
	r := game.NewRand(j.seeds[k])
	d := j.s.Determinize(j.p, &r).(*State)
	d.applyJudgedHit(a, j.sim)
	j.b.simulated++
	var o sampleOutcome
	o.v, o.fell = j.b.judgeOutcome(d, j.p, j.base)
	switch {
	case j.known == nil:
	case k < len(known):
		known[k] = o
	default:
		j.known[a] = append(known, o)
	}
	return o, true
}

// round runs lv's search over the candidates drawn (the first
// lv.Candidates of them on the level's own schedule, all of them after)
// and returns its hit and true; when ctx is done or the budget spent
// first, the best hit found so far and false.
func (j *judgement) round(lv judgeLevel) (game.Action, bool) {
	hs := make([]hitStats, len(j.pool))
	for i, a := range j.pool {
		hs[i].a = a
	}
	sample := func(h *hitStats, upTo int) bool {
		for h.n < upTo && h.n < lv.Samples {
			o, ok := j.outcome(h.a, h.n)
			if !ok {
				return false
			}
			h.n++
			if o.fell {
				h.gain += o.v
			} else {
				h.misses++
			}
		}
		return j.ctx.Err() == nil
	}
	ranked := func(hs []hitStats) {
		cont := lv.Continue * turnValue(hs, lv.Continue)
		slices.SortStableFunc(hs, func(x, y hitStats) int {
			return -cmpFloat(x.value(cont), y.value(cont))
		})
	}
	cut := max(2, lv.Cut)
	// Successive halving: every candidate once, then the better part
	// twice, and so on, until Finalists are left or each has Screen samples.
	alive := hs
	for per := 1; ; per *= 2 {
		for i := range alive {
			if !sample(&alive[i], per) {
				return bestHit(hs, lv.Continue), false
			}
		}
		ranked(alive)
		if len(alive) <= lv.Finalists || per >= lv.Screen {
			break
		}
		alive = alive[:max(lv.Finalists, len(alive)/cut)]
	}
	// Refinement: the best hit's neighbours (a little softer or harder,
	// a point to either side) and the finalists: the outcome changes
	// smoothly with strength and aim, and the common samples tell close
	// hits apart. Each round halves them from RefineFirst samples to
	// Samples.
	final := slices.Clone(alive[:min(len(alive), lv.Finalists)])
	for round := 0; round < max(1, lv.Refine); round++ {
		if round > 0 {
			// The last round's survivors, best first, around the best.
			cont := lv.Continue * turnValue(final, lv.Continue)
			slices.SortStableFunc(final, func(x, y hitStats) int {
				if x.n != y.n {
					return y.n - x.n
				}
				return -cmpFloat(x.value(cont), y.value(cont))
			})
			final = final[:min(len(final), lv.Finalists)]
		}
		side, pos, str := decodeHit(final[0].a)
		for _, dd := range lv.Neighbours {
			np, ns := pos+dd[0], str+dd[1]
			if np < 1 || np > HitPositions || ns < 1 || ns > HitStrengths {
				continue
			}
			a := HitAction(side, np, ns)
			if slices.ContainsFunc(final, func(h hitStats) bool { return h.a == a }) {
				continue
			}
			h := hitStats{a: a}
			if i := slices.IndexFunc(hs, func(h hitStats) bool { return h.a == a }); i >= 0 {
				h = hs[i]
			}
			final = append(final, h)
		}
		racing := final
		for per := min(lv.RefineFirst, lv.Samples); ; per = min(lv.Samples, 2*per) {
			for i := range racing {
				if !sample(&racing[i], per) {
					return bestHit(append(final, hs...), lv.Continue), false
				}
			}
			if per >= lv.Samples || len(racing) <= lv.Finalists {
				break
			}
			ranked(racing)
			racing = racing[:max(lv.Finalists, len(racing)/2)]
		}
		for i := range racing {
			if !sample(&racing[i], lv.Samples) {
				return bestHit(append(final, hs...), lv.Continue), false
			}
		}
	}
	return bestHit(final, lv.Continue), true
}

// applyJudgedHit applies the current player's hit a as [State.Apply] does
// but, when sim is not nil, in sim's reused space and without recording
// the gems' paths, which no judge reads (see [State.runMotion]).
func (s *State) applyJudgedHit(a game.Action, sim *simulation) {
	side, pos, str := decodeHit(a)
	m := hitMotion(s.pack.Tray, side, pos, str, s.technique, &s.rng)
	s.hits++
	s.runMotion(a, m, true, sim)
}

// bestHit returns the hit of highest value among those with the most
// samples (the finalists), the continuation valued by [turnValue].
func bestHit(hs []hitStats, disc float64) game.Action {
	most := 0
	for i := range hs {
		most = max(most, hs[i].n)
	}
	var top []hitStats
	for i := range hs {
		if hs[i].n == most && most > 0 {
			top = append(top, hs[i])
		}
	}
	cont := disc * turnValue(top, disc)
	best, bestVal := hs[0].a, math.Inf(-1)
	for i := range top {
		if v := top[i].value(cont); v > bestVal {
			best, bestVal = top[i].a, v
		}
	}
	return best
}

func cmpFloat(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// judgeOutcome values the state d after p's simulated hit: false when
// nothing fell and p hits again (the caller values the rest of the turn);
// else true and the progress the turn brought p (after the suggested
// filling; 0 when the dragon woke or nothing fitted), less Threat for each
// gem the next player would gladly see near an edge ([threat]). When the
// level values wins (Win) and the turn ended the game, the value is p's
// share of the win times Win.
func (b *HitBot) judgeOutcome(d *State, p game.Player, base float64) (float64, bool) {
	if d.phase == PhaseHit && d.current == int8(p) && d.hits > 0 {
		return 0, false
	}
	fillAsSuggested(d, p)
	if w := b.Level.Judge.Win; w > 0 && d.phase == PhaseOver {
		var returns [len(State{}.seats)]float64
		return w * d.Returns(returns[:0])[p], true
	}
	v := progress(d, p) - base
	if b.Level.Judge.Threat > 0 && d.phase != PhaseOver && d.current != int8(p) {
		v -= b.Level.Judge.Threat * threat(d, d.current, b.Level.Judge.Edge)
	}
	return v, true
}

// fillAsSuggested fills p's wagon with the suggested filling when it is
// p's filling to choose, as the bots do; else it leaves s alone.
func fillAsSuggested(s *State, p game.Player) {
	if f, ok := s.SuggestedFilling(); ok && s.current == int8(p) {
		a, _ := FillAction(f)
		s.Apply(p, a)
	}
}

// needs returns, per color, how much seat p's top wagon still wants gems
// of it: 1 for a color with a free slot and for white (a joker) while the
// wagon is not full, 0 else.
func needs(s *State, p int8) [numColors]float64 {
	var w [numColors]float64
	st := &s.seats[p]
	if st.top >= 4 {
		return w
	}
	wagon := &s.pack.Wagons[st.pile[st.top]]
	placed, total := s.wagonContent(p)
	if total >= wagon.total {
		return w
	}
	for c := Blue; c <= Red; c++ {
		if wagon.slots[c] > placed[c] {
			w[c] = 1
		}
	}
	w[White] = 1
	return w
}

// threat counts the gems on the tray within edge cm of an edge that seat q
// could put into its top wagon, at most as many as the wagon has room for:
// the gems that q's next hit is most likely to drop with profit.
func threat(d *State, q int8, edge float64) float64 {
	st := &d.seats[q]
	if st.top >= 4 {
		return 0
	}
	wagon := &d.pack.Wagons[st.pile[st.top]]
	placed, total := d.wagonContent(q)
	var near [numColors]int8
	hw, hd := d.pack.Tray.WidthCM/2, d.pack.Tray.DepthCM/2
	for i := range d.gems {
		g := &d.gems[i]
		if g.Holder != OnTray {
			continue
		}
		if hw-math.Abs(g.X) < edge || hd-math.Abs(g.Y) < edge {
			near[GemColor(i)]++
		}
	}
	useful := near[White]
	for c := Blue; c <= Red; c++ {
		useful += min(near[c], wagon.slots[c]-placed[c])
	}
	return float64(min(useful, wagon.total-total))
}

// aimedCandidate draws a hit to try: a side chosen in proportion to the
// worth of the gems near it (a gem counts 0.25 + need of its color, see
// [needs]), aimed at one of them chosen by the same weights, with any
// strength; every side also gets weight 0.5 for a hit anywhere along it.
func (b *HitBot) aimedCandidate(s *State, need [numColors]float64) game.Action {
	type target struct {
		side Side
		f, w float64
	}
	var ts [4 * NumGems]target
	nt := 0
	total := 0.0
	edgeGems(s, func(i int, side Side, f float64) {
		w := 0.25 + need[GemColor(i)]
		ts[nt] = target{side, f, w}
		nt++
		total += w
	})
	str := 1 + b.rng.IntN(HitStrengths)
	// Weight 0.5 on every side for a hit aimed anywhere along it.
	r := b.rng.Float64() * (total + 2)
	for _, t := range ts[:nt] {
		if r < t.w {
			return HitAction(t.side, aimAt(t.f), str)
		}
		r -= t.w
	}
	side := Side(min(3, int(max(0, 2*r))))
	return HitAction(side, 1+b.rng.IntN(HitPositions), str)
}
