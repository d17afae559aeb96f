// Package outofmine is Out of Mine: the real-time tile-laying game where
// every player at once fills their own gallery board with the polyomino
// tiles their treasure card names, racing for a shared, finite supply.
//
// A short tour:
//
//   - shapes.go: colors, elements, polyomino shapes and their orientations
//     on an 8x8 bitset grid ([CellSet]).
//   - pack.go and data/pack.json: the component pack (19 shapes, 69 tiles,
//     10 double-sided boards, 40 cards), reconstructed and validated on
//     load by [LoadPack], which reports every problem with its place.
//   - state.go, actions.go, notation.go, view.go: the game state, the
//     dense action space (take, return, place, move, remove, swap, call,
//     side, time up, and chance's outcomes), its notation and the views.
//   - chance.go: the random events as chance nodes.
//   - scoring.go: the check at scoring and the round score ([ScoreBoard]).
//   - solver.go, report.go: the exact solver (fewest empty spaces, best
//     elves and finds bonus, number of exact tilings) and the reports behind
//     `minehall solve outofmine`.
//   - bots.go, pace.go, plans.go, cover.go, expert.go: the bot levels
//     (random, easy, medium, hard, expert), all at a person's pace, which
//     differ by how they tile their board (plans.go) and when they call:
//     covering the gallery with any tiles to call at once (cover.go), as
//     the expert does when its expected score says so (expert.go).
//   - game.go and rules/en.md: the game's spec, options and rules text.
//
// During a round, Actors lists every player with something to do plus
// game.System when the round clock is on; the state's Timer says when the
// System's "time up" is due. Once every player has stopped digging, the
// System is the only actor, clock or none, and its "time up" ends the
// round at once.
//
// Every random event of the rules is a chance node: game.Chance is then
// the only actor, ChanceOutcomes lists the outcomes (each as likely as the
// others) and the outcome is an action of game.Chance in the log, so a
// record replays exactly and the state holds no generator. The chance
// nodes are:
//
//   - the deal of a board to a seat ("deal board 7 to seat 2"): at set-up
//     from all the boards, between rounds from the boards in play less the
//     one returned plus the one from the pile; a last board for a last seat
//     is dealt without a draw;
//   - the new board from the pile ("draw board 7"), drawn from all the
//     boards no one has seen: which of them form the pile and which stayed
//     in the box at set-up is seen by no one, so for everything a player
//     sees this is the same draw, and the state keeps the pile as a count;
//   - the lot among the players tied for the most covered spaces when the
//     clock ends a round ("lot seat 2"), which says who returns the board;
//   - the treasure card of each seat ("draw card 12 for seat 2"), dealt
//     face down once every side is chosen: no view shows it and the move
//     is hidden (game.PublicMover) until the last card of the round is
//     dealt, which reveals them all and starts the round and its clock.
//
// Seat numbers in the notation count from 1.
package outofmine
