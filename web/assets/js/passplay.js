// Pass and play (docs/protocol.md, "Seats on one device"): one browser
// holds the tokens of several seats of a table and follows the seat to
// move. In a game without hidden information it switches seats at once.
// In a game with hidden information it holds at most one seat's connection
// at a time: when the turn goes to another seat of the device it closes the
// connection, wipes that seat's view and log from the page, and covers
// everything with a "pass to Bob" screen; only Bob's confirmation connects
// with Bob's token, so nothing of Bob's hand reaches the page before.
// While a remote person or a bot is to move, the page keeps the last seat's
// view (no hidden information) or watches as a spectator (hidden
// information), and waits.
import { h, clear } from './dom.js';
import { t } from './i18n.js';

// PassPlay drives one table page. o: seats ([{seat, name, token}] held
// here), hidden() whether the game hides anything from some seat,
// use(seat) connects with seat's token (null: as a spectator), drop()
// closes the connection and wipes the page's view and log.
export class PassPlay {
  constructor(o) {
    this.o = o;
    this.current = null; // the seat whose token the connection holds
    this.passing = null; // the seat the device is being passed to
    this.last = null;    // the seat whose person last held the device
    this.element = h('div', { class: 'pass-screen', id: 'pass-screen', role: 'dialog', 'aria-modal': 'true', hidden: true });
    // Such a page never says it watches (app.css).
    if (this.active) this.element.dataset.device = 'true';
  }

  // active reports whether the page holds several seats of the table.
  get active() { return this.o.seats.length > 1; }

  // held returns the seat held here, or undefined.
  held(seat) { return this.o.seats.find((s) => s.seat === seat); }

  // follow looks at whom the table waits for after a frame and switches
  // seats, or asks for the device to be passed.
  follow(actors, status) {
    if (!this.active || this.passing !== null) return;
    if (status !== 'playing') return;
    const next = (actors || []).find((a) => a >= 0 && this.held(a));
    if (next === undefined) {
      // A remote person or a bot moves: show nothing of anyone's secrets.
      if (this.o.hidden() && this.current !== null) this.switchTo(null);
      return;
    }
    if (next === this.current) return;
    // The person who held the device last (a bot or a remote person moved
    // since) has it still: no hand-over.
    if (!this.o.hidden() || next === this.last) { this.switchTo(next); return; }
    this.pass(next);
  }

  switchTo(seat) {
    this.current = seat;
    if (seat !== null) this.last = seat;
    this.o.use(seat === null ? null : this.held(seat));
  }

  // pass drops the connection and the view and shows the pass screen,
  // under which the device watches holding its seats (they stay present).
  pass(seat) {
    this.current = null;
    this.passing = seat;
    this.o.drop();
    this.o.use(null);
    this.render();
  }

  confirm() {
    const seat = this.passing;
    this.passing = null;
    this.render();
    this.switchTo(seat);
  }

  render() {
    const s = this.passing === null ? null : this.held(this.passing);
    this.element.hidden = !s;
    clear(this.element);
    if (!s) return;
    this.element.dataset.seat = s.seat;
    this.element.append(h('h2', { id: 'pass-h', text: t('pp.pass', { name: s.name }) }),
      h('p', { text: t('pp.passtext', { name: s.name }) }),
      h('button', { type: 'button', class: 'primary', id: 'pass-ready', onclick: () => this.confirm(), text: t('pp.ready', { name: s.name }) }));
    this.element.setAttribute('aria-labelledby', 'pass-h');
    this.element.querySelector('button').focus();
  }
}
