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
