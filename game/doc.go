// Package game is the contract every Minehall game meets, and the small
// machinery that works on any game through it.
//
// A game is a [Game] (metadata and a factory) and its [State] (one position,
// mutated only by Apply). Actions are dense integers so that search can work
// without allocation; each game also has a notation that turns an action into
// a readable string and back, used by records, the wire and logs.
//
// Who acts is said by [State.Actors]: one player on sequential turns, several
// players at once in simultaneous or real-time phases, [Chance] when the
// next step is a random event, and [System] when an event driven by time (a
// round clock running out) is due. Chance and System actions are ordinary
// actions, so a record of every applied action replays a game exactly.
//
// Two ways to move, as in notnil/chess: [Play] checks that the player may act
// and that the action is legal, and returns an error that says why not while
// leaving the state unchanged; [State.Apply] does no checking and serves
// search.
//
// Abilities that only some games have are small interfaces found by type
// assertion: [ChanceState], [Explainer], [Determinizer], [InfoKeyer],
// [Timer], [Checker], [Rulebook], [PublicMover], [Observer], [Saver] and
// [Restorer]. An [Observer] encodes what a player may see as a tensor of a
// fixed shape for learning agents, in the manner of OpenSpiel's
// observation tensors. [Snapshot] saves a whole state (a [Saver]) and
// [Restore] rebuilds an equal one (with the game's [Restorer]).
//
// A game is fully defined by its id, options, player count, seed and action
// log; [Record] holds exactly that plus the result and a hash of the final
// state, and [Replay] rebuilds it.
package game
