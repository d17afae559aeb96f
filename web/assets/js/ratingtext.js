// Ratings in words: a rating on the 1500 scale as people read it ("1538",
// "1500?" while provisional), its tooltip, a change between two, why a
// game moved none, and a player's label. The profile, the leaderboard and
// a table's end screen share them.
import { h } from './dom.js';
import { t, language } from './i18n.js';
import { botName } from './catalog.js';

// fmt shows a number with one decimal.
export function fmt(x) {
  return (Math.round(x * 10) / 10).toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

// shown is a rating as people read it: "1538", or "1500?" while it is
// provisional. r has the API's rating and provisional.
export function shown(r) {
  return `${r.rating}${r.provisional ? '?' : ''}`;
}

// ratingTip is the tooltip of a shown rating: its deviation, and what the
// "?" of a provisional one means.
export function ratingTip(r) {
  return r.provisional ? t('rating.provisional', { dev: r.deviation }) : t('rating.deviation', { dev: r.deviation });
}

// ratingEl is a shown rating in a tag (strong, td, span) with its tooltip.
export function ratingEl(tag, r, attrs = {}) {
  return h(tag, { class: ['rating', r.provisional ? 'provisional' : null], title: ratingTip(r), 'data-rating': r.rating, ...attrs }, shown(r));
}

// signed shows a change of rating with its sign: "+38", "−12", "0".
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

// changeText is a rating change as a record shows it: "1500? → 1538? (+38)".
export function changeText(before, after) {
  return `${shown(before)} → ${shown(after)} (${signed(after.rating - before.rating)})`;
}

// trend is the class of a change's direction: "up", "down" or none.
export function trend(before, after) {
  return after.rating > before.rating ? 'up' : after.rating < before.rating ? 'down' : null;
}

// notRated says why a recorded game moved no rating.
export function notRated(reason) {
  return reason ? t('reason.' + reason) : t('profile.unratedgame');
}

// playerLabel shows a player: an account's name, or a bot level's.
export function playerLabel(name) {
  return name.startsWith('bot:') ? t('profile.botname', { level: botName(name.slice(4)) }) : name;
}
