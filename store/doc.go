// Package store holds the persistent domain of Minehall's tables: the
// [Table] (game, options, seed, seats with hashed tokens, status, result,
// the owner's [Settings]), its log of applied [Action]s and its log of
// [TableEvent]s (chat, take-backs), and the [Store] interface every storage
// backend implements. Puzzles keep their start tickets, accepted attempts
// and ratings through [PuzzleStore], which both backends implement too.
// Backends live in subpackages (sqlite, postgres) and all run the one shared
// suite in storetest (RunPuzzles for the puzzles). The schema is one set of goose
// migrations with a file per dialect ([Migrations]).
package store
