// The controls that step through a finished game, shared by the replay
// and the review: first, previous, "step n of total", next, last and a
// slider.
import { h, clear } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';

// stepControls fills el with the controls for a game of total actions
// shown at step: show(n) goes to step n; shown(n) says whether the board
// shows step n as it is already (its button is then off; by default, n is
// the step).
export function stepControls(el, { step, total, show, shown = (n) => n === step }) {
  clear(el);
  const btn = (key, glyph, n, idName) => h('button', { type: 'button', class: 'iconbutton', id: idName, 'aria-label': t(key), title: t(key),
    disabled: shown(n) || n < 0 || n > total, onclick: () => show(n) }, icon(glyph));
  const range = h('input', { type: 'range', id: 'replay-range', min: 0, max: total, value: step, 'aria-label': t('replay.step'), oninput: (e) => show(Number(e.target.value)) });
  el.setAttribute('aria-label', t('replay.controls'));
  el.append(btn('replay.first', 'first', 0, 'replay-first'), btn('replay.prev', 'prev', step - 1, 'replay-prev'),
    h('span', { id: 'replay-step', class: 'step', text: t('replay.stepof', { n: step, total }) }),
    btn('replay.next', 'next', step + 1, 'replay-next'), btn('replay.last', 'last', total, 'replay-last'), range);
}

// revealInList scrolls the list el (a scrolling box) so that its item is
// in view, and nothing else: the page stays where the reader has it.
export function revealInList(el, item) {
  if (!item) return;
  const top = item.offsetTop - el.offsetTop;
  if (top < el.scrollTop) el.scrollTop = top;
  else if (top + item.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + item.offsetHeight - el.clientHeight;
}
