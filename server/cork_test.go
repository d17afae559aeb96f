package server

import (
	"net"
	"slices"
	"strings"
	"testing"
)

// recordingConn is a net.Conn that records each Write it is given.
type recordingConn struct {
	net.Conn
	writes []string
}

func (c *recordingConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, string(p))
	return len(p), nil
}

func TestCorkedConnSendsHeldWritesAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []string // "cork", "uncork", or a write
		want  []string // the writes the network gets
	}{
		{"uncorked writes go through", []string{"a", "b"}, []string{"a", "b"}},
		{"corked writes go in one", []string{"cork", "a", "b", "c", "uncork"}, []string{"abc"}},
		{"nothing held sends nothing", []string{"cork", "uncork", "a"}, []string{"a"}},
		{"corked again after an uncork", []string{"cork", "a", "b", "uncork", "c", "cork", "d", "e", "uncork"}, []string{"ab", "c", "de"}},
		{"held until the uncork", []string{"cork", "a", "b"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recordingConn{}
			c := &corkedConn{Conn: rec}
			for _, s := range tc.steps {
				switch s {
				case "cork":
					c.cork()
				case "uncork":
					if err := c.uncork(); err != nil {
						t.Fatalf("uncork: %v", err)
					}
				default:
					if n, err := c.Write([]byte(s)); n != len(s) || err != nil {
						t.Fatalf("Write(%q): got %d, %v; want %d, nil", s, n, err, len(s))
					}
				}
			}
			if !slices.Equal(rec.writes, tc.want) {
				t.Errorf("writes: got %q; want %q", rec.writes, tc.want)
			}
		})
	}
}

func TestCorkedConnLetsALargeBatchGo(t *testing.T) {
	rec := &recordingConn{}
	c := &corkedConn{Conn: rec}
	big := strings.Repeat("x", maxKeptCork+1)
	c.cork()
	c.Write([]byte(big))
	if err := c.uncork(); err != nil {
		t.Fatalf("uncork: %v", err)
	}
	if len(rec.writes) != 1 || rec.writes[0] != big {
		t.Fatalf("writes: got %d of %d bytes; want the batch in one", len(rec.writes), len(big))
	}
	if cap(c.held) != 0 {
		t.Errorf("buffer kept after a %d-byte batch: %d bytes; want none (at most %d kept)", len(big), cap(c.held), maxKeptCork)
	}
}
