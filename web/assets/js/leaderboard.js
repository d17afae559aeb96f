// The leaderboard of a game (/leaderboard/GAME): the people whose rating
// has settled, and beside them the bot levels, each highest rating first,
// on the 1500 scale.
import { h, clear } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api } from './api.js';
import { catalog, gameTitle } from './catalog.js';
import { navigate } from './router.js';
import { playerLabel, ratingEl } from './ratingtext.js';
import { refusal, noAccounts } from './account.js';

export function leaderboardPage(el, id) {
  let games = [];
  let board = null;
  let error = '';

  async function load() {
    try {
      games = await catalog();
      board = await api('GET', `/api/leaderboard/${id}`);
      error = '';
    } catch (e) {
      error = await refusal(e);
    }
    render();
  }

  function title() {
    const g = games.find((x) => x.id === id);
    return t('board.title', { game: g ? gameTitle(g) : id });
  }

  function render() {
    clear(el);
    el.append(h('h1', { text: title() }));
    if (games.length) {
      el.append(h('div', { class: 'field board-pick' }, h('label', { for: 'board-game', text: t('lobby.game') }),
        h('select', { id: 'board-game', onchange: (e) => navigate(`/leaderboard/${e.target.value}`) },
          games.map((g) => h('option', { value: g.id, selected: g.id === id, text: gameTitle(g) })))));
    }
    if (error === null) { el.append(noAccounts()); return; }
    if (error) { el.append(h('p', { class: 'error', role: 'alert', text: error })); return; }
    if (!board) { el.append(h('p', { text: t('app.loading') })); return; }
    el.append(h('p', { class: 'help', text: t('board.help') }));
    el.append(h('div', { class: 'boards' },
      list('people', t('board.people'), board.players, t('board.nopeople')),
      list('bots', t('board.bots'), board.bots || [], t('board.nobots'))));
    if ([...board.players, ...(board.bots || [])].some((p) => p.provisional)) el.append(h('p', { class: 'help legend', text: t('rating.legend') }));
  }

  // list is one of the two lists: a heading, then the table of rows or
  // the text saying it is empty.
  function list(kind, heading, rows, empty) {
    const hid = `board-${kind}-h`;
    return h('section', { class: `board board-${kind}`, 'aria-labelledby': hid }, h('h2', { id: hid, text: heading }),
      !rows.length ? h('p', { class: 'empty', text: empty })
        : h('div', { class: 'table-wrap' }, h('table', { class: 'leaderboard', 'data-kind': kind },
          h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('board.player') }), h('th', { text: t('profile.rating') }), h('th', { text: t('board.games') }))),
          h('tbody', {}, rows.map((p) => h('tr', { class: p.bot ? 'bot' : null, 'data-player': p.name },
            h('td', { text: String(p.rank) }),
            h('td', {}, h('a', { href: `/players/${encodeURIComponent(p.name)}`, 'data-link': true, text: playerLabel(p.name) })),
            ratingEl('td', p),
            h('td', { text: String(p.games) })))))));
  }

  const off = onLanguage(render);
  load();
  return { leave() { off(); }, title };
}
