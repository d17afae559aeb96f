// Bot levels' ratings on the people's scale. A bot level has a rated
// identity (bot:LEVEL, the same in every game) whose rating in a game rated
// games move as a person's does, from the same start: that is its anchor.
// A level that has played no rated game of the game has no rating to show.
import { h } from './dom.js';
import { api } from './api.js';
import { t } from './i18n.js';

// known maps "game|level" to the level's rating in the game (the API's
// ratingInfo), null when it has none, undefined while it is asked.
const known = new Map();

// botRatingTag returns the tag of a bot seat's rating in game (asked for
// at rated tables only: a casual table's bots play unrated), or null
// (not a bot, no rating, or not known yet: changed is called once it is).
export function botRatingTag(game, seat, changed) {
  if (seat?.kind !== 'bot' || !seat.bot || !game) return null;
  const key = `${game}|${seat.bot}`;
  if (!known.has(key)) {
    known.set(key, undefined);
    api('GET', `/api/players/${encodeURIComponent('bot:' + seat.bot)}`).then((p) => {
      known.set(key, (p.ratings || []).find((r) => r.game === game) || null);
      changed();
    }, () => known.set(key, null));
  }
  const r = known.get(key);
  if (!r) return null;
  return h('span', { class: 'tag bot-rating', 'data-rating': r.rating, title: t('bots.rating.title'),
    text: t(r.provisional ? 'bots.rating.provisional' : 'bots.rating', { n: r.rating }) });
}
