// moveWords returns a move in words: the game's renderer may describe its
// notation (describe(move, t)); any other move is shown as written.
export function moveWords(mod, game, move, t, names) {
  if (mod && typeof mod.describe === 'function') {
    const w = mod.describe(move, t, names);
    if (w) return w;
  }
  return move;
}

// playerColorClass returns the CSS class of seat i's color (p0 to p4); in
// color-blind mode every seat color also shows the seat's number.
export function playerColorClass(i) { return `p${i % 5}`; }
