// Package server is Minehall's HTTP and WebSocket edge: the JSON API that
// creates, joins, starts, lists and downloads tables, the WebSocket protocol
// that plays them (docs/protocol.md), the embedded web page, /healthz and
// Prometheus metrics at /metrics. It works on any game through
// [table.Hall]; it is the only place that maps [game.Code] to HTTP statuses
// and error frames.
package server
