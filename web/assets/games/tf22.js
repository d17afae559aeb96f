// The TF22 Mine renderer: the 6 × 6 planet of double-sided mine cards in
// SVG with tunnels in the four colors (a symbol on every tunnel in
// color-blind mode) and, faintly, the tunnels of each card's back; turning
// and flipping animated with CSS transforms; crews, bases, White Ranium and
// the three loaders on the surface; the markers each seat has won.
//
// The action palette lists the actions A–K with their cost in ore and the
// ore left; an action that is not possible now says why on hover or focus
// (derived from the legal moves and the view). Choosing an action
// highlights its legal targets on the planet (cards, loaders) or lists
// them as buttons. The combat dialog lets the attacker and the defender
// choose a symbol card in the strategy variant and reveals both cards in
// every variant (in the luck and standard variants chance draws them, one
// after the other, and the view shows the pending draws face down); the
// defender's free action, the delivery and the re-placement of Ranium, the
// set-up swaps and the choice of a crew each have their own prompt. With 2
// players each seat leads two crews.
//
// Geometry follows the game's notation: positions are "row,col" from 1,1
// at the top left; a card's long sides face north and south; exits are the
// letters N, E, S, W. A card shows the tunnels of its visible side as it
// lies; the back seen through the card is the other side mirrored over the
// long axis, turned with the card.
import { h, s, clear, activate } from '../js/dom.js';
import { playerColorClass } from '../js/words.js';

const COLORS = ['white', 'red', 'blue', 'yellow'];
// Color-blind symbols, one per tunnel and crew color.
const COLOR_SYMBOLS = { white: '○', red: '□', blue: '△', yellow: '◇' };
// Glyphs of the card symbols (the name is always given in words too).
const SYMBOL_GLYPHS = { drill: '▼', gear: '✲', crystal: '◆', comet: '✦', lamp: '☀' };
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const COSTS = { A: 1, B: 1, C: 1, D: 1, E: 1, F: 1, G: 1, H: 1, I: 1, J: 3, K: 2 };
// Actions whose target is a card of the planet.
const CARD_TARGETS = ['A', 'B', 'C', 'D', 'J', 'K'];
// Actions taken by one of the player's crews.
const CREW_ACTIONS = ['D', 'E', 'F', 'G', 'I', 'J', 'K'];
const GRID = 6;
const CW = 96;    // card width (long side)
const CH = 64;    // card height
const GAP = 4;
const M = 30;     // room around the planet for the loaders
const LANE = { white: -12, red: -4, blue: 4, yellow: 12 }; // tunnel lanes, so two colors never overlap

const memory = new WeakMap();

// The card table generated from the game's pack: both sides of every card
// (for the faint back) and the symbol of every symbol card.
let data = null;
let dataLoading = null;
function loadData(rerender) {
  if (data || dataLoading) return;
  dataLoading = fetch('/assets/data/tf22.json').then((r) => r.json()).then((d) => {
    data = { cards: new Map(d.cards.map((c) => [c.id, c])), symbolCards: d.symbol_cards };
    rerender();
  }).catch(() => { dataLoading = null; });
}

// ---- geometry ----

function cardX(col) { return M + col * (CW + GAP); }
function cardY(row) { return M + row * (CH + GAP); }
function posName(row, col) { return `${row + 1},${col + 1}`; }
function parsePos(p) {
  const [r, c] = p.split(',').map(Number);
  return { row: r - 1, col: c - 1 };
}

// The 24 docks clockwise from the top-left card's north edge, as the
// engine numbers them.
const DOCKS = (() => {
  const d = [];
  for (let c = 0; c < GRID; c++) d.push({ row: 0, col: c, edge: 'N' });
  for (let r = 0; r < GRID; r++) d.push({ row: r, col: GRID - 1, edge: 'E' });
  for (let c = GRID - 1; c >= 0; c--) d.push({ row: GRID - 1, col: c, edge: 'S' });
  for (let r = GRID - 1; r >= 0; r--) d.push({ row: r, col: 0, edge: 'W' });
  return d;
})();

function dockPoint(d) {
  const x = cardX(d.col), y = cardY(d.row);
  switch (d.edge) {
    case 'N': return [x + CW / 2, y - M / 2];
    case 'S': return [x + CW / 2, y + CH + M / 2];
    case 'E': return [x + CW + M / 2, y + CH / 2];
    default: return [x - M / 2, y + CH / 2];
  }
}

// exitPoint is where a tunnel of color col leaves the card through edge e,
// in the card's own coordinates; hub is where it meets the others.
function exitPoint(e, col) {
  const o = LANE[col];
  switch (e) {
    case 'N': return [CW / 2 + o, 0];
    case 'S': return [CW / 2 + o, CH];
    case 'E': return [CW, CH / 2 + o * 0.6];
    default: return [0, CH / 2 + o * 0.6];
  }
}
function hub(col) { return [CW / 2 + LANE[col], CH / 2 + LANE[col] * 0.6]; }

// hintTunnels returns the tunnels of the card's hidden side as seen
// through it: the other side mirrored over the long axis (north and south
// swap), then turned with the card (a half turn swaps both pairs, which
// leaves east and west swapped).
function hintTunnels(card) {
  const c = data?.cards.get(card.id);
  if (!c) return {};
  const other = card.side === 'back' ? c.front : c.back;
  const swap = card.turned ? { E: 'W', W: 'E' } : { N: 'S', S: 'N' };
  const out = {};
  for (const [col, ex] of Object.entries(other.tunnels || {})) {
    out[col] = [...ex].map((e) => swap[e] || e).join('');
  }
  return out;
}

// ---- the legal moves, by what they do ----

// classify splits the legal moves into: card targets per action letter and
// crew, the other moves per letter, and the set-up, combat and placement
// answers.
function classify(legal) {
  const c = { letters: new Map(), cards: new Map(), keep: null, swaps: [], choose: [], symbol: [], place: new Map() };
  for (const m of legal) {
    const f = m.split(' ');
    if (LETTERS.includes(f[0])) {
      if (!c.letters.has(f[0])) c.letters.set(f[0], []);
      c.letters.get(f[0]).push(m);
    } else if (f[0] === 'keep') c.keep = m;
    else if (f[0] === 'swap') c.swaps.push({ a: f[1], b: f[3], move: m });
    else if (f[0] === 'choose') c.choose.push(m);
    else if (f[0] === 'card') c.symbol.push(m);
    else if (f[0] === 'place') c.place.set(f[1], m);
  }
  return c;
}

// crewOf returns the crew a move of a crew action names ("" for others).
function crewOf(move) {
  const f = move.split(' ');
  return CREW_ACTIONS.includes(f[0]) ? f[1] : '';
}

// targetOf returns the card a move names, if any.
function targetOf(move) {
  const f = move.split(' ');
  if (['A', 'B', 'C'].includes(f[0])) return f[1];
  if (['D', 'J', 'K'].includes(f[0])) return f[3];
  return '';
}

// ---- rendering ----

// render draws the view into el; ctx: view, prev, legal, send, you, names,
// t, colorBlind, n.
export function render(el, ctx) {
  const { view } = ctx;
  if (!document.getElementById('tf-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/games/tf22.css', id: 'tf-css' }));
  loadData(() => { const m = memory.get(el); if (m) render(el, m.ctx); });
  let mem = memory.get(el);
  if (!mem) mem = { mode: '', crew: '', swapFrom: '', sig: '', animView: null, anim: new Map(), fresh: false };
  const sig = ctx.legal.join('|');
  if (mem.sig !== sig) { mem.mode = ''; mem.swapFrom = ''; mem.sig = sig; }
  mem.ctx = ctx;
  memory.set(el, mem);
  // Animate what changed only on the first drawing of a view, not when the
  // same view is drawn again (a click in the palette, a language switch).
  mem.fresh = mem.animView !== view;
  if (mem.fresh) { mem.animView = view; mem.anim = changes(ctx.prev, view); } else mem.anim = new Map();
  const rerender = () => render(el, ctx);
  const legal = classify(ctx.legal);
  const own = ownCrews(view, ctx.you);
  if (mem.crew && !own.includes(mem.crew)) mem.crew = '';
  if (!mem.crew && own.length) mem.crew = own[0];

  clear(el).append(h('div', { class: ['tf22', ctx.colorBlind && 'cb'], id: 'tf', 'data-phase': view.phase, 'data-variant': view.variant },
    phaseLine(view, ctx, legal, mem),
    setupPanel(view, ctx, legal, mem, rerender),
    h('div', { class: 'tf-layout' },
      planet(view, ctx, legal, mem, rerender),
      h('div', { class: 'tf-side' },
        combatBox(view, ctx, legal, mem),
        placementBox(view, ctx, legal),
        palette(view, ctx, legal, mem, rerender),
        seatsBox(view, ctx)))));
}

// changes compares two views and returns how each card moved: "turn",
// "flip-long", "flip-short" or "swap", by position name.
function changes(prev, view) {
  const out = new Map();
  if (!prev || !prev.cards || !view.cards) return out;
  const before = new Map(prev.cards.map((c) => [posName(c.row, c.col), c]));
  for (const c of view.cards) {
    const p = before.get(posName(c.row, c.col));
    if (!p) continue;
    if (p.id !== c.id) out.set(posName(c.row, c.col), 'swap');
    else if (p.side === c.side && p.turned !== c.turned) out.set(posName(c.row, c.col), 'turn');
    else if (p.side !== c.side && p.turned === c.turned) out.set(posName(c.row, c.col), 'flip-long');
    else if (p.side !== c.side) out.set(posName(c.row, c.col), 'flip-short');
  }
  return out;
}

function ownCrews(view, you) {
  return (view.crews || []).filter((c) => c.owner === you && you >= 0).map((c) => c.color);
}

function colorName(t, col) { return t(`tf.color.${col}`); }

function seatLabel(ctx, seat) {
  return ctx.names[seat] ?? ctx.t('seat.number', { n: seat + 1 });
}

function crewLabel(ctx, view, col) {
  const c = (view.crews || []).find((x) => x.color === col);
  const who = c && c.owner >= 0 ? seatLabel(ctx, c.owner) : '';
  return who ? ctx.t('tf.crewof', { color: colorName(ctx.t, col), name: who }) : ctx.t('tf.crew', { color: colorName(ctx.t, col) });
}

function phaseLine(view, ctx, legal, mem) {
  const { t } = ctx;
  const mine = ctx.legal.length > 0;
  let hint = '';
  if (view.phase === 'swap') hint = mine ? t('tf.hint.swap', { n: view.swaps_left }) : t('tf.wait.swap');
  else if (view.phase === 'choose') hint = mine ? t('tf.hint.choose') : '';
  else if (view.phase === 'over') hint = view.winner >= 0 ? t('tf.won', { name: seatLabel(ctx, view.winner) }) : t('tf.limitreached');
  else if (mine && view.combat) hint = t('tf.hint.combat');
  else if (mine && view.placement) hint = legal.symbol.length ? t('tf.hint.placecard') : t('tf.hint.place');
  else if (mine && view.free_action === ctx.you) hint = t('tf.hint.free');
  else if (mine && mem.mode) hint = modeHint(t, mem.mode);
  else if (mine) hint = t('tf.hint.turn');
  const turnText = view.phase === 'turn' || view.phase === 'over'
    ? t('tf.turnof', { name: seatLabel(ctx, view.active), turn: view.turn }) : '';
  return h('p', { class: 'phase', id: 'tf-phase', 'data-phase': view.phase },
    h('strong', { text: t(`tf.phase.${view.phase}`) }),
    turnText ? ` · ${turnText}` : '',
    ' · ', t('tf.variant', { v: t(`option.tf22.symbol_cards.${view.variant}`) }),
    ' · ', t('tf.goal', { n: view.goal }),
    view.round_limit ? ` · ${t('tf.roundlimit', { n: view.round_limit })}` : '',
    hint ? h('span', { class: 'hint', id: 'tf-hint', text: ' — ' + hint }) : null);
}

function modeHint(t, mode) {
  if (CARD_TARGETS.includes(mode)) return t('tf.hint.target', { action: t(`tf.action.${mode}`) });
  return t('tf.hint.choice', { action: t(`tf.action.${mode}`) });
}

// setupPanel is the start player's keep button and the crew choice.
function setupPanel(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  if (view.phase === 'swap' && legal.keep) {
    return h('div', { class: 'tf-setup', id: 'tf-setup' },
      h('p', { text: mem.swapFrom ? t('tf.swap.second', { pos: mem.swapFrom }) : t('tf.swap.first', { n: view.swaps_left }) }),
      h('button', { type: 'button', class: 'move primary', 'data-move': legal.keep, 'data-key': 'move:keep', onclick: () => ctx.send(legal.keep), text: t('tf.keep') }),
      mem.swapFrom ? h('button', { type: 'button', 'data-key': 'swap-cancel', onclick: () => { mem.swapFrom = ''; rerender(); }, text: t('tf.cancel') }) : null);
  }
  if (view.phase === 'choose' && legal.choose.length) {
    return h('div', { class: 'tf-setup', id: 'tf-setup', role: 'group', 'aria-label': t('tf.hint.choose') },
      h('p', { text: view.players === 2 ? t('tf.choose.two') : t('tf.choose.one') }),
      legal.choose.map((m) => {
        const col = m.split(' ')[1];
        return h('button', { type: 'button', class: `move chip c-${col}`, 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m) },
          h('span', { class: `swatch c-${col}`, 'aria-hidden': 'true', text: COLOR_SYMBOLS[col] }), ' ', t('tf.choosecrew', { color: colorName(t, col) }));
      }));
  }
  return null;
}

// targetsNow returns the card targets of the current choice: position name
// -> move.
function targetsNow(view, ctx, legal, mem) {
  const out = new Map();
  if (legal.place.size) { for (const [p, m] of legal.place) out.set(p, m); return out; }
  if (view.phase === 'swap' && legal.swaps.length) {
    for (const sw of legal.swaps) {
      if (!mem.swapFrom) { out.set(sw.a, ''); out.set(sw.b, ''); } else if (sw.a === mem.swapFrom) out.set(sw.b, sw.move);
      else if (sw.b === mem.swapFrom) out.set(sw.a, sw.move);
    }
    return out;
  }
  if (!CARD_TARGETS.includes(mem.mode)) return out;
  for (const m of legal.letters.get(mem.mode) || []) {
    const crew = crewOf(m);
    if (crew && crew !== mem.crew) continue;
    out.set(targetOf(m), m);
  }
  return out;
}

function planet(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  const size = [2 * M + GRID * CW + (GRID - 1) * GAP, 2 * M + GRID * CH + (GRID - 1) * GAP];
  const svg = s('svg', { viewBox: `0 0 ${size[0]} ${size[1]}`, class: 'planet', id: 'tf-planet', role: 'group', 'aria-label': t('tf.planet') });
  svg.append(s('rect', { x: 2, y: 2, width: size[0] - 4, height: size[1] - 4, rx: 24, class: 'surface' }));
  const targets = targetsNow(view, ctx, legal, mem);
  const ranium = new Map();
  for (const c of view.cards || []) ranium.set(posName(c.row, c.col), c.ranium);
  for (const c of view.cards || []) svg.append(cardGroup(c, view, ctx, targets, mem, rerender));
  svg.append(basesGroup(view, t));
  svg.append(crewsGroup(view, ctx, legal, mem, rerender));
  svg.append(loadersGroup(view, ctx, legal, mem));
  return h('div', { class: 'tf-planetwrap' }, svg);
}

function tunnelPaths(g, tunnels, cls, colorBlind) {
  for (const col of COLORS) {
    const ex = tunnels[col];
    if (!ex) continue;
    const [hx, hy] = hub(col);
    let d = '';
    for (const e of ex) {
      const [x, y] = exitPoint(e, col);
      d += `M${hx},${hy}L${x},${y}`;
    }
    g.append(s('path', { d, class: `tunnel ${cls} c-${col}`, 'data-color': col, 'data-exits': ex }));
    if (colorBlind && cls === 'face') {
      for (const e of ex) {
        const [x, y] = exitPoint(e, col);
        g.append(s('text', { x: (hx + x) / 2, y: (hy + y) / 2 + 3, class: `tsym c-${col}`, 'aria-hidden': 'true', text: COLOR_SYMBOLS[col] }));
      }
    }
  }
}

function cardWords(t, c) {
  const tunnels = COLORS.filter((col) => c.tunnels[col]).map((col) => t('tf.tunnelexits', { color: t(`tf.color.${col}`), exits: c.tunnels[col] })).join(', ');
  const bits = [t('tf.cardat', { pos: posName(c.row, c.col) }), t(`tf.side.${c.side}`) + (c.turned ? ', ' + t('tf.turned') : ''), tunnels];
  if (c.symbol) bits.push(t('tf.symbolname', { symbol: t(`tf.symbol.${c.symbol}`) }));
  if (c.ranium) bits.push(t('tf.ranium'));
  return bits.join('; ');
}

function cardGroup(c, view, ctx, targets, mem, rerender) {
  const { t } = ctx;
  const name = posName(c.row, c.col);
  const x = cardX(c.col), y = cardY(c.row);
  const outer = s('g', { transform: `translate(${x},${y})`, class: 'cardpos' });
  const anim = mem.anim.get(name);
  const target = targets.has(name);
  const move = targets.get(name);
  const selected = mem.swapFrom === name;
  const body = s('g', { class: ['tfcard', `ring-${c.ring}`, anim && `anim-${anim}`, target && 'legal', selected && 'selected'],
    'data-pos': name, 'data-card': c.id, 'data-side': c.side, 'data-turned': c.turned ? 'true' : 'false' });
  body.append(s('rect', { width: CW, height: CH, rx: 5, class: 'cardface' }));
  const hint = s('g', { class: 'backhint', 'aria-hidden': 'true' });
  tunnelPaths(hint, hintTunnels(c), 'hint', false);
  body.append(hint);
  const face = s('g', { class: 'tunnels', 'aria-hidden': 'true' });
  const cols = COLORS.filter((col) => c.tunnels[col]);
  if (cols.length) face.append(s('ellipse', { cx: CW / 2, cy: CH / 2, rx: 16, ry: 10, class: 'chamber' }));
  tunnelPaths(face, c.tunnels, 'face', ctx.colorBlind);
  body.append(face);
  if (c.symbol) {
    body.append(s('text', { x: 8, y: 15, class: 'cardsym', 'data-symbol': c.symbol, 'aria-hidden': 'true', text: SYMBOL_GLYPHS[c.symbol] || '?' }));
  }
  if (c.ranium) {
    body.append(s('polygon', { points: `${CW - 14},6 ${CW - 7},13 ${CW - 14},20 ${CW - 21},13`, class: 'ranium', 'data-ranium': name }));
  }
  if (target) body.append(s('rect', { width: CW, height: CH, rx: 5, class: 'targetframe' }));
  outer.append(body);
  const label = cardWords(t, c);
  if (target && move) {
    body.dataset.move = move;
    body.dataset.key = 'card:' + name;
    activate(body, `${describe(move, t, ctx.names)} — ${label}`, () => ctx.send(move));
  } else if (target && !move) { // the first card of a swap
    body.dataset.key = 'card:' + name;
    activate(body, t('tf.swap.pick', { card: label }), () => { mem.swapFrom = name; rerender(); });
  } else if (selected) {
    body.dataset.key = 'card:' + name;
    activate(body, t('tf.swap.unpick', { card: label }), () => { mem.swapFrom = ''; rerender(); });
  } else {
    body.setAttribute('role', 'img');
    body.setAttribute('aria-label', label);
  }
  body.append(s('title', { text: label }));
  return outer;
}

function basesGroup(view, t) {
  const g = s('g', { class: 'bases' });
  for (const c of view.crews || []) {
    const x = cardX(c.base_col), y = cardY(c.base_row);
    const bx = c.base_col < GRID / 2 ? x + 4 : x + CW - 20;
    const by = c.base_row < GRID / 2 ? y + 4 : y + CH - 20;
    g.append(s('rect', { x: bx, y: by, width: 16, height: 16, rx: 2, class: `base c-${c.color}`, 'data-base': c.color, role: 'img', 'aria-label': t('tf.base', { color: colorName(t, c.color) }) }),
      s('text', { x: bx + 8, y: by + 12, class: 'basemark', 'aria-hidden': 'true', text: COLOR_SYMBOLS[c.color] }));
  }
  return g;
}

function crewsGroup(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  const g = s('g', { class: 'crews' });
  const onCard = new Map();
  for (const c of view.crews || []) {
    const k = posName(c.row, c.col);
    if (!onCard.has(k)) onCard.set(k, []);
    onCard.get(k).push(c);
  }
  const cards = new Map((view.cards || []).map((c) => [posName(c.row, c.col), c]));
  const own = ownCrews(view, ctx.you);
  const choosing = view.phase === 'turn' && ctx.legal.length && !view.combat && !view.placement && own.length > 1;
  for (const [k, list] of onCard) {
    const { row, col } = parsePos(k);
    list.forEach((c, i) => {
      const cx = cardX(col) + 22 + i * 18 + (list.length === 1 ? 26 : 0);
      const cy = cardY(row) + CH - 16;
      const inRock = !cards.get(k)?.tunnels[c.tunnel];
      const mine = own.includes(c.color);
      const sel = mine && choosing && mem.crew === c.color;
      const grp = s('g', { class: ['crew', `c-${c.color}`, c.owner >= 0 && playerColorClass(c.owner), mine && 'mine', sel && 'selected', inRock && 'inrock'],
        'data-crew': c.color, 'data-pos': k, 'data-tunnel': c.tunnel, 'data-ranium': c.ranium });
      grp.append(s('circle', { cx, cy, r: 10, class: 'crewbody' }),
        s('circle', { cx, cy, r: 5, class: `crewtunnel c-${c.tunnel}` }),
        s('text', { x: cx, y: cy - 13, class: 'crewlabel', 'aria-hidden': 'true', text: ctx.colorBlind ? COLOR_SYMBOLS[c.color] : (c.owner >= 0 ? String(c.owner + 1) : '') }));
      for (let r = 0; r < c.ranium; r++) {
        const rx = cx + 9 + r * 7, ry = cy + 4;
        grp.append(s('polygon', { points: `${rx},${ry - 5} ${rx + 4},${ry} ${rx},${ry + 5} ${rx - 4},${ry}`, class: 'ranium carried' }));
      }
      const words = t('tf.crewat', { crew: crewLabel(ctx, view, c.color), pos: k, tunnel: colorName(t, c.tunnel), n: c.ranium }) + (inRock ? ' ' + t('tf.inrock') : '');
      if (mine && choosing) {
        grp.dataset.key = 'crew:' + c.color;
        activate(grp, t('tf.selectcrew', { crew: words }), () => { mem.crew = c.color; rerender(); });
        grp.setAttribute('aria-pressed', sel ? 'true' : 'false');
      } else {
        grp.setAttribute('role', 'img');
        grp.setAttribute('aria-label', words);
      }
      grp.append(s('title', { text: words }));
      g.append(grp);
    });
  }
  return g;
}

function loadersGroup(view, ctx, legal, mem) {
  const { t } = ctx;
  const g = s('g', { class: 'loaders' });
  const hMoves = mem.mode === 'H' ? legal.letters.get('H') || [] : [];
  for (const l of view.loaders || []) {
    const [x, y] = dockPoint(DOCKS[l.dock]);
    const lg = s('g', { class: 'loader', 'data-loader': l.loader, 'data-dock': l.dock, role: 'img', 'aria-label': t('tf.loaderat', { n: l.loader, pos: posName(l.row, l.col), edge: t(`tf.edge.${l.edge}`) }) });
    lg.append(s('rect', { x: x - 12, y: y - 9, width: 24, height: 18, rx: 6, class: 'loaderbody' }),
      s('text', { x, y: y + 4, class: 'loaderlabel', text: String(l.loader) }));
    g.append(lg);
    for (const m of hMoves) {
      const f = m.split(' ');
      if (Number(f[2]) !== l.loader) continue;
      const to = (l.dock + (f[3] === 'forward' ? 1 : DOCKS.length - 1)) % DOCKS.length;
      const [tx, ty] = dockPoint(DOCKS[to]);
      const tg = s('g', { class: 'loadertarget legal', 'data-move': m, 'data-key': 'move:' + m });
      tg.append(s('circle', { cx: tx, cy: ty, r: 10, class: 'targetdot' }), s('text', { x: tx, y: ty + 4, class: 'loaderlabel', 'aria-hidden': 'true', text: f[3] === 'forward' ? '↻' : '↺' }));
      activate(tg, describe(m, t, ctx.names), () => ctx.send(m));
      g.append(tg);
    }
  }
  return g;
}

// ---- the action palette ----

// why says why action letter is not possible now for the viewer, in words
// derived from the view (the engine's own reasons come with an error frame
// when a move is refused).
function why(letter, view, ctx, legal) {
  const { t } = ctx;
  if (ctx.you < 0) return t('tf.why.spectator');
  if (view.phase === 'over') return t('tf.why.over');
  if (view.phase !== 'turn') return t('tf.why.setup');
  // While chance draws a symbol card (to_act -1) no seat acts: the combat
  // or the placement it is drawn for comes first.
  if (view.combat) return t('tf.why.combat');
  if (view.placement) return t('tf.why.placement');
  if (!ctx.legal.length) return t('tf.why.notyourturn', { name: seatLabel(ctx, view.to_act) });
  const free = view.free_action === ctx.you;
  if (free && COSTS[letter] > 1) return t('tf.why.free');
  if (!free && COSTS[letter] > view.ore) return t('tf.why.ore', { cost: COSTS[letter], ore: view.ore });
  if (letter === 'I' && (view.delivered?.[ctx.you] ?? 0) >= 2) return t('tf.why.Ilimit');
  const own = (view.crews || []).filter((c) => c.owner === ctx.you);
  // The secret tunnel is closed to a player any of whose crews carries
  // Ranium (with two players, the other crew too).
  const carrier = own.find((c) => c.ranium > 0);
  if (letter === 'J' && carrier) return t('tf.why.Jranium', { crew: colorName(t, carrier.color) });
  const cards = new Map((view.cards || []).map((c) => [posName(c.row, c.col), c]));
  const reasons = own.map((c) => {
    const pos = posName(c.row, c.col);
    const card = cards.get(pos);
    const inRock = !card?.tunnels[c.tunnel];
    const crew = colorName(t, c.color);
    const others = (view.crews || []).filter((o) => o.color !== c.color && o.owner !== c.owner && posName(o.row, o.col) === pos);
    switch (letter) {
      case 'D': return inRock ? t('tf.why.rock', { crew }) : t('tf.why.D', { crew, tunnel: colorName(t, c.tunnel) });
      case 'E': return t('tf.why.E', { crew, pos });
      case 'F': return t('tf.why.F', { crew, pos });
      case 'G': return others.length ? t('tf.why.Gempty', { crew }) : t('tf.why.G', { crew, pos });
      case 'I': return c.ranium === 0 ? t('tf.why.Iempty', { crew }) : inRock ? t('tf.why.rock', { crew }) : t('tf.why.I', { crew, tunnel: colorName(t, c.tunnel) });
      case 'J': return inRock ? t('tf.why.rock', { crew }) : t('tf.why.J', { crew });
      case 'K': return others.length ? (inRock ? t('tf.why.rock', { crew }) : t('tf.why.J', { crew })) : t('tf.why.K', { crew, pos });
    }
    return '';
  }).filter(Boolean);
  if (letter === 'H') return t('tf.why.H');
  return reasons.join(' ') || t('tf.why.none');
}

function orePips(n, of = 4) {
  const out = [];
  for (let i = 0; i < of; i++) out.push(h('span', { class: ['pip', i < n && 'full'], 'aria-hidden': 'true' }));
  return out;
}

function palette(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  if (view.phase !== 'turn') return null;
  const free = view.free_action >= 0;
  const youFree = view.free_action === ctx.you;
  const head = h('div', { class: 'tf-ore', id: 'tf-ore', 'data-ore': view.ore },
    h('strong', { text: t('tf.ore') }), ' ', h('span', { class: 'pips' }, orePips(view.ore)),
    ' ', h('span', { class: 'orecount', text: t('tf.oreleft', { n: view.ore, name: seatLabel(ctx, view.active) }) }),
    free ? h('span', { class: 'tag free', text: t('tf.freeaction', { name: seatLabel(ctx, view.free_action) }) }) : null);
  const items = LETTERS.map((L) => {
    const moves = legal.letters.get(L) || [];
    const possible = moves.length > 0;
    const active = mem.mode === L;
    const whyText = possible ? '' : why(L, view, ctx, legal);
    const cost = youFree ? t('tf.costfree') : t('tf.cost', { n: COSTS[L] });
    const btn = h('button', { type: 'button', class: ['tf-act', possible && 'possible', active && 'active'], 'data-action': L, 'data-key': 'action:' + L,
      'aria-pressed': active ? 'true' : 'false', 'aria-disabled': possible ? 'false' : 'true',
      'aria-describedby': possible ? undefined : `tf-why-${L}`,
      onclick: () => { if (!possible) return; mem.mode = active ? '' : L; mem.swapFrom = ''; rerender(); } },
    h('span', { class: 'letter', text: L }), ' ', h('span', { class: 'aname', text: t(`tf.action.${L}`) }), ' ',
    h('span', { class: 'cost', 'data-cost': COSTS[L], text: cost }));
    return h('li', { class: ['tf-action', possible ? 'can' : 'cannot'], 'data-action': L }, btn,
      possible ? null : h('span', { class: 'why', id: `tf-why-${L}`, role: 'tooltip', text: whyText }));
  });
  return h('section', { class: 'tf-palette', id: 'tf-palette', 'aria-label': t('tf.actions') },
    h('h3', { text: t('tf.actions') }), head, h('ul', { class: 'tf-actions' }, items), choices(view, ctx, legal, mem, rerender));
}

// choices lists what the chosen action needs next: the crew (with two),
// then the targets that are not cards, as buttons.
function choices(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  if (!mem.mode) return null;
  const moves = legal.letters.get(mem.mode) || [];
  const box = h('div', { class: 'tf-choices', id: 'tf-choices', role: 'group', 'aria-label': t(`tf.action.${mem.mode}`) });
  const crews = [...new Set(moves.map(crewOf).filter(Boolean))];
  if (crews.length > 1 || (crews.length === 1 && crews[0] !== mem.crew)) {
    if (!crews.includes(mem.crew)) mem.crew = crews[0];
    box.append(h('div', { class: 'crewpick' }, h('span', { text: t('tf.whichcrew') }), ' ', crews.map((col) =>
      h('button', { type: 'button', class: ['chip', `c-${col}`, mem.crew === col && 'active'], 'aria-pressed': mem.crew === col ? 'true' : 'false', 'data-key': 'pick:' + col,
        onclick: () => { mem.crew = col; rerender(); } }, h('span', { class: `swatch c-${col}`, 'aria-hidden': 'true', text: COLOR_SYMBOLS[col] }), ' ', colorName(t, col)))));
  }
  if (CARD_TARGETS.includes(mem.mode)) {
    box.append(h('p', { class: 'muted', text: modeHint(t, mem.mode) }));
  } else {
    for (const m of moves) {
      const crew = crewOf(m);
      if (crew && crews.length > 1 && crew !== mem.crew) continue;
      box.append(h('button', { type: 'button', class: 'move', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m), text: describe(m, t, ctx.names) }));
    }
  }
  box.append(h('button', { type: 'button', 'data-key': 'cancel', onclick: () => { mem.mode = ''; rerender(); }, text: t('tf.cancel') }));
  return box;
}

// ---- combat, delivery ----

function symbolOf(color, value) {
  return data?.symbolCards.find((c) => c.color === color && c.value === value)?.symbol || '';
}

function symbolCard(t, color, value, extra) {
  const sym = color ? symbolOf(color, value) : '';
  return h('span', { class: ['symcard', color && `c-${color}`, extra], 'data-value': value },
    h('span', { class: 'value', text: String(value) }),
    sym ? h('span', { class: 'sym', title: t(`tf.symbol.${sym}`), text: SYMBOL_GLYPHS[sym] || '' }) : null,
    sym ? h('span', { class: 'sr', text: t(`tf.symbol.${sym}`) }) : null);
}

function seatColor(view, seat) { return view.seats?.[seat]?.symbol_color || ''; }

function combatBox(view, ctx, legal, mem) {
  const { t } = ctx;
  const crews = new Map((view.crews || []).map((c) => [c.color, c]));
  if (view.combat) {
    const cb = view.combat;
    const att = crews.get(cb.attacker), def = crews.get(cb.defender);
    const mine = legal.symbol.length > 0;
    const me = mine ? (att?.owner === ctx.you && !cb.attacker_done ? att : def) : null;
    // In the luck and standard variants chance draws both cards, the
    // attacker's first and face up; in the strategy variant the players
    // choose them, the attacker's face down.
    const drawn = view.variant !== 'strategy';
    const pile = () => h('span', { class: 'symcard facedown', text: '?', title: t('tf.facedown') });
    const attackerSide = h('div', { class: 'fighter attacker' },
      h('h4', { text: t('tf.attacker', { crew: crewLabel(ctx, view, cb.attacker) }) }),
      h('p', { text: t('tf.carries', { n: att?.ranium ?? 0 }) }),
      cb.attacker_done
        ? (cb.attacker_card ? symbolCard(t, seatColor(view, att.owner), cb.attacker_card, drawn ? 'reveal' : 'facedown-own') : pile())
        : drawn ? pile() : h('span', { class: 'muted', text: t('tf.choosing') }));
    const defenderSide = h('div', { class: 'fighter defender' },
      h('h4', { text: t('tf.defender', { crew: crewLabel(ctx, view, cb.defender) }) }),
      h('p', { text: t('tf.carries', { n: def?.ranium ?? 0 }) }),
      drawn ? pile() : h('span', { class: 'muted', text: cb.attacker_done ? t('tf.choosing') : t('tf.waiting') }));
    const hand = mine ? h('div', { class: 'hand', role: 'group', 'aria-label': t('tf.yourhand') },
      h('p', { text: t('tf.combat.choose', { n: me?.ranium ?? 0 }) }),
      legal.symbol.map((m) => {
        const v = Number(m.split(' ')[1]);
        return h('button', { type: 'button', class: 'move cardbtn', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m),
          'aria-label': t('tf.playcard', { v, value: v - (me?.ranium ?? 0) }) },
        symbolCard(t, seatColor(view, ctx.you), v), h('span', { class: 'eff', text: t('tf.effective', { value: v - (me?.ranium ?? 0) }) }));
      })) : null;
    return h('section', { class: ['tf-combat', mine && 'modal'], id: 'tf-combat', role: 'dialog', 'aria-modal': mine ? 'true' : 'false', 'aria-labelledby': 'tf-combat-h', 'data-stage': cb.attacker_done ? 'defender' : 'attacker' },
      h('h3', { id: 'tf-combat-h', text: t('tf.combat') }),
      h('div', { class: 'fighters' }, attackerSide, h('span', { class: 'vs', text: t('tf.vs') }), defenderSide), hand);
  }
  const lc = view.last_combat;
  if (!lc) return null;
  const key = JSON.stringify(lc);
  const fresh = mem.fresh && ctx.prev && JSON.stringify(ctx.prev.last_combat || null) !== key;
  const att = crews.get(lc.attacker), def = crews.get(lc.defender);
  const outcome = lc.attacker_value > lc.defender_value ? 'attacker' : lc.attacker_value < lc.defender_value ? 'defender' : 'tie';
  return h('section', { class: ['tf-combat', 'result', fresh && 'fresh'], id: 'tf-lastcombat', 'data-outcome': outcome, 'aria-live': 'polite' },
    h('h3', { text: t('tf.lastcombat') }),
    h('div', { class: 'fighters' },
      h('div', { class: 'fighter attacker' }, h('h4', { text: t('tf.attacker', { crew: crewLabel(ctx, view, lc.attacker) }) }),
        symbolCard(t, att ? seatColor(view, att.owner) : '', lc.attacker_card, 'reveal'),
        h('p', { class: 'calc', text: t('tf.combatvalue', { card: lc.attacker_card, ranium: lc.attacker_card - lc.attacker_value, value: lc.attacker_value }) })),
      h('span', { class: 'vs', text: t('tf.vs') }),
      h('div', { class: 'fighter defender' }, h('h4', { text: t('tf.defender', { crew: crewLabel(ctx, view, lc.defender) }) }),
        symbolCard(t, def ? seatColor(view, def.owner) : '', lc.defender_card, 'reveal'),
        h('p', { class: 'calc', text: t('tf.combatvalue', { card: lc.defender_card, ranium: lc.defender_card - lc.defender_value, value: lc.defender_value }) }))),
    h('p', { class: 'outcome', text: t(`tf.outcome.${outcome}`) }));
}

function placementBox(view, ctx, legal) {
  const { t } = ctx;
  const pl = view.placement;
  if (!pl) return null;
  const mine = ctx.legal.length > 0;
  return h('section', { class: 'tf-placement', id: 'tf-placement', 'aria-live': 'polite' },
    h('h3', { text: t('tf.delivery') }),
    h('p', { text: t('tf.placeleft', { name: seatLabel(ctx, pl.placer), n: pl.remaining }) }),
    pl.symbol ? h('p', {}, t('tf.revealedsymbol'), ' ', h('span', { class: 'cardsym', text: SYMBOL_GLYPHS[pl.symbol] || '' }), ' ', t(`tf.symbol.${pl.symbol}`)) : null,
    mine && legal.symbol.length ? h('div', { class: 'hand', role: 'group', 'aria-label': t('tf.yourhand') },
      legal.symbol.map((m) => {
        const v = Number(m.split(' ')[1]);
        const sym = symbolOf(seatColor(view, ctx.you), v);
        return h('button', { type: 'button', class: 'move cardbtn', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m),
          'aria-label': t('tf.revealcard', { v, symbol: sym ? t(`tf.symbol.${sym}`) : '' }) }, symbolCard(t, seatColor(view, ctx.you), v));
      })) : null,
    mine && legal.place.size ? h('p', { class: 'muted', text: t('tf.hint.place') }) : null);
}

// ---- seats ----

function seatsBox(view, ctx) {
  const { t } = ctx;
  return h('section', { class: 'tf-seats', id: 'tf-seats', 'aria-label': t('tf.seats') }, (view.seats || []).map((sv) => {
    const current = view.phase === 'turn' && view.to_act === sv.seat;
    const markers = [];
    for (let i = 0; i < view.goal; i++) markers.push(h('span', { class: ['marker', i < sv.markers && 'won'], 'aria-hidden': 'true' }));
    return h('div', { class: ['tf-seat', current && 'current', sv.seat === ctx.you && 'you'], 'data-seat': sv.seat, 'data-markers': sv.markers },
      h('h4', {}, h('span', { class: `pawn-dot ${playerColorClass(sv.seat)}`, 'aria-hidden': 'true', text: String(sv.seat + 1) }), ' ', seatLabel(ctx, sv.seat),
        current ? h('span', { class: 'tag acting', text: t('table.tomove') }) : null),
      h('div', { class: 'row' }, h('span', { class: 'label', text: t('tf.crews') }),
        sv.crews.length ? sv.crews.map((col) => h('span', { class: `swatch c-${col}`, title: colorName(t, col), text: COLOR_SYMBOLS[col] })) : h('span', { class: 'muted', text: '—' })),
      h('div', { class: 'row markers', title: t('tf.markers', { n: sv.markers, goal: view.goal }) },
        h('span', { class: 'label', text: t('tf.markerslabel') }), markers, h('span', { class: 'sr', text: t('tf.markers', { n: sv.markers, goal: view.goal }) })),
      sv.symbol_color ? h('div', { class: 'row' }, h('span', { class: 'label', text: t('tf.symbolcards') }),
        view.variant === 'strategy' ? t('tf.handcount', { n: sv.hand_count }) : view.variant === 'standard' ? t('tf.pilecount', { n: sv.pile_count }) : t('tf.luckpile'),
        sv.hand?.length ? h('span', { class: 'hand' }, ' ', sv.hand.map((v) => symbolCard(t, sv.symbol_color, v))) : null,
        sv.revealed?.length ? h('span', { class: 'revealed', title: t('tf.revealed') }, ' · ', t('tf.revealed'), ' ', sv.revealed.join(' ')) : null) : null);
  }));
}

// describe returns a TF22 move in words.
export function describe(move, t, names) {
  const f = move.split(' ');
  const c = (x) => t(`tf.color.${x}`);
  switch (f[0]) {
    case 'keep': return t('tf.log.keep');
    case 'swap': return t('tf.log.swap', { a: f[1], b: f[3] });
    case 'choose': return t('tf.log.choose', { color: c(f[1]) });
    case 'A': case 'B': case 'C': return t(`tf.log.${f[0]}`, { pos: f[1] });
    case 'D': case 'J': case 'K': return t(`tf.log.${f[0]}`, { crew: c(f[1]), pos: f[3] });
    case 'E': return t('tf.log.E', { crew: c(f[1]), color: c(f[3]) });
    case 'F': case 'I': return t(`tf.log.${f[0]}`, { crew: c(f[1]) });
    case 'G': return t('tf.log.G', { crew: c(f[1]), other: c(f[3]) });
    case 'H': return t(f[3] === 'forward' ? 'tf.log.Hforward' : 'tf.log.Hback', { n: f[2] });
    case 'card': return t('tf.log.card', { v: f[1] });
    case 'place': return t('tf.log.place', { pos: f[1] });
    // A symbol card chance draws (luck and standard variants): the app has
    // no words for it yet, so the log shows the notation, "draw 4".
    case 'draw': return '';
  }
  return '';
}
