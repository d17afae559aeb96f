package server

import (
	"net/http"
	"strconv"

	"minehall/game"
	"minehall/table"
)

// leaveRequest may name the seat that leaves, which must be the token's.
type leaveRequest struct {
	Seat *int `json:"seat,omitempty"`
}

// leaveTable lets the person whose seat token is the bearer leave: before
// the start the seat is freed, during play a stand-in takes it over.
func (s *Server) leaveTable(w http.ResponseWriter, r *http.Request) {
	var req leaveRequest
	if err := decodeOptionalBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.changeTable(w, r, func(t *table.Table) error {
		token := bearer(r)
		seat, err := t.Authenticate(token)
		if err != nil {
			return err
		}
		if req.Seat != nil && *req.Seat != int(seat) {
			return game.Errorf(game.CodeUnauthorized, "seat %d is not yours; your token is seat %d's", *req.Seat+1, seat+1)
		}
		return t.Leave(forwardedContext(r), seat, token)
	})
}

// reclaimSeat gives the seat whose token is the bearer back to its person.
func (s *Server) reclaimSeat(w http.ResponseWriter, r *http.Request) {
	if err := decodeOptionalBody(r, &struct{}{}); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.changeTable(w, r, func(t *table.Table) error {
		token := bearer(r)
		seat, err := t.Authenticate(token)
		if err != nil {
			return err
		}
		return t.Reclaim(forwardedContext(r), seat, token)
	})
}

// seatBotRequest names the bot level for a seat; empty for the default.
type seatBotRequest struct {
	Bot string `json:"bot"`
}

// seatBot puts a bot in a seat of an unstarted table, for its owner.
func (s *Server) seatBot(w http.ResponseWriter, r *http.Request) {
	var req seatBotRequest
	if err := decodeOptionalBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	seat, ok := s.seatParam(w, r)
	if !ok {
		return
	}
	s.changeTable(w, r, func(t *table.Table) error { return t.SeatBot(forwardedContext(r), bearer(r), seat, req.Bot) })
}

// standInNow hands an offline person's seat to a stand-in at once, for the
// owner of a private table, instead of waiting out their grace.
func (s *Server) standInNow(w http.ResponseWriter, r *http.Request) {
	if err := decodeOptionalBody(r, &struct{}{}); err != nil {
		writeError(w, s.log, err)
		return
	}
	seat, ok := s.seatParam(w, r)
	if !ok {
		return
	}
	s.changeTable(w, r, func(t *table.Table) error { return t.StandInNow(forwardedContext(r), bearer(r), seat) })
}

// seatParam returns the seat number {seat} of the request's path, or
// answers the error itself when it is not one.
func (s *Server) seatParam(w http.ResponseWriter, r *http.Request) (int, bool) {
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil || seat < 0 {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "seat %q is not a seat number (0 for the first)", r.PathValue("seat")))
		return 0, false
	}
	return seat, true
}

// abortTable calls an unstarted table off, for its owner.
func (s *Server) abortTable(w http.ResponseWriter, r *http.Request) {
	if err := decodeOptionalBody(r, &struct{}{}); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.changeTable(w, r, func(t *table.Table) error { return t.Abort(forwardedContext(r), bearer(r)) })
}

// changeTable makes change to the table of the request and answers the
// table as it is then, or the error: the shape of every request that
// changes a table's seats or settings.
func (s *Server) changeTable(w http.ResponseWriter, r *http.Request, change func(t *table.Table) error) {
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err == nil {
		err = change(t)
	}
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, t.Info())
}

// decodeOptionalBody decodes a JSON body into v as decodeBody does, but
// takes an empty body as an empty object.
func decodeOptionalBody(r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return decodeBody(r, v)
}

// reportPresence takes another instance's report of the presence of a
// table's seats (see table.Table.ReportPresence); only instances send it,
// and only those whose authenticator checked are heard.
func (s *Server) reportPresence(w http.ResponseWriter, r *http.Request) {
	if _, ok := fromPeer(r); !ok {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "presence reports come only from other instances, with the cluster's %s", PeerAuthHeader))
		return
	}
	var req presenceReport
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	seats, spectators, err := t.ReportPresence(req.From, req.Seats, req.Spectators)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, presenceReport{From: "owner", Seats: seats, Spectators: spectators})
}

// seatOfRequest finds the table of the request and the seat whose token
// is the bearer, answering the error itself when either is wrong.
func (s *Server) seatOfRequest(w http.ResponseWriter, r *http.Request) (*table.Table, game.Player, string, bool) {
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return nil, 0, "", false
	}
	token := bearer(r)
	seat, err := t.Authenticate(token)
	if err != nil {
		writeError(w, s.log, err)
		return nil, 0, "", false
	}
	return t, seat, token, true
}
