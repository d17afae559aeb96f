package server

import (
	"encoding/base64"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"time"

	"minehall/game"
	"minehall/store"
)

// The Web Push API (see notifier.go and docs/protocol.md):
//
//	GET    /api/push/key                 {"public_key", "kinds"}: the VAPID key and the kinds sent
//	POST   /api/push/subscriptions       {"endpoint", "keys": {"p256dh", "auth"}}: subscribe this browser
//	DELETE /api/push/subscriptions       {"endpoint"}: unsubscribe it
//	GET    /api/account/notifications    {"kinds", "available", "push", "email"}
//	POST   /api/account/notifications    {"kinds"}: the kinds the account opts in to
//
// All but the key need a signed-in session; all answer not_found when the
// server sends no pushes.

// maxPushSubscriptions caps the browsers of one account that get pushes.
const maxPushSubscriptions = 10

func (s *Server) routePush() {
	s.mux.HandleFunc("GET /api/push/key", s.pushKey)
	s.mux.HandleFunc("POST /api/push/subscriptions", s.subscribePush)
	s.mux.HandleFunc("DELETE /api/push/subscriptions", s.unsubscribePush)
	s.mux.HandleFunc("GET /api/account/notifications", s.getNotifySettings)
	s.mux.HandleFunc("POST /api/account/notifications", s.setNotifySettings)
}

// pushOn answers not_found and reports false when the server sends no
// pushes.
func (s *Server) pushOn(w http.ResponseWriter) bool {
	if s.cfg.Notifier == nil {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server sends no push notifications"))
		return false
	}
	return true
}

func (s *Server) pushKey(w http.ResponseWriter, r *http.Request) {
	if !s.pushOn(w) {
		return
	}
	pub, _, err := s.cfg.Notifier.Keys(r.Context())
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"public_key": pub, "kinds": store.NotifyKinds})
}

// pushSubscription is a browser's PushSubscription as its toJSON gives it.
type pushSubscription struct {
	Endpoint string `json:"endpoint"`
	// ExpirationTime is what browsers send; it is not kept.
	ExpirationTime *float64 `json:"expirationTime,omitempty"`
	Keys           struct {
		P256DH string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// checkEndpoint refuses an endpoint that is no https URL (http only to a
// loopback address, for a push service on the same machine).
func checkEndpoint(endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil || len(endpoint) > 1024 || u.Host == "" {
		return game.Errorf(game.CodeInvalid, "endpoint must be the push service's URL (at most 1024 bytes)")
	}
	if u.Scheme == "https" {
		return nil
	}
	if a, err := netip.ParseAddr(u.Hostname()); u.Scheme == "http" && err == nil && a.IsLoopback() {
		return nil
	}
	return game.Errorf(game.CodeInvalid, "endpoint must be an https URL")
}

// decodeKey decodes a subscription key (base64url, with or without
// padding) of n bytes.
func decodeKey(name, v string, n int) ([]byte, error) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		b, err = base64.URLEncoding.DecodeString(v)
	}
	if err != nil || len(b) != n {
		return nil, game.Errorf(game.CodeInvalid, "keys.%s must be %d bytes in base64url", name, n)
	}
	return b, nil
}

func (s *Server) subscribePush(w http.ResponseWriter, r *http.Request) {
	if !s.pushOn(w) {
		return
	}
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req pushSubscription
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := checkEndpoint(req.Endpoint); err != nil {
		writeError(w, s.log, err)
		return
	}
	if k, err := decodeKey("p256dh", req.Keys.P256DH, 65); err != nil || k[0] != 4 {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "keys.p256dh must be an uncompressed P-256 point (65 bytes) in base64url"))
		return
	}
	if _, err := decodeKey("auth", req.Keys.Auth, 16); err != nil {
		writeError(w, s.log, err)
		return
	}
	ns := s.cfg.Notifier.cfg.Store
	subs, err := ns.PushSubscriptions(r.Context(), who.Account.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	known := slices.ContainsFunc(subs, func(p store.PushSubscription) bool { return p.Endpoint == req.Endpoint })
	if !known && len(subs) >= maxPushSubscriptions {
		writeError(w, s.log, game.Errorf(game.CodeLimit, "an account may get pushes on %d browsers; turn them off on one first", maxPushSubscriptions))
		return
	}
	if err := ns.AddPushSubscription(r.Context(), store.PushSubscription{Endpoint: req.Endpoint, AccountID: who.Account.ID,
		P256DH: req.Keys.P256DH, Auth: req.Keys.Auth, Created: time.Now()}); err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"subscribed": true})
}

func (s *Server) unsubscribePush(w http.ResponseWriter, r *http.Request) {
	if !s.pushOn(w) {
		return
	}
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req struct {
		Endpoint string `json:"endpoint"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if req.Endpoint == "" {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "endpoint is missing"))
		return
	}
	if err := s.cfg.Notifier.cfg.Store.DeletePushSubscription(r.Context(), who.Account.ID, req.Endpoint); err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"subscribed": false})
}

// notifySettings is what the account page shows of the notifications.
type notifySettings struct {
	// Kinds are the kinds opted in to; Available those the server sends.
	Kinds     []string `json:"kinds"`
	Available []string `json:"available"`
	// Push says the server sends pushes; Devices counts the account's
	// browsers that get them.
	Push    bool `json:"push"`
	Devices int  `json:"devices"`
	// Email is the account's address, when the server sends mail.
	Email *emailInfo `json:"email,omitempty"`
	// Mail says the server sends mail.
	Mail bool `json:"mail"`
}

func (s *Server) getNotifySettings(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	out, err := s.notifySettingsOf(r, who.Account.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) notifySettingsOf(r *http.Request, accountID string) (notifySettings, error) {
	out := notifySettings{Kinds: []string{}, Available: store.NotifyKinds}
	ns := s.notifications()
	if ns == nil {
		return out, nil
	}
	var err error
	if out.Kinds, err = ns.NotifyKinds(r.Context(), accountID); err != nil {
		return out, err
	}
	if s.cfg.Notifier != nil {
		subs, err := ns.PushSubscriptions(r.Context(), accountID)
		if err != nil {
			return out, err
		}
		out.Push, out.Devices = true, len(subs)
	}
	if s.cfg.Mailer != nil {
		out.Mail = true
		e, err := ns.Email(r.Context(), accountID)
		switch {
		case err == nil:
			out.Email = &emailInfo{Address: e.Address, Verified: e.Verified, Digest: e.Digest}
		case game.ErrorCode(err) != game.CodeNotFound:
			return out, err
		}
	}
	return out, nil
}

func (s *Server) setNotifySettings(w http.ResponseWriter, r *http.Request) {
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	ns := s.notifications()
	if ns == nil {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server sends no notifications"))
		return
	}
	var req struct {
		Kinds []string `json:"kinds"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	for _, k := range req.Kinds {
		if !slices.Contains(store.NotifyKinds, k) {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "unknown kind of notification %q (there are %v)", k, store.NotifyKinds))
			return
		}
	}
	if err := ns.SetNotifyKinds(r.Context(), who.Account.ID, req.Kinds); err != nil {
		writeError(w, s.log, err)
		return
	}
	out, err := s.notifySettingsOf(r, who.Account.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// notifications returns the store of notifications of the pushes or the
// mail, nil when the server sends neither.
func (s *Server) notifications() store.Notifications {
	switch {
	case s.cfg.Notifier != nil:
		return s.cfg.Notifier.cfg.Store
	case s.cfg.Mailer != nil:
		return s.cfg.Mailer.cfg.Store
	}
	return nil
}
