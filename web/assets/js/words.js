// moveWords returns a move in words: the game's renderer may describe its
// notation (describe(move, t, names, ctx), ctx.player being the seat that
// made it, when known); any other move is shown as written.
export function moveWords(mod, game, move, t, names, ctx) {
  if (mod && typeof mod.describe === 'function') {
    const w = mod.describe(move, t, names, ctx || {});
    if (w) return w;
  }
  return move;
}

// playerColorClass returns the CSS class of seat i's colour in the neutral
// palette (p0 to p4: red, green, purple, orange, turquoise), which sets --pc.
// A game with colours of its own states them in its view; draw seats
// with seatcolors.js (seatBadge, paintSeat), which falls back to the same
// palette.
export function playerColorClass(i) { return `p${i % 5}`; }
