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
// Beside its action log a table keeps an event log (events.go): chat
// messages (chat.go) and the steps of take-backs (takeback.go), numbered,
// stored before anyone hears of them, replayed on a rebuild and sent
// through the same subscriptions. A take-back deletes the actions after
// its point and the table is rebuilt by replay up to it; whether an action
// revealed something hidden or random, and so may not be taken back, is
// told by sampling what each seat could not see (reveal.go). Who is at the
// table, seats and spectators, is presence.go's; how long a person offline
// on their turn is waited for before a stand-in plays for them is
// grace.go's ([OfflineGrace]).
//
// Several instances may share one store ([Cluster]): each table is run by
// one of them at a time, and the others follow it for their own clients,
// applying the actions its owner publishes ([Hall.Changed]) and forwarding
// their clients' joins, starts and actions to the owner ([Remote]). When an
// owner dies, another instance takes its tables over ([Hall.TakeOver]) and
// carries on from their stored logs; a table whose store write is refused
// because another instance owns it now becomes a followed one.
//
// The package depends on storage only through [Persister], on time only
// through [Clock], and on other instances only through [Cluster] and
// [Remote], so tests drive it without sleeping.
package table
