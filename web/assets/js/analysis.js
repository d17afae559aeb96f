// The analysis board (/analysis/{id}?ply=N&seat=S&moves=a,b): a position
// of a finished game's record, moves made on it for whoever is to move,
// and the engine's value of each legal move, ranked, with its reason. The
// position and the values come from POST /api/tables/{id}/analysis
// (docs/protocol.md); the board is drawn by the game's renderer as at a
// table, so a move is made by clicking the board, a row of the list, or
// typing it. In a game with hidden information the board shows what the
// chosen seat ("Seen by") knew, and the values only to the seat to move.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api } from './api.js';
import { gameSpec, gameTitle, renderer, seatName } from './catalog.js';
import { moveWords } from './words.js';
import { retitle } from './router.js';
import { stepControls } from './stepcontrols.js';
import { seatColors, seatBadge } from './seatcolors.js';
import { saveInvite, inviteOf } from './private.js';

// analysisHref is the analysis board's address for the position after ply
// actions of table id, seen by seat, with moves made on it.
export function analysisHref(id, ply, seat, moves = []) {
  const q = new URLSearchParams({ ply: String(ply) });
  if (seat >= 0) q.set('seat', String(seat));
  if (moves.length) q.set('moves', moves.join(','));
  return `/analysis/${id}?${q}`;
}

export function analysisPage(el, id) {
  if (!document.getElementById('an-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/analysis.css', id: 'an-css' }));
  const q = new URLSearchParams(location.search);
  saveInvite(id, q.get('invite'));
  let ply = Math.max(0, parseInt(q.get('ply'), 10) || 0);
  let seat = Math.max(0, parseInt(q.get('seat'), 10) || 0);
  let moves = (q.get('moves') || '').split(',').map((m) => m.trim()).filter(Boolean);
  let info = null, rec = null, spec = null, mod = null;
  let ans = null; // the answer for the position shown
  let prevView = null;
  let error = '', note = '', refusal = '', typed = '';
  let busy = false, left = false, timer = 0, asked = 0;
  // focusBack gives the focus, once the answer is drawn, to the control
  // that had it when the question was asked (a step, a row, the move box):
  // the controls are drawn again, and disabled while the server thinks.
  let focusBack = null;

  const head = h('div', { class: 'an-head' });
  const controls = h('div', { class: 'replay-controls', role: 'group' });
  const seats = h('div', { class: 'an-seats', role: 'group', id: 'an-seats' });
  const status = h('p', { class: 'an-status', id: 'an-status', role: 'status', 'aria-live': 'polite' });
  const tools = h('div', { class: 'an-tools' });
  const board = h('div', { class: 'board', id: 'board' });
  const ranked = h('section', { class: 'an-ranked', id: 'an-ranked', 'aria-labelledby': 'an-ranked-h' });
  el.append(head, h('div', { class: 'table-layout an-layout' },
    h('div', { class: 'play' }, controls, seats, status, tools, board),
    h('aside', { class: 'side' }, ranked)));

  function names() {
    return (info?.seats || []).map((st, i) => (rec?.names?.[i] ? rec.names[i] : seatName(st, i)));
  }
  const nameOf = (p) => names()[p] ?? t('seat.number', { n: p + 1 });
  const words = (move, player) => moveWords(mod, rec?.game, move, t, names(), { player });
  const reason = (m) => m.reason?.[language()] || m.reason?.en || '';

  // value says a move's value on the evaluation's scale: a chance of
  // winning in percent, or points with their sign.
  function value(v, scale) {
    if (scale === 'win') return `${Math.round(v * 100)} %`;
    return `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)}`;
  }

  async function load() {
    try {
      info = await api('GET', `/api/tables/${id}`);
      rec = await api('GET', `/api/tables/${id}/record`);
      spec = await gameSpec(rec.game);
      mod = await renderer(rec.game);
    } catch (e) {
      error = e.code === 'conflict' ? t('analysis.running') : e.message;
      renderHead();
      return;
    }
    ply = Math.min(ply, rec.actions.length);
    seat = Math.min(seat, rec.players - 1);
    renderHead();
    retitle();
    ask();
  }

  // go shows another position: the record's after n actions and the moves
  // made on it, seen by s.
  function go(n, ms, s = seat) {
    ply = Math.max(0, Math.min(rec.actions.length, n));
    moves = ms;
    seat = s;
    refusal = '';
    syncURL();
    ask();
  }

  // syncURL keeps the page's address that of the position shown, to
  // share (a private table's with its invitation).
  function syncURL() {
    const inv = inviteOf(id);
    history.replaceState(null, '', analysisHref(id, ply, seat, moves) + (inv ? `&invite=${inv}` : ''));
  }

  // ask asks the server for the position shown; a busy server's answer
  // (429) is asked again when it says, and an answer to an older question
  // is dropped.
  async function ask() {
    clearTimeout(timer);
    focusBack ??= keepFocus();
    const n = ++asked;
    busy = true;
    note = '';
    renderStatus();
    renderTools();
    try {
      const a = await api('POST', `/api/tables/${id}/analysis`, { ply, moves, seat });
      if (n !== asked || left) return;
      busy = false;
      prevView = ans?.view ?? null;
      ans = a;
    } catch (e) {
      if (n !== asked || left) return;
      if (e.status === 429) {
        const wait = Math.max(1, e.retryAfter || 2);
        note = t('analysis.busy', { n: wait });
        renderStatus();
        timer = setTimeout(ask, wait * 1000);
        return;
      }
      busy = false;
      // A move the game refused: it is taken back, and the reason said.
      if (e.status === 400 && moves.length && /^move \d+/.test(e.message)) {
        moves = moves.slice(0, parseInt(e.message.slice(5), 10));
        refusal = t('analysis.refused', { reason: e.message });
        syncURL();
        ask();
        return;
      }
      note = e.message;
    }
    render();
    // Take back and Reset are disabled once no move is left to take back:
    // the focus goes to the move box.
    if (!focusBack()) document.getElementById('an-move')?.focus();
    focusBack = null;
  }

  // play makes move on the board for the seat to move.
  function play(move) {
    if (busy || !ans || !ans.legal.includes(move)) return;
    go(ply, [...moves, move]);
  }

  function renderHead() {
    clear(head);
    const title = spec ? t('analysis.of', { game: gameTitle(spec) }) : t('analysis.title');
    head.append(h('h1', { text: title }));
    if (error) { head.append(h('p', { class: 'error', role: 'alert', text: error })); return; }
    if (!rec) { head.append(h('p', { text: t('app.loading') })); return; }
    head.append(h('p', { class: 'an-links' }, h('a', { href: `/review/${id}`, 'data-link': true, id: 'analysis-review', text: t('end.review') }),
      ' · ', h('a', { href: `/replay/${id}`, 'data-link': true, text: t('end.replay') })));
  }

  function renderStatus() {
    clear(status);
    status.dataset.busy = busy ? 'true' : 'false';
    if (busy) status.append(h('span', { class: 'rv-spinner', 'aria-hidden': 'true' }), ' ', note || t('analysis.thinking'));
    else if (note) status.append(note);
    else if (refusal) status.append(h('span', { class: 'error', id: 'an-refusal', text: refusal }));
    else if (ans) {
      const off = ans.on_record ? t('analysis.onrecord') : t('analysis.offrecord', { n: moves.length });
      const turn = ans.terminal ? t('analysis.over') : t('analysis.tomove', { name: nameOf(ans.to_move) });
      status.append(`${off} ${turn}`);
    }
  }

  function renderTools() {
    clear(tools);
    if (!rec) return;
    // A refused move stays in the box, to be mended.
    const input = h('input', { id: 'an-move', autocomplete: 'off', list: 'an-legal', 'aria-label': t('table.typemove'), placeholder: ans?.legal?.[0] || '', value: refusal ? typed : '' });
    tools.append(...[
      h('button', { type: 'button', id: 'an-back', disabled: busy || !moves.length, onclick: () => go(ply, moves.slice(0, -1)), text: t('analysis.back') }),
      h('button', { type: 'button', id: 'an-reset', disabled: busy || !moves.length, onclick: () => go(ply, []), text: t('analysis.reset') }),
      ans && !ans.legal.length ? null : h('form', { class: 'an-type', onsubmit: (e) => { e.preventDefault(); typed = input.value.trim(); if (typed) go(ply, [...moves, typed]); } },
        input, h('datalist', { id: 'an-legal' }, (ans?.legal || []).map((m) => h('option', { value: m }))),
        h('button', { type: 'submit', id: 'an-play', disabled: busy || !ans?.legal?.length, text: t('analysis.play') })),
    ].filter(Boolean));
  }

  function renderSeats() {
    clear(seats);
    if (!rec) return;
    const pal = seatColors(mod, ans?.view);
    seats.setAttribute('aria-label', t('analysis.seenby'));
    seats.append(h('span', { class: 'an-seen', text: t('analysis.seenby') }),
      ...names().map((n, i) => h('button', { type: 'button', class: 'an-seat', id: `an-seat-${i}`, 'data-seat': i, 'aria-pressed': i === seat ? 'true' : 'false',
        onclick: () => { if (i !== seat) go(ply, moves, i); } }, seatBadge(pal, i, t, 'small'), ' ', n)));
  }

  function renderBoard() {
    if (!ans) return;
    const you = ans.legal.length ? ans.to_move : seat;
    mod.render(board, { view: ans.view, prev: prevView, legal: busy ? [] : ans.legal, send: play, you, actors: ans.actors || [],
      names: names(), t, lang: language(), colorBlind: document.body.classList.contains('colorblind'), status: ans.terminal ? 'finished' : 'playing' });
  }

  function renderRanked() {
    clear(ranked);
    ranked.append(h('h2', { id: 'an-ranked-h', text: t('analysis.ranked') }));
    if (!ans) return;
    ranked.dataset.hidden = ans.hidden ? 'true' : 'false';
    if (ans.terminal) { ranked.append(h('p', { class: 'help', text: t('analysis.over') })); return; }
    if (ans.hidden) {
      ranked.append(h('p', { class: 'note an-hidden', id: 'an-hidden', text: t('analysis.hidden', { name: nameOf(ans.to_move), seat: nameOf(seat) }) }),
        h('button', { type: 'button', id: 'an-seemover', onclick: () => go(ply, moves, ans.to_move), text: t('analysis.seeas', { name: nameOf(ans.to_move) }) }));
      return;
    }
    const ev = ans.evaluation;
    if (!ev) return;
    ranked.append(h('p', { class: 'help', text: t(ev.scale === 'win' ? 'analysis.scale.win' : 'analysis.scale.points', { name: nameOf(ev.mover) }) }),
      h('ol', { class: 'an-list', id: 'an-list' }, ev.moves.map((m, i) => h('li', { 'data-move': m.move, 'data-value': m.value },
        h('button', { type: 'button', class: 'an-row', id: `an-row-${i}`, disabled: busy, onclick: () => play(m.move) },
          h('span', { class: 'an-rank', text: `${i + 1}.` }),
          h('span', { class: 'an-move' }, words(m.move, ev.mover)),
          h('span', { class: 'an-value', text: value(m.value, ev.scale) }),
          reason(m) ? h('span', { class: 'an-reason', text: reason(m) }) : null)))));
  }

  function render() {
    const refocus = keepFocus();
    renderHead();
    stepControls(controls, { step: ply, total: rec.actions.length, show: (n) => go(n, []), shown: (n) => n === ply && !moves.length });
    renderSeats();
    renderStatus();
    renderTools();
    renderBoard();
    renderRanked();
    refocus();
  }

  // The arrow keys, Home and End step through the record's positions, as
  // in the replay.
  function onKey(e) {
    if (!rec || e.target.closest('input, select, textarea')) return;
    const keys = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: rec.actions.length };
    if (e.key in keys) { e.preventDefault(); go(keys[e.key], []); }
  }

  document.addEventListener('keydown', onKey);
  const off = onLanguage(() => { if (rec) render(); else renderHead(); });
  load();
  return {
    leave() { left = true; clearTimeout(timer); off(); document.removeEventListener('keydown', onKey); },
    title: () => (spec ? t('analysis.of', { game: gameTitle(spec) }) : t('analysis.title')),
  };
}
