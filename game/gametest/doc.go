// Package gametest is the conformance kit every Minehall game runs, and the
// small test games that prove the kit, records and bots before any real
// game: [ConnectFour] (sequential, perfect information), [HighCard] (hidden
// information and chance) and [Goofspiel] (simultaneous secret bids with a
// System timer).
//
// A game's test file calls [Run] for the random-game checks, [Golden] for a
// fixed-seed recorded game under testdata/golden, and [FuzzActions] from a
// fuzz target. Run checks a game's observation tensors (game.Observer) at
// every state; [CheckObservation] checks them on one state, for the states
// random play seldom reaches. High Card and Connect Four are Observers, so
// the kit's own tests prove those checks.
package gametest
