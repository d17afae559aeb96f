package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"minehall/account"
	"minehall/ai"
	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/sqlite"
	"minehall/table"
	"minehall/tutorial"
	"minehall/web"
)

// serveOptions are the flags of `minehall serve`.
type serveOptions struct {
	addr    string
	db      string
	origins []string
	botPace time.Duration
	// botTime is each bot's thinking time per decision at a table that
	// does not set its own (0: ai.DefaultThinkingTime).
	botTime   time.Duration
	advertise string
	heartbeat time.Duration
	lease     time.Duration
	// openExpiry and idleExpiry end unused tables (see table.Hall.Expire).
	openExpiry time.Duration
	idleExpiry time.Duration
	// limits are the per-address limits (0: none of that kind), and
	// botThinkers the bots thinking at once (0: the default).
	limits      server.Limits
	botThinkers int
	// clientIPHeader, trustedProxies and peers say where a request comes
	// from (see server.Config); peers nil: the local networks with
	// PostgreSQL, none with SQLite.
	clientIPHeader string
	trustedProxies []string
	peers          []string
	// clusterSecretFile holds the secret with which instances on
	// PostgreSQL prove their requests to one another; required there.
	clusterSecretFile string
	// adminAddr serves the metrics and the profiler; "" serves neither.
	adminAddr string
	// publicURL and rpID are the site's address and WebAuthn relying
	// party ID for passkeys (see server.Config); empty: the request's host.
	publicURL string
	rpID      string
	// passwordHashers caps the password hashes at once (see
	// server.Config).
	passwordHashers int
	// reviewWorkers is how many game reviews this instance makes at once
	// (0: none, and the review API says reviews are off).
	reviewWorkers int
	// analysisWorkers is how many positions of the analysis board this
	// instance evaluates at once (0: no analysis board).
	analysisWorkers int
	// Notifications outside the tab: Web Push (push, pushContact) and
	// mail through an SMTP server (off without smtpAddr); see
	// docs/deploy.md.
	push                                  bool
	pushContact                           string
	smtpAddr, smtpFrom, smtpTLS, smtpUser string
	smtpPasswordFile                      string
}

// newServeCmd returns `minehall serve`: the game server, until SIGINT or
// SIGTERM, then a graceful shutdown that stores every acknowledged action.
func newServeCmd(reg *game.Registry) *cobra.Command {
	opts := serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the games over HTTP and WebSocket",
		Long: `Serve runs the Minehall server: the web client, the JSON API and the WebSocket
protocol (see docs/protocol.md), with tables stored in SQLite (one instance) or
PostgreSQL (one or several instances sharing the tables; see docs/deploy.md).
With SQLite, unfinished tables are rebuilt from the database on start; with
PostgreSQL, each table is run by one instance at a time and the others take
over the tables of an instance that stops or dies. SIGINT or SIGTERM shut it
down gracefully.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkServeOptions(opts, cmd.Flags().Changed); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, reg, opts, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	f.StringVar(&opts.db, "db", "sqlite:minehall.db", "database: sqlite:FILE or postgres://USER:PASSWORD@HOST:PORT/DB?sslmode=…")
	f.StringSliceVar(&opts.origins, "origin", nil, "host pattern of another site allowed to open WebSockets (repeatable)")
	f.DurationVar(&opts.botPace, "bot-pace", 800*time.Millisecond, "least time a bot takes for a turn-based move")
	f.DurationVar(&opts.botTime, "bot-time", ai.DefaultThinkingTime, "time each bot may think about a decision (on one core) at a table that does not set its own: expert uses all of it, the other levels stop at their own budgets, usually sooner (docs/bots.md)")
	f.StringVar(&opts.advertise, "advertise", "", "PostgreSQL only: base URL at which the other instances reach this one (default http://ADDR, with the host name when ADDR has no host)")
	f.DurationVar(&opts.heartbeat, "heartbeat", 500*time.Millisecond, "PostgreSQL only: how often the instance renews its lease and looks for tables of dead instances")
	f.DurationVar(&opts.lease, "lease", 1500*time.Millisecond, "PostgreSQL only: how long an instance that stopped renewing keeps its tables before the others take them over; a paused instance's players are answered within the lease and half of it")
	f.DurationVar(&opts.openExpiry, "open-expiry", table.DefaultOpenExpiry, "an open table nobody completes in this time expires")
	f.DurationVar(&opts.idleExpiry, "idle-expiry", table.DefaultIdleExpiry, "a playing table without a clock that no person has been at for this long is abandoned")
	def := server.DefaultLimits()
	f.IntVar(&opts.limits.Requests, "limit-requests", def.Requests, "API requests and WebSocket upgrades a second per client address, in bursts of twice as many (0: no limit)")
	f.IntVar(&opts.limits.Creates, "limit-creates", def.Creates, "tables (rematches included) a client address may create a minute (0: no limit)")
	f.IntVar(&opts.limits.Joins, "limit-joins", def.Joins, "seats a client address may take a minute (0: no limit)")
	f.IntVar(&opts.limits.Connections, "limit-connections", def.Connections, "WebSockets a client address may hold open at once (0: no limit)")
	f.IntVar(&opts.limits.Tables, "limit-tables", def.Tables, "unfinished tables a client address may have created (0: no limit)")
	f.IntVar(&opts.botThinkers, "bot-thinkers", table.DefaultBotThinkers(), "bots that may think at once across the hall; the others wait their turn, table by table")
	f.StringVar(&opts.clientIPHeader, "client-ip-header", "", "header that carries the client's address in requests from --trusted-proxy, such as X-Forwarded-For (default: the TCP peer's address)")
	f.StringSliceVar(&opts.trustedProxies, "trusted-proxy", []string{"127.0.0.1", "::1"}, "addresses or networks (CIDR) of the proxies whose --client-ip-header is believed (repeatable)")
	f.StringSliceVar(&opts.peers, "peer", nil, "PostgreSQL only: addresses or networks (CIDR) the other instances connect from; their requests must prove themselves with the cluster secret besides (repeatable; default the loopback and private networks)")
	f.StringVar(&opts.clusterSecretFile, "cluster-secret-file", "", "PostgreSQL only, and required there: file of at least 32 random bytes, the same for every instance, with which instances prove their requests to one another (make it with head -c 32 /dev/urandom > FILE)")
	f.StringVar(&opts.adminAddr, "admin-addr", "", "address (host:port) on which to serve the Prometheus metrics (/metrics) and the Go profiler (/debug/pprof/); keep it private (default: not served)")
	f.StringVar(&opts.publicURL, "public-url", "", "the site's address as browsers see it, such as https://play.example.org: the origin of passkeys, and Secure cookies when https (default: each request's own host)")
	f.IntVar(&opts.passwordHashers, "password-hashers", 2, "password hashes (argon2id, 19 MiB each) computed at once; sign-ins beyond wait 100 ms, then get 503 with Retry-After")
	f.IntVar(&opts.reviewWorkers, "review-workers", 1, "game reviews this instance makes at once, in the background after each finished game (0: no reviews; see docs/review.md)")
	f.IntVar(&opts.analysisWorkers, "analysis-workers", 1, "positions of the analysis board evaluated at once, each up to 1.5 s of one core; more requests wait (4 at most), then get 429 with Retry-After (0: no analysis board; see docs/review.md)")
	f.BoolVar(&opts.push, "push", true, "send Web Push notifications to the browsers of accounts that ask for them (your turn at a correspondence table, take-back requests)")
	f.StringVar(&opts.pushContact, "push-contact", "", "the contact push services see in the VAPID token, an https URL or an e-mail address (default: --public-url if https, else --smtp-from)")
	f.StringVar(&opts.smtpAddr, "smtp-addr", "", "HOST:PORT of the SMTP server that sends the site's mail (address verification, password resets); needs --smtp-from and --public-url (default: no mail)")
	f.StringVar(&opts.smtpFrom, "smtp-from", "", "the sender address of the site's mail, such as Minehall <noreply@play.example.org>")
	f.StringVar(&opts.smtpTLS, "smtp-tls", server.MailTLSStartTLS, "TLS to the SMTP server: starttls (required, port 587), tls (from the start, port 465) or none (a relay on this machine)")
	f.StringVar(&opts.smtpUser, "smtp-user", "", "user name for SMTP AUTH; the password comes from the environment variable MINEHALL_SMTP_PASSWORD or --smtp-password-file")
	f.StringVar(&opts.smtpPasswordFile, "smtp-password-file", "", "file holding the SMTP password (its first line)")
	f.StringVar(&opts.rpID, "rp-id", "", "the WebAuthn relying party ID of passkeys, the site's domain or a registrable suffix of it (default: the host of --public-url, else of each request)")
	return cmd
}

// postgresOnlyFlags are the flags of several instances sharing a
// PostgreSQL database, which a SQLite database, served by one instance,
// has no use for.
var postgresOnlyFlags = []string{"advertise", "heartbeat", "lease", "peer", "cluster-secret-file"}

// checkServeOptions refuses flags out of range, before anything starts;
// given reports whether the command line set a flag.
func checkServeOptions(opts serveOptions, given func(flag string) bool) error {
	if opts.openExpiry < time.Minute || opts.idleExpiry < time.Minute {
		return game.Errorf(game.CodeInvalid, "--open-expiry %s and --idle-expiry %s must each be at least 1m", opts.openExpiry, opts.idleExpiry)
	}
	if opts.botPace < 0 {
		return game.Errorf(game.CodeInvalid, "--bot-pace %v is negative: give the least time a bot takes for a move, such as 800ms, or 0 for no pause", opts.botPace)
	}
	if opts.heartbeat <= 0 {
		return game.Errorf(game.CodeInvalid, "--heartbeat %v must be longer than 0, such as 500ms", opts.heartbeat)
	}
	if opts.lease <= opts.heartbeat {
		return game.Errorf(game.CodeInvalid, "--lease %v must be longer than --heartbeat %v: an instance renews its lease every heartbeat (three heartbeats a lease is usual)", opts.lease, opts.heartbeat)
	}
	l := opts.limits
	if l.Requests < 0 || l.Creates < 0 || l.Joins < 0 || l.Connections < 0 || l.Tables < 0 || opts.botThinkers < 0 {
		return game.Errorf(game.CodeInvalid, "--limit-… and --bot-thinkers must not be negative (0 is no limit, or the default for --bot-thinkers)")
	}
	if opts.botTime != 0 && (opts.botTime < ai.MinThinkingTime || opts.botTime > ai.MaxThinkingTime) {
		return game.Errorf(game.CodeInvalid, "--bot-time %v is not from %v to %v", opts.botTime, ai.MinThinkingTime, ai.MaxThinkingTime)
	}
	if opts.passwordHashers < 1 || opts.passwordHashers > 64 {
		return game.Errorf(game.CodeInvalid, "--password-hashers %d is out of range: give 1 to 64 (each takes 19 MiB while it runs)", opts.passwordHashers)
	}
	if opts.reviewWorkers < 0 || opts.reviewWorkers > 16 {
		return game.Errorf(game.CodeInvalid, "--review-workers %d is out of range: give 0 (no reviews) to 16", opts.reviewWorkers)
	}
	if opts.analysisWorkers < 0 || opts.analysisWorkers > 16 {
		return game.Errorf(game.CodeInvalid, "--analysis-workers %d is out of range: give 0 (no analysis board) to 16", opts.analysisWorkers)
	}
	if opts.publicURL != "" {
		if u, err := url.Parse(opts.publicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" {
			return game.Errorf(game.CodeInvalid, "--public-url %q is not a site's address such as https://play.example.org", opts.publicURL)
		}
	}
	if opts.smtpAddr != "" && opts.publicURL == "" {
		return game.Errorf(game.CodeInvalid, "--smtp-addr needs --public-url: the links in the mails point there, never at a request's own host")
	}
	if opts.smtpAddr == "" && (opts.smtpFrom != "" || opts.smtpUser != "" || opts.smtpPasswordFile != "") {
		return game.Errorf(game.CodeInvalid, "--smtp-from, --smtp-user and --smtp-password-file need --smtp-addr")
	}
	if opts.clientIPHeader != "" && len(opts.trustedProxies) == 0 {
		return game.Errorf(game.CodeInvalid, "--client-ip-header %s needs the --trusted-proxy that sets it", opts.clientIPHeader)
	}
	for flag, list := range map[string][]string{"--trusted-proxy": opts.trustedProxies, "--peer": opts.peers} {
		if _, err := server.ParseNets(list); err != nil {
			return game.Errorf(game.CodeInvalid, "%s: %v; give addresses (192.0.2.7) or networks (10.0.0.0/8)", flag, err)
		}
	}
	if db, err := parseDB(opts.db); err == nil && db.sqlite != "" {
		for _, flag := range postgresOnlyFlags {
			if given(flag) {
				return game.Errorf(game.CodeInvalid, "--%s is for several instances sharing a PostgreSQL database (--db postgres://…); a SQLite database is served by one instance alone", flag)
			}
		}
	}
	return nil
}

// database is a parsed --db value.
type database struct {
	sqlite   string // the file, for SQLite
	postgres string // the URL, for PostgreSQL
}

// parseDB reads a --db value, with a message that says what to do when it
// is neither form.
func parseDB(db string) (database, error) {
	switch {
	case strings.HasPrefix(db, "postgres://"), strings.HasPrefix(db, "postgresql://"):
		return database{postgres: db}, nil
	case strings.HasPrefix(db, "sqlite:"):
		path := strings.TrimPrefix(db, "sqlite:")
		if path == "" {
			return database{}, game.Errorf(game.CodeInvalid, "--db sqlite: needs a file name, as in sqlite:minehall.db")
		}
		return database{sqlite: path}, nil
	}
	return database{}, game.Errorf(game.CodeInvalid, "--db %q is neither sqlite:FILE nor postgres://…", db)
}

// advertiseURL is the URL other instances reach this one at: --advertise,
// else the listener's address, with the host name when it listens on
// every interface.
func advertiseURL(flag string, addr net.Addr) (string, error) {
	if flag != "" {
		u, err := url.Parse(flag)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", game.Errorf(game.CodeInvalid, "--advertise %q is not a base URL such as http://10.0.0.5:8080", flag)
		}
		return strings.TrimSuffix(flag, "/"), nil
	}
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "", err
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		if host, err = os.Hostname(); err != nil {
			return "", fmt.Errorf("--advertise is needed: the host name is unknown: %w", err)
		}
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

// backend is the storage a server runs on, and the cluster of instances
// when it is shared.
type backend struct {
	store   store.Store
	cluster *postgres.Cluster // nil on SQLite
	desc    string            // for the log, without a password
}

func (b *backend) close() error {
	var errCluster error
	if b.cluster != nil {
		errCluster = b.cluster.Close()
	}
	return errors.Join(errCluster, b.store.Close())
}

func runServe(ctx context.Context, reg *game.Registry, opts serveOptions, stdout, stderr io.Writer) error {
	dbase, err := parseDB(opts.db)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	tutorials, err := tutorial.Load(reg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", opts.addr, err)
	}
	defer ln.Close()
	trusted, err := server.ParseNets(opts.trustedProxies)
	if err != nil {
		return game.Errorf(game.CodeInvalid, "--trusted-proxy: %v", err)
	}
	peers, err := server.ParseNets(opts.peers)
	if err != nil {
		return game.Errorf(game.CodeInvalid, "--peer: %v", err)
	}
	be := &backend{}
	var peerAuth *server.PeerAuth // nil on SQLite: no peers
	hcfg := table.Config{Registry: reg, Logger: log, BotPace: opts.botPace, BotTime: opts.botTime, OpenExpiry: opts.openExpiry, IdleExpiry: opts.idleExpiry,
		BotThinkers: opts.botThinkers}
	var ready []server.ReadyCheck
	if dbase.sqlite != "" {
		db, err := sqlite.Open(ctx, dbase.sqlite)
		if err != nil {
			return err
		}
		be.store, be.desc = db, dbase.sqlite
	} else {
		if opts.clusterSecretFile == "" {
			return game.Errorf(game.CodeInvalid, "--db postgres://… needs --cluster-secret-file: the instances prove their requests to one another with it; make one with head -c 32 /dev/urandom > FILE and give every instance the same file")
		}
		if peerAuth, err = server.ReadPeerAuth(opts.clusterSecretFile); err != nil {
			return game.Errorf(game.CodeInvalid, "--cluster-secret-file: %v", err)
		}
		self, err := advertiseURL(opts.advertise, ln.Addr())
		if err != nil {
			return err
		}
		db, err := postgres.Open(ctx, dbase.postgres)
		if err != nil {
			return err
		}
		cluster, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: self, Heartbeat: opts.heartbeat, Expiry: opts.lease, Logger: log})
		if err != nil {
			db.Close()
			return err
		}
		be.store, be.cluster, be.desc = db, cluster, "postgres (instance "+db.Instance()+" at "+self+")"
		hcfg.Cluster, hcfg.Remote = cluster, server.NewForwarder(server.ForwarderConfig{Timeout: server.ForwardTimeout(opts.lease), Auth: peerAuth, Logger: log})
		if opts.peers == nil {
			peers = server.LocalNets
		}
		lease, err := newLeaseCheck(dbase.postgres, db.Instance(), opts.lease)
		if err != nil {
			be.close()
			return err
		}
		defer lease.close()
		ready = append(ready, lease.check())
	}
	hcfg.Store = be.store
	ready = append([]server.ReadyCheck{server.StoreCheck(be.store)}, ready...)
	accounts, _ := be.store.(store.Accounts)
	var recorder *account.Recorder
	if accounts != nil {
		recorder = account.NewRecorder(accounts, be.store, reg, log)
		hcfg.Finished = recorder.TableFinished
		// Accounts made before names had skeletons get theirs (and the
		// PRECIS key) now; those left are tried again at the next start.
		if n, err := accounts.RekeyAccounts(ctx, account.Rekey); err != nil {
			log.Error("account names not rekeyed", "err", err)
		} else if n > 0 {
			log.Info("account names rekeyed", "count", n)
		}
	}
	// Every finished game is queued for its review (docs/review.md),
	// after its ratings are recorded.
	var reviews *server.ReviewQueue
	if rs, ok := be.store.(store.Reviews); ok && opts.reviewWorkers > 0 {
		reviews = server.NewReviewQueue(server.ReviewQueueConfig{Store: rs, Logger: log})
		recorded := hcfg.Finished
		hcfg.Finished = func(ctx context.Context, t *store.Table) {
			if recorded != nil {
				recorded(ctx, t)
			}
			reviews.TableFinished(ctx, t)
		}
	}
	notifier, mailer, err := notificationsFor(be.store, opts, log)
	if err != nil {
		be.close()
		return err
	}
	if notifier != nil {
		hcfg.Notice = notifier.Notice
	}
	hall := table.NewHall(hcfg)
	if be.cluster != nil {
		err = be.cluster.Start(ctx, postgres.Handlers{
			Changed: hall.Changed,
			Missed:  hall.Missed,
			TakeOver: func(id string) {
				if err := hall.TakeOver(context.Background(), id); err != nil {
					log.Error("table not taken over", "table", id, "err", err)
				}
			},
			LeaseLost: hall.LeaseLost,
		})
	} else {
		var n int
		if n, err = hall.Restore(ctx); err == nil {
			log.Info("tables restored", "count", n)
		}
	}
	if err != nil {
		hall.Close()
		be.close()
		return err
	}
	if recorder != nil {
		// Tables that finished while a crash kept them from being recorded.
		if n, err := recorder.CatchUp(ctx, be.store, 1000); err != nil {
			log.Error("finished tables not recorded", "err", err)
		} else if n > 0 {
			log.Info("finished tables recorded", "count", n)
		}
	}
	limits := opts.limits
	tournaments, runner := tournamentsFor(be.store, hall, log)
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, AllowedOrigins: opts.origins, UI: web.Handler(),
		Limits: &limits, ClientIPHeader: opts.clientIPHeader, TrustedProxies: trusted, PeerAuth: peerAuth, Peers: peers, Ready: ready,
		Puzzles:  puzzlesFor(be.store),
		Accounts: accounts, PublicURL: strings.TrimSuffix(opts.publicURL, "/"), RPID: opts.rpID, PasswordHashers: opts.passwordHashers,
		Tutorials: tutorials, Reviewer: engineReviewer(reg, ai.Budget{}), Reviews: reviews, ReviewWorkers: opts.reviewWorkers,
		Analyst: analystFor(opts.analysisWorkers), AnalysisWorkers: opts.analysisWorkers,
		Notifier: notifier, Mailer: mailer, Tournaments: tournaments, TournamentRunner: runner})
	if opts.adminAddr != "" {
		stopAdmin, err := serveAdmin(opts.adminAddr, srv, log, stdout)
		if err != nil {
			hall.Close()
			be.close()
			return err
		}
		defer stopAdmin()
	}
	httpSrv := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	// The live channels are requests that never end by themselves.
	httpSrv.RegisterOnShutdown(srv.EndLiveChannels)
	fmt.Fprintf(stdout, "minehall serving on http://%s\n", ln.Addr())
	log.Info("serving", "addr", ln.Addr().String(), "db", be.desc)
	served := make(chan error, 1)
	go func() { served <- httpSrv.Serve(ln) }()
	go expireTables(ctx, hall, log)

	select {
	case <-ctx.Done():
	case err := <-served:
		hall.Close()
		be.close()
		return err
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// Stop taking requests, then close the WebSockets (their in-flight
	// actions finish and are stored), then stop the tables' bots and clocks,
	// then end the lease (the other instances take the tables over at
	// once) and flush the store.
	errHTTP := httpSrv.Shutdown(shutdownCtx)
	errWS := srv.Shutdown(shutdownCtx)
	hall.Close()
	if reviews != nil {
		reviews.Close()
	}
	errDB := be.close()
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		errHTTP = errors.Join(errHTTP, err)
	}
	log.Info("stopped")
	return errors.Join(errHTTP, errWS, errDB)
}

// serveAdmin serves the admin handler (metrics and profiler) on addr until
// the returned function is called.
func serveAdmin(addr string, srv *server.Server, log *slog.Logger, stdout io.Writer) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--admin-addr %s: %w", addr, err)
	}
	admin := &http.Server{Handler: srv.AdminHandler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go admin.Serve(ln)
	fmt.Fprintf(stdout, "minehall admin on http://%s\n", ln.Addr())
	log.Info("admin serving", "addr", ln.Addr().String())
	return func() { admin.Close() }, nil
}

// expiryEvery is how often the server looks for tables to expire.
const expiryEvery = time.Minute

// expireTables ends unused tables every expiryEvery until ctx ends.
func expireTables(ctx context.Context, hall *table.Hall, log *slog.Logger) {
	tick := time.NewTicker(expiryEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if n := hall.Expire(ctx); n > 0 {
				log.Info("tables expired", "count", n)
			}
		}
	}
}

// analystFor returns the analysis board's analyst for workers evaluating
// at once: none (the board off) for 0.
func analystFor(workers int) server.Analyst {
	if workers == 0 {
		return nil
	}
	return engineAnalyst(ai.Budget{})
}
