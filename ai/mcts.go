package ai

import (
	"context"
	"math"
	"time"

	"minehall/game"
)

// MCTSConfig configures [NewMCTS] and [NewISMCTS]. The zero value is a
// working search for every game: 1000 iterations, uniform rollouts, and
// for games whose playouts are costly (a state that implements
// [Estimator], as Hammer Time's does: every hit runs the physics) rollouts
// cut short and scored by the game's own estimate.
//
// Rollouts drive every actor. Where several players may act at once (Out
// of Mine's real-time rounds, where the clock is [game.System]), each
// rollout step picks one of the actors uniformly, the clock included, so a
// round ends as soon as the clock is drawn, as on a virtual clock; a
// [game.Chance] step draws an outcome by its probabilities. In the tree
// (selection and expansion) the first seated actor moves, as before.
//
// The budget is checked before every iteration and every 16 steps inside a
// rollout: the search stops when Budget.Time has passed or ctx is done. A
// rollout cut short that way is evaluated, not thrown away: it is scored as
// a rollout that reached RolloutDepth would be (by Evaluator, or equal
// shares without one), backed up, and the search ends with it. Act and
// Analyze then answer from the iterations done so far; with none done, Act
// answers the first legal action.
type MCTSConfig struct {
	// Budget bounds the search; both fields zero means 1000 iterations.
	Budget Budget
	// Evaluator scores the leaf where a rollout stops; nil plays rollouts to
	// the end and scores by Returns, unless the state is an [Estimator]
	// (see RolloutDepth).
	Evaluator Evaluator
	// Rollout picks rollout actions; nil picks uniformly.
	Rollout Policy
	// RolloutDepth is the number of rollout steps before the leaf is
	// evaluated. 0 means: to the end without an Evaluator, none with one.
	// With neither an Evaluator nor a RolloutDepth, a search on an
	// [Estimator] state stops rollouts after its DefaultRolloutDepth steps
	// and scores them with its Estimate.
	RolloutDepth int
	// Exploration is the UCB constant; 0 means 1.0 (values are in [0, 1]).
	Exploration float64
	// Temperature, when above 0, makes Act choose among the root's actions
	// at random, each with weight visits^(1/Temperature), drawn from the
	// search's seeded generator: a player that sometimes takes a move it
	// thought less of, the more often the higher the temperature (1: in
	// proportion to the visits). 0 takes the most visited action. It does
	// not change the search, nor Analyze.
	Temperature float64
	Seed        uint64
}

// Estimator is implemented by states of games whose random playouts to the
// end are too costly for a search's default settings. When [MCTSConfig]
// sets neither Evaluator nor RolloutDepth, MCTS and ISMCTS stop each
// rollout after DefaultRolloutDepth actions and score the state reached
// with Estimate, which appends one value in [0, 1] per player like
// [game.State.Returns] (the game's heuristic; it may read hidden
// information only when the search may, so it reads what the state holds:
// a determinization in ISMCTS).
type Estimator interface {
	DefaultRolloutDepth() int
	Estimate(dst []float64) []float64
}

// Search is Monte Carlo tree search for any number of players (max^n: each
// node keeps the value of the player who chose the action leading to it).
// Chance nodes are sampled by their probabilities. Where several players act
// at once, the first seated actor moves at that node (System only when no
// seat can act). With determinization on (ISMCTS), every iteration starts
// from a fresh [game.Determinizer] sample of the root for the searching
// player, so the search never reads what that player cannot see. Its
// decision nodes are information sets (keyed by the mover's
// [game.InfoKeyer] key), so no player's choice in the tree depends on what
// that player could not know, a secret simultaneous bid included; actions
// keep availability counts so that actions legal in only some samples are
// judged fairly.
type Search struct {
	cfg         MCTSConfig
	determinize bool
	rng         game.Rand
	nodes       []node
	infosets    map[string]int32 // ISMCTS: mover and InfoKey to node
	pbuf        []game.Player
	abuf        []game.Action
	path        []int32
	values      []float64
	outcomes    []game.ChanceOutcome
	rootActions []game.Action // Analyze: the root's actions instead of Legal

	// Set for each search: the context and deadline rollouts check, the
	// rollouts' depth and evaluator (the config's, or an Estimator's), and
	// whether the budget ran out inside a rollout.
	ctx      context.Context
	deadline time.Time
	depth    int
	eval     Evaluator
	stopped  bool
}

type node struct {
	action   game.Action
	player   game.Player // who chose action; Chance or System for their nodes
	visits   int32
	avail    int32
	value    float64
	children []int32 // ascending by action
}

// NewMCTS returns a UCT bot that searches the true state: for games with
// perfect information (or as an upper bound that cheats).
func NewMCTS(cfg MCTSConfig) *Search { return newSearch(cfg, false) }

// NewISMCTS returns a single-observer ISMCTS bot: it searches only
// determinizations for the player it acts for, so it never reads hidden
// state. The game's states must implement [game.Determinizer].
func NewISMCTS(cfg MCTSConfig) *Search { return newSearch(cfg, true) }

func newSearch(cfg MCTSConfig, det bool) *Search {
	if cfg.Exploration == 0 {
		cfg.Exploration = 1
	}
	if cfg.Budget.Iterations == 0 && cfg.Budget.Time == 0 {
		cfg.Budget.Iterations = 1000
	}
	return &Search{cfg: cfg, determinize: det, rng: game.NewRand(cfg.Seed)}
}

// Act implements [Bot]: it searches from s for p within the budget and
// returns the most visited action, or one drawn by the visits when the
// config sets a Temperature.
func (m *Search) Act(ctx context.Context, s game.State, p game.Player) (Decision, error) {
	legal := s.Legal(p, nil)
	switch {
	case len(legal) == 0:
		return Decision{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	case len(legal) == 1:
		return Decision{Action: legal[0]}, nil
	}
	if err := m.search(ctx, s, p); err != nil {
		return Decision{}, err
	}
	if m.cfg.Temperature > 0 {
		if a, ok := m.drawByVisits(); ok {
			return Decision{Action: a}, nil
		}
	}
	best, bestVisits := legal[0], int32(-1)
	for _, c := range m.nodes[0].children {
		n := &m.nodes[c]
		if n.visits > bestVisits {
			best, bestVisits = n.action, n.visits
		}
	}
	return Decision{Action: best}, nil
}

// drawByVisits draws one of the root's actions with weight
// visits^(1/Temperature); false when none was visited.
func (m *Search) drawByVisits() (game.Action, bool) {
	root := m.nodes[0].children
	most := int32(0)
	for _, c := range root {
		most = max(most, m.nodes[c].visits)
	}
	if most == 0 {
		return 0, false
	}
	// Weights relative to the most visited action's (which weighs 1), so
	// that a small temperature cannot overflow them.
	weights := make([]float64, len(root))
	total := 0.0
	for i, c := range root {
		if v := m.nodes[c].visits; v > 0 {
			weights[i] = math.Pow(float64(v)/float64(most), 1/m.cfg.Temperature)
			total += weights[i]
		}
	}
	r := m.rng.Float64() * total
	for i, c := range root {
		if r < weights[i] {
			return m.nodes[c].action, true
		}
		r -= weights[i]
	}
	// Rounding left r at the total: the last visited action.
	for i := len(root) - 1; ; i-- {
		if weights[i] > 0 {
			return m.nodes[root[i]].action, true
		}
	}
}

// search runs the budget's iterations from s for p, leaving the tree in
// m.nodes with the root's children as the statistics of p's actions.
func (m *Search) search(ctx context.Context, s game.State, p game.Player) error {
	var det game.Determinizer
	if m.determinize {
		d, ok := s.(game.Determinizer)
		if !ok {
			return game.Errorf(game.CodeInternal, "ISMCTS needs a game.Determinizer state")
		}
		det = d
	}
	m.nodes = append(m.nodes[:0], node{player: p})
	if m.determinize {
		if _, ok := s.(game.InfoKeyer); !ok {
			return game.Errorf(game.CodeInternal, "ISMCTS needs a game.InfoKeyer state")
		}
		clear(m.infosets)
		if m.infosets == nil {
			m.infosets = map[string]int32{}
		}
	}
	m.ctx, m.deadline, m.stopped = ctx, time.Time{}, false
	if m.cfg.Budget.Time > 0 {
		m.deadline = time.Now().Add(m.cfg.Budget.Time)
	}
	m.depth, m.eval = m.cfg.RolloutDepth, m.cfg.Evaluator
	if e, ok := s.(Estimator); ok && m.depth == 0 && m.eval == nil {
		m.depth = max(1, e.DefaultRolloutDepth())
		m.eval = func(s game.State, dst []float64) []float64 { return s.(Estimator).Estimate(dst) }
	}
	if m.depth == 0 && m.eval == nil {
		m.depth = math.MaxInt
	}
	defer func() { m.ctx = nil }()
	for it := 0; m.cfg.Budget.Iterations == 0 || it < m.cfg.Budget.Iterations; it++ {
		if it > 0 && m.outOfBudget() {
			break
		}
		var root game.State
		if det != nil {
			root = det.Determinize(p, &m.rng)
		} else {
			root = s.Clone()
		}
		m.iterate(root, p)
		if m.stopped {
			break
		}
	}
	return nil
}

// outOfBudget reports whether the search must stop: its context is done or
// its time is up.
func (m *Search) outOfBudget() bool {
	return m.ctx.Err() != nil || (!m.deadline.IsZero() && time.Now().After(m.deadline))
}

// rolloutActor returns who acts in a rollout step at s: the only actor, or
// one of several drawn uniformly ([game.System], the clock, included).
func (m *Search) rolloutActor(s game.State) (game.Player, bool) {
	m.pbuf = s.Actors(m.pbuf[:0])
	switch len(m.pbuf) {
	case 0:
		return 0, false
	case 1:
		return m.pbuf[0], true
	}
	return m.pbuf[m.rng.IntN(len(m.pbuf))], true
}

// mover returns who moves at s in the tree: the first seated actor, else
// Chance, else System.
func (m *Search) mover(s game.State) (game.Player, bool) {
	m.pbuf = s.Actors(m.pbuf[:0])
	if len(m.pbuf) == 0 {
		return 0, false
	}
	for _, a := range m.pbuf {
		if a >= 0 {
			return a, true
		}
	}
	for _, a := range m.pbuf {
		if a == game.Chance {
			return a, true
		}
	}
	return m.pbuf[0], true
}

// iterate runs one selection, expansion, rollout and backpropagation from
// s, where root moves first.
func (m *Search) iterate(s game.State, root game.Player) {
	cur := int32(0)
	m.path = append(m.path[:0], 0)
	for step := 0; !s.Terminal(); step++ {
		p, ok := root, true
		if step > 0 {
			p, ok = m.mover(s)
		}
		if !ok {
			break
		}
		var a game.Action
		if p == game.Chance {
			a = m.sampleChance(s)
		} else {
			if step == 0 && m.rootActions != nil {
				m.abuf = append(m.abuf[:0], m.rootActions...)
			} else {
				m.abuf = s.Legal(p, m.abuf[:0])
			}
			if len(m.abuf) == 0 {
				break
			}
			if m.determinize && step > 0 {
				cur = m.infoset(s, p)
			}
			var expand bool
			a, expand = m.selectAction(cur, p)
			edge := m.child(cur, a, p)
			m.path = append(m.path, edge)
			s.Apply(p, a)
			if expand {
				break
			}
			cur = edge
			continue
		}
		if !m.determinize {
			cur = m.child(cur, a, p)
			m.path = append(m.path, cur)
		}
		s.Apply(p, a)
	}
	m.values = m.rollout(s, m.values[:0])
	for _, i := range m.path {
		n := &m.nodes[i]
		n.visits++
		if n.player >= 0 && int(n.player) < len(m.values) {
			n.value += m.values[n.player]
		}
	}
}

// selectAction chooses among m.abuf at node cur: an untried action (expand
// = true) if any, else by UCB with availability counts.
func (m *Search) selectAction(cur int32, p game.Player) (game.Action, bool) {
	children := m.nodes[cur].children
	// Merge walk of ascending legal actions and ascending children.
	untried := 0
	ci := 0
	for _, a := range m.abuf {
		for ci < len(children) && m.nodes[children[ci]].action < a {
			ci++
		}
		if ci < len(children) && m.nodes[children[ci]].action == a {
			m.nodes[children[ci]].avail++
			continue
		}
		untried++
	}
	if untried > 0 {
		k := m.rng.IntN(untried)
		ci = 0
		for _, a := range m.abuf {
			for ci < len(children) && m.nodes[children[ci]].action < a {
				ci++
			}
			if ci < len(children) && m.nodes[children[ci]].action == a {
				continue
			}
			if k == 0 {
				return a, true
			}
			k--
		}
	}
	best, bestScore := m.abuf[0], math.Inf(-1)
	ci = 0
	for _, a := range m.abuf {
		for ci < len(children) && m.nodes[children[ci]].action < a {
			ci++
		}
		n := &m.nodes[children[ci]]
		score := n.value/float64(n.visits) + m.cfg.Exploration*math.Sqrt(math.Log(float64(n.avail))/float64(n.visits))
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	return best, false
}

// infoset returns the node of p's information set at s, creating it.
func (m *Search) infoset(s game.State, p game.Player) int32 {
	key := p.String() + "|" + s.(game.InfoKeyer).InfoKey(p)
	if i, ok := m.infosets[key]; ok {
		return i
	}
	i := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{player: p})
	m.infosets[key] = i
	return i
}

// child returns the child of cur for action a by p, creating it if needed.
func (m *Search) child(cur int32, a game.Action, p game.Player) int32 {
	children := m.nodes[cur].children
	i := 0
	for i < len(children) && m.nodes[children[i]].action < a {
		i++
	}
	if i < len(children) && m.nodes[children[i]].action == a {
		return children[i]
	}
	idx := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{action: a, player: p, avail: 1})
	children = m.nodes[cur].children
	children = append(children, 0)
	copy(children[i+1:], children[i:])
	children[i] = idx
	m.nodes[cur].children = children
	return idx
}

func (m *Search) sampleChance(s game.State) game.Action {
	m.outcomes = s.(game.ChanceState).ChanceOutcomes(m.outcomes[:0])
	return game.PickOutcome(m.outcomes, m.rng.Float64())
}

// rollout plays from s (which it consumes) and returns the value per
// player: Returns at the end, else the evaluator's score after m.depth
// steps or when the budget runs out (which sets m.stopped).
func (m *Search) rollout(s game.State, dst []float64) []float64 {
	for i := 0; i < m.depth && !s.Terminal(); i++ {
		if i%16 == 15 && m.outOfBudget() {
			m.stopped = true
			break
		}
		p, ok := m.rolloutActor(s)
		if !ok {
			break
		}
		var a game.Action
		if p == game.Chance {
			a = m.sampleChance(s)
		} else {
			m.abuf = s.Legal(p, m.abuf[:0])
			if len(m.abuf) == 0 {
				break
			}
			if m.cfg.Rollout != nil {
				a = m.cfg.Rollout(s, p, m.abuf, &m.rng)
			} else {
				a = m.abuf[m.rng.IntN(len(m.abuf))]
			}
		}
		s.Apply(p, a)
	}
	if s.Terminal() {
		return s.Returns(dst)
	}
	if m.eval != nil {
		return m.eval(s, dst)
	}
	for range s.NumPlayers() {
		dst = append(dst, 1/float64(s.NumPlayers()))
	}
	return dst
}

// ActionStat is one root action's statistics after a search: how often
// the search tried it and the mean value for the searching player of the
// playouts through it, in [0, 1] like [game.State.Returns].
type ActionStat struct {
	Action game.Action
	Visits int
	Value  float64
}

// Analyze searches from s for p within the budget, as [Search.Act] does,
// and returns the statistics of each root action, in ascending order of
// action. The root offers exactly the actions of root (ascending, each
// legal for p in s and in every determinization of it), or s.Legal(p) when
// root is nil; below the root the search is unchanged. An action the
// budget left untried has Visits 0. Analyze does not change how Act plays.
func (m *Search) Analyze(ctx context.Context, s game.State, p game.Player, root []game.Action) ([]ActionStat, error) {
	if root == nil {
		root = s.Legal(p, nil)
	}
	if len(root) == 0 {
		return nil, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	m.rootActions = root
	err := m.search(ctx, s, p)
	m.rootActions = nil
	if err != nil {
		return nil, err
	}
	out := make([]ActionStat, len(root))
	ci := 0
	children := m.nodes[0].children
	for i, a := range root {
		out[i].Action = a
		for ci < len(children) && m.nodes[children[ci]].action < a {
			ci++
		}
		if ci < len(children) && m.nodes[children[ci]].action == a {
			n := &m.nodes[children[ci]]
			out[i].Visits = int(n.visits)
			if n.visits > 0 {
				out[i].Value = n.value / float64(n.visits)
			}
		}
	}
	return out, nil
}
