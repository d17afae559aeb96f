// Package sim plays batches of games between bots and summarizes them for
// game designers: win rates by seat and by bot with 95% confidence
// intervals, score distributions, game length and errors, as a text table,
// JSON, CSV of per-game rows and plots, sweeps of one option across its
// values, and a balance report in Markdown. Seats are counted from 1
// wherever people read them.
//
// A run is defined by its [Config]: game i of a run gets a seed derived from
// (Config.Seed, i), and its bots are seeded from that, so results depend
// only on the seed and never on the number of workers. Games are driven on a
// virtual clock (see [Play]), so real-time games simulate in milliseconds
// and every game is a [game.Record] that replays exactly.
//
// [Play] plays one game with any bots, one's own included; [PlayGame] and
// [Run] make the bots from names (see [NewBot]), among them "ext:COMMAND",
// an external agent in any language speaking the line protocol of
// docs/agents.md ([ai.External]).
package sim
