package e2e

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"minehall/game"
	"minehall/games/minerals"
	"minehall/games/tf22"
	"minehall/internal/serveproc"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"

	"github.com/chromedp/chromedp"
)

// serveEnv, when set in the environment of this test binary, makes it a
// server (see TestMain): "DB|ADDR", the SQLite file and the address to
// listen on. A test runs it as a separate process so that it can kill it
// with SIGKILL and start it again on the same address and database, as a
// crash and a restart of `minehall serve`.
const serveEnv = "MINEHALL_E2E_SERVE"

func TestMain(m *testing.M) {
	if spec := os.Getenv(serveEnv); spec != "" {
		if err := serveProcess(spec); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	flag.Parse()
	if !flagGiven("test.parallel") {
		flag.Set("test.parallel", fmt.Sprint(testsAtOnce))
	}
	code := m.Run()
	closeChromium()
	os.Exit(code)
}

// testsAtOnce is how many browser tests run at once unless -parallel says
// otherwise. Every test has its own server, store and browser contexts,
// and spends most of its time waiting (for pages, bots, clocks and
// timers: about a third of one core under the race detector), so one at a
// time left two cores mostly idle. Three at once took web/e2e from about
// 27 minutes to 19 on two cores.
const testsAtOnce = 3

// flagGiven reports whether the named flag was set on the command line.
func flagGiven(name string) bool {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// serveProcess serves Minerals and TF22 Mine with the web client, as
// `minehall serve` wires them, until SIGTERM; it restores the tables of
// the database first, as a restarted server does.
func serveProcess(spec string) error {
	db, addr, ok := strings.Cut(spec, "|")
	if !ok {
		return fmt.Errorf("%s=%q: want DB|ADDR", serveEnv, spec)
	}
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	reg := &game.Registry{}
	reg.Register(minerals.New())
	reg.Register(tf22.New())
	store, err := sqlite.Open(ctx, db)
	if err != nil {
		return err
	}
	hall := table.NewHall(table.Config{Registry: reg, Store: store, Logger: log})
	if _, err := hall.Restore(ctx); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, UI: clientWithIdleWorker()})
	return serveproc.Serve(ln, srv, func(ctx context.Context) error {
		return errors.Join(srv.Shutdown(ctx), func() error { hall.Close(); return store.Close() }())
	})
}

// serverProcess is a server run as a separate process on a fixed address.
type serverProcess struct {
	db, addr string
	cmd      *exec.Cmd
}

// startProcess runs a server process on a free port of 127.0.0.1 with a
// new SQLite database and returns it with the site's base URL.
func startProcess(t *testing.T) (*serverProcess, *site) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := &serverProcess{db: sqlitetest.Path(t), addr: addr}
	p.start(t)
	return p, &site{URL: "http://" + addr}
}

func (p *serverProcess) start(t *testing.T) {
	t.Helper()
	_, p.cmd = serveproc.Start(t, serveEnv+"="+p.db+"|"+p.addr)
}

// kill ends the server with SIGKILL: nothing is flushed or closed.
func (p *serverProcess) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
}

// shot saves the tab's page at 1280 × 900 and at 390 × 844 (a phone) as
// PNG files NAME-1280.png and NAME-390.png in the directory named by
// $MINEHALL_SHOTS, for a person to look at; without it, it does nothing.
func shot(t *testing.T, tab context.Context, name string) {
	t.Helper()
	dir := os.Getenv("MINEHALL_SHOTS")
	if dir == "" {
		return
	}
	for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
		do(t, tab, 20*time.Second, "viewport for "+name, chromedp.EmulateViewport(size[0], size[1]), chromedp.Sleep(300*time.Millisecond))
		c, cancel := context.WithTimeout(tab, 20*time.Second)
		png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
		cancel()
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, size[0])), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do(t, tab, 10*time.Second, "viewport back", chromedp.EmulateViewport(1200, 900))
}

// typeMove types move into the page's notation form and sends it, as a
// player who types their moves.
func typeMove(t *testing.T, tab context.Context, move string) {
	t.Helper()
	do(t, tab, 10*time.Second, "type "+move,
		chromedp.WaitEnabled(chromedp.CSS(`#move-input`), chromedp.RetryInterval(queryRetry)),
		sendKeys(chromedp.CSS(`#move-input`), move),
		click(chromedp.CSS(`.notation button[type="submit"]`)))
}
