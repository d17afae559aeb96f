package table

import (
	"context"
	"encoding/json"
	"sync"

	"minehall/game"
	"minehall/store"
)

// ReplayStep is a finished game as it stood after Step of its actions, as
// a spectator sees it.
type ReplayStep struct {
	Step int64 `json:"step"`
	// Actions is the number of actions in the whole game.
	Actions int64 `json:"actions"`
	// Player, Move and Ms are action Step's: who acted, its notation and
	// its time in milliseconds since the start. They are absent at step 0.
	Player *game.Player `json:"player,omitempty"`
	Move   string       `json:"move,omitempty"`
	Ms     int64        `json:"ms,omitempty"`
	// Status is "playing" until the step that ends the game, then
	// "finished" with the Result.
	Status store.Status  `json:"status"`
	Actors []game.Player `json:"actors"`
	// View is the spectator's view after the step.
	View   json.RawMessage `json:"view"`
	Result *game.Result    `json:"result,omitempty"`
	// Chat is what was said after action Step and before the next, in
	// order.
	Chat []ChatMessage `json:"chat,omitempty"`
}

// Bounds of the replay cache: a replayed state is kept every
// replayInterval actions (further apart in longer games, so that a game
// keeps at most replayCheckpoints+1 of them, the final state included),
// for at most replayTables tables, the least recently used one forgotten
// first. A step is then one clone and fewer than replayInterval
// applications away in games of up to replayInterval*replayCheckpoints
// actions, and the step after the last one served is one application away.
const (
	replayInterval    = 32
	replayCheckpoints = 128
	replayTables      = 8
)

// replay is a finished game ready to be stepped through.
type replay struct {
	id       string
	acts     []store.Action
	actions  []game.Action
	every    int64
	saved    []game.State // saved[i] is the state after i*every actions
	mu       sync.Mutex   // guards cursor
	cursor   game.State   // the state after cursorAt actions, reused by the next step after it
	cursorAt int64
	// events are the table's events read so far, and chat its chat
	// messages, in order: chat goes on after the end, so each step reads
	// the events added since.
	events []store.TableEvent
	chat   []ChatMessage
}

// replays is the hall's bounded cache of replays, most recently used last.
type replays struct {
	mu   sync.Mutex
	list []*replay
}

func (c *replays) get(id string) *replay {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, r := range c.list {
		if r.id == id {
			c.list = append(append(c.list[:i:i], c.list[i+1:]...), r)
			return r
		}
	}
	return nil
}

func (c *replays) put(r *replay) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, old := range c.list {
		if old.id == r.id {
			c.list = append(c.list[:i], c.list[i+1:]...)
			break
		}
	}
	if len(c.list) >= replayTables {
		c.list = append(c.list[:0], c.list[1:]...)
	}
	c.list = append(c.list, r)
}

// Replay returns the finished table id as it stood after step actions.
// It refuses with CodeConflict while the game runs and with CodeInvalid
// for a step outside 0 to the number of actions.
func (h *Hall) Replay(ctx context.Context, id string, step int64) (*ReplayStep, error) {
	r := h.replays.get(id)
	if r == nil {
		var err error
		if r, err = h.newReplay(ctx, id); err != nil {
			return nil, err
		}
		h.replays.put(r)
	}
	total := int64(len(r.acts))
	if step < 0 || step > total {
		return nil, game.Errorf(game.CodeInvalid, "step %d is not from 0 to %d (the number of actions)", step, total)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	after := int64(0)
	if len(r.events) > 0 {
		after = r.events[len(r.events)-1].N
	}
	evs, err := h.cfg.Store.Events(ctx, id, after)
	if err != nil {
		return nil, err
	}
	if len(evs) > 0 {
		r.events = append(r.events, evs...)
		r.chat = chatOf(r.events)
	}
	if r.cursor == nil || r.cursorAt > step || step-r.cursorAt >= r.every {
		k := step / r.every
		r.cursor, r.cursorAt = r.saved[k].Clone(), k*r.every
	}
	for ; r.cursorAt < step; r.cursorAt++ {
		r.cursor.Apply(r.acts[r.cursorAt].Player, r.actions[r.cursorAt])
	}
	s := r.cursor
	out := &ReplayStep{Step: step, Actions: total, Status: store.StatusPlaying, Actors: s.Actors(nil)}
	if step > 0 {
		a := r.acts[step-1]
		p := a.Player
		out.Player, out.Move, out.Ms = &p, a.Move, a.Ms
	}
	if s.Terminal() {
		out.Status, out.Result = store.StatusFinished, game.ResultOf(s)
	}
	view, err := json.Marshal(s.View(game.Spectator))
	if err != nil {
		return nil, game.Errorf(game.CodeInternal, "table %s step %d: the view does not encode: %v", id, step, err)
	}
	out.View = view
	for _, m := range r.chat {
		if m.After == step {
			out.Chat = append(out.Chat, m)
		}
	}
	return out, nil
}

// newReplay loads the finished table id and replays it once, checking
// every action and saving states along the way.
func (h *Hall) newReplay(ctx context.Context, id string) (*replay, error) {
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	if rec.Status != store.StatusFinished {
		return nil, game.Errorf(game.CodeConflict, "table %s is not finished; it can be replayed once the game is over", id)
	}
	g, err := h.cfg.Registry.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	acts, err := h.cfg.Store.Actions(ctx, id)
	if err != nil {
		return nil, err
	}
	s, _, err := game.StartStored(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	every := max(replayInterval, (int64(len(acts))+replayCheckpoints-1)/replayCheckpoints)
	r := &replay{id: id, acts: acts, actions: make([]game.Action, len(acts)), every: every}
	for i, act := range acts {
		if int64(i)%every == 0 {
			r.saved = append(r.saved, s.Clone())
		}
		a, err := s.ParseAction(act.Player, act.Move)
		if err == nil {
			err = game.Check(s, act.Player, a)
		}
		if err != nil {
			return nil, game.Errorf(game.CodeInternal, "table %s: action %d (%q by %s) does not replay: %v", id, act.N, act.Move, act.Player, err)
		}
		s.Apply(act.Player, a)
		r.actions[i] = a
	}
	if int64(len(acts))%every == 0 {
		r.saved = append(r.saved, s)
	}
	return r, nil
}
