// Start-up, the client-side router and the page frame.
import { start, setLanguage, language, onLanguage, t } from './i18n.js';
import { rulesPage } from './rules.js';
import { h, clear } from './dom.js';
import { setRouter } from './router.js';
import { soundOn, setSound } from './sound.js';
import { accountPage, whoami, updateNav, onAccount } from './account.js';
import { api } from './api.js';
import { rememberInvite } from './private.js';
import { watchNetwork } from './offline.js';
import { keepTaps } from './keeptaps.js';

// lazyPage is a page whose module is loaded when it is first shown, so
// that pages few people open do not weigh on every other: it draws into
// el once the module arrives, unless the page was left before.
function lazyPage(load, name) {
  return (el, ...args) => {
    const page = {
      inner: null,
      left: false,
      leave() { this.left = true; this.inner?.leave?.(); },
      title() { return this.inner?.title?.(); },
    };
    load().then((mod) => {
      if (page.left) return;
      page.inner = mod[name](el, ...args) || {};
      setTitle();
    });
    return page;
  };
}

// The lobby too: a table's page, the one most often open, does without it.
const lobbyPage = lazyPage(() => import('./lobby.js'), 'lobbyPage');
const profilePage = lazyPage(() => import('./profile.js'), 'profilePage');
const leaderboardPage = lazyPage(() => import('./leaderboard.js'), 'leaderboardPage');
const tablePage = lazyPage(() => import('./table.js'), 'tablePage');
const replayPage = lazyPage(() => import('./replay.js'), 'replayPage');
const reviewPage = lazyPage(() => import('./review.js'), 'reviewPage');
const analysisPage = lazyPage(() => import('./analysis.js'), 'analysisPage');
const myTablesPage = lazyPage(() => import('./mytables.js'), 'myTablesPage');
const puzzlesPage = lazyPage(() => import('./puzzles.js'), 'puzzlesPage');
const learnPage = lazyPage(() => import('./learn.js'), 'learnPage');
const resetPasswordPage = lazyPage(() => import('./mailpages.js'), 'resetPasswordPage');
const verifyEmailPage = lazyPage(() => import('./mailpages.js'), 'verifyEmailPage');
const friendsPage = lazyPage(() => import('./friends.js'), 'friendsPage');
const tournamentsPage = lazyPage(() => import('./tournaments.js'), 'tournamentsPage');
const tournamentPage = lazyPage(() => import('./tournaments.js'), 'tournamentPage');

const routes = [
  [/^\/$/, lobbyPage],
  [/^\/tables\/([0-9a-zA-Z_-]+)$/, tablePage],
  [/^\/replay\/([0-9a-zA-Z_-]+)$/, replayPage],
  [/^\/review\/([0-9a-zA-Z_-]+)$/, reviewPage],
  [/^\/analysis\/([0-9a-zA-Z_-]+)$/, analysisPage],
  [/^\/rules(?:\/([a-z0-9_-]+))?$/, rulesPage],
  [/^\/puzzles(?:\/([a-z0-9_-]+))?$/, puzzlesPage],
  [/^\/account$/, accountPage],
  [/^\/players\/([^/]+)$/, profilePage],
  [/^\/leaderboard\/([a-z0-9_-]+)$/, leaderboardPage],
  [/^\/learn\/([a-z0-9_-]+)$/, learnPage],
  [/^\/my$/, myTablesPage],
  [/^\/tournaments$/, tournamentsPage],
  [/^\/tournaments\/([0-9a-f]+)$/, tournamentPage],
  [/^\/reset-password$/, resetPasswordPage],
  [/^\/verify-email$/, verifyEmailPage],
  [/^\/friends$/, friendsPage],
];

let current = null; // {leave, title}
let stopTaps = () => {}; // ends the current page's keepTaps

// listen keeps the live channel open (livechannel.js) while signed in.
let live = false;
const listen = (me) => (live ||= !!me) && import('./livechannel.js').then((m) => m.listen(me));
const main = () => document.getElementById('main');

// notFound says the page does not exist; its texts follow a language
// switch (data-i18n).
function notFound(el) {
  el.append(h('h1', { 'data-i18n': 'notfound.title', text: t('notfound.title') }),
    h('p', {}, h('a', { href: '/', 'data-link': true, 'data-i18n': 'notfound.back', text: t('notfound.back') })));
  return { title: () => t('notfound.title') };
}

// route shows the page of the current location. Each page gets a main
// element of its own: an answer a page awaited that arrives after it was
// left then draws into the page's detached element, never over the next
// page. A mouse click on the page's controls survives its drawing them
// anew between press and release (keeptaps.js).
function route() {
  if (current?.leave) current.leave();
  stopTaps();
  const el = h('main', { id: 'main', tabindex: '-1' });
  main().replaceWith(el);
  stopTaps = keepTaps(el);
  rememberInvite();
  whoami().then(listen);
  const path = location.pathname.replace(/\/+$/, '') || '/';
  for (const [re, page] of routes) {
    const m = path.match(re);
    if (m) {
      current = page(el, ...m.slice(1)) || {};
      setTitle();
      return;
    }
  }
  current = notFound(el);
  setTitle();
}

function setTitle() {
  const sub = current?.title?.();
  document.title = sub ? `${sub} · Minehall` : 'Minehall';
}

function applyColorBlind(on) {
  document.body.classList.toggle('colorblind', on);
  localStorage.setItem('minehall.colorblind', on ? '1' : '0');
  window.dispatchEvent(new CustomEvent('minehall:colorblind'));
}

// applySrMode turns the screen-reader mode on or off in this browser: the
// body's class srmode, kept in localStorage minehall.srmode, and the
// event minehall:srmode that the table page listens to.
function applySrMode(on) {
  document.body.classList.toggle('srmode', on);
  localStorage.setItem('minehall.srmode', on ? '1' : '0');
  const box = document.getElementById('srmode');
  if (box) box.checked = on;
  window.dispatchEvent(new CustomEvent('minehall:srmode'));
}

// saveSrMode keeps the screen-reader mode for the signed-in account, so
// that it follows the person to another browser.
function saveSrMode(me, on) {
  if (!me || !!me.preferences?.sr_mode === on) return;
  me.preferences = { ...me.preferences, sr_mode: on };
  api('POST', '/api/account/preferences', { sr_mode: on }).catch(() => {});
}

// saveLanguage keeps the language chosen last for the signed-in account:
// mail sent without a page, such as the daily digest, is written in it.
function saveLanguage(me, l) {
  if (!me || me.preferences?.lang === l) return;
  me.preferences = { ...me.preferences, lang: l };
  api('POST', '/api/account/preferences', { lang: l }).catch(() => {});
}

async function boot() {
  await start();
  watchNetwork();
  const sel = document.getElementById('lang');
  sel.value = language();
  sel.addEventListener('change', () => setLanguage(sel.value));
  onLanguage((l) => { sel.value = l; setTitle(); updateNav(); whoami().then((me) => saveLanguage(me, l)); });
  // The account's screen-reader mode wins over this browser's when a page
  // opens (it was set elsewhere); at sign-in the mode stays on if either
  // had it on.
  whoami().then((me) => {
    if (me?.preferences) applySrMode(!!me.preferences.sr_mode);
    saveLanguage(me, language());
  });
  onAccount((me) => {
    listen(me);
    if (!me) return;
    saveLanguage(me, language());
    const on = !!me.preferences?.sr_mode || localStorage.getItem('minehall.srmode') === '1';
    applySrMode(on);
    saveSrMode(me, on);
  });
  // On a phone the settings fold under one button (app.css).
  const pt = document.getElementById('prefs-toggle');
  pt.addEventListener('click', () => {
    const open = pt.getAttribute('aria-expanded') !== 'true';
    pt.setAttribute('aria-expanded', String(open));
    document.getElementById('prefs').classList.toggle('open', open);
  });
  const cb = document.getElementById('colorblind');
  cb.checked = localStorage.getItem('minehall.colorblind') === '1';
  applyColorBlind(cb.checked);
  cb.addEventListener('change', () => applyColorBlind(cb.checked));
  const sr = document.getElementById('srmode');
  applySrMode(localStorage.getItem('minehall.srmode') === '1');
  sr.addEventListener('change', async () => {
    applySrMode(sr.checked);
    saveSrMode(await whoami(), sr.checked);
  });
  const snd = document.getElementById('sound');
  snd.checked = soundOn();
  snd.addEventListener('change', () => setSound(snd.checked));
  document.addEventListener('click', (e) => {
    const a = e.target.closest('a[data-link]');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    history.pushState(null, '', a.getAttribute('href'));
    route();
    main().focus();
  });
  setRouter(route, setTitle);
  window.addEventListener('popstate', route);
  route();
}

boot().catch((e) => {
  clear(main()).append(h('p', { class: 'error', role: 'alert', text: 'Minehall could not start: ' + e.message }));
});
