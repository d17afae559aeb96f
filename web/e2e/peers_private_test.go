package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

// startClusterSite starts an instance of a cluster on the PostgreSQL
// database url, with Connect Four and the web client, on 127.0.0.1: the
// instances started on one database share its tables, each table run by
// one of them, and prove their requests to one another with one cluster
// secret, as `minehall serve --db postgres://… --cluster-secret-file`
// wires them.
func startClusterSite(t *testing.T, url string) *site {
	t.Helper()
	ctx := context.Background()
	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("postgres.Open: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	base := "http://" + ln.Addr().String()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cluster, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: base, Heartbeat: 100 * time.Millisecond, Expiry: time.Second, Logger: log})
	if err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	auth, err := server.NewPeerAuth([]byte("the browser tests' cluster secret, 32+ bytes"))
	if err != nil {
		t.Fatalf("NewPeerAuth: %v", err)
	}
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Cluster: cluster,
		Remote: server.NewForwarder(server.ForwarderConfig{Timeout: 5 * time.Second, Auth: auth, Logger: log})})
	err = cluster.Start(ctx, postgres.Handlers{Changed: hall.Changed, Missed: hall.Missed,
		TakeOver: func(id string) { hall.TakeOver(context.Background(), id) }})
	if err != nil {
		t.Fatalf("cluster.Start: %v", err)
	}
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, PeerAuth: auth, Peers: server.LocalNets})
	mux := http.NewServeMux()
	mux.Handle("/api/", srv)
	mux.Handle("/ws/", srv)
	mux.Handle("/", clientWithIdleWorker())
	ts := httptest.NewUnstartedServer(mux)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		ts.Close()
		hall.Close()
		cluster.Close()
		db.Close()
	})
	return &site{URL: ts.URL, hall: hall}
}

// playTyped plays the tab's turns of Connect Four by typing a legal move
// (the first offered, or the last when last is set) until the game is
// over; it reports false when the tab has nothing to play yet.
func playTyped(t *testing.T, tab context.Context, last bool) bool {
	t.Helper()
	pick := `document.querySelector('#legal-moves option')?.value`
	if last {
		pick = `[...document.querySelectorAll('#legal-moves option')].pop()?.value`
	}
	if eval[string](t, tab, `document.getElementById('main').dataset.status`) != "playing" ||
		eval[string](t, tab, `document.getElementById('main').dataset.myTurn`) != "true" {
		return false
	}
	move := eval[string](t, tab, pick+` || ''`)
	if move == "" {
		return false
	}
	n := eval[string](t, tab, `document.getElementById('main').dataset.n`)
	do(t, tab, 10*time.Second, "type "+move, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const input = document.getElementById('move-input');
		input.value = %q;
		input.dispatchEvent(new Event('input', {bubbles: true}));
		document.querySelector('form.notation button[type=submit]').click();
	})()`, move)))
	waitFor(t, tab, 15*time.Second, "the move "+move+" applied",
		fmt.Sprintf(`document.getElementById('main').dataset.n !== %q`, n))
	return true
}

// TestPrivateTableAcrossInstancesInChromium: a private Connect Four table
// with each person on another instance of a cluster. The owner creates it
// in the lobby of the first instance; the friend opens the invitation
// link on the second (which does not run the table) and joins; both play
// to the end by typed moves, each seeing the other's live; the owner asks
// for the rematch, and the friend follows it from the end screen, on the
// second instance, with the same invitation, and joins it.
func TestPrivateTableAcrossInstancesInChromium(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	a, b := startClusterSite(t, url), startClusterSite(t, url)
	br := newBrowser(t)
	owner := newTab(t, br, "owner")
	do(t, owner, 30*time.Second, "open the lobby of the first instance", chromedp.Navigate(a.URL+"/"), visible(`#create`))
	do(t, owner, 10*time.Second, "pick Connect Four, two people, private", choose(`#game`, "connectfour"), choose(`#seat-1`, "person"),
		click(chromedp.CSS(`#private`)))
	waitFor(t, owner, 5*time.Second, "the private choices", `[...document.querySelectorAll('#time-control option')].some((o) => o.value === 'untimed')`)
	do(t, owner, 10*time.Second, "name and create", sendKeys(chromedp.CSS(`#name`), "Owen"), click(chromedp.CSS(`#create`)))
	waitFor(t, owner, 15*time.Second, "the link to copy", `(document.querySelector('.invite input')?.value || '').includes('?invite=')`)
	link := eval[string](t, owner, `document.querySelector('.invite input').value`)
	if !strings.HasPrefix(link, a.URL+"/tables/") {
		t.Fatalf("the owner's link is %q; want %s/tables/…?invite=…", link, a.URL)
	}
	onB := b.URL + strings.TrimPrefix(link, a.URL)
	id := eval[string](t, owner, `location.pathname.slice(8)`)

	friend := newTab(t, br, "friend")
	do(t, friend, 30*time.Second, "open the invitation on the second instance", chromedp.Navigate(onB), visible(`.join-form`))
	do(t, friend, 10*time.Second, "join", sendKeys(chromedp.CSS(`#join-name`), "Fran"), click(chromedp.CSS(`#join`)))
	waitFor(t, friend, 15*time.Second, "the friend seated", `!!localStorage.getItem('minehall.seat.`+id+`')`)
	waitFor(t, owner, 15*time.Second, "the game started, Fran's name shown", `document.getElementById('main').dataset.status === 'playing' && document.querySelector('#seats').textContent.includes('Fran')`)
	waitFor(t, friend, 15*time.Second, "the game started on the second instance", `document.getElementById('main').dataset.status === 'playing'`)

	// Owen stacks the first column, Fran the last: Owen wins on his
	// fourth move.
	finished := `document.getElementById('main').dataset.status === 'finished'`
	for end := time.Now().Add(90 * time.Second); !eval[bool](t, owner, finished) || !eval[bool](t, friend, finished); {
		if time.Now().After(end) {
			t.Fatalf("the game did not end within 90 s")
		}
		played := playTyped(t, owner, false)
		played = playTyped(t, friend, true) || played
		if !played {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if n := eval[string](t, friend, `document.getElementById('main').dataset.n`); n != "7" {
		t.Errorf("the friend's page ends at move %s; want 7 (Owen's four in a column)", n)
	}
	if who := eval[string](t, friend, `document.querySelector('#log li[data-n="7"] .log-who')?.textContent || ''`); who != "Owen" {
		t.Errorf("the friend's log names %q for move 7; want Owen", who)
	}

	// The rematch keeps the invitation: the friend follows it on the
	// second instance and joins.
	do(t, owner, 10*time.Second, "ask for a rematch", click(chromedp.CSS(`#rematch`)))
	waitFor(t, owner, 20*time.Second, "the rematch's table", `location.pathname.startsWith('/tables/') && location.pathname !== '/tables/`+id+`'`)
	re := eval[string](t, owner, `location.pathname.slice(8)`)
	waitFor(t, friend, 20*time.Second, "the way to the rematch on the friend's end screen", `!!document.querySelector('#to-rematch')`)
	do(t, friend, 10*time.Second, "follow the rematch", click(chromedp.CSS(`#to-rematch`)))
	waitFor(t, friend, 15*time.Second, "the rematch's join form on the second instance", `location.pathname === '/tables/`+re+`' && !!document.querySelector('.join-form')`)
	do(t, friend, 10*time.Second, "join the rematch", click(chromedp.CSS(`#join`)))
	waitFor(t, friend, 15*time.Second, "the friend seated at the rematch", `!!localStorage.getItem('minehall.seat.`+re+`')`)
	waitFor(t, owner, 15*time.Second, "the rematch playing with Fran", `document.getElementById('main').dataset.status === 'playing' && document.querySelector('#seats').textContent.includes('Fran')`)
}
