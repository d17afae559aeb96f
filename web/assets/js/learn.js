// The tutorial page /learn/GAME: a short scripted game on the real engine.
// GET /api/games/{id}/tutorial?lang=xx gives every step with its text, the
// learner's view before it, the learner's legal moves and the move the
// step asks for; the page draws each view with the game's own renderer.
// The learner's move is checked here against the step's move; any other
// move goes to POST /api/games/{id}/tutorial/check, whose answer (the
// engine's reason, or "off the script") is shown. The other seats' and
// chance's moves play by themselves after a pause, with their caption.
// Back and forward step between the learner's moves already reached.
// A game's tutorial may be several lessons (?lesson=ID, the first
// without): the page lists them and, at a lesson's end, links the next.
// Clicking the highlighted target of a "place" step (a board cell) plays
// the prompted placement, the tile turned as the prompt says.
import { moveWords } from './words.js';
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api } from './api.js';
import { gameSpec, gameTitle, renderer } from './catalog.js';
import { retitle } from './router.js';
import { icon } from './icons.js';

// PAUSE is how long the page shows another actor's move before playing
// it, in milliseconds.
const PAUSE = 1600;

export function learnPage(el, game) {
  if (!document.getElementById('learn-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/learn.css', id: 'learn-css' }));
  const lessonId = new URLSearchParams(location.search).get('lesson') || '';
  const st = { lesson: null, spec: null, mod: null, idx: 0, reached: 0, reason: '', typed: '', error: '', seq: 0, timer: 0, load: 0, refocus: null };

  const head = h('div', { class: 'learn-head' });
  const lessonHref = (id) => `/learn/${game}${id && id !== st.lesson?.lessons?.[0]?.id ? `?lesson=${encodeURIComponent(id)}` : ''}`;
  const panel = h('section', { class: 'learn-panel', id: 'learn-panel', 'aria-live': 'polite' });
  let board = h('div', { class: 'board learn-board', id: 'board' });
  // The board's heading keeps the page's heading order above the
  // renderer's own headings (h3).
  el.append(head, h('div', { class: 'learn-layout' }, panel, h('div', { class: 'play' },
    h('h2', { class: 'sr', 'data-i18n': 'table.board', text: t('table.board') }), board)));

  const steps = () => st.lesson?.steps || [];
  const step = () => steps()[st.idx];
  const atEnd = () => st.lesson && st.idx >= steps().length;

  async function load() {
    const my = ++st.load;
    clearTimeout(st.timer);
    try {
      st.spec = await gameSpec(game);
      st.mod = await renderer(game);
      const lesson = await api('GET', `/api/games/${encodeURIComponent(game)}/tutorial?lang=${language()}${lessonId ? `&lesson=${encodeURIComponent(lessonId)}` : ''}`);
      if (my !== st.load) return;
      st.lesson = lesson;
      st.error = '';
    } catch (e) {
      if (my !== st.load) return;
      st.error = e.status === 404 ? t('learn.missing') : e.message;
    }
    retitle();
    go(Math.min(st.idx, steps().length));
  }

  // go shows step i (steps().length is the end) and, when it is not the
  // learner's, plays it after a pause.
  function go(i, jump) {
    clearTimeout(st.timer);
    // A jump back or forward starts the renderer afresh (its memory is
    // kept per element), so that no move it showed ahead of its answer
    // outlives the step it belonged to.
    if (jump) {
      const fresh = h('div', { class: 'board learn-board', id: 'board' });
      board.replaceWith(fresh);
      board = fresh;
    }
    st.idx = i;
    st.reached = Math.max(st.reached, i);
    st.reason = '';
    st.typed = '';
    render();
    const s = step();
    if (s && !s.learner) st.timer = setTimeout(() => go(i + 1), PAUSE);
  }

  // learnerSteps returns the indices of the learner's steps.
  const learnerSteps = () => steps().flatMap((s, i) => (s.learner ? [i] : []));

  function back() {
    const prev = learnerSteps().filter((i) => i < st.idx);
    go(prev.length ? prev[prev.length - 1] : 0, true);
  }
  function forward() {
    const next = learnerSteps().find((i) => i > st.idx);
    go(next !== undefined && next <= st.reached ? next : st.reached, true);
  }

  // send is the renderer's ctx.send: it answers the learner's move and
  // returns a seq for renderers that show moves before their answer.
  function send(move) {
    const s = step();
    if (!s?.learner) return 0;
    const seq = ++st.seq;
    const at = st.idx;
    if (move === s.move) {
      // After the renderer's own handling of its send (it learns the seq
      // and draws the move) is over: the ack, then the next step.
      queueMicrotask(() => {
        if (st.idx !== at) return;
        st.mod.reply?.(board, { type: 'ack', seq, n: at + 1 });
        go(at + 1);
      });
      return seq;
    }
    api('POST', `/api/games/${encodeURIComponent(game)}/tutorial/check`, { lang: language(), lesson: st.lesson.lesson, step: at, move })
      .then((v) => {
        if (st.idx !== at) return;
        if (v.ok) { st.mod.reply?.(board, { type: 'ack', seq, n: at + 1 }); go(at + 1); return; }
        refuse(seq, v.code === 'offscript' ? t('learn.offscript', { move: words(v.expected) }) : t('learn.illegal', { reason: v.reason }));
      })
      .catch((e) => { if (st.idx === at) refuse(seq, e.message); });
    return seq;
  }

  function refuse(seq, text) {
    st.reason = text;
    st.mod.reply?.(board, { type: 'error', seq, code: 'illegal', message: text });
    renderPanel();
  }

  // words returns a move as the prompt shows it: in the reader's words, as
  // the table's log says it (the move box below takes its notation, shown
  // as the box's placeholder).
  // The words of a log line need its actor: "Tim took a Y1".
  const words = (move) => {
    const s = step();
    const w = moveWords(st.mod, game, move, t, st.lesson?.names || [], { player: s?.player });
    const who = s && s.player >= 0 ? st.lesson?.names?.[s.player] : '';
    return w !== move && who ? `${who} ${w}` : w;
  };

  function render() {
    clear(head);
    const title = st.spec ? gameTitle(st.spec) : game;
    head.append(h('h1', { text: t('learn.of', { game: title }) }),
      h('p', {}, h('a', { href: `/rules/${game}`, 'data-link': true, text: t('lobby.rulesof', { game: title }) })));
    const lessons = st.lesson?.lessons || [];
    if (lessons.length > 1) {
      head.append(h('nav', { class: 'learn-lessons', id: 'learn-lessons', 'aria-label': t('learn.lessons') },
        h('ol', {}, lessons.map((l) => h('li', {}, h('a', { href: lessonHref(l.id), 'data-link': true, 'data-lesson': l.id,
          'aria-current': l.id === st.lesson.lesson ? 'page' : null, text: l.title }))))));
    }
    if (st.error) { clear(panel).append(h('p', { class: 'error', role: 'alert', text: st.error })); clear(board); return; }
    if (!st.lesson) { clear(panel).append(h('p', { text: t('app.loading') })); return; }
    renderPanel();
    renderBoard();
  }

  // renderPanel draws the step's text and controls. The control with the
  // focus (the move box, back, forward) keeps it, and a learner typing
  // moves finds the box focused again at their next move, after the other
  // players' steps, which have none.
  function renderPanel() {
    const refocus = st.refocus || keepFocus();
    clear(panel);
    const n = steps().length;
    const s = step();
    const nav = h('div', { class: 'learn-nav', role: 'group', 'aria-label': t('learn.steps') },
      h('button', { type: 'button', class: 'iconbutton', id: 'learn-back', 'aria-label': t('learn.back'), title: t('learn.back'),
        disabled: !learnerSteps().some((i) => i < st.idx) && st.idx === 0, onclick: back }, icon('prev')),
      h('span', { id: 'learn-step', class: 'step', text: t('learn.stepof', { n: Math.min(st.idx + 1, n), total: n }) }),
      h('button', { type: 'button', class: 'iconbutton', id: 'learn-forward', 'aria-label': t('learn.forward'), title: t('learn.forward'),
        disabled: st.reached <= st.idx, onclick: forward }, icon('next')));
    panel.append(nav);
    if (!s) {
      const lessons = st.lesson.lessons || [];
      const next = lessons[lessons.findIndex((l) => l.id === st.lesson.lesson) + 1];
      panel.append(h('h2', { text: t('learn.done') }), h('p', { id: 'learn-text', class: 'learn-text', text: st.lesson.end }),
        h('p', { class: 'learn-links' }, next ? h('a', { href: lessonHref(next.id), 'data-link': true, class: 'button primary', id: 'learn-next',
          'data-lesson': next.id, text: t('learn.next', { title: next.title }) }) : null, h('a', { href: '/', 'data-link': true, class: next ? 'button' : 'button primary', id: 'learn-play', text: t('learn.play') }),
          ' ', h('a', { href: `/rules/${game}`, 'data-link': true, text: t('rules.title') })));
      refocus();
      st.refocus = null;
      return;
    }
    const who = s.player === -1 ? t('actor.chance') : s.player === -2 ? t('actor.system') : (st.lesson.names[s.player] ?? '');
    panel.append(h('p', { class: s.learner ? 'learn-who you' : 'learn-who', text: s.learner ? t('learn.yourmove', { name: who }) : t('learn.theirmove', { name: who }) }),
      h('p', { id: 'learn-text', class: 'learn-text', 'data-step': st.idx, text: s.text }));
    if (!s.learner) {
      st.refocus = refocus() ? null : refocus;
      return;
    }
    panel.append(h('p', { id: 'learn-prompt', class: 'learn-prompt', 'data-move': s.move }, t('learn.asks'), ' ', h('strong', { text: words(s.move) })));
    if (st.reason) panel.append(h('p', { id: 'learn-reason', class: 'error', role: 'alert', text: st.reason }));
    const list = h('datalist', { id: 'learn-moves' }, (s.legal || []).map((m) => h('option', { value: m })));
    // A refused move stays in the box, to be mended.
    const input = h('input', { id: 'learn-move', list: 'learn-moves', autocomplete: 'off', placeholder: s.move, 'aria-label': t('learn.type'), value: st.reason ? st.typed : '' });
    panel.append(h('form', { class: 'learn-form', onsubmit: (e) => { e.preventDefault(); st.typed = input.value.trim(); if (st.typed) send(st.typed); } },
      h('label', { for: 'learn-move', text: t('learn.type') }), list, input, h('button', { type: 'submit', id: 'learn-send', text: t('table.send') })));
    st.refocus = refocus() ? null : refocus;
  }

  function renderBoard() {
    const s = step();
    const view = s ? s.view : st.lesson.end_view;
    st.mod.render(board, { view, prev: null, legal: s?.learner ? s.legal || [] : [], send, you: st.lesson.learner,
      actors: s ? s.actors || [] : [], names: st.lesson.names, t, lang: language(), colorBlind: document.body.classList.contains('colorblind'), n: st.idx,
      status: s ? 'playing' : 'finished' });
    highlight(s);
  }

  // highlight marks the step's target on the board: the renderer's own
  // learnTarget(el, move, target) when it has one, else every element
  // whose data-move is the step's move.
  function highlight(s) {
    board.querySelectorAll('.learn-target').forEach((e) => e.classList.remove('learn-target'));
    if (!s?.learner || !s.move) return;
    if (st.mod.learnTarget?.(board, s.move, s.target)) return;
    board.querySelectorAll(`[data-move="${CSS.escape(s.move)}"]`).forEach((e) => e.classList.add('learn-target'));
  }

  // A click on the highlighted cell of a "place" step lays the tile in
  // hand there, turned as prompted: the step's own move.
  el.addEventListener('click', (e) => {
    const s = step();
    const cell = e.target.closest?.('#board .learn-target[data-cell], #board rect.cell[data-cell]');
    if (!cell || !s?.learner || !s.move.startsWith('place ') || cell.dataset.cell !== s.target) return;
    e.preventDefault();
    send(s.move);
  });

  // A renderer may draw again by itself (a flash that ends, a late
  // answer): the step's target is then marked again.
  const watch = new MutationObserver(() => {
    if (st.lesson && !board.querySelector('.learn-target')) highlight(step());
  });
  watch.observe(el, { childList: true, subtree: true });

  const off = onLanguage(load);
  load();
  return { leave() { off(); watch.disconnect(); clearTimeout(st.timer); st.load++; },
    title: () => t('learn.of', { game: st.spec ? gameTitle(st.spec) : game }) };
}
