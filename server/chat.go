package server

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"minehall/game"
	"minehall/table"
)

// Chat limits: a client says at most chatBurst messages in chatPer, on
// each WebSocket connection and, over HTTP, for each seat of a table.
const (
	chatBurst = 5
	chatPer   = 10 * time.Second
)

// errChatLimit is the message of a chat message refused for the limit.
var errChatLimit = "at most " + strconv.Itoa(chatBurst) + " chat messages in " + strconv.Itoa(int(chatPer/time.Second)) + " seconds; wait a moment"

// newChatBucket returns the chat limit of one connection or seat.
func newChatBucket(now time.Time) *bucket {
	return newBucket(chatBurst/chatPer.Seconds(), chatBurst, now)
}

// chatLimits holds the chat limits of the seats that chat over HTTP.
type chatLimits struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

// maxChatBuckets bounds the seats whose limits are kept; past it, the
// limits of the seats that have not chatted for a while are dropped.
const maxChatBuckets = 10000

// take spends one message of key's limit, reporting false when none is
// left.
func (l *chatLimits) take(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxChatBuckets {
			for k, old := range l.buckets {
				if now.Sub(old.last) > chatPer {
					delete(l.buckets, k)
				}
			}
		}
		b = newChatBucket(now)
		l.buckets[key] = b
	}
	return b.take(now)
}

// refund gives back what key's last take spent, for a message that was
// refused: only messages said count.
func (l *chatLimits) refund(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.buckets[key]; ok {
		b.refund()
	}
}

// chatRequest is a chat message sent over HTTP: a text or the key of a
// quick phrase. Name is a spectator's, in a message that another instance
// forwards for a spectator (without a token).
type chatRequest struct {
	Text   string `json:"text,omitempty"`
	Phrase string `json:"phrase,omitempty"`
	Name   string `json:"name,omitempty"`
}

// postChat says a message for the seat whose token is the bearer (or, in
// a request another instance forwarded and proved without a token, for a
// spectator, whose connection there counted it against its chat limit).
func (s *Server) postChat(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	token := bearer(r)
	_, forwarded := fromPeer(r)
	from := table.Sender{Seat: game.Spectator, Name: req.Name}
	switch {
	case token != "":
		if from.Seat, err = t.Authenticate(token); err != nil {
			writeError(w, s.log, err)
			return
		}
		if req.Name != "" {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "a seat chats under its seat's name; name is for spectators"))
			return
		}
	case !forwarded:
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "a seat token is needed to chat over HTTP; spectators chat over the WebSocket"))
		return
	}
	if _, _, err := table.CheckChat(req.Text, req.Phrase); err != nil {
		writeError(w, s.log, err)
		return
	}
	// Only a message said counts against the limit.
	key := t.ID() + "/" + from.Seat.String()
	if !forwarded && !s.chatLimits.take(key, time.Now()) {
		writeError(w, s.log, game.Errorf(game.CodeLimit, "%s", errChatLimit))
		return
	}
	m, err := t.Chat(forwardedContext(r), from, token, req.Text, req.Phrase)
	if err != nil {
		if !forwarded {
			s.chatLimits.refund(key)
		}
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}

// chatLog is the answer to GET …/chat.
type chatLog struct {
	Messages []table.ChatMessage `json:"messages"`
}

// getChat answers every chat message of a table, live or finished, but
// those of the accounts the signed-in reader blocks.
func (s *Server) getChat(w http.ResponseWriter, r *http.Request) {
	msgs, err := s.cfg.Hall.ChatLog(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	// The chat of the accounts the reader blocks is not shown to it.
	if blocked := s.blockedBy(r.Context(), accountOf(r)); blocked != nil {
		if t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id")); err == nil {
			msgs = table.HideChat(msgs, hider(t, blocked))
		}
	}
	writeJSON(w, http.StatusOK, chatLog{Messages: msgs})
}

// setChat changes who may chat at a table, for its owner.
func (s *Server) setChat(w http.ResponseWriter, r *http.Request) {
	var req table.ChatSettings
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.changeTable(w, r, func(t *table.Table) error { return t.SetChat(forwardedContext(r), bearer(r), req) })
}

// takeBackAnswer is the answer to POST …/takeback.
type takeBackAnswer struct {
	TakeBack table.TakeBackInfo `json:"takeback"`
}

// takeBack asks for or answers a take-back for the seat whose token is
// the bearer.
func (s *Server) takeBack(w http.ResponseWriter, r *http.Request) {
	var req table.TakeBackRequest
	if err := decodeOptionalBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	t, seat, token, ok := s.seatOfRequest(w, r)
	if !ok {
		return
	}
	info, err := t.TakeBack(forwardedContext(r), seat, token, req)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, takeBackAnswer{TakeBack: info})
}
