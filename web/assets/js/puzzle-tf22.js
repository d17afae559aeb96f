// The TF22 route puzzle page: the game's renderer draws the planet; the
// server's engine replays each move (tf22/play) and checks the plan.
import { h } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api, playerName } from './api.js';
import { icon } from './icons.js';
import { render as drawPlanet, describe } from '../games/tf22.js';
import { recordChanged, serverRecord, myRating, countingNote, historyBox, clockText, whenSeen, drawAround } from './puzzles.js';

const GAME = 'tf22';

const dl = (items, attrs) => h('dl', attrs, items.map(([k, v]) => h('div', {}, h('dt', { text: k }), h('dd', { text: String(v) }))));
const btn = (id, label, onclick, disabled, cls) => h('button', { type: 'button', id, class: cls, disabled, onclick, text: label });

export function page(el) {
  const st = { mode: 'daily', steps: [], moves: [], error: '', n: 0 };
  const board = h('div', { class: 'pz-board', id: 'pz-board' });
  const root = h('div', { class: 'pz pz-tf22' });
  const step = () => st.steps.at(-1);
  // The crew is the one seat, named like a person: "Yellow crew".
  const crewName = () => {
    const name = t('pz.tf22.crewname', { crew: t(`tf.color.${st.p?.setup.crew}`) });
    return [name.charAt(0).toUpperCase() + name.slice(1)];
  };

  const redraw = () => {
    const s = step();
    if (s && board.isConnected) drawPlanet(board, { view: s.view, prev: st.steps.at(-2)?.view, legal: st.result ? [] : s.legal, send, you: 0,
      names: crewName(), t, colorBlind: document.body.classList.contains('colorblind'), n: st.n });
  };

  async function send(move) {
    if (st.result || st.busy || !st.p) return;
    st.busy = true; st.error = '';
    try {
      st.steps.push(await api('POST', `/api/puzzles/tf22/play`, { id: st.p.id, moves: [...st.moves, move] }));
      st.moves.push(move); st.n++;
    } catch (e) { st.error = e.message; }
    st.busy = false; render();
  }

  const back = (k) => { st.moves.length = k; st.steps.length = k + 1; st.n++; st.error = ''; render(); };
  const list = (id, moves) => h('ol', { id }, moves.map((m) => h('li', { 'data-move': m, text: describe(m, t, crewName()) })));

  async function open() {
    Object.assign(st, { error: '', result: null, p: null, moves: [] }); render();
    try {
      const p = await api('GET', `/api/puzzles/tf22/${st.mode}`);
      Object.assign(st, { p, steps: [p], started: 0 });
      // The clock starts when the board is on the screen.
      st.unseen?.();
      st.unseen = whenSeen(board, () => { st.started = Date.now(); tick(); });
      if (st.mode === 'practice' && !myRating(GAME)) serverRecord(GAME).then(render).catch(() => {});
    } catch (e) { st.error = e.message; }
    render();
  }

  async function submit() {
    if (!st.p || st.result || st.busy || !step()?.delivered) return;
    st.busy = true; st.error = '';
    const body = { ticket: st.p.ticket, name: playerName(), plan: st.moves };
    if (st.mode === 'daily') body.day = st.p.day;
    try {
      st.result = await api('POST', `/api/puzzles/tf22/${st.mode}`, body);
      recordChanged(GAME);
      if (st.mode === 'practice') serverRecord(GAME).then(render).catch(() => {});
    } catch (e) { st.error = e.message; }
    st.busy = false; render();
  }

  const tick = () => {
    const c = document.getElementById('pz-clock');
    if (!c) return;
    c.textContent = clockText(st.result ? st.result.millis : st.started ? Date.now() - st.started : 0);
    c.dataset.started = st.started ? 'yes' : 'no';
  };

  function summary() {
    const p = st.p, s = step(), items = [
      st.mode === 'daily' ? [t('pz.day'), p.day] : [t('pz.tf22.puzzle'), p.id],
      [t('pz.tf22.crew'), t(`tf.color.${p.setup.crew}`)],
      [t('pz.tf22.spent'), s.spent], [t('pz.tf22.turn'), t('pz.tf22.turnore', { turn: s.turn, n: s.ore })],
    ];
    if (st.mode === 'practice') items.push([t('pz.oom.puzzlerating'), p.rating.Mu.toFixed(1)], [t('pz.oom.yourrating'), myRating(GAME)?.Mu.toFixed(1) ?? '…']);
    const d = dl(items, { class: 'pz-summary', id: 'pz-summary', 'data-id': p.id, 'data-spent': s.spent });
    d.append(h('div', {}, h('dt', {}, icon('clock'), ' ', t('pz.time')), h('dd', {}, h('span', { id: 'pz-clock', role: 'timer', text: '0:00' }))));
    return d;
  }

  // example is the move shown in the empty move box: one of the moves
  // legal now (a crew's move, if there is one), so that it may be played.
  const example = () => {
    const legal = step()?.legal || [];
    return legal.find((m) => /^[A-E] /.test(m)) || legal[0] || '';
  };

  function planBox() {
    const done = !!st.result, none = done || !st.moves.length;
    const input = h('input', { id: 'pz-move', 'aria-label': t('pz.tf22.type'), placeholder: example(), value: st.error ? st.typed : '', disabled: done });
    const go = (e) => { e.preventDefault(); st.typed = input.value.trim().replace(/\s+/g, ' '); if (st.typed) send(st.typed); };
    return h('section', { class: 'card pz-plan' }, h('h2', { text: t('pz.tf22.plan') }),
      st.moves.length ? list('pz-moves', st.moves) : h('p', { class: 'muted', text: t('pz.tf22.noplan') }),
      h('form', { onsubmit: go }, input,
        h('button', { type: 'submit', id: 'pz-play', disabled: done, text: t('pz.tf22.play') })),
      h('div', { class: 'pz-actions' },
        btn('pz-submit', t('pz.tf22.submit'), submit, done || st.busy || !step().delivered, 'primary'),
        btn('pz-undo', t('pz.tf22.undo'), () => back(st.moves.length - 1), none),
        btn('pz-restart', t('pz.restart'), () => back(0), none)));
  }

  function resultBox() {
    const r = st.result;
    const parts = [[t('pz.tf22.yourore'), r.ore], [t('pz.tf22.optimum'), r.optimum], [t('pz.time'), clockText(r.millis)]];
    return h('section', { class: ['card', 'pz-result', r.perfect && 'perfect'], id: 'pz-result', 'data-perfect': r.perfect ? 'yes' : 'no', 'aria-live': 'polite' },
      h('h2', {}, r.perfect ? icon('trophy') : null, ' ', r.perfect ? t('pz.perfect') : t('pz.notperfect')),
      dl(parts, { class: 'pz-parts' }),
      countingNote(r),
      r.player_rating ? h('p', { text: t('pz.tf22.newrating', { mu: r.player_rating.Mu.toFixed(1) }) }) : null,
      h('h3', { text: t('pz.tf22.bestplan') }),
      list('pz-best', r.best_plan),
      st.mode === 'daily'
        ? h('p', { class: 'muted', text: t('pz.tomorrow') })
        : btn('pz-next', t('pz.oom.next'), () => open(), false, 'primary'));
  }

  // render draws the page again around the planet, which stays in place
  // (drawAround): a player moving by keyboard keeps the focus on the
  // planet, and one typing moves keeps it in the move box.
  function render() {
    if (st.left) return;
    const tabs = h('div', { class: 'pz-tabs', role: 'tablist' }, ['daily', 'practice'].map((m) => h('button', {
      type: 'button', role: 'tab', id: `pz-tab-${m}`, 'aria-selected': String(st.mode === m), class: st.mode === m ? 'primary' : '',
      onclick: () => { if (st.mode !== m) { st.mode = m; open(); } },
      text: t(`pz.tf22.mode.${m}`) })));
    const parts = [h('h1', { text: t('pz.tf22.title') }), h('p', {}, h('a', { href: '/puzzles', 'data-link': true, text: t('pz.all') })), tabs];
    if (st.error) parts.push(h('p', { class: 'error', role: 'alert', id: 'pz-error', text: st.error }));
    if (!st.p) {
      if (!st.error) parts.push(h('p', { text: t('app.loading') }));
    } else {
      parts.push(summary(), h('p', { class: 'hint', text: t('pz.tf22.goal', { crew: t(`tf.color.${st.p.setup.crew}`) }) + ' ' + t('pz.clockseen') }), h('h2', { class: 'sr', text: t('table.board') }), board, planBox());
      if (st.result) parts.push(resultBox());
    }
    if (st.mode === 'daily') parts.push(historyBox(GAME, st.p?.day || new Date().toISOString().slice(0, 10), (e) => t('pz.tf22.scoreof', { n: e.score, best: e.best })));
    drawAround(el, root, parts, board, redraw);
    tick();
  }

  st.clock = setInterval(tick, 500);
  const off = onLanguage(render);
  open();
  return { leave() { st.left = true; off(); clearInterval(st.clock); st.unseen?.(); } };
}
