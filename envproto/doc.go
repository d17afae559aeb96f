// Package envproto is the protocol of `minehall env`: one long-lived
// process serves reinforcement-learning environments of the four games,
// one episode after another, to a client such as the Python package in
// python/ (docs/env.md describes every request and answer).
//
// Frames are newline-delimited JSON: each request is one JSON object on one
// line of the process's standard input, and each is answered by exactly one
// JSON object on one line of its standard output, in order. A request that
// cannot be served (a malformed line, an unknown op, an action outside the
// mask) is answered by an error frame that says what is wrong; the episode
// is left as it was and the process keeps serving.
//
// An episode is played by the same driver as `minehall sim` ([sim.Play]):
// chance is drawn inside the environment from the seed, real-time phases
// run on its virtual clock, and every time the driver would ask a seat's
// bot for a decision, the environment asks the client instead. A client
// that answers every request with the decision [Server] offers under
// "advise" (the seat's Go bot, seeded as sim seeds it) plays exactly the
// game `minehall sim --seed S --games 1` plays.
package envproto
