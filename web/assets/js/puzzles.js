// The puzzle pages: /puzzles lists them, /puzzles/GAME shows the day's
// puzzle of a game (puzzle-oom.js, puzzle-ht.js, …) with the player's
// streak and history. The server keeps every player's record, streak and
// practice rating, a guest's under the id its cookie holds
// (GET /api/puzzles/GAME/history); a page never sends a rating, a score
// or a time: the server measures and scores.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { icon } from './icons.js';
import { api } from './api.js';

// The games with puzzles, and the module of each page.
const PAGES = { outofmine: () => import('./puzzle-oom.js'), hammertime: () => import('./puzzle-ht.js'), minerals: () => import('./puzzle-minerals.js'),
  tf22: () => import('./puzzle-tf22.js') };

// The floors of the puzzle kinds (see the server's puzzle/fairness.go), in
// seconds: a solution faster than this counts for nothing.
const FLOORS = [['outofmine', 'pz.floor.outofmine', 1], ['minerals', 'pz.floor.minerals', 2], ['tf22', 'pz.floor.tf22', 1], ['hammertime', 'pz.floor.hammertime', 1]];

// whenSeen calls start once a quarter of el is on the screen; it returns
// a function that stops watching.
export function whenSeen(el, start) {
  const io = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { io.disconnect(); start(); }
  }, { threshold: 0.25 });
  io.observe(el);
  return () => io.disconnect();
}

// drawAround draws a puzzle page again: parts become the children of
// root, the page's frame, put in el at the first drawing. When keep (one
// of the parts, the board) is already in root it stays where it is and the
// other parts are put around it: taking it off the page, even for a
// moment, would take the keyboard focus from whatever inside it has it,
// and its renderer keeps that focus only while it stays on the page. Then
// redraw draws the board, and a control drawn again with the same id keeps
// the focus (keepFocus).
export function drawAround(el, root, parts, keep, redraw) {
  const refocus = keepFocus();
  if (root.parentNode !== el) clear(el).append(root);
  parts = parts.filter(Boolean);
  const at = parts.indexOf(keep);
  if (at < 0 || keep.parentNode !== root) {
    clear(root).append(...parts);
  } else {
    for (const c of [...root.childNodes]) if (c !== keep) c.remove();
    keep.before(...parts.slice(0, at));
    keep.after(...parts.slice(at + 1));
  }
  redraw();
  refocus();
}

// clockText writes milliseconds as m:ss.
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// known holds the player's records by game, as the server answered them
// ({today, streak, history, rating}); asking holds the requests under way.
const known = {};
const asking = {};

// serverRecord returns the player's record of game from the server (asked
// once, until recordChanged).
export function serverRecord(game) {
  if (known[game]) return Promise.resolve(known[game]);
  asking[game] ??= api('GET', `/api/puzzles/${game}/history`)
    .then((rec) => { known[game] = rec; return rec; })
    .finally(() => { delete asking[game]; });
  return asking[game];
}

// recordChanged forgets game's record after an accepted attempt: the
// server's has it now.
export function recordChanged(game) { delete known[game]; }

// myRating is the player's rating in game's rated mode as last answered
// ({Mu, Sigma}), or null before the server said.
export function myRating(game) { return known[game]?.rating || null; }

// countingNote says why an accepted attempt (r, the server's answer)
// counts for nothing, or is null when it counts.
export function countingNote(r) {
  if (!r || r.counted !== false) return null;
  const text = r.not_counted === 'too_fast' ? t('pz.notcounted.too_fast', { s: (r.floor_ms / 1000).toFixed(0) }) : t('pz.notcounted.repeat');
  return h('p', { class: 'pz-notcounted', id: 'pz-notcounted', role: 'note', 'data-why': r.not_counted || '' }, icon('clock'), ' ', text);
}

// guestMark marks a best-table entry of a guest.
export function guestMark(entry) {
  return entry.guest ? h('span', { class: 'pz-guest', title: t('pz.guest.title'), text: t('pz.guest') }) : null;
}

// historyBox shows the streak and the last days' results as the server
// keeps them; score(e) writes an entry's result.
export function historyBox(game, today, score) {
  const box = h('section', { class: 'card pz-history', id: 'pz-history', 'aria-labelledby': 'pz-history-h' });
  const fill = (rec) => clear(box).append(...historyParts(rec.history || [], rec.streak || 0, score));
  if (known[game]) fill(known[game]);
  else {
    box.append(h('h2', { id: 'pz-history-h', text: t('pz.history') }), h('p', { class: 'muted', text: t('app.loading') }));
    serverRecord(game).then(fill).catch((e) => clear(box).append(h('h2', { id: 'pz-history-h', text: t('pz.history') }), h('p', { class: 'error', text: e.message })));
  }
  return box;
}

// historyParts are the history box's contents: the streak and the last
// ten days, a day that did not count (too fast) marked.
function historyParts(history, n, score) {
  return [
    h('h2', { id: 'pz-history-h', text: t('pz.history') }),
    h('p', { class: 'pz-streak', id: 'pz-streak', 'data-streak': n, 'data-kept': 'server' }, icon('star'), ' ', t('pz.streak', { n })),
    h('p', { class: 'muted pz-kept', text: t('pz.kept.server') }),
    history.length
      ? h('table', { class: 'pz-table' },
        h('thead', {}, h('tr', {}, h('th', { text: t('pz.day') }), h('th', { text: t('pz.result') }), h('th', { text: t('pz.time') }))),
        h('tbody', {}, history.slice(0, 10).map((e) => h('tr', { 'data-day': e.day, 'data-counted': e.counted ? 'yes' : 'no' },
          h('td', { text: e.day }), h('td', {}, e.perfect ? icon('check') : null, ' ', score(e), e.counted ? null : h('span', { class: 'pz-notcounted-mark', text: ' ' + t('pz.notcounted.mark') })),
          h('td', { text: clockText(e.ms) })))))
      : h('p', { class: 'muted', text: t('pz.nohistory') }),
  ];
}

// fairness is the /puzzles page's help: how puzzles count, and the floors.
function fairness() {
  return h('section', { class: 'card pz-fair', id: 'pz-fair', 'aria-labelledby': 'pz-fair-h' },
    h('h2', { id: 'pz-fair-h', text: t('pz.fair.title') }),
    h('p', { text: t('pz.fair.once') }),
    h('p', { text: t('pz.fair.floors') }),
    h('ul', { class: 'pz-floors' }, FLOORS.map(([g, key, s]) => h('li', { 'data-game': g }, h('strong', { text: t(`pz.${g}.title`) + ': ' }), t(key, { s })))));
}

// puzzlesPage shows /puzzles (game empty) or the page of one game.
export function puzzlesPage(el, game) {
  if (!document.getElementById('pz-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/puzzles.css', id: 'pz-css' }));
  if (!game) {
    const render = () => clear(el).append(h('h1', { text: t('pz.title') }),
      h('ul', { class: 'game-list pz-list' }, Object.keys(PAGES).map((g) => h('li', {},
        h('a', { href: `/puzzles/${g}`, 'data-link': true, text: t(`pz.${g}.title`) }), ' ', h('span', { text: t(`pz.${g}.summary`) })))),
      fairness());
    const off = onLanguage(render);
    render();
    return { leave: off, title: () => t('pz.title') };
  }
  if (!PAGES[game]) {
    el.append(h('h1', { text: t('pz.title') }), h('p', { class: 'error', role: 'alert', text: t('pz.nogame') }));
    return { title: () => t('pz.title') };
  }
  let page = null;
  let left = false;
  // The player's record is asked first, alone: a guest's browser gets its
  // guest id with the answer (unless the page gave it already), so that the
  // puzzle the page then opens, and its ticket, are that guest's.
  Promise.all([PAGES[game](), serverRecord(game).catch(() => null)])
    .then(([m]) => { if (!left) page = m.page(el); })
    .catch((e) => clear(el).append(h('p', { class: 'error', role: 'alert', text: e.message })));
  return { leave() { left = true; page?.leave?.(); }, title: () => t(`pz.${game}.title`) };
}
