package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/store"
)

// The account's own settings: its sessions, its password, and deleting
// it. Each needs a signed-in session (so a CSRF token and an Origin, see
// authenticate).
//
//	GET  /api/account/sessions            the account's sessions
//	POST /api/account/sessions/signout    {"others": true}: end every other session
//	POST /api/account/password            {"password", "new_password"}
//	POST /api/account/delete              {"password"} or, without one, {"name"}

// addressSummary is where a session signed in from, as its list shows it:
// the client's IPv4 /24 or IPv6 /48 network, no finer.
func addressSummary(c client) string {
	bits := 24
	if c.addr.Is6() {
		bits = 48
	}
	if !c.addr.IsValid() {
		return ""
	}
	p, err := c.addr.Prefix(bits)
	if err != nil {
		return ""
	}
	return p.String()
}

// signedInOr answers unauthorized and returns nil when r has no session.
func (s *Server) signedInOr(w http.ResponseWriter, r *http.Request) *signedIn {
	if !s.accountsOn(w, r) {
		return nil
	}
	who := signedInFrom(r)
	if who == nil {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "you are not signed in"))
	}
	return who
}

// sessionInfo is one session in the account's list.
type sessionInfo struct {
	Created   time.Time `json:"created"`
	Expires   time.Time `json:"expires"`
	UserAgent string    `json:"user_agent"`
	Address   string    `json:"address"`
	// Current marks the session of the request.
	Current bool `json:"current"`
}

func (s *Server) listSessions(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	ss, err := s.cfg.Accounts.Sessions(r.Context(), who.Account.ID, time.Now())
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	mine := account.HashToken(who.Token)
	out := make([]sessionInfo, 0, len(ss))
	for _, se := range ss {
		out = append(out, sessionInfo{Created: se.Created.UTC(), Expires: se.Expires.UTC(), UserAgent: se.UserAgent, Address: se.Address,
			Current: string(se.Hash) == string(mine)})
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]any{"sessions": out})
}

// signOutOthers ends every session of the account but the request's.
func (s *Server) signOutOthers(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req struct {
		Others bool `json:"others"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if !req.Others {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, `say {"others": true} to sign out every other session; POST /api/account/signout ends this one`))
		return
	}
	n, err := s.cfg.Accounts.DeleteOtherSessions(r.Context(), who.Account.ID, account.HashToken(who.Token))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"signed_out": n})
}

// checkOwnPassword verifies the account's password in a hasher slot,
// counting a wrong one in the throttle as a sign-in would; it answers the
// refusal and reports false unless pw is right.
func (s *Server) checkOwnPassword(w http.ResponseWriter, r *http.Request, a *store.Account, pw string) bool {
	source := "session:" + a.ID
	if wait := s.throttle.wait(a.NameKey, source, true, time.Now()); wait > 0 {
		s.refuse(w, refuse("passwords", wait, "too many wrong passwords; try again in %s", seconds(wait)))
		return false
	}
	ok, err := s.hasher.Verify(r.Context(), pw, a.PasswordHash)
	switch {
	case errors.Is(err, account.ErrHashersBusy):
		s.refuseHash(w, err)
		return false
	case err != nil:
		writeError(w, s.log, game.Errorf(game.CodeInternal, "account %s: %v", a.ID, err))
		return false
	case !ok:
		s.throttle.failed(a.NameKey, source, true, time.Now())
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "the current password is wrong"))
		return false
	}
	return true
}

// changePassword sets a new password, given the current one, and signs out
// every other session of the account. An account with passkeys only adds
// its first password this way, with no current one.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req struct {
		Password    string `json:"password"`
		NewPassword string `json:"new_password"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := account.CheckPassword(req.NewPassword); err != nil {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "new_password: %v", err))
		return
	}
	a := who.Account
	if a.PasswordHash != "" && !s.checkOwnPassword(w, r, a, req.Password) {
		return
	}
	hash, err := s.hasher.Hash(r.Context(), req.NewPassword)
	if err != nil {
		s.refuseHash(w, err)
		return
	}
	if err := s.cfg.Accounts.SetPassword(r.Context(), a.ID, hash, account.HashToken(who.Token)); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.log.Info("password changed", "account", a.ID)
	writeJSON(w, http.StatusOK, map[string]bool{"changed": true})
}

// noUnfinishedSeats refuses to delete an account that holds a seat at an
// unfinished table: the table would go on under its name, and record its
// game when it ends.
func (s *Server) noUnfinishedSeats(ctx context.Context, id string) error {
	ts, err := s.cfg.Hall.AccountTables(ctx, id, 0)
	if err != nil {
		return err
	}
	n := 0
	for _, at := range ts {
		if at.Info.Status != store.StatusFinished && int(at.Seat) < len(at.Info.Seats) && at.Info.Seats[at.Seat].Account {
			n++
		}
	}
	if n > 0 {
		return game.Errorf(game.CodeConflict, "the account holds a seat at %d unfinished tables: finish or leave them (My tables) before deleting it", n)
	}
	return nil
}

// deleteAccount deletes the account, given its password or, for an
// account with passkeys only, its name typed again, and when it holds no
// seat at an unfinished table; its seats in the records of tables keep
// the name "deleted player".
func (s *Server) deleteAccount(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req struct {
		Password string `json:"password"`
		Name     string `json:"name"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	a := who.Account
	if a.PasswordHash != "" {
		if req.Password == "" {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "deleting the account needs its password"))
			return
		}
		if !s.checkOwnPassword(w, r, a, req.Password) {
			return
		}
	} else if _, key, err := account.CheckName(req.Name); err != nil || key != a.NameKey {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "type the account's name, %q, to delete it", a.Name))
		return
	}
	if err := s.noUnfinishedSeats(r.Context(), a.ID); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.cfg.Accounts.DeleteAccount(r.Context(), a.ID, account.DeletedName); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.log.Info("account deleted", "account", a.ID)
	s.endSession(w, r)
	http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: "", Path: "/api/account/", MaxAge: -1, HttpOnly: true,
		Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, map[string]bool{"deleted": true})
}
