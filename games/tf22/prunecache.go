package tf22

import "minehall/game"

// pruneCache remembers the search view's pruned turn actions by position:
// the whole state (every field, hidden ones and derived ones included) and
// the acting seat. Two equal keys give equal pruned actions, since
// [State.pruneTurnActions] reads nothing but the state and the seat, so a
// hit is exactly what pruning again would return. A nil *pruneCache
// remembers nothing. It is not safe for concurrent use.
type pruneCache struct {
	index map[pruneKey]pruneSpan
	acts  []game.Action // the pruned actions of every entry, end to end
}

type pruneKey struct {
	s    State
	seat int8
}

// pruneSpan locates one entry's actions in pruneCache.acts.
type pruneSpan struct{ off, n int32 }

func newPruneCache() *pruneCache {
	return &pruneCache{index: map[pruneKey]pruneSpan{}}
}

// reset forgets every entry, keeping the memory for the next search.
func (pc *pruneCache) reset() {
	if pc == nil {
		return
	}
	clear(pc.index)
	pc.acts = pc.acts[:0]
}

// lookup returns the pruned actions of seat at s, if remembered. The slice
// is the cache's own: the caller copies it and does not modify it.
func (pc *pruneCache) lookup(s *State, seat int8) ([]game.Action, bool) {
	if pc == nil {
		return nil, false
	}
	sp, ok := pc.index[pruneKey{*s, seat}]
	if !ok {
		return nil, false
	}
	return pc.acts[sp.off : sp.off+sp.n : sp.off+sp.n], true
}

// store remembers acts as the pruned actions of seat at s.
func (pc *pruneCache) store(s *State, seat int8, acts []game.Action) {
	if pc == nil {
		return
	}
	pc.index[pruneKey{*s, seat}] = pruneSpan{int32(len(pc.acts)), int32(len(acts))}
	pc.acts = append(pc.acts, acts...)
}
