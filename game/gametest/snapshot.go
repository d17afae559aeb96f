package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"minehall/game"
)

// CheckSnapshot saves s with [game.Snapshot], restores it with
// [game.Restore] for g, and checks that the restored state equals s: the
// same hash, actors, legal actions of every actor, View of every seat and
// of a spectator, and observation tensors when s is a [game.Observer]. It
// then plays up to future random actions (chance by its probabilities)
// drawn with rng on both states and checks that they stay equal after each.
// s is not changed.
func CheckSnapshot(g game.Game, s game.State, rng *game.Rand, future int) error {
	b, err := game.Snapshot(s)
	if err != nil {
		return fmt.Errorf("snapshot: %v", err)
	}
	r, err := game.Restore(g, b)
	if err != nil {
		return fmt.Errorf("restore: %v", err)
	}
	a := s.Clone()
	var pbuf [16]game.Player
	for i := 0; ; i++ {
		if err := sameState(a, r); err != nil {
			return fmt.Errorf("after %d actions played on both: %v", i, err)
		}
		if i == future {
			return nil
		}
		p, act, ok := RandomStep(a, rng, pbuf[:], nil)
		if !ok {
			return nil
		}
		a.Apply(p, act)
		r.Apply(p, act)
	}
}

// sameState reports how a and b differ, if they do.
func sameState(a, b game.State) error {
	ha, err := game.Hash(a)
	if err != nil {
		return err
	}
	hb, err := game.Hash(b)
	if err != nil {
		return err
	}
	if ha != hb {
		return fmt.Errorf("hash %s; want %s", hb, ha)
	}
	actors := a.Actors(nil)
	if got := b.Actors(nil); !slices.Equal(got, actors) {
		return fmt.Errorf("actors %v; want %v", got, actors)
	}
	for _, p := range actors {
		want := a.Legal(p, nil)
		if got := b.Legal(p, nil); !slices.Equal(got, want) {
			return fmt.Errorf("legal actions of %s: %v; want %v", p, got, want)
		}
	}
	for _, p := range viewers(a) {
		va, err := json.Marshal(a.View(p))
		if err != nil {
			return err
		}
		vb, err := json.Marshal(b.View(p))
		if err != nil {
			return err
		}
		if !bytes.Equal(va, vb) {
			return fmt.Errorf("view of %s differs %s", p, diffAt(vb, va))
		}
		if oa, ok := a.(game.Observer); ok {
			ta := oa.Observe(p, nil)
			tb := b.(game.Observer).Observe(p, nil)
			if i := firstDifference(ta, tb); i >= 0 && (i >= len(ta) || i >= len(tb)) {
				return fmt.Errorf("observation of %s has %d values; want %d", p, len(tb), len(ta))
			} else if i >= 0 {
				return fmt.Errorf("observation of %s differs at %d: %v; want %v", p, i, tb[i], ta[i])
			}
		}
	}
	return nil
}

// diffAt describes where got first differs from want.
func diffAt(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-30)
	return fmt.Sprintf("at byte %d: got …%s…; want …%s…", i, got[lo:min(i+30, len(got))], want[lo:min(i+30, len(want))])
}
