// The leaderboard of a game (/leaderboard/GAME): the people whose rating
// has settled, and beside them the bot levels, each highest rating first,
// on the 1500 scale. Another game chosen in the list is shown in place,
// the address following, and the list keeps the focus: a keyboard user
// goes through the games with the arrow keys.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api } from './api.js';
import { catalog, gameTitle } from './catalog.js';
import { retitle } from './router.js';
import { playerLabel, ratingEl } from './ratingtext.js';
import { refusal, noAccounts } from './account.js';

export function leaderboardPage(el, id) {
  let games = [];
  let board = null;
  let error = '';
  let asked = 0;

  // load asks for the leaderboard of id; an answer for a game no longer
  // chosen is dropped.
  async function load() {
    const n = ++asked;
    try {
      games = await catalog();
      const b = await api('GET', `/api/leaderboard/${id}`);
      if (n !== asked) return;
      board = b;
      error = '';
    } catch (e) {
      if (n !== asked) return;
      error = await refusal(e);
    }
    render();
  }

  function choose(game) {
    id = game;
    history.pushState(null, '', `/leaderboard/${id}`);
    board = null;
    error = '';
    retitle();
    render();
    load();
  }

  function title() {
    const g = games.find((x) => x.id === id);
    return t('board.title', { game: g ? gameTitle(g) : id });
  }

  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('h1', { text: title() }));
    if (games.length) {
      el.append(h('div', { class: 'field board-pick' }, h('label', { for: 'board-game', text: t('lobby.game') }),
        h('select', { id: 'board-game', onchange: (e) => choose(e.target.value) },
          games.map((g) => h('option', { value: g.id, selected: g.id === id, text: gameTitle(g) })))));
    }
    refocus();
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
