package server

import (
	"cmp"
	"net/http"
	"slices"

	"minehall/account"
	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// inviteCookiePrefix names the cookie in which a browser keeps the
// invitation of private table ID ("minehall_invite_ID"), so that its
// requests and its WebSocket carry it without the link's query.
const inviteCookiePrefix = "minehall_invite_"

// inviteOf returns the invitation a request carries for table id: its
// "invite" query parameter, else the browser's invitation cookie.
func inviteOf(r *http.Request, id string) string {
	if v := r.URL.Query().Get("invite"); v != "" {
		return v
	}
	if c, err := r.Cookie(inviteCookiePrefix + id); err == nil {
		return c.Value
	}
	return ""
}

// inviteFor returns the invitation a request carries for table id (see
// inviteOf), or else, for a rematch, the invitation it carries for the
// table it is a rematch of: a private table's rematch keeps its
// invitation.
func (s *Server) inviteFor(r *http.Request, id string) string {
	if inv := inviteOf(r, id); inv != "" {
		return inv
	}
	if in, err := s.cfg.Hall.Info(r.Context(), id); err == nil && in.RematchOf != "" {
		return inviteOf(r, in.RematchOf)
	}
	return ""
}

// accountOf returns the ID of the request's signed-in account, "" for a
// guest.
func accountOf(r *http.Request) string {
	if who := signedInFrom(r); who != nil {
		return who.Account.ID
	}
	return ""
}

// invited serves next only if the request may see table {id}: a public
// table, or a private one with its invitation, an owner's or seat's token
// as bearer, or the signed-in account of one of its seats (see
// table.Access), or a request that another instance forwarded and proved
// (see checkPeer): that instance checked its client's access where the
// request came in. Otherwise it answers 401 and nothing changes.
func (s *Server) invited(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		if _, ok := fromPeer(r); ok {
			next(w, r)
			return
		}
		err := s.cfg.Hall.Access(r.Context(), id, inviteOf(r, id), bearer(r), accountOf(r))
		if game.ErrorCode(err) == game.CodeUnauthorized {
			// A rematch keeps the invitation of its first table.
			err = s.cfg.Hall.Access(r.Context(), id, s.inviteFor(r, id), bearer(r), accountOf(r))
		}
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		next(w, r)
	}
}

// tableLink returns the path that invites to a table: for a private one
// with its invitation.
func tableLink(id, invite string) string {
	if invite == "" {
		return "/tables/" + id
	}
	return "/tables/" + id + "?invite=" + invite
}

// checkCreate gives each seat of a new private table reserved for an
// account's name that account's ID and its name as the account wrote it
// (table.Open checks the rest). An unknown name is CodeNotFound, a seat
// reserved at a public table CodeInvalid.
func (s *Server) checkCreate(r *http.Request, req *table.CreateRequest) error {
	for i := range req.Seats {
		sr := &req.Seats[i]
		if sr.ReservedFor == "" {
			continue
		}
		if !req.Private {
			return game.Errorf(game.CodeInvalid, "seat %d: seats are reserved only at a private table; tick private", i)
		}
		if s.cfg.Accounts == nil {
			return game.Errorf(game.CodeInvalid, "seat %d: this server has no accounts to reserve a seat for", i)
		}
		name, err := table.CheckName(sr.ReservedFor)
		if err != nil {
			return game.Errorf(game.CodeInvalid, "seat %d: reserved_for: %v", i, err)
		}
		a, err := s.cfg.Accounts.AccountByName(r.Context(), account.NameKey(name))
		if game.ErrorCode(err) == game.CodeNotFound {
			return game.Errorf(game.CodeNotFound, "seat %d: there is no account named %q to reserve it for", i, name)
		}
		if err != nil {
			return err
		}
		sr.ReservedFor, sr.ReservedAccount = a.Name, a.ID
	}
	return nil
}

// inviteAnswer is a private table's invitation, for its owner and its
// seated people to pass on; Invite and Link are empty for a public table.
type inviteAnswer struct {
	Invite string `json:"invite"`
	Link   string `json:"link"`
}

// tableInvite answers the invitation of table {id} to its owner or a
// seated person (the bearer's token).
func (s *Server) tableInvite(w http.ResponseWriter, r *http.Request) {
	t, err := s.cfg.Hall.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	inv, err := t.Invite(bearer(r))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, inviteAnswer{Invite: inv, Link: tableLink(t.ID(), inv)})
}

// tableTurn says whom table {id} waits for now: the seats that may act
// (empty unless it is playing). Who may act is public; a private table
// answers only who may see it.
type tableTurn struct {
	ToMove []game.Player `json:"to_move"`
}

func (s *Server) getTurn(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.cfg.Hall.Info(r.Context(), id); err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, tableTurn{ToMove: append([]game.Player{}, s.cfg.Hall.Actors(id)...)})
}

// myTable is a table of the signed-in account, as "My tables" lists it.
type myTable struct {
	Table table.Info `json:"table"`
	// Seat is the account's seat, or the seat reserved for it while it
	// is free.
	Seat game.Player `json:"seat"`
	// Waiting says the table waits for the account: "turn" (it may act
	// now) or "seat" (its reserved seat is still free at an open table);
	// empty when it does not.
	Waiting string `json:"waiting,omitempty"`
}

// myTablesLimit caps the tables GET /api/account/tables lists.
const myTablesLimit = 200

// accountTables lists every table the signed-in account sits at or has a
// seat reserved at, those waiting for it first (its turn, then its seat
// to fill), then the others by status (playing, open, finished), newest
// first within each.
func (s *Server) accountTables(w http.ResponseWriter, r *http.Request) {
	who := signedInFrom(r)
	if who == nil {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "sign in to see your tables; a guest's are the seats this browser holds"))
		return
	}
	ts, err := s.cfg.Hall.AccountTables(r.Context(), who.Account.ID, myTablesLimit)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	out := make([]myTable, 0, len(ts))
	for _, at := range ts {
		mt := myTable{Table: at.Info, Seat: at.Seat}
		switch {
		case at.Info.Status == store.StatusPlaying && slices.Contains(at.ToMove, at.Seat):
			mt.Waiting = "turn"
		case at.Info.Status == store.StatusOpen && int(at.Seat) < len(at.Info.Seats) && !at.Info.Seats[at.Seat].Taken:
			mt.Waiting = "seat"
		}
		out = append(out, mt)
	}
	rank := func(m myTable) int {
		switch {
		case m.Waiting == "turn":
			return 0
		case m.Waiting == "seat":
			return 1
		case m.Table.Status == store.StatusPlaying:
			return 2
		case m.Table.Status == store.StatusOpen:
			return 3
		}
		return 4
	}
	slices.SortStableFunc(out, func(a, b myTable) int { return cmp.Compare(rank(a), rank(b)) })
	writeJSON(w, http.StatusOK, out)
}
