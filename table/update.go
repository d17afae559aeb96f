package table

import (
	"encoding/json"

	"minehall/game"
	"minehall/store"
)

// The kinds of [Update].
const (
	// UpdateState is the whole picture: sent first on every subscription
	// and whenever a subscriber has to resynchronise.
	UpdateState = "state"
	// UpdateAction follows one applied action; its N is one more than the
	// previous update's.
	UpdateAction = "update"
	// UpdateTable says the table changed (a seat was taken, the game
	// started) without an action.
	UpdateTable = "table"
	// UpdateChat carries one chat message, in Message.
	UpdateChat = "chat"
	// UpdateTakeBack says what became of a take-back, in TakeBack: asked,
	// answered, withdrawn, lapsed, refused, or done (then a state update
	// follows at once).
	UpdateTakeBack = "takeback"
)

// Update is what a subscriber learns, filtered for its seat: it encodes to
// the server's JSON frame as it is. N counts the actions applied so far, so
// a subscriber that sees N jump by more than one has missed an update.
type Update struct {
	Type string `json:"type"`
	N    int64  `json:"n"`
	// You is the subscriber's seat (spectators get -3), in state updates.
	You *game.Player `json:"you,omitempty"`
	// Seq is, in a seat's state updates, the client sequence number of the
	// seat's last applied action (0 before its first): its next action
	// must have Seq+1 (see [Table.Act]).
	Seq int64 `json:"seq,omitempty"`
	// Player and Move say who acted and how, in action updates. Move is
	// left out where it could tell the subscriber something hidden: in a
	// game with hidden information it is given only to the player who
	// acted, unless the game says the move is public (game.PublicMover).
	// Veiled is then what everyone may know of it, if the game names it
	// (game.HiddenMoveNamer: "draw card for seat 2" without the card):
	// words for display, not notation.
	Player *game.Player `json:"player,omitempty"`
	Move   string       `json:"move,omitempty"`
	Veiled string       `json:"veiled,omitempty"`
	Status store.Status `json:"status"`
	// Actors are the players who may act now.
	Actors []game.Player `json:"actors"`
	// Legal lists the subscriber's legal moves in notation, when it asked
	// for them and may act.
	Legal []string `json:"legal,omitempty"`
	// View is View(seat) of the game after the action.
	View json.RawMessage `json:"view,omitempty"`
	// StandIn marks, in action updates, a move a stand-in played for the
	// seat's person.
	StandIn bool `json:"stand_in,omitempty"`
	// Deadline is when the current timed phase ends, in Unix milliseconds.
	Deadline int64 `json:"deadline,omitempty"`
	// Clocks are the seats' clocks at a timed table, one per seat (null
	// for seats without one).
	Clocks []*ClockInfo `json:"clocks,omitempty"`
	// Now is the server's time when the update was made, in Unix
	// milliseconds, with a Deadline or Clocks and at every timed or
	// real-time table (whose seats' OfflineDeadline counts down): a client
	// whose clock is off counts down from it.
	Now int64 `json:"now,omitempty"`
	// Result is set once the game is over.
	Result *game.Result `json:"result,omitempty"`
	// Table is set in state and table updates.
	Table *Info `json:"table,omitempty"`
	// History lists the last actions (at most 300), oldest first, in state
	// updates: what the subscriber would have learnt from their action
	// updates, so a client that connects late or reloads can show them.
	History []Move `json:"history,omitempty"`
	// Chat lists, in state updates, the last chat messages (at most
	// ChatKept), oldest first, so that a client that reloads shows them.
	Chat []ChatMessage `json:"chat,omitempty"`
	// Message is the chat message of a chat update.
	Message *ChatMessage `json:"message,omitempty"`
	// TakeBack is, in take-back updates, the take-back they are about;
	// in state updates, the take-back waiting for answers, if any.
	TakeBack *TakeBackInfo `json:"takeback,omitempty"`

	// frame is the update encoded, once, by the table before it is sent:
	// subscribers of the same seat share one update and its encoding.
	frame []byte
}

// Frame returns the update encoded as the server's JSON frame. The table
// encodes each update once, before any subscriber receives it; do not
// change an update after receiving it.
func (u *Update) Frame() []byte {
	if u.frame != nil {
		return u.frame
	}
	// The view was encoded by json.Marshal already: splice it in as the
	// last field rather than have the encoder check and compact it again.
	rest := *u
	rest.View = nil
	b, err := json.Marshal(&rest)
	if err != nil {
		// Only a game's result with scores that are not numbers can fail
		// here: say so rather than send nothing.
		return []byte(`{"type":"error","code":"internal","message":"this update could not be encoded; send sync"}`)
	}
	if len(u.View) > 0 {
		b = append(b[:len(b)-1], `,"view":`...)
		b = append(append(b, u.View...), '}')
	}
	return b
}

// seal encodes u once, before it is sent to any subscriber.
func (u *Update) seal() *Update {
	if u.frame == nil {
		u.frame = u.Frame()
	}
	return u
}

// Subscription delivers a table's updates for one seat (or a spectator).
// C is closed when the table closes or when the subscriber fell so far
// behind that updates were dropped; Err then says which. Subscribe again
// to resynchronise.
type Subscription struct {
	C     <-chan *Update
	c     chan *Update
	seat  game.Player
	name  string // a spectator's name, if it gave one
	legal bool
	away  bool // the subscriber's page is hidden
	// held are the other seats whose tokens the subscriber's device holds
	// (pass and play): they count as present as its own seat does.
	held   []game.Player
	err    error
	closed bool
	t      *Table
}

// subscriptionBuffer is how many updates may wait for a slow subscriber
// before it is cut off and must resynchronise.
const subscriptionBuffer = 64

// Err reports why C was closed: an error of code CodeLimit when the
// subscriber fell behind, of code CodeConflict when the server is shutting
// down, nil when the subscriber closed it or it is still open.
func (s *Subscription) Err() error {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	return s.err
}

// Seat returns the seat the subscription is for.
func (s *Subscription) Seat() game.Player { return s.seat }

// Close ends the subscription.
func (s *Subscription) Close() {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	s.t.unsubscribe(s, nil)
}
