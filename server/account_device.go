package server

import (
	"context"
	"encoding/hex"
	"net/http"
	"time"

	"minehall/account"
	"minehall/store"
)

// A device is a browser known to have signed in to an account: the
// cookie deviceCookie holds its random token, the store its SHA-256 (see
// store.Device). The wrong-password throttle spares it the waits an
// account's name gets from elsewhere (see passwordThrottle).

// signInSource is what a password sign-in for a counts under in the
// throttle: the device cookie when it is a device known to a (known is
// then true), else the client's address.
func (s *Server) signInSource(r *http.Request, a *store.Account) (source string, known bool) {
	if a != nil {
		if c, err := r.Cookie(deviceCookie); err == nil && c.Value != "" {
			d, err := s.cfg.Accounts.Device(r.Context(), account.HashToken(c.Value))
			if err == nil && d.AccountID == a.ID {
				return "device:" + hex.EncodeToString(d.Hash), true
			}
		}
	}
	return "addr:" + s.clientOf(r).key.String(), false
}

// rememberDevice makes r's browser a known device of a: it keeps its
// device cookie if the cookie is a's already, else gets a new one.
func (s *Server) rememberDevice(ctx context.Context, w http.ResponseWriter, r *http.Request, a *store.Account) error {
	if c, err := r.Cookie(deviceCookie); err == nil && c.Value != "" {
		if d, err := s.cfg.Accounts.Device(ctx, account.HashToken(c.Value)); err == nil && d.AccountID == a.ID {
			return nil
		}
	}
	token, hash := account.NewToken()
	if err := s.cfg.Accounts.AddDevice(ctx, store.Device{Hash: hash, AccountID: a.ID, Created: time.Now()}); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: token, Path: "/api/account/", MaxAge: int(deviceLife.Seconds()),
		HttpOnly: true, Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
	return nil
}
