// A player's profile (/players/NAME): games played and won per game, the
// rating per game with its history as a small SVG plot, and the recent
// games, each with the rating change it made (or why it made none) and a
// link to its replay. Ratings are shown on the 1500 scale, a provisional
// one marked "?".
import { h, s, clear } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api } from './api.js';
import { catalog, gameTitle } from './catalog.js';
import { icon } from './icons.js';
import { refusal, noAccounts } from './account.js';
import { relationBar } from './friends.js';
import { fmt, shown, ratingEl, changeText, trend, notRated, playerLabel, ratingTip } from './ratingtext.js';

// START is the shown rating of a new player, drawn as the plot's base line.
const START = 1500;

// plot draws the shown rating after each rated game as a line over the
// start's 1500; W×H in user units, scaled to the box's width.
function plot(points) {
  const W = 300, H = 90, P = 8;
  const ys = points.map((p) => p.rating);
  let lo = Math.min(...ys, START), hi = Math.max(...ys, START);
  if (hi - lo < 40) { hi += 20; lo -= 20; }
  const x = (i) => (points.length === 1 ? W / 2 : P + (i * (W - 2 * P)) / (points.length - 1));
  const y = (v) => H - P - ((v - lo) * (H - 2 * P)) / (hi - lo);
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.rating).toFixed(1)}`).join('');
  return s('svg', { class: 'rating-plot', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('profile.plot', { n: points.length - 1 }) },
    s('line', { x1: P, x2: W - P, y1: y(START), y2: y(START), class: 'zero' }),
    s('path', { d, class: 'line' }),
    points.map((p, i) => s('circle', { cx: x(i), cy: y(p.rating), r: 3, class: 'dot' }, s('title', { text: shown(p) }))));
}

// CHANGES is how many of a game's latest rating changes a profile lists.
const CHANGES = 10;

// changes lists a game's latest rating changes, newest first, each with
// the table it came from: the points of the history after the first.
function changes(game, hist) {
  const rows = [];
  for (let i = hist.length - 1; i > 0 && rows.length < CHANGES; i--) {
    const before = hist[i - 1], after = hist[i];
    rows.push(h('li', { 'data-table': after.table },
      h('span', { class: ['delta', trend(before, after)], text: changeText(before, after) }), ' ',
      h('small', { text: new Date(after.finished).toLocaleDateString(language()) }), ' ',
      h('a', { href: `/replay/${after.table}`, 'data-link': true, text: t('profile.replay') })));
  }
  return h('ol', { class: 'rating-changes-list', 'data-game': game, 'aria-label': t('profile.changes') }, rows);
}

export function profilePage(el, rawName) {
  const name = decodeURIComponent(rawName);
  let p = null;
  let games = [];
  let error = '';

  const title = (id) => { const g = games.find((x) => x.id === id); return g ? gameTitle(g) : id; };

  async function load() {
    try {
      [games, p] = await Promise.all([catalog(), api('GET', `/api/players/${encodeURIComponent(name)}`)]);
      error = '';
    } catch (e) {
      error = await refusal(e);
    }
    render();
  }

  function render() {
    clear(el);
    el.append(h('h1', { text: p ? playerLabel(p.name) : playerLabel(name) }));
    if (error === null) { el.append(noAccounts()); return; }
    if (error) { el.append(h('p', { class: 'error', role: 'alert', text: error })); return; }
    if (!p) { el.append(h('p', { text: t('app.loading') })); return; }
    if (!p.bot) relationBar(el.appendChild(h('div', { class: 'relation' })), p.name);
    const ratings = new Map(p.ratings.map((r) => [r.game, r]));
    const stats = p.stats.length ? h('div', { class: 'table-wrap' }, h('table', { class: 'stats' },
      h('thead', {}, h('tr', {}, h('th', { text: t('lobby.game') }), h('th', { text: t('profile.played') }), h('th', { text: t('profile.won') }), h('th', { text: t('profile.rating') }))),
      h('tbody', {}, p.stats.map((st) => h('tr', { 'data-game': st.game },
        h('td', {}, h('a', { href: `/leaderboard/${st.game}`, 'data-link': true, text: title(st.game) })),
        h('td', { text: String(st.played) }), h('td', { text: String(st.won) }),
        ratings.has(st.game) ? ratingEl('td', ratings.get(st.game)) : h('td', { class: 'rating', text: t('profile.unrated') }))))))
      : h('p', { text: t('profile.nogames') });
    el.append(h('section', { class: 'card', 'aria-labelledby': 'stats-h' }, h('h2', { id: 'stats-h', text: t('profile.games') }), stats));
    for (const r of p.ratings) {
      const hist = p.history[r.game] || [];
      el.append(h('section', { class: 'card', 'aria-labelledby': `plot-${r.game}` },
        h('h2', { id: `plot-${r.game}` }, icon('trophy'), ' ', t('profile.ratingof', { game: title(r.game) })),
        h('p', {}, ratingEl('strong', r), ' ',
          h('small', { text: t('profile.ratinghelp', { dev: r.deviation, mu: fmt(r.mu), sigma: fmt(r.sigma), n: r.games }) })),
        r.provisional ? h('p', { class: 'help legend', text: t('rating.legend') }) : null,
        hist.length ? plot(hist) : null,
        hist.length > 1 ? changes(r.game, hist) : null));
    }
    el.append(h('section', { class: 'card', 'aria-labelledby': 'recent-h' }, h('h2', { id: 'recent-h', text: t('profile.recent') }),
      p.games.length ? h('ul', { class: 'recent' }, p.games.map((g) => h('li', { 'data-table': g.table },
        h('strong', { text: title(g.game) }), ' ',
        h('span', { text: g.left ? t('profile.left') : g.won ? t('profile.win') : t('profile.place', { rank: g.rank, n: g.players }) }), ' ',
        g.rated ? h('span', { class: ['delta', trend(g.before, g.after)], title: ratingTip(g.after), text: changeText(g.before, g.after) })
          : h('small', { class: 'notrated', 'data-reason': g.reason || null, text: notRated(g.reason) }), ' ',
        h('small', { text: new Date(g.finished).toLocaleDateString(language()) }), ' ',
        h('a', { href: g.replay, 'data-link': true, text: t('profile.replay') }),
        ' · ', h('a', { href: `/review/${g.table}`, 'data-link': true, class: 'review-link', text: t('profile.review') }))))
        : h('p', { text: t('profile.nogames') })));
  }

  const off = onLanguage(render);
  load();
  return { leave() { off(); }, title: () => playerLabel(name) };
}
