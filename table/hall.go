package table

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/store"
)

// Config configures a [Hall].
type Config struct {
	Registry *game.Registry
	Store    Persister
	// Clock defaults to [SystemClock].
	Clock Clock
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// BotPace is the least time a bot takes for a move in a turn-based
	// game, so that it plays at a person's pace. Zero plays at once.
	BotPace time.Duration
	// BotThink caps how long a bot may think about one move; default 10s.
	BotThink time.Duration
	// BotTime is the time each bot may think about one decision at a
	// table that does not set its own (CreateRequest.BotTimeMs); default
	// [ai.DefaultThinkingTime]. The levels differ in how much of it they
	// use (docs/bots.md).
	BotTime time.Duration
	// BotThinkers caps how many bots think at once across the hall; the
	// others wait their turn, table by table (see botqueue.go). Default
	// DefaultBotThinkers().
	BotThinkers int
	// Cluster shares the store's tables with other instances; nil runs
	// every table here. Remote, needed with a Cluster, forwards to the
	// instance that runs a table what its clients here ask of it.
	Cluster Cluster
	Remote  Remote
	// OpenExpiry ends an open table nobody completed in this time, and
	// Finished, when set, is told of every table whose game ends with a
	// result, once it is stored (a copy it may keep), with the table's lock held: the
	// accounts record its game and ratings there. A table finished again
	// after a restart is told again.
	Finished func(ctx context.Context, t *store.Table)
	// Notice, when set, is told of turns and take-back requests that
	// people may want to hear of outside the table's page (see [Notice]),
	// with the table's lock held: it must not block.
	Notice func(ctx context.Context, n Notice)

	// IdleExpiry a playing table without a clock at which no person has
	// been for this long (see [Hall.Expire]); defaults DefaultOpenExpiry
	// and DefaultIdleExpiry.
	OpenExpiry time.Duration
	IdleExpiry time.Duration
}

// Hall holds the live tables of a server.
type Hall struct {
	cfg Config

	mu     sync.Mutex
	tables map[string]*Table // open and playing tables
	closed bool

	actions atomic.Uint64
	wg      sync.WaitGroup // bot goroutines
	bots    *botQueue      // every bot's think goes through it
	replays replays        // finished games being stepped through

	rematchMu sync.Mutex // one offer of a rematch at a time (see Rematch)
}

// Stats counts what a hall holds, for metrics.
type Stats struct {
	Open, Playing int
	// Actions counts the actions applied since the hall was made.
	Actions uint64
}

// NewHall returns an empty hall; call [Hall.Restore] to bring back the
// tables of a previous run.
func NewHall(cfg Config) *Hall {
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.BotThink == 0 {
		cfg.BotThink = 10 * time.Second
	}
	if cfg.OpenExpiry == 0 {
		cfg.OpenExpiry = DefaultOpenExpiry
	}
	if cfg.IdleExpiry == 0 {
		cfg.IdleExpiry = DefaultIdleExpiry
	}
	return &Hall{cfg: cfg, tables: map[string]*Table{}, bots: newBotQueue(cfg.BotThinkers)}
}

// SeatRequest asks for one seat of a new table.
type SeatRequest struct {
	Kind store.SeatKind `json:"kind"`
	Bot  string         `json:"bot,omitempty"` // the bot's name for bot seats
	// Here seats the person Name at once on the device that creates the
	// table (pass and play): the seat's token comes back with the
	// owner's (see [Hall.Open]).
	Here bool   `json:"here,omitempty"`
	Name string `json:"name,omitempty"`
	// ReservedFor names the account a person seat is kept for: only that
	// account, signed in, may take it. The server sets ReservedAccount,
	// the account's ID, from the name, never from the request's JSON.
	ReservedFor     string `json:"reserved_for,omitempty"`
	ReservedAccount string `json:"-"`
	// Account is the ID of the signed-in account that takes a seat here,
	// set by the server from the session, never from the request's JSON;
	// Name is then the account's name.
	Account string `json:"-"`
}

// CreateRequest asks for a new table.
type CreateRequest struct {
	Game    string       `json:"game"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// Seats has one entry per player; empty means every seat for a person.
	Seats []SeatRequest `json:"seats"`
	// AutoStart starts the game as soon as every seat is taken.
	AutoStart bool `json:"autostart"`
	// TimeControl gives a turn-based game a clock; nil is untimed.
	TimeControl *store.TimeControl `json:"time_control"`
	// StandIn is the level of the bot that plays for an absent person;
	// empty for the game's default ("medium", or "random").
	StandIn string `json:"stand_in"`
	// SpectatorChat lets spectators chat (the owner may change it later).
	SpectatorChat bool `json:"spectator_chat"`
	// Rated makes the table count for its players' ratings (see
	// checkRated): it must be timed, and every person seat is taken by an
	// account.
	Rated bool `json:"rated,omitempty"`
	// Private leaves the table out of the lobby's list and lets only who
	// has its invitation link join or watch it (see [Access]). A private
	// table is never rated.
	Private bool `json:"private,omitempty"`
	// BotTimeMs is the time, in milliseconds, each bot at the table may
	// think about one decision (see [ai.TimedBotMaker]), from
	// [ai.MinThinkingTime] to [ai.MaxThinkingTime]; 0 for the hall's
	// default (Config.BotTime).
	BotTimeMs int64 `json:"bot_time_ms,omitempty"`
	// invite is the invitation a rematch of a private table keeps: whoever
	// was invited to the first table is invited to the rematch.
	invite string
}

// Tokens are the tokens a new table's creator gets, each shown only once:
// the owner's, and those of the seats made here, on the creator's device.
type Tokens struct {
	Owner string
	Here  []SeatToken
}

// SeatToken is the token of a seat taken at once by the creator of a
// table (see SeatRequest.Here).
type SeatToken struct {
	Seat  game.Player `json:"seat"`
	Name  string      `json:"name"`
	Token string      `json:"token"`
}

// BotNames returns the bots g offers: its own when it is an [ai.BotMaker],
// else only "random".
func BotNames(g game.Game) []string {
	if bm, ok := g.(ai.BotMaker); ok {
		return bm.BotNames()
	}
	return []string{"random"}
}

// noSuchBot refuses a bot name g does not offer, in the words the command
// line uses (ai.NoSuchBot), as a bad request.
func noSuchBot(g game.Game, name string) error {
	return game.Errorf(game.CodeInvalid, "%v", ai.NoSuchBot(g.Spec().Title, name, BotNames(g)))
}

// newBot makes the bot called name of g for the table rec, thinking for
// the table's bot time (see [Hall.botTime]) per decision.
func (h *Hall) newBot(g game.Game, rec *store.Table, name string, seed uint64) (ai.Bot, error) {
	b, err := ai.NewTableBot(g, name, seed, h.botTime(rec))
	if err != nil && game.ErrorCode(err) == game.CodeNotFound {
		return nil, noSuchBot(g, name)
	}
	return b, err
}

// botTime is the time the bots at rec may think about one decision: the
// table's own, else the hall's, else [ai.DefaultThinkingTime].
func (h *Hall) botTime(rec *store.Table) time.Duration {
	if rec.Settings.BotTimeMs > 0 {
		return time.Duration(rec.Settings.BotTimeMs) * time.Millisecond
	}
	if h.cfg.BotTime > 0 {
		return h.cfg.BotTime
	}
	return ai.DefaultThinkingTime
}

// checkBotTime refuses a table's bot time outside the bounds of
// [ai.MinThinkingTime] and [ai.MaxThinkingTime] (0, the hall's default,
// is allowed).
func checkBotTime(ms int64) error {
	if ms == 0 {
		return nil
	}
	if d := time.Duration(ms) * time.Millisecond; ms < 0 || d < ai.MinThinkingTime || d > ai.MaxThinkingTime {
		return game.Errorf(game.CodeInvalid, "bot_time_ms: %d ms is not a bot thinking time from %d to %d ms",
			ms, ai.MinThinkingTime.Milliseconds(), ai.MaxThinkingTime.Milliseconds())
	}
	return nil
}

// Create makes a new open table, as Open does, for a request without
// seats here, and returns it with the owner's token. It refuses seats
// here, whose tokens it would not return.
func (h *Hall) Create(ctx context.Context, req CreateRequest) (*Table, string, error) {
	for i, s := range req.Seats {
		if s.Here {
			return nil, "", game.Errorf(game.CodeInvalid, "seat %d is here: make the table with Open, which returns its token", i)
		}
	}
	t, tok, err := h.Open(ctx, req)
	return t, tok.Owner, err
}

// Open makes a new open table and returns it with its tokens: the
// owner's, which starts the table and asks for a rematch, and those of the
// seats made here, whose people are seated at once under their names (as
// for a family passing one tablet round the table; a game played in real
// time takes at most one seat here, one person a device). The tokens are
// shown only now; only their hashes are kept. A table that starts by
// itself starts at once when every seat is taken.
func (h *Hall) Open(ctx context.Context, req CreateRequest) (*Table, Tokens, error) {
	g, rec, tok, err := h.plan(req)
	if err != nil {
		return nil, Tokens{}, err
	}
	t, err := h.build(g, rec, nil)
	if err != nil {
		return nil, Tokens{}, err
	}
	if err := h.cfg.Store.CreateTable(ctx, rec); err != nil {
		return nil, Tokens{}, err
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, Tokens{}, game.Errorf(game.CodeConflict, "the server is shutting down")
	}
	h.tables[rec.ID] = t
	h.mu.Unlock()
	if rec.AutoStart && t.allTaken() {
		t.mu.Lock()
		err := t.start(ctx)
		t.mu.Unlock()
		if err != nil {
			return nil, Tokens{}, err
		}
	}
	return t, tok, nil
}

// Check refuses req as [Hall.Open] would, without making a table: for a
// table asked for now and made later (a challenge, when it is accepted).
func (h *Hall) Check(req CreateRequest) error {
	_, _, _, err := h.plan(req)
	return err
}

// plan checks req and returns the game and the record of the table it
// asks for, with the tokens of its creator, stored nowhere yet.
func (h *Hall) plan(req CreateRequest) (game.Game, *store.Table, Tokens, error) {
	var tok Tokens
	g, err := h.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return nil, nil, Tokens{}, err
	}
	spec := g.Spec()
	if req.Players == 0 {
		return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "the request says no number of players (players); %s is played by %d to %d", spec.Title, spec.MinPlayers, spec.MaxPlayers)
	}
	if err := spec.CheckPlayers(req.Players); err != nil {
		return nil, nil, Tokens{}, err
	}
	opts, err := spec.ResolveOptions(req.Options)
	if err != nil {
		return nil, nil, Tokens{}, err
	}
	seats := req.Seats
	if len(seats) == 0 {
		seats = make([]SeatRequest, req.Players)
		for i := range seats {
			seats[i].Kind = store.SeatPerson
		}
	}
	if len(seats) != req.Players {
		return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "%d seats were asked for %d players; give one per player", len(seats), req.Players)
	}
	if err := checkTimeControl(spec, req.TimeControl); err != nil {
		return nil, nil, Tokens{}, err
	}
	if err := checkBotTime(req.BotTimeMs); err != nil {
		return nil, nil, Tokens{}, err
	}
	standIn := req.StandIn
	if standIn == "" {
		standIn = defaultStandIn(BotNames(g))
	}
	if !slices.Contains(BotNames(g), standIn) {
		return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "stand_in: %v", noSuchBot(g, standIn))
	}
	here := 0
	for _, s := range seats {
		if s.Here {
			here++
		}
	}
	if here > 1 && spec.Turns == game.RealTime {
		return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid,
			"%s is played in real time, one person a device: at most one seat can be here, not %d", spec.Title, here)
	}
	if req.Private && req.Rated {
		return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "a private table is never rated; untick rated or private")
	}
	if err := checkPrivateOnly(spec, opts, req.TimeControl, seats, req.Private); err != nil {
		return nil, nil, Tokens{}, err
	}
	if req.Rated {
		if err := checkRated(spec, opts, req.TimeControl, seats); err != nil {
			return nil, nil, Tokens{}, err
		}
	}
	rec := &store.Table{
		ID: newID(), Game: spec.ID, Players: req.Players, Options: opts, Seed: randomSeed(),
		AutoStart: req.AutoStart, Status: store.StatusOpen, Created: h.cfg.Clock.Now(),
		StandInBot: standIn, Settings: store.Settings{SpectatorChat: req.SpectatorChat, BotTimeMs: req.BotTimeMs}, Rated: req.Rated,
		Private: req.Private,
	}
	if req.Private {
		rec.Invite = req.invite
		if rec.Invite == "" {
			rec.Invite, _ = newToken()
		}
	}
	reserved := map[string]bool{}
	if req.TimeControl != nil {
		tc := *req.TimeControl
		rec.TimeControl = &tc
	}
	for i, s := range seats {
		switch s.Kind {
		case store.SeatPerson:
			if s.Bot != "" {
				return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d is for a person but names bot %q", i, s.Bot)
			}
			if s.ReservedFor != "" {
				switch {
				case s.Here:
					return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d is here and reserved for %q: a seat taken at once is nobody's to reserve", i, s.ReservedFor)
				case s.ReservedAccount == "":
					return nil, nil, Tokens{}, game.Errorf(game.CodeNotFound, "seat %d: there is no account named %q to reserve it for", i, s.ReservedFor)
				case reserved[s.ReservedAccount]:
					return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d: %s has a seat reserved already; an account sits once", i, s.ReservedFor)
				}
				reserved[s.ReservedAccount] = true
			}
			if !s.Here {
				if s.Name != "" {
					return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d names %q but is not here: a person names themselves when they join", i, s.Name)
				}
				rec.Seats = append(rec.Seats, store.Seat{Kind: store.SeatPerson, ReservedFor: s.ReservedAccount, ReservedName: s.ReservedFor})
				continue
			}
			name, err := checkName(s.Name)
			if err != nil {
				return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d: %v", i, err)
			}
			token, hash := newToken()
			rec.Seats = append(rec.Seats, store.Seat{Kind: store.SeatPerson, Name: name, TokenHash: hash, Account: s.Account})
			rec.Settings.Here = append(rec.Settings.Here, game.Player(i))
			tok.Here = append(tok.Here, SeatToken{Seat: game.Player(i), Name: name, Token: token})
		case store.SeatBot:
			if s.Here || s.Name != "" || s.ReservedFor != "" {
				return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d is a bot's: a bot takes no name, is nobody's here and is reserved for nobody", i)
			}
			name := s.Bot
			if name == "" {
				name = defaultStandIn(BotNames(g))
			}
			if !slices.Contains(BotNames(g), name) {
				return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d: %v", i+1, noSuchBot(g, name))
			}
			rec.Seats = append(rec.Seats, store.Seat{Kind: store.SeatBot, Bot: name, Name: botNickname(rec.ID, rec.Seats)})
		default:
			return nil, nil, Tokens{}, game.Errorf(game.CodeInvalid, "seat %d: kind %q is not person or bot", i, s.Kind)
		}
	}
	owner, hash := newToken()
	rec.OwnerHash = hash
	tok.Owner = owner
	return g, rec, tok, nil
}

// Table returns the table with the given id: the live one while it is open
// or playing, else a finished table rebuilt from the store.
func (h *Hall) Table(ctx context.Context, id string) (*Table, error) {
	h.mu.Lock()
	t, ok := h.tables[id]
	closed := h.closed
	h.mu.Unlock()
	if ok {
		return t, nil
	}
	if closed {
		return nil, game.Errorf(game.CodeConflict, "the server is shutting down")
	}
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	if rec.Status != store.StatusFinished {
		return h.running(ctx, rec)
	}
	return h.load(ctx, rec)
}

// load rebuilds a stored table by replaying its log.
func (h *Hall) load(ctx context.Context, rec *store.Table) (*Table, error) {
	g, err := h.cfg.Registry.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	acts, err := h.cfg.Store.Actions(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	evs, err := h.cfg.Store.Events(ctx, rec.ID, 0)
	if err != nil {
		return nil, err
	}
	t, err := h.build(g, rec, acts)
	if err != nil {
		return nil, err
	}
	t.loadEvents(evs)
	return t, nil
}

// Restore rebuilds every open and playing table of the store by replay and
// resumes it: bots and clocks carry on. It returns how many it restored;
// a table that cannot be rebuilt is logged and skipped. A hall with a
// Cluster restores nothing: it takes over the tables of dead instances
// when the cluster says so ([Hall.TakeOver]).
func (h *Hall) Restore(ctx context.Context) (int, error) {
	if h.cfg.Cluster != nil {
		return 0, game.Errorf(game.CodeInvalid, "a hall in a cluster takes tables over; it does not restore them")
	}
	recs, err := h.cfg.Store.Tables(ctx, store.Filter{Status: []store.Status{store.StatusOpen, store.StatusPlaying}})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, rec := range recs {
		t, err := h.load(ctx, rec)
		if err != nil {
			h.cfg.Logger.Error("table not restored", "table", rec.ID, "game", rec.Game, "err", err)
			continue
		}
		h.mu.Lock()
		h.tables[rec.ID] = t
		h.mu.Unlock()
		t.mu.Lock()
		t.resume(ctx)
		t.mu.Unlock()
		n++
	}
	return n, nil
}

// List describes the tables with the given statuses (all when none),
// newest first, at most limit of them (0: no limit).
func (h *Hall) List(ctx context.Context, limit int, status ...store.Status) ([]Info, error) {
	return h.ListWhere(ctx, store.Filter{Status: status, Limit: limit})
}

// ListWhere describes the tables f keeps, newest first.
func (h *Hall) ListWhere(ctx context.Context, f store.Filter) ([]Info, error) {
	recs, err := h.cfg.Store.Tables(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]Info, 0, len(recs))
	for _, rec := range recs {
		out = append(out, InfoOf(rec))
	}
	return out, nil
}

// Record returns the game record of a finished table.
func (h *Hall) Record(ctx context.Context, id string) (*game.Record, error) {
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	if rec.Status != store.StatusFinished {
		return nil, game.Errorf(game.CodeConflict, "table %s is not finished; its record is available once the game is over", id)
	}
	acts, err := h.cfg.Store.Actions(ctx, id)
	if err != nil {
		return nil, err
	}
	evs, err := h.cfg.Store.Events(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	r, err := RecordOf(h.cfg.Registry, rec, acts)
	if err != nil {
		return nil, err
	}
	r.Chat = chatLines(rec, chatOf(evs))
	return r, nil
}

// chatLines are the chat messages of a table as its record gives them:
// placed among the actions, timed from the start (before it, from the
// creation of a table that never started; negative for what was said
// before the start).
func chatLines(rec *store.Table, msgs []ChatMessage) []game.ChatLine {
	start := rec.Started
	if start.IsZero() {
		start = rec.Created
	}
	var out []game.ChatLine
	for _, m := range msgs {
		out = append(out, game.ChatLine{N: m.After, Ms: m.At - start.UnixMilli(), Seat: m.Seat, Name: m.Name, Text: m.Text, Phrase: m.Phrase})
	}
	return out
}

// RecordOf builds the game record of a stored table from its log,
// replaying it to compute the final hash and result.
func RecordOf(reg *game.Registry, rec *store.Table, acts []store.Action) (*game.Record, error) {
	r := &game.Record{
		Version: game.RecordVersion, Game: rec.Game, Options: rec.Options.Clone(), Players: rec.Players,
		Seed: rec.Seed, Actions: make([]game.RecordedAct, 0, len(acts)),
	}
	for _, s := range rec.Seats {
		r.Names = append(r.Names, s.Name)
	}
	for _, a := range acts {
		r.Actions = append(r.Actions, game.RecordedAct{Player: a.Player, Move: a.Move, Ms: a.Ms, StandIn: rec.StoodInAt(a.Player, a.N)})
	}
	r.Ending = rec.Ending
	r.SeatEvents = append([]game.SeatEvent(nil), rec.SeatEvents...)
	s, err := game.Replay(reg, r)
	if err != nil {
		return nil, game.Errorf(game.CodeInternal, "table %s does not replay: %v", rec.ID, err)
	}
	if r.Hash, err = game.Hash(s); err != nil {
		return nil, err
	}
	if s.Terminal() {
		r.Result = game.ResultOf(s)
	}
	return r, nil
}

// Stats counts the live tables and the actions applied.
func (h *Hall) Stats() Stats {
	h.mu.Lock()
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	st := Stats{Actions: h.actions.Load()}
	for _, t := range tables {
		t.mu.Lock()
		if t.mirror {
			t.mu.Unlock()
			continue
		}
		switch t.rec.Status {
		case store.StatusOpen:
			st.Open++
		case store.StatusPlaying:
			st.Playing++
		}
		t.mu.Unlock()
	}
	return st
}

// Close stops every table: pending bot moves and timers are dropped (they
// will be asked again after a restart), subscriptions are closed, and no
// action is accepted any more. Every action acknowledged before Close is
// in the store. It waits for thinking bots to give up.
func (h *Hall) Close() {
	h.mu.Lock()
	h.closed = true
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	for _, t := range tables {
		t.close()
	}
	h.wg.Wait()
}

// finished forgets a finished table that has no subscribers left.
func (h *Hall) finished(t *Table) {
	h.mu.Lock()
	if h.tables[t.rec.ID] == t {
		delete(h.tables, t.rec.ID)
	}
	h.mu.Unlock()
}

// adopt keeps a finished table rebuilt from the store while it has
// subscribers, so that a rematch reaches them, and a followed table while
// it has subscribers, so that changes reach them. It reports whether t is
// the hall's table of its id, and whether it has just become so.
func (h *Hall) adopt(t *Table) (ours, added bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.tables[t.rec.ID]; !ok && !h.closed {
		h.tables[t.rec.ID] = t
		added = true
	}
	return h.tables[t.rec.ID] == t, added
}

// Info describes the table with the given id, live or stored.
func (h *Hall) Info(ctx context.Context, id string) (Info, error) {
	h.mu.Lock()
	t, ok := h.tables[id]
	h.mu.Unlock()
	if ok {
		return t.Info(), nil
	}
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return Info{}, err
	}
	return InfoOf(rec), nil
}
