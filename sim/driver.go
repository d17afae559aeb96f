package sim

import (
	"context"
	"fmt"
	"math"
	"runtime/debug"
	"slices"

	"minehall/ai"
	"minehall/game"
)

// GameSetup is what [PlayGame] plays.
type GameSetup struct {
	Game    game.Game
	Players int
	Options game.Options // raw KEY=VALUE options; defaults fill the rest
	Seed    uint64       // the game's seed; the bots and chance are seeded from it
	Bots    []string     // one bot name per seat, see [NewBot]
	// MaxActions ends the game as an error after this many actions
	// (0: DefaultMaxActions).
	MaxActions int
}

// DefaultMaxActions is the action limit of a game when none is given.
const DefaultMaxActions = 100_000

// GameResult is how one simulated game went. An error game (a bot error, an
// illegal action, a game that did not end) has Error set and no scores.
type GameResult struct {
	Index   int       `json:"index"`
	Seed    uint64    `json:"seed"`
	Bots    []string  `json:"bots"` // by seat
	Scores  []float64 `json:"scores,omitempty"`
	Returns []float64 `json:"returns,omitempty"`
	// Actions counts every recorded action, chance and system included.
	Actions int `json:"actions"`
	// Turns counts maximal runs of consecutive actions by one seat,
	// ignoring chance and system actions.
	Turns int   `json:"turns"`
	Ms    int64 `json:"ms"` // virtual time of the last action
	// Components are the game's scored rounds with their components, for
	// games whose view reports them (see [RoundComponents]).
	Components []ComponentRound `json:"-"`
	Error      string           `json:"error,omitempty"`
	// Record is the game's record (unfinished for an error game, nil if
	// the game could not start).
	Record *game.Record `json:"-"`
}

// OK reports whether the game ended without error.
func (r *GameResult) OK() bool { return r.Error == "" }

// PlayGame plays one game between bots on a virtual clock and returns its
// result; it returns an error only when ctx is done.
//
// Chance events happen at once, drawn by their probabilities from a
// generator seeded from the game's seed. Every seated actor's bot is asked
// for a [ai.Decision], which is due Delay after the asking (Wait: ask again
// after Delay, at least 1 ms). The earliest due decision is applied, ties
// going to the lower seat; a [game.Timer] System event fires at its virtual
// time (phase start plus duration) unless the phase changes first, after
// the seats' decisions due at the same moment. When System is the only
// actor and no timer runs, its first legal action is applied at once.
//
// In turn-based games (sequential and simultaneous) a decision stands until
// it is applied or stops being legal, so the players of a simultaneous
// phase all decide on the same state, as with secret bids; a bot that
// waits is asked again after any action. In real-time
// games every action changes what everyone sees, so the other seated
// actors are asked again; a bot that answers with the action it had already
// chosen keeps its original due time (it was already working on it), any
// other answer is due Delay after the new asking.
//
// A bot error, an illegal action, a panic, or a game that has not ended
// after MaxActions actions makes an error game, reported in the result.
func PlayGame(ctx context.Context, setup GameSetup) (GameResult, error) {
	return playGame(ctx, setup, nil)
}

// playGame is PlayGame with the bots given (nil: made from setup.Bots).
func playGame(ctx context.Context, setup GameSetup, bots []ai.Bot) (res GameResult, err error) {
	res = GameResult{Seed: setup.Seed, Bots: setup.Bots}
	d := &driver{setup: setup, bots: bots}
	defer func() {
		if r := recover(); r != nil {
			res.Error = fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
			err = nil
		}
		d.fill(&res)
	}()
	if err := d.start(); err != nil {
		res.Error = err.Error()
		return res, nil
	}
	if err := d.run(ctx); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Error = err.Error()
	}
	return res, nil
}

// pending is a seat's decision waiting to be applied.
type pending struct {
	asked bool
	d     ai.Decision
	due   int64 // virtual ms
	stale bool  // the state changed since the asking and the bot must be asked again
}

// driver plays one game.
type driver struct {
	setup    GameSetup
	rec      *game.Recorder
	bots     []ai.Bot
	realtime bool
	chance   game.Rand
	now      int64
	pend     []pending
	turns    int
	lastSeat game.Player

	timerOn    bool
	timerPhase int64
	timerStart int64

	pbuf []game.Player
	abuf []game.Action
	obuf []game.ChanceOutcome
}

func (d *driver) start() error {
	s := d.setup
	if len(s.Bots) != s.Players {
		return fmt.Errorf("%d bots for %d seats", len(s.Bots), s.Players)
	}
	rec, err := game.NewRecorder(s.Game, s.Players, s.Options, s.Seed)
	if err != nil {
		return err
	}
	d.rec = rec
	for p, name := range s.Bots {
		if len(d.bots) == s.Players {
			break
		}
		b, err := NewBot(s.Game, name, botSeed(s.Seed, p))
		if err != nil {
			return err
		}
		d.bots = append(d.bots, b)
	}
	d.realtime = s.Game.Spec().Turns == game.RealTime
	d.chance = game.NewRand(chanceSeed(s.Seed))
	d.pend = make([]pending, s.Players)
	d.lastSeat = game.Spectator
	return nil
}

func (d *driver) fill(res *GameResult) {
	res.Turns = d.turns
	res.Ms = d.now
	if d.rec == nil {
		return
	}
	res.Actions = len(d.rec.Rec.Actions)
	rec, err := d.rec.Finish()
	if err != nil && res.Error == "" {
		res.Error = err.Error()
	}
	res.Record = rec
	if res.Error == "" && d.rec.State.Terminal() {
		r := game.ResultOf(d.rec.State)
		res.Scores, res.Returns = r.Scores, r.Returns
		res.Components = RoundComponents(d.rec.State)
	}
}

func (d *driver) run(ctx context.Context) error {
	s := d.rec.State
	maxActions := d.setup.MaxActions
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	maxSteps := 10*maxActions + 1000
	for step := 0; !s.Terminal(); step++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(d.rec.Rec.Actions) >= maxActions {
			return fmt.Errorf("the game did not end within %d actions", maxActions)
		}
		if step >= maxSteps {
			return fmt.Errorf("the game did not end within %d bot decisions (%d actions)", maxSteps, len(d.rec.Rec.Actions))
		}
		actors := s.Actors(d.pbuf[:0])
		d.pbuf = actors
		if len(actors) == 0 {
			return fmt.Errorf("after %d actions the game is not over but nobody may act", len(d.rec.Rec.Actions))
		}
		if slices.Contains(actors, game.Chance) {
			a, err := d.sampleChance()
			if err != nil {
				return err
			}
			if err := d.play(game.Chance, a); err != nil {
				return err
			}
			continue
		}
		d.updateTimer()
		if err := d.ask(ctx, actors); err != nil {
			return err
		}
		if err := d.next(actors); err != nil {
			return err
		}
	}
	return nil
}

// updateTimer follows the state's timed phase: a new phase starts now.
func (d *driver) updateTimer() {
	t, ok := d.rec.State.(game.Timer)
	if !ok {
		return
	}
	phase, _, on := t.Timer()
	if !on {
		d.timerOn = false
		return
	}
	if !d.timerOn || phase != d.timerPhase {
		d.timerOn, d.timerPhase, d.timerStart = true, phase, d.now
	}
}

// timerDue returns when the running timer fires, MaxInt64 if none runs.
func (d *driver) timerDue() int64 {
	if !d.timerOn {
		return math.MaxInt64
	}
	_, dur, _ := d.rec.State.(game.Timer).Timer()
	return d.timerStart + dur.Milliseconds()
}

// ask makes sure every seated actor has a standing decision and clears the
// decisions of seats that may not act.
func (d *driver) ask(ctx context.Context, actors []game.Player) error {
	s := d.rec.State
	for p := range d.pend {
		if !slices.Contains(actors, game.Player(p)) {
			d.pend[p] = pending{}
		}
	}
	for _, p := range actors {
		if !p.Seated() {
			continue
		}
		if int(p) >= len(d.pend) {
			return fmt.Errorf("the game names seat %s as an actor but has %d seats", p, len(d.pend))
		}
		old := d.pend[p]
		if old.asked && !old.stale && (old.d.Wait || d.legal(p, old.d.Action)) {
			continue
		}
		dec, err := d.bots[p].Act(ctx, s, p)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("seat %s (bot %s) failed after %d actions: %v", p, d.setup.Bots[p], len(d.rec.Rec.Actions), err)
		}
		if !dec.Wait && !d.legal(p, dec.Action) {
			reason := "it is not legal"
			if err := game.Check(s, p, dec.Action); err != nil {
				reason = err.Error()
			}
			return fmt.Errorf("seat %s (bot %s) chose %q after %d actions: %s", p, d.setup.Bots[p], s.ActionString(p, dec.Action), len(d.rec.Rec.Actions), reason)
		}
		due := d.now + max(dec.Delay.Milliseconds(), 0)
		if dec.Wait {
			due = d.now + max(dec.Delay.Milliseconds(), 1)
		}
		if old.asked && old.stale && !old.d.Wait && !dec.Wait && old.d.Action == dec.Action {
			due = old.due
		}
		d.pend[p] = pending{asked: true, d: dec, due: due}
	}
	return nil
}

// next applies the earliest event: a seat's decision, the timer, or a
// System action when only System may act.
func (d *driver) next(actors []game.Player) error {
	seat, due := game.Player(-1), int64(math.MaxInt64)
	for _, p := range actors {
		if p.Seated() && d.pend[p].due < due {
			seat, due = p, d.pend[p].due
		}
	}
	if tdue := d.timerDue(); tdue < due {
		d.now = max(d.now, tdue)
		return d.playSystem()
	}
	if seat < 0 {
		if slices.Contains(actors, game.System) {
			return d.playSystem()
		}
		return fmt.Errorf("after %d actions only %v may act, with no timer running", len(d.rec.Rec.Actions), actors)
	}
	d.now = max(d.now, due)
	pd := d.pend[seat]
	d.pend[seat] = pending{}
	if pd.d.Wait {
		return nil
	}
	return d.play(seat, pd.d.Action)
}

func (d *driver) playSystem() error {
	d.abuf = d.rec.State.Legal(game.System, d.abuf[:0])
	if len(d.abuf) == 0 {
		return fmt.Errorf("after %d actions the system must act but has no legal action", len(d.rec.Rec.Actions))
	}
	return d.play(game.System, d.abuf[0])
}

// play applies a for p through the record's checked path.
func (d *driver) play(p game.Player, a game.Action) error {
	if err := d.rec.Play(p, a, d.now); err != nil {
		return fmt.Errorf("action %d: %s by %s was refused: %v", len(d.rec.Rec.Actions), d.rec.State.ActionString(p, a), p, err)
	}
	if p.Seated() {
		if p != d.lastSeat {
			d.turns++
		}
		d.lastSeat = p
	}
	for q := range d.pend {
		// A Wait is asked again whenever the state changes; in real time
		// every decision is.
		d.pend[q].stale = d.pend[q].stale || d.realtime || d.pend[q].d.Wait
	}
	return nil
}

func (d *driver) legal(p game.Player, a game.Action) bool {
	d.abuf = d.rec.State.Legal(p, d.abuf[:0])
	_, ok := slices.BinarySearch(d.abuf, a)
	return ok
}

// sampleChance draws a chance outcome by its probability.
func (d *driver) sampleChance() (game.Action, error) {
	cs, ok := d.rec.State.(game.ChanceState)
	if !ok {
		return 0, fmt.Errorf("after %d actions chance must act but the game lists no chance outcomes", len(d.rec.Rec.Actions))
	}
	d.obuf = cs.ChanceOutcomes(d.obuf[:0])
	if len(d.obuf) == 0 {
		return 0, fmt.Errorf("after %d actions chance must act but has no outcome", len(d.rec.Rec.Actions))
	}
	return game.PickOutcome(d.obuf, d.chance.Float64()), nil
}
