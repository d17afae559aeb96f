package gametest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"minehall/game"
)

// FuzzActions is the body of a fuzz target over action sequences: the
// fuzzer's bytes choose a player count, a seed, and then, two bytes a step,
// an actor and an action number that may be legal or not. Each step goes
// through game.Play; a refused action must leave the state unchanged and an
// accepted one must have been listed as legal; invariants hold throughout.
// Use it as:
//
//	func FuzzGame(f *testing.F) { gametest.FuzzActions(f, New(), nil) }
func FuzzActions(f *testing.F, g game.Game, opts game.Options) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(bytes.Repeat([]byte{0xff, 0x00, 0x7f}, 40))
	f.Add([]byte("the quick brown fox jumps over the lazy dog"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := fuzzOne(g, opts, data); err != nil {
			t.Fatal(err)
		}
	})
}

func fuzzOne(g game.Game, opts game.Options, data []byte) error {
	spec := g.Spec()
	if len(data) < 9 {
		return nil
	}
	n := spec.MinPlayers + int(data[0])%(spec.MaxPlayers-spec.MinPlayers+1)
	seed := binary.LittleEndian.Uint64(data[1:9])
	s, _, err := game.Start(g, n, opts, seed)
	if err != nil {
		return fmt.Errorf("new game with %d players: %v", n, err)
	}
	var pbuf []game.Player
	var abuf []game.Action
	for rest := data[9:]; len(rest) >= 2 && !s.Terminal(); rest = rest[2:] {
		actors := s.Actors(pbuf[:0])
		p := actors[int(rest[0])%len(actors)]
		legal := slices.Clone(s.Legal(p, abuf[:0]))
		if !strictlyAscending(legal) {
			return fmt.Errorf("legal actions of %s are not strictly ascending: %v", p, legal)
		}
		// Half the time a legal action by index, else a raw action number.
		var a game.Action
		if rest[1]&1 == 0 && len(legal) > 0 {
			a = legal[int(rest[1]>>1)%len(legal)]
		} else {
			a = game.Action(int(rest[1]>>1) * s.NumActions() / 128)
		}
		before := snapshot(s)
		move := s.ActionString(p, a)
		err := game.Play(s, p, a)
		_, isLegal := slices.BinarySearch(legal, a)
		switch {
		case err == nil && !isLegal:
			return fmt.Errorf("%q by %s accepted but not listed as legal", move, p)
		case err != nil && isLegal:
			return fmt.Errorf("%q by %s listed as legal but refused: %v", move, p, err)
		case err != nil && !bytes.Equal(before, snapshot(s)):
			return fmt.Errorf("refusing %q by %s changed the state", move, p)
		}
		if ch, ok := s.(game.Checker); ok && err == nil {
			if err := ch.CheckInvariants(); err != nil {
				return fmt.Errorf("after %q by %s: %v", move, p, err)
			}
		}
	}
	return nil
}
