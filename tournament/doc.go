// Package tournament pairs and scores tournaments for people: [Swiss] events
// for the turn-based games and [Arena] events for the real-time ones.
//
// The package is pure: it holds no state, reads no clock and draws no random
// numbers. A runner keeps the entrants ([Entrant]), the games ([Game]) and the
// Swiss byes ([Bye]) and asks for the next pairing ([Swiss.Pair],
// [Arena.Pair]) or the standings ([Swiss.Standings], [Arena.Standings]). The
// same input always gives the same output: every order is total and ends in
// the entrant's ID.
//
// Which game may use which format is the runner's decision; the package only
// knows table sizes. Rules texts ([Swiss.Rules], [Arena.Rules]) state the
// pairing and scoring rules as a page shows them; docs/tournament-rules.md
// states them at length.
//
// Bad input is refused with a [game.Error] of code [game.CodeInvalid] that
// says what is wrong; a request that does not fit the tournament's state (a
// round still running, every round paired) gets [game.CodeConflict].
package tournament
