package table

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"minehall/game"
	"minehall/store"
)

// ChatMessage is a chat message as clients see it. Text is plain text:
// the server never reads it as markup, and a client shows it as text.
type ChatMessage struct {
	// ID is the message's number in the table's event log.
	ID int64 `json:"id"`
	// After is the number of actions it followed: a replay shows it after
	// that action. A message said among actions that a take-back deleted
	// follows the take-back's point.
	After int64 `json:"after"`
	// Seat is the sender's seat, or -3 (game.Spectator) for a spectator;
	// Name the sender's name then, empty for a spectator without one.
	Seat game.Player `json:"seat"`
	Name string      `json:"name,omitempty"`
	// Text is what was written, or Phrase the key of a quick phrase (see
	// Phrases), which each client says in its reader's language.
	Text   string `json:"text,omitempty"`
	Phrase string `json:"phrase,omitempty"`
	// At is when it was said, in Unix milliseconds.
	At int64 `json:"at"`
}

// Sender is who says something at a table: a seat, whose token the
// caller has checked, or game.Spectator with the name it gave (none for
// an anonymous spectator).
type Sender struct {
	Seat game.Player
	Name string
}

// MaxChatLen bounds a chat message, in characters, after normalisation.
const MaxChatLen = 500

// ChatKept is how many of the last chat messages a table keeps for state
// updates.
const ChatKept = 100

// Phrases are the keys of the quick phrases a chat message may carry
// instead of text; each client has their words in its languages.
var Phrases = []string{
	"hello", "good_luck", "have_fun",
	"your_turn", "one_moment", "thinking", "nice_move", "oops", "sorry", "thanks",
	"well_played", "good_game", "rematch", "bye",
}

// CheckChat normalises a message's text as names are (NFC, without format
// characters such as bidi overrides, nor surrounding spaces) and refuses a
// message that is empty, too long, not UTF-8 or holds control characters,
// a phrase that is not one of Phrases, and a message with both or
// neither.
func CheckChat(text, phrase string) (string, string, error) {
	switch {
	case text != "" && phrase != "":
		return "", "", game.Errorf(game.CodeInvalid, "a chat message has a text or a phrase, not both")
	case phrase != "":
		if !slices.Contains(Phrases, phrase) {
			return "", "", game.Errorf(game.CodeInvalid, "%q is not a quick phrase (they are %s)", phrase, strings.Join(Phrases, ", "))
		}
		return "", phrase, nil
	case !utf8.ValidString(text):
		return "", "", game.Errorf(game.CodeInvalid, "the message is not valid UTF-8")
	}
	text = strings.TrimSpace(norm.NFC.String(strings.Map(dropFormat, text)))
	switch {
	case text == "":
		return "", "", game.Errorf(game.CodeInvalid, "the message is empty")
	case utf8.RuneCountInString(text) > MaxChatLen:
		return "", "", game.Errorf(game.CodeInvalid, "the message is longer than %d characters", MaxChatLen)
	case strings.ContainsFunc(text, unicode.IsControl):
		return "", "", game.Errorf(game.CodeInvalid, "the message holds control characters such as line breaks; send one line")
	}
	return text, "", nil
}

// CheckSpectatorName normalises the name a spectator gives, as seats'
// names are; an empty name stays empty (an anonymous spectator).
func CheckSpectatorName(name string) (string, error) {
	if strings.TrimSpace(name) == "" {
		return "", nil
	}
	return checkName(name)
}

// messageOf is the chat message of a chat event.
func messageOf(ev store.TableEvent) ChatMessage {
	return ChatMessage{ID: ev.N, After: ev.After, Seat: ev.Seat, Name: ev.Name, Text: ev.Text, Phrase: ev.Phrase, At: store.Millis(ev.At)}
}

// EventOf is the chat event of a message, as stored: what an instance
// that forwarded a message applies.
func EventOf(m ChatMessage) store.TableEvent {
	return store.TableEvent{N: m.ID, Kind: store.EventChat, After: m.After, Seat: m.Seat, Name: m.Name, Text: m.Text,
		Phrase: m.Phrase, At: store.FromMillis(m.At)}
}

// chatOf returns the chat messages among a table's events, in order, each
// after the actions it followed in the log as it stands now: a message
// said among actions that a later take-back deleted follows the
// take-back's point.
func chatOf(evs []store.TableEvent) []ChatMessage {
	var out []ChatMessage
	floor := int64(-1) // the lowest point a later take-back went back to; -1 for none
	for i := len(evs) - 1; i >= 0; i-- {
		switch ev := evs[i]; ev.Kind {
		case store.EventTakeBack:
			if floor < 0 || ev.To < floor {
				floor = ev.To
			}
		case store.EventChat:
			m := messageOf(ev)
			if floor >= 0 && m.After > floor {
				m.After = floor
			}
			out = append(out, m)
		}
	}
	slices.Reverse(out)
	return out
}

// Chat says a message at the table for from (a seat whose token, given,
// the caller checked, or a spectator) and returns it as stored: text, or
// the key of a quick phrase. It refuses with CodeInvalid a bad message,
// and with CodeUnauthorized a sender who may not chat: a seat the owner
// muted, a spectator where the owner does not allow spectators to chat.
// Every subscriber gets it in a chat update. Chat goes on at finished
// tables.
func (t *Table) Chat(ctx context.Context, from Sender, token, text, phrase string) (ChatMessage, error) {
	text, phrase, err := CheckChat(text, phrase)
	if err != nil {
		return ChatMessage{}, err
	}
	if !from.Seat.Seated() {
		if from.Name, err = CheckSpectatorName(from.Name); err != nil {
			return ChatMessage{}, err
		}
		from.Seat = game.Spectator
	}
	for range 3 {
		if t.isMirror() {
			m, err := t.chatRemote(ctx, from, token, text, phrase)
			if game.ErrorCode(err) == game.CodeConflict && !t.isMirror() {
				continue // taken over meanwhile: say it here
			}
			return m, err
		}
		t.mu.Lock()
		m, err := t.say(ctx, from, text, phrase)
		retry := game.ErrorCode(err) == game.CodeConflict && !t.closed && (t.mirror || t.rec.Status == store.StatusFinished)
		if retry && !t.mirror {
			// Another instance said something at this finished table
			// first: read it, then try again with the next number.
			if cerr := t.catchUpEvents(ctx); cerr != nil {
				t.mu.Unlock()
				return ChatMessage{}, cerr
			}
		}
		t.mu.Unlock()
		if !retry {
			return m, err
		}
	}
	return ChatMessage{}, game.Errorf(game.CodeConflict, "the message could not be stored; try again")
}

// say checks that from may chat now, stores the message and tells every
// subscriber; t.mu is held.
func (t *Table) say(ctx context.Context, from Sender, text, phrase string) (ChatMessage, error) {
	switch {
	case t.closed:
		return ChatMessage{}, errShuttingDown()
	case t.mirror:
		return ChatMessage{}, game.Errorf(game.CodeConflict, "table %s moved to another server; try again", t.rec.ID)
	}
	name := from.Name
	if from.Seat.Seated() {
		if int(from.Seat) >= len(t.rec.Seats) || t.rec.Seats[from.Seat].Kind != store.SeatPerson || !t.rec.Seats[from.Seat].Taken() {
			return ChatMessage{}, game.Errorf(game.CodeUnauthorized, "seat %d is no person's seat here; only the table's people and spectators chat", from.Seat+1)
		}
		if slices.Contains(t.rec.Settings.Muted, from.Seat) {
			return ChatMessage{}, game.Errorf(game.CodeUnauthorized, "the table's owner has muted seat %d: your messages are not shown", from.Seat+1)
		}
		name = t.rec.Seats[from.Seat].Name
	} else if !t.rec.Settings.SpectatorChat {
		return ChatMessage{}, game.Errorf(game.CodeUnauthorized, "spectators may not chat at this table; its owner may allow it")
	}
	ev := store.TableEvent{N: t.eventN + 1, Kind: store.EventChat, After: t.n, Seat: from.Seat, At: t.hall.cfg.Clock.Now(),
		Name: name, Text: text, Phrase: phrase}
	if err := t.hall.cfg.Store.AppendEvent(ctx, t.rec.ID, ev); err != nil {
		if t.rec.Status != store.StatusFinished {
			t.lostOwnership(ctx, err)
		}
		return ChatMessage{}, err
	}
	t.applyEvent(ctx, ev, true)
	return messageOf(ev), nil
}

// chatRemote forwards a message to the instance that runs the table and
// applies it here once stored, so that the sender's own subscription
// shows it before the answer, as on the owner.
func (t *Table) chatRemote(ctx context.Context, from Sender, token, text, phrase string) (ChatMessage, error) {
	owner, err := t.forwardTo(ctx)
	if err != nil {
		return ChatMessage{}, err
	}
	if owner == "" {
		return ChatMessage{}, game.Errorf(game.CodeConflict, "table %s is run here now", t.id)
	}
	m, err := t.hall.cfg.Remote.Chat(ctx, owner, t.id, token, from, text, phrase)
	if err != nil {
		if !isGameError(err) {
			err = errUnreachable(err)
		}
		return ChatMessage{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case !t.mirror || t.eventN >= m.ID:
	case t.eventN+1 == m.ID:
		t.applyEvent(ctx, EventOf(m), true)
	default:
		err = t.catchUpEvents(ctx)
	}
	return m, err
}

// ChatLog returns every chat message of table id, live or stored, oldest
// first, each with the number of actions it followed (see ChatMessage):
// what a replay shows between the actions.
func (h *Hall) ChatLog(ctx context.Context, id string) ([]ChatMessage, error) {
	evs, err := h.cfg.Store.Events(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	out := chatOf(evs)
	if out == nil {
		out = []ChatMessage{}
	}
	return out, nil
}
