package server_test

import (
	"io"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// mailbox is an SMTP server on 127.0.0.1 that keeps what it receives.
type mailbox struct {
	addr  string
	mails chan received
	// refuse is the number of mails still to refuse, with the SMTP code
	// refuseCode; attempts counts the mails offered.
	refuse     atomic.Int32
	refuseCode int
	attempts   atomic.Int32
}

// received is a delivered mail: its recipients, subject and decoded
// plain-text body.
type received struct {
	To      []string
	Subject string
	Body    string
}

func newMailbox(t *testing.T) *mailbox {
	t.Helper()
	mb := &mailbox{mails: make(chan received, 16)}
	s := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &mailSession{mb: mb}, nil }))
	s.Domain, s.AllowInsecureAuth = "localhost", true
	s.ErrorLog = nopLogger{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mb.addr = ln.Addr().String()
	go s.Serve(ln)
	t.Cleanup(func() { s.Close() })
	return mb
}

type nopLogger struct{}

func (nopLogger) Printf(string, ...any) {}
func (nopLogger) Println(...any)        {}

type mailSession struct {
	mb *mailbox
	to []string
}

func (s *mailSession) Reset()        { s.to = nil }
func (s *mailSession) Logout() error { return nil }
func (s *mailSession) Mail(string, *smtp.MailOptions) error {
	return nil
}
func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *mailSession) Data(r io.Reader) error {
	s.mb.attempts.Add(1)
	if s.mb.refuse.Add(-1) >= 0 {
		io.Copy(io.Discard, r)
		return &smtp.SMTPError{Code: s.mb.refuseCode, Message: "not now"}
	}
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	var body io.Reader = m.Body
	if strings.EqualFold(m.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(m.Body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	s.mb.mails <- received{To: s.to, Subject: subject, Body: string(b)}
	return nil
}

// next returns the next mail delivered.
func (mb *mailbox) next(t *testing.T) received {
	t.Helper()
	select {
	case m := <-mb.mails:
		return m
	case <-time.After(20 * time.Second):
		t.Fatalf("no mail arrived")
	}
	return received{}
}

// token returns the token of the link to page in m's body.
func (m received) token(t *testing.T, page string) string {
	t.Helper()
	match := regexp.MustCompile(regexp.QuoteMeta(page) + `\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Body)
	if match == nil {
		t.Fatalf("mail %q has no link to %s", m.Body, page)
	}
	return match[1]
}
