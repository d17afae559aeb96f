// Package minerals implements Minerals (IUVI Games, 2019): a hex board of
// 118 mineral tiles, pawns that lift the mineral they stand on and move in a
// straight line exactly its value, fragments cut off the board, ten tools
// (five double-sided tiles) and collection cards.
//
// A tour of the files:
//
//   - geometry.go: the fixed hex grid every board lies on, its neighbour
//     tables and the [CellSet] bitset; cellset.go: whole-set operations
//     (neighbourhoods, flood fills, neighbour counts) a few word operations
//     per step, which the cut-offs, the set-up check and the tool targets
//     use.
//   - mineral.go: the five minerals, their values and counts.
//   - layout.go, generate.go: boards as text (presets, files) and the random
//     board generator.
//   - pack.go: the component pack (collection cards, tool tiles, preset
//     boards), embedded as data/pack.json and validated on load.
//   - game.go: the [Game], its spec and options.
//   - state.go, action.go, legal.go, apply.go, move.go, cut.go: the rules;
//     sack.go: the Sack's swap, built step by step, and the search that
//     tells whether a swap of equal value can still be completed.
//   - explain.go, score.go, view.go, check.go: why an action is illegal,
//     scoring, views and invariants.
//   - bots.go, evaluate.go, search.go: the random, greedy and MCTS bots,
//     the evaluator, and the view of the game the MCTS bots search (the
//     same rules with the tool uses that seldom pay left out).
//
// Randomness: the random board, random tool sides and the first four face-up
// cards come from the seed when the game is created; every later random
// event (a card revealed from the deck, a mineral drawn from the pouch by the
// Chest) is a chance node whose outcomes have the probabilities of the
// physical draw. Nothing is hidden: the state is perfect information with
// chance.
package minerals
