// Package tutorial holds the guided tutorials of the games: per game one or
// more lessons, each a script as data (data/GAME.json, the first lesson,
// then data/GAME-*.json in the order of their names), played on the game's
// own engine. The lessons after the first follow the rulebooks' worked
// examples (Out of Mine's Tim, Carl and Annika; Minerals' Matt, David and
// Kate; Hammer Time's Clara): their positions are reached by the games' own
// actions from a seed, found by the searches in search_*_test.go (build tag
// tutorialsearch), and each example's numbers are asserted in this
// package's tests.
//
// A script names the game, its player count, options and seed, a prefix of
// actions that sets up the position, and the steps: each step is one action
// of one actor (the learner's seat, another seat, [game.Chance] or
// [game.System]) with its text in every language the app speaks. [Load]
// replays every script on its engine and refuses one whose action is not
// legal, whose highlighted target is not part of its action or whose text
// is missing in a language, so that a script that no longer fits the rules
// fails at start-up (and in this package's tests) with the game, the step
// and the reason, never in front of a learner.
//
// The scripts live here, not in the game packages, because they are the
// app's lessons rather than rules: they need nothing but the game contract
// and each game's notation, and one loader validates all four alike.
package tutorial
