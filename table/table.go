package table

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"minehall/game"
	"minehall/store"
)

// Table is one authoritative game in progress and its subscribers. All its
// methods are safe for concurrent use; actions are applied one at a time in
// arrival order.
type Table struct {
	hall *Hall
	id   string
	g    game.Game
	spec game.Spec

	ctx    context.Context // ended by close: bots stop thinking
	cancel context.CancelFunc

	mu        sync.Mutex
	rec       *store.Table
	state     game.State
	n         int64   // actions applied
	lastMs    int64   // time of the last action, ms since the start
	clientSeq []int64 // per seat: the last client sequence number applied
	subs      map[*Subscription]struct{}
	bots      []*botSeat // per seat; nil for people
	chance    game.Rand  // samples chance events; never stored
	closed    bool
	// mirror: another instance runs the table and this one follows it
	// (see Cluster): no bots, clocks or chance here, and actions are
	// forwarded.
	mirror bool
	// followed is signalled when a followed table applies an action;
	// made on first use.
	followed *sync.Cond

	// The current timed phase, as the game's Timer reports it.
	phaseOn    bool
	phase      int64
	phaseStart int64 // ms since the start when the phase was first seen
	phaseLen   time.Duration
	timer      Stopper
	timerPhase int64

	// Seat keeping (see seatclock.go, standin.go, presence.go): absent[i]
	// says why a stand-in plays seat i ("" for none), eventsApplied counts
	// the stored seat events applied, clocks are the seats' clocks at a
	// timed table (nil otherwise).
	absent        []string
	eventsApplied int
	clocks        []seatClock
	// handOver is the hand-over of a device passed round (see
	// handover.go).
	handOver   handOver
	clockTimer Stopper
	clockGen   int64
	cbuf       []game.Player
	// Offline graces (see grace.go): when each seat last acted, in ms
	// since the start; whether it is among the actors; the moment its
	// grace counts from (when it went offline, became an actor or came
	// back, whichever is last); the timer of the first grace to run out.
	lastActed  []int64
	acting     []bool
	graceFrom  []int64
	graceTimer Stopper
	graceGen   int64
	gracesTold []int64 // the graces' deadlines as the subscribers last heard of them
	// offlineAt is when each seat last went offline here, by the clock,
	// started or not: it outlives a rebuild from the store and a start
	// this instance learns of late (see countGracesFromOffline).
	offlineAt []time.Time
	// lastPresent is the last moment a person was connected.
	lastPresent time.Time
	// remote holds, in a cluster, what other instances report of the
	// presence of the connections they serve, by instance.
	remote map[string]remotePresence
	// reporting says a followed table's presence report is on its way to
	// the owner, reportAgain that presence changed since it was taken
	// (see schedulePresenceReport).
	reporting, reportAgain bool

	// recent holds the last applied actions (at most 2 × historyLimit),
	// recent[0] being action number recentFrom; state updates list them.
	recent     []loggedMove
	recentFrom int64

	// The table's events (see events.go): eventN is the number of the last
	// one applied, chat the last chat messages (at most 2 × ChatKept),
	// request the take-back waiting for answers, nil for none.
	eventN  int64
	chat    []ChatMessage
	request *takeBackRequest

	pbuf []game.Player
	abuf []game.Action
	// turnFrom is, for each seat among the actors, the number of the
	// action after which it became one (see tellTurn).
	turnFrom []int64
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// build makes a table for rec and replays acts on it. It starts nothing:
// the caller resumes a playing table with advance.
func (h *Hall) build(g game.Game, rec *store.Table, acts []store.Action) (*Table, error) {
	s, _, err := game.StartStored(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	t := &Table{
		hall: h, id: rec.ID, g: g, spec: g.Spec(), rec: rec, state: s,
		clientSeq: make([]int64, rec.Players),
		subs:      map[*Subscription]struct{}{},
		bots:      make([]*botSeat, rec.Players),
		chance:    game.NewRand(randomSeed()),
		absent:    make([]string, rec.Players),
		clocks:    newClocks(rec),
		handOver:  newHandOver(rec.Players),
		lastActed: make([]int64, rec.Players), acting: make([]bool, rec.Players), graceFrom: make([]int64, rec.Players),
		offlineAt: make([]time.Time, rec.Players), turnFrom: make([]int64, rec.Players),
	}
	t.ctx, t.cancel = context.WithCancel(context.Background())
	for i, seat := range rec.Seats {
		if seat.Kind != store.SeatBot {
			continue
		}
		b, err := h.newBot(g, rec, seat.Bot, randomSeed())
		if err != nil {
			return nil, game.Errorf(game.CodeInternal, "table %s seat %d: %v", rec.ID, i, err)
		}
		t.bots[i] = &botSeat{bot: b}
	}
	if rec.Status != store.StatusOpen {
		t.notePhase(0)
		t.noteClocks(0)
	}
	for _, act := range acts {
		if err := t.applyLogged(act); err != nil {
			return nil, err
		}
	}
	t.applySeatEventsThrough(t.n)
	t.lastPresent = h.cfg.Clock.Now()
	t.restartGraces()
	return t, nil
}

// applyLogged applies an action of the stored log, checking it; t.mu is
// held or t is not shared yet.
func (t *Table) applyLogged(act store.Action) error {
	if act.N != t.n+1 {
		return game.Errorf(game.CodeInternal, "table %s: action %d follows action %d", t.rec.ID, act.N, t.n)
	}
	a, err := t.state.ParseAction(act.Player, act.Move)
	if err == nil {
		err = game.Check(t.state, act.Player, a)
	}
	if err != nil {
		return game.Errorf(game.CodeInternal, "table %s: action %d (%q by %s) does not replay: %v", t.rec.ID, act.N, act.Move, act.Player, err)
	}
	t.applySeatEventsThrough(act.N - 1)
	t.remember(act.N, t.logged(act.Player, a, act.Move))
	t.state.Apply(act.Player, a)
	t.n = act.N
	t.lastMs = act.Ms
	if act.Player.Seated() {
		t.lastActed[act.Player] = act.Ms
		if act.ClientSeq > 0 {
			t.clientSeq[act.Player] = act.ClientSeq
		}
	}
	t.notePhase(act.Ms)
	t.noteClocks(act.Ms)
	return nil
}

// standsIn reports whether a stand-in plays for p now; t.mu is held.
func (t *Table) standsIn(p game.Player) bool {
	return p.Seated() && int(p) < len(t.absent) && t.absent[p] != ""
}

// ID returns the table's id.
func (t *Table) ID() string { return t.id }

// Game returns the table's game.
func (t *Table) Game() game.Game { return t.g }

// Info describes the table publicly.
func (t *Table) Info() Info {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.info()
}

// info describes the table publicly, with its seats' presence, stand-ins
// and clocks; t.mu is held.
func (t *Table) info() Info {
	info := InfoOf(t.rec)
	t.seatInfos(&info)
	return info
}

// Authenticate returns the seat whose token this is. It compares the
// token's hash with every seat's in constant time.
func (t *Table) Authenticate(token string) (game.Player, error) {
	if token == "" {
		return 0, game.Errorf(game.CodeUnauthorized, "no seat token was given")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	seat := game.Player(-1)
	for i, s := range t.rec.Seats {
		if tokenMatches(token, s.TokenHash) {
			seat = game.Player(i)
		}
	}
	if seat < 0 {
		return 0, game.Errorf(game.CodeUnauthorized, "the token is not one of this table's seats")
	}
	return seat, nil
}

// IsOwner reports whether token is the owner's.
func (t *Table) IsOwner(token string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return tokenMatches(token, t.rec.OwnerHash)
}

// maxNameLen bounds a seat's name, in characters.
const maxNameLen = 32

// checkName normalises a seat's name (NFC, without format characters such
// as bidi overrides and zero-width joiners: Unicode category Cf, nor
// surrounding spaces) and refuses it if it is empty, too long, not UTF-8
// or holds control characters.
func checkName(name string) (string, error) {
	if !utf8.ValidString(name) {
		return "", game.Errorf(game.CodeInvalid, "the name is not valid UTF-8")
	}
	name = strings.TrimSpace(norm.NFC.String(strings.Map(dropFormat, name)))
	switch {
	case name == "":
		return "", game.Errorf(game.CodeInvalid, "the name is empty")
	case utf8.RuneCountInString(name) > maxNameLen:
		return "", game.Errorf(game.CodeInvalid, "the name is longer than %d characters", maxNameLen)
	case strings.ContainsFunc(name, unicode.IsControl):
		return "", game.Errorf(game.CodeInvalid, "the name holds control characters")
	}
	return name, nil
}

// dropFormat drops format characters (Unicode category Cf) from a name.
func dropFormat(r rune) rune {
	if unicode.Is(unicode.Cf, r) {
		return -1
	}
	return r
}

// Join seats a person under name in seat, or in the first free person seat
// when seat is negative, and returns the seat and its token. The token is
// shown only now; only its hash is kept.
func (t *Table) Join(ctx context.Context, name string, seat int) (game.Player, string, error) {
	return t.JoinAccount(ctx, name, seat, "")
}

// JoinAccount is Join for the signed-in account with ID account (empty for
// a guest), whose seat then carries it. A rated table seats only accounts,
// each at most once.
func (t *Table) JoinAccount(ctx context.Context, name string, seat int, account string) (game.Player, string, error) {
	name, err := checkName(name)
	if err != nil {
		return 0, "", err
	}
	if t.isMirror() {
		return t.joinRemote(ctx, name, seat, account)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return 0, "", errShuttingDown()
	}
	if t.mirror {
		return 0, "", game.Errorf(game.CodeConflict, "table %s moved to another server; try again", t.rec.ID)
	}
	if t.rec.Status != store.StatusOpen {
		return 0, "", game.Errorf(game.CodeConflict, "the game has started; you can watch it")
	}
	if seat < 0 {
		seat = t.freeSeatFor(account)
		if seat < 0 {
			if slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return !s.Taken() }) {
				return 0, "", game.Errorf(game.CodeConflict, "every free seat is reserved for someone else; you can watch")
			}
			return 0, "", game.Errorf(game.CodeConflict, "every seat is taken; you can watch")
		}
	}
	switch {
	case seat >= len(t.rec.Seats):
		return 0, "", game.Errorf(game.CodeInvalid, "there is no seat %d (seats are 0 to %d)", seat, len(t.rec.Seats)-1)
	case t.rec.Seats[seat].Kind == store.SeatBot:
		return 0, "", game.Errorf(game.CodeConflict, "seat %d is a bot's", seat)
	case t.rec.Seats[seat].Taken():
		return 0, "", game.Errorf(game.CodeConflict, "seat %d is taken", seat)
	}
	if err := t.checkRatedJoin(account); err != nil {
		return 0, "", err
	}
	if err := t.checkReservedJoin(seat, account); err != nil {
		return 0, "", err
	}
	token, hash := newToken()
	old := t.rec.Seats[seat]
	t.rec.Seats[seat] = store.Seat{Kind: store.SeatPerson, Name: name, TokenHash: hash, Account: account, ReservedFor: old.ReservedFor, ReservedName: old.ReservedName}
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		t.rec.Seats[seat] = old
		t.lostOwnership(ctx, err)
		return 0, "", err
	}
	t.broadcastTable()
	if t.rec.AutoStart && t.allTaken() {
		if err := t.start(ctx); err != nil {
			t.hall.cfg.Logger.Error("table did not start", "table", t.rec.ID, "err", err)
		}
	}
	return game.Player(seat), token, nil
}

// Start starts the game for its owner once every seat is taken.
func (t *Table) Start(ctx context.Context, ownerToken string) error {
	if t.isMirror() {
		return t.startRemote(ctx, ownerToken)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !tokenMatches(ownerToken, t.rec.OwnerHash) {
		return game.Errorf(game.CodeUnauthorized, "only the table's owner may start it")
	}
	if t.closed {
		return errShuttingDown()
	}
	if t.mirror {
		return game.Errorf(game.CodeConflict, "table %s moved to another server; try again", t.rec.ID)
	}
	if t.rec.Status != store.StatusOpen {
		return game.Errorf(game.CodeConflict, "the game has started already")
	}
	if i := slices.IndexFunc(t.rec.Seats, func(s store.Seat) bool { return !s.Taken() }); i >= 0 {
		return game.Errorf(game.CodeConflict, "seat %d is free; the game starts when every seat is taken", i)
	}
	return t.start(ctx)
}

func (t *Table) allTaken() bool {
	return !slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return !s.Taken() })
}

// start begins play; t.mu is held.
func (t *Table) start(ctx context.Context) error {
	t.rec.Status = store.StatusPlaying
	t.rec.Started = t.hall.cfg.Clock.Now()
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		t.rec.Status = store.StatusOpen
		t.rec.Started = time.Time{}
		t.lostOwnership(ctx, err)
		return err
	}
	t.notePhase(0)
	t.noteClocks(0)
	for sub := range t.subs {
		t.send(sub, t.stateUpdate(sub))
	}
	t.tellTurn(ctx, true)
	t.advance(ctx)
	return nil
}

// ResendWindow is how many of a seat's latest sequence numbers are
// answered "received already" (CodeConflict) when an action is sent again
// with one of them; see [Table.Act].
const ResendWindow = 8

// Act applies move, in the game's notation, for seat. seq is the client's
// sequence number for the action: the seat's last applied one plus one
// (the first action of a seat has 1; a seat's state update carries its
// last in Seq). An action resent with one of the seat's last ResendWindow
// numbers is refused with CodeConflict ("received already") and applied
// no second time; any other number is refused with CodeInvalid, saying
// which one is expected, so no number can lock a seat out. Act returns
// once the action is stored, with its number.
func (t *Table) Act(ctx context.Context, seat game.Player, move string, seq int64) (int64, error) {
	act, err := t.act(ctx, seat, move, seq)
	return act.N, err
}

// act is Act returning the action as stored.
func (t *Table) act(ctx context.Context, seat game.Player, move string, seq int64) (store.Action, error) {
	if seq <= 0 {
		return store.Action{}, game.Errorf(game.CodeInvalid, "the action's sequence number must be positive, not %d", seq)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.closed:
		return store.Action{}, errShuttingDown()
	case t.mirror:
		return store.Action{}, game.Errorf(game.CodeConflict, "table %s is run by another server; act through ActWithToken", t.rec.ID)
	case t.rec.Status == store.StatusOpen:
		return store.Action{}, game.Errorf(game.CodeConflict, "the game has not started")
	case t.rec.Status == store.StatusFinished || t.state.Terminal():
		return store.Action{}, game.Errorf(game.CodeGameOver, "the game is over")
	case !seat.Seated() || int(seat) >= len(t.clientSeq):
		return store.Action{}, game.Errorf(game.CodeUnauthorized, "only a seated player may act")
	}
	if err := checkSeq(seq, t.clientSeq[seat]); err != nil {
		return store.Action{}, err
	}
	a, err := t.state.ParseAction(seat, strings.TrimSpace(move))
	if err != nil {
		return store.Action{}, err
	}
	if err := game.Check(t.state, seat, a); err != nil {
		return store.Action{}, err
	}
	if err := t.handedOver(ctx, seat); err != nil {
		return store.Action{}, err
	}
	if t.standsIn(seat) {
		// A person who acts with their token is back: the stand-in stops.
		if err := t.addSeatEvent(ctx, seat, game.SeatReturned, ""); err != nil {
			return store.Action{}, err
		}
		t.broadcastTable()
	}
	act, err := t.commit(ctx, seat, a, seq)
	if err != nil {
		t.lostOwnership(ctx, err)
		return store.Action{}, err
	}
	t.advance(ctx)
	return act, nil
}

// checkSeq refuses an action's sequence number seq unless it is last+1,
// the seat's last applied one being last (see [Table.Act]).
func checkSeq(seq, last int64) error {
	switch {
	case seq == last+1:
		return nil
	case seq <= last && seq > last-ResendWindow:
		return game.Errorf(game.CodeConflict, "action %d was received already (the last was %d)", seq, last)
	case seq > last:
		return game.Errorf(game.CodeInvalid, "sequence number %d skips ahead: this seat's next action must have seq %d", seq, last+1)
	}
	return game.Errorf(game.CodeInvalid, "sequence number %d is older than this seat's last %d actions; the next must have seq %d", seq, ResendWindow, last+1)
}

// Subscribe registers a subscriber for seat (or game.Spectator) and queues
// the whole state as its first update. With legal, updates list the seat's
// legal moves whenever it may act.
func (t *Table) Subscribe(seat game.Player, legal bool) (*Subscription, error) {
	return t.subscribe(seat, legal, "")
}

// Watch registers a spectator's subscriber under the name the spectator
// gave (none: anonymous), which the table shows among its spectators and
// on its chat messages; the name is normalised as seats' names are.
func (t *Table) Watch(name string) (*Subscription, error) {
	name, err := CheckSpectatorName(name)
	if err != nil {
		return nil, err
	}
	return t.subscribe(game.Spectator, false, name)
}

func (t *Table) subscribe(seat game.Player, legal bool, name string) (*Subscription, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, errShuttingDown()
	}
	if !seat.Seated() {
		seat = game.Spectator
	} else {
		name = ""
	}
	if (t.mirror || t.rec.Status == store.StatusFinished) && len(t.subs) == 0 {
		// Dropped by the hall when its last subscriber left: take it back.
		ours, added := t.hall.adopt(t)
		if !ours && t.mirror {
			// Another copy follows the table now; this one would not
			// hear of changes.
			return nil, game.Errorf(game.CodeConflict, "table %s was reloaded; reconnect", t.rec.ID)
		}
		if added && (t.mirror || t.rec.Status == store.StatusFinished) {
			// Changes published while it was not the hall's were missed:
			// actions and events of a followed table, chat at a finished
			// one.
			ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
			var err error
			if t.mirror {
				err = t.reload(ctx)
			} else {
				err = t.catchUpEvents(ctx)
			}
			cancel()
			if err != nil {
				return nil, err
			}
		}
	}
	c := make(chan *Update, subscriptionBuffer)
	sub := &Subscription{C: c, c: c, seat: seat, legal: legal, name: name, t: t}
	before := t.census()
	t.subs[sub] = struct{}{}
	if err := t.handedOver(t.ctx, seat); err != nil {
		t.hall.cfg.Logger.Error("hand-over not stored", "table", t.id, "seat", seat, "err", err)
	}
	c <- t.stateUpdate(sub).seal()
	// The others hear of the new presence; the new subscriber's state says
	// it already.
	t.presenceChanged(before, sub)
	return sub, nil
}

// unsubscribe closes sub with err; t.mu is held.
func (t *Table) unsubscribe(sub *Subscription, err error) {
	if sub.closed {
		return
	}
	before := t.census()
	sub.closed = true
	sub.err = err
	close(sub.c)
	delete(t.subs, sub)
	if err == nil {
		// A subscriber cut off for falling behind comes back at once: only
		// one that left changes the seat's presence.
		t.presenceChanged(before, nil)
	}
	if (t.mirror || t.rec.Status == store.StatusFinished) && len(t.subs) == 0 {
		t.hall.finished(t)
	}
}

// commit stores the action, then applies it and tells the subscribers;
// t.mu is held and the action has been checked.
func (t *Table) commit(ctx context.Context, p game.Player, a game.Action, seq int64) (store.Action, error) {
	lm := t.logged(p, a, t.state.ActionString(p, a))
	ms := t.nowMs()
	act := store.Action{N: t.n + 1, Player: p, Move: lm.move, Ms: ms, ClientSeq: seq}
	if err := t.hall.cfg.Store.AppendAction(ctx, t.rec.ID, act); err != nil {
		return store.Action{}, err
	}
	t.remember(act.N, lm)
	t.state.Apply(p, a)
	t.n++
	t.lastMs = ms
	if p.Seated() {
		t.lastActed[p] = ms
		if seq > 0 {
			t.clientSeq[p] = seq
			t.lastPresent = t.hall.cfg.Clock.Now()
		}
	}
	t.hall.actions.Add(1)
	t.notePhase(ms)
	t.noteClocks(ms)
	if t.state.Terminal() {
		// Store the end before anyone hears of it, so that a client told
		// the game is over can download its record at once.
		t.storeFinish(ctx)
	}
	t.broadcastAction(lm)
	t.lapseRequest()
	t.tellTurn(ctx, true)
	return act, nil
}

// advance applies what the table itself decides (chance events, untimed
// system events), finishes a game that is over, and schedules the clock
// and the bots; t.mu is held.
func (t *Table) advance(ctx context.Context) {
	for !t.closed && !t.mirror && t.rec.Status == store.StatusPlaying {
		if t.state.Terminal() {
			t.finish(ctx)
			return
		}
		t.pbuf = t.state.Actors(t.pbuf[:0])
		var p game.Player
		var a game.Action
		switch {
		case slices.Contains(t.pbuf, game.Chance):
			p, a = game.Chance, t.sampleChance()
		case len(t.pbuf) == 1 && t.pbuf[0] == game.System && !t.phaseOn:
			t.abuf = t.state.Legal(game.System, t.abuf[:0])
			if len(t.abuf) == 0 {
				t.hall.cfg.Logger.Error("system must act but has no legal action", "table", t.rec.ID)
				return
			}
			p, a = game.System, t.abuf[0]
		default:
			t.scheduleTimer()
			t.scheduleClocks()
			t.scheduleGrace()
			if t.gracesChanged() {
				t.broadcastTable()
			}
			t.scheduleBots()
			return
		}
		if _, err := t.commit(ctx, p, a, 0); err != nil {
			t.hall.cfg.Logger.Error("table event not stored", "table", t.rec.ID, "player", p, "err", err)
			t.lostOwnership(ctx, err)
			t.retryLater()
			return
		}
	}
}

// resume carries on a table rebuilt from the store: a playing one from
// where it stood, and an open one that starts by itself and whose seats
// are all taken (the server stopped between taking the last seat and
// starting) by starting it; t.mu is held.
func (t *Table) resume(ctx context.Context) {
	switch {
	case t.rec.Status == store.StatusPlaying:
		t.tellTurn(ctx, false)
		t.tellTakeBack(ctx)
		t.advance(ctx)
	case t.rec.Status == store.StatusOpen && t.rec.AutoStart && t.allTaken():
		if err := t.start(ctx); err != nil {
			t.hall.cfg.Logger.Error("table did not start", "table", t.id, "err", err)
		}
	}
}

// retryLater resumes the table after a second, when storing failed.
func (t *Table) retryLater() {
	t.hall.cfg.Clock.AfterFunc(time.Second, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		t.advance(t.ctx)
	})
}

func (t *Table) sampleChance() game.Action {
	if cs, ok := t.state.(game.ChanceState); ok {
		return game.PickOutcome(cs.ChanceOutcomes(nil), t.chance.Float64())
	}
	t.abuf = t.state.Legal(game.Chance, t.abuf[:0])
	return t.abuf[t.chance.IntN(len(t.abuf))]
}

// finish ends a game that is over; t.mu is held.
func (t *Table) finish(ctx context.Context) {
	t.stopTimer()
	t.stopClockTimer()
	t.stopGraceTimer()
	if t.rec.Status != store.StatusFinished {
		t.storeFinish(ctx)
		t.broadcastTable()
	}
	if len(t.subs) == 0 {
		t.hall.finished(t)
	}
}

// storeFinish marks the table finished with its result and stores it;
// t.mu is held.
func (t *Table) storeFinish(ctx context.Context) {
	t.rec.Status = store.StatusFinished
	t.rec.Finished = t.hall.cfg.Clock.Now()
	t.rec.Result = game.ResultOf(t.state)
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		// The log is complete; a restart replays it and finishes again.
		t.hall.cfg.Logger.Error("finished table not stored", "table", t.rec.ID, "err", err)
		return
	}
	t.tellFinished(ctx)
}

// notePhase records the game's current timed phase, first seen at ms.
func (t *Table) notePhase(ms int64) {
	tm, ok := t.state.(game.Timer)
	if !ok {
		return
	}
	phase, d, on := tm.Timer()
	if !on || t.state.Terminal() {
		t.phaseOn = false
		return
	}
	if !t.phaseOn || phase != t.phase {
		t.phaseOn, t.phase, t.phaseStart, t.phaseLen = true, phase, ms, d
	}
}

func (t *Table) deadline() time.Time {
	return t.rec.Started.Add(time.Duration(t.phaseStart)*time.Millisecond + t.phaseLen)
}

// scheduleTimer arranges the System action that ends the current timed
// phase; t.mu is held.
func (t *Table) scheduleTimer() {
	if !t.phaseOn {
		t.stopTimer()
		return
	}
	if t.timer != nil && t.timerPhase == t.phase {
		return
	}
	t.stopTimer()
	phase := t.phase
	d := t.deadline().Sub(t.hall.cfg.Clock.Now())
	t.timerPhase = phase
	t.timer = t.hall.cfg.Clock.AfterFunc(max(d, 0), func() { t.fireTimer(phase) })
}

func (t *Table) stopTimer() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
}

func (t *Table) fireTimer(phase int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.mirror || t.rec.Status != store.StatusPlaying || !t.phaseOn || t.phase != phase {
		return
	}
	t.timer = nil
	t.abuf = t.state.Legal(game.System, t.abuf[:0])
	if len(t.abuf) == 0 {
		t.hall.cfg.Logger.Error("timed phase ended but system has no legal action", "table", t.rec.ID, "phase", phase)
		return
	}
	if _, err := t.commit(t.ctx, game.System, t.abuf[0], 0); err != nil {
		t.hall.cfg.Logger.Error("timed event not stored", "table", t.rec.ID, "err", err)
		t.lostOwnership(t.ctx, err)
		t.retryLater()
		return
	}
	t.advance(t.ctx)
}

// close stops the table: no more actions, timers or bots.
func (t *Table) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return
	}
	t.closed = true
	t.cancel()
	t.stopTimer()
	t.stopClockTimer()
	t.stopGraceTimer()
	if t.followed != nil {
		t.followed.Broadcast()
	}
	for _, b := range t.bots {
		if b != nil && b.timer != nil {
			b.timer.Stop()
		}
	}
	for sub := range t.subs {
		t.unsubscribe(sub, errShuttingDown())
	}
}

func errShuttingDown() error {
	return game.Errorf(game.CodeConflict, "the server is shutting down; reconnect in a moment")
}

// stateUpdate is the whole state for sub; t.mu is held.
func (t *Table) stateUpdate(sub *Subscription) *Update {
	u := t.update(UpdateState, sub.seat, sub.legal)
	you := sub.seat
	u.You = &you
	if you.Seated() && int(you) < len(t.clientSeq) {
		u.Seq = t.clientSeq[you]
	}
	u.History = t.history(sub.seat)
	info := t.info()
	u.Table = &info
	u.Chat = t.lastChat()
	if r := t.request; r != nil && r.from == t.n {
		info := r.info(t, TakeBackAsked)
		u.TakeBack = &info
	}
	return u
}

// update builds an update of the current state for seat; t.mu is held.
func (t *Table) update(kind string, seat game.Player, legal bool) *Update {
	u := &Update{Type: kind, N: t.n, Status: t.rec.Status, Result: t.rec.Result}
	if t.state.Terminal() {
		u.Status = store.StatusFinished
		if u.Result == nil {
			u.Result = game.ResultOf(t.state)
		}
	}
	if t.rec.Status == store.StatusOpen {
		return u
	}
	if t.rec.Status == store.StatusPlaying {
		u.Actors = t.state.Actors(nil)
	}
	if legal && seat.Seated() && slices.Contains(u.Actors, seat) {
		t.abuf = t.state.Legal(seat, t.abuf[:0])
		u.Legal = make([]string, len(t.abuf))
		for i, a := range t.abuf {
			u.Legal[i] = t.state.ActionString(seat, a)
		}
	}
	view, err := json.Marshal(t.state.View(seat))
	if err != nil {
		t.hall.cfg.Logger.Error("view does not encode", "table", t.rec.ID, "seat", seat, "err", err)
		view = []byte("null")
	}
	u.View = view
	if t.phaseOn && t.rec.Status == store.StatusPlaying {
		u.Deadline = t.deadline().UnixMilli()
	}
	u.Clocks = t.clockInfos()
	if u.Deadline != 0 || u.Clocks != nil || t.clocks != nil || t.spec.Turns == game.RealTime {
		// Real-time tables count offline graces down even without a
		// round clock.
		u.Now = t.hall.cfg.Clock.Now().UnixMilli()
	}
	return u
}

// moveIsPublic reports, before a is applied, whether every subscriber may
// be told that p took a: always in games with perfect information, where
// the game says so (game.PublicMover) in the others; t.mu is held.
func (t *Table) moveIsPublic(p game.Player, a game.Action) bool {
	return isPublic(t.spec, t.state, p, a)
}

// broadcastAction tells every subscriber about the action m just applied,
// naming the move to all if public, else only to the player who took it
// (and to the others what everyone may know of it); t.mu is held.
func (t *Table) broadcastAction(m loggedMove) {
	type key struct {
		seat  game.Player
		legal bool
	}
	built := map[key]*Update{}
	for sub := range t.subs {
		k := key{sub.seat, sub.legal}
		base, ok := built[k]
		if !ok {
			base = t.update(UpdateAction, sub.seat, sub.legal)
			base.Player = &m.player
			base.StandIn = m.standIn
			base.Move, base.Veiled = m.moveFor(sub.seat)
			built[k] = base
		}
		t.send(sub, base)
	}
}

// broadcastTable tells every subscriber the table changed; t.mu is held.
func (t *Table) broadcastTable() { t.broadcastTableBut(nil) }

// broadcastTableBut tells every subscriber but one (nil: none) the table
// changed; t.mu is held.
func (t *Table) broadcastTableBut(except *Subscription) {
	info := t.info()
	t.gracesTold = offlineDeadlines(info)
	type key struct {
		seat  game.Player
		legal bool
	}
	built := map[key]*Update{}
	for sub := range t.subs {
		if sub == except {
			continue
		}
		k := key{sub.seat, sub.legal}
		u, ok := built[k]
		if !ok {
			u = t.update(UpdateTable, sub.seat, sub.legal)
			u.Table = &info
			built[k] = u
		}
		t.send(sub, u)
	}
}

// send queues u for sub, cutting sub off when its buffer is full; t.mu is
// held.
func (t *Table) send(sub *Subscription, u *Update) {
	u.seal()
	select {
	case sub.c <- u:
	default:
		t.unsubscribe(sub, game.Errorf(game.CodeLimit, "updates were not read fast enough; resynchronise"))
	}
}
