// Take-backs (docs/protocol.md, "Take-backs"): the Undo button of a
// player who may take back their own last action, the request asked of
// the others at an untimed table (Agree / Refuse, Withdraw for the one who
// asked), what became of it, and the server's reason when it refuses.
// After a take-back is done the server sends a state frame, from which
// the page redraws its board and log.
import { h, clear } from './dom.js';
import { t, has } from './i18n.js';
import { icon } from './icons.js';

// TakeBack is the take-back box of one table page. o: you() the seat (-3
// watching), status(), actors(), log() the page's log entries ({n,
// player}), realtime() whether the game is played in real time, timed()
// whether the table has a time control, nameOf(seat), send(frame) →
// whether the frame went out.
export class TakeBack {
  constructor(o) {
    this.o = o;
    this.pending = null; // the take-back that waits for answers
    this.note = '';      // what became of the last one, or a refusal
    this.reason = '';
    this.element = h('div', { class: 'takeback', id: 'takeback' });
  }

  // load takes the waiting take-back of a state frame (or none).
  load(tb) {
    this.pending = tb && tb.status === 'asked' ? tb : null;
    this.render();
  }

  // frame takes a takeback frame.
  frame(f) {
    const tb = f.takeback;
    this.pending = tb.status === 'asked' ? tb : null;
    this.reason = '';
    const who = this.o.nameOf(tb.seat);
    this.note = {
      refused: () => t('tb.refused', { name: this.o.nameOf(tb.by) }),
      withdrawn: () => t('tb.withdrawn', { name: who }),
      lapsed: () => t('tb.lapsed'),
      done: () => t('tb.done', { name: who, n: tb.from - tb.to }),
    }[tb.status]?.() || '';
    this.status = tb.status;
    this.render();
  }

  // refused shows why the server refused a takeback frame.
  refused(f) {
    this.reason = f.reason || f.code;
    this.note = f.reason && has('tb.reason.' + f.reason) ? t('tb.reason.' + f.reason) : f.message;
    this.status = 'error';
    this.render();
  }

  // moved clears the note once the game goes on.
  moved() {
    if (!this.note) return;
    this.note = '';
    this.reason = '';
    this.render();
  }

  ask() {
    this.note = '';
    if (!this.o.send({ type: 'takeback' })) { this.note = t('table.notconnected'); this.status = 'error'; }
    this.render();
  }

  answer(a) { this.o.send({ type: 'takeback', answer: a }); }

  render() {
    const you = this.o.you();
    clear(this.element);
    const playing = this.o.status() === 'playing';
    const acted = you >= 0 && this.o.log().some((e) => e.player === you);
    const p = this.pending;
    if (p) {
      const asker = p.seat === you;
      const waiting = (p.waiting || []).includes(you);
      this.element.append(h('div', { class: 'tb-request', id: 'tb-request', role: 'alert' },
        h('p', { class: 'tb-note', text: t('tb.asked', { name: this.o.nameOf(p.seat), n: p.from - p.to }) }),
        (p.waiting || []).length ? h('p', { class: 'tb-note', text: t('tb.waiting', { names: p.waiting.map((s) => this.o.nameOf(s)).join(', ') }) }) : null,
        waiting ? h('button', { type: 'button', class: 'primary', id: 'tb-agree', onclick: () => this.answer('agree') }, icon('check'), ' ', t('tb.agree')) : null,
        waiting ? ' ' : null,
        waiting ? h('button', { type: 'button', id: 'tb-refuse', onclick: () => this.answer('refuse'), text: t('tb.refuse') }) : null,
        asker ? h('button', { type: 'button', id: 'tb-withdraw', onclick: () => this.answer('refuse'), text: t('tb.withdraw') }) : null));
    } else if (playing && acted && !this.o.realtime()) {
      // Within one's turn an action is taken back at once; across turns it
      // is asked of the others (untimed tables only).
      const log = this.o.log();
      const within = this.o.actors().includes(you) && log[log.length - 1]?.player === you;
      if (within || !this.o.timed()) {
        this.element.append(h('button', { type: 'button', id: 'tb-undo', onclick: () => this.ask() },
          icon('turnleft'), ' ', within ? t('tb.undo') : t('tb.ask')));
      }
    }
    if (this.note) {
      this.element.append(h('p', { class: ['tb-note', this.status === 'error' && 'error'], id: 'tb-note', role: 'status',
        'data-status': this.status, 'data-reason': this.reason || null, text: this.note }));
    }
    this.element.hidden = !this.element.firstChild;
  }
}
