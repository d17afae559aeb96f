package game

// Observer is implemented by states that encode what a player may see as a
// tensor of float32 of a fixed shape, the numeric input a learning agent
// needs (OpenSpiel's ObservationTensor). The game documents, in the doc
// comment of its Observe, what every slice of the tensor means and its
// scale.
//
// The contract:
//
//   - Shape. ObservationShape returns the tensor's shape, every dimension
//     at least 1. It is the same for every state of a game with the same
//     options and player count (it may differ between player counts or
//     options), and the tensor has exactly ObservationSize(shape) values,
//     laid out in row-major order.
//   - Buffer. Observe writes the observation into dst and returns it,
//     resized to the tensor's size with [ObservationBuffer]: when cap(dst)
//     suffices, the result shares dst's storage and Observe allocates
//     nothing; otherwise it allocates a new slice. Every value is written,
//     so whatever dst held before does not matter.
//   - Values. Every value is finite and in [-1, 1], however long the game
//     runs: counts and quantities in [0, 1], scaled by the number of such
//     components in the game or a documented bound, and a count without a
//     bound (turns played) squashed, for example as x/(x+k); signed
//     quantities (a position from the centre, points that may be lost)
//     in [-1, 1], as the game documents; categories are one-hot; flags
//     are 0 or 1. [ObservationMin] and [ObservationMax] are the bounds.
//   - No leak. The tensor depends only on what p may see: two states with
//     equal View(p) give equal tensors. A determinization for p
//     ([Determinizer]) gives the same tensor as the state it was drawn
//     from. Observe reads the same data View(p) exposes, never hidden
//     state.
//   - Seats. Seats are listed relative to the observer: p first, then the
//     seats after p in seat order, wrapping around. The tensor also says
//     which seat p is, so two seats whose views differ get different
//     tensors.
//   - Spectator. For [Spectator], and for any other player that is not a
//     seat of the game, Observe gives the public observation (what
//     View(Spectator) shows), with seats in absolute order from seat 0.
//   - Pure read. Like View, Observe does not change the state and writes
//     no cache, so several goroutines may observe one state at once.
type Observer interface {
	// ObservationShape returns the fixed shape of the tensor.
	ObservationShape() []int

	// Observe writes p's observation into dst and returns it.
	Observe(p Player, dst []float32) []float32
}

// The bounds of every value of an observation tensor (see [Observer]).
const (
	ObservationMin = -1
	ObservationMax = 1
)

// ObservationSize returns the number of values of a tensor of the given
// shape: the product of its dimensions (1 for an empty shape).
func ObservationSize(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// ObservationBuffer returns dst resized to n values, all zero: dst's own
// storage when cap(dst) >= n, else a new slice. An [Observer] starts from
// it and sets the values that are not zero.
func ObservationBuffer(dst []float32, n int) []float32 {
	if cap(dst) < n {
		return make([]float32, n)
	}
	dst = dst[:n]
	clear(dst)
	return dst
}
