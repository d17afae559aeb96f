// The Out of Mine puzzle page: the day's tiling (or a step of the endless
// ladder) played with the game's own renderer. The page keeps a one-seat
// round in the browser: the renderer sends its moves (take, place, move,
// turn, mirror, remove, swap, return) to this page, which applies them to
// its copy of the view under assist mode's rules and answers each with an
// ack or an error frame, as a table's server would. The tiling is
// submitted with the start ticket; the server checks it with the engine.
import { h } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api, playerName } from './api.js';
import { icon } from './icons.js';
import { render as drawBoard, reply, boardPicture } from '../games/outofmine.js';
import { recordChanged, serverRecord, myRating, countingNote, historyBox, clockText, whenSeen, drawAround } from './puzzles.js';

const GAME = 'outofmine';

// apply returns the view after move, or {error}: the page's side of the
// renderer's actions, with assist mode's checks of the card.
function apply(view, move, nextTile) {
  const v = structuredClone(view);
  const me = v.players[0];
  const f = move.split(' ');
  const colorOf = (shape) => v.shapes.find((s) => s.id === shape)?.color;
  const kind = (shape, el) => v.supply.find((k) => k.shape === shape && (k.element || '') === (el || ''));
  const take = (shape, el) => {
    const k = kind(shape, el);
    if (me.hand_tile) return t('pz.oom.handfull');
    if (!k || k.count < 1) return t('pz.oom.nosupply');
    k.count--;
    me.hand_tile = { tile: nextTile, shape, element: el || undefined };
    return '';
  };
  const drop = (tile) => {
    const i = me.placed.findIndex((p) => p.tile === tile);
    if (i < 0) return false;
    const p = me.placed.splice(i, 1)[0];
    kind(p.shape, p.element).count++;
    return true;
  };
  let err = '';
  switch (f[0]) {
    case 'take': err = take(f[1], f[2]); break;
    case 'return':
      if (!me.hand_tile) err = t('pz.oom.handempty');
      else { kind(me.hand_tile.shape, me.hand_tile.element).count++; me.hand_tile = null; }
      break;
    case 'place': {
      const ht = me.hand_tile;
      if (!ht) { err = t('pz.oom.handempty'); break; }
      const color = colorOf(ht.shape);
      const allowed = me.card_face.tiles[color] || 0;
      const used = me.placed.filter((p) => colorOf(p.shape) === color).length;
      if (!allowed) err = t('pz.oom.notoncard', { color: t(`oom.color.${color}`) });
      else if (used >= allowed) err = t('pz.oom.toomany', { n: allowed, color: t(`oom.color.${color}`) });
      else { me.placed.push({ tile: ht.tile, shape: ht.shape, element: ht.element, transform: f[1], cell: f[2], cells: [] }); me.hand_tile = null; }
      break;
    }
    case 'move': {
      const p = me.placed.find((x) => x.tile === Number(f[1]));
      if (!p) err = t('pz.oom.notile');
      else { p.transform = f[2]; p.cell = f[3]; }
      break;
    }
    case 'remove': if (!drop(Number(f[1]))) err = t('pz.oom.notile'); break;
    case 'swap':
      if (me.hand_tile) err = t('pz.oom.handfull');
      else if (!drop(Number(f[1]))) err = t('pz.oom.notile');
      else err = take(f[2], f[3]);
      break;
    case 'call': break;
    default: err = move;
  }
  return err ? { error: err } : { view: v };
}

export function page(el) {
  const st = { mode: 'daily', p: null, view: null, n: 0, seq: 0, tile: 1000, started: 0, result: null, error: '', busy: false, clock: 0 };
  const board = h('div', { class: 'pz-board', id: 'pz-board' });
  const root = h('div', { class: 'pz pz-oom' });
  let left = false;

  function ctx() {
    return { view: st.view, legal: [], send, you: 0, names: [t('pz.you')], t, lang: language(),
      colorBlind: document.body.classList.contains('colorblind'), status: st.result ? 'finished' : 'playing', n: st.n, deadline: 0 };
  }
  const redraw = () => { if (st.view && board.isConnected) drawBoard(board, ctx()); };

  // send is the renderer's ctx.send: the move is applied once the
  // renderer has queued it, then acknowledged (or refused) like a server.
  function send(move) {
    if (st.result || st.busy) return 0;
    const seq = ++st.seq;
    setTimeout(() => {
      const out = apply(st.view, move, st.tile);
      if (out.error) { reply(board, { type: 'error', seq, code: 'illegal', message: out.error }); return; }
      if (move.startsWith('take') || move.startsWith('swap')) st.tile++;
      st.view = out.view;
      st.n++;
      reply(board, { type: 'ack', seq, n: st.n });
      redraw();
      if (move === 'call') submit();
    }, 0);
    return seq;
  }

  async function open(query = '') {
    st.error = '';
    st.result = null;
    st.p = null;
    render();
    try {
      const p = await api('GET', `/api/puzzles/${GAME}/${st.mode}${query}`);
      if (left) return;
      Object.assign(st, { p, view: p.view, n: 0, started: 0 });
      // The clock starts when the board is on the screen.
      st.unseen?.();
      st.unseen = whenSeen(board, () => { st.started = Date.now(); tick(); });
      if (st.mode === 'ladder' && !myRating(GAME)) serverRecord(GAME).then(render).catch(() => {});
    } catch (e) {
      st.error = e.message;
    }
    render();
  }

  async function submit() {
    if (!st.p || st.result || st.busy) return;
    st.busy = true;
    const me = st.view.players[0];
    const body = { ticket: st.p.ticket, name: playerName(),
      placements: me.placed.map((p) => ({ shape: p.shape, element: p.element || '', transform: p.transform, cell: p.cell })) };
    if (st.mode === 'daily') body.day = st.p.day;
    try {
      const r = await api('POST', `/api/puzzles/${GAME}/${st.mode}`, body);
      st.result = r;
      st.error = '';
      recordChanged(GAME);
      if (st.mode === 'ladder') serverRecord(GAME).then(render).catch(() => {});
    } catch (e) {
      st.error = e.message;
    }
    st.busy = false;
    render();
  }

  function tick() {
    const c = document.getElementById('pz-clock');
    if (!c) return;
    const ms = st.result ? st.result.millis : st.started ? Date.now() - st.started : 0;
    c.textContent = clockText(ms);
    c.dataset.started = st.started ? 'yes' : 'no';
  }

  function summary() {
    const p = st.p;
    const items = [
      st.mode === 'daily' ? [t('pz.day'), p.day] : [t('pz.oom.step'), t('pz.oom.stepof', { n: p.rank, of: p.ladder_size })],
      [t('pz.oom.variant'), t(`pz.oom.variant.${p.variant}`)],
      [t('pz.oom.pair'), t('pz.oom.pairis', { card: p.card, board: p.board, side: p.side })],
      [t('pz.oom.optimum'), String(p.optimum)],
      [t('pz.oom.best'), String(p.best_score)],
    ];
    if (st.mode === 'ladder') items.push([t('pz.oom.puzzlerating'), p.rating.Mu.toFixed(1)], [t('pz.oom.yourrating'), myRating(GAME)?.Mu.toFixed(1) ?? '…']);
    return h('dl', { class: 'pz-summary', id: 'pz-summary', 'data-variant': p.variant, 'data-card': p.card, 'data-board': p.board, 'data-side': p.side },
      items.map(([k, v]) => h('div', {}, h('dt', { text: k }), h('dd', { text: v }))),
      h('div', {}, h('dt', {}, icon('clock'), ' ', t('pz.time')), h('dd', {}, h('span', { id: 'pz-clock', role: 'timer', text: '0:00' }))));
  }

  function resultBox() {
    const r = st.result;
    const sc = r.score;
    const parts = [[t('oom.part.empty'), sc.empty], [t('oom.part.base'), sc.base]];
    if (st.p.variant === 'elves') parts.push([t('oom.part.elves'), sc.elves]);
    if (st.p.variant === 'finds') parts.push([t('oom.part.finds'), sc.finds]);
    parts.push([t('oom.part.score'), sc.score], [t('pz.oom.best'), r.best_score], [t('pz.time'), clockText(r.millis)]);
    const pic = boardPicture(st.p.view.players[0].layout, r.solution_tiles, st.p.view.shapes, 24,
      { class: 'oom-board result pz-solution', id: 'pz-solution', role: 'img', 'aria-label': t('pz.oom.solution') },
      { t, finds: st.p.variant === 'finds', colorBlind: document.body.classList.contains('colorblind') });
    return h('section', { class: ['card', 'pz-result', r.perfect && 'perfect'], id: 'pz-result', 'data-perfect': r.perfect ? 'yes' : 'no', 'aria-live': 'polite' },
      h('h2', {}, r.perfect ? icon('trophy') : null, ' ', r.perfect ? t('pz.perfect') : t('pz.notperfect')),
      h('dl', { class: 'pz-parts' }, parts.map(([k, v]) => h('div', {}, h('dt', { text: k }), h('dd', { text: String(v) })))),
      countingNote(r),
      r.player_rating ? h('p', { id: 'pz-newrating', text: t('pz.oom.newrating', { mu: r.player_rating.Mu.toFixed(1) }) }) : null,
      h('p', { id: 'pz-perfect-count', 'data-count': r.perfect_tilings, text: t('pz.oom.perfectcount', { n: r.perfect_tilings }) }),
      h('div', { class: 'oom pz-solution-wrap' }, pic),
      st.mode === 'daily'
        ? h('p', { class: 'muted', text: t('pz.tomorrow') })
        : h('button', { type: 'button', class: 'primary', id: 'pz-next', onclick: () => open(), text: t('pz.oom.next') }));
  }

  // render draws the page again around the board, which stays in place
  // (drawAround): an answer arriving while a player lays tiles by
  // keyboard (their rating, a language) leaves the focus where it was.
  function render() {
    if (left) return;
    const tabs = h('div', { class: 'pz-tabs', role: 'tablist' }, ['daily', 'ladder'].map((m) => h('button', {
      type: 'button', role: 'tab', id: `pz-tab-${m}`, 'aria-selected': String(st.mode === m), class: st.mode === m ? 'primary' : '',
      onclick: () => { if (st.mode !== m) { st.mode = m; open(); } },
      text: t(`pz.oom.mode.${m}`) })));
    const parts = [h('h1', { text: t('pz.outofmine.title') }), h('p', {}, h('a', { href: '/puzzles', 'data-link': true, text: t('pz.all') })), tabs];
    if (st.error) parts.push(h('p', { class: 'error', role: 'alert', id: 'pz-error', text: st.error }));
    if (!st.p) {
      if (!st.error) parts.push(h('p', { text: t('app.loading') }));
    } else {
      parts.push(summary(), h('p', { class: 'hint', text: (st.p.variant === 'plain' ? t('pz.oom.goal') : t('pz.oom.goalbonus')) + ' ' + t('pz.clockseen') }), h('h2', { class: 'sr', text: t('table.board') }), board,
        h('div', { class: 'pz-actions' },
          h('button', { type: 'button', class: 'primary', id: 'pz-submit', disabled: !!st.result || st.busy, onclick: submit, text: t('pz.submit') }),
          h('button', { type: 'button', id: 'pz-restart', disabled: !!st.result, onclick: () => { st.view = st.p.view; st.n++; redraw(); }, text: t('pz.restart') })));
      if (st.result) parts.push(resultBox());
    }
    if (st.mode === 'daily') parts.push(historyBox(GAME, st.p?.day || new Date().toISOString().slice(0, 10), (e) => t('pz.oom.scoreof', { n: e.score, best: e.best })));
    drawAround(el, root, parts, board, redraw);
    tick();
  }

  st.clock = setInterval(tick, 500);
  const off = onLanguage(render);
  open();
  return { leave() { left = true; off(); clearInterval(st.clock); st.unseen?.(); } };
}
