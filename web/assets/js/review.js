// The review of a finished game (/review/{id}): GET /api/tables/{id}/review
// (docs/protocol.md), polled while the server is still making it. It shows
// each player's accuracy and marks, a chart of each seat's expected
// outcome over the game (a click steps there), the three biggest swings
// with the better move drawn on the board, the replay with the marks on
// its move list, and a link to share. Positions come from GET
// /api/tables/{id}/replay?step=N, drawn by the game's renderer, as the
// replay page does; the better move is drawn by passing the renderer
// legal: [best] at the position before the move, and marked as the
// tutorial marks a step's target.
import { h, s, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api } from './api.js';
import { gameSpec, gameTitle, renderer, seatName } from './catalog.js';
import { moveWords } from './words.js';
import { retitle } from './router.js';
import { icon } from './icons.js';
import { stepControls, revealInList } from './stepcontrols.js';
import { seatColors, seatColor, seatBadge } from './seatcolors.js';
import { inviteOf, saveInvite } from './private.js';

// MARKS are the marks of a decision, best first, each with its sign: an
// icon or the chess annotation, shown beside its word (never colour alone).
export const MARKS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];
const SIGNS = { best: () => icon('star'), good: () => icon('check'), inaccuracy: () => '?!', mistake: () => '?', blunder: () => '??' };

// markChip returns the sign and word of mark, with the count when given.
function markChip(mark, count) {
  return h('span', { class: ['rv-mark', `rv-${mark}`], 'data-mark': mark },
    h('span', { class: 'rv-sign', 'aria-hidden': 'true' }, SIGNS[mark]?.() ?? ''), ' ',
    h('span', { class: 'rv-word', text: t('review.mark.' + mark) }),
    count === undefined ? null : h('span', { class: 'rv-count', text: ` ${count}` }));
}

// DASHES tell the seats' lines of the chart apart besides their colours.
const DASHES = ['', '6 4', '2 3', '8 3 2 3', '1 5'];

// POLL is the first wait between two asks for a review being made, in
// ms; each wait is half again as long, up to POLL_MAX.
const POLL = 1500;
const POLL_MAX = 10000;

export function reviewPage(el, id) {
  if (!document.getElementById('rv-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/review.css', id: 'rv-css' }));
  // A shared link to a private table's review carries its invitation.
  saveInvite(id, new URLSearchParams(location.search).get('invite'));
  let info = null, rec = null, spec = null, mod = null, review = null;
  let error = '';
  let step = 0;
  let better = null; // the judged move whose better move the board shows, at the position before it
  let shown = null; // the view on the board
  let prevView = null;
  let left = false;
  let timer = 0;
  let wait = POLL;
  const views = new Map();
  const judged = new Map(); // action number → judged move

  const head = h('div', { class: 'rv-head' });
  const state = h('div', { class: 'rv-state', role: 'status', 'aria-live': 'polite' });
  const summary = h('section', { class: 'card rv-players', 'aria-labelledby': 'rv-players-h', hidden: true });
  const controls = h('div', { class: 'replay-controls', role: 'group' });
  const board = h('div', { class: 'board', id: 'board' });
  const caption = h('div', { class: 'rv-caption', id: 'rv-caption', 'aria-live': 'polite' });
  const swings = h('section', { class: 'rv-swings', 'aria-labelledby': 'rv-swings-h', hidden: true });
  const chart = h('section', { class: 'rv-chart', 'aria-labelledby': 'rv-chart-h', hidden: true });
  const rounds = h('section', { class: 'rv-rounds', 'aria-labelledby': 'rv-rounds-h', hidden: true });
  const list = h('ol', { class: 'log replay-log rv-log', id: 'review-log' });
  const listBox = h('section', { class: 'rv-moves', 'aria-labelledby': 'rv-moves-h', hidden: true },
    h('h2', { id: 'rv-moves-h', 'data-i18n': 'table.log', text: t('table.log') }), list);
  const layout = h('div', { class: 'table-layout rv-layout', hidden: true },
    h('div', { class: 'play' }, controls, caption, board),
    h('aside', { class: 'side' }, chart, rounds, listBox));
  el.append(head, state, summary, swings, layout);

  function names() {
    return (info?.seats || []).map((st, i) => (rec?.names?.[i] ? rec.names[i] : seatName(st, i)));
  }
  function nameOf(p) {
    if (p === -1) return t('actor.chance');
    if (p === -2) return t('actor.system');
    return names()[p] ?? t('seat.number', { n: p + 1 });
  }
  const words = (move, player) => moveWords(mod, rec?.game, move, t, names(), { player });
  const pal = () => seatColors(mod, shown);

  // value says an expected outcome on the review's scale: a chance of
  // winning in percent, or points.
  function value(v) {
    if (typeof v !== 'number') return '—';
    return review?.scale === 'win' ? `${Math.round(v * 100)} %` : v.toFixed(1);
  }
  function loss(v) {
    if (typeof v !== 'number') return '—';
    return review?.scale === 'win' ? t('review.loss.win', { v: Math.round(v * 100) }) : t('review.loss.points', { v: v.toFixed(1) });
  }
  const reason = (m) => m.reason?.[language()] || m.reason?.en || '';

  async function load() {
    try {
      info = await api('GET', `/api/tables/${id}`);
      rec = await api('GET', `/api/tables/${id}/record`);
      spec = await gameSpec(rec.game);
      mod = await renderer(rec.game);
    } catch (e) {
      error = e.code === 'conflict' ? t('review.running') : e.message;
      render();
      return;
    }
    step = rec.actions.length;
    render();
    retitle();
    show(step);
    fetchReview();
  }

  // fetchReview asks for the review, and again later while it is pending.
  async function fetchReview() {
    timer = 0;
    try {
      review = await api('GET', `/api/tables/${id}/review`);
    } catch (e) {
      review = { status: 'error', error: e.code === 'conflict' ? t('review.running') : e.message };
    }
    if (left) return;
    judged.clear();
    for (const m of review.moves || []) judged.set(m.n, m);
    if (review.status === 'pending') {
      timer = setTimeout(fetchReview, wait);
      wait = Math.min(POLL_MAX, wait * 1.5);
    }
    render();
    show(step);
  }

  // show draws the position after n actions; with b (a judged move) it
  // draws the position before it with its better move marked.
  async function show(n, b = null) {
    if (!rec) return;
    const refocus = keepFocus();
    better = b;
    step = Math.max(0, Math.min(rec.actions.length, b ? b.n - 1 : n));
    renderControls();
    renderCaption();
    renderList();
    renderChart();
    refocus();
    let v = views.get(step);
    if (!v) {
      try {
        v = await api('GET', `/api/tables/${id}/replay?step=${step}`);
        views.set(step, v);
      } catch (e) {
        clear(board).append(h('p', { class: 'note', text: e.message }));
        return;
      }
    }
    if (v.step !== step || left) return;
    const legal = better && better.best ? [better.best] : [];
    board.dataset.better = better?.best || '';
    mod.render(board, { view: v.view, prev: prevView, legal, send: () => {}, you: -3, actors: v.actors || [],
      names: names(), t, lang: language(), colorBlind: document.body.classList.contains('colorblind'), status: 'replay' });
    if (better?.best) markBetter(better.best);
    prevView = v.view;
    const first = !shown;
    shown = v.view;
    if (first) render();
  }

  // markBetter marks the better move on the board as the tutorial marks
  // a step's target: through the renderer's learnTarget (which selects
  // what must be selected first, as a pawn, and rings the target named by
  // the move's last word), else every element that sends the move.
  function markBetter(move) {
    if (mod.learnTarget?.(board, move, move.split(' ').pop())) return;
    board.querySelectorAll(`[data-move="${CSS.escape(move)}"]`).forEach((e) => e.classList.add('learn-target'));
  }

  // analyseLink opens the analysis board at the position before action
  // n, seen by its mover p.
  function analyseLink(n, p, idName) {
    return h('a', { class: 'rv-analyse', id: idName, href: `/analysis/${id}?ply=${n - 1}&seat=${p}`, 'data-link': true, 'data-n': n, text: t('analysis.open') });
  }

  function shareLink() {
    const inv = inviteOf(id);
    return `${location.origin}/review/${id}${inv ? '?invite=' + inv : ''}`;
  }

  // render draws the page again; the control with the focus keeps it (the
  // review, while it is being made, is drawn again every few seconds).
  function render() {
    const refocus = keepFocus();
    clear(head);
    if (error) {
      head.append(h('h1', { text: t('review.title') }), h('p', { class: 'error', role: 'alert', text: error }));
      return;
    }
    if (!rec) { head.append(h('h1', { text: t('review.title') }), h('p', { text: t('app.loading') })); return; }
    const link = shareLink();
    const input = h('input', { readonly: true, value: link, id: 'review-link', 'aria-label': t('review.link'), onfocus: (e) => e.target.select() });
    const copy = h('button', { type: 'button', class: 'copy', id: 'review-copy', text: t('table.copy'), onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t('table.copied'); } catch { input.select(); }
    } });
    head.append(h('h1', { text: t('review.of', { game: spec ? gameTitle(spec) : rec.game }) }),
      h('div', { class: 'rv-share' }, h('span', { class: 'rv-share-label', text: t('review.share') }), input, copy,
        h('a', { class: 'button', href: `/replay/${id}`, 'data-link': true, id: 'review-replay', text: t('end.replay') })));
    renderState();
    // The replay is there from the start; what the review adds, once made.
    layout.hidden = listBox.hidden = false;
    renderSummary();
    renderSwings();
    renderRounds();
    renderControls();
    renderCaption();
    renderList();
    renderChart();
    refocus();
  }

  function renderState() {
    clear(state);
    state.dataset.status = review?.status || 'loading';
    if (!review) { state.append(h('p', { text: t('app.loading') })); return; }
    if (review.status === 'pending') {
      state.append(h('p', { class: 'note rv-pending' }, h('span', { class: 'rv-spinner', 'aria-hidden': 'true' }), ' ', t('review.pending')));
    } else if (review.status === 'failed') {
      state.append(h('p', { class: 'error', text: t('review.failed', { error: review.error || '' }) }));
    } else if (review.status === 'error') {
      state.append(h('p', { class: 'error', role: 'alert', text: review.error }));
    }
  }

  function renderSummary() {
    clear(summary);
    if (review?.status !== 'done') { summary.hidden = true; return; }
    summary.hidden = false;
    summary.append(h('h2', { id: 'rv-players-h', class: 'sr', text: t('review.players') }),
      h('ul', { class: 'rv-player-list' }, (review.players || []).map((p) => h('li', { 'data-seat': p.seat },
        h('div', { class: 'rv-who' }, seatBadge(pal(), p.seat, t, 'small'), ' ', h('strong', { text: p.name || nameOf(p.seat) })),
        h('div', { class: 'rv-accuracy' }, h('span', { class: 'rv-acc-n', text: typeof p.accuracy === 'number' ? p.accuracy.toFixed(1) : '—' }),
          ' ', h('span', { class: 'rv-acc-label', text: t('review.accuracy') })),
        h('ul', { class: 'rv-counts', 'aria-label': t('review.marks') }, MARKS.map((m) => h('li', {}, markChip(m, p.marks?.[m] ?? 0))))))));
  }

  // swingMoves are the judged moves of the review's swings, in order.
  const swingMoves = () => (review?.swings || []).map((n) => judged.get(n)).filter(Boolean);

  function renderSwings() {
    clear(swings);
    swings.hidden = review?.status !== 'done';
    if (swings.hidden) return;
    const ms = swingMoves();
    swings.append(h('h2', { id: 'rv-swings-h', text: t('review.swings') }));
    if (!ms.length) { swings.append(h('p', { class: 'help', text: t('review.noswings') })); return; }
    swings.append(h('ol', { class: 'rv-swing-list' }, ms.map((m) => h('li', { 'data-n': m.n },
      h('button', { type: 'button', class: ['rv-swing', better?.n === m.n ? 'current' : ''], id: `rv-swing-${m.n}`, 'aria-pressed': better?.n === m.n ? 'true' : 'false',
        onclick: () => { show(m.n, m); controls.scrollIntoView?.({ block: 'start', behavior: 'smooth' }); } },
      h('span', { class: 'rv-swing-head' }, t('review.movenum', { n: m.n }), ' · ', seatBadge(pal(), m.player, t, 'small'), ' ', nameOf(m.player), ' ', markChip(m.mark)),
      h('span', { class: 'rv-swing-moves' }, t('review.played'), ' ', h('b', {}, words(m.move, m.player)), ' · ', t('review.better'), ' ',
        h('b', {}, words(m.best, m.player)), ' (', loss(m.loss), ')')), analyseLink(m.n, m.player)))));
  }

  function renderRounds() {
    clear(rounds);
    const rs = review?.status === 'done' ? review.rounds || [] : [];
    rounds.hidden = !rs.length;
    if (!rs.length) return;
    rounds.append(h('h2', { id: 'rv-rounds-h', text: t('review.rounds') }), h('ul', { class: 'rv-round-list' }, rs.map((r) => h('li', {},
      t('review.round', { round: r.round, name: nameOf(r.seat), empty: r.empty, best: r.best_empty }),
      r.tiling && r.empty > r.best_empty ? h('div', { class: 'help', text: t('review.tiling', { tiling: r.tiling }) }) : null,
      r.costly?.length ? h('div', { class: 'help', text: t('review.costly', { moves: r.costly.join(', ') }) }) : null))));
  }

  function renderControls() {
    clear(controls);
    if (!rec) return;
    stepControls(controls, { step, total: rec.actions.length, show, shown: (n) => n === step && !better });
  }


  // renderCaption says what the board shows: the better move before a
  // judged move, or the judgement of the move just played.
  function renderCaption() {
    clear(caption);
    caption.dataset.n = better ? String(better.n) : '';
    if (better) {
      caption.append(h('p', { class: 'rv-better' }, icon('star'), ' ',
        t('review.betterat', { n: better.n, name: nameOf(better.player) }), ' ', h('b', { class: 'rv-best-move' }, words(better.best, better.player)),
        ' (', value(better.best_value), ') ', t('review.insteadof'), ' ', h('b', {}, words(better.move, better.player)), ' (', value(better.value), ').'),
      reason(better) ? h('p', { class: 'rv-reason', text: reason(better) }) : null,
      h('p', { class: 'help', text: t('review.marked') }));
      return;
    }
    const m = judged.get(step);
    if (!m) return;
    caption.append(h('p', {}, t('review.movenum', { n: m.n }), ' · ', nameOf(m.player), ' ', h('b', {}, words(m.move, m.player)), ' ', markChip(m.mark),
      m.stand_in ? [' ', h('span', { class: 'tag standin' }, icon('bot'), ' ', t('review.standin'))] : null),
    m.mark !== 'best' && m.best ? h('p', {}, t('review.better'), ' ', h('b', {}, words(m.best, m.player)), ' (', loss(m.loss), ') ',
      h('button', { type: 'button', class: 'rv-show-better', id: 'rv-show-better', onclick: () => show(m.n, m), text: t('review.showbetter') })) : null,
    m.mark !== 'best' && reason(m) ? h('p', { class: 'rv-reason', text: reason(m) }) : null);
  }

  function renderList() {
    clear(list);
    if (!rec) return;
    const p = pal();
    rec.actions.forEach((a, i) => {
      const n = i + 1;
      const m = judged.get(n);
      const current = n === step && !better;
      list.append(h('li', { class: [current ? 'current' : '', better?.n === n ? 'rv-target' : ''], 'data-n': n, 'data-mark': m?.mark,
        'aria-current': current ? 'step' : undefined },
      h('button', { type: 'button', class: 'linklike', id: `rv-move-${n}`, onclick: () => show(n) },
        h('span', { class: 'log-n', text: `${n}.` }), ' ', a.player >= 0 ? seatBadge(p, a.player, t, 'small') : null,
        h('span', { class: 'log-who', text: nameOf(a.player) }), ' ', words(a.move, a.player)),
      m && m.mark !== 'best' && m.mark !== 'good' ? [' ', markChip(m.mark)] : null,
      a.player >= 0 ? analyseLink(n, a.player, `rv-analyse-${n}`) : null));
    });
    revealInList(list, list.querySelector('.current, .rv-target'));
  }

  // renderChart draws each seat's expected outcome after each action, a
  // line a seat (its colour and its dash), the swings ringed and the
  // position shown marked; a click anywhere steps to the nearest action.
  function renderChart() {
    clear(chart);
    const series = review?.status === 'done' ? review.series || [] : [];
    if (series.length < 2) { chart.hidden = true; return; }
    chart.hidden = false;
    const W = 320, H = 150, L = 36, R = 8, T = 8, B = 18;
    const seats = Math.max(...series.map((r) => r.length));
    let lo = 0, hi = 1;
    if (review.scale !== 'win') {
      const all = series.flat().filter((v) => typeof v === 'number');
      lo = Math.min(0, ...all); hi = Math.max(0, ...all);
      if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
    }
    const last = series.length - 1;
    const x = (k) => L + (k * (W - L - R)) / last;
    const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
    const p = pal();
    const lines = [];
    for (let seat = 0; seat < seats; seat++) {
      const d = series.map((r, k) => `${k ? 'L' : 'M'}${x(k).toFixed(1)} ${y(r[seat] ?? lo).toFixed(1)}`).join('');
      lines.push(s('path', { d, class: 'rv-line', 'data-seat': seat, stroke: seatColor(p, seat).fill, 'stroke-dasharray': DASHES[seat % DASHES.length] || null }));
    }
    const mid = review.scale === 'win' ? 0.5 : 0;
    const rings = swingMoves().map((m, i) => {
      const k = Math.min(last, m.n);
      return s('g', { class: 'rv-swing-mark', 'data-n': m.n },
        s('circle', { cx: x(k), cy: y(series[k]?.[m.player] ?? mid), r: 6 }),
        s('text', { x: x(k), y: y(series[k]?.[m.player] ?? mid) + 3.5, 'text-anchor': 'middle', text: String(i + 1) }));
    });
    const svg = s('svg', { class: 'rv-plot', id: 'rv-plot', viewBox: `0 0 ${W} ${H}`, role: 'img', 'data-x0': L, 'data-x1': W - R,
      'aria-label': t(review.scale === 'win' ? 'review.chart.win' : 'review.chart.points') },
    s('line', { x1: L, x2: W - R, y1: y(mid), y2: y(mid), class: 'rv-mid' }),
    s('text', { x: L - 4, y: y(hi) + 4, 'text-anchor': 'end', class: 'rv-axis', text: value(hi) }),
    s('text', { x: L - 4, y: y(lo), 'text-anchor': 'end', class: 'rv-axis', text: value(lo) }),
    s('line', { x1: x(step), x2: x(step), y1: T, y2: H - B, class: 'rv-now' }),
    lines, rings,
    s('text', { x: L, y: H - 4, class: 'rv-axis', text: '0' }),
    s('text', { x: W - R, y: H - 4, 'text-anchor': 'end', class: 'rv-axis', text: String(last) }));
    svg.addEventListener('click', (e) => {
      const box = svg.getBoundingClientRect();
      const ux = ((e.clientX - box.left) * W) / box.width;
      show(Math.max(0, Math.min(last, Math.round(((ux - L) * last) / (W - L - R)))));
    });
    chart.append(h('h2', { id: 'rv-chart-h', text: t('review.chart') }), svg,
      h('ul', { class: 'rv-legend' }, Array.from({ length: seats }, (_, seat) => h('li', {},
        s('svg', { viewBox: '0 0 30 8', class: 'rv-key', 'aria-hidden': 'true' },
          s('line', { x1: 1, x2: 29, y1: 4, y2: 4, stroke: seatColor(p, seat).fill, 'stroke-dasharray': DASHES[seat % DASHES.length] || null })),
        ' ', nameOf(seat)))),
      h('p', { class: 'help', text: t(review.scale === 'win' ? 'review.chart.win' : 'review.chart.points') }));
  }

  function onKey(e) {
    if (!rec || e.target.closest('input, select, textarea')) return;
    const keys = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: rec.actions.length };
    if (e.key in keys) { e.preventDefault(); show(keys[e.key]); }
  }

  document.addEventListener('keydown', onKey);
  const off = onLanguage(() => { render(); show(step, better); });
  load();
  return {
    leave() { left = true; clearTimeout(timer); off(); document.removeEventListener('keydown', onKey); },
    title: () => (spec ? t('review.of', { game: gameTitle(spec) }) : t('review.title')),
  };
}
