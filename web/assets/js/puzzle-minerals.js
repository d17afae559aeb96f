// The Minerals tactics page: a position from self-play between hard bots
// where one move is clearly best, drawn with the game's own renderer. The
// player clicks the pawn's destination or types the move; the server
// checks it with the start ticket and answers right or wrong with the best
// move and the reason. The day's puzzle feeds the streak and history; the
// practice mode goes through the set, rated (the player's rating and the
// puzzle's own are the server's).
import { h, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api, playerName } from './api.js';
import { icon } from './icons.js';
import { render as drawBoard } from '../games/minerals.js';
import { recordChanged, serverRecord, myRating, countingNote, historyBox, clockText, whenSeen, drawAround } from './puzzles.js';

const GAME = 'minerals';

// moveOf turns what the player typed ("e7" or "move e7") into notation.
export function moveOf(typed) {
  const s = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  return s && !s.includes(' ') ? `move ${s}` : s;
}

export function page(el) {
  const st = { mode: 'daily', p: null, result: null, error: '', busy: false, started: 0, clock: 0, typed: '' };
  let board = h('div', { class: 'pz-board', id: 'pz-board' });
  const root = h('div', { class: 'pz pz-mn' });
  let left = false;

  function ctx() {
    const p = st.p;
    const names = Array.from({ length: p.players }, (_, i) => (i === p.seat ? t('pz.you') : t('pz.mn.opponent')));
    return { view: p.view, prev: null, legal: st.result || st.busy ? [] : p.legal, send, you: p.seat, names, t, lang: language(),
      colorBlind: document.body.classList.contains('colorblind'), status: 'playing' };
  }
  const redraw = () => { if (st.p && board.isConnected) drawBoard(board, ctx()); };

  async function send(move) {
    if (st.result || st.busy) return 0;
    if (!st.p.legal.includes(move)) {
      st.error = t('pz.mn.notlegal', { move });
      render();
      return 0;
    }
    // The move box and the board take no move while the server answers,
    // which takes the focus from the box: a refused move gives it back.
    const refocus = keepFocus();
    st.busy = true;
    render();
    const body = { ticket: st.p.ticket, move, name: playerName() };
    if (st.mode === 'daily') body.day = st.p.day;
    try {
      const r = await api('POST', `/api/puzzles/${GAME}/${st.mode}`, body);
      st.result = r;
      st.error = '';
      recordChanged(GAME);
      if (st.mode === 'practice') serverRecord(GAME).then(render).catch(() => {});
    } catch (e) {
      st.error = e.message;
    }
    st.busy = false;
    render();
    refocus();
    return 1;
  }

  async function open() {
    st.error = '';
    try {
      const p = await api('GET', `/api/puzzles/${GAME}/${st.mode}`);
      if (left) return;
      Object.assign(st, { p, result: null, started: 0, typed: '' });
      if (st.mode === 'practice' && !myRating(GAME)) serverRecord(GAME).then(render).catch(() => {});
      board = h('div', { class: 'pz-board', id: 'pz-board' });
      // The clock starts when the board is on the screen.
      st.unseen?.();
      st.unseen = whenSeen(board, () => { st.started = Date.now(); tick(); });
    } catch (e) {
      st.error = e.message;
    }
    render();
  }

  function tick() {
    const c = document.getElementById('pz-clock');
    if (!c || !st.p) return;
    c.textContent = clockText(st.result ? st.result.millis : st.started ? Date.now() - st.started : 0);
    c.dataset.started = st.started ? 'yes' : 'no';
  }

  function summary() {
    const p = st.p;
    const items = [st.mode === 'daily' ? [t('pz.day'), p.day] : [t('pz.mn.puzzle'), t('pz.mn.puzzleof', { id: p.id, n: p.set_size })],
      [t('pz.mn.seat'), t('seat.number', { n: p.seat + 1 })]];
    if (st.mode === 'practice') items.push([t('pz.oom.puzzlerating'), p.rating.Mu.toFixed(1)], [t('pz.oom.yourrating'), myRating(GAME)?.Mu.toFixed(1) ?? '…']);
    return h('dl', { class: 'pz-summary', id: 'pz-summary', 'data-puzzle': p.id },
      items.map(([k, v]) => h('div', {}, h('dt', { text: k }), h('dd', { text: v }))),
      h('div', {}, h('dt', {}, icon('clock'), ' ', t('pz.time')), h('dd', {}, h('span', { id: 'pz-clock', role: 'timer', text: '0:00' }))));
  }

  function typedForm() {
    // A refused move stays in the box, to be mended.
    const input = h('input', { type: 'text', id: 'pz-move-input', autocomplete: 'off', spellcheck: 'false', placeholder: 'e7', 'aria-label': t('pz.mn.type'),
      value: st.error ? st.typed : '', disabled: !!st.result || st.busy });
    return h('form', { class: 'pz-actions pz-mn-type', id: 'pz-move-form', onsubmit: (e) => { e.preventDefault(); st.typed = input.value; const m = moveOf(input.value); if (m) send(m); } },
      h('label', { for: 'pz-move-input', text: t('pz.mn.type') }), input,
      h('button', { type: 'submit', class: 'primary', id: 'pz-play', disabled: !!st.result || st.busy, text: t('pz.mn.play') }));
  }

  function resultBox() {
    const r = st.result;
    const reason = r.text[language()] || r.text.en;
    return h('section', { class: ['card', 'pz-result', r.correct && 'perfect'], id: 'pz-result', 'data-correct': r.correct ? 'yes' : 'no', 'data-best': r.best, 'aria-live': 'polite' },
      h('h2', {}, r.correct ? icon('trophy') : null, ' ', r.correct ? t('pz.mn.solved') : t('pz.mn.missed')),
      r.correct ? null : h('p', { id: 'pz-yours', text: t('pz.mn.yours', { move: r.move }) }),
      h('p', { id: 'pz-best', text: t('pz.mn.best', { move: r.best }) }),
      h('p', { id: 'pz-reason', 'data-reason': r.reason }, h('strong', { text: t('pz.mn.why') + ' ' }), reason),
      countingNote(r),
      r.player_rating ? h('p', { id: 'pz-newrating', text: t('pz.mn.newrating', { mu: r.player_rating.Mu.toFixed(1) }) }) : null,
      st.mode === 'daily'
        ? h('p', { class: 'muted', text: t('pz.tomorrow') })
        : h('button', { type: 'button', class: 'primary', id: 'pz-next', onclick: open, text: t('pz.oom.next') }));
  }

  // render draws the page again around the board, which stays in place
  // (drawAround): a player choosing by keyboard keeps the focus on it.
  function render() {
    if (left) return;
    const tabs = h('div', { class: 'pz-tabs', role: 'tablist' }, ['daily', 'practice'].map((m) => h('button', {
      type: 'button', role: 'tab', id: `pz-tab-${m}`, 'aria-selected': String(st.mode === m), class: st.mode === m ? 'primary' : '',
      onclick: () => { if (st.mode !== m) { st.mode = m; st.p = null; render(); open(); } }, text: t(`pz.mn.mode.${m}`) })));
    const parts = [h('h1', { text: t('pz.minerals.title') }), h('p', {}, h('a', { href: '/puzzles', 'data-link': true, text: t('pz.all') })), tabs];
    if (st.error) parts.push(h('p', { class: 'error', role: 'alert', id: 'pz-error', text: st.error }));
    if (!st.p) {
      if (!st.error) parts.push(h('p', { text: t('app.loading') }));
    } else {
      parts.push(summary(), h('p', { class: 'hint', id: 'pz-goal', text: t('pz.mn.goal') + ' ' + t('pz.clockseen') }));
      if (st.result) parts.push(resultBox());
      parts.push(typedForm(), h('h2', { class: 'sr', text: t('table.board') }), board);
    }
    if (st.mode === 'daily') parts.push(historyBox(GAME, st.p?.day || new Date().toISOString().slice(0, 10), (e) => (e.perfect ? t('pz.mn.daysolved') : t('pz.mn.daymissed'))));
    drawAround(el, root, parts, board, redraw);
    tick();
  }

  st.clock = setInterval(tick, 500);
  const off = onLanguage(render);
  open();
  return { leave() { left = true; off(); clearInterval(st.clock); st.unseen?.(); } };
}
