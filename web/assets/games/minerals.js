// The Minerals renderer: the hex board in SVG with minerals, crevices and
// pawns; legal targets ringed (a pawn's destinations once it is selected);
// the set-up phases (removals, pawn placement); tools with their costs and
// effects; the Sack's swap, built mineral by mineral on both sides; the
// collection row, a two-diamond orpiment card with its two ways of taking
// it; the pouch; player boards and scores; fragments about to be cut off,
// and minerals that just left the board fading out. Every seat is drawn in
// its pawn's colour, as the view's seat_colors names it. On a small screen
// the board zooms and pans (pinch, drag, buttons) and zooms in by itself on
// the places to tap; a target is ringed, never covered. A mineral lifted
// and fragments cut off sound (when sound is on).
//
// On a phone (the compact layout) the board and the controls the current
// step needs are one stage of the height the table page gives (--stage-h):
// the board on top (left in landscape), fitted to every place to tap, and
// below it (right of it) the short step prompt, the step's buttons, the
// tools that may be used now, the cards that may be taken now and the
// Sack's swap. The tools' texts, the collection, the pouch and the player
// boards follow the stage.
//
// Without a mouse: every hex is a place of one keyboard cursor (a roving
// tabindex; the arrows, Shift and q/e/z/c move it in the six directions),
// named with what a sighted player sees there; Enter acts at it, Escape
// cancels a selection. access reads the position for the screen-reader
// mode (js/access.js).
import { h, s, clear } from '../js/dom.js';
import { seatColors, seatBadge, paintSeat } from '../js/seatcolors.js';
import { icon, glyph } from '../js/icons.js';
import { PanZoom } from '../js/panzoom.js';
import { play } from '../js/sound.js';
import { compact } from '../js/compact.js';

const MINERALS = ['wollastonite', 'kyanite', 'tourmaline', 'anthracite', 'orpiment'];
// Color-blind symbols, one per mineral (icons.js), drawn on every hex and
// swatch.
const SYMBOLS = { wollastonite: 'circle', kyanite: 'triangle', tourmaline: 'diamond', anthracite: 'square', orpiment: 'star' };
// The minerals whose values and symbols are written in white.
const LIGHT_INK = new Set(['kyanite', 'anthracite']);
const HEX_TOOLS = ['shovel', 'map', 'compass', 'glass', 'vortex', 'rope', 'dynamite'];
const BUTTON_MOVES = ['no move', 'cut', 'chest', 'end'];
// The phone layout's media query (compact.js).
const compactMedia = compact();
const R = 18;                 // hex radius
const W = Math.sqrt(3) * R;   // hex width
const GRID = 16;
// A hex polygon's half-width and half-height, in drawing units.
const HW = (R - 0.8) * Math.sqrt(3) / 2;
const HH = R - 0.8;

// Per-element state: the selection, the chosen tool, the board's extent.
const memory = new WeakMap();

let cards = null;
let cardsLoading = null;
// Card chips drawn before the cards' data came (the end screen's): filled
// in once it does.
let chipsWaiting = [];
function loadCards(rerender) {
  if (cards || cardsLoading) return;
  cardsLoading = fetch('/assets/data/minerals.json').then((r) => r.json()).then((d) => {
    cards = Object.fromEntries(d.cards.map((c) => [c.id, c]));
    const waiting = chipsWaiting;
    chipsWaiting = [];
    for (const [el, t, c] of waiting) if (el.isConnected) el.replaceWith(cardChip(t, c));
    rerender();
  }).catch(() => { cardsLoading = null; });
}

function center(row, col) {
  return [W * (col + 0.5 * (row & 1)) + W / 2 + 4, 1.5 * R * row + R + 4];
}

// hexPoints returns the points attribute of a hex of radius r centred on
// (x, y). The board draws every hex on every render: the strings are
// computed once.
const hexPointsMade = new Map();
function hexPoints(x, y, r = R - 0.8) {
  const key = `${x},${y},${r}`;
  let made = hexPointsMade.get(key);
  if (made === undefined) hexPointsMade.set(key, made = hexCorners(x, y, r));
  return made;
}

function hexCorners(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

function parseHex(name) {
  return { row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 97 };
}

function mineralName(t, m) { return t(`mineral.${m}`); }

// hexName returns the notation's name of the hex at row and col (from 0).
function hexName(row, col) { return String.fromCharCode(97 + col) + (row + 1); }

// validHex reports whether ref names a hex of the grid ("l5").
function validHex(ref) { return /^[a-p]([1-9]|1[0-6])$/.test(ref || ''); }

// The six neighbours of a hex, as column and row offsets, on an even and
// an odd row (odd rows are drawn half a hex to the right).
const EVEN = { e: [1, 0], ne: [0, -1], nw: [-1, -1], w: [-1, 0], sw: [-1, 1], se: [0, 1] };
const ODD = { e: [1, 0], ne: [1, -1], nw: [0, -1], w: [-1, 0], sw: [0, 1], se: [1, 1] };
const DIRECTIONS = ['e', 'ne', 'nw', 'w', 'sw', 'se'];

// neighbourHex returns the hex next to hx in direction dir, or '' off the
// grid.
function neighbourHex(hx, dir) {
  const { row, col } = parseHex(hx);
  const [dc, dr] = (row & 1 ? ODD : EVEN)[dir];
  const r = row + dr, c = col + dc;
  return r < 0 || r >= GRID || c < 0 || c >= GRID ? '' : hexName(r, c);
}

// keyDirection returns the hex direction a key press asks for on a hex of
// row: left/right along the row; up/down the neighbour above/below in the
// same column letter, with Shift the other one; q, e, z, c up-left,
// up-right, down-left, down-right. '' for other keys.
function keyDirection(e, row) {
  const odd = row & 1;
  switch (e.key) {
    case 'ArrowLeft': return 'w';
    case 'ArrowRight': return 'e';
    case 'ArrowUp': return (odd ? !e.shiftKey : e.shiftKey) ? 'nw' : 'ne';
    case 'ArrowDown': return (odd ? !e.shiftKey : e.shiftKey) ? 'sw' : 'se';
    case 'q': case 'Q': return 'nw';
    case 'e': case 'E': return 'ne';
    case 'z': case 'Z': return 'sw';
    case 'c': case 'C': return 'se';
  }
  return '';
}

// hexWords says what a sighted player sees on hex name and what Enter does
// there: its mineral by colour and value (or empty), the pawn on it, the
// cut-off mark, and the step's action.
function hexWords(ctx, name, { c, pawn, pending, target, selected, selectable }) {
  const { t } = ctx;
  const bits = [c ? t('mn.access.hex', { hex: name, mineral: mineralWords(t, c.mineral), value: c.value }) : t('mn.access.empty', { hex: name })];
  if (pawn !== undefined) bits.push(pawn === ctx.you ? t('mn.access.yourpawn') : t('mn.access.pawn', { name: seatName(ctx, pawn), n: pawn + 1 }));
  if (selected) bits.push(t('mn.access.selected'));
  if (pending) bits.push(t('mn.access.pending'));
  if (target) bits.push(targetWords(ctx, target));
  else if (selectable) bits.push(selected ? t('mn.access.do.deselect') : t('mn.access.do.select'));
  return bits.join(', ');
}

// targetWords says what Enter on a target hex does ("Enter: move here").
function targetWords(ctx, move) {
  const { t } = ctx;
  const f = move.split(' ');
  if (f[0] === 'hammer') return t('mn.access.do.hammer', { mineral: mineralWords(t, f[1]) });
  if (['move', 'remove', 'place'].includes(f[0])) return t(`mn.access.do.${f[0]}`);
  return t('mn.access.do.tool', { tool: t(`tool.${f[0]}`) });
}

// swatch is a small mineral chip with its symbol (for color-blind mode)
// and an optional count. Its words for a screen reader say the colour, the
// mineral and the count ("2 × blue (kyanite)").
function swatch(t, m, count) {
  return h('span', { class: `swatch m-${m}`, title: mineralName(t, m) },
    icon(SYMBOLS[m], 'sym'),
    count !== undefined ? h('span', { class: 'count', 'aria-hidden': 'true', text: `×${count}` }) : null,
    h('span', { class: 'sr', text: count !== undefined ? countWords(t, m, count) : mineralWords(t, m) }));
}

// mineralWords says a mineral by its colour and name ("blue (kyanite)").
function mineralWords(t, m) { return t('mn.access.mineral', { color: t(`mn.access.color.${m}`), mineral: mineralName(t, m) }); }

// countWords says a count of a mineral ("2 × blue (kyanite)").
function countWords(t, m, n) { return t('mn.access.count', { n, mineral: mineralWords(t, m) }); }

// classify splits the legal moves: hex moves by verb and hex, and the rest.
function classify(legal) {
  const hex = new Map(); // verb -> Map(hex -> move)
  const hammer = new Map(); // mineral -> Map(hex -> move)
  const other = [];
  for (const m of legal) {
    const f = m.split(' ');
    if (f[0] === 'hammer' && f.length === 3) {
      if (!hammer.has(f[1])) hammer.set(f[1], new Map());
      hammer.get(f[1]).set(f[2], m);
    } else if (f.length === 2 && (['remove', 'place', 'move'].includes(f[0]) || HEX_TOOLS.includes(f[0]))) {
      if (!hex.has(f[0])) hex.set(f[0], new Map());
      hex.get(f[0]).set(f[1], m);
    } else other.push(m);
  }
  return { hex, hammer, other };
}

// render draws the view into el; ctx: view, prev, legal, send, you, names,
// t, colorBlind.
export function render(el, ctx) {
  const { view, t } = ctx;
  loadCards(() => render(el, memory.get(el)?.ctx || ctx));
  let mem = memory.get(el);
  const sig = ctx.legal.join('|');
  if (!mem) {
    mem = { mode: '', selected: false, mineral: '', sig: '', minR: GRID, maxR: -1, minC: GRID, maxC: -1, pz: new PanZoom(), sounded: null };
    // Turning the phone or resizing the window across the compact
    // layout's edge draws the page again in the other layout.
    compactMedia.addEventListener('change', () => { if (el.isConnected && memory.get(el) === mem) render(el, mem.ctx); });
  }
  if (mem.sig !== sig) { mem.mode = ''; mem.selected = false; mem.mineral = ''; mem.sig = sig; }
  mem.ctx = ctx;
  memory.set(el, mem);
  const rerender = () => render(el, ctx);
  const legal = classify(ctx.legal);
  const onPhone = compactMedia.matches;
  mem.compact = onPhone;
  const colors = seatColors(null, view);
  sounds(view, ctx, mem);
  remember(view, ctx.n);

  if (!document.getElementById('mn-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/games/minerals.css', id: 'mn-css' }));
  // At the end the minerals are back in the pouch: the board shows the
  // final position the view keeps, the last pawn on it.
  const final = view.phase === 'over' && view.final;
  // The final position is drawn on the whole grid: few minerals are left.
  if (final) Object.assign(mem, { minR: 0, maxR: GRID - 1, minC: 0, maxC: GRID - 1 });
  const drawn = final
    ? board({ ...view, board: final.board, players: view.players.map((p, i) => ({ ...p, pawn: i === final.seat ? final.pawn : '' })) },
      { ...ctx, prev: null }, legal, mem, rerender, colors)
    : board(view, ctx, legal, mem, rerender, colors);
  // The stage: what the step needs. On a desktop page its wrappers take
  // no room of their own (display: contents) and the page reads as before.
  const finalNote = final ? h('p', { class: 'muted final-note', id: 'mn-final', text: t('mn.final') }) : null;
  const stage = h('div', { class: 'mn-stage', id: 'mn-stage' },
    phaseLine(view, ctx, legal, mem),
    onPhone ? null : finalNote,
    drawn.wrap,
    h('div', { class: 'mn-controls' },
      actionBar(ctx, legal, mem, rerender),
      onPhone ? toolsNow(view, ctx, legal, mem, rerender) : null,
      onPhone ? cardSlots(view, ctx) : null,
      sackPanel(view, ctx),
      onPhone && view.sack ? poolNow(view, ctx) : null));
  // A render of this module's own (a pawn selected, a tool chosen) keeps
  // the focus where it was: on the element with the same data-key.
  const focused = el.contains(document.activeElement) ? document.activeElement.dataset?.key || null : '';
  // On a phone the note on the final position follows the stage.
  clear(el).append(h('div', { class: ['minerals', onPhone && 'compact'] },
    stage,
    onPhone ? finalNote : null,
    toolsRow(view, ctx, legal, mem, rerender),
    collectionRow(view, ctx, legal, mem),
    pouchBox(view, t),
    playerBoards(view, ctx, colors),
    h('p', { class: 'sr', id: 'mn-keys', text: t('mn.access.keys') })));
  drawn.focus();
  // A control that is gone (a move's button, once played) leaves the
  // focus on the board's cursor.
  // A tool chosen by its button takes the focus to the board, on the
  // tool's first target.
  if (mem.jump) {
    mem.jump = false;
    el.querySelector('svg.hexboard [data-focus-default]')?.focus({ preventScroll: true });
  } else if (focused !== '') {
    // The focus goes back where it was (the hex last clicked or reached by
    // the keyboard) without moving the view: the server's answer to a tap
    // comes after the tap, and the view fitted to the new step (where the
    // pawn to select may lie far from that hex) must stay.
    mem.refocus = true;
    (el.querySelector(`[data-key="${CSS.escape(focused || '')}"]`) || el.querySelector('[data-focus-default]'))?.focus({ preventScroll: true });
    mem.refocus = false;
  }
}

// sounds plays what just happened on the board, once per view: one
// mineral gone is a mineral lifted, more are fragments cut off.
function sounds(view, ctx, mem) {
  if (mem.sounded === view) return;
  const first = mem.sounded === null;
  mem.sounded = view;
  if (first || !ctx.prev?.board || ctx.prev === view) return;
  const now = new Set((view.board || []).map((c) => c.hex));
  const gone = ctx.prev.board.filter((c) => !now.has(c.hex)).length;
  if (gone === 1) play('lift');
  else if (gone > 1) play('cut', gone);
}

function phaseLine(view, ctx, legal, mem) {
  const { t } = ctx;
  let hint = '';
  if (ctx.legal.length) {
    const short = mem.compact ? 'mn.short' : 'mn.hint';
    if (legal.hex.has('remove')) hint = t(`${short}.remove`);
    else if (legal.hex.has('place')) {
      // At set-up each player places the pawn of the player on their
      // right; after a failed move, their own.
      const n = (view.players || []).length || 1;
      const owner = view.phase === 'place pawn' ? (view.current + n - 1) % n : view.current;
      hint = view.phase === 'place pawn' ? t(`${short}.placefor`, { name: seatName(ctx, owner), n: owner + 1 }) : t(`${short}.placeown`);
    }
    else if (legal.hex.has('move') && !mem.selected && !mem.mode) hint = t('mn.hint.select');
    else if (legal.hex.has('move') && mem.selected) hint = t('mn.hint.destination');
    else if (mem.mode) hint = t('mn.hint.tool', { tool: t(`tool.${mem.mode}`) });
    else if (ctx.legal.includes('cut')) hint = t('mn.hint.cut');
    else if (ctx.legal.includes('end')) hint = t('mn.hint.after');
    else if (ctx.legal.includes('no move')) hint = t('mn.hint.nomove');
  }
  // The Sack's swap is a phase of its own; the tool's name says it.
  const phase = view.phase === 'sack' ? t('tool.sack') : t(`mn.phase.${view.phase}`);
  if (mem.compact) {
    // On a phone the prompt is short: the phase and what to do now.
    return h('p', { class: 'phase', id: 'mn-phase', 'data-phase': view.phase },
      h('strong', { text: phase }), hint ? h('span', { class: 'hint', text: ' — ' + hint }) : null);
  }
  return h('p', { class: 'phase', id: 'mn-phase', 'data-phase': view.phase },
    h('strong', { text: phase }), ' · ', t('mn.version', { v: t(`option.minerals.version.${view.version}`) }),
    hint ? h('span', { class: 'hint', text: ' — ' + hint }) : null);
}

function extent(view, mem) {
  const grow = (name) => {
    const { row, col } = parseHex(name);
    mem.minR = Math.min(mem.minR, row); mem.maxR = Math.max(mem.maxR, row);
    mem.minC = Math.min(mem.minC, col); mem.maxC = Math.max(mem.maxC, col);
  };
  for (const c of view.board || []) grow(c.hex);
  for (const p of view.players || []) if (p.pawn) grow(p.pawn);
  if (mem.maxR < 0) { mem.minR = 0; mem.maxR = GRID - 1; mem.minC = 0; mem.maxC = GRID - 1; }
}

// board draws the hex board and returns {wrap, focus}: focus, called once
// the board is in the page, zooms in on the places to tap if they are
// drawn smaller than a finger.
// coords draws the board's coordinates as the notation writes a hex
// ("e7": column e, row 7): the column letters above the first row and
// below the last, the row numbers left of each row.
function coords(r0, r1, c0, c1) {
  const g = s('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let col = c0; col <= c1; col++) {
    const letter = String.fromCharCode(97 + col);
    const [xt, yt] = center(r0, col);
    const [xb, yb] = center(r1, col);
    g.append(s('text', { x: xt, y: yt - R - 6, class: 'coord', text: letter }),
      s('text', { x: xb, y: yb + R + 16, class: 'coord', text: letter }));
  }
  for (let row = r0; row <= r1; row++) {
    const [x, y] = center(row, c0);
    g.append(s('text', { x: x - 0.85 * W, y: y + 5, class: 'coord', text: String(row + 1) }));
  }
  return g;
}

function board(view, ctx, legal, mem, rerender, colors) {
  const { t } = ctx;
  extent(view, mem);
  const r0 = Math.max(0, mem.minR - 1), r1 = Math.min(GRID - 1, mem.maxR + 1);
  const c0 = Math.max(0, mem.minC - 1), c1 = Math.min(GRID - 1, mem.maxC + 1);
  const [x0, y0] = center(r0, c0);
  const [x1, y1] = center(r1, c1);
  const pz = mem.pz;
  // Room around the hexes for the coordinates: column letters above and
  // below, row numbers on the left.
  pz.setBox([x0 - W - 6, y0 - R - 20, x1 - x0 + 2.5 * W + 6, y1 - y0 + 2 * R + 40]);

  const minerals = new Map((view.board || []).map((c) => [c.hex, c]));
  const pawns = new Map();
  (view.players || []).forEach((p, i) => { if (p.pawn) pawns.set(p.pawn, i); });
  const pending = new Set(view.pending_cut || []);
  const gone = [];
  if (ctx.prev && ctx.prev.board) for (const c of ctx.prev.board) if (!minerals.has(c.hex)) gone.push(c);

  // Which hexes are targets now, and what clicking them sends.
  const targets = new Map();
  for (const verb of ['remove', 'place']) for (const [hx, m] of legal.hex.get(verb) || []) targets.set(hx, m);
  if (mem.selected) for (const [hx, m] of legal.hex.get('move') || []) targets.set(hx, m);
  if (mem.mode && mem.mode !== 'hammer') for (const [hx, m] of legal.hex.get(mem.mode) || []) targets.set(hx, m);
  if (mem.mode === 'hammer' && mem.mineral) for (const [hx, m] of legal.hammer.get(mem.mineral) || []) targets.set(hx, m);

  const svg = s('svg', { class: 'hexboard', role: 'group', 'aria-label': t('mn.board'), 'aria-describedby': 'mn-keys' });
  const cells = s('g', {});
  const marks = s('g', { 'aria-hidden': 'true' });
  const rings = s('g', { class: 'rings', 'aria-hidden': 'true' });
  svg.append(coords(r0, r1, c0, c1), cells, marks, rings);
  const tap = []; // centres of the places to tap
  const others = []; // centres of the other things to tap on the board (the selected pawn)
  let pawnAt = null; // the centre of the person's pawn, when it may move
  const mine = view.players?.[ctx.you]?.pawn || '';
  const canSelect = !!mine && pawns.get(mine) === ctx.you && legal.hex.has('move');
  // The keyboard cursor: a hex of the drawn board, the one Tab stop of
  // the board (a roving tabindex). A new step puts it on the pawn to
  // select, else on the first target.
  const inside = (hx) => { if (!hx) return false; const { row, col } = parseHex(hx); return row >= r0 && row <= r1 && col >= c0 && col <= c1; };
  // A tool chosen (with the Hammer, its mineral) puts it on the tool's
  // first target.
  const csig = mem.sig + '#' + mem.mode + mem.mineral;
  if (mem.cursorSig !== csig || !inside(mem.cursor)) {
    mem.cursorSig = csig;
    const first = [...targets.keys()][0];
    mem.cursor = (mem.mode && first) || (canSelect && mine) || first || (inside(mem.cursor) && mem.cursor) || mine || (view.board?.[0]?.hex) || hexName(r0, c0);
  }
  const polys = new Map();
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const name = hexName(row, col);
      const [x, y] = center(row, col);
      const c = minerals.get(name);
      const target = targets.get(name);
      const cls = ['hex', c ? `m-${c.mineral}` : 'empty', pending.has(name) && 'cut', target && 'legal'];
      const poly = s('polygon', { points: hexPoints(x, y), class: cls, 'data-hex': name, 'data-key': 'hex:' + name,
        tabindex: name === mem.cursor ? '0' : '-1', role: target || (canSelect && name === mine) ? 'button' : 'img',
        'aria-label': hexWords(ctx, name, { c, pawn: pawns.get(name), pending: pending.has(name), target, selected: mem.selected && name === mine, selectable: canSelect && name === mine }) });
      if (name === mem.cursor) poly.dataset.focusDefault = '';
      polys.set(name, poly);
      // The keyboard cursor: a dark ring with a white one inside it, seen
      // on every mineral's colour.
      const cursorRing = s('g', { class: 'cursor-ring' },
        s('polygon', { points: hexPoints(x, y, R - 3.2), class: 'cursor-out' }), s('polygon', { points: hexPoints(x, y, R - 3.2), class: 'cursor-in' }));
      // The ring shows the keyboard's focus, not a click's. The focus given
      // back after a new render (mem.refocus) leaves the view as the step
      // fitted it.
      poly.addEventListener('focus', () => {
        if (poly.matches(':focus-visible')) cursorRing.classList.add('focus');
        if (!mem.refocus) pz.reveal(x, y, W / 2);
      });
      poly.addEventListener('blur', () => cursorRing.classList.remove('focus'));
      if (target) {
        poly.dataset.move = target;
        poly.addEventListener('click', () => ctx.send(target));
        // A target is ringed: an outer dark ring and a bright one inside
        // it, around the hex, so the value and symbol stay readable.
        rings.append(s('polygon', { points: hexPoints(x, y, R + 1.2), class: 'ring-out' }), s('polygon', { points: hexPoints(x, y, R - 1.4), class: 'ring-in' }));
        tap.push([x, y]);
      }
      rings.append(cursorRing);
      cells.append(poly);
      if (c) {
        marks.append(s('text', { x, y: y + (ctx.colorBlind ? 9 : 4), class: `val m-${c.mineral}`, text: String(c.value) }));
        if (ctx.colorBlind) marks.append(glyph(SYMBOLS[c.mineral], x, y - 4.5, 11, LIGHT_INK.has(c.mineral) ? 'sym light' : 'sym'));
      }
      if (pending.has(name)) marks.append(glyph('cut', x + 8.5, y - 8, 10, 'cutmark'));
    }
  }
  for (const c of gone) {
    const { row, col } = parseHex(c.hex);
    const [x, y] = center(row, col);
    marks.append(s('polygon', { points: hexPoints(x, y), class: `ghost m-${c.mineral}` }));
  }
  const toggle = () => { mem.selected = !mem.selected; mem.mode = ''; rerender(); };
  for (const [hx, i] of pawns) {
    const { row, col } = parseHex(hx);
    const [x, y] = center(row, col);
    const own = i === ctx.you;
    const selectable = own && canSelect;
    // The pawn is drawn over its hex and hidden from screen readers: the
    // hex's name says whose pawn stands there, and the hex selects it.
    const g = paintSeat(s('g', { class: ['pawn', own && 'mine', selectable && 'selectable', selectable && mem.selected && 'selected'], 'data-pawn': i, 'data-hex': hx, 'aria-hidden': 'true' }), colors, i);
    // A pawn to select (or deselect) is tapped anywhere on its hex.
    if (selectable) g.append(s('polygon', { points: hexPoints(x, y), class: 'pawn-hit' }));
    g.append(s('circle', { cx: x, cy: y, r: R * 0.58 }), s('text', { x, y: y + 4, text: String(i + 1) }));
    if (selectable) {
      g.dataset.key = 'pawn';
      g.addEventListener('click', toggle);
      if (!targets.has(hx)) polys.get(hx)?.addEventListener('click', toggle);
      if (!mem.selected) tap.push([x, y]);
      else others.push([x, y]);
      pawnAt = [x, y];
    }
    svg.append(g);
  }
  // The keys: arrows (and q, e, z, c) move the cursor over the hexes, Enter
  // or Space acts at it, Escape cancels a selection.
  svg.addEventListener('focusin', (e) => {
    const hx = e.target.dataset?.hex;
    if (!hx || !polys.has(hx) || hx === mem.cursor) return;
    polys.get(mem.cursor)?.setAttribute('tabindex', '-1');
    e.target.setAttribute('tabindex', '0');
    mem.cursor = hx;
  });
  svg.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const hx = e.target.dataset?.hex;
    if (!hx || !polys.has(hx)) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const target = targets.get(hx);
      if (target) ctx.send(target);
      else if (canSelect && hx === mine) toggle();
      else ctx.announce?.(t('mn.access.nothinghere', { hex: hx }));
      return;
    }
    if (e.key === 'Escape') {
      if (!mem.selected && !mem.mode) return;
      e.preventDefault();
      e.stopPropagation();
      mem.selected = false; mem.mode = ''; mem.mineral = '';
      rerender();
      return;
    }
    const dir = keyDirection(e, parseHex(hx).row);
    if (!dir) return;
    e.preventDefault();
    const next = neighbourHex(hx, dir);
    if (next && polys.has(next)) polys.get(next).focus();
  });
  pz.attach(svg);
  const wrap = h('div', { class: 'hexwrap' }, pz.controls(t), svg);
  const focus = () => {
    if (mem.compact) { fitStage(); return; }
    if (!tap.length) { pz.focusKey = ''; return; }
    const xs = tap.map((p) => p[0]), ys = tap.map((p) => p[1]);
    pz.focus(ctx.legal.join('|') + '#' + mem.selected + mem.mode + mem.mineral, W,
      [Math.min(...xs) - W / 2, Math.min(...ys) - R, Math.max(...xs) + W / 2, Math.max(...ys) + R]);
  };
  // fitStage fits the board of a phone's stage to the step: every place
  // to tap (and, while the pawn is to be selected, where it may go), the
  // tutorial's target with the pawn it moves, or the whole board when
  // nothing is to be tapped.
  const fitStage = () => {
    const key = ctx.legal.join('|') + '#' + mem.selected + mem.mode + mem.mineral;
    const learn = mem.learn && ctx.legal.includes(mem.learn.move) && mem.learn.target;
    if (learn) {
      const { row, col } = parseHex(learn);
      const pts = [center(row, col)];
      if (mem.learn.move.startsWith('move ') && pawnAt) pts.push(pawnAt);
      pz.fitTargets('learn:' + mem.learn.move + '#' + key, pts, { hw: HW, hh: HH, maxScale: 2 });
      return;
    }
    const pts = [...tap, ...others];
    if (pawnAt && !mem.selected && !mem.mode) {
      for (const hx of (legal.hex.get('move') || new Map()).keys()) {
        const { row, col } = parseHex(hx);
        pts.push(center(row, col));
      }
    }
    pz.fitTargets(pts.length ? key : 'none', pts, { hw: HW, hh: HH, maxScale: 2.2 });
  };
  return { wrap, focus };
}

function actionBar(ctx, legal, mem, rerender) {
  const { t } = ctx;
  const bar = h('div', { class: 'actionbar', role: 'group', 'aria-label': t('table.moves') });
  for (const m of BUTTON_MOVES) {
    if (!ctx.legal.includes(m)) continue;
    bar.append(h('button', { type: 'button', class: m === 'end' ? 'primary move' : 'move', 'data-move': m, 'data-key': 'move:' + m,
      onclick: () => ctx.send(m), text: t(`mn.button.${m.replace(' ', '')}`) }));
  }
  if (mem.mode || mem.selected) bar.append(h('button', { type: 'button', 'data-key': 'cancel', onclick: () => { mem.mode = ''; mem.selected = false; rerender(); }, text: t('mn.button.cancel') }));
  return bar;
}

function toolsRow(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  if (!view.tools || !view.tools.length) return null;
  return h('section', { class: 'tools', 'aria-label': t('mn.tools') }, h('h3', { text: t('mn.tools') }),
    h('ul', {}, view.tools.map((tool) => {
      const id = tool.tool;
      const usable = id === 'hammer' ? legal.hammer.size > 0 : legal.hex.has(id);
      const direct = ctx.legal.includes(id); // the Chest
      const active = mem.mode === id;
      const textKey = `tool.${id}.text`;
      const text = t(textKey) !== textKey ? t(textKey) : tool.text;
      const li = h('li', { class: ['tool', usable && 'usable', active && 'active'], 'data-tool': id },
        h('div', { class: 'tool-head' }, h('strong', { text: t(`tool.${id}`) }), ' ', t('mn.cost'), ' ', swatch(t, tool.cost, 1),
          tool.reconstructed ? h('span', { class: 'tag', title: t('mn.reconstructed.help'), text: t('mn.reconstructed') }) : null),
        h('p', { class: 'tool-text', text }));
      // On a phone the stage holds the tools' buttons.
      if (mem.compact) return li;
      if (usable) {
        li.append(h('button', { type: 'button', class: 'move', 'aria-pressed': active ? 'true' : 'false', 'data-key': 'tool:' + id, 'data-tool-use': id,
          onclick: () => { mem.mode = active ? '' : id; mem.selected = false; mem.mineral = ''; mem.jump = !active && id !== 'hammer'; rerender(); },
          text: active ? t('mn.button.cancel') : t('mn.button.use') }));
        if (active && id === 'hammer') {
          li.append(h('div', { class: 'choose', role: 'group', 'aria-label': t('mn.choosemineral') },
            [...legal.hammer.keys()].map((m) => h('button', { type: 'button', class: ['chip', mem.mineral === m && 'active'], 'aria-pressed': mem.mineral === m ? 'true' : 'false',
              'data-key': 'hammer:' + m, onclick: () => { mem.mineral = m; mem.jump = true; rerender(); } }, swatch(t, m)))));
        }
      } else if (direct) {
        li.append(h('button', { type: 'button', class: 'move', 'data-move': id, 'data-key': 'move:' + id, onclick: () => ctx.send(id), text: t('mn.button.use') }));
      } else if (id === 'sack') {
        // Opening the Sack: one button per opponent a swap can balance.
        const opens = ctx.legal.filter((m) => m.startsWith('sack with '));
        if (opens.length) {
          li.append(h('div', { class: 'choose', role: 'group', 'aria-label': t('tool.sack') },
            opens.map((m) => {
              const o = Number(m.slice('sack with '.length)) - 1;
              return h('button', { type: 'button', class: 'move', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m) },
                seatBadge(seatColors(null, view), o, t), ' ', seatName(ctx, o));
            })));
        }
      }
      return li;
    })));
}

// cardBox draws a face-up card; takeMove and lessMove are the legal ways
// to take it ("take 2", "take 2 without orpiment"), or ''.
function cardBox(ctx, id, slot, takeMove, lessMove) {
  const { t } = ctx;
  const c = cards && cards[id];
  const box = h('div', { class: ['mcard', (takeMove || lessMove) && 'takeable'], 'data-card': id || '' });
  if (!id) { box.append(h('span', { class: 'muted', text: t('mn.emptyslot') })); return box; }
  // The deck: one diamond or two, drawn as gems.
  const gems = c ? [...c.deck].length : 0;
  box.append(h('div', { class: 'mcard-head' }, h('span', { class: 'deck', title: t('mn.deckof', { n: gems }) },
    Array.from({ length: gems }, () => icon('gem')), h('span', { class: 'sr', text: t('mn.deckof', { n: gems }) })), ' ', h('span', { class: 'cid', text: id })));
  if (c) {
    box.append(h('div', { class: 'mcard-minerals' }, MINERALS.filter((m) => c.minerals[m]).map((m) => swatch(t, m, c.minerals[m]))),
      h('div', { class: 'points', text: t('mn.cardpoints', { n: c.points }) + (c.reduced_points ? ' / ' + t('mn.withoutorpiment', { n: c.reduced_points }) : '') }));
  }
  // A two-diamond orpiment card may be taken two ways: face up for its points, or
  // upside down without the orpiment for its lower value.
  const both = takeMove && lessMove;
  if (takeMove) {
    box.append(h('button', { type: 'button', class: 'move primary', 'data-move': takeMove, 'data-key': 'move:' + takeMove, onclick: () => ctx.send(takeMove),
      text: t('mn.button.take') + (both && c ? ' · ' + t('mn.cardpoints', { n: c.points }) : '') }));
  }
  if (lessMove) {
    const words = c ? t('mn.withoutorpiment', { n: c.reduced_points }) : withoutOrpiment(t);
    box.append(h('button', { type: 'button', class: ['move', !takeMove && 'primary'], 'data-move': lessMove, 'data-key': 'move:' + lessMove, onclick: () => ctx.send(lessMove),
      text: t('mn.button.take') + ' · ' + words }));
  }
  return box;
}

// withoutOrpiment returns the words "without orpiment" in the language.
function withoutOrpiment(t) { return t('mn.withoutorpiment', { n: '' }).trim(); }

function collectionRow(view, ctx, legal, mem) {
  const { t } = ctx;
  if (!view.face_up || !view.face_up.length) return null;
  // On a phone the stage holds the buttons that take a card.
  const takes = !mem.compact;
  return h('section', { class: 'collection', 'aria-label': t('mn.collection') }, h('h3', {}, t('mn.collection'), ' ', h('small', { text: t('mn.deck', { n: view.deck_size }) })),
    h('div', { class: 'cards' }, view.face_up.map((id, i) => {
      const m = `take ${i + 1}`, less = `take ${i + 1} without orpiment`;
      return cardBox(ctx, id, i, takes && ctx.legal.includes(m) ? m : '', takes && ctx.legal.includes(less) ? less : '');
    })));
}

// toolsNow draws, on a phone's stage, a button for each tool that may be
// used now (by its name and cost; pressed while choosing its hex), the
// minerals the Hammer may put down once it is chosen, and a button per
// opponent the Sack may be opened with. The Chest is the action bar's.
function toolsNow(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  const buttons = [];
  for (const tool of view.tools || []) {
    const id = tool.tool;
    if (id === 'hammer' ? legal.hammer.size > 0 : legal.hex.has(id)) {
      const active = mem.mode === id;
      buttons.push(h('button', { type: 'button', class: ['move', 'mn-tool', active && 'active'], 'aria-pressed': active ? 'true' : 'false', 'data-key': 'tool:' + id, 'data-tool-use': id,
        'aria-label': t('mn.usetool', { tool: t(`tool.${id}`) }), onclick: () => { mem.mode = active ? '' : id; mem.selected = false; mem.mineral = ''; mem.jump = !active && id !== 'hammer'; rerender(); } },
      t(`tool.${id}`), ' ', swatch(t, tool.cost, 1)));
      if (active && id === 'hammer') {
        buttons.push(h('span', { class: 'choose', role: 'group', 'aria-label': t('mn.choosemineral') },
          [...legal.hammer.keys()].map((m) => h('button', { type: 'button', class: ['chip', mem.mineral === m && 'active'], 'aria-pressed': mem.mineral === m ? 'true' : 'false',
            'data-key': 'hammer:' + m, onclick: () => { mem.mineral = m; mem.jump = true; rerender(); } }, swatch(t, m)))));
      }
    } else if (id === 'sack') {
      for (const m of ctx.legal.filter((x) => x.startsWith('sack with '))) {
        const o = Number(m.slice('sack with '.length)) - 1;
        buttons.push(h('button', { type: 'button', class: 'move mn-tool', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m) },
          t('tool.sack'), ' ', swatch(t, tool.cost, 1), ' ', seatBadge(seatColors(null, view), o, t), ' ', seatName(ctx, o)));
      }
    }
  }
  return buttons.length ? h('div', { class: 'mn-now', role: 'group', 'aria-label': t('mn.tools') }, buttons) : null;
}

// cardSlots draws, on a phone's stage when a card may be taken, each
// face-up card that may be taken small (the minerals it asks for) with its
// buttons: take it, and for a two-diamond orpiment card also take it
// without the orpiment.
function cardSlots(view, ctx) {
  const { t } = ctx;
  const slots = (view.face_up || []).map((id, i) => {
    const m = `take ${i + 1}`, less = `take ${i + 1} without orpiment`;
    return { id, take: ctx.legal.includes(m) ? m : '', less: ctx.legal.includes(less) ? less : '' };
  });
  const takeable = slots.filter((x) => x.take || x.less);
  if (!takeable.length) return null;
  return h('div', { class: 'mn-slots', role: 'group', 'aria-label': t('mn.collection') }, takeable.map(({ id, take, less }) => {
    const c = cards && cards[id];
    const slot = h('div', { class: ['mn-slot', (take || less) && 'takeable'], 'data-card': id || '' });
    if (c) slot.append(h('span', { class: 'mcard-minerals' }, MINERALS.filter((m) => c.minerals[m]).map((m) => swatch(t, m, c.minerals[m]))));
    else slot.append(h('span', { class: 'cid', text: id || t('mn.emptyslot') }));
    if (take) {
      slot.append(h('button', { type: 'button', class: 'move primary', 'data-move': take, 'data-key': 'move:' + take, onclick: () => ctx.send(take),
        text: t('mn.button.take') + (c ? ' · ' + t('mn.cardpoints', { n: c.points }) : '') }));
    }
    if (less) {
      slot.append(h('button', { type: 'button', class: ['move', !take && 'primary'], 'data-move': less, 'data-key': 'move:' + less, onclick: () => ctx.send(less),
        text: t('mn.button.take') + ' · ' + (c ? t('mn.withoutorpiment', { n: c.reduced_points }) : withoutOrpiment(t)) }));
    }
    return slot;
  }));
}

// poolNow draws the person's own pool small, on a phone's stage while a
// Sack's swap is built.
function poolNow(view, ctx) {
  const { t } = ctx;
  const p = view.players?.[ctx.you];
  if (!p) return null;
  return h('div', { class: 'mn-pool', id: 'mn-pool' }, h('span', { class: 'label', text: t('mn.pool') }),
    MINERALS.filter((m) => p.pool?.[m]).map((m) => swatch(t, m, p.pool[m])));
}

function pouchBox(view, t) {
  return h('section', { class: 'pouch', 'aria-label': t('mn.pouch') }, h('h3', { text: t('mn.pouch') }),
    h('div', { class: 'swatches' }, MINERALS.map((m) => swatch(t, m, view.pouch?.[m] ?? 0))));
}

function playerBoards(view, ctx, colors) {
  const { t } = ctx;
  return h('section', { class: 'players', 'aria-label': t('mn.players') }, (view.players || []).map((p, i) => {
    const current = view.current === i && view.phase !== 'over';
    return paintSeat(h('div', { class: ['pboard', current && 'current', i === ctx.you && 'you'], 'data-player': i },
      h('h3', {}, seatBadge(colors, i, t), ' ', ctx.names[i] ?? t('seat.number', { n: i + 1 }),
        current ? h('span', { class: 'tag acting', text: t('table.tomove') }) : null,
        h('span', { class: 'score', 'data-score': p.score, text: t('table.points', { n: p.score }) })),
      h('div', { class: 'row' }, h('span', { class: 'label', text: t('mn.pool') }), MINERALS.filter((m) => p.pool?.[m]).map((m) => swatch(t, m, p.pool[m])),
        !MINERALS.some((m) => p.pool?.[m]) ? h('span', { class: 'muted', text: '—' }) : null),
      MINERALS.some((m) => p.tools_paid?.[m]) ? h('div', { class: 'row' }, h('span', { class: 'label', text: t('mn.paid') }), MINERALS.filter((m) => p.tools_paid[m]).map((m) => swatch(t, m, p.tools_paid[m]))) : null,
      p.breakdown?.cards?.length ? h('div', { class: 'row' }, h('span', { class: 'label', text: t('mn.cards') }),
        p.breakdown.cards.map((c) => cardChip(t, c))) : null,
      p.breakdown ? scoreSum(view, p.breakdown, t) : null,
      // Before the pawns are placed at set-up, none has left the board.
      p.pawn || ['remove', 'place pawn'].includes(view.phase) ? null : h('div', { class: 'muted', text: t('mn.offboard') })), colors, i);
  }));
}

// cardChip draws a collection card a player took by its picture (the
// minerals it asks for) with the points it scores.
function cardChip(t, c) {
  const card = cards?.[c.id];
  const words = t('mn.cardpoints', { n: c.points }) + (c.reduced ? ` (${withoutOrpiment(t)})` : '');
  const chip = h('span', { class: ['cardchip', c.reduced && 'reduced'], 'data-card': c.id, title: words },
    card ? MINERALS.filter((m) => card.minerals[m]).map((m) => swatch(t, m, card.minerals[m])) : h('span', { class: 'cid', text: c.id }),
    h('span', { class: 'chip-pts', text: words }));
  if (!card) chipsWaiting.push([chip, t, c]);
  return chip;
}

// scoreSum writes a player's score so far as the sum of its parts, as the
// view gives them: cards + minerals − tools = score.
function scoreSum(view, b, t) {
  const cardPts = (b.cards || []).reduce((n, c) => n + c.points, 0);
  const parts = [];
  if (view.version !== '6+') parts.push(t('mn.bd.sumcards', { n: cardPts }));
  parts.push(t('mn.bd.summinerals', { n: b.mineral_points }));
  let text = parts.join(' + ');
  if (view.version === 'full') text += ` − ${t('mn.bd.sumtools', { n: b.tool_minerals })}`;
  return h('div', { class: 'row scoresum', 'data-total': b.total }, h('span', { class: 'label', text: t('mn.bd.score') }), `${text} = ${b.total}`);
}

// breakdown returns each seat's score in parts for the end screen (see
// breakdown.js): every collection card by its picture with its points,
// the minerals paid for tools at −1 each, the minerals owned by value,
// and the tie-break; the parts are the view's (the server's), never
// worked out here.
export function breakdown(view, ctx) {
  const { t } = ctx;
  if (!view?.players) return null;
  return view.players.map((p) => {
    const b = p.breakdown;
    if (!b) return null;
    const lines = (b.cards || []).map((c) => ({ kind: 'card', label: cardChip(t, c), points: c.points }));
    if (view.version === 'full') {
      lines.push({ kind: 'tools', label: t('mn.bd.tools', { n: b.tool_minerals }), points: -b.tool_minerals });
    }
    const owned = MINERALS.filter((m) => b.minerals?.[m]);
    const six = view.version === '6+';
    lines.push({ kind: 'minerals', label: six ? t('mn.bd.count') : t('mn.bd.minerals'), points: b.mineral_points,
      detail: h('span', { class: 'bd-minerals' }, owned.length ? owned.map((m) => h('span', { class: 'bd-mineral' }, swatch(t, m, b.minerals[m]),
        six ? null : ` × ${MINERALS.indexOf(m) + 1} = ${b.minerals[m] * (MINERALS.indexOf(m) + 1)}`)) : '—') });
    if (!six) lines.push({ tie: true, label: t('mn.bd.tiebreak'), value: b.tie_break });
    return lines;
  });
}

// seatName returns the name of seat i, or its number counted from 1.
function seatName(ctx, i) { return ctx.names?.[i] ?? ctx.t('seat.number', { n: i + 1 }); }

// sackPanel draws the Sack's swap being built (phase "sack"): what the
// player gives and takes so far and their values, and, for the player
// building it, a button per mineral that may still be added to each side,
// the swap once both sides are worth the same, and cancel.
function sackPanel(view, ctx) {
  const { t } = ctx;
  const sk = view.sack;
  if (!sk) return null;
  const me = view.current, them = sk.with;
  const side = (key, counts, from, to, value) => {
    const adds = ctx.legal.filter((m) => m.startsWith(`sack ${key} `));
    return h('div', { class: 'sack-side', 'data-side': key },
      h('span', { class: 'label' }, seatName(ctx, from), ' → ', seatName(ctx, to)),
      h('span', { class: 'swatches' }, MINERALS.filter((m) => counts?.[m]).map((m) => swatch(t, m, counts[m])),
        !MINERALS.some((m) => counts?.[m]) ? h('span', { class: 'muted', text: '—' }) : null),
      h('span', { class: 'sack-value', 'data-value': value, text: t('table.points', { n: value }) }),
      adds.length ? h('span', { class: 'choose', role: 'group', 'aria-label': `${seatName(ctx, from)} → ${seatName(ctx, to)}` },
        adds.map((m) => {
          const mineral = m.split(' ')[2];
          return h('button', { type: 'button', class: 'chip move', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m),
            title: describe(m, t, ctx.names), 'aria-label': describe(m, t, ctx.names) }, '+ ', swatch(t, mineral));
        })) : null);
  };
  const buttons = ['sack swap', 'sack cancel'].filter((m) => ctx.legal.includes(m)).map((m) =>
    h('button', { type: 'button', class: m === 'sack swap' ? 'move primary' : 'move', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m),
      text: m === 'sack swap' ? t('mn.button.sack') : t('mn.button.cancel') }));
  return h('section', { class: 'sack-panel', id: 'mn-sack', 'aria-label': t('tool.sack') },
    h('h3', {}, t('tool.sack'), ' ', icon('swap'), ' ', seatBadge(seatColors(null, view), them, t), ' ', seatName(ctx, them)),
    side('give', sk.give, me, them, sk.give_value),
    side('take', sk.take, them, me, sk.take_value),
    buttons.length ? h('div', { class: 'actionbar' }, buttons) : null);
}

// cardWords says a collection card by what it asks for and scores ("3 ×
// wollastonite, 1 × kyanite for 7 points"), or by its id until the cards'
// data has come.
function cardWords(t, id) {
  const c = cards?.[id];
  if (!c) return id;
  const minerals = MINERALS.filter((m) => c.minerals[m]).map((m) => `${c.minerals[m]} × ${mineralName(t, m)}`).join(', ');
  return t('mn.log.cardwords', { minerals, n: c.points });
}

// positions are the board and the pawns of the views this page drew, by
// the number of actions played (the log's n), the last POSITIONS of them:
// the log's words for a move name the mineral it took when the page saw
// the position before it.
const positions = new Map();
const POSITIONS = 400;

// remember keeps the position of a view drawn after n actions.
function remember(view, n) {
  if (typeof n !== 'number' || positions.has(n) || !view?.board) return;
  positions.set(n, { phase: view.phase, board: new Map(view.board.map((c) => [c.hex, c.mineral])), pawns: (view.players || []).map((p) => p.pawn || '') });
  if (positions.size > POSITIONS) positions.delete(positions.keys().next().value);
}

// describe returns a Minerals move in words; ctx.player and ctx.n are the
// seat that made it and its number in the log, when known.
export function describe(move, t, names, ctx) {
  const f = move.split(' ');
  const m = (x) => t(`mineral.${x}`);
  switch (f[0]) {
    case 'move': {
      // The mineral a move takes is the one the pawn left, as the views
      // seen before and after it show.
      const before = positions.get((ctx?.n ?? 0) - 1);
      const from = before?.pawns[ctx?.player];
      const mineral = from && before.board.get(from);
      if (mineral) return t('mn.log.movetook', { from, hex: f[1], mineral: m(mineral) });
      return t('mn.log.move', { hex: f[1] });
    }
    case 'place': {
      // At set-up a player places the pawn of the player on their right.
      const before = positions.get((ctx?.n ?? 0) - 1);
      if (before?.phase === 'place pawn' && ctx.player >= 0) {
        const owner = (ctx.player + before.pawns.length - 1) % before.pawns.length;
        return t('mn.log.placefor', { name: names?.[owner] ?? t('seat.number', { n: owner + 1 }), hex: f[1] });
      }
      return t('mn.log.place', { hex: f[1] });
    }
    case 'remove':
      return t('mn.log.remove', { hex: f[1] });
    case 'no': return t('mn.log.nomove');
    case 'end': return t('mn.log.end');
    case 'cut': return t('mn.log.cut');
    case 'chest': return t('mn.log.chest');
    case 'take': return t('mn.log.take', { slot: f[1] }) + (f[2] === 'without' ? ` (${withoutOrpiment(t)})` : '');
    case 'draw': return t('mn.log.draw', { mineral: m(f[1]) });
    case 'reveal': return t('mn.log.reveal', { card: cardWords(t, f[1]) });
    case 'hammer': return t('mn.log.hammer', { mineral: m(f[1]), hex: f[2] });
    case 'sack':
      switch (f[1]) {
        case 'with': {
          const o = Number(f[2]) - 1;
          return t('mn.log.sackwith', { name: names?.[o] ?? t('seat.number', { n: o + 1 }) });
        }
        case 'give': return t('mn.log.sackgive', { mineral: m(f.slice(2).join(' ')) });
        case 'take': return t('mn.log.sacktake', { mineral: m(f.slice(2).join(' ')) });
        case 'swap': return t('mn.log.sackswap');
        case 'cancel': return t('mn.log.sackcancel');
      }
      return '';
  }
  if (HEX_TOOLS.includes(f[0]) && f.length === 2) return t(`mn.log.tool`, { tool: t(`tool.${f[0]}`), hex: f[1] });
  return '';
}

// learnTarget is the tutorial page's hook (js/learn.js): for a pawn's
// move it selects the learner's pawn on the board drawn in el, so that the
// hex named target is the one to click; it rings that hex above every
// other ring and reports whether it found it.
export function learnTarget(el, move, target) {
  const mem = memory.get(el);
  if (!mem?.ctx) return false;
  const select = move.startsWith('move ') && !mem.selected && mem.ctx.legal.includes(move);
  const refit = mem.compact && (mem.learn?.move !== move || mem.learn?.target !== target);
  mem.learn = { move, target };
  if (select) mem.selected = true;
  if (select || refit) render(el, mem.ctx);
  const poly = target && el.querySelector(`polygon[data-hex="${CSS.escape(target)}"]`);
  if (!poly) return false;
  poly.classList.add('learn-target');
  const ring = s('polygon', { points: poly.getAttribute('points'), class: 'learn-ring', 'aria-hidden': 'true', 'pointer-events': 'none' });
  poly.ownerSVGElement.append(ring);
  return true;
}

// ---- play without sight: what the screen-reader mode reads ----

// boardOf returns the view's board as a map hex -> {mineral, value} and
// its pawns as a map hex -> seat (the final position at the end).
function boardOf(view) {
  const final = view.phase === 'over' && view.final;
  const board = new Map(((final ? final.board : view.board) || []).map((c) => [c.hex, c]));
  const pawns = new Map();
  if (final) { if (final.pawn) pawns.set(final.pawn, final.seat); } else (view.players || []).forEach((p, i) => { if (p.pawn) pawns.set(p.pawn, i); });
  return { board, pawns };
}

// countsWords says counts of minerals by colour ("2 × blue (kyanite), 1 ×
// white (wollastonite)"), or none.
function countsWords(t, counts) {
  const list = MINERALS.filter((m) => counts?.[m]).map((m) => countWords(t, m, counts[m]));
  return list.length ? list.join(', ') : t('mn.access.none');
}

// fragmentsAfter returns the fragments a move of the pawn on from to hex
// to cuts off, from the view alone: the minerals left without a pawn once
// the mineral under from leaves, each fragment's hexes and the mineral it
// gives (its lowest).
function fragmentsAfter(board, pawns, from, to) {
  const left = new Map(board);
  left.delete(from);
  const stands = new Set([...pawns.keys()].filter((hx) => hx !== from));
  stands.add(to);
  const seen = new Set();
  const out = [];
  for (const d of DIRECTIONS) {
    const nb = neighbourHex(from, d);
    if (!nb || !left.has(nb) || seen.has(nb)) continue;
    const group = [nb];
    seen.add(nb);
    let pawn = false;
    for (let i = 0; i < group.length; i++) {
      if (stands.has(group[i])) pawn = true;
      for (const d2 of DIRECTIONS) {
        const n2 = neighbourHex(group[i], d2);
        if (n2 && left.has(n2) && !seen.has(n2)) { seen.add(n2); group.push(n2); }
      }
    }
    if (pawn) continue;
    const lowest = group.reduce((a, b) => (left.get(b).value < left.get(a).value ? b : a));
    out.push({ hexes: group.sort(), takes: left.get(lowest).mineral });
  }
  return out;
}

// pawnMoves returns the legal moves of the person's pawn (a plain move, or
// one with the Map or the Compass) as a map hex -> move.
function pawnMoves(legal) {
  const out = new Map();
  for (const m of legal) {
    const f = m.split(' ');
    if (f.length === 2 && ['move', 'map', 'compass'].includes(f[0]) && !out.has(f[1])) out.set(f[1], m);
  }
  return out;
}

// cellWords says what is on hex ref of the view, or null for no hex.
function cellWords(ctx, ref) {
  const hx = String(ref || '').trim().toLowerCase();
  if (!validHex(hx)) return null;
  const { board, pawns } = boardOf(ctx.view);
  const legal = classify(ctx.legal || []);
  const targets = [...(legal.hex.get('remove') || new Map()), ...(legal.hex.get('place') || new Map())];
  const target = targets.find(([h]) => h === hx)?.[1] || pawnMoves(ctx.legal || []).get(hx);
  return hexWords(ctx, hx, { c: board.get(hx), pawn: pawns.get(hx), pending: (ctx.view.pending_cut || []).includes(hx), target });
}

// access is what the screen-reader mode reads (see the contract in
// js/access.js): the position in a few sentences, a hex's contents, and
// the questions a player asks of the board.
export const access = {
  summary(ctx) {
    const { view, t } = ctx;
    const out = [];
    const { board, pawns } = boardOf(view);
    const phase = view.phase === 'sack' ? t('tool.sack') : t(`mn.phase.${view.phase}`);
    if (view.phase === 'over') out.push(phase);
    else if (view.current === ctx.you) out.push(t('mn.access.yourturn', { phase }));
    else out.push(t('mn.access.turnof', { name: seatName(ctx, view.current), phase }));
    const me = view.players?.[ctx.you];
    if (me) {
      out.push(me.pawn ? t('mn.access.pawnon', { hex: me.pawn, under: board.get(me.pawn) ? mineralWords(t, board.get(me.pawn).mineral) : '—', n: board.get(me.pawn)?.value ?? 0 }) : t('mn.offboard'));
      out.push(t('mn.access.yourpool', { minerals: countsWords(t, me.pool), score: me.score }));
    }
    const counts = {};
    for (const c of board.values()) counts[c.mineral] = (counts[c.mineral] || 0) + 1;
    out.push(t('mn.access.boardcount', { n: board.size, minerals: countsWords(t, counts) }));
    out.push(t('mn.access.pawns', { list: [...pawns].map(([hx, i]) => t('mn.access.pawnat', { name: seatName(ctx, i), hex: hx })).join(', ') || t('mn.access.none') }));
    if (view.pending_cut?.length) out.push(t('mn.access.pendinglist', { list: view.pending_cut.join(', ') }));
    if (view.sack) {
      out.push(t('mn.access.sack', { from: seatName(ctx, view.current), to: seatName(ctx, view.sack.with), give: countsWords(t, view.sack.give), gv: view.sack.give_value,
        take: countsWords(t, view.sack.take), tv: view.sack.take_value }));
    }
    if (view.phase === 'over' && view.final) out.push(t('mn.final'));
    return out;
  },

  cell(ctx, ref) { return cellWords(ctx, ref); },

  commands(ctx) {
    const { t } = ctx;
    const cmd = (key, answer) => ({ words: t(`mn.access.cmd.${key}`).split('|').map((w) => w.trim().toLowerCase()), help: t(`mn.access.help.${key}`), answer });
    return [
      cmd('mypawn', (c) => {
        const me = c.view.players?.[c.you];
        if (!me) return c.t('mn.access.nopawn');
        if (!me.pawn) return c.t('mn.offboard');
        const { board } = boardOf(c.view);
        const under = board.get(me.pawn);
        const moves = [...pawnMoves(c.legal || []).keys()];
        return [c.t('mn.access.pawnon', { hex: me.pawn, under: under ? mineralWords(c.t, under.mineral) : '—', n: under?.value ?? 0 }),
          moves.length ? c.t('mn.access.goes', { list: moves.map((hx) => cellWords(c, hx)).join('; ') }) : c.t('mn.access.nomoves')].join(' ');
      }),
      cmd('fragments', (c) => {
        const me = c.view.players?.[c.you];
        const moves = pawnMoves(c.legal || []);
        if (!me?.pawn || !moves.size) return c.t('mn.access.nomoves');
        const { board, pawns } = boardOf(c.view);
        const lines = [];
        for (const hx of moves.keys()) {
          const frags = fragmentsAfter(board, pawns, me.pawn, hx);
          if (!frags.length) continue;
          lines.push(c.t('mn.access.cutsoff', { hex: hx, n: frags.length,
            list: frags.map((f) => c.t('mn.access.fragment', { hexes: f.hexes.join(' '), n: f.hexes.length, mineral: mineralWords(c.t, f.takes) })).join('; ') }));
        }
        return lines.length ? lines.join(' ') : c.t('mn.access.nofragments');
      }),
      cmd('pawns', (c) => {
        const { pawns } = boardOf(c.view);
        return c.t('mn.access.pawns', { list: [...pawns].map(([hx, i]) => c.t('mn.access.pawnat', { name: seatName(c, i), hex: hx })).join(', ') || c.t('mn.access.none') });
      }),
      cmd('pool', (c) => (c.view.players || []).map((p, i) => c.t('mn.access.poolof', { name: seatName(c, i), minerals: countsWords(c.t, p.pool), tools: countsWords(c.t, p.tools_paid), score: p.score })).join(' ')),
      cmd('pouch', (c) => c.t('mn.access.pouch', { minerals: countsWords(c.t, c.view.pouch) })),
      cmd('cards', (c) => {
        if (!c.view.face_up?.length) return c.t('mn.access.nocards');
        return c.view.face_up.map((id, i) => {
          const can = (c.legal || []).filter((m) => m === `take ${i + 1}` || m === `take ${i + 1} without orpiment`);
          return c.t('mn.access.card', { slot: i + 1, card: id ? cardWords(c.t, id) : c.t('mn.emptyslot') }) + (can.length ? ' ' + c.t('mn.access.cantake', { moves: can.join(', ') }) : '');
        }).join(' ');
      }),
      cmd('tools', (c) => {
        const legal = classify(c.legal || []);
        if (!c.view.tools?.length) return c.t('mn.access.notools');
        return c.view.tools.map((tool) => {
          const id = tool.tool;
          const now = id === 'hammer' ? legal.hammer.size > 0 : legal.hex.has(id) || (c.legal || []).some((m) => m === id || m.startsWith(id + ' '));
          return c.t('mn.access.tool', { tool: c.t(`tool.${id}`), cost: mineralWords(c.t, tool.cost) }) + (now ? ' ' + c.t('mn.access.usable') : '');
        }).join(' ');
      }),
      cmd('keys', (c) => c.t('mn.access.keys')),
      cmd('around', (c, rest) => {
        const hx = String(rest || '').trim().toLowerCase() || c.view.players?.[c.you]?.pawn || '';
        if (!validHex(hx)) return c.t('mn.access.nohex', { ref: rest || '' });
        return c.t('mn.access.around', { hex: hx, list: DIRECTIONS.map((d) => neighbourHex(hx, d)).filter(Boolean).map((n) => cellWords(c, n)).join('; ') });
      }),
    ];
  },
};
