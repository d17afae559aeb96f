// Seat clocks of a timed table. The state part keeps each seat's clock as
// the server last sent it ({bank_ms, running, deadline}) and the table's
// time control; the render part makes clock elements that a page places
// where it likes (the player list, beside "your turn") and keeps them
// counting down, with a low-time warning in colour, in words on the
// person's own clock, and once in a live region for screen readers.
import { play } from './sound.js';
import { h, clear } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { clockText, CORRESPONDENCE_S } from './timecontrol.js';

const TICK_MS = 250;

export class Clocks {
  // opts: nameOf(seat) for the warnings, you() the person's own seat.
  constructor(opts) {
    this.opts = opts;
    this.tc = null;         // the table's time control, null when untimed
    this.clocks = [];       // per seat: {bank_ms, running, deadline} or null
    this.els = new Set();   // the clock elements on the page
    this.warned = new Set(); // "seat:deadline" of the warnings given
    this.timer = 0;
    // The live region says once that a clock runs low; the page mounts it.
    this.live = h('div', { class: 'sr', id: 'clock-live', role: 'status', 'aria-live': 'assertive' });
  }

  // update takes the clocks from a frame: its "clocks" when it has them,
  // else the seats of its table.
  update(frame, info) {
    this.tc = info?.time_control || null;
    if (Array.isArray(frame.clocks)) this.clocks = frame.clocks;
    else if (frame.table?.seats) this.clocks = frame.table.seats.map((s) => s.clock || null);
    if (!this.tc) this.clocks = [];
  }

  // timed reports whether the table has a time control.
  timed() { return !!this.tc; }

  // of returns seat i's clock, or null.
  of(i) { return this.clocks[i] || null; }

  // limit returns the time left under which a running clock is low: ten
  // seconds, or an hour at correspondence tables.
  limit() { return this.tc && this.tc.move_s >= CORRESPONDENCE_S ? 3600000 : 10000; }

  limitText() { return this.limit() > 10000 ? t('clock.limit.hour') : t('clock.limit.seconds'); }

  // left returns the time left of a running clock in ms, and of its move
  // time (what is left before the bank is drawn on).
  static left(c, now) {
    const total = Math.max(0, (c.deadline || 0) - now);
    return { total, move: total - (c.bank_ms || 0) };
  }

  // element returns an element that shows seat i's clock and keeps it
  // current, or null when the seat has none. own marks the person's own
  // clock, which also says in words when it runs low.
  element(i, own) {
    if (!this.timed() || !this.of(i)) return null;
    const el = h('span', { class: ['seatclock', own && 'own'], 'data-clock-seat': i, role: 'timer' });
    this.els.add(el);
    this.draw(el, Date.now());
    this.start();
    return el;
  }

  draw(el, now) {
    const i = Number(el.dataset.clockSeat);
    const c = this.of(i);
    const own = el.classList.contains('own');
    if (!c) { clear(el); el.hidden = true; return; }
    el.hidden = false;
    let main;
    let bank = null;
    let low = false;
    let inBank = false;
    if (c.running && c.deadline) {
      const left = Clocks.left(c, now);
      // Low as the clock reads: under 10 s shows 0:09 first.
      low = Math.ceil(left.total / 1000) * 1000 < this.limit();
      inBank = left.move <= 0;
      if (inBank) main = t('clock.bank', { time: clockText(left.total) });
      else {
        main = clockText(left.move);
        if (c.bank_ms > 0) bank = t('clock.plusbank', { time: clockText(c.bank_ms) });
      }
      el.dataset.ms = String(left.total);
    } else {
      main = t('clock.bank', { time: clockText(c.bank_ms || 0) });
      el.dataset.ms = String(c.bank_ms || 0);
    }
    if (low) this.warn(i, c.deadline);
    const sig = [main, bank, low, inBank, c.running].join('|');
    if (el.dataset.sig === sig && el.firstChild) return;
    el.dataset.sig = sig;
    el.dataset.running = c.running ? 'true' : 'false';
    el.dataset.low = low ? 'true' : 'false';
    el.classList.toggle('running', !!c.running);
    el.classList.toggle('low', low);
    el.classList.toggle('inbank', inBank);
    clear(el).append(...[icon('clock'),
      own ? h('span', { class: 'sr', text: t('clock.yours') + ' ' }) : null,
      h('span', { class: 'clock-main', text: main }),
      bank ? h('span', { class: 'clock-bank', text: bank }) : null,
      own && low ? h('strong', { class: 'clock-warn', text: t('clock.lowyou', { limit: this.limitText() }) }) : null].filter(Boolean));
  }

  // warn says once per turn in the live region that seat i's time runs low.
  warn(i, deadline) {
    const key = `${i}:${deadline}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    if (i === this.opts.you()) play('lowclock');
    this.live.textContent = i === this.opts.you()
      ? t('clock.lowyou', { limit: this.limitText() })
      : t('clock.low', { name: this.opts.nameOf(i), limit: this.limitText() });
  }

  tick() {
    const now = Date.now();
    for (const el of this.els) {
      if (!el.isConnected) { this.els.delete(el); continue; }
      this.draw(el, now);
    }
    if (!this.els.size) this.stop();
  }

  start() {
    if (!this.timer) this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  // stop stops counting down until the next element.
  stop() {
    clearInterval(this.timer);
    this.timer = 0;
  }
}
