package server

import (
	"errors"
	"maps"
	"testing"
	"time"
)

// The cache reads a blocker's blocks again once they are older than its
// life or forgotten, and keeps neither a failed read nor one that began
// before a forget.
func TestBlockCache(t *testing.T) {
	ann := map[string]bool{"bob": true}
	tests := []struct {
		name string
		// between runs after the first get and before the second.
		between func(c *blockCache, clock *time.Time)
		// failFirst makes the first read fail.
		failFirst bool
		wantReads int
	}{
		{"YoungEntryIsKept", func(c *blockCache, clock *time.Time) { *clock = clock.Add(time.Second) }, false, 1},
		{"OldEntryIsReadAgain", func(c *blockCache, clock *time.Time) { *clock = clock.Add(5 * time.Second) }, false, 2},
		{"ForgottenEntryIsReadAgain", func(c *blockCache, clock *time.Time) { c.forget("ann") }, false, 2},
		{"OtherBlockerForgottenKeepsIt", func(c *blockCache, clock *time.Time) { c.forget("cid") }, false, 1},
		{"FailedReadIsNotKept", func(c *blockCache, clock *time.Time) {}, true, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := time.Unix(1000, 0)
			c := newBlockCache(5*time.Second, func() time.Time { return clock })
			reads := 0
			read := func() (map[string]bool, error) {
				reads++
				if tc.failFirst && reads == 1 {
					return nil, errors.New("store down")
				}
				return ann, nil
			}
			c.get("ann", read)
			tc.between(c, &clock)
			if got := c.get("ann", read); !maps.Equal(got, ann) {
				t.Errorf("the second get: got %v; want %v", got, ann)
			}
			if reads != tc.wantReads {
				t.Errorf("reads: got %d; want %d", reads, tc.wantReads)
			}
		})
	}
	t.Run("ReadBeforeForgetIsNotKept", func(t *testing.T) {
		clock := time.Unix(1000, 0)
		c := newBlockCache(5*time.Second, func() time.Time { return clock })
		reads := 0
		c.get("ann", func() (map[string]bool, error) {
			reads++
			c.forget("ann") // a block made while the read was under way
			return nil, nil
		})
		got := c.get("ann", func() (map[string]bool, error) { reads++; return ann, nil })
		if reads != 2 || !maps.Equal(got, ann) {
			t.Errorf("after a forget during a read: got %v after %d reads; want %v after 2", got, reads, ann)
		}
	})
}
