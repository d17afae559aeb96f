// The replay viewer: steps through a finished game. The record (GET
// /api/tables/{id}/record) gives the moves; the position after each step
// comes from GET /api/tables/{id}/replay?step=N, which answers
// {"step", "actions", "player", "move", "status", "actors", "view"} with
// the spectator's view after N actions, drawn by the game's renderer.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api } from './api.js';
import { gameSpec, gameTitle, renderer, seatName } from './catalog.js';
import { moveWords } from './words.js';
import { retitle } from './router.js';
import { stepControls, revealInList } from './stepcontrols.js';
import { seatColors, seatBadge } from './seatcolors.js';
import { messageLine } from './chat.js';

export function replayPage(el, id) {
  let rec = null;
  let info = null;
  let spec = null;
  let mod = null;
  let step = 0;
  let error = '';
  let boardError = '';
  const views = new Map();
  let prevView = null;
  let shown = null; // the view on the board

  const head = h('div', {});
  const controls = h('div', { class: 'replay-controls', role: 'group' });
  const board = h('div', { class: 'board', id: 'board' });
  const list = h('ol', { class: 'log replay-log', id: 'replay-log' });
  el.append(head, controls, h('div', { class: 'table-layout' }, h('div', { class: 'play' }, board),
    h('aside', { class: 'side' }, h('h2', { 'data-i18n': 'table.log', text: t('table.log') }), list)));

  function names() {
    return (info?.seats || []).map((s, i) => (rec?.names?.[i] ? rec.names[i] : seatName(s, i)));
  }
  function nameOf(p) {
    if (p === -1) return t('actor.chance');
    if (p === -2) return t('actor.system');
    return names()[p] ?? t('seat.number', { n: p + 1 });
  }

  async function load() {
    try {
      info = await api('GET', `/api/tables/${id}`);
      rec = await api('GET', `/api/tables/${id}/record`);
      spec = await gameSpec(rec.game);
      mod = await renderer(rec.game);
      step = rec.actions.length;
    } catch (e) {
      error = e.code === 'conflict' ? t('replay.running') : e.message;
    }
    render();
    retitle();
    show(step);
  }

  async function show(n) {
    if (!rec) return;
    const refocus = keepFocus();
    step = Math.max(0, Math.min(rec.actions.length, n));
    renderControls();
    renderList();
    refocus();
    let v = views.get(step);
    if (!v) {
      try {
        v = await api('GET', `/api/tables/${id}/replay?step=${step}`);
        views.set(step, v);
        boardError = '';
      } catch (e) {
        boardError = e.status === 404 || e.status === 405 ? t('replay.noviews') : e.message;
      }
    }
    if (v && v.step === step) {
      mod.render(board, { view: v.view, prev: prevView, legal: [], send: () => {}, you: -3, actors: v.actors || [],
        names: names(), t, lang: language(), colorBlind: document.body.classList.contains('colorblind'), status: 'replay' });
      prevView = v.view;
      if (!shown) { shown = v.view; render(); } else shown = v.view;
    } else if (boardError) {
      clear(board).append(h('p', { class: 'note', text: boardError }));
    }
  }

  function render() {
    const refocus = keepFocus();
    clear(head);
    if (error) { head.append(h('h1', { text: t('replay.title') }), h('p', { class: 'error', role: 'alert', text: error })); return; }
    const r = rec.result;
    const pal = seatColors(mod, shown);
    head.append(h('h1', { text: t('replay.of', { game: spec ? gameTitle(spec) : rec.game }) }),
      r ? h('p', { class: 'replay-result' }, t('end.winners', { names: (r.winners || []).map(nameOf).join(', ') || '—' }),
        names().map((n, i) => [' · ', seatBadge(pal, i, t, 'small'), ' ', `${n}: ${r.scores?.[i] ?? ''}`])) : null,
      h('p', {}, h('a', { href: `/api/tables/${id}/record`, download: '', text: t('replay.download') }),
        rec.ending ? null : [' · ', h('a', { href: `/review/${id}`, 'data-link': true, id: 'replay-review', text: t('end.review') })]));
    renderControls();
    renderList();
    refocus();
  }

  function renderControls() {
    clear(controls);
    if (!rec) return;
    stepControls(controls, { step, total: rec.actions.length, show });
    if (!rec.ending) {
      // The analysis board at this position, seen by the seat to move.
      const mover = (views.get(step)?.actors || []).find((p) => p >= 0) ?? rec.actions[step]?.player ?? 0;
      controls.append(h('a', { href: `/analysis/${id}?ply=${step}&seat=${Math.max(0, mover)}`, 'data-link': true, id: 'replay-analyse', class: 'replay-analyse', text: t('analysis.openhere') }));
    }
  }


  function renderList() {
    clear(list);
    if (!rec) return;
    const pal = seatColors(mod, shown);
    // What was said is shown after the action it followed (n actions in).
    const said = (n) => (rec.chat || []).filter((m) => m.n === n).map((m) => messageLine(m, pal, nameOf));
    list.append(...said(0));
    rec.actions.forEach((a, i) => {
      const li = h('li', { class: i + 1 === step ? 'current' : '', 'aria-current': i + 1 === step ? 'step' : undefined },
        h('button', { type: 'button', class: 'linklike', id: `replay-move-${i + 1}`, onclick: () => show(i + 1) },
          h('span', { class: 'log-n', text: `${i + 1}.` }), ' ', a.player >= 0 ? seatBadge(pal, a.player, t, 'small') : null,
          h('span', { class: 'log-who', text: nameOf(a.player) }), ' ',
          moveWords(mod, rec.game, a.move, t, names(), { player: a.player })));
      list.append(li, ...said(i + 1));
    });
    revealInList(list, list.querySelector('.current'));
  }

  function onKey(e) {
    if (!rec || e.target.closest('input, select, textarea')) return;
    const keys = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: rec.actions.length };
    if (e.key in keys) { e.preventDefault(); show(keys[e.key]); }
  }

  document.addEventListener('keydown', onKey);
  const off = onLanguage(() => { render(); show(step); });
  load();
  return { leave() { off(); document.removeEventListener('keydown', onKey); },
    title: () => (spec ? t('replay.of', { game: gameTitle(spec) }) : t('replay.title')) };
}
