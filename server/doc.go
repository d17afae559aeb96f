// Package server is Minehall's HTTP and WebSocket edge: the JSON API that
// creates, joins, starts, lists and downloads tables, the WebSocket protocol
// that plays them (docs/protocol.md), the embedded web page, /healthz and
// /readyz, and, on an admin handler of its own, Prometheus metrics and the
// profiler. It works on any game through [table.Hall]; it is the only place
// that maps [game.Code] to HTTP statuses and error frames.
//
// Its limits live one concern a file: quota.go (per client address, found
// by clientaddr.go), ratelimit.go (each connection's frames), chat.go (chat
// messages, with the chat and take-back endpoints), post.go
// (state-changing requests from other sites) and ready.go (readiness). The
// cap on bots thinking is the table package's.
//
// Game reviews: review.go serves them (and names the [Reviewer], the
// engine the server is given), reviewqueue.go queues the review of each
// game that ends, and reviewworker.go makes them, claimed from the queue
// that the instances of a cluster share.
package server
