package sim

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
)

// GameSetup is what [PlayGame] and [Play] play.
type GameSetup struct {
	Game    game.Game
	Players int
	Options game.Options // raw KEY=VALUE options; defaults fill the rest
	Seed    uint64       // the game's seed; the bots and chance are seeded from it
	// Bots names one bot per seat: the bots [PlayGame] makes (see
	// [NewBot]); for [Play], which is given its bots, only their names in
	// the result and in messages (may be empty).
	Bots []string
	// MaxActions ends the game as an error after this many actions
	// (0: DefaultMaxActions).
	MaxActions int
	// AgentTimeout bounds each answer of an external agent ("ext:" bots);
	// 0 means [ai.DefaultAgentTimeout].
	AgentTimeout time.Duration
	// AgentStartup bounds an external agent's first answer, its process's
	// start included; 0 means [ai.DefaultAgentStartup].
	AgentStartup time.Duration
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
	// Think is how long each seat's bot thought, by seat.
	Think []Think `json:"think,omitempty"`
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

// PlayGame plays one game between the bots setup names, made by [NewBot]
// and seeded from the game's seed, and returns its result as [Play] does.
// The bots are closed when the game is over: an external agent's process
// ends with its game. A bot name that [NewBot] refuses makes an error
// game.
func PlayGame(ctx context.Context, setup GameSetup) (GameResult, error) {
	if len(setup.Bots) != setup.Players {
		return GameResult{Seed: setup.Seed, Bots: setup.Bots, Error: fmt.Sprintf("%d bots for %d seats", len(setup.Bots), setup.Players)}, nil
	}
	bots := make([]ai.Bot, 0, len(setup.Bots))
	defer func() {
		for _, b := range bots {
			if c, ok := b.(io.Closer); ok {
				c.Close()
			}
		}
	}()
	for p, name := range setup.Bots {
		b, err := newBot(setup.Game, name, BotSeed(setup.Seed, p), setup.AgentTimeout, setup.AgentStartup)
		if err != nil {
			return GameResult{Seed: setup.Seed, Bots: setup.Bots, Error: fmt.Sprintf("seat %d: %v", p+1, err)}, nil
		}
		bots = append(bots, b)
	}
	return Play(ctx, setup, bots)
}

// Play plays one game of setup between bots, one per seat in seat order,
// on a virtual clock, and returns its result; it returns an error only
// when ctx is done. Any [ai.Bot] plays: the generic and the games' own
// bots ([NewBot]), an external agent ([ai.External]) or one's own. Bots
// that implement [ai.Watcher] are told the start (with a seed derived
// from the game's), every action as their seat may learn it (a hidden
// move without its notation) and the end. Play does not close the bots.
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
// Messages count seats from 1.
func Play(ctx context.Context, setup GameSetup, bots []ai.Bot) (GameResult, error) {
	d := &driver{setup: setup, bots: bots}
	res, err := d.playGuarded(ctx)
	if err != nil {
		return res, err
	}
	d.end(ctx, &res)
	return res, nil
}

// playGuarded plays the game, turning a panic into an error game.
func (d *driver) playGuarded(ctx context.Context) (res GameResult, err error) {
	res = GameResult{Seed: d.setup.Seed, Bots: d.setup.Bots}
	defer func() {
		if r := recover(); r != nil {
			res.Error = fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
			err = nil
		}
		d.fill(&res)
	}()
	if err := d.start(ctx); err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
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
	think    []Think
	turns    int
	lastSeat game.Player

	// watchers are the seats whose bots follow the whole game; hidden
	// says whether moves may be hidden from some of them.
	watchers []game.Player
	hidden   bool

	timerOn    bool
	timerPhase int64
	timerStart int64

	pbuf []game.Player
	abuf []game.Action
	obuf []game.ChanceOutcome
}

func (d *driver) start(ctx context.Context) error {
	s := d.setup
	if len(d.bots) != s.Players {
		return fmt.Errorf("%d bots for %d seats", len(d.bots), s.Players)
	}
	if len(s.Bots) != 0 && len(s.Bots) != s.Players {
		return fmt.Errorf("%d bot names for %d seats", len(s.Bots), s.Players)
	}
	rec, err := game.NewRecorder(s.Game, s.Players, s.Options, s.Seed)
	if err != nil {
		return err
	}
	d.rec = rec
	spec := s.Game.Spec()
	d.realtime = spec.Turns == game.RealTime
	d.hidden = spec.Information == game.ImperfectInformation
	d.chance = game.NewRand(chanceSeed(s.Seed))
	d.pend = make([]pending, s.Players)
	d.think = make([]Think, s.Players)
	d.lastSeat = game.Spectator
	for p, b := range d.bots {
		w, ok := b.(ai.Watcher)
		if !ok {
			continue
		}
		d.watchers = append(d.watchers, game.Player(p))
		seed := BotSeed(s.Seed, p)
		err := w.Start(ctx, ai.GameStart{Game: spec.ID, Turns: spec.Turns, Options: rec.Rec.Options, Players: s.Players, Seat: game.Player(p),
			Names: s.Bots, Seed: &seed})
		if err != nil {
			return fmt.Errorf("%s could not start: %v", d.seatName(game.Player(p)), err)
		}
	}
	return nil
}

// seatName names seat p for people: "seat 2 (bot random)", counting from 1.
func (d *driver) seatName(p game.Player) string {
	if int(p) < len(d.setup.Bots) {
		return fmt.Sprintf("seat %d (bot %s)", p+1, d.setup.Bots[p])
	}
	return fmt.Sprintf("seat %d", p+1)
}

// end tells the watching bots how the game ended. Their errors do not
// change a decided game.
func (d *driver) end(ctx context.Context, res *GameResult) {
	e := ai.GameEnd{N: int64(res.Actions), Error: res.Error}
	if res.Record != nil {
		e.Result = res.Record.Result
	}
	if e.Error != "" {
		e.Result = nil
	}
	for _, p := range d.watchers {
		d.bots[p].(ai.Watcher).End(ctx, e)
	}
}

func (d *driver) fill(res *GameResult) {
	res.Turns = d.turns
	res.Ms = d.now
	res.Think = d.think
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
			if err := d.play(ctx, game.Chance, a); err != nil {
				return err
			}
			continue
		}
		d.updateTimer()
		if err := d.ask(ctx, actors); err != nil {
			return err
		}
		if err := d.next(ctx, actors); err != nil {
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
			return fmt.Errorf("the game names seat %d as an actor but has %d seats", p+1, len(d.pend))
		}
		old := d.pend[p]
		if old.asked && !old.stale && (old.d.Wait || d.legal(p, old.d.Action)) {
			continue
		}
		dec, err := timedAct(ctx, d.bots[p], s, p, &d.think[p])
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%s failed after %d actions: %v", d.seatName(p), len(d.rec.Rec.Actions), err)
		}
		if !dec.Wait && !d.legal(p, dec.Action) {
			reason := "it is not legal"
			if err := game.Check(s, p, dec.Action); err != nil {
				reason = err.Error()
			}
			return fmt.Errorf("%s chose %q after %d actions: %s", d.seatName(p), s.ActionString(p, dec.Action), len(d.rec.Rec.Actions), reason)
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
func (d *driver) next(ctx context.Context, actors []game.Player) error {
	seat, due := game.Player(-1), int64(math.MaxInt64)
	for _, p := range actors {
		if p.Seated() && d.pend[p].due < due {
			seat, due = p, d.pend[p].due
		}
	}
	if tdue := d.timerDue(); tdue < due {
		d.now = max(d.now, tdue)
		return d.playSystem(ctx)
	}
	if seat < 0 {
		if slices.Contains(actors, game.System) {
			return d.playSystem(ctx)
		}
		return fmt.Errorf("after %d actions only %v may act, with no timer running", len(d.rec.Rec.Actions), actors)
	}
	d.now = max(d.now, due)
	pd := d.pend[seat]
	d.pend[seat] = pending{}
	if pd.d.Wait {
		return nil
	}
	return d.play(ctx, seat, pd.d.Action)
}

func (d *driver) playSystem(ctx context.Context) error {
	d.abuf = d.rec.State.Legal(game.System, d.abuf[:0])
	if len(d.abuf) == 0 {
		return fmt.Errorf("after %d actions the system must act but has no legal action", len(d.rec.Rec.Actions))
	}
	return d.play(ctx, game.System, d.abuf[0])
}

// play applies a for p through the record's checked path and tells the
// watching bots.
func (d *driver) play(ctx context.Context, p game.Player, a game.Action) error {
	public := !d.hidden
	if pm, ok := d.rec.State.(game.PublicMover); ok && d.hidden && len(d.watchers) > 0 {
		public = pm.MoveIsPublic(p, a)
	}
	if err := d.rec.Play(p, a, d.now); err != nil {
		return fmt.Errorf("action %d: %s by %s was refused: %v", len(d.rec.Rec.Actions)+1, d.rec.State.ActionString(p, a), d.actorName(p), err)
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
	n := len(d.rec.Rec.Actions)
	for _, q := range d.watchers {
		m := ai.MoveSeen{N: int64(n), Player: p, Ms: d.now}
		if public || p == q {
			m.Move = d.rec.Rec.Actions[n-1].Move
		}
		if err := d.bots[q].(ai.Watcher).Update(ctx, m); err != nil {
			return fmt.Errorf("%s failed after %d actions: %v", d.seatName(q), n, err)
		}
	}
	return nil
}

// actorName names p for people: a seat counted from 1, chance or system.
func (d *driver) actorName(p game.Player) string {
	if p.Seated() {
		return d.seatName(p)
	}
	return p.String()
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
