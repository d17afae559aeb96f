// Explainer asks the engine, over the table's WebSocket, why a move may
// not be played now (the explain frame of docs/protocol.md), and keeps the
// answers of the current position: a greyed control asks once per
// position, not once per hover. ask(move) returns a promise of the answer
// {move, ok, code, reason, message, fallback}, or null when the connection
// is not open.
export class Explainer {
  // send(frame) sends a frame and reports whether it could.
  constructor(send) {
    this.sendFrame = send;
    this.n = -1;
    this.answers = new Map(); // move -> answer, for position n
    this.waiting = new Map(); // move -> [resolve]
  }

  // position forgets the answers when the table moves on to position n
  // (or the language changes: lang).
  position(n, lang) {
    const key = `${n}/${lang}`;
    if (key === this.n) return;
    this.n = key;
    this.answers.clear();
  }

  ask(move, lang) {
    const known = this.answers.get(move);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => {
      const list = this.waiting.get(move);
      if (list) { list.push(resolve); return; }
      if (!this.sendFrame({ type: 'explain', move, lang })) { resolve(null); return; }
      this.waiting.set(move, [resolve]);
    });
  }

  // answer takes an explain frame from the server.
  answer(f) {
    this.answers.set(f.move, f);
    const list = this.waiting.get(f.move) || [];
    this.waiting.delete(f.move);
    for (const resolve of list) resolve(f);
  }

  // drop resolves every question still open with null (the connection
  // closed).
  drop() {
    for (const list of this.waiting.values()) for (const resolve of list) resolve(null);
    this.waiting.clear();
  }
}

// reasonText returns an answer's reason for the reader: the engine's
// reason, and its English words when the game has no words for it in the
// reader's language.
export function reasonText(a) {
  if (!a || a.ok) return '';
  return a.fallback && a.message ? `${a.reason} (${a.message})` : a.reason || a.message || '';
}
