package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/table"
)

// clientFrame is every frame a client may send; Type says which fields
// count.
type clientFrame struct {
	Type   string `json:"type"`             // "hello", "act", "sync", "presence", "leave", "chat", "takeback" or "explain"
	Token  string `json:"token,omitempty"`  // hello: the seat token; none to watch
	Name   string `json:"name,omitempty"`   // hello: a spectator's name, if it gives one
	Legal  bool   `json:"legal,omitempty"`  // hello: list legal moves in updates
	Seq    int64  `json:"seq,omitempty"`    // act: the client's sequence number
	Move   string `json:"move,omitempty"`   // act, explain: the move in the game's notation
	Lang   string `json:"lang,omitempty"`   // hello, explain: the reader's language (en, de, fr, nl)
	State  string `json:"state,omitempty"`  // presence: "online" or "away"
	Text   string `json:"text,omitempty"`   // chat: the message
	Phrase string `json:"phrase,omitempty"` // chat: the key of a quick phrase instead
	To     *int64 `json:"to,omitempty"`     // takeback: the number of actions to keep
	Answer string `json:"answer,omitempty"` // takeback: "agree" or "refuse" the one asked

	// hello: the tokens of other seats the device holds (pass and play),
	// which count as present while the connection lasts
	Held []string `json:"held,omitempty"`
}

// leftFrame answers a leave: a stand-in plays the seat now (or, before the
// start, the seat is free again).
type leftFrame struct {
	Type string      `json:"type"`
	Seat game.Player `json:"seat"`
}

// ackFrame acknowledges an action once it is stored: N is its number.
type ackFrame struct {
	Type string `json:"type"`
	Seq  int64  `json:"seq"`
	N    int64  `json:"n"`
}

// errorFrame refuses a frame; Seq is the refused action's, if any, and
// Frame the type of a refused chat or takeback frame.
type errorFrame struct {
	Type  string `json:"type"`
	Seq   int64  `json:"seq,omitempty"`
	Frame string `json:"frame,omitempty"`
	errorBody
}

// writeTimeout bounds writing one frame; a client that does not read is
// dropped.
const writeTimeout = 10 * time.Second

// The close frames of connections ended for their client's behaviour.
var (
	closeFlooded = closeReason{websocket.StatusPolicyViolation, "too many frames: keep within the frame rate"}
	closeNotRead = closeReason{websocket.StatusPolicyViolation, "the client does not read its frames"}
)

// errTooFrequent is the message of a frame refused for the frame limit.
const errTooFrequent = "too many frames; slow down"

// wsConn is one WebSocket client of one table.
type wsConn struct {
	s     *Server
	t     *table.Table
	c     *websocket.Conn
	seat  game.Player
	token string        // the seat's, for forwarding its actions
	held  []game.Player // other seats whose tokens the device holds (pass and play)
	name  string        // a spectator's name, if it gave one
	legal bool
	game  string // the table's game id, for the metrics
	lang  string // the language of explain answers, from the hello (read loop only)
	// chatLimit limits the chat messages the client sends (read loop only).
	chatLimit *bucket

	ctx    context.Context
	cancel context.CancelFunc
	// cork holds the writer's frames back until a batch is written, so
	// that frames ready together go out in one system call.
	cork *corkedConn
	// acting says the client's action is being applied: the writer holds
	// the action's own update until its answer (ack or error) is queued,
	// and sends the two together.
	acting atomic.Bool
	// enc is the writer's buffer for the frames it encodes itself.
	enc    []byte
	out    chan any      // acks and errors, for the writer
	resync chan struct{} // the client asked for the whole state
	// ending tells the writer to close the connection at once with its
	// reason, dropping what is queued: the client does not read.
	ending chan closeReason
	// watchdog ends the connection when a write takes longer than
	// writeTimeout: it runs only while the writer writes.
	watchdog *time.Timer
	// sub is the current subscription, which the writer replaces when it
	// resubscribes; away is what the client said of its page.
	sub  atomic.Pointer[table.Subscription]
	away atomic.Bool
	// invite and account are the request's invitation and signed-in
	// account, which let it into a private table.
	invite, account string
}

func (s *Server) serveWebSocket(w http.ResponseWriter, r *http.Request) {
	release, err := s.quotas.connect(s.clientOf(r))
	if err != nil {
		s.refuse(w, err)
		return
	}
	defer release()
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	cw := &corkingWriter{ResponseWriter: w}
	c, err := websocket.Accept(cw, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.AllowedOrigins})
	if err != nil {
		s.log.Info("websocket refused", "table", t.ID(), "origin", r.Header.Get("Origin"), "err", err)
		return
	}
	c.SetReadLimit(s.cfg.MaxMessage)
	if !s.track(c) {
		c.Close(websocket.StatusServiceRestart, "the server is restarting")
		return
	}
	defer s.untrack(c)
	// What the connection forwards vouches for its client's address.
	ctx, cancel := context.WithCancel(withClientAddr(context.Background(), clientAddrFrom(r.Context())))
	defer cancel()
	conn := &wsConn{s: s, t: t, c: c, cork: cw.conn, game: t.Game().Spec().ID, ctx: ctx, cancel: cancel,
		invite: s.inviteFor(r, t.ID()), account: accountOf(r),
		out: make(chan any, 32), resync: make(chan struct{}, 1), ending: make(chan closeReason, 1)}
	// Reads and writes run without a context of their own (a context per
	// frame costs a timer and a callback each); ending the connection's
	// context closes the socket instead, which ends them, and a watchdog
	// bounds each write.
	stop := context.AfterFunc(ctx, func() { c.CloseNow() })
	defer stop()
	conn.watchdog = time.AfterFunc(writeTimeout, cancel)
	conn.watchdog.Stop()
	conn.run()
	c.CloseNow()
}

// run serves the connection until it ends.
func (c *wsConn) run() {
	hello, err := c.hello()
	if err != nil {
		c.refuse(err, websocket.StatusPolicyViolation)
		return
	}
	c.legal = hello.Legal
	c.lang = answerLang(hello.Lang)
	c.seat = game.Spectator
	if hello.Token != "" && hello.Name != "" {
		c.refuse(game.Errorf(game.CodeInvalid, "a seat's name is its seat's: send a name only to watch"), websocket.StatusPolicyViolation)
		return
	}
	if len(hello.Held) > maxHeld {
		c.refuse(game.Errorf(game.CodeInvalid, "a hello holds at most %d other seats' tokens, not %d", maxHeld, len(hello.Held)), websocket.StatusPolicyViolation)
		return
	}
	for _, tok := range hello.Held {
		seat, err := c.t.Authenticate(tok)
		if err != nil {
			c.refuse(game.Errorf(game.CodeUnauthorized, "a held token is not one of this table's seats"), websocket.StatusPolicyViolation)
			return
		}
		c.held = append(c.held, seat)
	}
	// A private table lets in only who has its invitation, a seat's token
	// or a seat's account.
	access := hello.Token
	if access == "" && len(hello.Held) > 0 {
		access = hello.Held[0]
	}
	if err := c.t.Access(c.invite, access, c.account); err != nil {
		c.refuse(err, websocket.StatusPolicyViolation)
		return
	}
	if c.name, err = table.CheckSpectatorName(hello.Name); err != nil {
		c.refuse(err, websocket.StatusPolicyViolation)
		return
	}
	if hello.Token != "" {
		if c.seat, err = c.t.Authenticate(hello.Token); err != nil {
			c.refuse(err, websocket.StatusPolicyViolation)
			return
		}
		c.token = hello.Token
		// A person who comes back with their seat's token takes the seat
		// back from its stand-in.
		if err := c.t.Reclaim(c.ctx, c.seat, c.token); err != nil {
			c.refuse(err, websocket.StatusServiceRestart)
			return
		}
	}
	sub, err := c.subscribe()
	if err != nil {
		c.refuse(err, websocket.StatusServiceRestart)
		return
	}
	c.sub.Store(sub)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if r := c.writeLoop(sub); r.status != 0 {
			c.c.Close(r.status, r.reason)
		}
		c.cancel()
	}()
	if r := c.readLoop(); r.status != 0 {
		// The writer sends what is queued, then closes with r.
		select {
		case c.out <- r:
		default:
			c.end(r)
		}
		<-done
	}
	c.cancel()
	<-done
}

// refuse sends an error frame and closes the connection with status.
func (c *wsConn) refuse(err error, status websocket.StatusCode) {
	body := publicError(c.s.log, err)
	c.write(errorFrame{Type: "error", errorBody: body})
	c.c.Close(status, string(body.Code))
}

type closeReason struct {
	status websocket.StatusCode
	reason string
}

// hello reads the first frame, which must be a hello.
func (c *wsConn) hello() (clientFrame, error) {
	ctx, cancel := context.WithTimeout(c.ctx, c.s.cfg.HelloTimeout)
	defer cancel()
	_, b, err := c.c.Read(ctx)
	if err != nil {
		return clientFrame{}, game.Errorf(game.CodeInvalid, "no hello frame was received")
	}
	f, err := parseFrame(b)
	if err != nil {
		return clientFrame{}, err
	}
	if f.Type != "hello" {
		return clientFrame{}, game.Errorf(game.CodeInvalid, "the first frame must be a hello, not %q", f.Type)
	}
	return f, nil
}

func parseFrame(b []byte) (clientFrame, error) {
	var f clientFrame
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return f, game.Errorf(game.CodeInvalid, "the frame is not a valid JSON object: %v", err)
	}
	if dec.More() {
		return f, game.Errorf(game.CodeInvalid, "the frame has data after its JSON object")
	}
	return f, nil
}

// readLoop handles the client's frames until the connection ends. A
// frame beyond the connection's frame limit is refused with a limit error
// (naming the action's seq if it is one); a client that keeps flooding is
// closed with 1008 (see frameLimit).
func (c *wsConn) readLoop() closeReason {
	limit := newFrameLimit(c.s.cfg.Rate, c.s.cfg.Burst, time.Now())
	var buf bytes.Buffer // reused for every frame: parseFrame copies what it keeps
	for {
		typ, b, err := c.read(&buf)
		if err != nil {
			if websocket.CloseStatus(err) == -1 && !errors.Is(err, context.Canceled) {
				c.s.log.Debug("websocket read", "table", c.t.ID(), "err", err)
			}
			return closeReason{}
		}
		if ok, flooded := limit.take(time.Now()); !ok {
			if flooded {
				c.s.metrics.limited.WithLabelValues("flood").Inc()
				return closeFlooded
			}
			c.s.metrics.limited.WithLabelValues("frames").Inc()
			var seq int64
			if f, err := parseFrame(b); err == nil && f.Type == "act" {
				seq = f.Seq
			}
			c.send(errorFrame{Type: "error", Seq: seq, errorBody: errorBody{Code: game.CodeLimit, Message: errTooFrequent}})
			continue
		}
		if typ != websocket.MessageText {
			c.send(errorFrame{Type: "error", errorBody: errorBody{Code: game.CodeInvalid, Message: "frames must be JSON text"}})
			continue
		}
		f, err := parseFrame(b)
		if err != nil {
			c.send(errorFrame{Type: "error", errorBody: publicError(c.s.log, err)})
			continue
		}
		switch f.Type {
		case "act":
			c.act(f)
		case "sync":
			select {
			case c.resync <- struct{}{}:
			default:
			}
		case "presence":
			c.presence(f)
		case "leave":
			c.leave()
		case "chat":
			c.chat(f)
		case "takeback":
			c.takeBack(f)
		case "explain":
			c.explain(f)
		case "hello":
			c.send(errorFrame{Type: "error", errorBody: errorBody{Code: game.CodeInvalid, Message: "hello is only the first frame"}})
		default:
			c.send(errorFrame{Type: "error", errorBody: errorBody{Code: game.CodeInvalid, Message: "unknown frame type " + quote(f.Type) + "; send act, sync, presence, leave, chat, takeback or explain"}})
		}
	}
}

// read reads the next frame into buf and returns its bytes, valid until
// the next read. It ends when the socket is closed.
func (c *wsConn) read(buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	typ, r, err := c.c.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	buf.Reset()
	if _, err := buf.ReadFrom(r); err != nil {
		return 0, nil, err
	}
	return typ, buf.Bytes(), nil
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// act applies an action and answers with an ack or an error.
func (c *wsConn) act(f clientFrame) {
	if !c.seat.Seated() {
		c.send(errorFrame{Type: "error", Seq: f.Seq, errorBody: errorBody{Code: game.CodeUnauthorized, Message: "spectators cannot act; join a seat and say hello with its token"}})
		c.s.metrics.observeAction(c.game, game.CodeUnauthorized, 0)
		return
	}
	start := time.Now()
	c.acting.Store(true)
	defer c.acting.Store(false)
	n, err := c.t.ActWithToken(c.ctx, c.seat, c.token, f.Move, f.Seq)
	c.s.metrics.observeAction(c.game, game.ErrorCode(err), time.Since(start))
	if err != nil {
		c.send(errorFrame{Type: "error", Seq: f.Seq, errorBody: publicError(c.s.log, err)})
		return
	}
	c.send(ackFrame{Type: "ack", Seq: f.Seq, N: n})
}

// send queues a frame for the writer; a client whose queue is full is not
// reading and is dropped, with a close frame if the socket still takes
// one.
func (c *wsConn) send(f any) {
	select {
	case c.out <- f:
	default:
		c.end(closeNotRead)
	}
}

// end has the writer close the connection with r at once; the first
// reason given wins.
func (c *wsConn) end(r closeReason) {
	select {
	case c.ending <- r:
	default:
	}
}

// writeLoop writes updates, acks and errors in order until the connection
// ends. The frames ready together are written together, in one system
// call; the update of the client's own action waits for the action's
// answer, so that the update and then the ack go out at once.
func (c *wsConn) writeLoop(sub *table.Subscription) closeReason {
	defer func() { sub.Close() }()
	var batch []any
	for {
		var stop *closeReason
		var now bool
		batch, stop, now = c.take(batch[:0], &sub, true)
		for stop == nil && len(batch) < maxWriteBatch {
			n := len(batch)
			batch, stop, now = c.take(batch, &sub, false)
			if stop != nil || len(batch) > n {
				continue
			}
			if !c.awaitsAnswer(batch) {
				break
			}
			batch, stop, now = c.take(batch, &sub, true)
		}
		if stop != nil && now {
			return *stop
		}
		if !c.writeBatch(batch) {
			return closeReason{}
		}
		clear(batch) // let the frames written go
		if stop != nil {
			return *stop
		}
	}
}

// maxWriteBatch caps the frames written together, so that a table whose
// updates never pause still has them written as they come.
const maxWriteBatch = 16

// restarting closes a connection whose table went away with the server.
var restarting = closeReason{websocket.StatusServiceRestart, "the server is restarting"}

// take appends the next frame for the client to batch: an update, or an
// ack or error of the read loop, updates first (an action's update is
// queued before its ack). With wait it waits for one, else it returns at
// once when none is ready. A stop says the connection ends with its
// reason: at once if now, else once batch is written.
func (c *wsConn) take(batch []any, sub **table.Subscription, wait bool) (_ []any, stop *closeReason, now bool) {
	select {
	case u, ok := <-(*sub).C:
		return c.takeUpdate(batch, sub, u, ok)
	default:
	}
	if !wait {
		select {
		case f := <-c.out:
			return takeFrame(batch, f)
		default:
			return batch, nil, false
		}
	}
	select {
	case u, ok := <-(*sub).C:
		return c.takeUpdate(batch, sub, u, ok)
	case r := <-c.ending:
		return batch, &r, true
	case f := <-c.out:
		return takeFrame(batch, f)
	case <-c.resync:
		(*sub).Close()
		s, err := c.resubscribe()
		if err != nil {
			return batch, &restarting, false
		}
		*sub = s
		return batch, nil, false
	case <-c.ctx.Done():
		return batch, &closeReason{}, true
	}
}

// takeUpdate appends u, received from sub, to batch; when sub was closed
// (ok false) it subscribes again if the client fell behind, and ends the
// connection if the table closed.
func (c *wsConn) takeUpdate(batch []any, sub **table.Subscription, u *table.Update, ok bool) ([]any, *closeReason, bool) {
	if ok {
		// The blocks are read as they are now, for each update that
		// carries chat: a block takes effect on a connection already open.
		if u.Message != nil || len(u.Chat) > 0 {
			if blocked := c.s.blockedBy(c.ctx, c.account); len(blocked) > 0 {
				if u = u.WithoutChatOf(hider(c.t, blocked)); u == nil {
					return batch, nil, false
				}
			}
		}
		return append(batch, u), nil, false
	}
	if game.ErrorCode((*sub).Err()) != game.CodeLimit {
		return batch, &restarting, false
	}
	// Fell behind: start again from the whole state.
	s, err := c.resubscribe()
	if err != nil {
		return batch, &restarting, false
	}
	*sub = s
	return batch, nil, false
}

// takeFrame appends f, a frame of the read loop, to batch, or stops with
// it if it is the reason to close.
func takeFrame(batch []any, f any) ([]any, *closeReason, bool) {
	if r, ok := f.(closeReason); ok {
		return batch, &r, false
	}
	return append(batch, f), nil, false
}

// awaitsAnswer reports whether batch ends with an update of the client's
// seat's action that the answer to the client's action being applied
// should follow: the writer then waits for it.
func (c *wsConn) awaitsAnswer(batch []any) bool {
	if !c.acting.Load() {
		return false
	}
	own := false
	for _, f := range batch {
		switch f := f.(type) {
		case *table.Update:
			if f.Type == table.UpdateAction && f.Player != nil && *f.Player == c.seat {
				own = true
			}
		case ackFrame, errorFrame:
			own = false
		}
	}
	return own
}

// writeBatch writes the frames of batch in order, as one write to the
// network when there are several. It reports whether the connection
// still stands.
func (c *wsConn) writeBatch(batch []any) bool {
	if len(batch) == 0 {
		return true
	}
	if len(batch) == 1 || c.cork == nil {
		for _, f := range batch {
			if !c.write(f) {
				return false
			}
		}
		return true
	}
	c.watchdog.Reset(writeTimeout) // ended by the watchdog or by closing the socket
	defer c.watchdog.Stop()
	c.cork.cork()
	for _, f := range batch {
		if err := c.writeFrame(f); err != nil {
			c.cork.uncork()
			c.cancel()
			return false
		}
	}
	if err := c.cork.uncork(); err != nil {
		c.cancel()
		return false
	}
	return true
}

// write writes one frame, bounded by the watchdog, and reports whether
// the connection still stands.
func (c *wsConn) write(v any) bool {
	c.watchdog.Reset(writeTimeout)
	err := c.writeFrame(v) // ended by the watchdog or by closing the socket
	c.watchdog.Stop()
	if err != nil {
		c.cancel()
		return false
	}
	return true
}

// writeFrame encodes v and writes it as one WebSocket message. A frame
// that does not encode is logged and skipped.
func (c *wsConn) writeFrame(v any) error {
	var b []byte
	switch f := v.(type) {
	case *table.Update:
		b = f.Frame() // encoded once by the table for every subscriber of the seat
	case ackFrame:
		c.enc = appendAck(c.enc[:0], f)
		b = c.enc
	default:
		var err error
		if b, err = json.Marshal(v); err != nil {
			c.s.log.Error("frame does not encode", "table", c.t.ID(), "err", err)
			return nil
		}
	}
	if err := c.c.Write(context.Background(), websocket.MessageText, b); err != nil {
		return err
	}
	c.s.metrics.frames.Inc()
	return nil
}

// appendAck appends the ack frame f to b as json.Marshal encodes it,
// without the reflection and the allocation.
func appendAck(b []byte, f ackFrame) []byte {
	b = append(b, `{"type":"ack","seq":`...)
	b = strconv.AppendInt(b, f.Seq, 10)
	b = append(b, `,"n":`...)
	b = strconv.AppendInt(b, f.N, 10)
	return append(b, '}')
}

// resubscribe subscribes the connection again, keeping what it said of its
// page.
func (c *wsConn) resubscribe() (*table.Subscription, error) {
	sub, err := c.subscribe()
	if err != nil {
		return nil, err
	}
	if c.away.Load() {
		sub.SetAway(true)
	}
	c.sub.Store(sub)
	return sub, nil
}

// subscribe subscribes the connection for its seat, or as a spectator
// under its name.
func (c *wsConn) subscribe() (*table.Subscription, error) {
	var sub *table.Subscription
	var err error
	if c.seat.Seated() {
		sub, err = c.t.Subscribe(c.seat, c.legal)
	} else {
		sub, err = c.t.Watch(c.name)
	}
	if err == nil && len(c.held) > 0 {
		sub.Hold(c.held)
	}
	return sub, err
}

// maxHeld bounds the other seats' tokens a hello may hold: more than any
// game's seats.
const maxHeld = 16

// chat says the client's message, within the connection's chat limit;
// every subscriber, the client included, gets it in a chat frame.
func (c *wsConn) chat(f clientFrame) {
	if _, _, err := table.CheckChat(f.Text, f.Phrase); err != nil {
		c.send(errorFrame{Type: "error", Frame: "chat", errorBody: publicError(c.s.log, err)})
		return
	}
	// Only a message said counts against the limit.
	if c.chatLimit == nil {
		c.chatLimit = newChatBucket(time.Now())
	}
	if !c.chatLimit.take(time.Now()) {
		c.s.metrics.limited.WithLabelValues("chat").Inc()
		c.send(errorFrame{Type: "error", Frame: "chat", errorBody: errorBody{Code: game.CodeLimit, Message: errChatLimit}})
		return
	}
	from := table.Sender{Seat: c.seat, Name: c.name}
	if _, err := c.t.Chat(c.ctx, from, c.token, f.Text, f.Phrase); err != nil {
		c.chatLimit.refund()
		c.send(errorFrame{Type: "error", Frame: "chat", errorBody: publicError(c.s.log, err)})
	}
}

// takeBack asks for or answers a take-back for the connection's seat;
// everyone at the table gets a takeback frame (and, after one done, the
// whole state).
func (c *wsConn) takeBack(f clientFrame) {
	if !c.seat.Seated() {
		c.send(errorFrame{Type: "error", Frame: "takeback", errorBody: errorBody{Code: game.CodeUnauthorized, Message: "spectators take nothing back"}})
		return
	}
	if _, err := c.t.TakeBack(c.ctx, c.seat, c.token, table.TakeBackRequest{To: f.To, Answer: f.Answer}); err != nil {
		c.send(errorFrame{Type: "error", Frame: "takeback", errorBody: publicError(c.s.log, err)})
	}
}

// presence records whether the client's page is in view ("online") or
// hidden ("away"); spectators' pages do not count.
func (c *wsConn) presence(f clientFrame) {
	if f.State != table.PresenceOnline && f.State != table.PresenceAway {
		c.send(errorFrame{Type: "error", errorBody: errorBody{Code: game.CodeInvalid, Message: "presence state " + quote(f.State) + " is not online or away"}})
		return
	}
	away := f.State == table.PresenceAway
	c.away.Store(away)
	if sub := c.sub.Load(); sub != nil {
		sub.SetAway(away)
	}
}

// leave lets the connection's person leave their seat; the client then
// follows the table as a spectator on a new connection.
func (c *wsConn) leave() {
	if !c.seat.Seated() {
		c.send(errorFrame{Type: "error", errorBody: errorBody{Code: game.CodeUnauthorized, Message: "spectators hold no seat to leave"}})
		return
	}
	if err := c.t.Leave(c.ctx, c.seat, c.token); err != nil {
		c.send(errorFrame{Type: "error", errorBody: publicError(c.s.log, err)})
		return
	}
	c.send(leftFrame{Type: "left", Seat: c.seat})
}
