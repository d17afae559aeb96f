package envproto

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

// Config holds a server's defaults, which a reset may override.
type Config struct {
	// MaxSteps truncates an episode after this many steps; 0 is no limit
	// (the driver's own action limit, sim.DefaultMaxActions, still ends a
	// game that never ends).
	MaxSteps int
	// Pace is the virtual time a step takes in a real-time game (and a
	// wait lasts) unless the step gives its own delay_ms.
	Pace time.Duration
}

// DefaultPace is the pace of a step when none is configured: the pace of
// sim's generic bots in a real-time game.
const DefaultPace = sim.GenericDelay

// MaxFrame bounds the length of a request line.
const MaxFrame = 1 << 20

// Server serves the protocol for one client: at most one episode at a
// time, any number of them in sequence. It is not safe for concurrent use.
type Server struct {
	reg *game.Registry
	cfg Config
	ep  *episode
}

// NewServer returns a server of the games of reg.
func NewServer(reg *game.Registry, cfg Config) *Server {
	if cfg.Pace <= 0 {
		cfg.Pace = DefaultPace
	}
	return &Server{reg: reg, cfg: cfg}
}

// Close stops the episode under way, if any.
func (s *Server) Close() {
	if s.ep != nil {
		s.ep.stop("closed")
	}
}

// Serve answers every line of r with one line on w until r ends (nil) or
// ctx is done or w fails (the error). It closes the server when it returns.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	defer s.Close()
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, tooLong, err := readLine(br)
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) == 0 {
				return nil
			}
			if !errors.Is(err, io.EOF) {
				return err
			}
		}
		if len(bytes.TrimSpace(line)) == 0 && !tooLong {
			if errors.Is(err, io.EOF) {
				return nil
			}
			continue
		}
		var out []byte
		if tooLong {
			out = encode(errAnswer(game.Errorf(game.CodeLimit, "the frame is longer than %d bytes", MaxFrame)))
		} else {
			out = s.Handle(line)
		}
		if _, werr := bw.Write(append(out, '\n')); werr != nil {
			return werr
		}
		if werr := bw.Flush(); werr != nil {
			return werr
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// readLine reads one line without its end; a line longer than MaxFrame is
// read to its end and reported as too long.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxFrame+1 {
			tooLong, line = true, line[:0]
		} else {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), tooLong, err
	}
}

// Handle answers one request frame (a JSON object, without its line end)
// with one answer frame. A request it cannot serve gets an error frame and
// changes nothing.
func (s *Server) Handle(frame []byte) []byte {
	var req Request
	dec := json.NewDecoder(bytes.NewReader(frame))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return encode(errAnswer(game.Errorf(game.CodeInvalid, "the frame is not a JSON request object: %v", err)))
	}
	if dec.More() {
		return encode(errAnswer(game.Errorf(game.CodeInvalid, "the frame has more after its JSON object; send one request per line")))
	}
	ans, err := s.serve(&req)
	if err != nil {
		return encode(errAnswer(err))
	}
	ans.OK = true
	return encode(ans)
}

func (s *Server) serve(req *Request) (*Answer, error) {
	switch req.Op {
	case "describe":
		info, err := s.describe(req)
		if err != nil {
			return nil, err
		}
		return &Answer{Env: info}, nil
	case "reset":
		return s.reset(req)
	case "step":
		ep, err := s.asked("step")
		if err != nil {
			return nil, err
		}
		d, err := ep.decide(req)
		if err != nil {
			return nil, err
		}
		ep.step(d)
		t, obs, err := ep.turn()
		if err != nil {
			return nil, err
		}
		return &Answer{Turn: t, Obs: obs}, nil
	case "observe":
		if s.ep == nil {
			return nil, game.Errorf(game.CodeConflict, "no episode: send a reset first")
		}
		if req.Seat == nil {
			return nil, game.Errorf(game.CodeInvalid, "observe needs a seat")
		}
		obs, err := s.ep.observe(*req.Seat)
		if err != nil {
			return nil, err
		}
		return &Answer{Obs: obs}, nil
	case "advise":
		ep, err := s.asked("advise")
		if err != nil {
			return nil, err
		}
		adv, err := ep.advise()
		if err != nil {
			return nil, err
		}
		return &Answer{Advice: adv}, nil
	case "":
		return nil, game.Errorf(game.CodeInvalid, "the request has no op (describe, reset, step, observe or advise)")
	}
	return nil, game.Errorf(game.CodeInvalid, "unknown op %q (known: describe, reset, step, observe, advise)", req.Op)
}

// asked returns the episode if a seat is being asked for a decision.
func (s *Server) asked(op string) (*episode, error) {
	switch {
	case s.ep == nil:
		return nil, game.Errorf(game.CodeConflict, "no episode to %s: send a reset first", op)
	case s.ep.cur == nil:
		return nil, game.Errorf(game.CodeGameOver, "the episode is over: send a reset to start another")
	}
	return s.ep, nil
}

// describe resolves the game, players and options of req and describes
// the environment they make.
func (s *Server) describe(req *Request) (*EnvInfo, error) {
	if req.Game == "" {
		return nil, game.Errorf(game.CodeInvalid, "%s needs a game (%s)", req.Op, strings.Join(s.reg.IDs(), ", "))
	}
	g, err := s.reg.Lookup(req.Game)
	if err != nil {
		return nil, err
	}
	spec := g.Spec()
	players := req.Players
	if players == 0 {
		players = spec.MinPlayers
	}
	st, opts, err := game.Start(g, players, req.Options, 0)
	if err != nil {
		return nil, err
	}
	ob, ok := st.(game.Observer)
	if !ok {
		return nil, game.Errorf(game.CodeInvalid, "%s has no observation tensor", spec.Title)
	}
	info := &EnvInfo{Game: spec.ID, Title: spec.Title, Players: players, Options: opts, Turns: spec.Turns,
		Shape: ob.ObservationShape(), NumActions: st.NumActions(), WaitAction: -1}
	if spec.Turns == game.RealTime {
		info.WaitAction = info.NumActions
		info.NumActions++
	}
	return info, nil
}

// reset ends the episode under way and starts another.
func (s *Server) reset(req *Request) (*Answer, error) {
	info, err := s.describe(req)
	if err != nil {
		return nil, err
	}
	g, _ := s.reg.Lookup(info.Game)
	if req.Seed != nil {
		info.Seed = *req.Seed
	}
	info.GameSeed = episodeSeed(info.Seed)
	info.MaxSteps = s.cfg.MaxSteps
	if req.MaxSteps != nil {
		if *req.MaxSteps < 0 {
			return nil, game.Errorf(game.CodeInvalid, "max_steps must be 0 (no limit) or more, not %d", *req.MaxSteps)
		}
		info.MaxSteps = *req.MaxSteps
	}
	pace := s.cfg.Pace
	if req.PaceMs != nil {
		if *req.PaceMs < 1 || *req.PaceMs > maxDelayMs {
			return nil, game.Errorf(game.CodeInvalid, "pace_ms %d is outside 1 to %d", *req.PaceMs, maxDelayMs)
		}
		pace = time.Duration(*req.PaceMs) * time.Millisecond
	}
	info.PaceMs = pace.Milliseconds()
	bots, err := seatBots(g, req.Bots, info.Players)
	if err != nil {
		return nil, err
	}
	info.Bots = bots
	advisors := make([]ai.Bot, len(bots))
	for p, name := range bots {
		if advisors[p], err = sim.NewBot(g, name, sim.BotSeed(info.GameSeed, p)); err != nil {
			return nil, err
		}
	}
	if s.ep != nil {
		s.ep.stop("reset")
	}
	ep := &episode{info: *info, g: g, advisors: advisors, maxSteps: info.MaxSteps, pace: pace, views: req.Views == nil || *req.Views}
	s.ep = ep
	ep.start(info.Players, req.Options)
	t, obs, err := ep.turn()
	if err != nil {
		return nil, err
	}
	return &Answer{Env: &ep.info, Turn: t, Obs: obs}, nil
}

// seatBots resolves the advising bots of a reset: none means random for
// every seat, one is for every seat; external agents are refused.
func seatBots(g game.Game, names []string, players int) ([]string, error) {
	switch len(names) {
	case 0:
		names = []string{"random"}
		fallthrough
	case 1:
		all := make([]string, players)
		for p := range all {
			all[p] = names[0]
		}
		names = all
	case players:
	default:
		return nil, game.Errorf(game.CodeInvalid, "%d bots for %d players: give one bot for every seat or one per seat", len(names), players)
	}
	for _, n := range names {
		if strings.HasPrefix(n, "ext:") {
			return nil, game.Errorf(game.CodeInvalid, "bot %q: an external agent cannot advise; the client is the agent", n)
		}
	}
	if err := sim.CheckBots(g, names); err != nil {
		return nil, err
	}
	return names, nil
}

func errAnswer(err error) *Answer {
	return &Answer{Error: err.Error(), Code: game.ErrorCode(err)}
}

func encode(a *Answer) []byte {
	b, err := json.Marshal(a)
	if err != nil {
		b, _ = json.Marshal(errAnswer(fmt.Errorf("the answer does not encode: %v", err)))
	}
	return b
}
