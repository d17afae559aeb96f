// Package table runs authoritative games in progress. A [Table] is the single
// writer of its game: it validates each action, appends it to the stored
// log, and only then applies it and tells its subscribers, so nothing
// acknowledged is ever lost. Seats hold people (who act with a random token,
// stored only as a hash) or bots (which the table asks and paces). The table
// owns the clocks: it applies the game's timed [game.System] actions when
// they fall due and samples chance events itself. A [Hall] holds the live
// tables, creates new ones, and rebuilds unfinished ones by replay after a
// restart.
//
// The package depends on storage only through [Persister], and on time only
// through [Clock], so tests drive it without sleeping.
package table
