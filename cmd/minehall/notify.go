package main

import (
	"bufio"
	"log/slog"
	"net/mail"
	"os"
	"strings"

	"minehall/game"
	"minehall/server"
	"minehall/store"
)

// notificationsFor returns the Web Push notifier and the mailer that
// opts ask for, on the store's notifications (nil for a store without
// accounts, or each when it is off).
func notificationsFor(db store.Store, opts serveOptions, log *slog.Logger) (*server.Notifier, *server.Mailer, error) {
	ns, ok := db.(interface{ Notifications() store.Notifications })
	if !ok {
		return nil, nil, nil
	}
	var mailer *server.Mailer
	if opts.smtpAddr != "" {
		password := os.Getenv("MINEHALL_SMTP_PASSWORD")
		if opts.smtpPasswordFile != "" {
			f, err := os.Open(opts.smtpPasswordFile)
			if err != nil {
				return nil, nil, game.Errorf(game.CodeInvalid, "--smtp-password-file: %v", err)
			}
			sc := bufio.NewScanner(f)
			sc.Scan()
			password = strings.TrimSpace(sc.Text())
			f.Close()
		}
		var err error
		mailer, err = server.NewMailer(server.MailerConfig{Store: ns.Notifications(), Addr: opts.smtpAddr, From: opts.smtpFrom,
			Username: opts.smtpUser, Password: password, TLS: opts.smtpTLS, Logger: log})
		if err != nil {
			return nil, nil, game.Errorf(game.CodeInvalid, "%v", err)
		}
	}
	if !opts.push {
		return nil, mailer, nil
	}
	contact := opts.pushContact
	if contact == "" && strings.HasPrefix(opts.publicURL, "https://") {
		contact = strings.TrimSuffix(opts.publicURL, "/")
	}
	if a, err := mail.ParseAddress(opts.smtpFrom); contact == "" && err == nil {
		contact = a.Address
	}
	if contact == "" {
		contact = "minehall@localhost"
	}
	return server.NewNotifier(server.NotifierConfig{Store: ns.Notifications(), Subscriber: contact, Logger: log}), mailer, nil
}
