package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	mail "github.com/wneessen/go-mail"

	"minehall/store"
)

// The TLS modes of a [Mailer]'s connection to its SMTP server.
const (
	// MailTLSStartTLS: plain connection upgraded by STARTTLS, required
	// (the submission port, 587).
	MailTLSStartTLS = "starttls"
	// MailTLSImplicit: TLS from the start (port 465).
	MailTLSImplicit = "tls"
	// MailTLSNone: no TLS, for a relay on the same machine or network.
	MailTLSNone = "none"
)

// MailerConfig configures a [Mailer].
type MailerConfig struct {
	Store store.Notifications
	// Addr is the SMTP server's host:port; From the sender's address.
	Addr string
	From string
	// Username and Password authenticate to the server (SMTP AUTH PLAIN,
	// only over TLS); empty sends without authentication.
	Username, Password string
	// TLS is MailTLSStartTLS (the default), MailTLSImplicit or MailTLSNone.
	TLS     string
	Timeout time.Duration
	Logger  *slog.Logger
	// Now tells the time of the mailed links' lives and of the digests;
	// default time.Now.
	Now func() time.Time
	// Lang is the language of the daily digests (the site's default:
	// "en"); DigestPoll how often the server looks for digests due
	// (default an hour).
	Lang       string
	DigestPoll time.Duration
	// Retries are the waits before each new attempt of a mail sent
	// patiently (a password reset, a digest) that failed for a reason
	// that may pass: the server unreachable or a temporary (4xx) refusal;
	// default 10 s, 1 min and 5 min. A permanent (5xx) refusal is not
	// retried.
	Retries []time.Duration
}

// defaultMailRetries are [MailerConfig.Retries] by default.
var defaultMailRetries = []time.Duration{10 * time.Second, time.Minute, 5 * time.Minute}

// Mailer sends a server's mail: verification links, password resets.
type Mailer struct {
	cfg  MailerConfig
	host string
	port int
}

// NewMailer checks cfg and returns its mailer.
func NewMailer(cfg MailerConfig) (*Mailer, error) {
	host, p, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("--smtp-addr %q: want HOST:PORT", cfg.Addr)
	}
	port, err := strconv.Atoi(p)
	if err != nil || port <= 0 || port > 65535 {
		return nil, fmt.Errorf("--smtp-addr %q: bad port", cfg.Addr)
	}
	if cfg.TLS == "" {
		cfg.TLS = MailTLSStartTLS
	}
	if cfg.TLS != MailTLSStartTLS && cfg.TLS != MailTLSImplicit && cfg.TLS != MailTLSNone {
		return nil, fmt.Errorf("--smtp-tls %q: want %s, %s or %s", cfg.TLS, MailTLSStartTLS, MailTLSImplicit, MailTLSNone)
	}
	if cfg.From == "" {
		return nil, fmt.Errorf("--smtp-from is needed with --smtp-addr")
	}
	if err := mail.NewMsg().From(cfg.From); err != nil {
		return nil, fmt.Errorf("--smtp-from %q: %v", cfg.From, err)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 20 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.DigestPoll <= 0 {
		cfg.DigestPoll = time.Hour
	}
	if cfg.Retries == nil {
		cfg.Retries = defaultMailRetries
	}
	return &Mailer{cfg: cfg, host: host, port: port}, nil
}

// Send sends a plain-text mail to to.
func (m *Mailer) Send(ctx context.Context, to, subject, body string) error {
	msg := mail.NewMsg()
	if err := msg.From(m.cfg.From); err != nil {
		return err
	}
	if err := msg.To(to); err != nil {
		return err
	}
	msg.Subject(subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(mail.TypeTextPlain, body)
	opts := []mail.Option{mail.WithPort(m.port), mail.WithTimeout(m.cfg.Timeout)}
	switch m.cfg.TLS {
	case MailTLSNone:
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	case MailTLSImplicit:
		opts = append(opts, mail.WithSSL())
	default:
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	}
	if m.cfg.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(m.cfg.Username), mail.WithPassword(m.cfg.Password))
	}
	c, err := mail.NewClient(m.host, opts...)
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, msg)
}

// SendPatiently sends a mail as [Mailer.Send] does, trying again after
// each wait of [MailerConfig.Retries] while it fails for a reason that may
// pass, until ctx ends. It returns the last attempt's error.
func (m *Mailer) SendPatiently(ctx context.Context, to, subject, body string) error {
	err := m.Send(ctx, to, subject, body)
	for _, wait := range m.cfg.Retries {
		var refused *mail.SendError
		if err == nil || errors.As(err, &refused) && !refused.IsTemp() {
			return err
		}
		m.cfg.Logger.Warn("mail not sent; trying again", "in", wait, "err", err)
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		err = m.Send(ctx, to, subject, body)
	}
	return err
}
