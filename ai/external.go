package ai

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"minehall/game"
)

// External is a bot played by an external agent: a program in any
// language that speaks the line protocol of docs/agents.md on its
// standard input and output. It starts the program on first use (one
// process for the game: a new External, a new process) and tells it the
// game through [Watcher]; Act sends an act line with the seat's view and
// legal moves and reads the answer. The answer's delay is the time the
// agent took (rounded up to a whole millisecond), or the delay_ms it gave:
// on a virtual clock that is its pace in a real-time game, and only
// delay_ms makes it reproducible. Close must be called when the game is over: it ends
// and reaps the process.
//
// The agent's first answer may take the start-up allowance (see
// [External.SetStartup]; [DefaultAgentStartup] by default), its process's
// start included: an interpreter that loads its libraries on a busy machine
// is not cut off. Every later answer gets the config's Timeout.
//
// A bad answer (not a legal move, malformed), no answer within the
// timeout, or the agent exiting is an error that names the agent and the
// request; the agent is stopped and every later call fails with it.
type External struct {
	game    string
	cfg     AgentConfig
	startup time.Duration
	agent   *Agent
	err     error
	// answered says the agent has answered once: its start-up is over.
	answered bool

	started bool
	n       int64 // actions seen
	legal   []game.Action
	moves   []LegalMove
}

var (
	_ Bot     = (*External)(nil)
	_ Watcher = (*External)(nil)
)

// DefaultAgentStartup is how long an external agent may take for its first
// answer, its process's start included, unless [External.SetStartup] says
// otherwise.
const DefaultAgentStartup = 60 * time.Second

// NewExternal returns a bot for the game with id gameID whose moves are
// chosen by the agent cfg describes. Nothing runs until the first call.
func NewExternal(gameID string, cfg AgentConfig) *External {
	return &External{game: gameID, cfg: cfg, startup: DefaultAgentStartup}
}

// SetStartup sets how long the agent may take for its first answer, from
// the start of its process (0: [DefaultAgentStartup]); an allowance
// shorter than the config's Timeout is raised to it. Call it before the
// first use. It returns b.
func (b *External) SetStartup(d time.Duration) *External {
	if d <= 0 {
		d = DefaultAgentStartup
	}
	b.startup = d
	return b
}

// SetTimeout changes how long the agent may take per answer, and per line
// written to it, from the next request on (0: [DefaultAgentTimeout]).
func (a *Agent) SetTimeout(d time.Duration) {
	if d <= 0 {
		d = DefaultAgentTimeout
	}
	a.timeout = d
}

// run starts the agent if it is not running yet, with the start-up
// allowance until its first answer.
func (b *External) run() error {
	if b.err != nil {
		return b.err
	}
	if b.agent == nil {
		cfg := b.cfg
		cfg.Timeout = max(b.startup, b.timeout())
		a, err := StartAgent(cfg)
		if err != nil {
			b.err = err
			return err
		}
		b.agent = a
	}
	return nil
}

// Start implements [Watcher]: it starts the agent and sends the start line.
func (b *External) Start(ctx context.Context, g GameStart) error {
	if err := b.run(); err != nil {
		return err
	}
	b.started, b.n = true, g.N
	opts := g.Options
	if opts == nil {
		opts = game.Options{}
	}
	return b.keep(b.agent.Send(ctx, "the start line", StartMessage{Type: "start", Game: b.game, Turns: g.Turns, Options: opts, Players: g.Players,
		Names: g.Names, Seat: g.Seat, Seed: g.Seed, N: g.N}))
}

// Update implements [Watcher]: it sends an update line.
func (b *External) Update(ctx context.Context, m MoveSeen) error {
	if err := b.run(); err != nil {
		return err
	}
	b.n = m.N
	return b.keep(b.agent.Send(ctx, fmt.Sprintf("the update of action %d", m.N),
		UpdateMessage{Type: "update", N: m.N, Player: m.Player, Move: m.Move, Ms: &m.Ms}))
}

// End implements [Watcher]: it sends the end line. It does not stop the
// agent; Close does.
func (b *External) End(ctx context.Context, e GameEnd) error {
	if b.agent == nil || b.err != nil {
		return b.err
	}
	return b.keep(b.agent.Send(ctx, "the end line", EndMessage{Type: "end", N: e.N, Result: e.Result, Error: e.Error}))
}

// keep remembers err as the bot's lasting error.
func (b *External) keep(err error) error {
	if err != nil && b.err == nil && ctxErr(err) == nil {
		b.err = err
	}
	return err
}

// Act implements [Bot]: it asks the agent for p's move in s.
func (b *External) Act(ctx context.Context, s game.State, p game.Player) (Decision, error) {
	if err := b.run(); err != nil {
		return Decision{}, err
	}
	if !b.started {
		// Driven without Watcher calls: say what can be known.
		if err := b.Start(ctx, GameStart{Players: s.NumPlayers(), Seat: p}); err != nil {
			return Decision{}, err
		}
	}
	b.legal = s.Legal(p, b.legal[:0])
	if len(b.legal) == 0 {
		return Decision{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	b.moves = b.moves[:0]
	for _, a := range b.legal {
		b.moves = append(b.moves, LegalMove{Action: int(a), Notation: s.ActionString(p, a)})
	}
	view, err := json.Marshal(s.View(p))
	if err != nil {
		return Decision{}, fmt.Errorf("the view of seat %s does not encode: %v", p, err)
	}
	what := fmt.Sprintf("the act request after %d actions", b.n)
	line, took, err := b.agent.Ask(ctx, what, ActMessage{Type: "act", Game: b.game, Seat: p, N: b.n, View: view, Legal: b.moves})
	if err != nil {
		return Decision{}, b.keep(err)
	}
	if !b.answered {
		b.answered = true
		b.agent.SetTimeout(b.timeout())
	}
	ans, err := ParseAnswer(line)
	if err == nil && !ans.Wait {
		var i int
		if i, err = ans.Pick(b.moves); err == nil {
			return Decision{Action: b.legal[i], Delay: delayOf(ans, took)}, nil
		}
	}
	if err != nil {
		return Decision{}, b.keep(b.agent.fail(fmt.Errorf("agent %q answered %s with %q: %v", b.agent.Name(), what, clip(line), err)))
	}
	return Decision{Wait: true, Delay: delayOf(ans, took)}, nil
}

// timeout is the time the agent may take per answer after its start-up.
func (b *External) timeout() time.Duration {
	if b.cfg.Timeout <= 0 {
		return DefaultAgentTimeout
	}
	return b.cfg.Timeout
}

// delayOf is the delay the agent gave, else the time it took rounded up
// to a whole millisecond (so that a virtual clock moves on).
func delayOf(a Answer, took time.Duration) time.Duration {
	if a.Delay != nil {
		return *a.Delay
	}
	return took.Truncate(time.Millisecond) + time.Millisecond
}

// Close implements io.Closer: it ends and reaps the agent's process.
func (b *External) Close() error {
	if b.agent == nil {
		return nil
	}
	return b.agent.Close()
}

// clip shortens an answer for a message.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// ctxErr returns err when it is a context's error, else nil.
func ctxErr(err error) error {
	if err == context.Canceled || err == context.DeadlineExceeded {
		return err
	}
	return nil
}
