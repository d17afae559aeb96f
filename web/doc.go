// Package web is the browser client of Minehall: plain ES modules, CSS and
// SVG, embedded into the binary so that building it needs no Node.
//
// [Handler] serves the single-page app: index.html at "/" and at every
// client-side route (such as /tables/{id} and /replay/{id}), and the files
// under assets/ at "/assets/". The server serves /api, /ws, /healthz and
// /metrics; mount Handler for everything else.
//
// A tour of the assets:
//
//   - js/main.js: start-up, the router and the page frame (language,
//     color-blind mode).
//   - js/i18n.js and i18n/*.json: every text in English, German, French and
//     Dutch, switchable at any time.
//   - js/api.js, js/socket.js: the HTTP API and the WebSocket client of
//     docs/protocol.md (hello, numbered updates, sync on a gap, reconnect
//     with backoff, resend by seq).
//   - js/lobby.js, js/table.js, js/replay.js, js/rules.js: the pages.
//   - games/<id>.js: a renderer per game; games/generic.js renders any game
//     as key/values with its legal moves as buttons.
//
// Every page request stays on the page's own server: the Content Security
// Policy allows nothing else.
package web
