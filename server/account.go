package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// Accounts are optional: a server whose Config has no Accounts store
// answers the account routes with not_found and treats everyone as a guest.
//
// A session is the cookie sessionCookie (HttpOnly, SameSite=Lax, Secure
// under TLS or an https PublicURL) holding a random token whose SHA-256
// the store keeps. Its CSRF token, the HMAC of that token
// (account.CSRFToken), is in the answer of GET /api/account and in the
// cookie csrfCookie, which pages of the site can read; every POST that
// carries a valid session cookie must send it back in the header
// X-CSRF-Token, and must carry an Origin header of the server's own host
// or AllowedOrigins. Signing up and in are exempt: they use no session.
const (
	sessionCookie = "minehall_session"
	csrfCookie    = "minehall_csrf"
	csrfHeader    = "X-CSRF-Token"
	// sessionLife is how long a session lasts after signing in.
	sessionLife = 30 * 24 * time.Hour
	// deviceCookie marks a browser that has signed in to an account (see
	// rememberDevice); it lasts deviceLife from when it was set.
	deviceCookie = "minehall_device"
	deviceLife   = 365 * 24 * time.Hour
)

// signedIn is the account of a request's session.
type signedIn struct {
	Account *store.Account
	Token   string
}

type signedInKey struct{}

// signedInFrom returns the account of r's session as ServeHTTP found it,
// or nil for a guest.
func signedInFrom(r *http.Request) *signedIn {
	who, _ := r.Context().Value(signedInKey{}).(*signedIn)
	return who
}

// noSessionPaths are the POSTs that use no session: their CSRF defence is
// checkPost's alone.
var noSessionPaths = map[string]bool{
	"/api/account/signup":                true,
	"/api/account/signin":                true,
	"/api/account/passkey/signup/begin":  true,
	"/api/account/passkey/signup/finish": true,
	"/api/account/passkey/signin/begin":  true,
	"/api/account/passkey/signin/finish": true,
}

// authenticate finds the account of r's session cookie, if any, and
// returns r with it in its context. A POST with a valid session must
// come from an allowed Origin, which it must name, and carry the session's
// CSRF token; otherwise it is refused and nothing changes. An unknown or
// expired session is a guest.
func (s *Server) authenticate(r *http.Request) (*http.Request, error) {
	if s.cfg.Accounts == nil {
		return r, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return r, nil
	}
	if r.Method == http.MethodPost && noSessionPaths[r.URL.Path] {
		return r, nil
	}
	se, err := s.cfg.Accounts.Session(r.Context(), account.HashToken(c.Value), time.Now())
	if game.ErrorCode(err) == game.CodeNotFound {
		return r, nil
	}
	if err != nil {
		return r, err
	}
	a, err := s.cfg.Accounts.Account(r.Context(), se.AccountID)
	if game.ErrorCode(err) == game.CodeNotFound {
		return r, nil
	}
	if err != nil {
		return r, err
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		o := r.Header.Get("Origin")
		if o == "" || !originAllowed(o, r.Host, s.cfg.AllowedOrigins) {
			return r, game.Errorf(game.CodeUnauthorized, "a signed-in request that changes something must come from a page of this site (its Origin header)")
		}
		if !account.CSRFMatches(c.Value, r.Header.Get(csrfHeader)) {
			return r, game.Errorf(game.CodeUnauthorized, "a signed-in request that changes something needs the session's CSRF token in the %s header", csrfHeader)
		}
	}
	return r.WithContext(context.WithValue(r.Context(), signedInKey{}, &signedIn{Account: a, Token: c.Value})), nil
}

// secure reports whether cookies for r get the Secure attribute.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || strings.HasPrefix(s.cfg.PublicURL, "https://")
}

// maxUserAgent caps the user agent a session keeps, in bytes.
const maxUserAgent = 200

// startSession makes a session for a, with r's browser and address for the
// account's list of sessions, and sets its cookies.
func (s *Server) startSession(ctx context.Context, w http.ResponseWriter, r *http.Request, a *store.Account) (string, error) {
	token, hash := account.NewToken()
	now := time.Now()
	ua := strings.ToValidUTF8(r.UserAgent(), "")
	if len(ua) > maxUserAgent {
		ua = strings.ToValidUTF8(ua[:maxUserAgent], "")
	}
	se := store.Session{Hash: hash, AccountID: a.ID, Created: now, Expires: now.Add(sessionLife), UserAgent: ua, Address: addressSummary(s.clientOf(r))}
	if err := s.cfg.Accounts.CreateSession(ctx, se); err != nil {
		return "", err
	}
	secure := s.secure(r)
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", MaxAge: int(sessionLife.Seconds()),
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: csrfCookie, Value: account.CSRFToken(token), Path: "/", MaxAge: int(sessionLife.Seconds()),
		Secure: secure, SameSite: http.SameSiteLaxMode})
	return token, nil
}

// endSession clears the session cookies.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) {
	for _, name := range []string{sessionCookie, csrfCookie} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name == sessionCookie,
			Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
	}
}

// accountsOn answers not_found and reports false when the server keeps no
// accounts.
func (s *Server) accountsOn(w http.ResponseWriter, r *http.Request) bool {
	if s.cfg.Accounts == nil {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server keeps no accounts"))
		return false
	}
	return true
}

// heldSeat is a seat a guest holds in this browser, sent at sign-up or
// sign-in so that it becomes the account's.
type heldSeat struct {
	Table string `json:"table"`
	Token string `json:"token"`
}

// maxHeldSeats caps the seats one sign-up or sign-in attaches.
const maxHeldSeats = 50

// credentials is the body of a password sign-up or sign-in.
type credentials struct {
	Name     string     `json:"name"`
	Password string     `json:"password"`
	Seats    []heldSeat `json:"seats,omitempty"`
}

// guestAnswer is what GET /api/account answers a guest: not signed in,
// and whether the server keeps accounts (whether signing in is offered).
type guestAnswer struct {
	SignedIn bool `json:"signed_in"`
	Accounts bool `json:"accounts"`
}

// accountAnswer is what GET /api/account, sign-up and sign-in answer; its
// SignedIn is always true and Accounts too.
type accountAnswer struct {
	SignedIn bool   `json:"signed_in"`
	Accounts bool   `json:"accounts"`
	ID       string `json:"id"`
	Name     string `json:"name"`
	// CSRF is the token to send in X-CSRF-Token with every POST.
	CSRF     string        `json:"csrf"`
	Passkeys int           `json:"passkeys"`
	Password bool          `json:"password"`
	Ratings  []ratingInfo  `json:"ratings"`
	Games    []playedInfo  `json:"games"`
	Stats    []statsInfo   `json:"stats"`
	Attached []attachedErr `json:"attached,omitempty"`
	// Preferences follow the account to every browser.
	Preferences preferencesInfo `json:"preferences"`
}

// attachedErr says how a held seat sent at sign-up or sign-in fared.
type attachedErr struct {
	Table string       `json:"table"`
	Seat  *game.Player `json:"seat,omitempty"`
	Error string       `json:"error,omitempty"`
}

// beginSignIn starts a sign-up or sign-in request, by password or passkey:
// accounts must be on, the body must decode into req, the seats it says
// the browser holds (*held, filled by the decoding) must be well formed,
// and the address must be within its sign-in limit. Otherwise it answers
// the refusal and returns false.
func (s *Server) beginSignIn(w http.ResponseWriter, r *http.Request, req any, held *[]heldSeat) bool {
	if !s.accountsOn(w, r) {
		return false
	}
	err := decodeBody(r, req)
	if err == nil {
		err = checkHeld(*held)
	}
	if err != nil {
		writeError(w, s.log, err)
		return false
	}
	if err := s.signins.address(s.clientOf(r)); err != nil {
		s.refuse(w, err)
		return false
	}
	return true
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !s.beginSignIn(w, r, &req, &req.Seats) {
		return
	}
	name, key, skel, err := s.checkNewName(r.Context(), req.Name)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	hash, err := s.hasher.Hash(r.Context(), req.Password)
	if err != nil {
		s.refuseHash(w, err)
		return
	}
	a := &store.Account{ID: account.NewID(), Name: name, NameKey: key, Skeleton: skel, PasswordHash: hash, Created: time.Now()}
	if err := s.cfg.Accounts.CreateAccount(r.Context(), a); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.log.Info("account created", "account", a.ID)
	s.signedInAnswer(w, r, a, req.Seats, http.StatusCreated)
}

// errSignIn is the one answer to a wrong name or password.
func errSignIn() error {
	return game.Errorf(game.CodeUnauthorized, "the name or the password is wrong")
}

// signIn signs in by name and password. In order, so that nothing costly
// happens for a request that is to be refused: the address's sign-in
// limit (beginSignIn), the wrong-password throttle of the name (see
// passwordThrottle), then one argon2id verification in a hasher slot, for
// an unknown name too (the same time and answer as a wrong password).
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	var req credentials
	if !s.beginSignIn(w, r, &req, &req.Seats) {
		return
	}
	ctx := r.Context()
	_, key, nameErr := account.CheckName(req.Name)
	if nameErr != nil {
		key = "\x00" // counted under a key no account has
	}
	var a *store.Account
	var err error
	if nameErr == nil {
		a, err = s.cfg.Accounts.AccountByName(ctx, key)
		if err != nil && game.ErrorCode(err) != game.CodeNotFound {
			writeError(w, s.log, err)
			return
		}
	}
	source, known := s.signInSource(r, a)
	if wait := s.throttle.wait(key, source, known, time.Now()); wait > 0 {
		s.refuse(w, refuse("passwords", wait, "too many wrong passwords for this name; try again in %s (a passkey, or a browser that signed in to the account before, is not held back)", seconds(wait)))
		return
	}
	ok := false
	if a == nil || a.PasswordHash == "" {
		// The same work and the same answer as a wrong password.
		err = s.hasher.VerifyDummy(ctx, req.Password)
	} else {
		ok, err = s.hasher.Verify(ctx, req.Password, a.PasswordHash)
	}
	switch {
	case errors.Is(err, account.ErrHashersBusy):
		s.refuseHash(w, err)
		return
	case err != nil:
		writeError(w, s.log, game.Errorf(game.CodeInternal, "account %s: %v", a.ID, err))
		return
	case !ok:
		s.throttle.failed(key, source, known, time.Now())
		writeError(w, s.log, errSignIn())
		return
	}
	// The browser's address is known from now on, besides the browser.
	s.throttle.succeeded(key, source, time.Now())
	s.throttle.succeeded(key, "addr:"+s.clientOf(r).key.String(), time.Now())
	s.signedInAnswer(w, r, a, req.Seats, http.StatusOK)
}

// checkHeld refuses a list of held seats that is too long or malformed.
func checkHeld(seats []heldSeat) error {
	if len(seats) > maxHeldSeats {
		return game.Errorf(game.CodeInvalid, "at most %d seats can be kept at once, not %d", maxHeldSeats, len(seats))
	}
	for i, h := range seats {
		if h.Table == "" || h.Token == "" {
			return game.Errorf(game.CodeInvalid, "seats[%d] needs its table and token", i)
		}
	}
	return nil
}

// signedInAnswer starts a session for a, remembers the browser as one of
// a's devices, attaches the seats the browser held as a guest, and
// answers the account.
func (s *Server) signedInAnswer(w http.ResponseWriter, r *http.Request, a *store.Account, held []heldSeat, status int) {
	token, err := s.startSession(r.Context(), w, r, a)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if err := s.rememberDevice(r.Context(), w, r, a); err != nil {
		writeError(w, s.log, err)
		return
	}
	attached := s.attach(r.Context(), held, a.ID)
	ans, err := s.accountOf(r.Context(), a, token)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	ans.Attached = attached
	writeJSON(w, status, ans)
}

// attach gives the held seats to account id, saying for each how it fared
// (a seat that cannot be attached stays a guest's; nothing else changes).
func (s *Server) attach(ctx context.Context, held []heldSeat, id string) []attachedErr {
	var out []attachedErr
	for _, h := range held {
		res := attachedErr{Table: h.Table}
		t, err := s.cfg.Hall.Table(ctx, h.Table)
		if err == nil {
			var p game.Player
			if p, err = t.AttachAccount(ctx, h.Token, id); err == nil {
				res.Seat = &p
			}
		}
		if err != nil {
			res.Error = publicError(s.log, err).Message
		}
		out = append(out, res)
	}
	return out
}

func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w, r) {
		return
	}
	who := signedInFrom(r)
	if who == nil {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "you are not signed in"))
		return
	}
	if err := s.cfg.Accounts.DeleteSession(r.Context(), account.HashToken(who.Token)); err != nil {
		writeError(w, s.log, err)
		return
	}
	s.endSession(w, r)
	writeJSON(w, http.StatusOK, map[string]bool{"signed_out": true})
}

func (s *Server) getAccount(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	who := signedInFrom(r)
	if s.cfg.Accounts == nil || who == nil {
		// A guest is an ordinary answer, not a failure: every page asks.
		writeJSON(w, http.StatusOK, guestAnswer{Accounts: s.cfg.Accounts != nil})
		return
	}
	ans, err := s.accountOf(r.Context(), who.Account, who.Token)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// recentGames is how many games an account's answers list.
const recentGames = 20

func (s *Server) accountOf(ctx context.Context, a *store.Account, token string) (*accountAnswer, error) {
	p, err := s.profileOf(ctx, a.ID, a.Name, recentGames)
	if err != nil {
		return nil, err
	}
	creds, err := s.cfg.Accounts.Credentials(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	prefs, err := s.preferencesOf(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	return &accountAnswer{SignedIn: true, Accounts: true, ID: a.ID, Name: a.Name, CSRF: account.CSRFToken(token), Passkeys: len(creds), Password: a.PasswordHash != "",
		Ratings: p.Ratings, Games: p.Games, Stats: p.Stats, Preferences: prefs}, nil
}

// signinLimits limits sign-ins (and sign-ups) per address, so that nobody
// tries passwords by the thousand; wrong passwords per name are
// passwordThrottle's.
type signinLimits struct {
	perAddr int // a minute, in bursts of as many; 0 is no limit

	mu    sync.Mutex
	addrs map[string]*bucket
	swept time.Time
}

func (l *signinLimits) take(m *map[string]*bucket, key string, n int, what string) error {
	if n <= 0 {
		return nil
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if *m == nil {
		*m = map[string]*bucket{}
	}
	if now.Sub(l.swept) > sweepEvery || len(l.addrs) > maxAddrs {
		for k, b := range l.addrs {
			if b.wait() == 0 && now.Sub(b.last) > idleFor {
				delete(l.addrs, k)
			}
		}
		l.swept = now
	}
	b := (*m)[key]
	wait, ok := take(&b, float64(n)/60, float64(n), now)
	(*m)[key] = b
	if !ok {
		return refuse("signins", wait, "too many sign-in attempts %s: at most %d a minute; try again in %s", what, n, seconds(wait))
	}
	return nil
}

func (l *signinLimits) address(c client) error {
	if c.peer {
		return nil
	}
	return l.take(&l.addrs, c.key.String(), l.perAddr, "from your address")
}

// asAccount seats the signed-in account of r in the first seat of req
// made here, under its name; a rated table needs an account.
func asAccount(r *http.Request, req *table.CreateRequest) error {
	who := signedInFrom(r)
	if who == nil {
		if req.Rated {
			return game.Errorf(game.CodeUnauthorized, "sign in to make a rated table")
		}
		return nil
	}
	for i := range req.Seats {
		if req.Seats[i].Here {
			// The first seat here is the account's; the others are its
			// guests' (pass and play).
			req.Seats[i].Account, req.Seats[i].Name = who.Account.ID, who.Account.Name
			break
		}
	}
	return nil
}

// hashRetry is the Retry-After of a sign-in refused because every
// password hasher is busy.
const hashRetry = time.Second

// refuseHash answers an error of the hasher: 503 with Retry-After when its
// slots are busy, else the error as it is.
func (s *Server) refuseHash(w http.ResponseWriter, err error) {
	if errors.Is(err, account.ErrHashersBusy) {
		err = unavailable("hashes", hashRetry, "the server is busy checking other passwords; try again in a second")
	}
	s.refuse(w, err)
}
