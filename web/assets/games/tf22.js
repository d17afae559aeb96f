// The TF22 Mine renderer: the 6 × 6 planet of double-sided mine cards in
// SVG with tunnels in the four colors (a symbol on every tunnel in
// color-blind mode) and, faintly, the tunnels of each card's hidden side
// as the view gives them; turning and flipping animated with CSS
// transforms (with the sound of a card); the crews as meeples in their
// colors with their player's number, bases, White Ranium and the three
// loaders on the surface; the markers each seat has won. Every picture is
// inline SVG. Each seat is drawn in its player color (the view's
// seat_colors).
//
// The action palette lists the actions A–K with their cost in ore (the
// view's costs) and the ore left; an action that is not possible now says
// why on hover, focus or tap, in the engine's own words (an explain frame).
// Choosing an action highlights its legal targets on the planet (cards,
// loaders) or lists them as buttons. The combat dialog lets the attacker
// and the defender choose a symbol card in the strategy variant and
// reveals both cards in every variant (in the luck and standard variants
// chance draws them, one after the other, and the view shows the pending
// draws face down); the defender's free action, the delivery and the
// re-placement of Ranium, the set-up swaps and the choice of a crew each
// have their own prompt. Everything the viewer acts with lies in one
// sheet beside the planet. On a phone (the compact layout, compact.js) the
// planet and the sheet make the stage, the height the table page gives
// (--stage-h) at most: the planet at the full width with the sheet below it, or
// beside it on a screen on its side, the other players and the game's
// facts below the stage. There the action palette is a grid of short
// labels that folds to the chosen action while its target is chosen, the
// planet's rows stand further apart so that each card is a target a thumb
// can tell from its neighbours, and a crew is chosen by its chip in the
// sheet, not by its small figure on the planet. With 2 players each seat
// leads two crews.
//
// Without a mouse: each card of the planet is a place of one keyboard
// cursor (a roving tabindex, the arrows over the grid), named with its
// tunnels, crews, bases and loaders; Enter acts on it, Escape cancels the
// chosen action. access reads the position for the screen-reader mode
// (js/access.js).
//
// Geometry follows the game's notation: positions are "row,col" from 1,1
// at the top left; a card's long sides face north and south; exits are the
// letters N, E, S, W.
import { h, s, clear } from '../js/dom.js';
import { play } from '../js/sound.js';
import { reasonText } from '../js/explain.js';
import { compact } from '../js/compact.js';

const COLORS = ['white', 'red', 'blue', 'yellow'];
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
// Actions whose target is a card of the planet.
const CARD_TARGETS = ['A', 'B', 'C', 'D', 'J', 'K'];
// Actions taken by one of the player's crews.
const CREW_ACTIONS = ['D', 'E', 'F', 'G', 'I', 'J', 'K'];
const GRID = 6;
const CW = 96;    // card width (long side)
const CH = 64;    // card height
const GAP = 4;
// The room between two rows of cards in the compact layout: a card is about
// 32 px high on a phone, and the 44 px square around a card's middle must
// not reach the cards above and below it.
const GAP_COMPACT = 14;
const M = 30;     // room around the planet for the loaders
const LBL = 22;   // the band for the coordinates, above and left of the planet
const LANE = { white: -12, red: -4, blue: 4, yellow: 12 }; // tunnel lanes, so two colors never overlap
// Half the side of the square around a loader's target on the planet that
// takes a tap: about 46 px on the narrowest phone.
const TAP_R = 46;

// The seats' player colors (the view's seat_colors) as the page draws them;
// a seat without a crew yet is grey.
const SEAT_FILL = { white: '#f4f3ee', red: '#d62728', blue: '#2f6fd6', yellow: '#f2c230', '': '#7f7f7f' };

const memory = new WeakMap();

// ---- pictures: inline SVG, so that none depends on the system's fonts ----

// The color-blind symbol of each tunnel and crew color, as SVG path data in
// a 24 × 24 box.
const SHAPES = {
  white: 'M12 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14z',
  red: 'M5.5 5.5h13v13h-13z',
  blue: 'M12 4.5l8 14H4z',
  yellow: 'M12 3.5l8 8.5-8 8.5-8-8.5z',
};

// Line pictures in a 24 × 24 box: the inner ring's symbols (also on the
// symbol cards), a meeple (a crew), an ore rod and the loaders' arrows.
const FILL = { fill: 'currentColor', stroke: 'none' };
const PICTURES = {
  drill: [['path', { d: 'M6.5 4h11L12 21z' }], ['path', { d: 'M8 7.5l8 1.5M9.3 11l5.7 1.2M10.6 14.5l3.2.7' }]],
  gear: [['path', { d: 'M19.1 10.6L21.7 10.8L21.7 13.2L19.1 13.4L18 16L19.7 18.1L18.1 19.7L16 18L13.4 19.1L13.2 21.7L10.8 21.7L10.6 19.1L8 18L5.9 19.7L4.3 18.1L6 16L4.9 13.4L2.3 13.2L2.3 10.8L4.9 10.6L6 8L4.3 5.9L5.9 4.3L8 6L10.6 4.9L10.8 2.3L13.2 2.3L13.4 4.9L16 6L18.1 4.3L19.7 5.9L18 8Z' }], ['circle', { cx: 12, cy: 12, r: 3 }]],
  crystal: [['path', { d: 'M12 2.5l6.5 5v9L12 21.5l-6.5-5v-9z' }], ['path', { d: 'M5.5 7.5L12 11l6.5-3.5M12 11v10.5' }]],
  comet: [['circle', { cx: 16, cy: 8, r: 3.5 }], ['path', { d: 'M13.3 10.5L4 19.8M12.2 8.3L6 12M15.7 11.8L12 18' }]],
  lamp: [['path', { d: 'M12 3a6 6 0 0 0-3.8 10.6c.7.6 1.1 1.4 1.1 2.4h5.4c0-1 .4-1.8 1.1-2.4A6 6 0 0 0 12 3z' }], ['path', { d: 'M9.5 19h5M10.5 21.5h3' }]],
  forward: [['path', { d: 'M20.5 4.5v5h-5M20 9.5a8.5 8.5 0 1 0-1.8 8' }]],
  back: [['path', { d: 'M3.5 4.5v5h5M4 9.5a8.5 8.5 0 1 1 1.8 8' }]],
  ore: [['rect', { x: 6.5, y: 2, width: 11, height: 20, rx: 2, ...FILL }]],
};
// A meeple, the crews' wooden figure.
const MEEPLE = 'M12 2.5a3.2 3.2 0 0 1 3.2 3.2c0 1.1-.5 2-1.3 2.6 2.6.5 6.6 1.7 7.6 3.2.5.8-.3 1.6-1.4 1.5l-3.6-.4c-.6 0-.8.5-.6 1l3.2 6.6c.3.7-.2 1.3-.9 1.3h-3.3c-.5 0-.9-.3-1.1-.7L12 17.2l-1.8 3.6c-.2.4-.6.7-1.1.7H5.8c-.7 0-1.2-.6-.9-1.3l3.2-6.6c.2-.5 0-1-.6-1l-3.6.4c-1.1.1-1.9-.7-1.4-1.5 1-1.5 5-2.7 7.6-3.2-.8-.6-1.3-1.5-1.3-2.6A3.2 3.2 0 0 1 12 2.5z';

// picture returns a named picture as an inline SVG element of the text's
// size and color, hidden from screen readers (words beside it say the same).
function picture(name, cls) {
  const el = s('svg', { class: ['icon', 'tf-pic', `tf-pic-${name}`, cls], viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  for (const [tag, attrs] of PICTURES[name] || []) el.append(s(tag, attrs));
  return el;
}

// glyph returns a named picture as a group centred on (x, y), size units
// wide, to draw on the planet.
function glyph(name, x, y, size, cls) {
  const k = size / 24;
  const g = s('g', { class: ['glyph', `glyph-${name}`, cls], transform: `translate(${x - size / 2} ${y - size / 2}) scale(${k})`, 'aria-hidden': 'true' });
  for (const [tag, attrs] of PICTURES[name] || []) g.append(s(tag, attrs));
  return g;
}

// shape returns the color-blind symbol of a color as an inline SVG.
function shape(col, cls) {
  return s('svg', { class: ['tf-shape', cls], viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: SHAPES[col] || '' }));
}

// shapeAt returns the color-blind symbol of a color centred on (x, y) of
// the planet, size units wide.
function shapeAt(col, x, y, size, cls) {
  const k = size / 24;
  return s('path', { d: SHAPES[col] || '', class: cls, transform: `translate(${x - size / 2} ${y - size / 2}) scale(${k})`, 'aria-hidden': 'true' });
}

// octagon returns the points of a regular octagon (a unit of White Ranium,
// an octagonal stone) of radius r around (x, y).
function octagon(x, y, r) {
  const pts = [];
  for (let i = 0; i < 8; i++) {
    const a = Math.PI / 8 + (i * Math.PI) / 4;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

// seatFill returns the fill of seat's player color.
function seatFill(view, seat) {
  return SEAT_FILL[view.seat_colors?.[seat] ?? ''] || SEAT_FILL[''];
}

// inkOn returns a text color that reads on the fill hex.
function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const l = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return l > 0.3 ? '#111111' : '#ffffff';
}

// tint gives el the seat's color as --pc and the color of text on it as
// --pc-ink, through the CSS object model (the page's content security
// policy refuses style attributes), and returns el.
function tint(el, view, seat) {
  const fill = seatFill(view, seat);
  el.style.setProperty('--pc', fill);
  el.style.setProperty('--pc-ink', inkOn(fill));
  return el;
}

// seatDot returns seat's badge: its number on its player color.
function seatDot(view, seat) {
  return tint(h('span', { class: 'pawn-dot tf-dot', 'data-color': view.seat_colors?.[seat] || '', 'aria-hidden': 'true', text: String(seat + 1) }), view, seat);
}

// ---- geometry ----

// gapY is the room between two rows of cards: GAP, or GAP_COMPACT in the
// compact layout (render sets it before it draws).
let gapY = GAP;
// planetSize is the surface's width and height, loaders' room included.
function planetSize() { return [2 * M + GRID * CW + (GRID - 1) * GAP, 2 * M + GRID * CH + (GRID - 1) * gapY]; }
function cardX(col) { return M + col * (CW + GAP); }
function cardY(row) { return M + row * (CH + gapY); }
function posName(row, col) { return `${row + 1},${col + 1}`; }
function parsePos(p) {
  const [r, c] = p.split(',').map(Number);
  return { row: r - 1, col: c - 1 };
}

// dockPoint returns where a loader docks at the edge of a card, as the
// view places it (row, col, edge).
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
  let mem = memory.get(el);
  if (!mem) mem = { mode: '', crew: '', swapFrom: '', sig: '', animView: null, anim: new Map(), fresh: false, small: null };
  // The compact layout changes the planet's rows and the crews: draw again
  // when the screen turns or the window crosses into it.
  if (!mem.small) {
    mem.small = () => {
      if (el.isConnected) render(el, mem.ctx);
      else compact().removeEventListener('change', mem.small);
    };
    compact().addEventListener('change', mem.small);
  }
  const small = compact().matches;
  gapY = small ? GAP_COMPACT : GAP;
  const sig = ctx.legal.join('|');
  if (mem.sig !== sig) { mem.mode = ''; mem.swapFrom = ''; mem.sig = sig; }
  mem.ctx = ctx;
  memory.set(el, mem);
  // Animate what changed only on the first drawing of a view, not when the
  // same view is drawn again (a click in the palette, a language switch).
  mem.fresh = mem.animView !== view;
  if (mem.fresh) {
    mem.animView = view;
    mem.anim = changes(ctx.prev, view);
    sounds(ctx.prev, view, mem.anim);
  } else mem.anim = new Map();
  const rerender = () => render(el, ctx);
  const legal = classify(ctx.legal);
  const own = ownCrews(view, ctx.you);
  if (mem.crew && !own.includes(mem.crew)) mem.crew = '';
  if (!mem.crew && own.length) mem.crew = own[0];
  const mine = ctx.legal.length > 0;

  // What the viewer acts with lies in one place, the sheet, which with the
  // planet makes the stage (on a large screen the stage is no box of its
  // own: the planet and the sheet are the layout's).
  // While a combat or a delivery waits for an answer, the actions wait
  // too: they leave the sheet to the answer.
  const acting = combatBox(view, ctx, legal, mem, true);
  const answer = !!(acting || view.placement);
  const actions = palette(view, ctx, legal, mem, rerender);
  const hint = hintText(view, ctx, legal, mem);
  const sheet = h('div', { class: ['tf-sheet', mine && 'mine'], id: 'tf-sheet', 'data-mine': mine ? 'true' : 'false' },
    hint ? h('p', { class: 'tf-sheet-hint', id: 'tf-sheet-hint', text: hint }) : null,
    setupPanel(view, ctx, legal, mem, rerender),
    acting,
    placementBox(view, ctx, legal),
    answer ? null : actions);
  const root = h('div', { class: ['tf22', ctx.colorBlind && 'cb', mine && 'acting'], id: 'tf', 'data-phase': view.phase, 'data-variant': view.variant },
    phaseLine(view, ctx, legal, mem),
    h('div', { class: 'tf-layout' },
      h('div', { class: 'tf-stage', id: 'tf-stage' }, planet(view, ctx, legal, mem, rerender), sheet),
      h('div', { class: 'tf-side' }, answer ? actions : null, acting ? null : combatBox(view, ctx, legal, mem, false), seatsBox(view, ctx))));
  // A render keeps the focus on the element with the same data-key, or,
  // when that is gone (a move's button, once played), on the planet's
  // cursor; choosing an action whose targets are cards takes the focus to
  // the first of them.
  const focused = el.contains(document.activeElement) ? document.activeElement.dataset?.key || null : '';
  clear(el).append(root);
  if (mem.jump) {
    mem.jump = false;
    el.querySelector('#tf-planet [data-focus-default]')?.focus({ preventScroll: true });
  } else if (focused !== '') (el.querySelector(`[data-key="${CSS.escape(focused || '')}"]`) || el.querySelector('[data-focus-default]'))?.focus({ preventScroll: true });
  // A combat that waits for the person's symbol card takes the focus of a
  // player on the board into its dialog, once, after the page's own
  // refocus of the board.
  const combat = view.combat && legal.symbol.length ? JSON.stringify(view.combat) : '';
  if (combat && mem.combatFocus !== combat && focused !== '') {
    setTimeout(() => {
      const first = el.querySelector('#tf-combat .hand button');
      if (first && (el.contains(document.activeElement) || document.activeElement === document.body)) first.focus({ preventScroll: true });
    }, 0);
  }
  mem.combatFocus = combat;
}

// sounds plays what the last move did: a mine card turning or flipping, a
// symbol card turned face up, White Ranium delivered to a loader.
function sounds(prev, view, anim) {
  if (!prev || !prev.cards) return;
  if (anim.size) play('card');
  if (view.last_combat && JSON.stringify(prev.last_combat || null) !== JSON.stringify(view.last_combat)) play('card');
  if (view.combat?.attacker_card && !prev.combat?.attacker_card) play('card');
  const markers = (v) => (v.seats || []).reduce((n, sv) => n + sv.markers, 0);
  const delivered = markers(view) - markers(prev);
  if (delivered > 0) play('gems', delivered);
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

// crewSwatch returns a crew's figure in its color, with its color-blind
// symbol (shown in color-blind mode).
function crewSwatch(col, title) {
  return h('span', { class: `swatch c-${col}`, 'data-color': col, title, 'aria-hidden': title ? null : 'true' },
    s('svg', { class: 'tf-meeple', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, s('path', { d: MEEPLE })),
    shape(col, 'swatch-sym'));
}

// breakdown returns each seat's markers by crew for the end screen (see
// breakdown.js): the markers the crew's deliveries won, with its
// deliveries and the combats it fought; the parts are the view's.
export function breakdown(view, ctx) {
  const { t } = ctx;
  if (!view?.seats) return null;
  return view.seats.map((sv) => (sv.breakdown || []).map((c) => ({
    kind: 'crew', points: c.markers,
    label: h('span', { class: 'bd-crew' }, crewSwatch(c.crew), ' ', t('tf.crew', { color: colorName(t, c.crew) })),
    detail: t('tf.bd.detail', { d: c.deliveries, aw: c.attacks_won, a: c.attacks, dw: c.defenses_won, df: c.defenses }),
  })));
}

function seatLabel(ctx, seat) {
  return ctx.names[seat] ?? ctx.t('seat.number', { n: seat + 1 });
}

function crewLabel(ctx, view, col) {
  const c = (view.crews || []).find((x) => x.color === col);
  const who = c && c.owner >= 0 ? seatLabel(ctx, c.owner) : '';
  return who ? ctx.t('tf.crewof', { color: colorName(ctx.t, col), name: who }) : ctx.t('tf.crew', { color: colorName(ctx.t, col) });
}

// hintText says what the viewer may do now, or who is to act.
function hintText(view, ctx, legal, mem) {
  const { t } = ctx;
  const mine = ctx.legal.length > 0;
  if (view.phase === 'swap') return mine ? t('tf.hint.swap', { n: view.swaps_left }) : t('tf.wait.swap');
  if (view.phase === 'choose') return mine ? t('tf.hint.choose') : '';
  if (view.phase === 'over') return view.winner >= 0 ? t('tf.won', { name: seatLabel(ctx, view.winner) }) : t('tf.limitreached');
  if (!mine) return '';
  if (view.combat) return t('tf.hint.combat');
  if (view.placement) return legal.symbol.length ? t('tf.hint.placecard') : t('tf.hint.place');
  if (view.free_action === ctx.you) return t('tf.hint.free');
  if (mem.mode) return modeHint(t, mem.mode);
  return t('tf.hint.turn');
}

function phaseLine(view, ctx, legal, mem) {
  const { t } = ctx;
  const hint = hintText(view, ctx, legal, mem);
  const facts = [t('tf.variant', { v: t(`option.tf22.symbol_cards.${view.variant}`) }), t('tf.goal', { n: view.goal })];
  if (view.round_limit) facts.push(t('tf.roundlimit', { n: view.round_limit }));
  const playing = view.phase === 'turn' || view.phase === 'over';
  return h('div', { class: 'phase', id: 'tf-phase', 'data-phase': view.phase },
    h('span', { class: 'tf-phase-main' },
      playing ? seatDot(view, view.active) : null,
      h('strong', { text: t(`tf.phase.${view.phase}`) }),
      playing ? h('span', { text: t('tf.turnof', { name: seatLabel(ctx, view.active), turn: view.turn }) }) : null),
    h('span', { class: 'tf-facts' }, facts.map((f) => h('span', { class: 'tf-fact', text: f }))),
    hint ? h('span', { class: 'hint', id: 'tf-hint', text: hint }) : null);
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
          crewSwatch(col), ' ', t('tf.choosecrew', { color: colorName(t, col) }));
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
  const size = planetSize();
  // A band above and left of the surface holds the coordinates.
  const svg = s('svg', { viewBox: `${-LBL} ${-LBL} ${size[0] + LBL} ${size[1] + LBL}`, class: 'planet', id: 'tf-planet', role: 'group', 'aria-label': t('tf.planet'), 'aria-describedby': 'tf-keys' });
  svg.append(s('rect', { x: 2, y: 2, width: size[0] - 4, height: size[1] - 4, rx: 24, class: 'surface' }), planetCoords());
  const targets = targetsNow(view, ctx, legal, mem);
  // The cursor: on a new step (or a new choice of targets) the first
  // target, else the person's crew, else where it was.
  const tsig = mem.sig + '#' + mem.mode + mem.crew + mem.swapFrom;
  if (mem.cursorSig !== tsig || !mem.cursor) {
    mem.cursorSig = tsig;
    const own = (view.crews || []).find((c) => c.owner === ctx.you && ctx.you >= 0);
    mem.cursor = [...targets.keys()][0] || mem.cursor || (own ? posName(own.row, own.col) : '1,1');
  }
  if (gapY > GAP) svg.append(bridges(view));
  for (const c of view.cards || []) svg.append(cardGroup(c, view, ctx, targets, mem, rerender));
  svg.append(basesGroup(view, t));
  svg.append(crewsGroup(view, ctx, legal, mem, targets, rerender));
  svg.append(loadersGroup(view, ctx, legal, mem));
  planetKeys(svg, view, ctx, targets, mem, rerender);
  return h('div', { class: 'tf-planetwrap', 'data-stage-board': '' }, svg,
    h('p', { class: 'sr', id: 'tf-keys', text: t('tf.access.keys') }));
}

// bridges draws, where the rows of cards stand apart (the compact layout),
// each tunnel that runs on from a card's south edge into the same color's
// tunnel of the card below, across the room between them.
function bridges(view) {
  const g = s('g', { class: 'bridges', 'aria-hidden': 'true' });
  const at = new Map((view.cards || []).map((c) => [posName(c.row, c.col), c]));
  for (const c of view.cards || []) {
    const below = at.get(posName(c.row + 1, c.col));
    if (!below) continue;
    for (const col of COLORS) {
      if (!c.tunnels[col]?.includes('S') || !below.tunnels[col]?.includes('N')) continue;
      const x = cardX(c.col) + exitPoint('S', col)[0];
      g.append(s('path', { d: `M${x},${cardY(c.row) + CH}V${cardY(below.row)}`, class: `tunnel bridge c-${col}` }));
    }
  }
  return g;
}

// planetCoords draws the coordinates the notation and the log use for a
// card ("3,4": row 3, column 4): the column numbers above the planet, the
// row numbers on its left.
function planetCoords() {
  const g = s('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let i = 0; i < GRID; i++) {
    g.append(s('text', { x: M + i * (CW + GAP) + CW / 2, y: -LBL / 2 + 5, class: 'coord', text: String(i + 1) }),
      s('text', { x: -LBL / 2, y: cardY(i) + CH / 2 + 5, class: 'coord', text: String(i + 1) }));
  }
  return g;
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
        g.append(shapeAt(col, (hx + x) / 2, (hy + y) / 2, 9, `tsym c-${col}`));
      }
    }
  }
}

function cardWords(t, c) {
  const tunnels = COLORS.filter((col) => c.tunnels[col]).map((col) => t('tf.tunnelexits', { color: t(`tf.color.${col}`), exits: exitWords(t, c.tunnels[col]) })).join(', ');
  const bits = [t('tf.cardat', { pos: posName(c.row, c.col) }), t(`tf.side.${c.side}`) + (c.turned ? ', ' + t('tf.turned') : ''), tunnels];
  if (c.symbol) bits.push(t('tf.symbolname', { symbol: t(`tf.symbol.${c.symbol}`) }));
  if (c.ranium) bits.push(t('tf.ranium'));
  return bits.join('; ');
}

// exitWords says a tunnel's exits ("NS") as the edges' names ("north,
// south").
function exitWords(t, exits) { return [...exits].map((e) => t(`tf.edge.${e}`)).join(', '); }

// placeWords says everything a sighted player sees on the card at pos
// ("row,col"): the card, the crews in it, the bases and the loaders at it.
function placeWords(ctx, view, pos) {
  const { t } = ctx;
  const c = (view.cards || []).find((x) => posName(x.row, x.col) === pos);
  if (!c) return '';
  const bits = [cardWords(t, c)];
  for (const cr of view.crews || []) {
    if (posName(cr.row, cr.col) !== pos) continue;
    const inRock = !c.tunnels[cr.tunnel];
    bits.push(t('tf.access.crewhere', { crew: crewLabel(ctx, view, cr.color), tunnel: colorName(t, cr.tunnel), n: cr.ranium }) + (inRock ? ' ' + t('tf.inrock') : ''));
  }
  for (const cr of view.crews || []) if (posName(cr.base_row, cr.base_col) === pos) bits.push(t('tf.base', { color: colorName(t, cr.color) }));
  for (const l of view.loaders || []) if (posName(l.row, l.col) === pos) bits.push(t('tf.access.loaderhere', { n: l.loader, edge: t(`tf.edge.${l.edge}`) }));
  return bits.join('; ');
}

// planetKeys makes the planet answer keys: the arrows move the cursor over
// the 6 × 6 cards, Enter or Space acts on the card at it (its move, the
// first or second card of a swap, else selects the person's crew on it),
// Escape cancels the chosen action or the swap's first card.
function planetKeys(svg, view, ctx, targets, mem, rerender) {
  const cardAt = (pos) => svg.querySelector(`g.tfcard[data-pos="${pos}"]`);
  svg.addEventListener('focusin', (e) => {
    const pos = e.target.classList?.contains('tfcard') ? e.target.dataset.pos : '';
    if (!pos || pos === mem.cursor) return;
    cardAt(mem.cursor)?.setAttribute('tabindex', '-1');
    e.target.setAttribute('tabindex', '0');
    mem.cursor = pos;
  });
  svg.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !e.target.classList?.contains('tfcard')) return;
    const pos = e.target.dataset.pos;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (targets.has(pos) || mem.swapFrom === pos) { e.target.dispatchEvent(new MouseEvent('click')); return; }
      const own = (view.crews || []).filter((c) => c.owner === ctx.you && ctx.you >= 0 && posName(c.row, c.col) === pos);
      if (own.length && view.phase === 'turn' && ctx.legal.length) {
        // Two own crews on one card: Enter goes from one to the other.
        const i = own.findIndex((c) => c.color === mem.crew);
        mem.crew = own[(i + 1) % own.length].color;
        rerender();
        ctx.announce?.(ctx.t('tf.selectcrew', { crew: crewLabel(ctx, view, mem.crew) }));
        return;
      }
      ctx.announce?.(ctx.t('tf.access.nothinghere', { pos }));
      return;
    }
    if (e.key === 'Escape') {
      if (!mem.mode && !mem.swapFrom) return;
      e.preventDefault();
      e.stopPropagation();
      mem.mode = ''; mem.swapFrom = '';
      rerender();
      return;
    }
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (!step) return;
    e.preventDefault();
    const { row, col } = parsePos(pos);
    const r = row + step[0], c = col + step[1];
    if (r >= 0 && r < GRID && c >= 0 && c < GRID) cardAt(posName(r, c))?.focus();
  });
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
  tunnelPaths(hint, c.faint || {}, 'hint', false);
  body.append(hint);
  const face = s('g', { class: 'tunnels', 'aria-hidden': 'true' });
  const cols = COLORS.filter((col) => c.tunnels[col]);
  if (cols.length) face.append(s('ellipse', { cx: CW / 2, cy: CH / 2, rx: 16, ry: 10, class: 'chamber' }));
  tunnelPaths(face, c.tunnels, 'face', ctx.colorBlind);
  body.append(face);
  if (c.symbol) {
    const sym = glyph(c.symbol, 12, 12, 15, 'cardsym');
    sym.dataset.symbol = c.symbol;
    body.append(sym);
  }
  if (c.ranium) {
    body.append(s('polygon', { points: octagon(CW - 14, 13, 8), class: 'ranium', 'data-ranium': name }));
  }
  if (target) body.append(s('rect', { width: CW, height: CH, rx: 5, class: 'targetframe' }));
  outer.append(body);
  const label = cardWords(t, c);
  // Every card is a place of the keyboard's cursor (one Tab stop, the
  // cursor; arrows move it): its name says what is on it and what Enter
  // does there.
  body.dataset.key = 'card:' + name;
  body.setAttribute('tabindex', mem.cursor === name ? '0' : '-1');
  if (mem.cursor === name) body.dataset.focusDefault = '';
  const there = placeWords(ctx, view, name);
  let does = '';
  if (target && move) {
    body.dataset.move = move;
    body.addEventListener('click', () => ctx.send(move));
    does = describe(move, t, ctx.names);
  } else if (target && !move) { // the first card of a swap
    body.addEventListener('click', () => { mem.swapFrom = name; rerender(); });
    does = t('tf.access.do.swappick');
  } else if (selected) {
    body.addEventListener('click', () => { mem.swapFrom = ''; rerender(); });
    does = t('tf.access.do.swapunpick');
  } else if (view.phase === 'turn' && ctx.legal.length && !view.combat && !view.placement && ownCrews(view, ctx.you).length > 1) {
    // Enter selects the person's crew on the card (of two crews).
    const here = (view.crews || []).filter((cr) => cr.owner === ctx.you && posName(cr.row, cr.col) === name && cr.color !== mem.crew);
    if (here.length) {
      does = t('tf.access.do.selectcrew', { color: colorName(t, here[0].color) });
      body.addEventListener('click', () => { mem.crew = here[0].color; rerender(); });
    }
  }
  body.setAttribute('role', does ? 'button' : 'img');
  body.setAttribute('aria-label', does ? t('tf.access.cardaction', { card: there, action: does }) : there);
  // The keyboard cursor's frame, drawn while the card has the focus: dark
  // outside, white inside, seen on every card and target.
  body.append(s('g', { class: 'cursorframe', 'aria-hidden': 'true' },
    s('rect', { x: 2, y: 2, width: CW - 4, height: CH - 4, rx: 5, class: 'cursor-out' }), s('rect', { x: 2, y: 2, width: CW - 4, height: CH - 4, rx: 5, class: 'cursor-in' })));
  body.append(s('title', { text: there }));
  return outer;
}

// basesGroup draws the bases: a wooden disc of each crew's color in a
// corner of its start card, its symbol on it in color-blind mode.
function basesGroup(view, t) {
  const g = s('g', { class: 'bases' });
  for (const c of view.crews || []) {
    const x = cardX(c.base_col), y = cardY(c.base_row);
    const bx = c.base_col < GRID / 2 ? x + 12 : x + CW - 12;
    const by = c.base_row < GRID / 2 ? y + 12 : y + CH - 12;
    g.append(s('circle', { cx: bx, cy: by, r: 8, class: `base c-${c.color}`, 'data-base': c.color, role: 'img', 'aria-label': t('tf.base', { color: colorName(t, c.color) }) }),
      shapeAt(c.color, bx, by, 9, `basemark c-${c.color}`));
  }
  return g;
}

// crewsGroup draws the crews. While the viewer acts, an own crew is a
// button that selects it, except on a card that is a target now: the crew
// stands over its card's middle, and a click there means the card's move.
function crewsGroup(view, ctx, legal, mem, targets, rerender) {
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
  // On a phone a crew is chosen by its chip in the sheet: its figure here
  // is too small for a thumb.
  const choosing = view.phase === 'turn' && ctx.legal.length && !view.combat && !view.placement && own.length > 1 && !compact().matches;
  for (const [k, list] of onCard) {
    const { row, col } = parsePos(k);
    list.forEach((c, i) => {
      const cx = cardX(col) + 18 + i * 20 + (list.length === 1 ? 30 : 0);
      const cy = cardY(row) + CH - 18;
      const inRock = !cards.get(k)?.tunnels[c.tunnel];
      const mine = own.includes(c.color);
      const sel = mine && choosing && mem.crew === c.color;
      const grp = s('g', { class: ['crew', `c-${c.color}`, mine && 'mine', sel && 'selected', inRock && 'inrock'],
        'data-crew': c.color, 'data-pos': k, 'data-tunnel': c.tunnel, 'data-ranium': c.ranium, 'data-owner': c.owner });
      // The figure in its crew's color, standing in the tunnel whose color
      // its belt shows; above it, its player's number on the player's color.
      grp.append(s('path', { d: MEEPLE, class: 'crewbody', transform: `translate(${cx - 15} ${cy - 17}) scale(1.25)` }),
        s('circle', { cx, cy: cy + 1.5, r: 4, class: `crewtunnel c-${c.tunnel}` }));
      if (ctx.colorBlind) grp.append(shapeAt(c.color, cx, cy - 10, 7, `crewsym c-${c.color}`));
      if (c.owner >= 0) {
        const badge = s('g', { class: 'crewowner', 'aria-hidden': 'true' },
          s('circle', { cx: cx + 12, cy: cy - 14, r: 7, class: 'ownerdot' }),
          s('text', { x: cx + 12, y: cy - 10.6, class: 'ownerlabel', text: String(c.owner + 1) }));
        tint(badge, view, c.owner);
        grp.append(badge);
      }
      for (let r = 0; r < c.ranium; r++) {
        grp.append(s('polygon', { points: octagon(cx - 12 - r * 8, cy + 5, 3.6), class: 'ranium carried' }));
      }
      const words = t('tf.crewat', { crew: crewLabel(ctx, view, c.color), pos: k, tunnel: colorName(t, c.tunnel), n: c.ranium }) + (inRock ? ' ' + t('tf.inrock') : '');
      // An own crew is clicked to select it; the keyboard selects it with
      // Enter on its card, whose name says that it stands there (one Tab
      // stop for the planet).
      if (mine && choosing && !targets.has(k)) {
        grp.dataset.select = c.color;
        grp.addEventListener('click', () => { mem.crew = c.color; rerender(); });
      }
      grp.setAttribute('role', 'img');
      grp.setAttribute('aria-label', sel ? `${words} ${t('tf.access.selectedcrew')}` : words);
      grp.append(s('title', { text: words }));
      g.append(grp);
    });
  }
  return g;
}

// loadersGroup draws the three loaders at their docks and, while action H
// is chosen, where each may go, one dock forward or back (as the view
// says).
function loadersGroup(view, ctx, legal, mem) {
  const { t } = ctx;
  const g = s('g', { class: 'loaders' });
  const hMoves = mem.mode === 'H' ? legal.letters.get('H') || [] : [];
  const [width, height] = planetSize();
  const small = compact().matches;
  for (const l of view.loaders || []) {
    const [x, y] = dockPoint(l);
    const lg = s('g', { class: 'loader', 'data-loader': l.loader, 'data-dock': l.dock, role: 'img', 'aria-label': t('tf.loaderat', { n: l.loader, pos: posName(l.row, l.col), edge: t(`tf.edge.${l.edge}`) }) });
    lg.append(s('rect', { x: x - 13, y: y - 9, width: 26, height: 18, rx: 9, class: 'loaderbody' }),
      s('circle', { cx: x - 6.5, cy: y, r: 2, class: 'loaderwindow' }),
      s('text', { x: x + 3.5, y: y + 4, class: 'loaderlabel', text: String(l.loader) }));
    g.append(lg);
    for (const m of hMoves) {
      const f = m.split(' ');
      if (Number(f[2]) !== l.loader) continue;
      const [tx, ty] = dockPoint(f[3] === 'forward' ? l.forward : l.back);
      const tg = s('g', { class: 'loadertarget legal', 'data-move': m });
      // On a phone the part that takes a tap is a square around the dot,
      // moved inwards where it would leave the planet's picture.
      if (small) {
        const tapX = Math.min(Math.max(tx - TAP_R, -LBL), width - 2 * TAP_R);
        const tapY = Math.min(Math.max(ty - TAP_R, -LBL), height - 2 * TAP_R);
        tg.append(s('rect', { x: tapX, y: tapY, width: 2 * TAP_R, height: 2 * TAP_R, class: 'targettap' }));
      }
      tg.append(s('circle', { cx: tx, cy: ty, r: 11, class: 'targetdot' }), glyph(f[3] === 'forward' ? 'forward' : 'back', tx, ty, 14, 'targetarrow'));
      // The keyboard plays it by its button among the choices.
      tg.setAttribute('aria-hidden', 'true');
      tg.addEventListener('click', () => ctx.send(m));
      g.append(tg);
    }
  }
  return g;
}

// ---- the action palette ----

// whyMoves returns moves of action letter for the viewer to ask the engine
// about when the letter is greyed: one per own crew (the move from its
// card, to a neighbouring card, to another tunnel, against an opponent's
// crew), so that the engine's reasons say why none of them may be played.
function whyMoves(letter, view, ctx) {
  const own = (view.crews || []).filter((c) => c.owner === ctx.you);
  const crews = own.length ? own : (view.crews || []).slice(0, 1);
  const next = (c) => posName(c.row, c.col < 5 ? c.col + 1 : c.col - 1);
  const moves = crews.map((c) => {
    const pos = posName(c.row, c.col);
    const opp = (view.crews || []).filter((o) => o.owner !== c.owner)
      .sort((a, b) => (posName(b.row, b.col) === pos) - (posName(a.row, a.col) === pos))[0];
    switch (letter) {
      case 'A': case 'B': case 'C': return `${letter} ${pos}`;
      case 'D': case 'J': case 'K': return `${letter} ${c.color} to ${next(c)}`;
      case 'E': return `E ${c.color} to ${['white', 'red', 'blue', 'yellow'].find((col) => col !== c.tunnel && col !== c.color) || 'red'}`;
      case 'F': case 'I': return `${letter} ${c.color}`;
      case 'G': return opp ? `G ${c.color} attacks ${opp.color}` : '';
    }
    return '';
  }).filter(Boolean);
  if (letter === 'H') return ['H loader 1 forward', 'H loader 2 forward', 'H loader 3 forward'];
  return moves.length ? [...new Set(moves)] : [`${letter} 1,1`];
}

// explainGreyed asks the engine (ctx.explain) why the greyed letter may
// not be played and writes its reasons, each once, into box.
async function explainGreyed(letter, view, ctx, box) {
  if (box.dataset.state !== 'asking' || box.dataset.asked) return;
  box.dataset.asked = 'true';
  const answers = await Promise.all(whyMoves(letter, view, ctx).map((m) => ctx.explain?.(m) ?? null));
  const reasons = [...new Set(answers.filter((a) => a && !a.ok).map(reasonText))];
  if (!box.isConnected) return;
  // No answer (the connection dropped): ask again on the next hover.
  if (answers.every((a) => !a)) { delete box.dataset.asked; return; }
  box.textContent = reasons.length ? reasons.join(' ') : ctx.t('tf.why.none');
  box.dataset.state = 'answered';
}

// oreRods returns n ore rods (the game's black wooden rods), lit, and
// of - n spent ones.
function oreRods(n, of = 4) {
  const out = [];
  for (let i = 0; i < of; i++) out.push(picture('ore', i < n ? 'rod full' : 'rod'));
  return out;
}

function palette(view, ctx, legal, mem, rerender) {
  const { t } = ctx;
  if (view.phase !== 'turn') return null;
  const free = view.free_action >= 0;
  const youFree = view.free_action === ctx.you;
  const head = h('div', { class: 'tf-ore', id: 'tf-ore', 'data-ore': view.ore },
    h('strong', { text: t('tf.ore') }), h('span', { class: 'pips' }, oreRods(view.ore)),
    h('span', { class: 'orecount' }, seatDot(view, view.active), ' ', t('tf.oreleft', { n: view.ore, name: seatLabel(ctx, view.active) })),
    free ? h('span', { class: 'tag free', text: t('tf.freeaction', { name: seatLabel(ctx, view.free_action) }) }) : null);
  const items = LETTERS.map((L) => {
    const moves = legal.letters.get(L) || [];
    const possible = moves.length > 0;
    const active = mem.mode === L;
    const price = view.costs?.[L] ?? 1;
    const cost = youFree ? t('tf.costfree') : t('tf.cost', { n: price });
    const btn = h('button', { type: 'button', class: ['tf-act', possible && 'possible', active && 'active'], 'data-action': L, 'data-key': 'action:' + L,
      'aria-pressed': active ? 'true' : 'false', 'aria-disabled': possible ? 'false' : 'true',
      'aria-describedby': possible ? undefined : `tf-why-${L}`,
      onclick: (e) => {
        if (!possible) { e.currentTarget.closest('.tf-action').classList.toggle('asked'); ask(); return; }
        mem.mode = active ? '' : L; mem.swapFrom = ''; mem.jump = !active && CARD_TARGETS.includes(L); rerender();
      } },
    h('span', { class: 'letter', text: L }),
    h('span', { class: 'aname', text: t(`tf.action.${L}`) }),
    h('span', { class: 'ashort', 'aria-hidden': 'true', text: t(`tf.short.${L}`) }),
    youFree ? h('span', { class: 'tag free', 'aria-hidden': 'true', text: cost }) : h('span', { class: 'rods', 'aria-hidden': 'true' }, oreRods(price, price)),
    h('span', { class: 'cost sr', 'data-cost': price, text: cost }));
    // A greyed action asks the engine why, when it is hovered, focused or
    // tapped.
    const whyBox = possible ? null : h('span', { class: 'why', id: `tf-why-${L}`, role: 'tooltip', 'data-state': 'asking', text: t('explain.asking') });
    function ask() { if (whyBox) explainGreyed(L, view, ctx, whyBox); }
    return h('li', { class: ['tf-action', possible ? 'can' : 'cannot', active && 'chosen'], 'data-action': L, onmouseenter: ask, onfocusin: ask }, btn, whyBox);
  });
  return h('section', { class: ['tf-palette', mem.mode && 'choosing'], id: 'tf-palette', 'aria-label': t('tf.actions') },
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
        onclick: () => { mem.crew = col; rerender(); } }, crewSwatch(col), ' ', colorName(t, col)))));
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

// symbolOf returns the symbol on the symbol card of color and value, as
// the view says.
function symbolOf(view, color, value) {
  return view.symbol_cards?.[color]?.[value - 2] || '';
}

// symbolCard draws a symbol card of color: its value and its symbol.
function symbolCard(view, t, color, value, extra) {
  const sym = color ? symbolOf(view, color, value) : '';
  return h('span', { class: ['symcard', color && `c-${color}`, extra], 'data-value': value },
    h('span', { class: 'value', text: String(value) }),
    sym ? h('span', { class: 'sym', title: t(`tf.symbol.${sym}`) }, picture(sym)) : null,
    sym ? h('span', { class: 'sr', text: t(`tf.symbol.${sym}`) }) : null);
}

function seatColor(view, seat) { return view.seats?.[seat]?.symbol_color || ''; }

// combatBox draws the combat under way (with the viewer's hand when the
// viewer must choose a card) when current is true, else the last combat's
// outcome.
function combatBox(view, ctx, legal, mem, current) {
  const { t } = ctx;
  const crews = new Map((view.crews || []).map((c) => [c.color, c]));
  if (current && !view.combat) return null;
  if (current) {
    const cb = view.combat;
    const att = crews.get(cb.attacker), def = crews.get(cb.defender);
    const mine = legal.symbol.length > 0;
    const me = mine ? (att?.owner === ctx.you && !cb.attacker_done ? att : def) : null;
    // In the luck and standard variants chance draws both cards, the
    // attacker's first and face up; in the strategy variant the players
    // choose them, the attacker's face down.
    const drawn = view.variant !== 'strategy';
    const pile = () => h('span', { class: 'symcard facedown', title: t('tf.facedown') }, h('span', { class: 'sr', text: t('tf.facedown') }));
    const attackerSide = h('div', { class: 'fighter attacker' },
      h('h4', { text: t('tf.attacker', { crew: crewLabel(ctx, view, cb.attacker) }) }),
      h('p', { text: t('tf.carries', { n: att?.ranium ?? 0 }) }),
      cb.attacker_done
        ? (cb.attacker_card ? symbolCard(view, t, seatColor(view, att.owner), cb.attacker_card, drawn ? 'reveal' : 'facedown-own') : pile())
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
        symbolCard(view, t, seatColor(view, ctx.you), v), h('span', { class: 'eff', text: t('tf.effective', { value: v - (me?.ranium ?? 0) }) }));
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
        symbolCard(view, t, att ? seatColor(view, att.owner) : '', lc.attacker_card, 'reveal'),
        h('p', { class: 'calc', text: t('tf.combatvalue', { card: lc.attacker_card, ranium: lc.attacker_card - lc.attacker_value, value: lc.attacker_value }) })),
      h('span', { class: 'vs', text: t('tf.vs') }),
      h('div', { class: 'fighter defender' }, h('h4', { text: t('tf.defender', { crew: crewLabel(ctx, view, lc.defender) }) }),
        symbolCard(view, t, def ? seatColor(view, def.owner) : '', lc.defender_card, 'reveal'),
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
    pl.symbol ? h('p', { class: 'tf-revealed' }, t('tf.revealedsymbol'), ' ', picture(pl.symbol, 'cardsym'), ' ', t(`tf.symbol.${pl.symbol}`)) : null,
    mine && legal.symbol.length ? h('div', { class: 'hand', role: 'group', 'aria-label': t('tf.yourhand') },
      legal.symbol.map((m) => {
        const v = Number(m.split(' ')[1]);
        const sym = symbolOf(view, seatColor(view, ctx.you), v);
        return h('button', { type: 'button', class: 'move cardbtn', 'data-move': m, 'data-key': 'move:' + m, onclick: () => ctx.send(m),
          'aria-label': t('tf.revealcard', { v, symbol: sym ? t(`tf.symbol.${sym}`) : '' }) }, symbolCard(view, t, seatColor(view, ctx.you), v));
      })) : null,
    mine && legal.place.size ? h('p', { class: 'muted', text: t('tf.hint.place') }) : null);
}

// ---- seats ----

function seatsBox(view, ctx) {
  const { t } = ctx;
  return h('section', { class: 'tf-seats', id: 'tf-seats', 'aria-label': t('tf.seats') }, (view.seats || []).map((sv) => {
    const current = view.phase === 'turn' && view.to_act === sv.seat;
    // The yellow markers: a disc for each one the goal asks, filled when won.
    const markers = [];
    for (let i = 0; i < view.goal; i++) markers.push(h('span', { class: ['marker', i < sv.markers && 'won'], 'aria-hidden': 'true' }));
    return tint(h('div', { class: ['tf-seat', current && 'current', sv.seat === ctx.you && 'you'], 'data-seat': sv.seat, 'data-markers': sv.markers, 'data-color': view.seat_colors?.[sv.seat] || '' },
      h('h3', {}, seatDot(view, sv.seat), ' ', seatLabel(ctx, sv.seat),
        current ? h('span', { class: 'tag acting', text: t('table.tomove') }) : null),
      h('div', { class: 'row' }, h('span', { class: 'label', text: t('tf.crews') }),
        sv.crews.length ? sv.crews.map((col) => crewSwatch(col, colorName(t, col))) : h('span', { class: 'muted', text: t('tf.nocrew') })),
      h('div', { class: 'row markers', title: t('tf.markers', { n: sv.markers, goal: view.goal }) },
        h('span', { class: 'label', text: t('tf.markerslabel') }), markers, h('span', { class: 'sr', text: t('tf.markers', { n: sv.markers, goal: view.goal }) })),
      // The markers so far by crew, with each crew's deliveries and
      // combats, once a crew has done any of these.
      sv.breakdown?.some((c) => c.markers || c.attacks || c.defenses) ? h('div', { class: 'row bycrew' }, h('span', { class: 'label', text: t('tf.bd.bycrew') }),
        sv.breakdown.map((c) => {
          const words = t('tf.bd.crewmarkers', { crew: t('tf.crew', { color: colorName(t, c.crew) }), n: c.markers,
            detail: t('tf.bd.detail', { d: c.deliveries, aw: c.attacks_won, a: c.attacks, dw: c.defenses_won, df: c.defenses }) });
          return h('span', { class: 'crewscore', 'data-crew': c.crew, 'data-markers': c.markers, title: words },
            crewSwatch(c.crew), h('span', { text: String(c.markers) }), h('span', { class: 'sr', text: words }));
        })) : null,
      sv.symbol_color ? h('div', { class: 'row' }, h('span', { class: 'label', text: t('tf.symbolcards') }),
        view.variant === 'strategy' ? t('tf.handcount', { n: sv.hand_count }) : view.variant === 'standard' ? t('tf.pilecount', { n: sv.pile_count }) : t('tf.luckpile'),
        sv.hand?.length ? h('span', { class: 'hand' }, ' ', sv.hand.map((v) => symbolCard(view, t, sv.symbol_color, v))) : null,
        sv.revealed?.length ? h('span', { class: 'revealed', title: t('tf.revealed') }, t('tf.revealed'), ' ', sv.revealed.map((v) => symbolCard(view, t, sv.symbol_color, v, 'mini'))) : null) : null), view, sv.seat);
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
    case 'card': return f.length === 1 ? t('tf.log.card.hidden') : t('tf.log.card', { v: f[1] });
    case 'place': return t('tf.log.place', { pos: f[1] });
    // A symbol card chance draws (luck and standard variants).
    case 'draw': return t('tf.log.draw', { v: f[1] });
  }
  return '';
}

// learnTarget is the tutorial page's hook (js/learn.js): for an action
// ("A 1,1", "D white to 1,3", "G white attacks yellow") it chooses the
// action and its crew in the palette drawn in el, so that the target is
// the one to click, then marks the mine card "row,col" named by target, or
// else the buttons of the move itself. It reports whether it marked
// anything.
export function learnTarget(el, move, target) {
  const mem = memory.get(el);
  const m = /^([A-K]) (?:(white|red|blue|yellow)\b)?/.exec(move);
  if (mem && m && mem.ctx.legal.includes(move)) {
    mem.mode = m[1];
    if (m[2]) mem.crew = m[2];
    render(el, mem.ctx);
  }
  const sel = target && /^\d,\d$/.test(target) ? `g.tfcard[data-pos="${CSS.escape(target)}"]` : `[data-move="${CSS.escape(move)}"]`;
  const found = el.querySelectorAll(sel);
  found.forEach((e) => {
    e.classList.add('learn-target');
    if (e.tagName !== 'g' || !e.getBBox) return;
    // A card is framed by a ring drawn over it, as a cell of its own.
    const b = e.getBBox();
    e.append(s('rect', { x: b.x - 3, y: b.y - 3, width: b.width + 6, height: b.height + 6, rx: 6, class: 'learn-ring', 'aria-hidden': 'true', 'pointer-events': 'none' }));
  });
  return found.length > 0;
}

// ---- play without sight: what the screen-reader mode reads ----

// refPos returns the card a ref names, as "row,col": the notation's "3,4"
// (row 3, column 4) or a grid cell "d3" (column d, row 3); '' for none.
function refPos(ref) {
  const r = String(ref || '').trim().toLowerCase();
  let m = /^([1-6])\s*,\s*([1-6])$/.exec(r);
  if (m) return `${m[1]},${m[2]}`;
  m = /^([a-f])([1-6])$/.exec(r);
  if (m) return `${m[2]},${m[1].charCodeAt(0) - 96}`;
  return '';
}

// crewsWords says where every crew is, whose it is and what it carries.
function crewsWords(ctx, view) {
  const { t } = ctx;
  const list = (view.crews || []).map((c) => t('tf.crewat', { crew: crewLabel(ctx, view, c.color), pos: posName(c.row, c.col), tunnel: colorName(t, c.tunnel), n: c.ranium }));
  return list.length ? list.join('. ') + '.' : t('tf.nocrew');
}

// cardsWords says seat's symbol cards as the view shows them to that seat:
// its hand (the strategy variant; only the seat's own), its pile, the
// cards played since the last refill.
function cardsWords(ctx, view, seat) {
  const { t } = ctx;
  const sv = view.seats?.[seat];
  if (!sv?.symbol_color) return t('tf.access.nocards');
  const card = (v) => {
    const sym = symbolOf(view, sv.symbol_color, v);
    return t('tf.access.symcard', { v, symbol: sym ? t(`tf.symbol.${sym}`) : '' });
  };
  const bits = [t('tf.access.cardcolor', { color: colorName(t, sv.symbol_color) })];
  if (view.variant === 'strategy') bits.push(sv.hand?.length ? t('tf.access.hand', { cards: sv.hand.map(card).join(', ') }) : t('tf.handcount', { n: sv.hand_count }));
  else if (view.variant === 'standard') bits.push(t('tf.pilecount', { n: sv.pile_count }));
  else bits.push(t('tf.luckpile'));
  if (sv.revealed?.length) bits.push(t('tf.access.played', { cards: sv.revealed.map(card).join(', ') }));
  return bits.join(' ');
}

// access is what the screen-reader mode reads (see the contract in
// js/access.js): the position in a few sentences, a card's contents, and
// the questions a player asks of the planet. Only what the seat's view
// holds is read: the other seats' hands are not in it.
export const access = {
  summary(ctx) {
    const { view, t } = ctx;
    const out = [];
    const legal = classify(ctx.legal || []);
    const hint = hintText(view, ctx, legal, { mode: '' });
    if (view.phase === 'turn') out.push(t('tf.access.turn', { name: seatLabel(ctx, view.active), turn: view.turn, n: view.ore }));
    else out.push(t(`tf.phase.${view.phase}`) + '.');
    if (ctx.legal?.length) out.push(t('tf.access.yourmove', { hint }));
    else if (hint) out.push(hint);
    const own = (view.crews || []).filter((c) => c.owner === ctx.you && ctx.you >= 0);
    for (const c of own) out.push(t('tf.crewat', { crew: t('tf.access.yourcrew', { color: colorName(t, c.color) }), pos: posName(c.row, c.col), tunnel: colorName(t, c.tunnel), n: c.ranium }) + '.');
    out.push((view.seats || []).map((sv) => t('tf.access.markersof', { name: seatLabel(ctx, sv.seat), n: sv.markers, goal: view.goal })).join(' '));
    const ranium = (view.cards || []).filter((c) => c.ranium).map((c) => posName(c.row, c.col));
    out.push(ranium.length ? t('tf.access.raniumat', { list: ranium.join(', ') }) : t('tf.access.noranium'));
    if (view.combat) out.push(t('tf.access.combat', { attacker: crewLabel(ctx, view, view.combat.attacker), defender: crewLabel(ctx, view, view.combat.defender) }));
    return out;
  },

  cell(ctx, ref) {
    const pos = refPos(ref);
    return pos ? placeWords(ctx, ctx.view, pos) || null : null;
  },

  commands(ctx) {
    const { t } = ctx;
    const cmd = (key, answer) => ({ words: t(`tf.access.cmd.${key}`).split('|').map((w) => w.trim().toLowerCase()), help: t(`tf.access.help.${key}`), answer });
    return [
      cmd('crews', (c) => crewsWords(c, c.view)),
      cmd('mycards', (c) => (c.you >= 0 && c.view.seats?.[c.you] ? cardsWords(c, c.view, c.you) : c.t('tf.access.noseat'))),
      cmd('ranium', (c) => {
        const on = (c.view.cards || []).filter((x) => x.ranium).map((x) => posName(x.row, x.col));
        const carried = (c.view.crews || []).filter((x) => x.ranium).map((x) => c.t('tf.access.carries', { crew: crewLabel(c, c.view, x.color), n: x.ranium }));
        return [on.length ? c.t('tf.access.raniumat', { list: on.join(', ') }) : c.t('tf.access.noranium'), ...carried].join(' ');
      }),
      cmd('loaders', (c) => (c.view.loaders || []).map((l) => c.t('tf.loaderat', { n: l.loader, pos: posName(l.row, l.col), edge: c.t(`tf.edge.${l.edge}`) })).join('. ') + '.'),
      cmd('actions', (c) => {
        if (c.view.phase !== 'turn') return c.t('tf.access.noactions');
        const legal = classify(c.legal || []);
        return LETTERS.map((L) => c.t('tf.access.action', { letter: L, action: c.t(`tf.action.${L}`), cost: c.t('tf.cost', { n: c.view.costs?.[L] ?? 1 }) }) +
          (legal.letters.has(L) ? ' ' + c.t('tf.access.possible', { n: legal.letters.get(L).length }) : '')).join(' ');
      }),
      cmd('keys', (c) => c.t('tf.access.keys')),
      cmd('markers', (c) => (c.view.seats || []).map((sv) => c.t('tf.access.markersof', { name: seatLabel(c, sv.seat), n: sv.markers, goal: c.view.goal })).join(' ')),
    ];
  },
};
