// "My tables" (/my): every table the player sits at, those waiting for
// them first (their turn, then their reserved seat to take), with status
// and a link. A signed-in player's come from GET /api/account/tables; a
// guest's are the seats this browser holds (api.js keeps their tokens),
// each asked for its description and whom it waits for.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api, heldSeats } from './api.js';
import { catalog, gameTitle } from './catalog.js';
import { icon } from './icons.js';
import { whoami, onAccount } from './account.js';
import { inviteOf } from './private.js';
import { notifyButton } from './notify.js';

const RANK = { turn: 0, seat: 1 };
const STATUS_RANK = { playing: 2, open: 3, finished: 4 };

// guestTables returns the tables of the seats this browser holds, as the
// account API answers them: {table, seat, waiting}.
async function guestTables() {
  const rows = await Promise.all(heldSeats().map(async ({ table: id, token }) => {
    try {
      const seat = JSON.parse(localStorage.getItem('minehall.seat.' + id))?.seat ?? 0;
      // The seat's token lets its holder see a private table.
      const info = await api('GET', `/api/tables/${id}`, undefined, token);
      const turn = info.status === 'playing' ? await api('GET', `/api/tables/${id}/turn`, undefined, token) : { to_move: [] };
      return { table: info, seat, waiting: (turn.to_move || []).includes(seat) ? 'turn' : '' };
    } catch { return null; } // a table the server no longer has
  }));
  return rows.filter(Boolean);
}

function rank(r) { return RANK[r.waiting] ?? STATUS_RANK[r.table.status] ?? 5; }

export function myTablesPage(el) {
  let rows = null;
  let games = [];
  let error = '';
  let me = null;

  async function load() {
    try {
      [games, me] = await Promise.all([catalog(), whoami()]);
      rows = me ? await api('GET', '/api/account/tables') : await guestTables();
      rows.sort((a, b) => rank(a) - rank(b) || String(b.table.created).localeCompare(String(a.table.created)));
      error = '';
    } catch (e) {
      error = e.message;
    }
    render();
  }

  function row(r) {
    const tb = r.table;
    const g = games.find((x) => x.id === tb.game);
    const inv = inviteOf(tb.id);
    const href = `/tables/${tb.id}${inv ? '?invite=' + inv : ''}`;
    const waiting = r.waiting ? h('span', { class: `waiting waiting-${r.waiting}`, text: t('my.waiting.' + r.waiting) }) : null;
    return h('li', { class: 'table-row my-row' + (r.waiting ? ' is-waiting' : ''), 'data-table': tb.id, 'data-waiting': r.waiting || '' },
      h('strong', { text: g ? gameTitle(g) : tb.game }), ' ',
      h('span', { class: `status status-${tb.status}`, text: t('status.' + tb.status) }), ' ',
      tb.private ? h('span', { class: 'private-badge' }, icon('lock'), ' ', t('private.label')) : null, tb.private ? ' ' : null,
      h('span', { class: 'seats', text: t('my.seat', { n: r.seat + 1 }) }), ' ',
      waiting, waiting ? ' ' : null,
      h('a', { href, id: `my-table-${tb.id}`, 'data-link': true, text: tb.status === 'finished' ? t('my.see') : t('my.open') }));
  }

  // render draws the list again, every 15 s; the link or button with the
  // focus keeps it.
  function render() {
    const refocus = keepFocus();
    clear(el).append(h('h1', { text: t('my.title') }));
    el.append(h('p', { class: 'help', text: me ? t('my.help.account') : t('my.help.guest') }));
    const nb = notifyButton();
    if (nb) el.append(h('p', {}, nb));
    if (error) el.append(h('p', { class: 'error', role: 'alert', text: error }));
    if (!rows) { el.append(h('p', { text: t('app.loading') })); return; }
    el.append(h('section', { class: 'card' }, rows.length
      ? h('ul', { class: 'tables my-tables' }, rows.map(row))
      : h('p', {}, t('my.none'), ' ', h('a', { href: '/', 'data-link': true, text: t('notfound.back') }))));
    refocus();
  }

  const off = onLanguage(render);
  const offAccount = onAccount(() => load());
  const timer = setInterval(() => { if (!document.hidden) load(); }, 15000);
  render();
  load();
  return { leave() { off(); offAccount(); clearInterval(timer); }, title: () => t('my.title') };
}
