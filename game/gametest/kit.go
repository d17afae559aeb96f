package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"minehall/game"
)

// Config says what [Run] plays. Zero values mean: every player count of the
// spec, only the default options, 100 games per combination, at most 20000
// actions per game, seed 1.
type Config struct {
	Players    []int
	Options    []game.Options
	Games      int
	MaxActions int
	Seed       uint64
	// LegalSamples and IllegalSamples bound how many legal actions are
	// played on clones, and how many illegal ones tried, at each step
	// (defaults 8 and 4).
	LegalSamples, IllegalSamples int
	// DeterminizeEvery checks determinizations every this many steps
	// (default 1: every step).
	DeterminizeEvery int
}

func (c Config) withDefaults(spec game.Spec) Config {
	if len(c.Players) == 0 {
		for n := spec.MinPlayers; n <= spec.MaxPlayers; n++ {
			c.Players = append(c.Players, n)
		}
	}
	if len(c.Options) == 0 {
		c.Options = []game.Options{nil}
	}
	if c.Games == 0 {
		c.Games = 100
	}
	if c.MaxActions == 0 {
		c.MaxActions = 20000
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.LegalSamples == 0 {
		c.LegalSamples = 8
	}
	if c.IllegalSamples == 0 {
		c.IllegalSamples = 4
	}
	if c.DeterminizeEvery == 0 {
		c.DeterminizeEvery = 1
	}
	return c
}

// seedBase makes game seeds long decimal numbers, so that a view that leaks
// the seed is found by a plain text search.
const seedBase = 7_340_192_846_551_000_000

// Run plays cfg.Games random games of g for every player count and option
// set in cfg and checks the contract after every action:
//
//   - terminal states have no actors and others at least one; actors are
//     ascending; every actor has legal actions and every non-actor seat none;
//   - legal actions are strictly ascending and in [0, NumActions); chance
//     outcomes match them with probabilities summing to 1;
//   - reading (Actors, Legal, View, Scores) does not change the snapshot;
//   - sampled legal actions are accepted by game.Play on a clone, sampled
//     illegal actions and non-actors are refused with the clone unchanged;
//   - notation round-trips: ParseAction(ActionString(a)) == a;
//   - a clone is independent of its original and equal after the same action;
//   - CheckInvariants holds (for a game.Checker);
//   - views of every seat and of the spectator encode to JSON and never
//     contain the seed;
//   - for a game.Determinizer: View(p) and InfoKey(p) are unchanged in
//     determinizations for p, and p's legal actions there are the same;
//   - for a game.Observer (see [CheckObservation]): the shape is valid and
//     the same in every state of the game; for the spectator and every
//     seat the tensor has the shape's size, finite values, is the same
//     when observed again into a used buffer, and leaves the state
//     unchanged; viewers whose views differ get different tensors; and a
//     determinization for p gives p the same tensor as the real state,
//     which shows that no hidden information leaks into it;
//   - at the end: returns in [0, 1], one score and return per player, and
//     the game's record, written to JSON and read back, replays to the same
//     hash and result.
func Run(t *testing.T, g game.Game, cfg Config) {
	t.Helper()
	spec := g.Spec()
	cfg = cfg.withDefaults(spec)
	checkSpec(t, spec)
	var reg game.Registry
	reg.Register(g)
	for _, n := range cfg.Players {
		for oi, opts := range cfg.Options {
			t.Run(fmt.Sprintf("players=%d/options=%d", n, oi), func(t *testing.T) {
				for i := 0; i < cfg.Games; i++ {
					seed := seedBase + cfg.Seed*1_000_003 + uint64(i)
					if err := checkGame(&reg, g, n, opts, seed, cfg); err != nil {
						t.Fatalf("game %d (seed %d): %v", i, seed, err)
					}
				}
			})
		}
	}
}

func checkSpec(t *testing.T, spec game.Spec) {
	t.Helper()
	if spec.ID == "" || spec.Title == "" {
		t.Fatalf("spec has id %q and title %q; both must be set", spec.ID, spec.Title)
	}
	if spec.MinPlayers < 1 || spec.MaxPlayers < spec.MinPlayers {
		t.Fatalf("spec players %d to %d", spec.MinPlayers, spec.MaxPlayers)
	}
	if _, err := spec.ResolveOptions(nil); err != nil {
		t.Fatalf("the default options do not validate: %v", err)
	}
	switch spec.Information {
	case game.PerfectInformation, game.ImperfectInformation:
	default:
		t.Fatalf("spec information %q", spec.Information)
	}
	switch spec.Turns {
	case game.Sequential, game.Simultaneous, game.RealTime:
	default:
		t.Fatalf("spec turns %q", spec.Turns)
	}
}

func snapshot(s game.State) []byte {
	b, err := json.Marshal(s.Snapshot())
	if err != nil {
		panic(fmt.Sprintf("snapshot does not encode to JSON: %v", err))
	}
	return b
}

// checker holds the buffers and generator of one game's checks.
type checker struct {
	cfg     Config
	spec    game.Spec
	seed    uint64
	seedStr string
	rng     game.Rand
	pbuf    []game.Player
	abuf    []game.Action
	// obsShape is the observation shape of the game's first state, for a
	// game.Observer.
	obsShape []int
}

func checkGame(reg *game.Registry, g game.Game, n int, opts game.Options, seed uint64, cfg Config) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	rec, err := game.NewRecorder(g, n, opts, seed)
	if err != nil {
		return fmt.Errorf("new game: %v", err)
	}
	c := &checker{cfg: cfg, spec: g.Spec(), seed: seed, seedStr: strconv.FormatUint(seed, 10), rng: game.NewRand(seed ^ 0x9e3779b9)}
	s := rec.State
	if s.NumPlayers() != n {
		return fmt.Errorf("NumPlayers() = %d; want %d", s.NumPlayers(), n)
	}
	for step := 0; ; step++ {
		if step > cfg.MaxActions {
			return fmt.Errorf("not over after %d actions", cfg.MaxActions)
		}
		if err := c.checkState(s, step); err != nil {
			return fmt.Errorf("before action %d: %v", step, err)
		}
		if s.Terminal() {
			break
		}
		p, a, ok := RandomStep(s, &c.rng, c.pbuf, c.abuf)
		if !ok {
			return fmt.Errorf("before action %d: actor %s has no legal action", step, p)
		}
		before := snapshot(s)
		clone := s.Clone()
		move := s.ActionString(p, a)
		if err := rec.Play(p, a, int64(step)*250); err != nil {
			return fmt.Errorf("action %d %q by %s listed as legal but refused: %v", step, move, p, err)
		}
		if !bytes.Equal(snapshot(clone), before) {
			return fmt.Errorf("action %d %q by %s applied to the original changed its clone", step, move, p)
		}
		clone.Apply(p, a)
		if !bytes.Equal(snapshot(clone), snapshot(s)) {
			return fmt.Errorf("action %d %q by %s: the clone and the original differ after the same action", step, move, p)
		}
		if ch, ok := s.(game.Checker); ok {
			if err := ch.CheckInvariants(); err != nil {
				return fmt.Errorf("after action %d %q by %s: invariant: %v", step, move, p, err)
			}
		}
	}
	return c.checkEnd(reg, rec)
}

func (c *checker) checkState(s game.State, step int) error {
	before := snapshot(s)
	actors := slices.Clone(s.Actors(c.pbuf[:0]))
	if s.Terminal() != (len(actors) == 0) {
		return fmt.Errorf("Terminal() = %v but actors are %v", s.Terminal(), actors)
	}
	if !strictlyAscending(actors) {
		return fmt.Errorf("actors %v are not strictly ascending", actors)
	}
	for p := game.Player(0); int(p) < s.NumPlayers(); p++ {
		legal := s.Legal(p, c.abuf[:0])
		if slices.Contains(actors, p) != (len(legal) > 0) {
			return fmt.Errorf("player %s: actor=%v but %d legal actions", p, slices.Contains(actors, p), len(legal))
		}
		if len(legal) == 0 && !s.Terminal() {
			if err := c.checkRefused(s, p, game.Action(c.rng.IntN(s.NumActions())), "a non-actor"); err != nil {
				return err
			}
		}
	}
	for _, p := range actors {
		if err := c.checkActor(s, p); err != nil {
			return err
		}
	}
	if err := c.checkViews(s, step); err != nil {
		return err
	}
	s.Scores(nil)
	s.Returns(nil)
	if !bytes.Equal(snapshot(s), before) {
		return fmt.Errorf("reading the state (Actors, Legal, View, Observe, Scores, Returns) changed it")
	}
	return nil
}

func (c *checker) checkActor(s game.State, p game.Player) error {
	legal := slices.Clone(s.Legal(p, c.abuf[:0]))
	if len(legal) == 0 {
		return fmt.Errorf("actor %s has no legal action", p)
	}
	if !strictlyAscending(legal) {
		return fmt.Errorf("legal actions of %s are not strictly ascending: %v", p, legal)
	}
	if legal[0] < 0 || int(legal[len(legal)-1]) >= s.NumActions() {
		return fmt.Errorf("legal actions of %s leave [0, %d): %d..%d", p, s.NumActions(), legal[0], legal[len(legal)-1])
	}
	if p == game.Chance {
		cs, ok := s.(game.ChanceState)
		if !ok {
			return fmt.Errorf("the chance player acts but the state is not a game.ChanceState")
		}
		outs := cs.ChanceOutcomes(nil)
		sum := 0.0
		for i, o := range outs {
			if i >= len(legal) || o.Action != legal[i] {
				return fmt.Errorf("chance outcomes %v differ from legal actions %v", outs, legal)
			}
			if o.Probability <= 0 {
				return fmt.Errorf("chance outcome %d has probability %v", o.Action, o.Probability)
			}
			sum += o.Probability
		}
		if len(outs) != len(legal) || math.Abs(sum-1) > 1e-9 {
			return fmt.Errorf("chance outcomes (%d) sum to %v; want %d summing to 1", len(outs), sum, len(legal))
		}
	}
	// Legal actions: the first, the last and a random sample.
	picks := []game.Action{legal[0], legal[len(legal)-1]}
	for i := 2; i < c.cfg.LegalSamples; i++ {
		picks = append(picks, legal[c.rng.IntN(len(legal))])
	}
	for _, a := range picks {
		move := s.ActionString(p, a)
		back, err := s.ParseAction(p, move)
		if err != nil || back != a {
			return fmt.Errorf("notation of %s's action %d is %q, which parses to %d, %v", p, a, move, back, err)
		}
		before := snapshot(s)
		cl := s.Clone()
		err = game.Play(cl, p, a)
		if !bytes.Equal(snapshot(s), before) {
			return fmt.Errorf("playing %q of %s on a clone changed the original", move, p)
		}
		if err != nil {
			return fmt.Errorf("legal action %q of %s refused: %v", move, p, err)
		}
	}
	// Illegal actions, where there are any.
	if len(legal) < s.NumActions() {
		for i := 0; i < c.cfg.IllegalSamples; i++ {
			a := game.Action(c.rng.IntN(s.NumActions()))
			for tries := 0; tries < 64; tries++ {
				if _, isLegal := slices.BinarySearch(legal, a); !isLegal {
					break
				}
				a = game.Action(c.rng.IntN(s.NumActions()))
			}
			if _, isLegal := slices.BinarySearch(legal, a); isLegal {
				continue
			}
			if err := c.checkRefused(s, p, a, "an illegal action"); err != nil {
				return err
			}
		}
	}
	for _, a := range []game.Action{-1, game.Action(s.NumActions())} {
		if err := c.checkRefused(s, p, a, "an out-of-range action"); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) checkRefused(s game.State, p game.Player, a game.Action, what string) error {
	cl := s.Clone()
	before := snapshot(cl)
	err := game.Play(cl, p, a)
	if err == nil {
		return fmt.Errorf("%s (%d by %s) was accepted", what, a, p)
	}
	switch game.ErrorCode(err) {
	case game.CodeIllegal, game.CodeNotYourTurn, game.CodeInvalid, game.CodeGameOver:
	default:
		return fmt.Errorf("%s (%d by %s) refused with code %q: %v", what, a, p, game.ErrorCode(err), err)
	}
	if err.Error() == "" {
		return fmt.Errorf("%s (%d by %s) refused with an empty message", what, a, p)
	}
	if !bytes.Equal(snapshot(cl), before) {
		return fmt.Errorf("refusing %s (%d by %s) changed the state", what, a, p)
	}
	return nil
}

func (c *checker) view(s game.State, p game.Player) ([]byte, error) {
	b, err := json.Marshal(s.View(p))
	if err != nil {
		return nil, fmt.Errorf("view of %s does not encode to JSON: %v", p, err)
	}
	if bytes.Contains(b, []byte(c.seedStr)) {
		return nil, fmt.Errorf("view of %s contains the seed %s", p, c.seedStr)
	}
	return b, nil
}

func (c *checker) checkViews(s game.State, step int) error {
	vs := viewers(s)
	det, isDet := s.(game.Determinizer)
	if c.spec.Information == game.ImperfectInformation && !isDet {
		return fmt.Errorf("the spec says imperfect information but the state is not a game.Determinizer")
	}
	keyer, isKeyer := s.(game.InfoKeyer)
	if isDet && !isKeyer {
		return fmt.Errorf("the state is a game.Determinizer but not a game.InfoKeyer")
	}
	views := make([][]byte, len(vs))
	for i, p := range vs {
		v, err := c.view(s, p)
		if err != nil {
			return err
		}
		views[i] = v
	}
	var ob *observations
	if o, ok := s.(game.Observer); ok {
		var err error
		if ob, err = observeAll(s, o, c.obsShape, views); err != nil {
			return err
		}
		c.obsShape = ob.shape
	}
	for i, p := range vs {
		v := views[i]
		if !isDet || step%c.cfg.DeterminizeEvery != 0 {
			continue
		}
		legal := slices.Clone(s.Legal(p, c.abuf[:0]))
		for k := 0; k < 2; k++ {
			rng := game.NewRand(c.rng.Uint64())
			d := det.Determinize(p, &rng)
			dv, err := c.view(d, p)
			if err != nil {
				return fmt.Errorf("determinized for %s: %v", p, err)
			}
			if !bytes.Equal(v, dv) {
				return fmt.Errorf("a determinization for %s changes what %s sees:\n%s\nbecomes\n%s", p, p, v, dv)
			}
			if p != game.Spectator && keyer.InfoKey(p) != d.(game.InfoKeyer).InfoKey(p) {
				return fmt.Errorf("a determinization for %s changes its InfoKey", p)
			}
			if dl := d.Legal(p, c.abuf[:0]); !slices.Equal(dl, legal) {
				return fmt.Errorf("a determinization for %s changes its legal actions", p)
			}
			if ch, ok := d.(game.Checker); ok {
				if err := ch.CheckInvariants(); err != nil {
					return fmt.Errorf("a determinization for %s breaks an invariant: %v", p, err)
				}
			}
			if ob != nil {
				if err := ob.checkDeterminized(d, i, p); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (c *checker) checkEnd(reg *game.Registry, rec *game.Recorder) error {
	s := rec.State
	n := s.NumPlayers()
	ret, scores := s.Returns(nil), s.Scores(nil)
	if len(ret) != n || len(scores) != n {
		return fmt.Errorf("%d returns and %d scores for %d players", len(ret), len(scores), n)
	}
	for p, r := range ret {
		if r < 0 || r > 1 || math.IsNaN(r) {
			return fmt.Errorf("return of player %d is %v, outside [0, 1]", p, r)
		}
	}
	r, err := rec.Finish()
	if err != nil {
		return err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("record does not encode: %v", err)
	}
	back, err := game.ReadRecord(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("record does not read back: %v", err)
	}
	if _, err := game.Verify(reg, back); err != nil {
		return fmt.Errorf("record does not replay: %v", err)
	}
	return nil
}
