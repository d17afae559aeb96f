package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// ForwardedHeader marks a request that one instance forwarded to another:
// the receiver serves it from a table it runs, or refuses it, and never
// forwards it again. It is believed only with a valid PeerAuthHeader; a
// request with either header and no valid authenticator is refused.
const ForwardedHeader = "Minehall-Forwarded"

// Forwarder is a [table.Remote] that reaches the instance running a table
// through that instance's HTTP API (join, start, act, chat, …), with the
// client's own tokens, each request signed with the cluster's [PeerAuth]
// and vouching for the address of the client on whose behalf it is sent
// (the one its context carries, see withClientAddr).
type Forwarder struct {
	client *http.Client
	auth   *PeerAuth
	log    *slog.Logger
}

var _ table.Remote = (*Forwarder)(nil)

// ForwardTimeout is how long an instance waits for the owner of a table
// to answer a forwarded request, given the lease of the cluster: half of
// it. An owner that does not answer in time is waited for until its lease
// runs out, and the action is played where the table is taken over (see
// table.Table.Submit): a client is answered within the lease and the
// forward timeout together.
func ForwardTimeout(lease time.Duration) time.Duration { return lease / 2 }

// ForwarderConfig configures a [Forwarder].
type ForwarderConfig struct {
	// Timeout is how long a request waits for its answer; default 10s
	// (see ForwardTimeout).
	Timeout time.Duration
	// Auth signs every request; the other instances refuse a request
	// without it.
	Auth *PeerAuth
	// Logger logs the answers of an owner that are not its API's;
	// default slog.Default().
	Logger *slog.Logger
}

// NewForwarder returns a forwarder configured by cfg.
func NewForwarder(cfg ForwarderConfig) *Forwarder {
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Forwarder{auth: cfg.Auth, log: cfg.Logger, client: &http.Client{
		Timeout:   cfg.Timeout,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second},
		// An owner answers; it never sends a peer elsewhere.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// post sends body to owner+path, signed, and decodes the answer into out;
// a refusal comes back as a game error with its code, a failure to reach
// the owner, or an answer that is not its API's, as any other error (the
// latter logged).
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
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if f.auth == nil {
		return fmt.Errorf("this instance has no cluster secret to reach %s with", owner)
	}
	f.auth.Sign(req, b, clientAddrFrom(ctx))
	resp, err := f.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return err
	}
	if len(data) > maxBody {
		return f.garbage(owner, path, resp, fmt.Sprintf("an answer over %d bytes", maxBody))
	}
	if resp.Header.Get(PeerRefusedHeader) != "" {
		var eb struct {
			Error errorBody `json:"error"`
		}
		json.Unmarshal(data, &eb)
		err := fmt.Errorf("%s refused this instance as a peer (%q): give every instance the same --cluster-secret-file, synchronized clocks and a --peer that covers the others", owner, eb.Error.Message)
		f.log.Error("a peer refused this instance's request", "owner", owner, "path", path, "err", err)
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
			return f.garbage(owner, path, resp, "a refusal without an error code")
		}
		err := game.Errorf(eb.Error.Code, "%s", eb.Error.Message)
		if eb.Error.Reason != "" {
			err = &table.Refusal{Reason: eb.Error.Reason, Err: err}
		}
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return f.garbage(owner, path, resp, "neither an answer nor a refusal")
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return f.garbage(owner, path, resp, "an answer that is not JSON of the API ("+err.Error()+")")
	}
	return nil
}

// garbage logs an owner's answer that is not one of its API's (what) and
// returns what the client hears: nothing was played here, and it may try
// again.
func (f *Forwarder) garbage(owner, path string, resp *http.Response, what string) error {
	f.log.Warn("a peer answered garbage", "owner", owner, "path", path, "status", resp.StatusCode, "what", what)
	return errGarbage(what)
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
	if out.Player == nil || out.N < 1 || out.Move == "" {
		const what = "an action without its number, player or move"
		f.log.Warn("a peer answered garbage", "owner", owner, "table", id, "what", what)
		return store.Action{}, errGarbage(what)
	}
	return store.Action{N: out.N, Player: *out.Player, Move: out.Move, Ms: out.Ms, ClientSeq: seq}, nil
}

// Join implements [table.Remote]: the account travels in the signed body.
func (f *Forwarder) Join(ctx context.Context, owner, id, name string, seat int, account string) (game.Player, string, error) {
	req := joinRequest{Name: name, Account: account}
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
// forwarded it and proved it (see checkPeer).
func forwardedContext(r *http.Request) context.Context {
	if _, ok := fromPeer(r); ok {
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
