// Package sim plays batches of games between bots and summarizes them for
// game designers: win rates by seat and by bot with 95% confidence
// intervals, score distributions, game length and errors, as a text table,
// JSON, CSV of per-game rows and plots, and a balance report in Markdown.
//
// A run is defined by its [Config]: game i of a run gets a seed derived from
// (Config.Seed, i), and its bots are seeded from that, so results depend
// only on the seed and never on the number of workers. Games are driven on a
// virtual clock (see [PlayGame]), so real-time games simulate in
// milliseconds and every game is a [game.Record] that replays exactly.
package sim
