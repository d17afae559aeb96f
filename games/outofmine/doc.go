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
//     side, time up), its notation and the views.
//   - scoring.go: the check at scoring and the round score ([ScoreBoard]).
//   - solver.go, report.go: the exact solver (fewest empty spaces, best
//     elves and finds bonus, number of exact tilings) and the reports behind
//     `minehall solve outofmine`.
//   - bots.go: easy, medium and hard bots that pace themselves like people.
//   - game.go and rules/en.md: the game's spec, options and rules text.
//
// During a round, Actors lists every player with something to do plus
// game.System when the round clock is on; the state's Timer says when the
// System's "time up" is due.
package outofmine
