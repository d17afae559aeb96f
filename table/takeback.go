package table

import (
	"context"
	"slices"

	"minehall/game"
	"minehall/store"
)

// Take-backs. A person may take back their own last actions within their
// turn, as long as nothing hidden or random has been revealed since the
// first of them: no chance action, no clock action, no move hidden from
// the others, no action whose outcome hung on what someone could not see
// (see reveals), no move a stand-in played, and no action of anyone else.
// At an untimed table a take-back across turns is possible when every
// other person at the table agrees (bots agree at once); the same rules
// of what may not be undone hold. A take-back deletes the actions after
// its point from the store, with its event, in one transaction, and the
// table is rebuilt by replaying the log up to that point, so records,
// replays and restarts stay exact. Time spent stays spent: the clocks are
// worked out from the kept actions, whose times have not changed. Seat
// events (stand-ins, people coming back) of the actions taken back are
// moved back to the take-back's point: they happened, and still hold.

// The statuses of a take-back in [TakeBackInfo].
const (
	// TakeBackAsked: asked across turns, waiting for the others' answers.
	TakeBackAsked = "asked"
	// TakeBackRefused: a person said no (By).
	TakeBackRefused = "refused"
	// TakeBackWithdrawn: the person who asked took the question back.
	TakeBackWithdrawn = "withdrawn"
	// TakeBackLapsed: an action was played before everyone agreed.
	TakeBackLapsed = "lapsed"
	// TakeBackDone: the actions after To were taken back.
	TakeBackDone = "done"
)

// The reasons of take-backs refused ([Refusal.Reason]).
const (
	// ReasonNothing: there is nothing to take back.
	ReasonNothing = "nothing"
	// ReasonTurnPassed: the turn has passed, at a timed table.
	ReasonTurnPassed = "turn_passed"
	// ReasonRevealed: a random event or a hidden thing (a card drawn) was
	// revealed since.
	ReasonRevealed = "revealed"
	// ReasonHidden: a move hidden from the others was played since.
	ReasonHidden = "hidden"
	// ReasonClock: the clock ended a phase since.
	ReasonClock = "clock"
	// ReasonStandIn: a stand-in played since, or plays a seat now.
	ReasonStandIn = "stand_in"
	// ReasonRealTime: the game is played in real time.
	ReasonRealTime = "realtime"
	// ReasonPending: another take-back waits for answers.
	ReasonPending = "pending"
)

// TakeBackInfo describes a take-back to clients.
type TakeBackInfo struct {
	// ID is the number of the event that asked or did it.
	ID     int64  `json:"id"`
	Status string `json:"status"`
	// Seat asked for it: the table goes back to how it stood after To
	// actions, from From.
	Seat game.Player `json:"seat"`
	To   int64       `json:"to"`
	From int64       `json:"from"`
	// Agreed and Waiting list, while it is asked, the people who agreed
	// and those whose answer is awaited; bots agree and are not listed.
	Agreed  []game.Player `json:"agreed,omitempty"`
	Waiting []game.Player `json:"waiting,omitempty"`
	// By is who refused it.
	By *game.Player `json:"by,omitempty"`
}

// TakeBackRequest asks for a take-back or answers one: with no Answer, a
// take-back to To actions (nil: to before the seat's own last action);
// Answer "agree" or "refuse" answers the take-back waiting (the one who
// asked refuses to withdraw it).
type TakeBackRequest struct {
	To     *int64 `json:"to,omitempty"`
	Answer string `json:"answer,omitempty"`
}

// The answers of a [TakeBackRequest].
const (
	AnswerAgree  = "agree"
	AnswerRefuse = "refuse"
)

// TakeBack asks for a take-back, or answers one, for seat, whose token the
// caller has checked (see TakeBackRequest). A take-back within the seat's
// turn is done at once, and so is one across turns when nobody else at
// the table is a person; another is asked of the others. It returns what
// became of it; a refused one says why in a [Refusal] (CodeIllegal for
// the rules, CodeConflict while another waits). Every subscriber is told,
// and after a take-back done gets the whole state.
func (t *Table) TakeBack(ctx context.Context, seat game.Player, token string, req TakeBackRequest) (TakeBackInfo, error) {
	switch {
	case req.Answer != "" && req.To != nil:
		return TakeBackInfo{}, game.Errorf(game.CodeInvalid, "a take-back is asked (to) or answered (answer), not both")
	case req.Answer != "" && req.Answer != AnswerAgree && req.Answer != AnswerRefuse:
		return TakeBackInfo{}, game.Errorf(game.CodeInvalid, "answer %q is not %s or %s", req.Answer, AnswerAgree, AnswerRefuse)
	case req.To != nil && *req.To < 0:
		return TakeBackInfo{}, game.Errorf(game.CodeInvalid, "to %d is not a number of actions (0 or more)", *req.To)
	}
	for range 3 {
		if t.isMirror() {
			info, err := t.takeBackRemote(ctx, token, req)
			if game.ErrorCode(err) == game.CodeConflict && !t.isMirror() {
				continue // taken over meanwhile: do it here
			}
			return info, err
		}
		t.mu.Lock()
		var info TakeBackInfo
		var err error
		if req.Answer == "" {
			to := int64(-1)
			if req.To != nil {
				to = *req.To
			}
			info, err = t.askTakeBack(ctx, seat, to)
		} else {
			info, err = t.answerTakeBack(ctx, seat, req.Answer == AnswerAgree)
		}
		moved := game.ErrorCode(err) == game.CodeConflict && t.mirror
		t.mu.Unlock()
		if !moved {
			return info, err
		}
	}
	return TakeBackInfo{}, game.Errorf(game.CodeConflict, "table %s is changing servers; try again in a moment", t.id)
}

// takeBackRemote forwards a take-back to the instance that runs the
// table, then reads what it stored, so that this instance's subscribers
// are told before the answer.
func (t *Table) takeBackRemote(ctx context.Context, token string, req TakeBackRequest) (TakeBackInfo, error) {
	owner, err := t.forwardTo(ctx)
	if err != nil {
		return TakeBackInfo{}, err
	}
	if owner == "" {
		return TakeBackInfo{}, game.Errorf(game.CodeConflict, "table %s is changing servers; try again in a moment", t.id)
	}
	info, err := t.hall.cfg.Remote.TakeBack(ctx, owner, t.id, token, req)
	if err != nil {
		if !isGameError(err) {
			err = errUnreachable(err)
		}
		return TakeBackInfo{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mirror {
		if err := t.catchUpEvents(ctx); err != nil {
			return info, err
		}
		if err := t.catchUp(ctx); err != nil {
			return info, err
		}
	}
	return info, nil
}

// askTakeBack asks that the table go back to after action to (to < 0:
// before seat's own last action); t.mu is held.
func (t *Table) askTakeBack(ctx context.Context, seat game.Player, to int64) (TakeBackInfo, error) {
	if err := t.ownsTable(); err != nil {
		return TakeBackInfo{}, err
	}
	switch {
	case t.rec.Status == store.StatusOpen:
		return TakeBackInfo{}, game.Errorf(game.CodeConflict, "the game has not started")
	case t.rec.Status == store.StatusFinished || t.state.Terminal():
		return TakeBackInfo{}, game.Errorf(game.CodeGameOver, "the game is over: what was played stays played")
	case !seat.Seated() || int(seat) >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.SeatPerson:
		return TakeBackInfo{}, game.Errorf(game.CodeUnauthorized, "only a person in a seat may take actions back")
	case t.spec.Turns == game.RealTime:
		return TakeBackInfo{}, refuse(ReasonRealTime, game.CodeIllegal, "%s is a race played in real time: what is played stays played", t.spec.Title)
	case t.request != nil:
		return TakeBackInfo{}, refuse(ReasonPending, game.CodeConflict, "a take-back waits for answers; answer or withdraw it first")
	case to >= t.n:
		return TakeBackInfo{}, refuse(ReasonNothing, game.CodeIllegal, "there is nothing to take back: the table stands after action %d", t.n)
	}
	acts, err := t.hall.cfg.Store.Actions(ctx, t.id)
	if err != nil {
		return TakeBackInfo{}, err
	}
	if int64(len(acts)) != t.n {
		return TakeBackInfo{}, game.Errorf(game.CodeInternal, "table %s: the store has %d actions; the table applied %d", t.id, len(acts), t.n)
	}
	if to < 0 {
		for k := len(acts) - 1; k >= 0; k-- {
			if acts[k].Player == seat {
				to = int64(k)
				break
			}
		}
		if to < 0 {
			return TakeBackInfo{}, refuse(ReasonNothing, game.CodeIllegal, "there is nothing to take back: you have not acted yet")
		}
	}
	others, err := t.screenTakeBack(acts, seat, to)
	if err != nil {
		return TakeBackInfo{}, err
	}
	within := !others && slices.Contains(t.state.Actors(nil), seat)
	if !within {
		if t.clocks != nil {
			return TakeBackInfo{}, refuse(ReasonTurnPassed, game.CodeIllegal,
				"the turn has passed: at a timed table you may take back only your own actions within your turn")
		}
		for i, why := range t.absent {
			if why != "" {
				return TakeBackInfo{}, refuse(ReasonStandIn, game.CodeIllegal,
					"a stand-in plays seat %d: a take-back across turns needs every person at the table", i+1)
			}
		}
	}
	rec, fresh, err := t.replayTo(acts, to)
	if err != nil {
		return TakeBackInfo{}, err
	}
	if err := t.reviewTakeBack(fresh.state.Clone(), acts, to); err != nil {
		fresh.cancel()
		return TakeBackInfo{}, err
	}
	r := &takeBackRequest{seat: seat, to: to, from: t.n, agreed: make([]bool, len(t.rec.Seats))}
	if within || !r.waiting(t) {
		return t.doTakeBack(ctx, seat, to, rec, fresh)
	}
	fresh.cancel()
	ev := store.TableEvent{N: t.eventN + 1, Kind: store.EventTakeBackAsked, After: t.n, Seat: seat, At: t.hall.cfg.Clock.Now(), To: to}
	if err := t.hall.cfg.Store.AppendEvent(ctx, t.id, ev); err != nil {
		t.lostOwnership(ctx, err)
		return TakeBackInfo{}, err
	}
	t.applyEvent(ctx, ev, true) // the bots hold still until it is answered
	t.tellTakeBack(ctx)
	return t.request.info(t, TakeBackAsked), nil
}

// screenTakeBack refuses, from the log alone, going back to after action
// to: a chance, clock or stand-in action after it. It reports whether
// anyone but seat acted after it; t.mu is held.
func (t *Table) screenTakeBack(acts []store.Action, seat game.Player, to int64) (others bool, err error) {
	for _, a := range acts[to:] {
		switch {
		case a.Player == game.Chance:
			return false, refuse(ReasonRevealed, game.CodeIllegal,
				"action %d was a random event, revealed to everyone: the game cannot go back before it", a.N)
		case a.Player == game.System:
			return false, refuse(ReasonClock, game.CodeIllegal,
				"the clock ended a phase at action %d: the game cannot go back before it", a.N)
		case !a.Player.Seated():
			return false, game.Errorf(game.CodeInternal, "table %s: action %d by %s", t.id, a.N, a.Player)
		case t.rec.StoodInAt(a.Player, a.N):
			return false, refuse(ReasonStandIn, game.CodeIllegal,
				"a stand-in played action %d for seat %d: its moves stand", a.N, a.Player+1)
		case a.Player != seat:
			others = true
		}
	}
	return others, nil
}

// reviewTakeBack refuses going back over the actions after to, applying
// them to s, the state after to: a move hidden from the others, or one
// that revealed something hidden or random; t.mu is held.
func (t *Table) reviewTakeBack(s game.State, acts []store.Action, to int64) error {
	for _, act := range acts[to:] {
		a, err := s.ParseAction(act.Player, act.Move)
		if err != nil {
			return game.Errorf(game.CodeInternal, "table %s: action %d (%q) does not replay: %v", t.id, act.N, act.Move, err)
		}
		if !isPublic(t.spec, s, act.Player, a) {
			return refuse(ReasonHidden, game.CodeIllegal,
				"action %d was hidden from the others: the game cannot go back before it", act.N)
		}
		if reveals(t.spec, s, act.Player, a) {
			return refuse(ReasonRevealed, game.CodeIllegal,
				"action %d (%s) revealed what was hidden or random, such as a card drawn: the game cannot go back before it", act.N, act.Move)
		}
		s.Apply(act.Player, a)
	}
	return nil
}

// replayTo builds the table as it would stand after action to: its
// record with the seat events of later actions moved back to to, and a
// table replayed from it; t.mu is held.
func (t *Table) replayTo(acts []store.Action, to int64) (*store.Table, *Table, error) {
	rec := t.rec.Clone()
	for i := range rec.SeatEvents {
		rec.SeatEvents[i].N = min(rec.SeatEvents[i].N, to)
	}
	fresh, err := t.hall.build(t.g, rec, acts[:to])
	if err != nil {
		return nil, nil, err
	}
	return rec, fresh, nil
}

// doTakeBack stores the take-back to after action to for seat (the
// actions after it deleted, rec stored, its event appended, at once),
// then takes over fresh, the table replayed to that point, and tells the
// subscribers; t.mu is held.
func (t *Table) doTakeBack(ctx context.Context, seat game.Player, to int64, rec *store.Table, fresh *Table) (TakeBackInfo, error) {
	ev := store.TableEvent{N: t.eventN + 1, Kind: store.EventTakeBack, After: t.n, Seat: seat, At: t.hall.cfg.Clock.Now(),
		To: to, Seqs: slices.Clone(t.clientSeq)}
	if err := t.hall.cfg.Store.TakeBack(ctx, rec, to, ev); err != nil {
		fresh.cancel()
		t.lostOwnership(ctx, err)
		return TakeBackInfo{}, err
	}
	info := doneInfo(ev)
	t.hall.cfg.Logger.Info("actions taken back", "table", t.id, "seat", seat, "from", t.n, "to", to)
	t.adopt(fresh)
	t.applyEvent(ctx, ev, false)
	t.tellTakenBack(info)
	t.advance(ctx)
	return info, nil
}

// answerTakeBack records seat's answer to the take-back waiting, and does
// it once every person agreed; t.mu is held.
func (t *Table) answerTakeBack(ctx context.Context, seat game.Player, agree bool) (TakeBackInfo, error) {
	if err := t.ownsTable(); err != nil {
		return TakeBackInfo{}, err
	}
	r := t.request
	switch {
	case r == nil || r.from != t.n:
		return TakeBackInfo{}, game.Errorf(game.CodeConflict, "no take-back waits for an answer")
	case !seat.Seated() || int(seat) >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.SeatPerson:
		return TakeBackInfo{}, game.Errorf(game.CodeUnauthorized, "only the people in the seats answer a take-back")
	case seat == r.seat && agree:
		return TakeBackInfo{}, game.Errorf(game.CodeInvalid, "you asked for this take-back: the others answer it (refuse withdraws it)")
	}
	kind := store.EventTakeBackRefused
	if agree {
		kind = store.EventTakeBackAgreed
	}
	if !agree || !r.agreed[seat] {
		ev := store.TableEvent{N: t.eventN + 1, Kind: kind, After: t.n, Seat: seat, At: t.hall.cfg.Clock.Now(), To: r.to}
		if err := t.hall.cfg.Store.AppendEvent(ctx, t.id, ev); err != nil {
			t.lostOwnership(ctx, err)
			return TakeBackInfo{}, err
		}
		t.applyEvent(ctx, ev, true)
	}
	if !agree {
		info := r.info(t, TakeBackRefused)
		if seat == r.seat {
			info.Status = TakeBackWithdrawn
		} else {
			info.By = &seat
		}
		return info, nil
	}
	if r.waiting(t) {
		return r.info(t, TakeBackAsked), nil
	}
	// Everyone agreed: nothing was played since it was asked, but the
	// table checks again before it goes back.
	acts, err := t.hall.cfg.Store.Actions(ctx, t.id)
	if err != nil {
		return TakeBackInfo{}, err
	}
	if int64(len(acts)) != t.n {
		return TakeBackInfo{}, game.Errorf(game.CodeInternal, "table %s: the store has %d actions; the table applied %d", t.id, len(acts), t.n)
	}
	if _, err := t.screenTakeBack(acts, r.seat, r.to); err != nil {
		return TakeBackInfo{}, err
	}
	rec, fresh, err := t.replayTo(acts, r.to)
	if err != nil {
		return TakeBackInfo{}, err
	}
	if err := t.reviewTakeBack(fresh.state.Clone(), acts, r.to); err != nil {
		fresh.cancel()
		return TakeBackInfo{}, err
	}
	return t.doTakeBack(ctx, r.seat, r.to, rec, fresh)
}
