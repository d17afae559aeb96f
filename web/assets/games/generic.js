// The generic renderer draws any game: its view as readable key/values and
// its legal moves as buttons that show their notation.
import { h, clear } from '../js/dom.js';

function value(v) {
  if (v === null || v === undefined) return h('span', { class: 'muted', text: '—' });
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) return h('span', { class: 'mono', text: v.map((x) => (x === null ? '·' : String(x))).join(' ') });
    return h('ol', { start: 0, class: 'kv-list' }, v.map((x) => h('li', {}, value(x))));
  }
  if (typeof v === 'object') {
    return h('dl', { class: 'kv' }, Object.entries(v).flatMap(([k, x]) => [h('dt', { text: k.replace(/_/g, ' ') }), h('dd', {}, value(x))]));
  }
  return h('span', { class: 'mono', text: String(v) });
}

// render draws ctx.view into el with ctx.legal as buttons that call
// ctx.send(move).
export function render(el, ctx) {
  clear(el).append(h('div', { class: 'generic' }, value(ctx.view)));
  if (ctx.legal.length) {
    el.append(h('div', { class: 'moves', role: 'group', 'aria-label': ctx.t('table.moves') },
      ctx.legal.map((m) => h('button', { type: 'button', class: 'move', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m), text: m }))));
  }
}
