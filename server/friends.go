package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/store"
)

// The friends API (see docs/protocol.md). Every route needs a signed-in
// account (401 otherwise) and a server with accounts kept in a store that
// keeps friends (404 otherwise):
//
//	POST /api/players/{name}/follow     follow the account
//	POST /api/players/{name}/unfollow   stop following it
//	POST /api/players/{name}/block      block it (ends the follows both ways and the open challenges)
//	POST /api/players/{name}/unblock    unblock it
//	GET  /api/players/{name}/relation   {"follows", "followed_by", "friends", "blocks", "online", "table"}
//	GET  /api/account/following?after=&limit=   {"entries": [friendEntry…], "next"}
//	GET  /api/account/followers?after=&limit=
//	GET  /api/account/blocks?after=&limit=
func (s *Server) routeFriends() {
	s.mux.HandleFunc("POST /api/players/{name}/follow", s.friendAction(func(r *http.Request, fs store.Friends, me, them string) error {
		return fs.Follow(r.Context(), me, them, time.Now())
	}))
	s.mux.HandleFunc("POST /api/players/{name}/unfollow", s.friendAction(func(r *http.Request, fs store.Friends, me, them string) error {
		return fs.Unfollow(r.Context(), me, them)
	}))
	s.mux.HandleFunc("POST /api/players/{name}/block", s.friendAction(func(r *http.Request, fs store.Friends, me, them string) error {
		err := fs.Block(r.Context(), me, them, time.Now())
		s.blocks.forget(me)
		if err != nil {
			return err
		}
		s.live.poke(me, them)
		return nil
	}))
	s.mux.HandleFunc("POST /api/players/{name}/unblock", s.friendAction(func(r *http.Request, fs store.Friends, me, them string) error {
		err := fs.Unblock(r.Context(), me, them)
		s.blocks.forget(me)
		return err
	}))
	s.mux.HandleFunc("GET /api/players/{name}/relation", s.getRelation)
	s.mux.HandleFunc("GET /api/account/following", s.friendList(store.Friends.Following))
	s.mux.HandleFunc("GET /api/account/followers", s.friendList(store.Friends.Followers))
	s.mux.HandleFunc("GET /api/account/blocks", s.friendList(store.Friends.Blocked))
	s.routeChallenges()
	s.mux.HandleFunc("GET /ws/live", s.serveLive)
}

// onlineWithin is how recent an account's last heartbeat must be for it
// to count as online: a little over two of its live channel's heartbeats.
func (s *Server) onlineWithin() time.Duration { return 2*s.presenceEvery() + 15*time.Second }

// presenceEvery is how often an open live channel records its account's
// presence.
func (s *Server) presenceEvery() time.Duration {
	if s.cfg.PresenceEvery > 0 {
		return s.cfg.PresenceEvery
	}
	return 30 * time.Second
}

// friends returns the store of friends, or answers not_found and nil when
// the server keeps none; and the signed-in account, or answers
// unauthorized and nil.
func (s *Server) friendsOr(w http.ResponseWriter, r *http.Request) (store.Friends, *signedIn) {
	who := s.signedInOr(w, r)
	if who == nil {
		return nil, nil
	}
	fs, ok := s.cfg.Accounts.(interface{ Friends() store.Friends })
	if !ok {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server keeps no friends"))
		return nil, nil
	}
	return fs.Friends(), who
}

// accountNamed returns the account named name; CodeNotFound, naming it,
// when there is none.
func (s *Server) accountNamed(r *http.Request, name string) (*store.Account, error) {
	_, key, err := account.CheckName(name)
	if err != nil {
		return nil, game.Errorf(game.CodeNotFound, "there is no player %q", name)
	}
	a, err := s.cfg.Accounts.AccountByName(r.Context(), key)
	if game.ErrorCode(err) == game.CodeNotFound {
		return nil, game.Errorf(game.CodeNotFound, "there is no player %q", name)
	}
	return a, err
}

// friendAction serves a POST that changes how the signed-in account
// stands to the account {name}, and answers the relation after it.
func (s *Server) friendAction(change func(r *http.Request, fs store.Friends, me, them string) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fs, who := s.friendsOr(w, r)
		if fs == nil {
			return
		}
		if err := decodeOptionalBody(r, &struct{}{}); err != nil {
			writeError(w, s.log, err)
			return
		}
		them, err := s.accountNamed(r, r.PathValue("name"))
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		if err := change(r, fs, who.Account.ID, them.ID); err != nil {
			writeError(w, s.log, err)
			return
		}
		s.answerRelation(w, r, fs, who.Account.ID, them.ID)
	}
}

// relationAnswer is how the signed-in account stands to another: Online
// and Table (a public table its page shows) only for an account it
// follows or that follows it.
type relationAnswer struct {
	Follows    bool   `json:"follows"`
	FollowedBy bool   `json:"followed_by"`
	Friends    bool   `json:"friends"`
	Blocks     bool   `json:"blocks"`
	Online     bool   `json:"online"`
	Table      string `json:"table,omitempty"`
}

func (s *Server) getRelation(w http.ResponseWriter, r *http.Request) {
	fs, who := s.friendsOr(w, r)
	if fs == nil {
		return
	}
	them, err := s.accountNamed(r, r.PathValue("name"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	s.answerRelation(w, r, fs, who.Account.ID, them.ID)
}

func (s *Server) answerRelation(w http.ResponseWriter, r *http.Request, fs store.Friends, me, them string) {
	rel, err := fs.Relation(r.Context(), me, them)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	// A block the other made is not told: the refusals say it when it
	// matters.
	a := relationAnswer{Follows: rel.Follows, FollowedBy: rel.FollowedBy, Friends: rel.Follows && rel.FollowedBy, Blocks: rel.Blocks}
	if rel.Follows || rel.FollowedBy {
		seen, table, err := fs.Presence(r.Context(), them)
		if err == nil {
			fe := s.friendEntryOf(r, store.FollowEntry{Seen: seen, Table: table})
			a.Online, a.Table = fe.Online, fe.Table
		}
	}
	writeJSON(w, http.StatusOK, a)
}

// friendEntry is one account of a list: Friend when the two follow each
// other; Online when it has a page open; Table the public table that page
// shows, to watch (a private table is never told).
type friendEntry struct {
	Name   string    `json:"name"`
	Since  time.Time `json:"since"`
	Friend bool      `json:"friend"`
	Online bool      `json:"online"`
	Table  string    `json:"table,omitempty"`
}

// listAnswer is a page of a list and the cursor of the next ("" after the
// last).
type listAnswer[T any] struct {
	Entries []T    `json:"entries"`
	Next    string `json:"next"`
}

// pageOf reads the after and limit parameters of a list (limit 1 to 100,
// default 50).
func pageOf(r *http.Request) (store.Page, error) {
	p := store.Page{After: r.URL.Query().Get("after"), Limit: 50}
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return p, game.Errorf(game.CodeInvalid, "limit %q is not a number from 1 to 100", v)
		}
		p.Limit = n
	}
	return p, nil
}

func (s *Server) friendEntryOf(r *http.Request, e store.FollowEntry) friendEntry {
	fe := friendEntry{Name: e.Name, Since: e.Since, Friend: e.Mutual}
	fe.Online = !e.Seen.IsZero() && time.Since(e.Seen) < s.onlineWithin()
	if fe.Online && e.Table != "" {
		// Told only while the table is public and not over.
		if info, err := s.cfg.Hall.Info(r.Context(), e.Table); err == nil && !info.Private && info.Status != store.StatusFinished {
			fe.Table = e.Table
		}
	}
	return fe
}

func (s *Server) friendList(list func(store.Friends, context.Context, string, store.Page) ([]store.FollowEntry, string, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fs, who := s.friendsOr(w, r)
		if fs == nil {
			return
		}
		p, err := pageOf(r)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		es, next, err := list(fs, r.Context(), who.Account.ID, p)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		out := listAnswer[friendEntry]{Entries: []friendEntry{}, Next: next}
		for _, e := range es {
			out.Entries = append(out.Entries, s.friendEntryOf(r, e))
		}
		writeJSON(w, http.StatusOK, out)
	}
}
