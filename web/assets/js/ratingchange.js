// The rating changes of a finished rated table, as its end screen shows
// them: each person's "Ann 1500? → 1538? (+38)", or why the table moved no
// rating. The state part fetches GET /api/tables/{id}/ratings once the
// game is over (retrying while the table is not recorded yet); the render
// part draws from it alone.
import { h } from './dom.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { changeText, notRated, playerLabel, ratingTip, trend } from './ratingtext.js';

// TRIES is how many times the changes are asked for before giving up, a
// second apart: a table is recorded as it finishes, so the first usually
// has them.
const TRIES = 5;

// leftText says why a person counts as having left: the stand-in's share
// of the seat's moves, or that they left the seat.
function leftText(s) {
  return s.standin_actions ? t('end.countsasleft', { stood: s.standin_actions, total: s.own_actions + s.standin_actions }) : t('profile.left');
}

export class RatingChanges {
  // id is the table; redraw is called when the changes arrive.
  constructor(id, redraw) {
    this.id = id;
    this.redraw = redraw;
    this.answer = null;
    this.asked = false;
    this.timer = 0;
  }

  // load asks for the changes, once.
  load() {
    if (this.asked) return;
    this.asked = true;
    this.fetch(TRIES);
  }

  async fetch(left) {
    try {
      const a = await api('GET', `/api/tables/${this.id}/ratings`);
      if (!a.recorded && left > 1) {
        this.timer = setTimeout(() => this.fetch(left - 1), 1000);
        return;
      }
      this.answer = a;
      this.redraw();
    } catch {
      // A server without accounts has no ratings to show.
    }
  }

  stop() { clearTimeout(this.timer); }

  // view is the section of the end screen, or null before the answer.
  view() {
    const a = this.answer;
    if (!a || !a.recorded) return null;
    const people = a.seats.filter((s) => !s.bot);
    return h('section', { class: 'rating-changes', id: 'rating-changes', 'aria-labelledby': 'rating-changes-h' },
      h('h3', { id: 'rating-changes-h', text: t('end.ratings') }),
      a.rated
        ? h('ul', {}, people.map((s) => h('li', { 'data-seat': s.seat, 'data-change': s.change },
          h('span', { class: 'who', text: playerLabel(s.name) }), ' ',
          h('span', { class: ['delta', trend(s.before, s.after)], title: ratingTip(s.after), text: changeText(s.before, s.after) }),
          s.left ? [' ', h('small', { class: 'left', text: leftText(s) })] : null)))
        : h('p', { class: 'notrated', 'data-reason': a.reason, text: t('end.notrated', { reason: notRated(a.reason) }) }),
      a.rated && a.seats.some((s) => s.after?.provisional) ? h('p', { class: 'help legend', text: t('rating.legend') }) : null);
  }
}
