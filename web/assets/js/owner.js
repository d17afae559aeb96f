// The table owner's controls before the start: put a bot in a free seat
// (or in the seat of a person who went offline), and abort the table;
// during play at a private table: hand the seat of a person who is
// offline on their turn to a stand-in at once, rather than wait. The
// owner token is the one kept by api.js (ownerOf). The page gives: id,
// info() (the table), spec() (the game's catalog entry), actors() (the
// seats to act now), held(i) (whether this browser holds seat i),
// changed(info) (the table as the server answered) and say(message).
import { h } from './dom.js';
import { t } from './i18n.js';
import { api, ownerOf } from './api.js';
import { botName, seatName } from './catalog.js';
import { confirmDialog } from './dialog.js';
import { presenceOf, OFFLINE } from './presence.js';
import { standInLevels } from './timecontrol.js';

export class OwnerControls {
  constructor(opts) {
    this.o = opts;
    this.level = new Map(); // seat -> the bot chosen in its select
    this.busy = false;
  }

  // active reports whether the person owns the unstarted table.
  active() {
    return !!ownerOf(this.o.id) && this.o.info()?.status === 'open';
  }

  // botSeat reports whether the owner may put a bot in seat i: a free
  // seat, or a person's seat whose person is offline. A seat this browser
  // holds is never offered, even before its presence arrives: its person
  // is the one looking.
  botSeat(i) {
    const s = this.o.info()?.seats?.[i];
    if (!s || s.kind === 'bot' || this.o.held(i)) return false;
    return !s.taken || presenceOf(s) === OFFLINE;
  }

  async putBot(i) {
    const bot = this.level.get(i) || this.defaultLevel();
    await this.call(`/api/tables/${this.o.id}/seats/${i}/bot`, { bot });
  }

  async abort() {
    const ok = await confirmDialog({
      id: 'abort-dialog',
      title: t('owner.abort.title'),
      text: t('owner.abort.text'),
      ok: t('owner.abort'),
      cancel: t('owner.abort.cancel'),
    });
    if (ok) await this.call(`/api/tables/${this.o.id}/abort`, {});
  }

  async call(path, body) {
    if (this.busy) return;
    this.busy = true;
    try {
      this.o.changed(await api('POST', path, body, ownerOf(this.o.id)));
    } catch (e) {
      this.o.say(e.message);
    } finally {
      this.busy = false;
    }
  }

  defaultLevel() {
    const info = this.o.info();
    const { bots, def } = standInLevels(this.o.spec());
    return bots.includes(info?.stand_in_bot) ? info.stand_in_bot : def;
  }

  // standInSeat reports whether the owner may hand seat i to a stand-in
  // now: a private table in play, and a person's seat without a stand-in
  // whose person is offline on their turn.
  standInSeat(i) {
    const info = this.o.info();
    const s = info?.seats?.[i];
    if (!ownerOf(this.o.id) || !info.private || info.status !== 'playing') return false;
    if (!s || s.kind !== 'person' || s.stand_in || this.o.held(i)) return false;
    return presenceOf(s) === OFFLINE && this.o.actors().includes(i);
  }

  async standInNow(i) {
    await this.call(`/api/tables/${this.o.id}/seats/${i}/standin`, {});
  }

  // seatControl returns the "Put a bot here" form of seat i before the
  // start, or during play the "Hand to a stand-in now" button, or null.
  seatControl(i) {
    if (this.standInSeat(i)) {
      const name = seatName(this.o.info().seats[i], i);
      return h('div', { class: 'standin-now', 'data-seat': i },
        h('button', { type: 'button', id: `standin-${i}`, 'aria-label': t('owner.standin.label', { name }),
          onclick: () => this.standInNow(i), text: t('owner.standin') }));
    }
    if (!this.active() || !this.botSeat(i)) return null;
    const { bots } = standInLevels(this.o.spec());
    const chosen = this.level.get(i) || this.defaultLevel();
    return h('form', { class: 'putbot', 'data-seat': i, onsubmit: (e) => { e.preventDefault(); this.putBot(i); } },
      h('select', { id: `putbot-${i}-level`, 'aria-label': t('owner.level', { n: i + 1 }), onchange: (e) => this.level.set(i, e.target.value) },
        bots.map((b) => h('option', { value: b, selected: b === chosen, text: botName(b) }))),
      h('button', { type: 'submit', id: `putbot-${i}`, text: t('owner.putbot') }));
  }

  // panel returns the owner's table-wide controls, or null.
  panel() {
    if (!this.active()) return null;
    return h('button', { type: 'button', class: 'danger', id: 'abort', onclick: () => this.abort(), text: t('owner.abort') });
  }
}
