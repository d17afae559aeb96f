package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// ForwardedHeader marks a request that one instance forwarded to another:
// the receiver serves it from a table it runs, or refuses it, and never
// forwards it again.
const ForwardedHeader = "Minehall-Forwarded"

// Forwarder is a [table.Remote] that reaches the instance running a table
// through that instance's HTTP API (join, start and act), as any client
// would, with the client's own tokens: instances need no secret shared
// between them.
type Forwarder struct {
	client *http.Client
}

var _ table.Remote = (*Forwarder)(nil)

// ForwardTimeout is how long an instance waits for the owner of a table
// to answer a forwarded request, given the lease of the cluster: half of
// it. An owner that does not answer in time is waited for until its lease
// runs out, and the action is played where the table is taken over (see
// table.Table.Submit): a client is answered within the lease and the
// forward timeout together.
func ForwardTimeout(lease time.Duration) time.Duration { return lease / 2 }

// NewForwarder returns a forwarder whose requests give up after timeout
// (default 10s; see ForwardTimeout).
func NewForwarder(timeout time.Duration) *Forwarder {
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	return &Forwarder{client: &http.Client{
		Timeout:   timeout,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second},
	}}
}

// post sends body to owner+path and decodes the answer into out; a
// refusal comes back as a game error with its code, a failure to reach
// the owner as any other error.
func (f *Forwarder) post(ctx context.Context, owner, path, token string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, owner+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(ForwardedHeader, "1")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 400 {
		var eb struct {
			Error errorBody `json:"error"`
		}
		if json.Unmarshal(data, &eb) != nil || eb.Error.Code == "" {
			if resp.StatusCode >= 500 {
				// A proxy or a server in trouble: as if it did not answer.
				return fmt.Errorf("%s answered %s", owner, resp.Status)
			}
			return errGarbage(fmt.Sprintf("status %s without an error body", resp.Status))
		}
		err := game.Errorf(eb.Error.Code, "%s", eb.Error.Message)
		if eb.Error.Reason != "" {
			err = &table.Refusal{Reason: eb.Error.Reason, Err: err}
		}
		return err
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return errGarbage("a body that is not the JSON expected")
	}
	return nil
}

// errGarbage is what a client hears when the instance that runs its table
// answered a forwarded request with something that is not an answer of
// this API (what): nothing was applied here, and the client may try again.
func errGarbage(what string) error {
	return game.Errorf(game.CodeUnavailable, "the server running this table gave an answer that is not one (%s); nothing was played here; try again in a moment", what)
}

// Act implements [table.Remote].
func (f *Forwarder) Act(ctx context.Context, owner, id, token, move string, seq int64) (store.Action, error) {
	var out acted
	if err := f.post(ctx, owner, "/api/tables/"+id+"/act", token, actRequest{Move: move, Seq: seq}, &out); err != nil {
		return store.Action{}, err
	}
	if out.Player == nil || out.N <= 0 || out.Move == "" {
		return store.Action{}, errGarbage("an action without its number, player or move")
	}
	return store.Action{N: out.N, Player: *out.Player, Move: out.Move, Ms: out.Ms, ClientSeq: seq}, nil
}

// Join implements [table.Remote].
func (f *Forwarder) Join(ctx context.Context, owner, id, name string, seat int) (game.Player, string, error) {
	req := joinRequest{Name: name}
	if seat >= 0 {
		req.Seat = &seat
	}
	var out joined
	if err := f.post(ctx, owner, "/api/tables/"+id+"/join", "", req, &out); err != nil {
		return 0, "", err
	}
	return out.Seat, out.Token, nil
}

// Start implements [table.Remote].
func (f *Forwarder) Start(ctx context.Context, owner, id, ownerToken string) error {
	return f.post(ctx, owner, "/api/tables/"+id+"/start", ownerToken, struct{}{}, nil)
}

// forwardedContext marks the request's context when another instance
// forwarded it.
func forwardedContext(r *http.Request) context.Context {
	if r.Header.Get(ForwardedHeader) != "" {
		return table.Forwarded(r.Context())
	}
	return r.Context()
}

// Manage implements [table.Remote].
func (f *Forwarder) Manage(ctx context.Context, owner, id, op, token string, body any) error {
	if body == nil {
		body = struct{}{}
	}
	return f.post(ctx, owner, "/api/tables/"+id+"/"+op, token, body, nil)
}

// presenceReport is what an instance reports to a table's owner of the
// presence of the seats' connections it serves and of its spectators
// (their names, "" for anonymous ones); the owner answers with every
// seat's presence and the spectators as it sees them, without the
// reporter's own.
type presenceReport struct {
	From       string   `json:"from"`
	Seats      []string `json:"seats"`
	Spectators []string `json:"spectators"`
}

// Presence implements [table.Remote].
func (f *Forwarder) Presence(ctx context.Context, owner, id, from string, seats, spectators []string) ([]string, []string, error) {
	var out presenceReport
	if err := f.post(ctx, owner, "/api/tables/"+id+"/presence", "", presenceReport{From: from, Seats: seats, Spectators: spectators}, &out); err != nil {
		return nil, nil, err
	}
	return out.Seats, out.Spectators, nil
}

// Chat implements [table.Remote].
func (f *Forwarder) Chat(ctx context.Context, owner, id, token string, from table.Sender, text, phrase string) (table.ChatMessage, error) {
	req := chatRequest{Text: text, Phrase: phrase}
	if !from.Seat.Seated() {
		token, req.Name = "", from.Name
	}
	var out table.ChatMessage
	if err := f.post(ctx, owner, "/api/tables/"+id+"/chat", token, req, &out); err != nil {
		return table.ChatMessage{}, err
	}
	return out, nil
}

// TakeBack implements [table.Remote].
func (f *Forwarder) TakeBack(ctx context.Context, owner, id, token string, req table.TakeBackRequest) (table.TakeBackInfo, error) {
	var out takeBackAnswer
	if err := f.post(ctx, owner, "/api/tables/"+id+"/takeback", token, req, &out); err != nil {
		return table.TakeBackInfo{}, err
	}
	return out.TakeBack, nil
}
