package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"minehall/account"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// notifyServer is a server with accounts, Web Push and (when mail is
// set) mail, on a temporary SQLite file.
type notifyServer struct {
	*httptest.Server
	db       *sqlite.DB
	hall     *table.Hall
	notifier *server.Notifier
	// later moves the mailer's clock on (nanoseconds); nil without mail.
	later *atomic.Int64
}

func newNotifyServer(t *testing.T, cfg server.Config, mail *server.MailerConfig) *notifyServer {
	t.Helper()
	reg := registry()
	db := sqlitetest.Open(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	n := server.NewNotifier(server.NotifierConfig{Store: db.Notifications(), Subscriber: "https://minehall.example", Poll: 50 * time.Millisecond, Logger: log})
	rec := account.NewRecorder(db, db, reg, log)
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Finished: rec.TableFinished, Notice: n.Notice})
	cfg.Registry, cfg.Hall, cfg.Logger, cfg.Accounts, cfg.Notifier = reg, hall, log, db, n
	if cfg.Limits == nil {
		cfg.Limits = &server.Limits{}
	}
	ns := &notifyServer{db: db, hall: hall, notifier: n}
	srv := httptest.NewUnstartedServer(nil)
	srv.Start()
	if mail != nil {
		mail.Store, mail.Logger = db.Notifications(), log
		m, err := server.NewMailer(*mail)
		if err != nil {
			t.Fatalf("NewMailer: %v", err)
		}
		cfg.Mailer, cfg.PublicURL = m, srv.URL
	}
	s := server.New(cfg)
	srv.Config.Handler = s
	ns.Server = srv
	t.Cleanup(func() {
		srv.Close()
		s.Shutdown(context.Background())
		hall.Close()
		db.Close()
	})
	return ns
}

// vapidKey returns the server's VAPID public key from GET /api/push/key.
func (ns *notifyServer) vapidKey(t *testing.T) string {
	var k struct {
		PublicKey string   `json:"public_key"`
		Kinds     []string `json:"kinds"`
	}
	if st, code := newBrowser(t, ns.URL).call("GET", "/api/push/key", nil, &k); st != http.StatusOK || k.PublicKey == "" {
		t.Fatalf("GET /api/push/key: %d %s %+v", st, code, k)
	}
	return k.PublicKey
}

// optIn opts b in to kinds and subscribes its device d.
func optIn(t *testing.T, b *browser, d *pushDevice, kinds ...string) {
	t.Helper()
	if st, code := b.call("POST", "/api/account/notifications", map[string]any{"kinds": kinds}, nil); st != http.StatusOK {
		t.Fatalf("opt in to %v: %d %s %s", kinds, st, code, b.message)
	}
	if st, code := b.call("POST", "/api/push/subscriptions", d.subscription(), nil); st != http.StatusOK {
		t.Fatalf("subscribe %s: %d %s %s", d.name, st, code, b.message)
	}
}

// nextPush returns the next push the service received.
func nextPush(t *testing.T, svc *pushService) pushed {
	t.Helper()
	select {
	case p := <-svc.delivered:
		return p
	case <-time.After(20 * time.Second):
		t.Fatalf("no push arrived")
	}
	return pushed{}
}

// TestPushYourTurn plays a correspondence game of two accounts: each gets
// one push, which the push service decrypts, when the other moves and it
// becomes their turn, with the table's link; none while their socket is
// on the table.
func TestPushYourTurn(t *testing.T) {
	ns := newNotifyServer(t, server.Config{}, nil)
	key := ns.vapidKey(t)
	svc := newPushService(t, func() string { return key })
	ann, bo := newBrowser(t, ns.URL), newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	optIn(t, ann, newPushDevice(t, svc, "ann"), "turn")
	optIn(t, bo, newPushDevice(t, svc, "bo"), "turn", "takeback")

	body := map[string]any{"game": "connectfour", "players": 2, "autostart": true,
		"time_control": map[string]int{"move_s": 24 * 3600, "bank_s": 0},
		"seats":        []map[string]any{{"kind": "person"}, {"kind": "person"}}}
	var c struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated {
		t.Fatalf("create a correspondence table: %d %s %s", st, code, ann.message)
	}
	id := c.Table.ID
	tokens := make([]string, 2)
	for i, b := range []*browser{ann, bo} {
		var j struct {
			Seat  int    `json:"seat"`
			Token string `json:"token"`
		}
		if st, code := b.call("POST", "/api/tables/"+id+"/join", map[string]any{}, &j); st != http.StatusOK || j.Seat != i {
			t.Fatalf("join %d: %d %s seat %d", i, st, code, j.Seat)
		}
		tokens[i] = j.Token
	}
	want := func(device string, n int64) {
		t.Helper()
		p := nextPush(t, svc)
		if p.Device != device || p.Kind != "turn" || p.Table != id || p.N != n || p.URL != "/tables/"+id || p.Game != "connectfour" {
			t.Fatalf("push %+v; want %s's turn after action %d at /tables/%s", p, device, n, id)
		}
	}
	seqs := make([]int, 2)
	move := func(seat int, m string) {
		t.Helper()
		seqs[seat]++
		if st := actAs(t, ns.URL, id, tokens[seat], m, seqs[seat]); st != http.StatusOK {
			t.Fatalf("seat %d plays %s: %d", seat, m, st)
		}
	}
	want("ann", 0) // the game starts on Ann's turn
	move(0, "a")
	want("bo", 1)
	move(1, "b")
	want("ann", 2)

	// Bo looks at the table: Ann's move is not pushed to him.
	cl := dial(t, ns.URL, id, tokens[1], 1, nil)
	waitFor(t, "Bo's socket on the table", func() bool { return ns.hall.AccountPresent(context.Background(), id, accountID(t, bo)) })
	move(0, "a")
	move(1, "b")
	want("ann", 4)
	cl.c.Close(1000, "bye")
	waitFor(t, "Bo's socket gone", func() bool { return !ns.hall.AccountPresent(context.Background(), id, accountID(t, bo)) })
	move(0, "a")
	want("bo", 5) // the next push to Bo: the one of action 3 was never sent
	select {
	case p := <-svc.delivered:
		t.Errorf("an extra push %+v; want each turn pushed once", p)
	default:
	}
}

// actAs plays move, the seat's seq-th, at table id with a seat token
// over HTTP.
func actAs(t *testing.T, base, id, token, move string, seq int) int {
	t.Helper()
	st, eb := do(t, base, "POST", "/api/tables/"+id+"/act", token, map[string]any{"move": move, "seq": seq}, nil)
	if st != http.StatusOK {
		t.Logf("act %s: %+v", move, eb)
	}
	return st
}

func accountID(t *testing.T, b *browser) string {
	var a accountJSON
	b.call("GET", "/api/account", nil, &a)
	return a.ID
}

// TestPushTakeBackRequest: at an untimed table (no turn pushes there),
// the player asked to agree to a take-back gets one push of it.
func TestPushTakeBackRequest(t *testing.T) {
	ns := newNotifyServer(t, server.Config{}, nil)
	key := ns.vapidKey(t)
	svc := newPushService(t, func() string { return key })
	ann, bo := newBrowser(t, ns.URL), newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	optIn(t, ann, newPushDevice(t, svc, "ann"), "turn", "takeback")
	optIn(t, bo, newPushDevice(t, svc, "bo"), "turn", "takeback")
	body := map[string]any{"game": "connectfour", "players": 2, "autostart": true, "private": true,
		"seats": []map[string]any{{"kind": "person"}, {"kind": "person"}}}
	var c struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
		Link string `json:"link"`
	}
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated {
		t.Fatalf("create a table: %d %s %s", st, code, ann.message)
	}
	id := c.Table.ID
	_, invite, _ := strings.Cut(c.Link, "?")
	tokens := make([]string, 2)
	for i, b := range []*browser{ann, bo} {
		var j struct {
			Token string `json:"token"`
		}
		if st, code := b.call("POST", "/api/tables/"+id+"/join?"+invite, map[string]any{}, &j); st != http.StatusOK {
			t.Fatalf("join %d: %d %s", i, st, code)
		}
		tokens[i] = j.Token
	}
	if actAs(t, ns.URL, id, tokens[0], "a", 1) != http.StatusOK || actAs(t, ns.URL, id, tokens[1], "b", 1) != http.StatusOK {
		t.Fatalf("the first moves were refused")
	}
	var tb struct {
		TakeBack struct {
			Status string `json:"status"`
		} `json:"takeback"`
	}
	if st, eb := do(t, ns.URL, "POST", "/api/tables/"+id+"/takeback", tokens[0], map[string]any{}, &tb); st != http.StatusOK {
		t.Fatalf("Ann asks for a take-back: %d %+v", st, eb)
	}
	p := nextPush(t, svc)
	if p.Device != "bo" || p.Kind != "takeback" || p.Table != id || p.URL != "/tables/"+id {
		t.Fatalf("push %+v; want Bo asked about a take-back at /tables/%s", p, id)
	}
	select {
	case p := <-svc.delivered:
		t.Errorf("an extra push %+v; want only Bo's take-back (no turn pushes at an untimed table)", p)
	default:
	}
}

// "as a Web Push of kind `challenge` when opted in": Bo, opted in, gets a
// push when Ann challenges him; Cid, not opted in to challenges, gets
// none.
func TestPushChallenge(t *testing.T) {
	ns := newNotifyServer(t, server.Config{}, nil)
	key := ns.vapidKey(t)
	svc := newPushService(t, func() string { return key })
	ann, bo, cid := newBrowser(t, ns.URL), newBrowser(t, ns.URL), newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	cid.signUp("Cid", "staple battery")
	optIn(t, bo, newPushDevice(t, svc, "bo"), "challenge")
	optIn(t, cid, newPushDevice(t, svc, "cid"), "turn")
	body := map[string]any{"game": "connectfour", "players": 2, "time_control": map[string]any{"move_s": 60, "bank_s": 300}}
	for _, to := range []string{"Cid", "Bo"} {
		if st, code := ann.call("POST", "/api/players/"+to+"/challenge", body, nil); st != http.StatusCreated {
			t.Fatalf("Ann challenges %s: %d %s %s", to, st, code, ann.message)
		}
	}
	p := nextPush(t, svc)
	if p.Device != "bo" || p.Kind != "challenge" || p.URL != "/friends" {
		t.Fatalf("push %+v; want Bo told of a challenge, opening /friends", p)
	}
	select {
	case p := <-svc.delivered:
		t.Errorf("an extra push %+v; want only Bo's (Cid is not opted in to challenges)", p)
	default:
	}
}
