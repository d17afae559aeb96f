// The puzzle pages: /puzzles lists them, /puzzles/GAME shows the day's
// puzzle of a game (puzzle-oom.js, puzzle-ht.js) with the player's streak
// and history. A guest's streak, history and ladder rating live in this
// browser (localStorage, "minehall.puzzles.GAME"); a signed-in player's
// are the server's (GET /api/puzzles/GAME/history). The server keeps the
// tickets, the best-score tables and the puzzles' own ratings too.
import { h, clear } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { icon } from './icons.js';
import { api } from './api.js';
import { whoami } from './account.js';

// The games with puzzles, and the module of each page.
const PAGES = { outofmine: () => import('./puzzle-oom.js'), hammertime: () => import('./puzzle-ht.js'), minerals: () => import('./puzzle-minerals.js'),
  tf22: () => import('./puzzle-tf22.js') };

// record returns the puzzle record kept for game: {history: [{day, score,
// best, perfect, ms}], ladder: {mu, sigma, done: [rank]}}.
export function record(game) {
  let r = null;
  try { r = JSON.parse(localStorage.getItem('minehall.puzzles.' + game)); } catch { r = null; }
  r = r && typeof r === 'object' ? r : {};
  if (!Array.isArray(r.history)) r.history = [];
  if (!r.ladder || typeof r.ladder.mu !== 'number') r.ladder = { mu: 25, sigma: 25 / 3, done: [] };
  if (!Array.isArray(r.ladder.done)) r.ladder.done = [];
  return r;
}

export function saveRecord(game, r) { localStorage.setItem('minehall.puzzles.' + game, JSON.stringify(r)); }

// addDay enters the first accepted result of a day into game's history
// (a later one of the same day does not count) and reports whether it did.
export function addDay(game, entry) {
  delete fromServer[game]; // the server's record has the new day now: ask again
  const r = record(game);
  if (r.history.some((e) => e.day === entry.day)) return false;
  r.history.unshift(entry);
  r.history = r.history.slice(0, 60);
  saveRecord(game, r);
  return true;
}

const dayMS = 86400000;
const dayNum = (d) => Math.floor(Date.parse(d + 'T00:00:00Z') / dayMS);

// streak counts the days in a row, ending today or yesterday (UTC), with
// a result in the history.
export function streak(history, today) {
  const days = new Set(history.map((e) => dayNum(e.day)));
  let d = dayNum(today);
  if (!days.has(d)) d--;
  let n = 0;
  while (days.has(d)) { n++; d--; }
  return n;
}

// clockText writes milliseconds as m:ss.
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// fromServer holds the signed-in player's records by game, as the server
// answered them ({today, streak, history, rating}); asking holds the
// requests under way.
const fromServer = {};
const asking = {};

// serverRecord returns the signed-in player's record of game from the
// server, or null for a guest. A ladder rating it holds becomes the one
// this browser shows.
export function serverRecord(game) {
  asking[game] ??= (async () => {
    if (!(await whoami())) return null;
    const rec = await api('GET', `/api/puzzles/${game}/history`);
    fromServer[game] = rec;
    if (rec.rating) {
      const r = record(game);
      r.ladder.mu = rec.rating.Mu;
      r.ladder.sigma = rec.rating.Sigma;
      saveRecord(game, r);
    }
    return rec;
  })().finally(() => { delete asking[game]; });
  return asking[game];
}

// historyBox shows the streak and the last days' results, the signed-in
// player's as the server keeps them, else this browser's; score(e) writes
// an entry's result.
export function historyBox(game, today, score) {
  const box = h('section', { class: 'card pz-history', id: 'pz-history', 'aria-labelledby': 'pz-history-h' });
  const fill = (history, n, kept) => clear(box).append(...historyParts(history, n, kept, score));
  const known = fromServer[game];
  if (known) fill(known.history, known.streak, 'server');
  else {
    const { history } = record(game);
    fill(history, streak(history, today), 'browser');
    serverRecord(game).then((rec) => { if (rec) fill(rec.history, rec.streak, 'server'); }).catch(() => {});
  }
  return box;
}

// historyParts are the history box's contents: where the record is kept
// ("server" or "browser"), the streak and the last ten days.
function historyParts(history, n, kept, score) {
  return [
    h('h2', { id: 'pz-history-h', text: t('pz.history') }),
    h('p', { class: 'pz-streak', id: 'pz-streak', 'data-streak': n, 'data-kept': kept }, icon('star'), ' ', t('pz.streak', { n })),
    h('p', { class: 'muted pz-kept', text: t(`pz.kept.${kept}`) }),
    history.length
      ? h('table', { class: 'pz-table' },
        h('thead', {}, h('tr', {}, h('th', { text: t('pz.day') }), h('th', { text: t('pz.result') }), h('th', { text: t('pz.time') }))),
        h('tbody', {}, history.slice(0, 10).map((e) => h('tr', { 'data-day': e.day },
          h('td', { text: e.day }), h('td', {}, e.perfect ? icon('check') : null, ' ', score(e)), h('td', { text: clockText(e.ms) })))))
      : h('p', { class: 'muted', text: t('pz.nohistory') }),
  ];
}

// puzzlesPage shows /puzzles (game empty) or the page of one game.
export function puzzlesPage(el, game) {
  if (!document.getElementById('pz-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/puzzles.css', id: 'pz-css' }));
  if (!game) {
    const render = () => clear(el).append(h('h1', { text: t('pz.title') }),
      h('ul', { class: 'game-list pz-list' }, Object.keys(PAGES).map((g) => h('li', {},
        h('a', { href: `/puzzles/${g}`, 'data-link': true, text: t(`pz.${g}.title`) }), ' ', h('span', { text: t(`pz.${g}.summary`) })))));
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
  PAGES[game]().then((m) => { if (!left) page = m.page(el); })
    .catch((e) => clear(el).append(h('p', { class: 'error', role: 'alert', text: e.message })));
  return { leave() { left = true; page?.leave?.(); }, title: () => t(`pz.${game}.title`) };
}
