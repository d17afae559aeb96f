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
//   - js/review.js with review.css: a finished game's review (/review/{id}),
//     loaded when first shown.
//   - games/<id>.js: a renderer per game; games/generic.js renders any game
//     as key/values with its legal moves as buttons.
//   - js/compact.js, js/tablebar.js: a table on a phone (the media query
//     (max-width: 700px), (max-height: 500px)). The page folds into one
//     48 px bar (menu, whose turn it is with the clock, chat); the site's
//     navigation and settings and the table's head go into a sheet; the
//     chat opens as a sheet below the board. The bar sets the CSS property
//     --stage-h on #board, the room from the board's top to the screen's
//     bottom: a renderer puts its board and every control of the current
//     step into a stage of that height (board above the controls upright,
//     beside them on its side) and marks its board with data-stage-board;
//     what a step does not need follows the stage. Every control a thumb
//     taps is 44 CSS px or has that much room (web/e2e/layout_test.go
//     checks both at 390x844, 360x740 and 844x390).
//   - js/access.js: play without sight (loaded only when needed). The
//     screen-reader mode (the setting "Screen-reader mode": the body's
//     class srmode, localStorage minehall.srmode, and the account
//     preference sr_mode of docs/protocol.md) adds to a table page a
//     command field #sr-command (completion from the legal moves and the
//     command words) whose answers go to #sr-answer (a polite log): a
//     legal move or a unique prefix of one is played; the generic commands
//     are help, board, moves, turn, clock, score and at REF / what is at
//     REF, and a renderer adds its own. The live region #announce tells
//     the other players' moves, the turn, the clock running low (ten
//     seconds left) and the end with the result, each once.
//
// The keyboard contract between table.js and a renderer (mode on or off):
// after every render and every move the focus stays on the board: on the
// element with the same data-key if it still exists, else on the board's
// element marked data-focus-default (a renderer marks its next sensible
// target), else on #board itself (tabindex -1). The key m pressed inside
// #board (not in a text field) opens the legal moves as a dialog (arrow
// keys choose, Enter plays, Escape closes); Escape otherwise belongs to the
// renderer. The render ctx has announce(text), which tells text in the
// live region, and srMode. A renderer may export access = {summary(ctx)
// -> string[], cell(ctx, ref) -> string|null, commands(ctx) -> [{words:
// string[], help: string, answer: (ctx, rest) -> string}]}: what the
// screen-reader mode reads, in the reader's language (ctx.t).
//
// Every page request stays on the page's own server: the Content Security
// Policy allows nothing else.
package web
