package gametest

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
)

// The kit must catch broken games. Each mutant below breaks one rule of the
// contract, and the kit must report it.

type mutantGame struct {
	base   game.Game
	mutate func(game.State, game.Config) game.State
}

func (m mutantGame) Spec() game.Spec { return m.base.Spec() }
func (m mutantGame) New(cfg game.Config) (game.State, error) {
	s, err := m.base.New(cfg)
	if err != nil {
		return nil, err
	}
	return m.mutate(s, cfg), nil
}

type reversedLegal struct{ *C4State }

func (r reversedLegal) Legal(p game.Player, dst []game.Action) []game.Action {
	n := len(dst)
	dst = r.C4State.Legal(p, dst)
	slices.Reverse(dst[n:])
	return dst
}
func (r reversedLegal) Clone() game.State { return reversedLegal{r.C4State.Clone().(*C4State)} }

type sharedClone struct{ *C4State }

func (r sharedClone) Clone() game.State { return r }

type bothLegal struct{ *C4State }

func (r bothLegal) Legal(p game.Player, dst []game.Action) []game.Action {
	if p == 1-r.Turn && !r.Terminal() {
		return r.C4State.Legal(r.Turn, dst)
	}
	return r.C4State.Legal(p, dst)
}
func (r bothLegal) Clone() game.State { return bothLegal{r.C4State.Clone().(*C4State)} }

type cachingReader struct {
	*C4State
	calls *int
}

func (r cachingReader) Legal(p game.Player, dst []game.Action) []game.Action {
	*r.calls++
	return r.C4State.Legal(p, dst)
}
func (r cachingReader) Snapshot() any {
	return struct {
		S     any
		Calls int
	}{r.C4State.Snapshot(), *r.calls}
}
func (r cachingReader) Clone() game.State {
	n := *r.calls
	return cachingReader{r.C4State.Clone().(*C4State), &n}
}

type badNotation struct{ *C4State }

func (r badNotation) ActionString(p game.Player, a game.Action) string { return "a" }
func (r badNotation) Clone() game.State                                { return badNotation{r.C4State.Clone().(*C4State)} }

type seedLeak struct {
	*HCState
	seed uint64
}

func (r seedLeak) View(p game.Player) any {
	return map[string]any{"view": r.HCState.View(p), "seed": r.seed}
}
func (r seedLeak) Clone() game.State { return seedLeak{r.HCState.Clone().(*HCState), r.seed} }
func (r seedLeak) Determinize(p game.Player, g *game.Rand) game.State {
	return seedLeak{r.HCState.Determinize(p, g).(*HCState), r.seed}
}

type ownCardRedealt struct{ *HCState }

func (r ownCardRedealt) Determinize(p game.Player, g *game.Rand) game.State {
	c := *r.HCState
	if p >= 0 && c.Cards[p] != 0 && c.Cards[1-p] == 0 {
		c.Cards[p] = int8(g.IntN(hcDeck)) + 1
	}
	return ownCardRedealt{&c}
}
func (r ownCardRedealt) Clone() game.State { return ownCardRedealt{r.HCState.Clone().(*HCState)} }

type noEnd struct{ *C4State }

func (r noEnd) Terminal() bool { return false }
func (r noEnd) Actors(dst []game.Player) []game.Player {
	return append(dst, r.Turn)
}
func (r noEnd) Legal(p game.Player, dst []game.Action) []game.Action {
	if p != r.Turn {
		return dst
	}
	return append(dst, 0)
}
func (r noEnd) Apply(p game.Player, a game.Action) { r.Turn = 1 - r.Turn; r.Moves++ }
func (r noEnd) Clone() game.State                  { return noEnd{r.C4State.Clone().(*C4State)} }
func (r noEnd) CheckInvariants() error             { return nil }

func TestKitCatchesBrokenGames(t *testing.T) {
	c4 := func(wrap func(*C4State) game.State) game.Game {
		return mutantGame{ConnectFour(), func(s game.State, _ game.Config) game.State { return wrap(s.(*C4State)) }}
	}
	tests := []struct {
		name string
		g    game.Game
		want string
	}{
		{"legal not ascending", c4(func(s *C4State) game.State { return reversedLegal{s} }), "not strictly ascending"},
		{"clone shares state", c4(func(s *C4State) game.State { return sharedClone{s} }), "on a clone changed the original"},
		{"non-actor has legal actions", c4(func(s *C4State) game.State { return bothLegal{s} }), "actor=false"},
		{"reader writes a cache", c4(func(s *C4State) game.State { n := 0; return cachingReader{s, &n} }), "changed it"},
		{"notation does not round-trip", c4(func(s *C4State) game.State { return badNotation{s} }), "notation"},
		{"never ends", c4(func(s *C4State) game.State { return noEnd{s} }), "not over after"},
		{"view leaks the seed", mutantGame{HighCard(), func(s game.State, cfg game.Config) game.State { return seedLeak{s.(*HCState), cfg.Seed} }}, "contains the seed"},
		{"determinize changes what the player sees", mutantGame{HighCard(), func(s game.State, _ game.Config) game.State { return ownCardRedealt{s.(*HCState)} }}, "changes what"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCaught(t, tt.g, tt.want)
		})
	}
}

// wantCaught checks two-player games of the mutant g, at five seeds,
// and fails unless the kit reports an error containing want.
func wantCaught(t *testing.T, g game.Game, want string) {
	t.Helper()
	var reg game.Registry
	reg.Register(g)
	cfg := Config{Games: 5, MaxActions: 500}.withDefaults(g.Spec())
	var err error
	for i := uint64(0); i < 5 && err == nil; i++ {
		err = checkGame(&reg, g, 2, nil, seedBase+i, cfg)
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want an error containing %q", err, want)
	}
}

func TestFuzzOneCatchesAcceptedIllegal(t *testing.T) {
	// A state whose Apply is reached through Play only for listed actions
	// cannot accept an unlisted one; check instead that the fuzz body runs
	// real games and finds nothing wrong with a correct game.
	data := append([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8}, make([]byte, 200)...)
	for i := range data[9:] {
		data[9+i] = byte(i * 37)
	}
	for _, g := range []game.Game{ConnectFour(), HighCard(), Goofspiel()} {
		if err := fuzzOne(g, nil, data); err != nil {
			t.Errorf("%s: %v", g.Spec().ID, err)
		}
	}
	bad := mutantGame{ConnectFour(), func(s game.State, _ game.Config) game.State { return reversedLegal{s.(*C4State)} }}
	if err := fuzzOne(bad, nil, data); err == nil {
		t.Error("fuzz body accepted a game whose legal list is not ascending")
	}
}
