// TableSocket follows one table over the WebSocket of docs/protocol.md:
// hello with the seat token, numbered updates (a gap asks for sync), acks
// by seq, and automatic reconnection with backoff. An action sent but not
// acknowledged when the connection drops is resent with the same seq after
// reconnecting, if the new state shows it was not applied (the server
// refuses a second copy with "conflict", so nothing is applied twice).
// A connection with a seat token also says whether the page is seen: a
// presence frame ("away" when the page is hidden, "online" when it shows
// again) on every change, and "away" right after the state frame of a
// hello or a sync if the page is hidden then.

// The connection states reported to onStatus.
export const CONNECTING = 'connecting';
export const OPEN = 'open';
export const RECONNECTING = 'reconnecting';
export const CLOSED = 'closed';

export class TableSocket {
  // handlers: onFrame(frame) for state, update and table frames; onAck,
  // onError(frame), onLeft(frame), onExplain(frame), onChat(frame),
  // onTakeback(frame), onStatus(status, retryInMs). Set lang (the reader's
  // language) before connect: explain answers come in it.
  constructor(tableId, token, handlers) {
    this.id = tableId;
    this.token = token || '';
    this.h = handlers;
    this.n = -1;          // the n of the last state or update seen
    this.pending = null;  // {seq, move, n}: sent, not acknowledged
    this.seq = 0;         // the seat's last seq: the state's, then one more per action sent
    this.attempt = 0;
    this.stopped = false;
    this.ws = null;
    this.timer = 0;
    this.onVisibility = () => this.presence();
  }

  connect() {
    this.stopped = false;
    if (this.present()) document.addEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.timer);
    this.status(this.attempt ? RECONNECTING : CONNECTING);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.id)}`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello', legal: true, lang: this.lang || 'en' };
      if (this.token) hello.token = this.token;
      else if (this.name) hello.name = this.name;
      if (this.held?.length) hello.held = this.held;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (e.code === 1008 && this.refused) { this.status(CLOSED); return; }
      this.retry();
    };
  }

  retry() {
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt++;
    this.status(RECONNECTING, delay);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  status(st, delay) { this.state = st; this.h.onStatus?.(st, delay); }

  receive(data) {
    let f;
    try { f = JSON.parse(data); } catch { return; }
    switch (f.type) {
      case 'state':
        this.n = f.n;
        this.seq = f.seq || 0;
        if (this.attempt || this.state !== OPEN) { this.attempt = 0; this.status(OPEN); }
        this.resendPending(f);
        if (document.hidden) this.presence();
        this.h.onFrame(f);
        break;
      case 'update':
        if (this.n >= 0 && f.n !== this.n + 1) {
          // A gap: something was missed; ask for the whole state.
          this.send({ type: 'sync' });
          return;
        }
        this.n = f.n;
        this.h.onFrame(f);
        break;
      case 'table':
        this.h.onFrame(f);
        break;
      case 'left':
        this.h.onLeft?.(f);
        break;
      case 'explain':
        this.h.onExplain?.(f);
        break;
      case 'chat':
        this.h.onChat?.(f);
        break;
      case 'takeback':
        this.h.onTakeback?.(f);
        break;
      case 'ack':
        if (this.pending && this.pending.seq === f.seq) this.pending = null;
        this.h.onAck?.(f);
        break;
      case 'error':
        // A refused chat or take-back frame (it names its frame) says
        // nothing of the seat's token.
        if (f.code === 'unauthorized' && !f.seq && !f.frame) this.refused = true;
        // A spectator's name refused at hello: watch without one.
        if (f.code === 'invalid' && !f.seq && !f.frame && this.name && this.n < 0) this.name = '';
        // A refused action leaves its seq free; a conflict may mean it was
        // applied already, which the state tells.
        if (f.seq && f.seq === this.seq) this.seq = f.seq - 1;
        if (f.seq && f.code === 'conflict') this.send({ type: 'sync' });
        if (this.pending && this.pending.seq === f.seq) this.pending = null;
        this.h.onError?.(f);
        break;
    }
  }

  // resendPending resends an unacknowledged action after a reconnect when
  // the state shows it was not applied and is still legal.
  resendPending(f) {
    const p = this.pending;
    if (!p) return;
    if (f.n === p.n && (f.legal || []).includes(p.move)) {
      this.seq = p.seq;
      this.send({ type: 'act', seq: p.seq, move: p.move });
    } else {
      this.pending = null;
    }
  }

  // nextSeq is the seat's last seq plus one, as the server expects: it
  // learns the last from each state frame.
  nextSeq() {
    this.seq += 1;
    return this.seq;
  }

  // act sends a move in the game's notation; it reports false when the
  // connection is not open.
  act(move) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    const seq = this.nextSeq();
    this.pending = { seq, move, n: this.n };
    return this.send({ type: 'act', seq, move });
  }

  sync() { this.send({ type: 'sync' }); }

  // presence tells the server whether the page is seen; only a seat's
  // connection does.
  // present reports whether the connection makes a seat present: its own
  // or, on a device passed round, the other seats it holds (held: their
  // tokens, set before connect).
  present() { return !!this.token || !!this.held?.length; }

  presence() {
    if (this.present()) this.send({ type: 'presence', state: document.hidden ? 'away' : 'online' });
  }

  // leave asks the server to free the seat (before the start) or to let
  // a stand-in bot play for it; the answer is a "left" frame. It reports
  // false when the connection is not open.
  leave() { return !!this.token && this.send({ type: 'leave' }); }

  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  // close ends the connection for good.
  close() {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
