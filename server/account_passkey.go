package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"minehall/account"
	"minehall/game"
	"minehall/store"
)

// Passkeys (WebAuthn). The relying party is the site: its ID is RPID, else
// the host of PublicURL, else the host the request was sent to (so that
// passkeys work on localhost without flags); its origin is PublicURL, else
// the request's own scheme and host. A ceremony (sign-up or sign-in) is
// begun and finished in two requests; what the server must remember in
// between is kept here, in memory, under a random id the client sends
// back: it is used once, and expires after ceremonyLife, so that an
// assertion cannot be replayed. (A ceremony must finish on the instance
// that began it.)
const (
	ceremonyLife  = 5 * time.Minute
	maxCeremonies = 10_000
)

// ceremony is a WebAuthn ceremony under way.
type ceremony struct {
	session webauthn.SessionData
	// signup: the account to create when the passkey is registered.
	signup *store.Account
	held   []heldSeat
	rp     *webauthn.WebAuthn
	expiry time.Time
}

// ceremonies holds the ceremonies under way. Safe for concurrent use.
type ceremonies struct {
	mu sync.Mutex
	m  map[string]*ceremony
}

// put stores c and returns its id, dropping expired ceremonies.
func (cs *ceremonies) put(c *ceremony) (string, error) {
	b := make([]byte, 16)
	rand.Read(b)
	id := hex.EncodeToString(b)
	now := time.Now()
	c.expiry = now.Add(ceremonyLife)
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.m == nil {
		cs.m = map[string]*ceremony{}
	}
	for k, v := range cs.m {
		if now.After(v.expiry) {
			delete(cs.m, k)
		}
	}
	if len(cs.m) >= maxCeremonies {
		return "", refuse("passkeys", time.Minute, "too many passkey ceremonies are under way; try again in a minute")
	}
	cs.m[id] = c
	return id, nil
}

// take removes and returns ceremony id if it has not expired.
func (cs *ceremonies) take(id string) (*ceremony, error) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	c, ok := cs.m[id]
	delete(cs.m, id)
	if !ok || time.Now().After(c.expiry) {
		return nil, game.Errorf(game.CodeUnauthorized, "the passkey ceremony is unknown, used already or expired; start again")
	}
	return c, nil
}

// relyingParty returns the WebAuthn relying party for r.
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	origin := s.cfg.PublicURL
	if origin == "" {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		origin = scheme + "://" + r.Host
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return nil, game.Errorf(game.CodeInternal, "public URL %q is not valid", origin)
	}
	rpID := s.cfg.RPID
	if rpID == "" {
		rpID = u.Hostname()
		if h, _, err := net.SplitHostPort(u.Host); err == nil {
			rpID = h
		}
	}
	key := rpID + " " + u.Scheme + "://" + u.Host
	s.rpMu.Lock()
	defer s.rpMu.Unlock()
	if rp, ok := s.rps[key]; ok {
		return rp, nil
	}
	rp, err := webauthn.New(&webauthn.Config{RPID: rpID, RPDisplayName: "Minehall", RPOrigins: []string{u.Scheme + "://" + u.Host}})
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "passkeys cannot be used at %s: %v", origin, err)
	}
	if len(s.rps) > 64 {
		clear(s.rps)
	}
	s.rps[key] = rp
	return rp, nil
}

// passkeyBegin is the body of a sign-up or sign-in ceremony's start.
type passkeyBegin struct {
	Name  string     `json:"name,omitempty"`
	Seats []heldSeat `json:"seats,omitempty"`
}

// passkeyStarted answers a ceremony's start: its id, to send back with the
// authenticator's answer, and the options for navigator.credentials.
type passkeyStarted struct {
	Ceremony string `json:"ceremony"`
	Options  any    `json:"options"`
}

func (s *Server) passkeySignUpBegin(w http.ResponseWriter, r *http.Request) {
	var req passkeyBegin
	if !s.beginSignIn(w, r, &req, &req.Seats) {
		return
	}
	name, key, skel, err := s.checkNewName(r.Context(), req.Name)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	a := &store.Account{ID: account.NewID(), Name: name, NameKey: key, Skeleton: skel}
	creation, session, err := rp.BeginRegistration(&account.User{Account: a},
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationPreferred}))
	if err != nil {
		writeError(w, s.log, game.Errorf(game.CodeInternal, "begin passkey registration: %v", err))
		return
	}
	id, err := s.ceremonies.put(&ceremony{session: *session, signup: a, held: req.Seats, rp: rp})
	if err != nil {
		s.refuse(w, err)
		return
	}
	writeJSON(w, http.StatusOK, passkeyStarted{Ceremony: id, Options: creation})
}

// ceremonyBody reads the authenticator's answer of a ceremony's finish:
// the ceremony's id in the query, the credential as JSON in the body.
func ceremonyBody(r *http.Request) (string, error) {
	id := r.URL.Query().Get("ceremony")
	if id == "" {
		return "", game.Errorf(game.CodeInvalid, "the query needs the ceremony's id (?ceremony=...)")
	}
	b, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBody))
	if err != nil {
		return "", game.Errorf(game.CodeLimit, "the request body is larger than %d bytes", maxBody)
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	return id, nil
}

// finishCeremony takes the ceremony a finish request names, which must be
// a sign-up when signup is true and a sign-in otherwise (see
// ceremonyBody). Otherwise it answers the refusal and returns nil.
func (s *Server) finishCeremony(w http.ResponseWriter, r *http.Request, signup bool) *ceremony {
	if !s.accountsOn(w, r) {
		return nil
	}
	id, err := ceremonyBody(r)
	var c *ceremony
	if err == nil {
		c, err = s.ceremonies.take(id)
	}
	switch {
	case err != nil:
	case signup && c.signup == nil:
		err = game.Errorf(game.CodeInvalid, "ceremony %s is not a sign-up", id)
	case !signup && c.signup != nil:
		err = game.Errorf(game.CodeInvalid, "ceremony %s is not a sign-in", id)
	}
	if err != nil {
		writeError(w, s.log, err)
		return nil
	}
	return c
}

func (s *Server) passkeySignUpFinish(w http.ResponseWriter, r *http.Request) {
	c := s.finishCeremony(w, r, true)
	if c == nil {
		return
	}
	cred, err := c.rp.FinishRegistration(&account.User{Account: c.signup}, c.session, r)
	if err != nil {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "the passkey was not accepted: %v", passkeyError(err)))
		return
	}
	a := c.signup
	a.Created = time.Now()
	sc, err := account.EncodeCredential(a.ID, cred)
	if err != nil {
		writeError(w, s.log, game.Errorf(game.CodeInternal, "%v", err))
		return
	}
	sc.Created = a.Created
	if err := s.cfg.Accounts.CreateAccount(r.Context(), a); err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.cfg.Accounts.AddCredential(r.Context(), sc); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.log.Info("account created with a passkey", "account", a.ID)
	s.signedInAnswer(w, r, a, c.held, http.StatusCreated)
}

func (s *Server) passkeySignInBegin(w http.ResponseWriter, r *http.Request) {
	var req passkeyBegin
	if !s.beginSignIn(w, r, &req, &req.Seats) {
		return
	}
	if req.Name != "" {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "a passkey sign-in takes no name: the passkey names its account"))
		return
	}
	rp, err := s.relyingParty(r)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	assertion, session, err := rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		writeError(w, s.log, game.Errorf(game.CodeInternal, "begin passkey sign-in: %v", err))
		return
	}
	id, err := s.ceremonies.put(&ceremony{session: *session, held: req.Seats, rp: rp})
	if err != nil {
		s.refuse(w, err)
		return
	}
	writeJSON(w, http.StatusOK, passkeyStarted{Ceremony: id, Options: assertion})
}

func (s *Server) passkeySignInFinish(w http.ResponseWriter, r *http.Request) {
	c := s.finishCeremony(w, r, false)
	if c == nil {
		return
	}
	ctx := r.Context()
	user, cred, err := c.rp.FinishPasskeyLogin(func(_, userHandle []byte) (webauthn.User, error) {
		return s.webauthnUser(ctx, string(userHandle))
	}, c.session, r)
	found, ok := user.(*account.User)
	if err != nil || !ok {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "the passkey was not accepted: %v", passkeyError(err)))
		return
	}
	if cred.Authenticator.CloneWarning {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "the passkey's signature counter went back: it may have been copied; it was not accepted"))
		return
	}
	sc, err := account.EncodeCredential(found.Account.ID, cred)
	if err == nil {
		err = s.cfg.Accounts.UpdateCredential(ctx, sc)
	}
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	s.signedInAnswer(w, r, found.Account, c.held, http.StatusOK)
}

// webauthnUser loads the account whose user handle is id with its passkeys.
func (s *Server) webauthnUser(ctx context.Context, id string) (*account.User, error) {
	a, err := s.cfg.Accounts.Account(ctx, id)
	if err != nil {
		return nil, err
	}
	creds, err := s.cfg.Accounts.Credentials(ctx, id)
	if err != nil {
		return nil, err
	}
	return account.NewUser(a, creds)
}

// passkeyError is what a client is told of a refused passkey: the
// library's message for the person, without its details.
func passkeyError(err error) string {
	if err == nil {
		return "no account has it"
	}
	if pe, ok := err.(*protocol.Error); ok && pe.Details != "" {
		return pe.Details
	}
	return err.Error()
}
