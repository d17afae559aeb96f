// The person's own seat: leaving it and taking it back. During play a
// person who leaves keeps the seat token (in localStorage) and watches
// while a stand-in bot plays for them; "Take my seat back" reconnects with
// the token, and the server hands the seat back at the hello. Before the
// start leaving frees the seat, and the token is forgotten.
//
// The state part decides which token the page connects with; the render
// part draws the leave button and the "a bot plays for you" banner. The
// page gives it: seat() (the stored {seat, token} or null), info() (the
// table), status() (the table's status as the last frame said), you()
// (the seat the connection acts for, negative when watching), socket()
// (the TableSocket), reconnect(), forget() (drop the stored seat),
// redraw() and say(message).
import { h } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { confirmDialog } from './dialog.js';

const RECLAIM_WAIT_MS = 8000;

export class SeatKeeping {
  constructor(opts) {
    this.o = opts;
    this.away = false;      // the person left: connect without the token
    this.leaving = false;   // a leave frame was sent, not answered yet
    this.reclaiming = 0;    // when "take my seat back" was pressed
  }

  mySeat() {
    const m = this.o.seat();
    const info = this.o.info();
    return m && info ? info.seats[m.seat] : null;
  }

  // start decides, when the page loads, whether to connect with the seat
  // token: not when the person left the running game (they take the seat
  // back by a button); yes otherwise, which also takes the seat back
  // at once after a stand-in played because the time ran out or the
  // person was absent.
  start() {
    const s = this.mySeat();
    this.away = this.o.info()?.status === 'playing' && !!s?.stand_in && s.absent === 'left';
  }

  // token returns the token the page connects with ('' to watch).
  token() { return this.away ? '' : (this.o.seat()?.token || ''); }

  // seated reports whether the connection acts for the person's seat.
  seated() {
    const m = this.o.seat();
    return !!m && !this.away && this.o.you() === m.seat;
  }

  async leave() {
    const before = this.o.status() === 'open';
    const ok = await confirmDialog({
      id: 'leave-dialog',
      title: t('leave.title'),
      text: before ? t('leave.text.open') : t('leave.text.playing'),
      ok: t('leave.confirm'),
      cancel: t('leave.cancel'),
    });
    if (!ok) return;
    if (!this.o.socket()?.leave()) { this.o.say(t('table.notconnected')); return; }
    this.leaving = true;
    this.o.redraw();
  }

  // left handles the server's answer to the leave frame: close, and
  // watch from now on.
  left() {
    this.leaving = false;
    if (this.o.status() === 'open') this.o.forget();
    else this.away = true;
    this.o.reconnect();
    this.o.redraw();
  }

  // refused handles an error frame: a refused leave is not pending.
  refused() { this.leaving = false; }

  takeBack() {
    this.away = false;
    this.reclaiming = Date.now();
    this.o.reconnect();
    this.o.redraw();
    setTimeout(() => this.o.redraw(), RECLAIM_WAIT_MS + 100);
  }

  // banner returns "A bot plays for you" with the button that takes the
  // seat back, while a stand-in plays for the person's seat; else null.
  banner() {
    const s = this.mySeat();
    if (!s?.stand_in || this.o.status() !== 'playing') { this.reclaiming = 0; return null; }
    const why = ['left', 'timeout', 'offline', 'idle'].includes(s.absent) ? t('away.' + s.absent) : '';
    const busy = Date.now() - this.reclaiming < RECLAIM_WAIT_MS;
    return h('div', { class: 'card away', id: 'away', role: 'status' },
      icon('bot', 'big'),
      h('p', {}, h('strong', { text: t('away.title') }), why ? ' ' + why : '',
        h('br'), h('span', { class: 'muted', text: t('away.help') })),
      h('button', { type: 'button', class: 'primary', id: 'take-back', disabled: busy, onclick: () => this.takeBack(),
        text: busy ? t('away.taking') : t('away.back') }));
  }

  // button returns the "Leave table" button for a seated person before
  // the end, else null.
  button() {
    const s = this.mySeat();
    if (!this.seated() || !s || s.stand_in || !['open', 'playing'].includes(this.o.status())) return null;
    return h('button', { type: 'button', class: 'leave', id: 'leave', disabled: this.leaving, onclick: () => this.leave() },
      icon('leave'), ' ', t('leave.button'));
  }
}
