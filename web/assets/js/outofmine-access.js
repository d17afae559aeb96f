// The words of Out of Mine's screen-reader mode (outofmine.js's access,
// loaded when first needed): the position as the seat sees it, a space by
// its name ("b4") and the commands "empty cells", "what fits here",
// "supply" and "card".
import { internals } from '../games/outofmine.js';

const { SYMS, CHANCE_PHASES, geom, layoutInfo, cellsOf, cellName, parseCell, factsOf, cellWords, cardWords } = internals;

// viewFacts returns factsOf for the seat's own board in view, or null
// while it has none.
function viewFacts(view) {
  const me = view?.you >= 0 ? view.players?.[view.you] : null;
  if (!me?.layout) return null;
  const shapes = new Map((view.shapes || []).map((sh) => [sh.id, geom(sh)]));
  const placed = (me.placed || []).map((p) => ({ ...parseCell(p.cell), tile: p.tile, shape: p.shape, element: p.element || '', sym: SYMS.indexOf(p.transform) }));
  return { ...factsOf(layoutInfo(me.layout), placed, shapes), shapes };
}

// emptyCells lists the empty gallery spaces of a board, row by row.
function emptyCells(facts) {
  const out = [];
  for (let r = 0; r < facts.layout.rows; r++) {
    for (let c = 0; c < facts.layout.cols; c++) {
      if (facts.layout.gallery.has(r * 8 + c) && !facts.cover.has(r * 8 + c)) out.push(cellName(r, c));
    }
  }
  return out;
}

// fitsAt lists the shapes of the supply and the hand (ids) that fit on
// empty gallery spaces with their top-left at (r, c), each with the
// turns (canonical transforms) in which they do.
function fitsAt(facts, shapes, ids, r, c) {
  const out = [];
  for (const id of ids) {
    const g = shapes.get(id);
    if (!g) continue;
    const syms = [];
    for (let sym = 0; sym < 8; sym++) {
      if (g.canon[sym] !== sym) continue;
      const ok = cellsOf(g, sym, r, c).every(([rr, cc]) => rr < facts.layout.rows && cc < facts.layout.cols && facts.layout.gallery.has(rr * 8 + cc) && !facts.cover.has(rr * 8 + cc));
      if (ok) syms.push(SYMS[sym]);
    }
    if (syms.length) out.push({ shape: id, syms });
  }
  return out;
}

// supplyLeft lists the shapes left in the supply with their counts.
function supplyLeft(view) {
  const n = new Map();
  for (const k of view.supply || []) n.set(k.shape, (n.get(k.shape) || 0) + k.count);
  return [...n].filter(([, k]) => k > 0);
}

// access is what the screen-reader mode reads (see access.js): the
// position as the seat sees it, a space by its name ("b4") and the
// commands "empty cells", "what fits here", "supply" and "card".
export const access = {
  summary(ctx) {
    const { view, t } = ctx;
    if (!view?.players) return [];
    const out = [t('oom.round', { n: view.round, of: view.rounds }) + ', ' + (CHANCE_PHASES.has(view.phase) ? t('actor.chance') : t(`oom.phase.${view.phase}`)) + '.'];
    const me = view.you >= 0 ? view.players[view.you] : null;
    if (me && view.phase === 'choose') {
      out.push(me.side ? t('oom.choose.done', { side: me.side }) : me.must_side ? t('oom.choose.must', { side: me.must_side }) : t('outofmine.access.choose'));
    }
    const facts = viewFacts(view);
    if (me && facts && view.phase === 'round') {
      out.push(t('outofmine.access.board', { id: me.board, side: me.side, n: emptyCells(facts).length }));
      out.push(me.hand_tile ? t('outofmine.access.hand', { shape: me.hand_tile.shape }) : t('oom.handempty'));
      if (me.card_face) out.push(t('outofmine.access.card', { tiles: cardWords(t, facts, me.card_face) }));
      out.push(t('outofmine.access.supply', { kinds: supplyLeft(view).map(([sh, n]) => `${sh} ×${n}`).join(', ') || '—' }));
      out.push(t('outofmine.access.keys'));
    }
    view.players.forEach((p, i) => {
      if (i === view.you || !p.side) return;
      out.push(t('outofmine.access.other', { name: ctx.names[i] ?? t('seat.number', { n: i + 1 }), n: p.empty, hand: p.hand_tile ? t('oom.holds', { shape: p.hand_tile.shape }) : '' }).trim());
    });
    return out;
  },
  cell(ctx, ref) {
    const m = /^([a-h])(\d{1,2})$/.exec(String(ref || '').trim().toLowerCase());
    const facts = viewFacts(ctx.view);
    if (!m || !facts) return null;
    const { r, c } = parseCell(m[0]);
    if (r < 0 || r >= facts.layout.rows || c >= facts.layout.cols) return null;
    return cellWords(ctx.t, facts, r, c);
  },
  commands(ctx) {
    const { t } = ctx;
    return [
      { words: [t('outofmine.access.cmd.empty')], help: t('outofmine.access.cmd.empty.help'), answer: (cx) => {
        const facts = viewFacts(cx.view);
        if (!facts) return cx.t('outofmine.access.noboard');
        const cells = emptyCells(facts);
        return cx.t('outofmine.access.empty', { n: cells.length, cells: cells.join(', ') });
      } },
      { words: [t('outofmine.access.cmd.fits')], help: t('outofmine.access.cmd.fits.help'), answer: (cx, rest) => {
        const facts = viewFacts(cx.view);
        if (!facts) return cx.t('outofmine.access.noboard');
        const m = /([a-h])(\d{1,2})/.exec(String(rest || '').toLowerCase());
        const at = m ? parseCell(m[0]) : internals.cursor() || { r: 0, c: 0 };
        const me = cx.view.players[cx.view.you];
        const ids = new Set(supplyLeft(cx.view).map(([sh]) => sh));
        if (me.hand_tile) ids.add(me.hand_tile.shape);
        const fits = fitsAt(facts, facts.shapes, [...ids], at.r, at.c);
        const cell = cellName(at.r, at.c);
        if (!fits.length) return cx.t('outofmine.access.fitsnone', { cell });
        return cx.t('outofmine.access.fits', { cell, list: fits.map((f) => `${f.shape} (${f.syms.join(', ')})`).join('; ') });
      } },
      { words: [t('outofmine.access.cmd.supply')], help: t('outofmine.access.cmd.supply.help'), answer: (cx) =>
        cx.t('outofmine.access.supply', { kinds: supplyLeft(cx.view).map(([sh, n]) => `${sh} ×${n}`).join(', ') || '—' }) },
      { words: [t('outofmine.access.cmd.card')], help: t('outofmine.access.cmd.card.help'), answer: (cx) => {
        const me = cx.view?.players?.[cx.view.you];
        return me?.card_face ? cx.t('outofmine.access.card', { tiles: cardWords(cx.t, viewFacts(cx.view), me.card_face) }) : cx.t('outofmine.access.nocard');
      } },
    ];
  },
};
