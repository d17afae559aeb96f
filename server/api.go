package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// maxBody caps a JSON request body.
const maxBody = 64 << 10

// gameInfo is a game as /api/games lists it.
type gameInfo struct {
	game.Spec
	Bots []string `json:"bots"`
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) {
	out := []gameInfo{}
	for _, g := range s.cfg.Registry.Games() {
		out = append(out, gameInfo{Spec: g.Spec(), Bots: table.BotNames(g)})
	}
	writeJSON(w, http.StatusOK, out)
}

// decodeBody decodes a JSON body into v, refusing unknown fields, trailing
// data and bodies over maxBody.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return errBodyTooLarge(maxBody)
		case errors.Is(err, io.EOF):
			return game.Errorf(game.CodeInvalid, "the request body is empty; send a JSON object")
		}
		return game.Errorf(game.CodeInvalid, "the request body is not valid: %v", err)
	}
	if dec.More() {
		return game.Errorf(game.CodeInvalid, "the request body has data after the JSON object")
	}
	return nil
}

// bearer returns the token of an "Authorization: Bearer" header.
func bearer(r *http.Request) string {
	tok, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return strings.TrimSpace(tok)
}

// created is the answer to creating a table or a rematch.
type created struct {
	Table      table.Info `json:"table"`
	OwnerToken string     `json:"owner_token"`
	// Here are the tokens of the seats made on the creator's device.
	Here []table.SeatToken `json:"here,omitempty"`
	// Link is the table's path to share: who opens it may join a free seat.
	// A private table's carries its invitation (?invite=SECRET).
	Link string `json:"link"`
}

func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	var req table.CreateRequest
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := asAccount(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.checkCreate(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	done, err := s.quotas.create(s.clientOf(r))
	if err != nil {
		s.refuse(w, err)
		return
	}
	t, tok, err := s.cfg.Hall.Open(r.Context(), req)
	if err != nil {
		done("")
		writeError(w, s.log, err)
		return
	}
	done(t.ID())
	s.log.Info("table created", "table", t.ID(), "game", req.Game, "players", req.Players)
	inv, _ := t.Invite(tok.Owner)
	writeJSON(w, http.StatusCreated, created{Table: t.Info(), OwnerToken: tok.Owner, Here: tok.Here, Link: tableLink(t.ID(), inv)})
}

func (s *Server) listTables(w http.ResponseWriter, r *http.Request) {
	var statuses []store.Status
	if v := r.URL.Query().Get("status"); v != "" {
		for _, st := range strings.Split(v, ",") {
			if !store.Status(st).Valid() {
				writeError(w, s.log, game.Errorf(game.CodeInvalid, "status %q is not open, playing or finished", st))
				return
			}
			statuses = append(statuses, store.Status(st))
		}
	}
	limit := 100
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "limit %q is not a number from 1 to 1000", v))
			return
		}
		limit = n
	}
	// Private tables are left out for everyone: their people find them
	// under "My tables" (GET /api/account/tables) or by their link.
	infos, err := s.cfg.Hall.ListWhere(r.Context(), store.Filter{Status: statuses, Limit: limit, Public: true})
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, infos)
}

func (s *Server) getTable(w http.ResponseWriter, r *http.Request) {
	info, err := s.cfg.Hall.Info(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, info)
}

// joinRequest asks for a seat; Seat nil means the first free one. Account
// is the ID of the signed-in account that another instance forwards the
// join for, and only another instance may set it (see checkPeer).
type joinRequest struct {
	Name    string `json:"name"`
	Seat    *int   `json:"seat,omitempty"`
	Account string `json:"account,omitempty"`
}

type joined struct {
	Seat  game.Player `json:"seat"`
	Token string      `json:"token"`
}

func (s *Server) joinTable(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.quotas.join(s.clientOf(r)); err != nil {
		s.refuse(w, err)
		return
	}
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	seat := -1
	if req.Seat != nil {
		if *req.Seat < 0 {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "seat %d is not a seat number", *req.Seat))
			return
		}
		seat = *req.Seat
	}
	name, id := req.Name, ""
	if who := signedInFrom(r); who != nil {
		name, id = who.Account.Name, who.Account.ID
	}
	if req.Account != "" {
		if _, ok := fromPeer(r); !ok {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "account is set only by the server; sign in to take a seat with your account"))
			return
		}
		id = req.Account
	}
	p, token, err := t.JoinAccount(forwardedContext(r), name, seat, id)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, joined{Seat: p, Token: token})
}

func (s *Server) startTable(w http.ResponseWriter, r *http.Request) {
	s.changeTable(w, r, func(t *table.Table) error { return t.Start(forwardedContext(r), bearer(r)) })
}

// actRequest is an action sent over HTTP.
type actRequest struct {
	Move string `json:"move"`
	Seq  int64  `json:"seq"`
}

// acted answers an action sent over HTTP once it is stored: its number,
// and the action as recorded (the seat, its notation, its time in
// milliseconds since the start), so that a forwarding instance can apply
// it at once.
type acted struct {
	N      int64        `json:"n"`
	Player *game.Player `json:"player"`
	Move   string       `json:"move"`
	Ms     int64        `json:"ms"`
}

// actTable applies an action for the seat whose token is the bearer: the
// HTTP form of the WebSocket's act frame, which instances use to forward
// actions to the one that runs the table.
func (s *Server) actTable(w http.ResponseWriter, r *http.Request) {
	var req actRequest
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
	seat, err := t.Authenticate(token)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	start := time.Now()
	act, err := t.Submit(forwardedContext(r), seat, token, req.Move, req.Seq)
	s.metrics.observeAction(t.Game().Spec().ID, game.ErrorCode(err), time.Since(start))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, acted{N: act.N, Player: &act.Player, Move: act.Move, Ms: act.Ms})
}

// rematchOffer answers an offer of a rematch: the rematch, and the
// offerer's seat there with its token (absent for an offer made with the
// owner's token). OwnerToken and Here are set only when this offer made
// the rematch.
type rematchOffer struct {
	Table      table.Info        `json:"table"`
	OwnerToken string            `json:"owner_token,omitempty"`
	Here       []table.SeatToken `json:"here,omitempty"`
	Seat       *table.SeatToken  `json:"seat,omitempty"`
	Link       string            `json:"link"`
}

// rematchTable offers a rematch of a finished table with its owner's
// token or one of its seats' (see [table.Hall.Rematch]): 201 when the
// offer made the rematch, 200 when it joined the one offered before.
func (s *Server) rematchTable(w http.ResponseWriter, r *http.Request) {
	done, err := s.quotas.create(s.clientOf(r))
	if err != nil {
		s.refuse(w, err)
		return
	}
	re, err := s.cfg.Hall.Rematch(forwardedContext(r), r.PathValue("id"), bearer(r))
	if err != nil {
		done("")
		writeError(w, s.log, err)
		return
	}
	status := http.StatusOK
	if re.Tokens.Owner != "" {
		status = http.StatusCreated
		done(re.Table.ID())
	} else {
		done("")
	}
	token := re.Tokens.Owner
	if re.Seat != nil {
		token = re.Seat.Token
	}
	inv, _ := re.Table.Invite(token)
	writeJSON(w, status, rematchOffer{Table: re.Table.Info(), OwnerToken: re.Tokens.Owner, Here: re.Tokens.Here, Seat: re.Seat, Link: tableLink(re.Table.ID(), inv)})
}

func (s *Server) tableRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rec, err := s.cfg.Hall.Record(r.Context(), id)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "minehall-"+rec.Game+"-"+id+".json"))
	writeJSON(w, http.StatusOK, rec)
}

func (s *Server) tableReplay(w http.ResponseWriter, r *http.Request) {
	step := int64(0)
	if v := r.URL.Query().Get("step"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "step %q is not a number of actions (0 or more)", v))
			return
		}
		step = n
	}
	st, err := s.cfg.Hall.Replay(r.Context(), r.PathValue("id"), step)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}
