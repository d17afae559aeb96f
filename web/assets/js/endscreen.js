// The rematch on a table's end screen (docs/protocol.md, "POST
// /api/tables/{id}/rematch"): every seated person may offer it; the others
// then see who offered and accept with one button, which seats them again
// without asking their name. Spectators only get the link to the rematch.
import { api, seatOf, saveSeat, ownerOf, saveOwner, saveHere, hereSeats, playerName } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { navigate } from './router.js';

// The end screen's parts that only a finished game needs, loaded with it:
// the score breakdown and a rated game's rating changes.
export { breakdownSection } from './breakdown.js';
export { RatingChanges } from './ratingchange.js';

export class Rematch {
  // id is the finished table's; seat() the person's {seat, token} there
  // (null when watching); pass the pass-and-play device's seats; name(i)
  // the name of seat i; redraw() draws the end screen again; say(text)
  // shows a message.
  constructor({ id, seat, pass, name, redraw, say }) {
    Object.assign(this, { id, seat, pass, name, redraw, say });
    this.offerers = null; // who sits at the rematch, once asked: [names]
    this.asked = ''; // the rematch whose seats were asked for
    this.busy = false;
  }

  // token is what authorises an offer: a pass-and-play device's owner
  // token (the rematch is made on the device again), else the person's
  // seat token, else the owner's.
  token() {
    if (this.pass.active && ownerOf(this.id)) return ownerOf(this.id);
    return this.seat()?.token || ownerOf(this.id) || '';
  }

  // seated reports whether this browser holds a seat at table rid already.
  static seated(rid) { return !!seatOf(rid) || hereSeats(rid).length > 0; }

  // offer offers the rematch, or accepts the one offered, and goes there.
  async offer() {
    if (this.busy) return;
    this.busy = true;
    try {
      const c = await api('POST', `/api/tables/${this.id}/rematch`, undefined, this.token());
      const rid = c.table.id;
      if (c.owner_token) saveOwner(rid, c.owner_token);
      if (c.here?.length) saveHere(rid, c.here);
      if (c.seat) {
        if (!c.here?.length) saveSeat(rid, c.seat.seat, c.seat.token);
      } else if (!c.here?.length && c.table.seats.some((s) => s.kind === 'person' && !s.taken)) {
        // The owner's token seats nobody: the owner joins like anyone.
        const mine = this.seat();
        const j = await api('POST', `/api/tables/${rid}/join`, { name: playerName() || (mine ? this.name(mine.seat) : '') || 'Player' });
        saveSeat(rid, j.seat, j.token);
      }
      navigate(c.link || `/tables/${rid}`);
    } catch (e) {
      this.say(e.message);
    } finally {
      this.busy = false;
    }
  }

  // load asks once who sits at the rematch rid, to say who offered it.
  async load(rid) {
    if (this.asked === rid) return;
    this.asked = rid;
    try {
      const info = await api('GET', `/api/tables/${rid}`);
      this.offerers = info.seats.filter((s) => s.kind === 'person' && s.taken && s.name).map((s) => s.name);
    } catch {
      this.offerers = [];
    }
    this.redraw();
  }

  // view returns the end screen's rematch controls for the table info:
  // a note of who offered it (null when there is none to show) and the
  // buttons.
  view(info) {
    const rid = info?.rematch;
    const can = !!this.token() && !!info;
    if (!rid) {
      return { note: null, buttons: can ? [h('button', { type: 'button', class: 'primary', id: 'rematch', onclick: () => this.offer(), text: t('end.rematch') })] : [] };
    }
    const to = h('a', { class: 'button' + (can && !Rematch.seated(rid) ? '' : ' primary'), href: `/tables/${rid}`, 'data-link': true, id: 'to-rematch', text: t('end.torematch') });
    if (!can || Rematch.seated(rid) || (!this.pass.active && !this.seat())) return { note: null, buttons: [to] };
    this.load(rid);
    const who = this.offerers?.length
      ? t('end.offers', { names: this.offerers.join(', ') })
      : t('end.offered');
    return {
      note: h('p', { class: 'rematch-offer', id: 'rematch-offer', role: 'status', text: who }),
      buttons: [h('button', { type: 'button', class: 'primary', id: 'accept-rematch', onclick: () => this.offer(), text: t('end.accept') }), to],
    };
  }
}

// endOrder sorts the end screen's rows of seats ({win, score}): the
// winners first, then by score, so that a tie-break's winner comes before
// the seats they tied with.
export function endOrder(rows) {
  return rows.sort((a, b) => (b.win - a.win) || ((b.score ?? 0) - (a.score ?? 0)));
}

// winnersLine says who won: when the winner's score is tied and the game's
// tie-break settled it (the breakdown's tie lines, parts[seat], see
// breakdown.js), who won the tie-break and why, in words; else the
// winners' names, or that nobody won.
export function winnersLine({ result, parts, nameOf, game, t }) {
  const w = result?.winners || [];
  if (!w.length) return t('end.nowinner');
  const scores = result.scores || [];
  const tie = (i) => parts?.[i]?.find?.((l) => l.tie);
  if (w.length === 1 && tie(w[0])) {
    const tied = scores.map((_, i) => i).filter((i) => i !== w[0] && scores[i] === scores[w[0]] && tie(i));
    if (tied.length) {
      const lost = Math.max(...tied.map((i) => Number(tie(i).value) || 0));
      return t('end.tiebreak', { name: nameOf(w[0]), why: t('end.tiewhy.' + game), won: tie(w[0]).value, lost });
    }
  }
  return t('end.winners', { names: w.map(nameOf).join(', ') });
}
