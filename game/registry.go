package game

import (
	"fmt"
	"sort"
	"strings"
)

// Registry holds the games a program offers, by id. The zero value is
// empty and ready; it is not safe for concurrent Register calls, so build it
// before serving.
type Registry struct {
	games map[string]Game
}

// Register adds g. It panics on a duplicate or empty id: that is a wiring
// mistake, not an input error.
func (r *Registry) Register(g Game) {
	id := g.Spec().ID
	if id == "" {
		panic("game: Register with empty id")
	}
	if r.games == nil {
		r.games = map[string]Game{}
	}
	if _, dup := r.games[id]; dup {
		panic(fmt.Sprintf("game: Register called twice for %q", id))
	}
	r.games[id] = g
}

// Lookup returns the game with the given id, or an error of code
// CodeNotFound that lists the ids there are.
func (r *Registry) Lookup(id string) (Game, error) {
	if g, ok := r.games[id]; ok {
		return g, nil
	}
	ids := r.IDs()
	known := "none"
	if len(ids) > 0 {
		known = strings.Join(ids, ", ")
	}
	return nil, Errorf(CodeNotFound, "unknown game %q (known: %s)", id, known)
}

// IDs returns the registered ids in ascending order.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.games))
	for id := range r.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Games returns the registered games ordered by id.
func (r *Registry) Games() []Game {
	ids := r.IDs()
	gs := make([]Game, len(ids))
	for i, id := range ids {
		gs[i] = r.games[id]
	}
	return gs
}

// Start checks the player count, resolves raw options and creates g's
// initial state: the one way new games start at tables and in
// simulations. It returns the resolved options with the state. A game
// stored before (a record, a table, a script) starts with [StartStored].
func Start(g Game, players int, raw Options, seed uint64) (State, Options, error) {
	return start(g, players, raw, seed, false)
}

// StartStored is [Start] for a game whose options were stored with it (a
// record, a stored table, a tutorial script, a puzzle): a rules version
// its options lack is the one it was played under (see
// [OptionSpec.Former]), so it replays exactly as it was played.
func StartStored(g Game, players int, stored Options, seed uint64) (State, Options, error) {
	return start(g, players, stored, seed, true)
}

func start(g Game, players int, raw Options, seed uint64, stored bool) (State, Options, error) {
	spec := g.Spec()
	if err := spec.CheckPlayers(players); err != nil {
		return nil, nil, err
	}
	opts, err := spec.resolve(raw, stored)
	if err != nil {
		return nil, nil, err
	}
	s, err := g.New(Config{Players: players, Options: opts, Seed: seed})
	if err != nil {
		return nil, nil, err
	}
	return s, opts, nil
}
