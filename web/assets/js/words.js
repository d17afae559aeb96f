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

// loggedWords says an entry of the move log or an action update (e: n,
// player, move, veiled) in words: its move, else what everyone may know
// of a hidden move (veiled, said by the game's describe), else that the
// player acted.
export function loggedWords(mod, game, e, t, names) {
  if (e.move) return moveWords(mod, game, e.move, t, names, { player: e.player, n: e.n });
  const w = e.veiled && mod && typeof mod.describe === 'function' ? mod.describe(e.veiled, t, names, { player: e.player, n: e.n }) : '';
  return w || t('log.hidden');
}
