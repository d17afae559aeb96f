// The score breakdown of the end screen (and of score panels during play):
// a game's renderer that can explain its scores exports
// breakdown(view, ctx) returning, per seat, the parts of its score:
// [{ label: text or node, detail: node (optional), points: number }, …],
// and lines with tie: true and a value (a tie-break), which are not points
// and are drawn under the total.
// The parts come from the game's view (the server's own parts, never
// rules worked out here); this module draws them and the total, and marks
// each seat's box with the sum of its parts and the score it explains, so
// that a test can see they agree.
import { h } from './dom.js';
import { seatBadge } from './seatcolors.js';

// signed writes points with their sign: "+5", "−1", "0".
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return '0';
}

// breakdownSection draws the parts of every seat's score. parts is the
// renderer's answer, scores the scores shown (the result's), names the
// seats' names, pal the seat colours; it returns null when there is
// nothing to draw.
export function breakdownSection(parts, scores, names, pal, t) {
  if (!Array.isArray(parts) || !parts.length) return null;
  return h('section', { class: 'breakdown', id: 'breakdown', 'aria-labelledby': 'breakdown-h' },
    h('h3', { id: 'breakdown-h', text: t('end.breakdown') }),
    h('div', { class: 'breakdown-seats' }, parts.map((lines, i) => {
      if (!lines) return null;
      const pts = lines.filter((l) => !l.tie);
      const ties = lines.filter((l) => l.tie);
      const sum = pts.reduce((s, l) => s + (l.points || 0), 0);
      const total = scores?.[i] ?? sum;
      return h('div', { class: 'breakdown-seat', 'data-seat': i, 'data-sum': sum, 'data-total': total },
        h('h4', {}, seatBadge(pal, i, t, 'small'), ' ', names[i] ?? t('seat.number', { n: i + 1 })),
        h('table', {},
          h('tbody', {}, pts.map((l) => h('tr', { class: ['part', l.kind && `part-${l.kind}`] },
            h('th', { scope: 'row' }, l.label, l.detail ? h('span', { class: 'part-detail' }, l.detail) : null),
            h('td', { class: 'pts', 'data-points': l.points, text: signed(l.points) })))),
          h('tfoot', {}, h('tr', { class: 'total' },
            h('th', { scope: 'row', text: t('end.total') }),
            h('td', { class: 'pts', text: String(total) })),
          ties.map((l) => h('tr', { class: 'tiebreak' },
            h('th', { scope: 'row' }, l.label, l.detail ? h('span', { class: 'part-detail' }, l.detail) : null),
            h('td', { class: 'pts', text: String(l.value) }))))));
    })));
}
