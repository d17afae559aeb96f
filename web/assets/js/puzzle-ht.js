// The Hammer Time practice page: the day's tray, drawn and hit with the
// game's own renderer, and three drills on it. Each hit goes to the server,
// which replays the attempt's hits on the day's tray with the engine and
// answers the tray after them (with the gems' paths to animate); the hit
// that drops gems ends the attempt and enters the day's best-score table.
import { h, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api, playerName } from './api.js';
import { icon } from './icons.js';
import { render as drawTray } from '../games/hammertime.js';
import { recordChanged, countingNote, guestMark, historyBox, clockText, drawAround } from './puzzles.js';

const GAME = 'hammertime';

export function page(el) {
  const st = { p: null, drill: null, hits: [], view: null, prev: null, answer: null, error: '', busy: false, started: 0, done: {} };
  let tray = h('div', { class: 'pz-tray', id: 'pz-tray' });
  const root = h('div', { class: 'pz pz-ht' });
  let left = false;

  const drill = () => st.p?.drills.find((d) => d.id === st.drill);
  // legal are the hits this drill allows now.
  function legal() {
    const d = drill();
    if (!d || st.busy || st.answer?.done) return [];
    return st.p.legal.filter((m) => d.id !== 'fewest' || m.startsWith(`hit ${d.side} `));
  }

  function ctx() {
    return { view: st.view, prev: st.prev, legal: legal(), send, you: 0, names: [t('pz.you'), t('pz.ht.nobody')], solo: true, t, lang: language(),
      colorBlind: document.body.classList.contains('colorblind'), status: 'playing' };
  }
  const redraw = () => { if (st.view && tray.isConnected) drawTray(tray, ctx()); };

  async function send(move) {
    if (!legal().includes(move)) return 0;
    const d = drill();
    // The hit button is disabled until the server answers, which takes
    // the focus from it: a player hitting by keyboard gets it back.
    const refocus = keepFocus();
    st.busy = true;
    redraw();
    const hits = [...st.hits, move];
    try {
      const a = await api('POST', `/api/puzzles/${GAME}/daily`, { ticket: d.ticket, day: st.p.day, drill: d.id, hits, name: playerName() });
      st.hits = hits;
      st.prev = st.view;
      st.view = a.view;
      st.answer = a;
      st.error = '';
      if (a.done) {
        d.best = a.best;
        st.done[d.id] = a;
        recordChanged(GAME);
      }
    } catch (e) {
      st.error = e.message;
    }
    st.busy = false;
    render();
    refocus();
    return 1;
  }

  async function open(id) {
    st.error = '';
    try {
      const p = await api('GET', `/api/puzzles/${GAME}/daily`);
      if (left) return;
      st.p = p;
      Object.assign(st, { drill: id || st.drill || p.drills[0].id, hits: [], view: p.view, prev: null, answer: null, started: Date.now() });
      tray = h('div', { class: 'pz-tray', id: 'pz-tray' });
    } catch (e) {
      st.error = e.message;
    }
    render();
  }

  function goal(d) {
    if (d.id === 'exact') return t('pz.ht.exact', { n: d.k });
    if (d.id === 'color') return t('pz.ht.color', { color: t(`ht.color.${d.color}`) });
    return t('pz.ht.fewest', { side: t(`ht.side.${d.side}`) });
  }

  function bestTable(d) {
    return h('section', { class: 'card pz-best', id: `pz-best-${d.id}`, 'aria-labelledby': `pz-best-h-${d.id}` },
      h('h2', { id: `pz-best-h-${d.id}`, text: t('pz.ht.best', { goal: goal(d) }) }),
      d.best?.length
        ? h('ol', { class: 'pz-best-list' }, d.best.map((b) => h('li', { 'data-guest': b.guest ? 'yes' : 'no' }, b.success ? icon('check') : null, ' ',
          h('strong', { text: b.name }), guestMark(b) ? ' ' : null, guestMark(b), ' · ', t('pz.ht.points', { n: b.score }), ' · ', clockText(b.millis))))
        : h('p', { class: 'muted', text: t('pz.ht.nobest') }));
  }

  function answerBox() {
    const a = st.answer;
    if (!a?.done) return h('p', { class: 'hint', id: 'pz-ht-hint', 'data-hits': st.hits.length, text: st.hits.length ? t('pz.ht.nothing', { n: st.hits.length }) : t('pz.ht.hit') });
    return h('section', { class: ['card', 'pz-result', a.success && 'perfect'], id: 'pz-result', 'data-success': a.success ? 'yes' : 'no', 'data-fallen': a.fallen.length, 'aria-live': 'polite' },
      h('h2', {}, a.success ? icon('trophy') : null, ' ', a.success ? t('pz.ht.success') : t('pz.ht.missed')),
      h('p', { text: t('pz.ht.fell', { n: a.fallen.length }) + (a.dragon ? ' ' + t('pz.ht.dragon') : '') }),
      h('p', { text: t('pz.ht.score', { score: a.score, n: a.hits }) }),
      countingNote(a),
      h('button', { type: 'button', class: 'primary', id: 'pz-again', onclick: () => open(st.drill), text: t('pz.ht.again') }));
  }

  // render draws the page again around the tray, which stays in place
  // (drawAround), and keeps the focus on the control that had it.
  function render() {
    if (left) return;
    const parts = [h('h1', { text: t('pz.hammertime.title') }), h('p', {}, h('a', { href: '/puzzles', 'data-link': true, text: t('pz.all') }))];
    if (st.error) parts.push(h('p', { class: 'error', role: 'alert', id: 'pz-error', text: st.error }));
    if (!st.p) {
      if (!st.error) parts.push(h('p', { text: t('app.loading') }));
    } else {
      parts.push(h('p', { class: 'pz-summary-line', id: 'pz-summary' }, t('pz.day'), ' ', h('strong', { text: st.p.day }), ' · ', t('pz.ht.same')),
        h('div', { class: 'pz-tabs', role: 'tablist' }, st.p.drills.map((d) => h('button', {
          type: 'button', role: 'tab', id: `pz-drill-${d.id}`, 'aria-selected': String(d.id === st.drill), class: d.id === st.drill ? 'primary' : '',
          onclick: () => { if (d.id !== st.drill) open(d.id); } }, st.done[d.id] ? icon('check') : null, ' ', goal(d)))),
        answerBox(), tray);
      const d = drill();
      if (d) parts.push(bestTable(d));
    }
    parts.push(historyBox(GAME, st.p?.day || new Date().toISOString().slice(0, 10), (e) => t('pz.ht.dayscore', { n: e.score, of: e.best })));
    drawAround(el, root, parts, tray, redraw);
  }

  const off = onLanguage(render);
  open();
  return { leave() { left = true; off(); } };
}
