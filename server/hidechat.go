package server

import (
	"context"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// maxBlockedRead caps the blocked accounts read for hiding their chat.
const maxBlockedRead = 1000

// blockedBy returns the accounts that account blocks (nil for none, a
// guest, or a server that keeps no friends): their chat at tables is
// hidden from it. It reads them through s.blocks, so that it is cheap
// enough to call for every chat line delivered; the map is shared and
// callers do not change it.
func (s *Server) blockedBy(ctx context.Context, account string) map[string]bool {
	fs, ok := s.cfg.Accounts.(interface{ Friends() store.Friends })
	if account == "" || !ok {
		return nil
	}
	return s.blocks.get(account, func() (map[string]bool, error) { return s.readBlocked(ctx, fs.Friends(), account) })
}

// readBlocked reads the accounts that account blocks from fs (nil for
// none), and those it could read when it fails.
func (s *Server) readBlocked(ctx context.Context, fs store.Friends, account string) (map[string]bool, error) {
	var out map[string]bool
	p := store.Page{Limit: 100}
	for len(out) < maxBlockedRead {
		es, next, err := fs.Blocked(ctx, account, p)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("blocked accounts not read", "err", err)
			}
			return out, err
		}
		for _, e := range es {
			if out == nil {
				out = map[string]bool{}
			}
			out[e.AccountID] = true
		}
		if next == "" {
			break
		}
		p.After = next
	}
	return out, nil
}

// hider says which seats of t hold an account of blocked.
func hider(t *table.Table, blocked map[string]bool) func(game.Player) bool {
	return func(p game.Player) bool {
		if len(blocked) == 0 || p < 0 {
			return false
		}
		accounts := t.SeatAccounts()
		return int(p) < len(accounts) && blocked[accounts[p]]
	}
}
