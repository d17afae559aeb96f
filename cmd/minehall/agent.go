package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/coder/websocket"
	"github.com/spf13/cobra"

	"minehall/ai"
	"minehall/game"
)

// agentOptions are the flags of `minehall agent`.
type agentOptions struct {
	table   string
	invite  string // a private table's invitation; empty for a public one
	seat    int    // from 1; 0: the first free seat
	name    string
	token   string
	timeout time.Duration
	startup time.Duration // for the first answer, the agent's start included
}

// newAgentCmd returns `minehall agent`: an external agent takes a seat at
// a table of a running server.
func newAgentCmd(reg *game.Registry) *cobra.Command {
	var opts agentOptions
	cmd := &cobra.Command{
		Use:   "agent URL --table ID [--invite SECRET] [--seat N] [--name NAME] [--token TOKEN] -- COMMAND [ARG]...",
		Short: "Seat an external agent (a program in any language) at a table of a server",
		Long: `Agent runs COMMAND, an external agent that speaks the line protocol of docs/agents.md on its
standard input and output, and plays a seat at the table ID of the server at URL for it.

It joins a free seat (POST /api/tables/ID/join, which hands out the seat's token; --seat N for
seat N, counted from 1; --invite SECRET for a private table, whose link /tables/ID?invite=SECRET
carries it), or takes back the seat of --token TOKEN (or $MINEHALL_SEAT_TOKEN); it
prints the token on standard error so that a second run can take the seat back. It then says
hello over the WebSocket (docs/protocol.md) with the token, asking for the legal moves, and
bridges: the table's frames become start, update, act and end lines for the agent, and the
agent's answers become act frames. Agent exits with status 0 when the game is over, and 1 when
the agent answers badly (not a legal move), too slowly (--timeout; its first answer, its start
included, --startup) or exits, or when the server
refuses the seat or closes the connection; the message says which.`,
		Example: `  minehall agent http://127.0.0.1:8080 --table 3f2a9c0d11b4e7a2 --name "Random Python" -- python3 agent.py
  minehall agent http://127.0.0.1:8080 --table 3f2a9c0d11b4e7a2 --token 5e0c… -- ./my-agent --fast`,
		Args: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			if dash != 1 || len(args) < 2 {
				return usageError{fmt.Errorf("%s takes the server's URL, then -- and the agent's command", cmd.CommandPath())}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.token == "" {
				opts.token = os.Getenv("MINEHALL_SEAT_TOKEN")
			}
			if err := opts.check(cmd); err != nil {
				return err
			}
			base, err := serverURL(args[0])
			if err != nil {
				return usageError{err}
			}
			b := &bridge{reg: reg, opts: opts, base: base, command: args[1:], stderr: cmd.ErrOrStderr()}
			return b.run(cmd.Context())
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.table, "table", "", "the table's `ID` (required)")
	f.StringVar(&opts.invite, "invite", "", "the invitation `SECRET` of a private table (its link's ?invite=)")
	f.IntVar(&opts.seat, "seat", 0, "take seat `N`, counted from 1 (default: the first free seat)")
	f.StringVar(&opts.name, "name", "agent", "the seat's `NAME`, 1 to 32 characters")
	f.StringVar(&opts.token, "token", "", "take back the seat of this seat `TOKEN` instead of joining")
	f.DurationVar(&opts.timeout, "timeout", ai.DefaultAgentTimeout, "time the agent may take per answer, more than 0")
	f.DurationVar(&opts.startup, "startup", ai.DefaultAgentStartup, "time the agent may take for its first answer, its start included, more than 0")
	return cmd
}

func init() { extraCommands = append(extraCommands, newAgentCmd) }

func (o agentOptions) check(cmd *cobra.Command) error {
	var errs []string
	if o.table == "" {
		errs = append(errs, "--table is required")
	}
	if cmd.Flags().Changed("seat") && o.seat < 1 {
		errs = append(errs, fmt.Sprintf("--seat must be at least 1, not %d", o.seat))
	}
	if o.token != "" && cmd.Flags().Changed("seat") {
		errs = append(errs, "--seat and --token cannot both be given: a token is one seat's")
	}
	if o.timeout <= 0 {
		errs = append(errs, fmt.Sprintf("--timeout must be more than 0, not %s", o.timeout))
	}
	if o.startup <= 0 {
		errs = append(errs, fmt.Sprintf("--startup must be more than 0, not %s", o.startup))
	}
	if len(errs) > 0 {
		return usageError{errors.New(strings.Join(errs, "; "))}
	}
	return nil
}

// serverURL checks a server's base URL: http or https, with a host.
func serverURL(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q is not a server's URL such as http://127.0.0.1:8080", s)
	}
	return u, nil
}

// frame is every server frame the bridge reads; Type says which fields
// count.
type frame struct {
	Type    string          `json:"type"`
	N       int64           `json:"n"`
	You     *game.Player    `json:"you"`
	Player  *game.Player    `json:"player"`
	Move    string          `json:"move"`
	Status  string          `json:"status"`
	Actors  []game.Player   `json:"actors"`
	Legal   []string        `json:"legal"`
	View    json.RawMessage `json:"view"`
	Result  *game.Result    `json:"result"`
	Table   *tableInfo      `json:"table"`
	History []struct {
		N      int64       `json:"n"`
		Player game.Player `json:"player"`
		Move   string      `json:"move"`
	} `json:"history"`
	Seq     int64  `json:"seq"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// tableInfo is what the bridge reads of a table.
type tableInfo struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	Seats   []struct {
		Name string `json:"name"`
	} `json:"seats"`
	Ending string `json:"ending"`
}

// bridge plays one seat for an external agent.
type bridge struct {
	reg     *game.Registry // the games this binary knows, for their specs
	opts    agentOptions
	base    *url.URL
	command []string
	stderr  io.Writer

	token string
	seat  game.Player
	conn  *websocket.Conn
	agent *ai.Agent
	info  *tableInfo

	n       int64 // the last action the agent was told of
	seq     int64 // the last act frame's seq
	pending bool  // an act frame awaits its ack or error
	// askedAt is the action count at the last act line (-1: ask again);
	// refused counts the moves the server refused in a row at the action
	// count refusedAt.
	askedAt   int64
	refused   int
	refusedAt int64
	wakeAt    time.Time     // an agent that waited is asked again then
	latest    *frame        // the latest frame with the state
	lastAct   []byte        // the last act frame, to send again when it was refused for the rate
	sentAt    time.Time     // when the last act frame was sent
	gap       time.Duration // the least time between act frames
}

// maxRefusals is how often in a row the server may refuse the agent's
// moves at the same state before the bridge gives up.
const maxRefusals = 3

// actGap is the least time between two act frames at first: the server
// takes 20 frames a second (docs/protocol.md) and refuses frames beyond;
// each refusal for the rate makes the gap 4 times longer, up to maxGap.
const (
	actGap = 60 * time.Millisecond
	maxGap = 2 * time.Second
)

func (b *bridge) run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := b.join(ctx); err != nil {
		return err
	}
	frames, readErr, err := b.connect(ctx)
	if err != nil {
		return err
	}
	defer b.conn.CloseNow()
	defer func() {
		if b.agent != nil {
			b.agent.Close()
		}
	}()
	b.askedAt, b.refusedAt, b.gap = -1, -1, actGap
	// seq is the seat's last action's, as each state frame says: the
	// next act carries it plus one.
	b.seq = 0
	for {
		var wake <-chan time.Time
		if !b.wakeAt.IsZero() {
			wake = time.After(time.Until(b.wakeAt))
		}
		select {
		case f, ok := <-frames:
			// Take in every frame that is here already, then ask.
			for {
				if !ok {
					return b.lost(*readErr)
				}
				done, err := b.handle(ctx, f)
				if err != nil || done {
					return err
				}
				select {
				case f, ok = <-frames:
					continue
				default:
				}
				break
			}
		case <-wake:
			b.wakeAt = time.Time{}
			b.askedAt = -1
		case <-ctx.Done():
			return ctx.Err()
		}
		if err := b.maybeAsk(ctx); err != nil {
			return err
		}
	}
}

// join takes a seat and its token, unless a token was given.
func (b *bridge) join(ctx context.Context) error {
	if b.opts.token != "" {
		b.token = b.opts.token
		return nil
	}
	body := map[string]any{"name": b.opts.name}
	if b.opts.seat > 0 {
		body["seat"] = b.opts.seat - 1
	}
	var joined struct {
		Seat  game.Player `json:"seat"`
		Token string      `json:"token"`
	}
	path := "/api/tables/" + url.PathEscape(b.opts.table) + "/join"
	if b.opts.invite != "" {
		path += "?invite=" + url.QueryEscape(b.opts.invite)
	}
	if err := b.post(ctx, path, body, &joined); err != nil {
		return fmt.Errorf("joining table %s: %w", b.opts.table, err)
	}
	b.token = joined.Token
	fmt.Fprintf(b.stderr, "minehall agent: %s took seat %d of table %s; to take the seat back later, run again with --token %s\n",
		b.opts.name, joined.Seat+1, b.opts.table, joined.Token)
	return nil
}

// post sends a JSON request and decodes the answer into out, or returns
// the server's error with its code.
func (b *bridge) post(ctx context.Context, path string, body, out any) error {
	bs, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.base.String()+path, bytes.NewReader(bs))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var e struct {
			Error struct {
				Code    game.Code `json:"code"`
				Message string    `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(answer, &e) != nil || e.Error.Message == "" {
			return fmt.Errorf("the server answered %s", resp.Status)
		}
		return game.Errorf(e.Error.Code, "%s", e.Error.Message)
	}
	if err := json.Unmarshal(answer, out); err != nil {
		return fmt.Errorf("the server's answer does not decode: %v", err)
	}
	return nil
}

// connect opens the WebSocket, says hello with the seat's token and starts
// reading frames into the channel it returns, which is closed (with the
// error in *readErr) when the connection ends.
func (b *bridge) connect(ctx context.Context) (<-chan *frame, *error, error) {
	ws := *b.base
	ws.Scheme = map[string]string{"http": "ws", "https": "wss"}[b.base.Scheme]
	ws.Path += "/ws/tables/" + url.PathEscape(b.opts.table)
	conn, _, err := websocket.Dial(ctx, ws.String(), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("connecting to %s: %w", ws.String(), err)
	}
	conn.SetReadLimit(64 << 20)
	b.conn = conn
	hello, _ := json.Marshal(map[string]any{"type": "hello", "token": b.token, "legal": true})
	if err := conn.Write(ctx, websocket.MessageText, hello); err != nil {
		conn.CloseNow()
		return nil, nil, fmt.Errorf("saying hello: %w", err)
	}
	frames := make(chan *frame, 1024)
	readErr := new(error)
	go func() {
		defer close(frames)
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				*readErr = err
				return
			}
			f := &frame{}
			if err := json.Unmarshal(data, f); err != nil {
				*readErr = fmt.Errorf("the server sent a frame that does not decode: %v", err)
				return
			}
			select {
			case frames <- f:
			case <-ctx.Done():
				*readErr = ctx.Err()
				return
			}
		}
	}()
	return frames, readErr, nil
}

// lost explains a connection that ended before the game did.
func (b *bridge) lost(err error) error {
	if status := websocket.CloseStatus(err); status != -1 {
		err = fmt.Errorf("the server closed the connection (status %d)", status)
	}
	return fmt.Errorf("%v; run again with --token %s to take the seat back", err, b.token)
}

// handle takes in one frame; it reports whether the game is over.
func (b *bridge) handle(ctx context.Context, f *frame) (bool, error) {
	switch f.Type {
	case "state", "update", "table":
	case "error":
		if b.agent == nil {
			return false, game.Errorf(game.Code(f.Code), "the server refused the seat: %s", f.Message)
		}
		return false, b.refusal(f)
	default: // ack, left
		if f.Type == "ack" && f.Seq == b.seq {
			b.pending = false
		}
		return false, nil
	}
	if f.Table != nil {
		b.info = f.Table
	}
	if f.Type == "state" && !b.pending {
		b.seq = f.Seq
	}
	if f.Type == "state" {
		if b.agent == nil {
			if err := b.start(ctx, f); err != nil {
				return false, err
			}
		} else if err := b.catchUp(ctx, f); err != nil {
			return false, err
		}
	}
	if f.Type == "update" {
		switch {
		case f.N <= b.n:
			return false, nil // told already (by a state's history)
		case f.N > b.n+1:
			// Missed frames: the state will tell.
			return false, b.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"sync"}`))
		}
		p := game.Spectator
		if f.Player != nil {
			p = *f.Player
		}
		if err := b.agent.Send(ctx, fmt.Sprintf("the update of action %d", f.N), ai.UpdateMessage{Type: "update", N: f.N, Player: p, Move: f.Move}); err != nil {
			return false, err
		}
		b.n = f.N
		b.wakeAt = time.Time{} // an agent that waits is asked again when the state changes
	}
	b.latest = f
	if f.Status == "finished" {
		return true, b.end(ctx, f)
	}
	return false, nil
}

// start starts the agent on the first state frame and tells it the game.
func (b *bridge) start(ctx context.Context, f *frame) error {
	if f.You == nil || !f.You.Seated() || f.Table == nil {
		return fmt.Errorf("the server did not seat this connection (it said seat %v)", f.You)
	}
	if f.Status == "finished" {
		return fmt.Errorf("the game at table %s is over", b.opts.table)
	}
	b.seat = *f.You
	// The start-up allowance holds until the agent's first answer (see ask).
	a, err := ai.StartAgent(ai.AgentConfig{Command: b.command, Timeout: max(b.opts.startup, b.opts.timeout), Stderr: b.stderr})
	if err != nil {
		return err
	}
	b.agent = a
	names := make([]string, len(f.Table.Seats))
	for i, s := range f.Table.Seats {
		names[i] = s.Name
	}
	opts := f.Table.Options
	if opts == nil {
		opts = game.Options{}
	}
	b.n = f.N
	var turns game.TurnTaking
	if g, err := b.reg.Lookup(f.Table.Game); err == nil {
		turns = g.Spec().Turns
	}
	return a.Send(ctx, "the start line", ai.StartMessage{Type: "start", Game: f.Table.Game, Turns: turns, Options: opts, Players: f.Table.Players,
		Names: names, Seat: b.seat, N: f.N})
}

// catchUp tells the agent the actions a resynchronising state frame
// lists that it has not been told.
func (b *bridge) catchUp(ctx context.Context, f *frame) error {
	for _, h := range f.History {
		if h.N != b.n+1 {
			continue
		}
		if err := b.agent.Send(ctx, fmt.Sprintf("the update of action %d", h.N), ai.UpdateMessage{Type: "update", N: h.N, Player: h.Player, Move: h.Move}); err != nil {
			return err
		}
		b.n = h.N
	}
	if b.n != f.N {
		return fmt.Errorf("the server's state is at action %d but only actions up to %d could be told to the agent", f.N, b.n)
	}
	return nil
}

// end tells the agent how the game ended.
func (b *bridge) end(ctx context.Context, f *frame) error {
	if b.agent == nil {
		return fmt.Errorf("the game at table %s is over", b.opts.table)
	}
	e := ai.EndMessage{Type: "end", N: b.n, Result: f.Result}
	if f.Result == nil {
		ending := "ended"
		if b.info != nil && b.info.Ending != "" {
			ending = b.info.Ending
		}
		e.Error = "the table was " + ending + " before the end of the game"
	}
	b.agent.Send(ctx, "the end line", e)
	if e.Error != "" {
		return fmt.Errorf("table %s: %s", b.opts.table, e.Error)
	}
	return nil
}

// refusal handles an error frame: a refused move is asked for again, up
// to maxRefusals times in a row at the same state; other errors are only
// reported.
func (b *bridge) refusal(f *frame) error {
	if f.Code == string(game.CodeLimit) && b.pending && (f.Seq == 0 || f.Seq == b.seq) {
		// The frame refused for the rate is the act frame in flight: the
		// only kind the bridge sends. Send it again after a second, when
		// the server takes frames again, and slow down.
		b.gap = min(4*b.gap, maxGap)
		fmt.Fprintf(b.stderr, "minehall agent: the server took too many frames a second; sending the move again, then one move every %s at most\n", b.gap)
		b.sentAt = time.Now().Add(time.Second - b.gap)
		return b.send(context.Background(), b.lastAct)
	}
	if f.Seq == 0 || f.Seq != b.seq {
		fmt.Fprintf(b.stderr, "minehall agent: the server said: %s (%s)\n", f.Message, f.Code)
		return nil
	}
	b.pending = false
	b.seq-- // a refused action leaves its seq free for the next
	if b.askedAt == b.refusedAt {
		b.refused++
	} else {
		b.refused, b.refusedAt = 1, b.askedAt
	}
	if b.refused >= maxRefusals {
		return fmt.Errorf("the server refused the agent's moves %d times in a row, the last: %s", b.refused, f.Message)
	}
	fmt.Fprintf(b.stderr, "minehall agent: the server refused the move: %s; asking again\n", f.Message)
	b.askedAt = -1
	return nil
}

// maybeAsk asks the agent for a move when the seat may act in the latest
// state and it was not asked at this state yet, and sends the answer.
func (b *bridge) maybeAsk(ctx context.Context) error {
	f := b.latest
	if f == nil || b.agent == nil || b.pending || f.Status != "playing" || len(f.Legal) == 0 || !slices.Contains(f.Actors, b.seat) {
		return nil
	}
	if b.askedAt == f.N || !b.wakeAt.IsZero() {
		return nil
	}
	b.askedAt = f.N
	legal := make([]ai.LegalMove, len(f.Legal))
	for i, m := range f.Legal {
		legal[i] = ai.LegalMove{Action: i, Notation: m}
	}
	what := fmt.Sprintf("the act request after %d actions", f.N)
	line, _, err := b.agent.Ask(ctx, what, ai.ActMessage{Type: "act", Game: b.info.Game, Seat: b.seat, N: f.N, View: f.View, Legal: legal})
	if err != nil {
		return err
	}
	b.agent.SetTimeout(b.opts.timeout)
	ans, err := ai.ParseAnswer(line)
	if err == nil && ans.Wait {
		d := time.Millisecond
		if ans.Delay != nil {
			d = max(*ans.Delay, d)
		}
		b.wakeAt = time.Now().Add(d)
		return nil
	}
	i := -1
	if err == nil {
		i, err = ans.Pick(legal)
	}
	if err != nil {
		return fmt.Errorf("agent %q answered %s with %q: %v", b.agent.Name(), what, line, err)
	}
	b.seq++
	b.lastAct, _ = json.Marshal(map[string]any{"type": "act", "seq": b.seq, "move": legal[i].Notation})
	b.pending = true
	return b.send(ctx, b.lastAct)
}

// send writes an act frame, at most one every b.gap.
func (b *bridge) send(ctx context.Context, act []byte) error {
	if wait := b.gap - time.Since(b.sentAt); wait > 0 {
		time.Sleep(wait)
	}
	b.sentAt = time.Now()
	return b.conn.Write(ctx, websocket.MessageText, act)
}
