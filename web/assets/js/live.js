// Challenges as they arrive, on any page (the live channel's "challenge"
// events, see main.js): a challenge to this account shows a small dialog
// with Accept and Decline; an answer to one of its own is told in a
// toast, and an accepted one takes both players to their table.
import { h } from './dom.js';
import { t } from './i18n.js';
import { api, saveSeat, playerName } from './api.js';
import { whoami } from './account.js';
import { navigate } from './router.js';
import { catalog, gameTitle } from './catalog.js';
import { describe } from './timecontrol.js';

// friendsCss loads the stylesheet of the friends features once.
export function friendsCss() {
  if (!document.getElementById('friends-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/friends.css', id: 'friends-css' }));
}

// dock is the corner where challenges and toasts show, above the page.
function dock() {
  let d = document.getElementById('live-dock');
  if (!d) {
    d = h('div', { id: 'live-dock', class: 'live-dock', 'aria-live': 'polite' });
    document.body.append(d);
  }
  return d;
}

// toast tells text for a few seconds.
export function toast(text) {
  friendsCss();
  const el = h('p', { class: 'toast', role: 'status', text });
  dock().append(el);
  setTimeout(() => el.remove(), 6000);
}

// summary says what a challenge asks for: the game, players, time and
// whether it is rated.
export async function summary(c) {
  const g = (await catalog()).find((x) => x.id === c.request.game);
  const r = c.request;
  return [g ? gameTitle(g) : r.game, t('friends.players', { n: r.players }), describe(r.time_control), t(r.rated ? 'friends.rated' : 'friends.casual')].join(' · ');
}

// takeSeat sits the signed-in account at the table made for a challenge,
// keeps its seat's token and opens the table.
export async function takeSeat(table) {
  try {
    const j = await api('POST', `/api/tables/${table}/join`, { name: playerName() || 'me' });
    saveSeat(table, j.seat, j.token);
  } catch { /* seated already on another page: the table page says so */ }
  navigate(`/tables/${table}`);
}

// accept accepts challenge id and goes to its table.
export async function accept(id) {
  const a = await api('POST', `/api/challenges/${id}/accept`);
  await takeSeat(a.table);
}

const shown = new Map(); // challenge id → its dialog

// challenge handles one event of the live channel.
export async function challenge(c) {
  friendsCss();
  const me = await whoami();
  if (!me) return;
  const mine = c.from === me.name;
  const open = shown.get(c.id);
  if (c.status !== 'open') {
    open?.remove();
    shown.delete(c.id);
    if (mine && c.status === 'accepted' && c.table) return takeSeat(c.table);
    if (mine && c.status === 'declined') toast(t('friends.declinedby', { name: c.to }));
    if (!mine && open && c.status !== 'accepted') toast(t('friends.gone', { name: c.from }));
    return;
  }
  if (mine || open) return;
  const err = h('p', { class: 'error', role: 'alert' });
  const act = (fn) => async () => {
    try { await fn(); box.remove(); shown.delete(c.id); } catch (e) { err.textContent = e.message; }
  };
  const hid = `challenge-h-${c.id}`;
  const box = h('section', { class: 'challenge-box card', role: 'dialog', 'aria-labelledby': hid, 'data-challenge': c.id },
    h('h2', { id: hid, text: t('friends.challengedby', { name: c.from }) }),
    h('p', { text: await summary(c) }),
    err,
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'decline', text: t('friends.decline'), onclick: act(() => api('POST', `/api/challenges/${c.id}/decline`)) }),
      h('button', { type: 'button', class: 'primary accept', text: t('friends.accept'), onclick: act(() => accept(c.id)) })));
  shown.set(c.id, box);
  dock().append(box);
}
