package table

import "minehall/store"

// GameTables counts one game's live tables that this instance runs.
type GameTables struct {
	Open, Playing int
}

// TablesByGame counts the open and playing tables this instance runs, by
// game id; games without any are left out.
func (h *Hall) TablesByGame() map[string]GameTables {
	h.mu.Lock()
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	out := map[string]GameTables{}
	for _, t := range tables {
		t.mu.Lock()
		status, mirror := t.rec.Status, t.mirror
		t.mu.Unlock()
		if mirror || status == store.StatusFinished {
			continue
		}
		c := out[t.spec.ID]
		if status == store.StatusOpen {
			c.Open++
		} else {
			c.Playing++
		}
		out[t.spec.ID] = c
	}
	return out
}

// Unfinished reports whether the hall holds table id live and it is open
// or playing; a finished table, an unknown one, or (in a cluster) one that
// no client here follows, is not.
func (h *Hall) Unfinished(id string) bool {
	h.mu.Lock()
	t := h.tables[id]
	h.mu.Unlock()
	if t == nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.rec.Status != store.StatusFinished && !t.state.Terminal()
}
