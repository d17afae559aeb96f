package server

import (
	"context"
	"net/http"
	"net/mail"
	"strings"
	"sync"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/store"
)

// An account's e-mail address and password reset by mail (docs/protocol.md):
//
//	POST /api/account/email          {"address", "lang"}: set (and mail a link to verify) or, with "", remove it
//	POST /api/account/email/verify   {"token"}: the link's token verifies the address
//	POST /api/account/email/digest   {"digest": true|false}: the daily digest of tables waiting
//	POST /api/account/reset          {"address", "lang"}: mail a reset link if a verified address is an account's
//	POST /api/account/reset/finish   {"token", "password"}: set the new password, sign out every session
//
// All answer not_found when the server sends no mail. The reset request
// answers alike whether or not the address is an account's, and sends
// the mail in the background, so that neither its answer nor its time
// tells; quotas per address and per client address keep it from
// flooding anyone's mailbox.

// The lives of mailed tokens.
const (
	verifyLife = 24 * time.Hour
	resetLife  = time.Hour
)

// Mail quotas: requests for a reset (or verification) mail per hour, per
// e-mail address and per client address.
const (
	mailsPerAddress = 3
	mailsPerClient  = 10
)

// emailInfo is an account's address as the account page shows it.
type emailInfo struct {
	Address  string `json:"address"`
	Verified bool   `json:"verified"`
	Digest   bool   `json:"digest"`
}

// mailLimits counts the mail requests per e-mail address and per client.
type mailLimits struct {
	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

// take counts a request under key, at most n an hour.
func (l *mailLimits) take(key string, n int) error {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buckets == nil || now.Sub(l.swept) > time.Hour {
		// Buckets idle for an hour are full again: forget them all.
		l.buckets, l.swept = map[string]*bucket{}, now
	}
	b := l.buckets[key]
	wait, ok := take(&b, float64(n)/3600, float64(n), now)
	l.buckets[key] = b
	if !ok {
		return refuse("mail", wait, "too many mails asked for: at most %d an hour; try again in %s", n, seconds(wait))
	}
	return nil
}

func (s *Server) routeEmail() {
	s.mux.HandleFunc("POST /api/account/email", s.setEmail)
	s.mux.HandleFunc("POST /api/account/email/verify", s.verifyEmail)
	s.mux.HandleFunc("POST /api/account/email/digest", s.setDigest)
	s.mux.HandleFunc("POST /api/account/reset", s.askReset)
	s.mux.HandleFunc("POST /api/account/reset/finish", s.finishReset)
}

// mailOn answers not_found and reports false when the server sends no
// mail.
func (s *Server) mailOn(w http.ResponseWriter, r *http.Request) bool {
	if !s.accountsOn(w, r) {
		return false
	}
	if s.cfg.Mailer == nil {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server sends no mail"))
		return false
	}
	return true
}

// checkAddress returns the address, trimmed and lower-cased, or why it
// is no e-mail address.
func checkAddress(address string) (string, error) {
	address = strings.ToLower(strings.TrimSpace(address))
	a, err := mail.ParseAddress(address)
	if err != nil || a.Address != address || len(address) > 254 || !strings.Contains(address[strings.LastIndexByte(address, '@')+1:], ".") {
		return "", game.Errorf(game.CodeInvalid, "address: %q is not an e-mail address such as name@example.org", address)
	}
	return address, nil
}

// mailLink returns the link of a mailed token to page.
func (s *Server) mailLink(page, token string) string {
	return strings.TrimSuffix(s.cfg.PublicURL, "/") + page + "?token=" + token
}

// tokenMail stores a new token of purpose for address and returns the
// mail of its link in lang.
func (s *Server) tokenMail(ctx context.Context, e store.Email, purpose, lang string, life time.Duration) (subject, body string, err error) {
	token, hash := account.NewToken()
	ns := s.cfg.Mailer.cfg.Store
	if err := ns.AddEmailToken(ctx, store.EmailToken{Hash: hash, AccountID: e.AccountID, Purpose: purpose, Address: e.Address,
		Expires: s.cfg.Mailer.cfg.Now().Add(life)}); err != nil {
		return "", "", err
	}
	page := "/verify-email"
	if purpose == store.TokenReset {
		page = "/reset-password"
	}
	subject, body = mailFor(lang, purpose, s.mailLink(page, token))
	return subject, body, nil
}

func (s *Server) setEmail(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn(w, r) {
		return
	}
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req struct {
		Address string `json:"address"`
		Lang    string `json:"lang"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	ns := s.cfg.Mailer.cfg.Store
	address := ""
	if strings.TrimSpace(req.Address) != "" {
		var err error
		if address, err = checkAddress(req.Address); err != nil {
			writeError(w, s.log, err)
			return
		}
		if err := s.mailQuota(r, address); err != nil {
			s.refuse(w, err)
			return
		}
	}
	if err := ns.SetEmail(r.Context(), who.Account.ID, address); err != nil {
		writeError(w, s.log, err)
		return
	}
	if address != "" {
		subject, body, err := s.tokenMail(r.Context(), store.Email{AccountID: who.Account.ID, Address: address}, store.TokenVerify, req.Lang, verifyLife)
		if err == nil {
			err = s.cfg.Mailer.Send(r.Context(), address, subject, body)
		}
		if err != nil {
			s.log.Error("verification mail not sent", "account", who.Account.ID, "err", err)
			writeError(w, s.log, game.Errorf(game.CodeUnavailable, "the mail to %s could not be sent; try again later", address))
			return
		}
	}
	out, err := s.notifySettingsOf(r, who.Account.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// mailQuota counts a mail asked for address from r's client.
func (s *Server) mailQuota(r *http.Request, address string) error {
	if err := s.mails.take("client "+s.clientOf(r).key.String(), mailsPerClient); err != nil {
		return err
	}
	return s.mails.take("address "+address, mailsPerAddress)
}

func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn(w, r) {
		return
	}
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if _, err := s.cfg.Mailer.cfg.Store.UseEmailToken(r.Context(), account.HashToken(req.Token), store.TokenVerify, s.cfg.Mailer.cfg.Now()); err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"verified": true})
}

func (s *Server) setDigest(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn(w, r) {
		return
	}
	who := s.signedInOr(w, r)
	if who == nil {
		return
	}
	var req struct {
		Digest bool `json:"digest"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.cfg.Mailer.cfg.Store.SetDigest(r.Context(), who.Account.ID, req.Digest); err != nil {
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

func (s *Server) askReset(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn(w, r) {
		return
	}
	var req struct {
		Address string `json:"address"`
		Lang    string `json:"lang"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	address, err := checkAddress(req.Address)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.mailQuota(r, address); err != nil {
		s.refuse(w, err)
		return
	}
	s.mailers.Go(func() {
		// The mail is tried again while its link lives, until the server
		// stops.
		ctx, cancel := context.WithTimeout(s.mailCtx, resetLife)
		defer cancel()
		e, err := s.cfg.Mailer.cfg.Store.EmailByAddress(ctx, address)
		switch {
		case game.ErrorCode(err) == game.CodeNotFound || (err == nil && !e.Verified):
			return // nothing to say, to anyone
		case err != nil:
			s.log.Error("reset mail not sent", "err", err)
			return
		}
		subject, body, err := s.tokenMail(ctx, e, store.TokenReset, req.Lang, resetLife)
		if err == nil {
			err = s.cfg.Mailer.SendPatiently(ctx, e.Address, subject, body)
		}
		if err != nil {
			s.log.Error("reset mail not sent", "account", e.AccountID, "err", err)
		}
	})
	writeJSON(w, http.StatusOK, map[string]bool{"asked": true})
}

func (s *Server) finishReset(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn(w, r) {
		return
	}
	var req struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := account.CheckPassword(req.Password); err != nil {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "password: %v", err))
		return
	}
	// Hash first: a busy hasher refuses before the token is spent.
	hash, err := s.hasher.Hash(r.Context(), req.Password)
	if err != nil {
		s.refuseHash(w, err)
		return
	}
	tok, err := s.cfg.Mailer.cfg.Store.UseEmailToken(r.Context(), account.HashToken(req.Token), store.TokenReset, s.cfg.Mailer.cfg.Now())
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.cfg.Accounts.SetPassword(r.Context(), tok.AccountID, hash, nil); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.log.Info("password reset by mail", "account", tok.AccountID)
	writeJSON(w, http.StatusOK, map[string]bool{"reset": true})
}
