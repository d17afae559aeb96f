package server

import (
	"context"
	"embed"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/go-webauthn/webauthn/webauthn"

	"minehall/account"
	"minehall/game"
	"minehall/internal/httpenc"
	"minehall/store"
	"minehall/table"
	"minehall/tutorial"
)

//go:embed web
var web embed.FS

var indexPage = template.Must(template.ParseFS(web, "web/index.html"))

// Config configures a [Server].
type Config struct {
	Registry *game.Registry
	Hall     *table.Hall
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// AllowedOrigins are host patterns (path.Match syntax, such as
	// "play.example.org" or "*.example.org") whose pages may open
	// WebSockets and send POSTs; the server's own host is always allowed.
	AllowedOrigins []string
	// MaxMessage caps a client frame in bytes; default 4096. A larger frame
	// closes the connection.
	MaxMessage int64
	// Rate and Burst limit each connection's frames: Burst at once, then
	// Rate per second; defaults 20 and 40. Frames beyond are refused with a
	// limit error; a connection that keeps flooding is closed.
	Rate  float64
	Burst float64
	// HelloTimeout is how long a connection may take to say hello;
	// default 10s.
	HelloTimeout time.Duration
	// UI serves the web client: every GET whose path is not under /api/ or
	// /ws/ and is not /healthz or /readyz goes to it, so that a
	// single-page app owns its own routes. Nil serves a minimal page at /
	// that lists the games.
	UI http.Handler
	// Puzzles answers /api/puzzles/; nil: the server has none.
	Puzzles Puzzles

	// Limits are the quotas of each client address; nil takes
	// DefaultLimits(). A zero field is no limit of that kind. LimitsNow
	// is the clock their buckets refill by (default time.Now).
	Limits    *Limits
	LimitsNow func() time.Time
	// ClientIPHeader names the header, such as X-Forwarded-For, that
	// carries the client's address in requests from TrustedProxies; the
	// quotas count those under that address. Empty: every request counts
	// under its TCP peer's address.
	ClientIPHeader string
	TrustedProxies []netip.Prefix
	// PeerAuth checks the requests of the other instances of a cluster
	// (see PeerAuthHeader); nil: this server takes none, and refuses every
	// request that says it comes from a peer.
	PeerAuth *PeerAuth
	// Peers are the networks the other instances of a cluster connect
	// from: a peer request from elsewhere is refused even if its
	// authenticator checks. It grants nothing by itself. Empty: peers may
	// connect from anywhere, the authenticator alone deciding.
	Peers []netip.Prefix
	// Ready are the checks of /readyz, besides the server shutting down
	// (see StoreCheck).
	Ready []ReadyCheck

	// Accounts keeps accounts, sessions and ratings; nil serves guests
	// only (see account.go).
	Accounts store.Accounts
	// PublicURL is the site's address as browsers see it (such as
	// https://play.example.org), and RPID the WebAuthn relying party ID
	// (a registrable domain of it); empty takes them from each request's
	// host, which suits localhost and a site with one name.
	PublicURL string
	RPID      string
	// SignInsPerAddress caps the sign-in attempts a minute from one
	// address (sign-ups count against it); default 30. From the
	// SignInsPerName-th wrong password in a row for an account name on,
	// from browsers and addresses not known to the account, each makes
	// them all wait before the next try (1 s, doubling, up to 15 min);
	// from the WrongPasswordsPerSource-th in a row from one address (or
	// known browser) on, each makes that source wait alike; defaults 10
	// and 5 (see passwordThrottle). Negative is no limit, for each.
	SignInsPerName, SignInsPerAddress, WrongPasswordsPerSource int
	// PasswordHashers caps the argon2id password hashes running at once
	// (19 MiB each); default 2. A sign-up or sign-in that finds them all
	// busy for HashWait (default 100 ms) is refused with 503 and
	// Retry-After.
	PasswordHashers int
	HashWait        time.Duration
	// PasswordCost is the argon2id cost of the hashes of new passwords;
	// the zero Cost is account.DefaultCost. A password hashed at another
	// cost still verifies. Tests that make many accounts lower it: under
	// the race detector a hash at the default cost takes over a second.
	PasswordCost account.Cost
	// Tutorials are served at /api/games/{id}/tutorial; nil serves none.
	Tutorials *tutorial.Set

	// Reviewer reviews finished games, Reviews is the queue of reviews
	// that the hall's Finished hook fills (see NewReviewQueue), and
	// ReviewWorkers is how many reviews this server makes at once (the
	// serve command's default is 1). Reviews are on when all three are
	// set; 0 workers turns them off, and GET /api/tables/{id}/review
	// then answers not_found.
	Reviewer      Reviewer
	Reviews       *ReviewQueue
	ReviewWorkers int

	// Analyst evaluates the positions of the analysis board (POST
	// /api/tables/{id}/analysis); nil turns the board off (not_found).
	// AnalysisWorkers is how many evaluations run at once (default 1),
	// AnalysisWaiting how many more requests may wait for one (default 4;
	// negative: none wait): beyond, a request is refused with 429 and
	// Retry-After. AnalysisCache is how many answers are kept for the same
	// request asked again (default 256).
	Analyst         Analyst
	AnalysisWorkers int
	AnalysisWaiting int
	AnalysisCache   int
	// Notifier sends Web Push notifications (make the hall with its
	// Notice hook); nil sends none. Mailer sends mail (addresses, password
	// resets; it needs PublicURL for its links); nil sends none.
	Notifier *Notifier
	Mailer   *Mailer

	// ChallengeQuota caps each account's challenges; nil takes
	// DefaultChallengeQuota. LivePoll is how often a live channel reads
	// the store for changes made on other instances (default 2s);
	// PresenceEvery how often it records its account's presence (default
	// 30s). See live.go. ChallengeLife is how long a challenge at a
	// time control that is not correspondence waits for its answer
	// (default LiveChallengeLife).
	ChallengeQuota *store.ChallengeQuota
	ChallengeLife  time.Duration
	LivePoll       time.Duration
	PresenceEvery  time.Duration
	// ChallengePruneEvery is how often the server deletes the challenges
	// settled or expired more than ChallengeKeep ago (default
	// DefaultChallengePruneEvery); PruneNow is the clock it reads then
	// (default time.Now).
	ChallengePruneEvery time.Duration
	PruneNow            func() time.Time

	// Tournaments keeps the tournaments for people (/api/tournaments);
	// nil serves none. TournamentRunner, when set, drives them: the server
	// starts it and stops it at Shutdown.
	Tournaments      store.Tournaments
	TournamentRunner *TournamentRunner
}

// Server serves Minehall over HTTP and WebSocket.
type Server struct {
	cfg     Config
	log     *slog.Logger
	metrics *metrics
	mux     *http.ServeMux
	quotas  *quotas
	ready   *readiness
	// chatLimits limits the chat of seats that chat over HTTP.
	chatLimits chatLimits
	// signins limits sign-in attempts per address, throttle wrong
	// passwords, hasher the password hashes at once; reserved are the
	// names no account may take. ceremonies are the passkey ceremonies
	// under way, rps the WebAuthn relying parties by host.
	signins    *signinLimits
	throttle   *passwordThrottle
	hasher     *account.Hasher
	reserved   account.Reserved
	ceremonies ceremonies
	rpMu       sync.Mutex
	rps        map[string]*webauthn.WebAuthn

	mu    sync.Mutex
	conns map[*websocket.Conn]struct{}
	wg    sync.WaitGroup
	down  bool

	// analysis is the analysis board's pool and cache; nil without an
	// analyst.
	analysis *analysisService
	// reviewers are the review workers, stopped by stopReviewers.
	reviewers     sync.WaitGroup
	stopReviewers context.CancelFunc

	// mails limits the mails asked for; mailers are the mails being sent.
	mails   mailLimits
	mailers sync.WaitGroup
	// mailCtx ends when the server shuts down: the digests and the mails
	// still being tried again stop (stopMail ends it).
	mailCtx  context.Context
	stopMail context.CancelFunc

	// live wakes the live channels of this instance's accounts.
	live *liveHub
	// pruners is the loop that deletes old challenges, which stopPrune
	// ends.
	pruners   sync.WaitGroup
	stopPrune context.CancelFunc
	// blocks holds the accounts each account blocks, read lately.
	blocks *blockCache
}

// New returns a server for cfg.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxMessage == 0 {
		cfg.MaxMessage = 4096
	}
	if cfg.Rate == 0 {
		cfg.Rate = 20
	}
	if cfg.Burst == 0 {
		cfg.Burst = 40
	}
	if cfg.HelloTimeout == 0 {
		cfg.HelloTimeout = 10 * time.Second
	}
	if cfg.SignInsPerName == 0 {
		cfg.SignInsPerName = 10
	}
	if cfg.SignInsPerAddress == 0 {
		cfg.SignInsPerAddress = 30
	}
	if cfg.WrongPasswordsPerSource == 0 {
		cfg.WrongPasswordsPerSource = 5
	}
	if cfg.PasswordHashers <= 0 {
		cfg.PasswordHashers = 2
	}
	if cfg.HashWait <= 0 {
		cfg.HashWait = 100 * time.Millisecond
	}
	if cfg.Limits == nil {
		lim := DefaultLimits()
		cfg.Limits = &lim
	}
	s := &Server{cfg: cfg, log: cfg.Logger, metrics: newMetrics(cfg.Hall), mux: http.NewServeMux(), conns: map[*websocket.Conn]struct{}{}, live: newLiveHub(), blocks: newBlockCache(blockCacheLife, time.Now)}
	s.quotas = newQuotas(*cfg.Limits, cfg.Hall.Unfinished, cfg.LimitsNow)
	s.ready = &readiness{checks: cfg.Ready, log: cfg.Logger}
	s.signins = &signinLimits{perAddr: cfg.SignInsPerAddress}
	s.throttle = newPasswordThrottle(cfg.WrongPasswordsPerSource, cfg.SignInsPerName)
	s.hasher = account.NewHasher(cfg.PasswordHashers, cfg.HashWait, cfg.PasswordCost)
	if cfg.Registry != nil {
		s.reserved = account.NewReserved(account.BotLevels(cfg.Registry))
	} else {
		s.reserved = account.NewReserved(nil)
	}
	s.rps = map[string]*webauthn.WebAuthn{}
	if cfg.Analyst != nil {
		waiting := cfg.AnalysisWaiting
		if waiting == 0 {
			waiting = 4
		}
		if cfg.AnalysisCache <= 0 {
			cfg.AnalysisCache = 256
		}
		s.analysis = &analysisService{pool: newAnalysisPool(cfg.AnalysisWorkers, waiting), cache: newAnalysisCache(cfg.AnalysisCache)}
	}
	s.routes()
	s.startReviews()
	if cfg.TournamentRunner != nil {
		cfg.TournamentRunner.Start()
	}
	if cfg.Notifier != nil {
		cfg.Notifier.start(cfg.Hall)
	}
	s.mailCtx, s.stopMail = context.WithCancel(context.Background())
	if cfg.Mailer != nil {
		s.startDigests(s.mailCtx, cfg.Mailer.cfg.DigestPoll)
	}
	var pruneCtx context.Context
	pruneCtx, s.stopPrune = context.WithCancel(context.Background())
	if fs, ok := cfg.Accounts.(interface{ Friends() store.Friends }); ok {
		every, now := cfg.ChallengePruneEvery, cfg.PruneNow
		if every <= 0 {
			every = DefaultChallengePruneEvery
		}
		if now == nil {
			now = time.Now
		}
		s.startChallengePrune(pruneCtx, fs.Friends(), every, now)
	}
	return s
}

func (s *Server) routes() {
	s.mux.HandleFunc("GET /", s.serveUI)
	s.mux.HandleFunc("GET /healthz", s.serveHealth)
	s.mux.HandleFunc("GET /readyz", s.serveReady)
	s.mux.HandleFunc("GET /api/games", s.listGames)
	s.mux.HandleFunc("GET /api/games/{id}/rules", s.gameRules)
	s.routeTutorials()
	s.mux.HandleFunc("POST /api/tables", s.createTable)
	s.mux.HandleFunc("GET /api/tables", s.listTables)
	s.mux.HandleFunc("GET /api/tables/{id}", s.invited(s.getTable))
	s.mux.HandleFunc("POST /api/tables/{id}/join", s.invited(s.joinTable))
	s.mux.HandleFunc("POST /api/tables/{id}/start", s.startTable)
	s.mux.HandleFunc("POST /api/tables/{id}/act", s.actTable)
	s.mux.HandleFunc("POST /api/tables/{id}/rematch", s.rematchTable)
	s.mux.HandleFunc("POST /api/tables/{id}/leave", s.leaveTable)
	s.mux.HandleFunc("POST /api/tables/{id}/reclaim", s.reclaimSeat)
	s.mux.HandleFunc("POST /api/tables/{id}/seats/{seat}/bot", s.seatBot)
	s.mux.HandleFunc("POST /api/tables/{id}/seats/{seat}/standin", s.standInNow)
	s.mux.HandleFunc("POST /api/tables/{id}/abort", s.abortTable)
	s.mux.HandleFunc("POST /api/tables/{id}/presence", s.reportPresence)
	s.mux.HandleFunc("GET /api/tables/{id}/record", s.invited(s.tableRecord))
	s.mux.HandleFunc("GET /api/tables/{id}/replay", s.invited(s.tableReplay))
	s.mux.HandleFunc("GET /api/tables/{id}/chat", s.invited(s.getChat))
	s.mux.HandleFunc("POST /api/tables/{id}/chat", s.invited(s.postChat))
	s.mux.HandleFunc("POST /api/tables/{id}/chat/settings", s.setChat)
	s.mux.HandleFunc("POST /api/tables/{id}/takeback", s.takeBack)
	s.mux.HandleFunc("GET /api/tables/{id}/invite", s.tableInvite)
	s.mux.HandleFunc("GET /api/tables/{id}/turn", s.invited(s.getTurn))
	s.mux.HandleFunc("GET /api/account/tables", s.accountTables)
	s.mux.HandleFunc("GET /ws/tables/{id}", s.serveWebSocket)
	s.mux.HandleFunc("GET /api/puzzles/{game}/{mode}", s.servePuzzle)
	s.mux.HandleFunc("POST /api/puzzles/{game}/{mode}", s.servePuzzle)
	s.mux.HandleFunc("POST /api/account/signup", s.signUp)
	s.mux.HandleFunc("POST /api/account/signin", s.signIn)
	s.mux.HandleFunc("POST /api/account/signout", s.signOut)
	s.mux.HandleFunc("GET /api/account", s.getAccount)
	s.mux.HandleFunc("GET /api/account/sessions", s.listSessions)
	s.mux.HandleFunc("POST /api/account/sessions/signout", s.signOutOthers)
	s.mux.HandleFunc("POST /api/account/password", s.changePassword)
	s.mux.HandleFunc("POST /api/account/delete", s.deleteAccount)
	s.mux.HandleFunc("POST /api/account/preferences", s.setPreferences)
	s.mux.HandleFunc("POST /api/account/passkey/signup/begin", s.passkeySignUpBegin)
	s.mux.HandleFunc("POST /api/account/passkey/signup/finish", s.passkeySignUpFinish)
	s.mux.HandleFunc("POST /api/account/passkey/signin/begin", s.passkeySignInBegin)
	s.mux.HandleFunc("POST /api/account/passkey/signin/finish", s.passkeySignInFinish)
	s.mux.HandleFunc("GET /api/players/{name}", s.getPlayer)
	s.mux.HandleFunc("GET /api/leaderboard/{game}", s.getLeaderboard)
	s.mux.HandleFunc("GET /api/tables/{id}/ratings", s.invited(s.getTableRatings))
	s.routeReviews()
	s.routeAnalysis()
	s.routePush()
	s.routeEmail()
	s.routeFriends()
	s.routeTournaments()
}

// ServeHTTP implements http.Handler: a request that says it comes from
// another instance of the cluster and cannot prove it is refused with 401
// and logged (see checkPeer); the API and WebSocket requests of an address
// beyond its Requests limit are refused, and so is every POST that a page
// of another site could have sent (see checkPost); the rest goes to its
// route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if claimsPeer(r) {
		var err error
		if r, err = s.checkPeer(r); err != nil {
			// A client that floods with forged claims is limited as any.
			if lerr := s.quotas.request(s.clientOf(r)); lerr != nil {
				s.refuse(w, lerr)
				return
			}
			s.log.Warn("peer request refused", "method", r.Method, "path", r.URL.Path, "from", r.RemoteAddr, "err", err)
			w.Header().Set(PeerRefusedHeader, "1")
			writeError(w, s.log, err)
			return
		}
	}
	if isAPI(r.URL.Path) {
		c := s.clientOf(r)
		if err := s.quotas.request(c); err != nil {
			s.refuse(w, err)
			return
		}
		r = r.WithContext(withClientAddr(r.Context(), c.addr))
	}
	if r.Method == http.MethodPost {
		if err := s.checkPost(r); err != nil {
			writeError(w, s.log, err)
			return
		}
	}
	if isAPI(r.URL.Path) {
		var err error
		if r, err = s.authenticate(r); err != nil {
			writeError(w, s.log, err)
			return
		}
	}
	// The API's JSON answers go compressed to a client that takes gzip;
	// a WebSocket's upgrade is never wrapped.
	if strings.HasPrefix(r.URL.Path, "/api/") && httpenc.AcceptsGzip(r) {
		g := &gzipJSON{ResponseWriter: w}
		defer g.Close()
		w = g
	}
	s.mux.ServeHTTP(w, r)
}

// isAPI reports whether p is a path of the API or the WebSocket.
func isAPI(p string) bool {
	return p == "/api" || strings.HasPrefix(p, "/api/") || p == "/ws" || strings.HasPrefix(p, "/ws/")
}

// refuse answers err, a refusal for a limit, counting it by limit.
func (s *Server) refuse(w http.ResponseWriter, err error) {
	var le *limitError
	if errors.As(err, &le) {
		s.metrics.limited.WithLabelValues(le.limit).Inc()
	}
	writeError(w, s.log, err)
}

// serveUI answers every GET that no other route takes: an unknown path of
// the API or the WebSocket gets a not_found error, anything else the web
// client (or, without one, the minimal page at /).
func (s *Server) serveUI(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case isAPI(p):
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "there is no %s %s", r.Method, p))
	case s.cfg.UI != nil:
		if !strings.HasPrefix(p, "/assets/") {
			// A page: the browser gets its guest id now, before the
			// client's first puzzle requests, which it sends at once and
			// would otherwise each be given a different one.
			s.guestID(w, r)
		}
		s.cfg.UI.ServeHTTP(w, r)
	case p == "/":
		s.serveIndex(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	type gameRow struct{ ID, Title, Summary string }
	var rows []gameRow
	for _, g := range s.cfg.Registry.Games() {
		sp := g.Spec()
		rows = append(rows, gameRow{sp.ID, sp.Title, sp.Summary})
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := indexPage.Execute(w, rows); err != nil {
		s.log.Error("index page", "err", err)
	}
}

// serveHealth answers /healthz, the liveness check: the process serves
// requests (200), or is shutting down (503). Whether it can serve its
// players is /readyz's to say.
func (s *Server) serveHealth(w http.ResponseWriter, r *http.Request) {
	if s.shuttingDown() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "shutting down"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) shuttingDown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.down
}

// track registers an open WebSocket; it reports false once the server is
// shutting down.
func (s *Server) track(c *websocket.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return false
	}
	s.conns[c] = struct{}{}
	s.wg.Add(1)
	s.metrics.connections.Inc()
	return true
}

func (s *Server) untrack(c *websocket.Conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	s.metrics.connections.Dec()
	s.wg.Done()
}

// Shutdown refuses new WebSockets, closes the open ones with "service
// restart" (clients reconnect), and waits for their handlers until ctx
// ends. Close the hall first, so that every acknowledged action is stored
// and no table acts any more; the HTTP listener is the caller's
// (http.Server.Shutdown). It stops the review workers too, and waits for
// them: a review being made goes back to the queue.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.down = true
	conns := make([]*websocket.Conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	s.live.close()
	if s.cfg.TournamentRunner != nil {
		s.cfg.TournamentRunner.Stop()
	}
	s.stopReviews()
	if s.cfg.Notifier != nil {
		s.cfg.Notifier.shutdown()
	}
	s.stopMail()
	s.mailers.Wait()
	s.stopPrune()
	s.pruners.Wait()
	for _, c := range conns {
		go c.Close(websocket.StatusServiceRestart, "the server is restarting")
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); s.reviewers.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
