package envproto

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"math"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

// episode is one game played by sim's driver on its own goroutine, whose
// seats are the client: each time the driver asks a seat's bot, the
// question waits in cur until the client steps.
type episode struct {
	info     EnvInfo
	g        game.Game
	advisors []ai.Bot // the seats' advising bots, seeded as sim seeds its bots
	maxSteps int
	pace     time.Duration
	views    bool

	cancel context.CancelFunc
	asks   chan *ask
	done   chan sim.GameResult

	cur       *ask       // the question the client must answer; nil when the episode is over
	state     game.State // the driver's state (mutated by it while it runs)
	result    *sim.GameResult
	truncated bool
	reason    string

	steps    int
	pass     int
	lastSeat game.Player
	lastFP   uint64

	tbuf []float32
	abuf []game.Action
}

// ask is one question of the driver to a seat: decide on s.
type ask struct {
	s      game.State
	p      game.Player
	reply  chan ai.Decision
	advice *ai.Decision
}

// seatBot is the bot the driver plays a seat with: it hands every
// question to the protocol's goroutine and returns its answer.
type seatBot struct{ asks chan<- *ask }

// Act implements [ai.Bot].
func (b seatBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	a := &ask{s: s, p: p, reply: make(chan ai.Decision, 1)}
	select {
	case b.asks <- a:
	case <-ctx.Done():
		return ai.Decision{}, ctx.Err()
	}
	select {
	case d := <-a.reply:
		return d, nil
	case <-ctx.Done():
		return ai.Decision{}, ctx.Err()
	}
}

// start runs the driver and waits for its first question.
func (e *episode) start(players int, options game.Options) {
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel = cancel
	e.asks = make(chan *ask)
	e.done = make(chan sim.GameResult, 1)
	e.lastSeat = game.Spectator
	bots := make([]ai.Bot, players)
	for p := range bots {
		bots[p] = seatBot{e.asks}
	}
	setup := sim.GameSetup{Game: e.g, Players: players, Options: options, Seed: e.info.GameSeed, Bots: e.info.Bots}
	go func() {
		res, err := sim.Play(ctx, setup, bots)
		if err != nil && res.Error == "" {
			res.Error = err.Error()
		}
		e.done <- res
	}()
	e.next()
}

// next waits for the driver's next question, or for the end of the game.
func (e *episode) next() {
	select {
	case a := <-e.asks:
		e.cur, e.state = a, a.s
		e.countPass(a)
	case r := <-e.done:
		e.finish(r)
	}
}

// countPass advances the pass when a asks about another state than the
// question before it: always in a sequential game; in the others when the
// seat order starts over or the state's snapshot changed.
func (e *episode) countPass(a *ask) {
	if e.info.Turns == game.Sequential {
		e.pass++
		return
	}
	fp := fingerprint(a.s)
	if e.pass == 0 || a.p <= e.lastSeat || fp != e.lastFP {
		e.pass++
	}
	e.lastSeat, e.lastFP = a.p, fp
}

// fingerprint hashes the state's snapshot.
func fingerprint(s game.State) uint64 {
	h := fnv.New64a()
	json.NewEncoder(h).Encode(s.Snapshot())
	return h.Sum64()
}

// finish records the driver's result: a finished game, or a game the
// driver stopped (an action limit), which truncates the episode.
func (e *episode) finish(r sim.GameResult) {
	e.cur, e.result = nil, &r
	if r.Error != "" && !e.truncated {
		e.truncated, e.reason = true, r.Error
	}
}

// stop ends the driver, if it still runs, and waits for it.
func (e *episode) stop(reason string) {
	if e.result != nil {
		return
	}
	e.truncated, e.reason = true, reason
	e.cancel()
	for {
		select {
		case <-e.asks:
		case r := <-e.done:
			e.finish(r)
			return
		}
	}
}

// decide parses the decision of a step request for the seat asked now; it
// changes nothing.
func (e *episode) decide(req *Request) (ai.Decision, error) {
	s, p := e.cur.s, e.cur.p
	given := 0
	for _, b := range []bool{req.Action != nil, req.Move != nil, req.Wait} {
		if b {
			given++
		}
	}
	if given != 1 {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "a step holds exactly one of action, move and wait")
	}
	dec := ai.Decision{Delay: e.pace}
	if req.DelayMs != nil {
		if *req.DelayMs < 0 || *req.DelayMs > maxDelayMs {
			return ai.Decision{}, game.Errorf(game.CodeInvalid, "delay_ms %d is outside 0 to %d", *req.DelayMs, maxDelayMs)
		}
		dec.Delay = time.Duration(*req.DelayMs) * time.Millisecond
	}
	wait := req.Wait || (req.Action != nil && *req.Action == e.info.WaitAction && e.info.WaitAction >= 0) ||
		(req.Move != nil && *req.Move == "wait" && e.info.WaitAction >= 0)
	if wait {
		if e.info.WaitAction < 0 {
			return ai.Decision{}, game.Errorf(game.CodeInvalid, "%s is not a real-time game: it has no wait action", e.info.Title)
		}
		dec.Wait = true
		return dec, nil
	}
	var a game.Action
	if req.Action != nil {
		if *req.Action < 0 || *req.Action >= e.info.NumActions {
			return ai.Decision{}, game.Errorf(game.CodeInvalid, "action %d is outside the action space 0 to %d", *req.Action, e.info.NumActions-1)
		}
		a = game.Action(*req.Action)
	} else {
		var err error
		if a, err = s.ParseAction(p, *req.Move); err != nil {
			return ai.Decision{}, err
		}
	}
	if err := game.Check(s, p, a); err != nil {
		return ai.Decision{}, game.Errorf(game.ErrorCode(err), "action %d (%s) is not in seat %d's mask: %v", a, s.ActionString(p, a), p, err)
	}
	dec.Action = a
	return dec, nil
}

// maxDelayMs bounds a step's delay_ms (a day).
const maxDelayMs = 24 * 60 * 60 * 1000

// step answers the question asked now with dec and waits for the next
// one; the episode is truncated when it reaches its step limit.
func (e *episode) step(dec ai.Decision) {
	e.cur.reply <- dec
	e.cur = nil
	e.steps++
	e.next()
	if e.result == nil && e.maxSteps > 0 && e.steps >= e.maxSteps {
		e.stop("max_steps")
	}
}

// advise returns the decision of the asked seat's advising bot, asking it
// once per question.
func (e *episode) advise() (*Advice, error) {
	a := e.cur
	if a.advice == nil {
		d, err := e.advisors[a.p].Act(context.Background(), a.s, a.p)
		if err != nil {
			return nil, err
		}
		a.advice = &d
	}
	adv := &Advice{Action: int(a.advice.Action), Wait: a.advice.Wait, DelayMs: a.advice.Delay.Milliseconds()}
	if adv.Wait {
		adv.Action = e.info.WaitAction
	} else {
		adv.Notation = a.s.ActionString(a.p, a.advice.Action)
	}
	return adv, nil
}

// turn describes where the episode stands.
func (e *episode) turn() (*Turn, *Observation, error) {
	t := &Turn{Steps: e.steps, Pass: e.pass}
	switch {
	case e.cur != nil:
		p := int(e.cur.p)
		obs, err := e.observe(p)
		if err != nil {
			return nil, nil, err
		}
		t.Agent = &p
		return t, obs, nil
	case e.truncated:
		t.Truncated, t.Reason = true, e.reason
		if e.state != nil {
			t.Scores = e.state.Scores(nil)
		}
	default:
		t.Terminated = true
		t.Result = &game.Result{Scores: e.result.Scores, Returns: e.result.Returns}
		if e.state != nil && e.state.Terminal() {
			t.Result = game.ResultOf(e.state)
		}
	}
	return t, nil, nil
}

// observe returns seat p's observation of the current state.
func (e *episode) observe(p int) (*Observation, error) {
	if p < 0 || p >= e.info.Players {
		return nil, game.Errorf(game.CodeInvalid, "seat %d is outside 0 to %d", p, e.info.Players-1)
	}
	s := e.state
	ob, ok := s.(game.Observer)
	if !ok {
		return nil, game.Errorf(game.CodeInvalid, "%s has no observation tensor", e.info.Title)
	}
	e.tbuf = ob.Observe(game.Player(p), e.tbuf)
	raw := make([]byte, 4*len(e.tbuf))
	for i, v := range e.tbuf {
		binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(v))
	}
	obs := &Observation{Seat: p, Tensor: base64.StdEncoding.EncodeToString(raw), Legal: []int{}}
	if e.cur != nil && int(e.cur.p) == p {
		e.abuf = s.Legal(game.Player(p), e.abuf[:0])
		for _, a := range e.abuf {
			obs.Legal = append(obs.Legal, int(a))
		}
		if e.info.WaitAction >= 0 && !slices.Contains(obs.Legal, e.info.WaitAction) {
			obs.Legal = append(obs.Legal, e.info.WaitAction)
		}
	}
	if e.views {
		v, err := json.Marshal(s.View(game.Player(p)))
		if err != nil {
			return nil, game.Errorf(game.CodeInternal, "the view of seat %d does not encode: %v", p, err)
		}
		obs.View = v
	}
	return obs, nil
}
