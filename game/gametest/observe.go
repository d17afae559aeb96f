package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"minehall/game"
)

// The checks of a game.Observer. [Run] makes them at every state of its
// random games (the determinized ones where it checks determinizations);
// [CheckObservation] makes them on one state, for a game's own tests of the
// states random play seldom reaches.

// observations holds the tensors of one state for every viewer: the
// spectator first, then seat 0 to n-1, as [viewers] lists them.
type observations struct {
	shape []int
	size  int
	views [][]byte    // View(p) as JSON, per viewer
	obs   [][]float32 // Observe(p), per viewer
}

// viewers returns the spectator and every seat of s.
func viewers(s game.State) []game.Player {
	vs := []game.Player{game.Spectator}
	for p := game.Player(0); int(p) < s.NumPlayers(); p++ {
		vs = append(vs, p)
	}
	return vs
}

// checkShape checks that shape is a shape (every dimension at least 1) and,
// when want is not nil, that it is want.
func checkShape(shape, want []int) error {
	if len(shape) == 0 {
		return fmt.Errorf("ObservationShape() is empty")
	}
	for _, d := range shape {
		if d < 1 {
			return fmt.Errorf("ObservationShape() %v has a dimension below 1", shape)
		}
	}
	if want != nil && !slices.Equal(shape, want) {
		return fmt.Errorf("ObservationShape() is %v here but %v in the game's first state: the shape must not change", shape, want)
	}
	return nil
}

// observeChecked returns o's observation for p, checking that it has size
// values, all finite, and that a second call into a used buffer (every
// value NaN) writes every value, returns that buffer's storage and gives
// the same tensor.
func observeChecked(o game.Observer, p game.Player, size int) ([]float32, error) {
	got := o.Observe(p, nil)
	if len(got) != size {
		return nil, fmt.Errorf("Observe(%s) gives %d values; the shape %v has %d", p, len(got), o.ObservationShape(), size)
	}
	for i, v := range got {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, fmt.Errorf("Observe(%s) value %d is %v, not finite", p, i, v)
		}
		if v < game.ObservationMin || v > game.ObservationMax {
			return nil, fmt.Errorf("Observe(%s) value %d is %v, outside [%d, %d]", p, i, v, game.ObservationMin, game.ObservationMax)
		}
	}
	used := make([]float32, size, size+3)
	for i := range used {
		used[i] = float32(math.NaN())
	}
	again := o.Observe(p, used[:0])
	if len(again) != size || &again[:1][0] != &used[0] {
		return nil, fmt.Errorf("Observe(%s) into a buffer of capacity %d did not write into that buffer", p, cap(used))
	}
	if i := firstDifference(got, again); i >= 0 {
		return nil, fmt.Errorf("Observe(%s) into a used buffer gives %v at value %d where a fresh call gives %v: every value must be written and a second call must give the same tensor", p, again[i], i, got[i])
	}
	return got, nil
}

// firstDifference returns the first index where a and b differ, or -1.
func firstDifference(a, b []float32) int {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	if len(b) > len(a) {
		return len(a)
	}
	return -1
}

// observeAll observes s for every viewer with observeChecked, and checks
// the shape against want (nil: any shape), that observing leaves the state
// unchanged, and that two viewers whose views differ get different
// tensors. views are the viewers' views as JSON, in
// the order of [viewers].
func observeAll(s game.State, o game.Observer, want []int, views [][]byte) (*observations, error) {
	shape := o.ObservationShape()
	if err := checkShape(shape, want); err != nil {
		return nil, err
	}
	ob := &observations{shape: shape, size: game.ObservationSize(shape), views: views}
	vs := viewers(s)
	before := snapshot(s)
	for _, p := range vs {
		t, err := observeChecked(o, p, ob.size)
		if err != nil {
			return nil, err
		}
		ob.obs = append(ob.obs, t)
	}
	if !bytes.Equal(snapshot(s), before) {
		return nil, fmt.Errorf("Observe changed the state")
	}
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			if !bytes.Equal(views[i], views[j]) && slices.Equal(ob.obs[i], ob.obs[j]) {
				return nil, fmt.Errorf("%s and %s see different views but get the same observation: Observe must depend on the player", vs[i], vs[j])
			}
		}
	}
	return ob, nil
}

// checkDeterminized checks that d, a determinization of the state for the
// viewer at index i of [viewers], gives that viewer the same observation
// as the state (the leak check: d resampled everything the viewer cannot
// see), with the same shape.
func (ob *observations) checkDeterminized(d game.State, i int, p game.Player) error {
	o, ok := d.(game.Observer)
	if !ok {
		return fmt.Errorf("a determinization for %s is not a game.Observer", p)
	}
	if err := checkShape(o.ObservationShape(), ob.shape); err != nil {
		return fmt.Errorf("a determinization for %s: %v", p, err)
	}
	before := snapshot(d)
	t, err := observeChecked(o, p, ob.size)
	if err != nil {
		return fmt.Errorf("a determinization for %s: %v", p, err)
	}
	if !bytes.Equal(snapshot(d), before) {
		return fmt.Errorf("a determinization for %s: Observe changed the state", p)
	}
	if k := firstDifference(ob.obs[i], t); k >= 0 {
		return fmt.Errorf("a determinization for %s changes %s's observation (value %d: %v becomes %v) though not its view: the observation reads hidden information",
			p, p, k, ob.obs[i][k], t[k])
	}
	return nil
}

// CheckObservation checks s's observations when s is a game.Observer (and
// does nothing otherwise), as [Run] does at every state: a valid shape; for
// the spectator and every seat, a tensor of the shape's size with finite
// values, the same when observed again into a used buffer (every value
// written, the buffer's storage returned), the state unchanged; different
// tensors for viewers whose views differ; and, when s is a
// game.Determinizer, for every viewer and two determinizations drawn with
// rng, the same view and the same tensor as s (no hidden information
// leaks into the tensor).
func CheckObservation(s game.State, rng *game.Rand) error {
	o, ok := s.(game.Observer)
	if !ok {
		return nil
	}
	vs := viewers(s)
	views := make([][]byte, len(vs))
	for i, p := range vs {
		b, err := json.Marshal(s.View(p))
		if err != nil {
			return fmt.Errorf("view of %s does not encode to JSON: %v", p, err)
		}
		views[i] = b
	}
	ob, err := observeAll(s, o, nil, views)
	if err != nil {
		return err
	}
	det, isDet := s.(game.Determinizer)
	if !isDet {
		return nil
	}
	for i, p := range vs {
		for range 2 {
			r := game.NewRand(rng.Uint64())
			d := det.Determinize(p, &r)
			dv, err := json.Marshal(d.View(p))
			if err != nil {
				return fmt.Errorf("determinized for %s: view does not encode to JSON: %v", p, err)
			}
			if !bytes.Equal(views[i], dv) {
				return fmt.Errorf("a determinization for %s changes what %s sees", p, p)
			}
			if err := ob.checkDeterminized(d, i, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckObservationRange plays a random game of g from seed to its end (at
// most maxActions actions; 0: 100000), as [RandomGame] does, and checks at
// every state that every viewer's observation has only finite values in
// [game.ObservationMin, game.ObservationMax], the contract of
// [game.Observer]. Long games are the point: a
// count that grows with the game's length must stay in range. It returns
// nil for a game that is not an Observer.
func CheckObservationRange(g game.Game, players int, opts game.Options, seed uint64, maxActions int) error {
	if maxActions == 0 {
		maxActions = 100000
	}
	s, _, err := game.Start(g, players, opts, seed)
	if err != nil {
		return err
	}
	if _, ok := s.(game.Observer); !ok {
		return nil
	}
	rng := game.NewRand(seed ^ 0x6b1d5c3a)
	var pbuf [16]game.Player
	var buf []float32
	for step := 0; ; step++ {
		o := s.(game.Observer)
		for _, p := range viewers(s) {
			buf = o.Observe(p, buf)
			for i, v := range buf {
				if !(v >= game.ObservationMin && v <= game.ObservationMax) {
					return fmt.Errorf("after %d actions, Observe(%s) value %d is %v, outside [%d, %d]", step, p, i, v, game.ObservationMin, game.ObservationMax)
				}
			}
		}
		if s.Terminal() {
			return nil
		}
		if step == maxActions {
			return fmt.Errorf("the game did not end within %d random actions", maxActions)
		}
		p, a, ok := RandomStep(s, &rng, pbuf[:], nil)
		if !ok {
			return fmt.Errorf("after %d actions the game is not over but actor %s has no legal action", step, p)
		}
		s.Apply(p, a)
	}
}
