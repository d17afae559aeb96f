package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"minehall/store"
	"minehall/table"
)

// Notifications outside the tab (Web Push): the hall's Notice hook puts
// a notification in the store's outbox for each account that opted in to
// its kind, keyed by account, kind, table and event so that it is sent
// once however often it is noticed; senders on every instance claim due
// notifications with a lease, skip the ones whose player is looking at
// the table, and push them to each of the account's browsers, trying
// again with a growing wait when a push service fails.

// NotifierConfig configures a [Notifier].
type NotifierConfig struct {
	Store store.Notifications
	// Subscriber is the contact the push services see in the VAPID
	// token: an https URL or an e-mail address.
	Subscriber string
	// Client sends the pushes; default an http.Client with a 10 s timeout.
	Client webpush.HTTPClient
	// Poll is how often a sender looks for due notifications when it is
	// not woken; default 5 s. Retry is the wait after a first failed
	// push, doubled after each (default 30 s); MaxAttempts the pushes
	// tried before one is given up (default 6).
	Poll        time.Duration
	Retry       time.Duration
	MaxAttempts int
	Logger      *slog.Logger
}

// Notifier queues and sends the Web Push notifications of a server.
type Notifier struct {
	cfg  NotifierConfig
	wake chan struct{}

	once         sync.Once
	public, priv string
	keyErr       error
	hall         *table.Hall
	stop         context.CancelFunc
	wg           sync.WaitGroup
}

// pushLease is how long a sender holds the notifications it claimed.
const pushLease = time.Minute

// NewNotifier returns a notifier; the server starts its sender.
func NewNotifier(cfg NotifierConfig) *Notifier {
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 5 * time.Second
	}
	if cfg.Retry <= 0 {
		cfg.Retry = 30 * time.Second
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 6
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Notifier{cfg: cfg, wake: make(chan struct{}, 1)}
}

// Keys returns the server's VAPID key pair (base64url), made and stored
// the first time any instance needs it.
func (n *Notifier) Keys(ctx context.Context) (public, private string, err error) {
	n.once.Do(func() {
		n.public, n.priv, n.keyErr = n.cfg.Store.ServerKey(ctx, "vapid", func() (string, string, error) {
			priv, pub, err := webpush.GenerateVAPIDKeys()
			return pub, priv, err
		})
	})
	if n.keyErr != nil {
		// Try again next time: the store may have been out of reach.
		err := n.keyErr
		n.once = sync.Once{}
		return "", "", err
	}
	return n.public, n.priv, nil
}

// Notice is the hall's Notice hook: it queues the notification of a turn
// at a correspondence table, or of a take-back request, for the accounts
// holding the seats told.
func (n *Notifier) Notice(ctx context.Context, no table.Notice) {
	var kind string
	switch no.Kind {
	case table.NoticeTurn:
		if !table.Correspondence(no.Table.TimeControl) {
			return
		}
		kind = store.NotifyTurn
	case table.NoticeTakeBack:
		kind = store.NotifyTakeBack
	default:
		return
	}
	var accounts []string
	for _, p := range no.Seats {
		if a := no.Table.Seats[p].Account; a != "" && !slices.Contains(accounts, a) {
			accounts = append(accounts, a)
		}
	}
	q, err := n.cfg.Store.QueueNotification(ctx, store.Notification{Kind: kind, Table: no.Table.ID, EventN: no.N, Created: time.Now()}, accounts)
	if err != nil {
		n.cfg.Logger.Error("notification not queued", "table", no.Table.ID, "kind", kind, "err", err)
		return
	}
	if q > 0 {
		select {
		case n.wake <- struct{}{}:
		default:
		}
	}
}

// Challenged queues the notification of challenge c for the account it
// challenges (its Table is the challenge's ID).
func (n *Notifier) Challenged(ctx context.Context, c store.Challenge) {
	q, err := n.cfg.Store.QueueNotification(ctx, store.Notification{Kind: store.NotifyChallenge, Table: c.ID, Created: time.Now()}, []string{c.Challenged})
	if err != nil {
		n.cfg.Logger.Error("notification not queued", "challenge", c.ID, "kind", store.NotifyChallenge, "err", err)
		return
	}
	if q > 0 {
		select {
		case n.wake <- struct{}{}:
		default:
		}
	}
}

// start runs the sender until stopped.
func (n *Notifier) start(hall *table.Hall) {
	ctx, cancel := context.WithCancel(context.Background())
	n.hall, n.stop = hall, cancel
	n.wg.Go(func() { n.run(ctx) })
}

// shutdown stops the sender and waits for it: notifications it claimed
// and did not finish are sent by a sender after the lease.
func (n *Notifier) shutdown() {
	if n.stop != nil {
		n.stop()
		n.wg.Wait()
	}
}

// notificationsKept is how long sent notifications stay in the outbox,
// so that an event noticed again (a table loaded after a restart) is not
// sent again: longer than any turn lasts (a week's move and a week's
// bank).
const notificationsKept = 30 * 24 * time.Hour

func (n *Notifier) run(ctx context.Context) {
	tick := time.NewTicker(n.cfg.Poll)
	defer tick.Stop()
	var pruned time.Time
	for {
		for n.sendDue(ctx) {
		}
		if time.Since(pruned) > time.Hour {
			pruned = time.Now()
			if _, err := n.cfg.Store.PruneNotifications(ctx, pruned.Add(-notificationsKept)); err != nil && ctx.Err() == nil {
				n.cfg.Logger.Error("notifications not pruned", "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-n.wake:
		}
	}
}

// sendDue sends a batch of due notifications and reports whether there
// may be more.
func (n *Notifier) sendDue(ctx context.Context) bool {
	const batch = 16
	due, err := n.cfg.Store.ClaimNotifications(ctx, time.Now(), pushLease, batch)
	if err != nil {
		if ctx.Err() == nil {
			n.cfg.Logger.Error("notifications not claimed", "err", err)
		}
		return false
	}
	for _, no := range due {
		n.send(ctx, no)
	}
	return len(due) == batch
}

// pushMessage is the JSON a push carries to the service worker, which
// writes the notification's text in the player's language.
type pushMessage struct {
	Kind  string `json:"kind"`
	Table string `json:"table"`
	// N is the number of the table's action or event told of.
	N    int64  `json:"n"`
	Game string `json:"game"`
	URL  string `json:"url"`
}

// tournamentNotice prefixes the table field of a tournament's own
// notification (of kind tournament_round, under its opt-in): the
// tournament's ID follows. The push's kind is then
// pushTournamentCancelled, and its URL the tournament's page.
const (
	tournamentNotice        = "tournament:"
	pushTournamentCancelled = "tournament_cancelled"
)

// send pushes no to each browser of its account, unless the player is
// looking at its table, and records the outcome.
func (n *Notifier) send(ctx context.Context, no store.Notification) {
	log := n.cfg.Logger.With("notification", no.ID, "table", no.Table, "kind", no.Kind)
	var msg []byte
	if id, ok := strings.CutPrefix(no.Table, tournamentNotice); ok {
		// A tournament's notice: it was cancelled (see TournamentRunner).
		msg, _ = json.Marshal(pushMessage{Kind: pushTournamentCancelled, URL: "/tournaments/" + id})
	} else if no.Kind == store.NotifyChallenge {
		// A challenge: its Table is the challenge's ID, answered on the
		// friends page.
		msg, _ = json.Marshal(pushMessage{Kind: no.Kind, URL: "/friends"})
	} else {
		info, err := n.hall.Info(ctx, no.Table)
		if err != nil {
			log.Warn("notification dropped: no table", "err", err)
			n.finish(ctx, no, true)
			return
		}
		if n.looking(ctx, no) {
			n.finish(ctx, no, true)
			return
		}
		msg, _ = json.Marshal(pushMessage{Kind: no.Kind, Table: no.Table, N: no.EventN, Game: info.Game, URL: "/tables/" + no.Table})
	}
	subs, err := n.cfg.Store.PushSubscriptions(ctx, no.AccountID)
	if err != nil {
		n.retry(ctx, no, err)
		return
	}
	pub, priv, err := n.Keys(ctx)
	if err != nil {
		n.retry(ctx, no, err)
		return
	}
	var sent int
	var failed error
	for _, sub := range subs {
		err := n.push(ctx, msg, sub, pub, priv)
		switch {
		case err == nil:
			sent++
		case err == errGone:
			// The browser unsubscribed: forget it.
			if err := n.cfg.Store.DeletePushSubscription(ctx, "", sub.Endpoint); err != nil {
				log.Error("push subscription not removed", "err", err)
			}
		default:
			failed = err
		}
	}
	if sent == 0 && failed != nil {
		n.retry(ctx, no, failed)
		return
	}
	n.finish(ctx, no, sent == 0)
}

// looking reports whether the player of no has the table open: a
// connection of theirs, to any instance, holds their seat (online or with
// its page hidden).
func (n *Notifier) looking(ctx context.Context, no store.Notification) bool {
	return n.hall.AccountPresent(ctx, no.Table, no.AccountID)
}

var errGone = fmt.Errorf("the push subscription is gone")

// push sends msg to sub; errGone when the push service says the
// subscription no longer exists.
func (n *Notifier) push(ctx context.Context, msg []byte, sub store.PushSubscription, pub, priv string) error {
	res, err := webpush.SendNotificationWithContext(ctx, msg, &webpush.Subscription{Endpoint: sub.Endpoint,
		Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256DH}}, &webpush.Options{HTTPClient: n.cfg.Client,
		Subscriber: n.cfg.Subscriber, TTL: 24 * 60 * 60, Urgency: webpush.UrgencyNormal,
		VAPIDPublicKey: pub, VAPIDPrivateKey: priv})
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	switch {
	case res.StatusCode == http.StatusNotFound || res.StatusCode == http.StatusGone:
		return errGone
	case res.StatusCode >= 300:
		return fmt.Errorf("push service answered %s", res.Status)
	}
	return nil
}

func (n *Notifier) finish(ctx context.Context, no store.Notification, dropped bool) {
	if err := n.cfg.Store.FinishNotification(ctx, no.ID, dropped); err != nil {
		n.cfg.Logger.Error("notification not finished", "notification", no.ID, "err", err)
	}
}

// retry makes no due again after a wait that doubles with each attempt,
// or gives it up after the last.
func (n *Notifier) retry(ctx context.Context, no store.Notification, cause error) {
	n.cfg.Logger.Warn("notification not sent", "notification", no.ID, "attempt", no.Attempts, "err", cause)
	if no.Attempts >= n.cfg.MaxAttempts {
		n.finish(ctx, no, true)
		return
	}
	wait := n.cfg.Retry << min(no.Attempts-1, 10)
	if err := n.cfg.Store.RetryNotification(ctx, no.ID, time.Now().Add(wait)); err != nil {
		n.cfg.Logger.Error("notification not rescheduled", "notification", no.ID, "err", err)
	}
}
