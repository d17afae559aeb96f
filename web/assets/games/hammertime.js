// The Hammer Time renderer: the tray seen from above on a canvas, turned so
// that the side in front of the viewer is at the bottom, with its gems;
// aiming by pointing at a side and a position (snapped to the engine's 9
// positions) and strength by press-and-hold or drag with a meter (snapped
// to its 10 levels), with keyboard and form equivalents; turning and
// pushing the tray; the server's recorded gem paths animated smoothly
// (interpolated between frames with requestAnimationFrame); fallen gems
// counted and the dragon waking at 9; the mission check; the filling of
// the wagon, the player's choice (the fallen gems and the mission cards,
// as jokers, dragged into and out of the wagon's slots, starting from the
// engine's suggested filling, and the chosen filling sent as the move);
// every player's wagon stack; and, in the expert variant, the die rolled
// (by chance, a move of the log, "roll fist") and its technique made real
// (the tray hidden while aiming with eyes closed, its far half with the
// head down, the meter's band following the strength's spread and the
// blow's power, the aim shaking with the spreads the technique widens).
//
// Without a mouse, on the tray: 1 to 4 choose the side, the arrows the
// point (left and right) and the strength (up and down, also + and −,
// Page Up and Page Down), Enter hits, Q and E turn the tray, Shift with
// N, E, S or W pushes it, D tells the tray in words. access (below) is
// what the screen-reader mode reads (the gems near each edge by color);
// ctx.announce tells each hit's result.
//
// Geometry follows the engine: tray coordinates are centimeters from the
// tray's center, x toward the east short side, y toward the north long
// side; a hit's position 1–9 runs clockwise along its side seen from above
// (from the side's right end for a person outside facing it), at the
// fraction position/10 of the side. The gems' size and the hand's spreads
// and the die's factors come from the view (view.tray, view.hand).
import { h, s as svg, clear } from '../js/dom.js';
import { icon } from '../js/icons.js';
import { play } from '../js/sound.js';
import { compact } from '../js/compact.js';

const COLORS = ['white', 'blue', 'green', 'yellow', 'red', 'black'];
const GEM_FILL = { white: '#f7f6f0', blue: '#3b6fd6', green: '#2e9e48', yellow: '#e8c12c', red: '#d62728', black: '#2b2b2b' };
// The seats' game colors (the view's seat_colors, the colors of their
// wagons) as the page draws them, with the color of text on them.
const SEAT_FILL = { orange: '#ff7f0e', purple: '#8e44ad', pink: '#e377c2', turquoise: '#17a2b8' };
const SIDES = ['north', 'east', 'south', 'west'];
// The phone layout (the table page's compact query): the tray and the
// step's controls on one screen.
const COMPACT = compact();
const POSITIONS = 9;
const STRENGTHS = 10;
const MARGIN = 5;        // cm of table around the tray on the canvas
const BAND = 5;          // cm inside an edge where pointing aims at it
const HOLD_STEP = 140;   // ms of pressing per strength level
const DRAG_STEP = 1.0;   // cm of dragging per strength level
const DRAG_START = 0.6;  // cm of movement that turns a press into a drag
const TURN_MS = 600;     // a quarter turn of the tray (the engine's turnTime)
const PUSH_MS = 250;     // a push (the engine's pushTime)
const PUSH_CM = 6;       // how far a push moves the tray
const FALL_MS = 450;     // a fallen gem's drop off the edge
const DRAGON_MS = 2600;  // how long the dragon shows after waking
const ROLL_MS = 900;     // the die's roll
// The faces of the expert die, as the notation names them ("roll fist").
const TECHNIQUES = ['handle', 'weak-hand', 'fist', 'head-down', 'thumb-off', 'eyes-closed'];
// The parts of a filling, in the order of its notation.
const FILL_PARTS = ['blue', 'green', 'yellow', 'red', 'white', 'missions'];

// ---- pictures: inline SVG, drawn with the text's color, so that no
// picture depends on the fonts of the system ----

// The color-blind symbol of each gem color, as SVG path data in a 24 × 24
// box: drawn on every gem and chip (by canvas as a Path2D, in the page as
// SVG). Filled shapes are the ones listed in SYMBOL_FILLED.
const GEM_SYMBOL = {
  white: 'M12 5.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z',
  blue: 'M12 4.5l8 14H4z',
  green: 'M12 3.5l8 8.5-8 8.5-8-8.5z',
  yellow: 'M5.5 5.5h13v13h-13z',
  red: 'M9.5 3.5h5v6h6v5h-6v6h-5v-6h-6v-5h6z',
  black: 'M5.5 5.5h13v13h-13z',
};
const SYMBOL_FILLED = new Set(['red', 'black']);

// Line pictures in a 24 × 24 box: [tag, attributes] lists; a shape with
// fill 'currentColor' is filled.
const DOT = (cx, cy, r = 1.9) => ['circle', { cx, cy, r, fill: 'currentColor', stroke: 'none' }];
const PICTURES = {
  // The techniques of the expert die.
  handle: [['path', { d: 'M4 8.5 8.5 4l4 4L8 12.5z' }], ['path', { d: 'M10.5 10.5 20 20' }]],
  'weak-hand': [['path', { d: 'M8 12.5V6a1.5 1.5 0 0 1 3 0v5M11 10.5V4.5a1.5 1.5 0 0 1 3 0v6M14 10.5V6a1.5 1.5 0 0 1 3 0v7.5c0 4-2.5 7-6 7-3 0-4.5-1.8-6-4.3L3.4 13a1.5 1.5 0 0 1 2.5-1.6L8 14' }]],
  fist: [['path', { d: 'M6 11a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v3.5a6.5 6.5 0 0 1-6.5 6.5h-.5A6 6 0 0 1 6 15zM10 9v3.5M13 9v3.5M16 9v3.5M6 14h4.5' }]],
  'head-down': [['path', { d: 'M2.5 19.5h19' }], ['circle', { cx: 12, cy: 13, r: 5 }], ['path', { d: 'M9.5 12.5h2M12.5 12.5h2M7 9.5c1.5-3 8.5-3 10 0' }]],
  'thumb-off': [['path', { d: 'M7.5 11v9H4v-9zM7.5 11l3.8-6.7a1.8 1.8 0 0 1 3.2 1.4L13.5 10h5a2 2 0 0 1 2 2.3l-1.2 5.9A2.2 2.2 0 0 1 17.1 20H7.5' }]],
  'eyes-closed': [['path', { d: 'M3 10c3.5 4.5 14.5 4.5 18 0M6 13l-1.5 2.2M10 14.4l-.5 2.6M14 14.4l.5 2.6M18 13l1.5 2.2' }]],
  // The dragon Dragomir's head in profile: the spiked neck, a horn, the
  // open jaws, the eye.
  dragon: [['path', { d: 'M3.5 21l1-5.5-2-1.5 2.5-1-.5-2.5 2.5-.3.5-2.7 2.5 1L12 4l.7 4.3c2.3.3 4.3 1.2 6 2.2l2.8.8v1.6l-4.5.6 4 2.3-.5 1.2-5 .3c-1.5 2-3.5 3.5-6 3.7z' }], DOT(14.6, 10.6, 1.1)],
  star: [['path', { d: 'M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z', fill: 'currentColor' }]],
  check: [['path', { d: 'M5 12.5l4.5 4.5L19 7.5' }]],
  arrow: [['path', { d: 'M12 19.5v-15M6 10.5l6-6 6 6' }]],
  'turn-left': [['path', { d: 'M3.5 4.5v5h5M4 9.5a8.5 8.5 0 1 1 1.8 8' }]],
  'turn-right': [['path', { d: 'M20.5 4.5v5h-5M20 9.5a8.5 8.5 0 1 0-1.8 8' }]],
};
// The pips of the die's faces 1 to 6.
const PIPS = [[[12, 12]], [[7.5, 7.5], [16.5, 16.5]], [[7, 7], [12, 12], [17, 17]], [[7.5, 7.5], [16.5, 7.5], [7.5, 16.5], [16.5, 16.5]],
  [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]], [[7.5, 6.5], [16.5, 6.5], [7.5, 12], [16.5, 12], [7.5, 17.5], [16.5, 17.5]]];

// picture returns the named line picture as an inline SVG, hidden from
// screen readers (the text beside it says the same).
function picture(name, cls) {
  const el = svg('svg', { class: ['icon', 'ht-pic', `ht-pic-${name}`, cls], viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  for (const [tag, attrs] of PICTURES[name] || []) el.append(svg(tag, attrs));
  return el;
}

// dieFace returns face n (1 to 6) of the die, its pips drawn; 0 draws a
// blank face.
function dieFace(n, cls) {
  const el = svg('svg', { class: ['icon', 'ht-dieface', cls], viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false', 'data-face': n },
    svg('rect', { x: 2.5, y: 2.5, width: 19, height: 19, rx: 4 }));
  for (const [cx, cy] of PIPS[n - 1] || []) el.append(svg(...DOT(cx, cy)));
  return el;
}

// gemSymbol returns the color-blind symbol of a gem color as an inline SVG.
function gemSymbol(color, cls) {
  return svg('svg', { class: ['ht-sym', cls], viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: GEM_SYMBOL[color], fill: SYMBOL_FILLED.has(color) ? 'currentColor' : 'none', stroke: 'currentColor', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }));
}

const symbolPaths = new Map(); // Path2D of each color, made once

// seatColor returns the fill of seat i's game color in view.
export function seatColor(view, i) {
  return SEAT_FILL[view.seat_colors?.[i] ?? view.seats?.[i]?.owner] || '#7f7f7f';
}

// inkOn returns a text color that reads on the fill hex: near black on
// light colors, white on dark ones.
function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const l = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return l > 0.3 ? '#111111' : '#ffffff';
}

// seatDot returns seat i's badge: its number on its game color.
function seatDot(view, i) {
  return tint(h('span', { class: 'pawn-dot ht-dot', 'data-color': view.seat_colors?.[i] || '', 'aria-hidden': 'true', text: String(i + 1) }), seatColor(view, i));
}

// tint gives el the seat color c as --pc, and the color of text on it as
// --pc-ink, through the CSS object model (the page's content security
// policy refuses style attributes), and returns el.
function tint(el, c) {
  el.style.setProperty('--pc', c);
  el.style.setProperty('--pc-ink', inkOn(c));
  return el;
}

// handOf returns the spreads of a hit in view (aim as a fraction of the
// side, direction in radians, strength on a log scale, clipped at limit
// deviations) widened by the turn's technique, and the speed a strength
// gives (base + per × strength) with its factors one deviation below and
// above the middle (low, high; the technique's power included).
function handOf(view) {
  const hd = view.hand || {};
  const bare = { strength: 1, aim: 1, angle: 1, speed_low: hd.speed_low ?? 1, speed_high: hd.speed_high ?? 1 };
  const tech = (hd.techniques || []).find((x) => x.name === view.technique) || bare;
  return {
    aim: (hd.aim_spread ?? 0) * tech.aim, angle: (hd.angle_spread ?? 0) * tech.angle,
    strength: (hd.strength_spread ?? 0) * tech.strength, limit: hd.strength_limit ?? 2, aimFactor: tech.aim,
    base: hd.speed_base ?? 0, per: hd.speed_per_strength ?? 1, low: tech.speed_low ?? 1, high: tech.speed_high ?? 1,
  };
}

const memory = new WeakMap();

// gemColor returns the color of gem id: 0–9 white, then 16 each of blue,
// green, yellow, red and black.
export function gemColor(id) {
  return id < 10 ? 'white' : COLORS[1 + Math.floor((id - 10) / 16)];
}

// sidePoint returns the point of side at fraction f along it (clockwise)
// and its inward normal, in tray centimeters.
function sidePoint(view, side, f) {
  const w = view.tray.width_cm / 2, d = view.tray.depth_cm / 2;
  switch (side) {
    case 0: return { x: -w + 2 * w * f, y: d, nx: 0, ny: -1 };
    case 1: return { x: w, y: d - 2 * d * f, nx: -1, ny: 0 };
    case 2: return { x: w - 2 * w * f, y: -d, nx: 0, ny: 1 };
    default: return { x: -w, y: -d + 2 * d * f, nx: 1, ny: 0 };
  }
}

// aimAt returns the side and position a point of the tray's plane aims at:
// the nearest edge and the nearest of its positions, or null when the
// point is far inside the tray or far off it.
function aimAt(view, x, y) {
  const w = view.tray.width_cm / 2, d = view.tray.depth_cm / 2;
  const dist = [d - y, w - x, y + d, x + w];
  let side = 0;
  for (let i = 1; i < 4; i++) if (dist[i] < dist[side]) side = i;
  if (dist[side] > BAND || dist[side] < -MARGIN) return null;
  const f = [(x + w) / (2 * w), (d - y) / (2 * d), (w - x) / (2 * w), (y + d) / (2 * d)][side];
  const pos = Math.max(1, Math.min(POSITIONS, Math.round(f * (POSITIONS + 1))));
  return { side, pos };
}

// seatSides returns the table side (north 0, east 1, south 2, west 3) of
// every seat, as the view says.
function seatSides(view) {
  return (view.seat_sides || []).map((sd) => Math.max(0, SIDES.indexOf(sd)));
}

// tableSide returns the table side in front of which the viewer sits (a
// spectator watches from seat 0's side).
function tableSide(view, you) {
  const sides = seatSides(view);
  return you >= 0 && you < sides.length ? sides[you] : (sides[0] ?? 2);
}

// facingSide returns the tray side at the bottom of the screen for the
// viewer: the seat's side turned with the tray's quarter turns.
function facingSide(view, you, quarter = view.tray.quarter) {
  return (tableSide(view, you) + quarter) % 4;
}

// trayAngle returns the rotation (radians, counterclockwise) that brings
// the facing side to the bottom of the screen.
function trayAngle(view, you, quarter) {
  return (Math.PI / 2) * (facingSide(view, you, quarter) - 2);
}

function hitMove(side, pos, strength) { return `hit ${SIDES[side]} ${pos} strength ${strength}`; }

function parseHit(move) {
  const f = move.split(' ');
  if (f[0] !== 'hit' || f.length !== 5) return null;
  return { side: SIDES.indexOf(f[1]), pos: Number(f[2]), strength: Number(f[4]) };
}

function hitSignature(lh) {
  if (!lh) return '';
  const first = lh.frames?.[0] || [];
  const last = lh.frames?.[lh.frames.length - 1] || [];
  return [lh.seat, lh.move, lh.technique || '', lh.fallen.join(','), lh.frames?.length || 0, first.slice(0, 8).join(','), last.slice(0, 8).join(',')].join('|');
}

// ---- the gem paths ----

// buildAnimation turns the last hit's recorded frames into keyframes: the
// gems' places before the hit (from the previous view), then after each
// recorded frame; fallen gems keep the frame where they left the tray.
function buildAnimation(prev, view, you, now) {
  const lh = view.last_hit;
  const scale = lh.scale || 20, fps = lh.fps || 30;
  const place = new Map();
  for (const g of prev?.tray?.gems || []) place.set(g.id, [g.x, g.y, g.a]);
  const keys = [new Map(place)];
  const lastFrame = new Map();
  (lh.frames || []).forEach((f, i) => {
    for (let k = 0; k + 3 < f.length; k += 4) {
      place.set(f[k], [f[k + 1] / scale, f[k + 2] / scale, f[k + 3] / 1000]);
      lastFrame.set(f[k], i + 1);
    }
    keys.push(new Map(place));
  });
  const fallen = new Map(lh.fallen.map((g) => [g, lastFrame.get(g) ?? keys.length - 1]));
  const frameMs = 1000 / fps;
  const pathMs = (keys.length - 1) * frameMs;
  const move = lh.move.split(' ');
  const quarter0 = prev?.tray?.quarter ?? view.tray.quarter;
  const a = {
    keys, fallen, frameMs, start: now, pathMs, end: now + pathMs + FALL_MS + 350,
    theta0: trayAngle(view, you, quarter0), theta1: trayAngle(view, you, view.tray.quarter), quarter0,
    move: move[0], push: move[0] === 'push' ? SIDES.indexOf(move[1]) : -1, hit: parseHit(lh.move),
    dragon: !!lh.dragon,
  };
  if (Math.abs(a.theta1 - a.theta0) > Math.PI) a.theta1 += a.theta1 < a.theta0 ? 2 * Math.PI : -2 * Math.PI;
  if (a.move === 'turn') a.end = Math.max(a.end, now + TURN_MS + 200);
  // A player who asks for less motion sees where the move left the gems
  // at once: the animation ends on its first frame.
  if (reducedMotion()) a.end = now;
  return a;
}

// reducedMotion reports whether the player's system asks for less motion;
// then the tray, its gems and the die stand still and show their end at once.
function reducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

// ease is the tray's motion under a triangle of speed: 0 to 1 over [0, 1].
function ease(u) {
  u = Math.max(0, Math.min(1, u));
  return u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u);
}

function lerpAngle(a, b, u) {
  let d = b - a;
  while (d > Math.PI) d -= 2 * Math.PI;
  while (d < -Math.PI) d += 2 * Math.PI;
  return a + d * u;
}

// animatedGems returns the gems' places at time now, each {id, x, y, a,
// alpha, scale}, and how many gems have fallen so far.
function animatedGems(a, now) {
  const t = now - a.start;
  const fi = Math.min(a.keys.length - 1, Math.max(0, t / a.frameMs));
  const i0 = Math.floor(fi), i1 = Math.min(a.keys.length - 1, i0 + 1), u = fi - i0;
  const k0 = a.keys[i0], k1 = a.keys[i1];
  const out = [];
  let fell = 0;
  for (const [id, p0] of k0) {
    const p1 = k1.get(id) || p0;
    const g = { id, x: p0[0] + (p1[0] - p0[0]) * u, y: p0[1] + (p1[1] - p0[1]) * u, a: lerpAngle(p0[2], p1[2], u), alpha: 1, scale: 1 };
    if (a.fallen.has(id)) {
      const ft = t - a.fallen.get(id) * a.frameMs;
      if (ft >= 0) {
        fell++;
        const v = Math.min(1, ft / FALL_MS);
        const r = Math.hypot(g.x, g.y) || 1;
        g.x += (g.x / r) * 2 * v; g.y += (g.y / r) * 2 * v;
        g.alpha = 1 - v; g.scale = 1 - 0.5 * v;
        if (v >= 1) continue;
      }
    }
    out.push(g);
  }
  for (const [id, p] of a.keys[i1]) if (!k0.has(id)) out.push({ id, x: p[0], y: p[1], a: p[2], alpha: 1, scale: 1 });
  return { gems: out, fell: Math.min(fell, a.fallen.size) };
}

// ---- drawing ----

function drawGem(g, gem, view, colorBlind, toScreen, k) {
  const color = gemColor(gem.id);
  const l = view.tray.gem_length_cm / 2 * gem.scale, w = view.tray.gem_width_cm / 2 * gem.scale;
  g.save();
  g.globalAlpha = gem.alpha;
  g.translate(gem.x, gem.y);
  g.rotate(gem.a);
  g.beginPath();
  g.moveTo(l, 0); g.lineTo(l / 2, w); g.lineTo(-l / 2, w); g.lineTo(-l, 0); g.lineTo(-l / 2, -w); g.lineTo(l / 2, -w);
  g.closePath();
  g.fillStyle = GEM_FILL[color];
  g.fill();
  g.lineWidth = 0.08;
  g.strokeStyle = color === 'white' ? '#8a8a80' : 'rgba(0,0,0,.55)';
  g.stroke();
  g.restore();
  if (colorBlind && gem.alpha > 0.5) {
    const [sx, sy] = toScreen(gem.x, gem.y);
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    // The symbol, about a gem's width across, centred on the gem.
    const size = Math.max(8, k * view.tray.gem_width_cm * 0.8);
    if (!symbolPaths.has(color)) symbolPaths.set(color, new Path2D(GEM_SYMBOL[color]));
    g.translate(sx - size / 2, sy - size / 2);
    g.scale(size / 24, size / 24);
    const ink = color === 'black' || color === 'blue' || color === 'red' || color === 'green' ? '#fff' : '#000';
    g.lineWidth = 2.5; g.lineJoin = 'round';
    if (SYMBOL_FILLED.has(color)) { g.fillStyle = ink; g.fill(symbolPaths.get(color)); } else { g.strokeStyle = ink; g.stroke(symbolPaths.get(color)); }
    g.restore();
  }
}

// sizeCanvas gives the canvas as many pixels as it has device pixels on
// the screen (crisp at any devicePixelRatio) and returns its width and
// height in them, or null while it has no width on the page (hidden, or
// laid out for a moment at no size, as a full-page screenshot does): then
// it keeps its pixels and drawing, and is drawn again once it has a size
// (its ResizeObserver).
function sizeCanvas(c) {
  const dpr = window.devicePixelRatio || 1;
  const cw = c.clientWidth;
  if (!cw) return null;
  const pw = Math.round(cw * dpr), ph = Math.round((c.clientHeight || cw) * dpr);
  if (c.width !== pw || c.height !== ph) { c.width = pw; c.height = ph; }
  return [pw, ph];
}

// trayScale returns the pixels per centimeter that fit the tray, with
// MARGIN of table around it, into a w × h canvas when the tray side bottom
// faces the viewer: on a square canvas the tray's longer side fits its
// width whichever way the tray is turned; a canvas taller (or wider) than
// square shows a tray turned that way larger.
function trayScale(view, w, h, bottom) {
  const W = view.tray.width_cm, D = view.tray.depth_cm;
  const [across, deep] = bottom % 2 === 0 ? [W, D] : [D, W];
  return Math.min(w / (across + 2 * MARGIN), h / (deep + 2 * MARGIN));
}

// draw paints the tray at time now.
function draw(mem, now) {
  const c = mem.canvas;
  const view = mem.view;
  if (!view || !c.isConnected) return false;
  const ctx = mem.ctx;
  const t = ctx.t;
  const size = sizeCanvas(c);
  if (!size) return false;
  const [pw, ph] = size;
  const W = view.tray.width_cm, D = view.tray.depth_cm;
  const cx = pw / 2, cy = ph / 2;
  let a = mem.anim;
  if (a && now >= a.end) {
    if (a.fallen.size) play('gems', a.fallen.size);
    if (a.dragon) {
      mem.dragonUntil = now + DRAGON_MS;
      play('dragon');
    }
    mem.anim = a = null;
    mem.animations++;
    c.dataset.animations = String(mem.animations);
    updateFallen(mem, null);
  }
  // The tray's angle, scale and offset now.
  let theta = trayAngle(view, ctx.you, view.tray.quarter);
  let k = trayScale(view, pw, ph, facingSide(view, ctx.you));
  let ox = 0, oy = 0;
  if (a) {
    const t0 = now - a.start;
    if (a.move === 'turn') {
      const u = ease(t0 / TURN_MS);
      theta = a.theta0 + (a.theta1 - a.theta0) * u;
      const k0 = trayScale(view, pw, ph, facingSide(view, ctx.you, a.quarter0));
      k = k0 + (k - k0) * u;
    } else theta = a.theta1;
    if (a.push >= 0) {
      const n = sidePoint(view, a.push, 0.5);
      const out = t0 < PUSH_MS ? ease(t0 / PUSH_MS) : 1 - ease((t0 - PUSH_MS) / 400);
      ox = -n.nx * PUSH_CM * out; oy = -n.ny * PUSH_CM * out;
    }
    if (a.hit && t0 < 180) {
      const n = sidePoint(view, a.hit.side, a.hit.pos / (POSITIONS + 1));
      const jolt = Math.sin((t0 / 180) * Math.PI) * 0.06 * a.hit.strength;
      ox = n.nx * jolt; oy = n.ny * jolt;
    }
  }
  const cos = Math.cos(theta), sin = Math.sin(theta);
  const toScreen = (x, y) => [cx + k * ((x + ox) * cos - (y + oy) * sin), cy - k * ((x + ox) * sin + (y + oy) * cos)];
  const g = c.getContext('2d');
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, pw, ph);
  // The table: wood, lit from the middle.
  const px = Math.max(pw, ph);
  const wood = g.createRadialGradient(cx, cy, px * 0.1, cx, cy, px * 0.75);
  wood.addColorStop(0, '#8a6540');
  wood.addColorStop(1, '#5e4329');
  g.fillStyle = wood;
  g.fillRect(0, 0, pw, ph);

  // The seats around the table, the viewer at the bottom: each a tag in the
  // seat's game color, the one to play ringed; with ctx.solo only the
  // viewer's. The tags drawn are the canvas's data-seats.
  const sides = seatSides(view);
  const mine = tableSide(view, ctx.you);
  const fontPx = Math.max(11, k * 0.75);
  g.font = `600 ${fontPx}px system-ui, sans-serif`;
  g.textAlign = 'center'; g.textBaseline = 'middle';
  const labels = [];
  sides.forEach((sd, i) => {
    if (ctx.solo && i !== ctx.you) return;
    const o = (sd - mine + 4) % 4; // 0 bottom, 1 left, 2 top, 3 right
    const label = `${i + 1}  ${ctx.names[i] ?? t('seat.number', { n: i + 1 })}`;
    labels.push(label);
    const w = g.measureText(label).width + fontPx * 1.4, hgt = fontPx * 1.8;
    // As far from the tray's centre as a square canvas puts them; where
    // the canvas leaves less table beside the tray than that (a phone's
    // stage), in a corner of their own, clear of the hammer and the aim's
    // number beside the tray's side.
    const reach = k * (Math.max(W, D) / 2 + MARGIN - 1.5);
    const tightX = cx - k * 1.5 < reach - 0.5, tightY = cy - k * 1.5 < reach - 0.5;
    let at = [[cx, cy + reach], [cx - reach, cy], [cx, cy - reach], [cx + reach, cy]][o];
    if (o === 0 && tightY) at = [6 + w / 2, ph - hgt / 2 - 4];
    if (o === 2 && tightY) at = [pw - 6 - w / 2, hgt / 2 + 4];
    if (o === 1 && tightX) at = [hgt / 2 + 4, 6 + w / 2];
    if (o === 3 && tightX) at = [pw - hgt / 2 - 4, ph - 6 - w / 2];
    g.save();
    g.translate(at[0], at[1]);
    if (o === 1) g.rotate(-Math.PI / 2);
    if (o === 3) g.rotate(Math.PI / 2);
    g.beginPath();
    g.roundRect(-w / 2, -hgt / 2, w, hgt, hgt / 2);
    g.fillStyle = seatColor(view, i);
    g.fill();
    if (view.current === i && view.phase !== 'over') {
      g.lineWidth = Math.max(2, fontPx * 0.2);
      g.strokeStyle = '#ffd24a';
      g.stroke();
    }
    g.fillStyle = inkOn(seatColor(view, i));
    g.fillText(label, 0, 1);
    g.restore();
  });
  c.dataset.seats = labels.join('|');

  // The tray: the box's bottom, its rim and its shadow on the table.
  g.setTransform(k * cos, -k * sin, -k * sin, -k * cos, cx, cy);
  g.translate(ox, oy);
  g.fillStyle = 'rgba(0,0,0,.3)';
  g.fillRect(-W / 2 + 0.4, -D / 2 - 0.5, W + 0.3, D + 0.3);
  g.fillStyle = '#e2d3ae';
  g.fillRect(-W / 2, -D / 2, W, D);
  g.lineWidth = 0.45;
  g.strokeStyle = '#4a3420';
  g.strokeRect(-W / 2, -D / 2, W, D);
  // Position ticks on every side.
  g.fillStyle = 'rgba(60,40,20,.45)';
  for (let sd = 0; sd < 4; sd++) {
    for (let p = 1; p <= POSITIONS; p++) {
      const q = sidePoint(view, sd, p / (POSITIONS + 1));
      g.beginPath();
      g.arc(q.x + q.nx * 0.35, q.y + q.ny * 0.35, 0.12, 0, 2 * Math.PI);
      g.fill();
    }
  }

  // What the player aiming blind or head down cannot see.
  const you = ctx.you;
  const aiming = view.phase === 'hit' && view.current === you;
  const blind = aiming && (view.technique === 'eyes-closed' || view.technique === 'head-down') ? view.technique : '';
  c.dataset.blind = blind;
  c.dataset.animating = a ? 'true' : 'false';
  c.dataset.bottom = SIDES[facingSide(view, you)];
  c.dataset.strength = String(currentStrength(mem, now));
  let gems;
  let fell = null;
  if (a) {
    const ag = animatedGems(a, now);
    gems = ag.gems;
    fell = ag.fell;
  } else {
    gems = view.tray.gems.map((x) => ({ ...x, alpha: 1, scale: 1 }));
    if (mem.returnedAt && now - mem.returnedAt < 500) {
      const u = (now - mem.returnedAt) / 500;
      for (const x of gems) if (mem.returned.has(x.id)) x.alpha = u;
    }
  }
  for (const gem of gems) drawGem(g, gem, view, ctx.colorBlind, toScreen, k);
  c.dataset.gems = String(gems.length);
  if (blind === 'eyes-closed') {
    g.fillStyle = 'rgba(15,15,25,.93)';
    g.fillRect(-W / 2 - 0.2, -D / 2 - 0.2, W + 0.4, D + 0.4);
  } else if (blind === 'head-down') {
    // Only the half nearest to the viewer is seen: the far half is dark.
    const f = facingSide(view, you);
    g.fillStyle = 'rgba(15,15,25,.85)';
    if (f === 0) g.fillRect(-W / 2 - 0.2, -D / 2 - 0.2, W + 0.4, D / 2 + 0.2);
    else if (f === 2) g.fillRect(-W / 2 - 0.2, 0, W + 0.4, D / 2 + 0.2);
    else if (f === 1) g.fillRect(-W / 2 - 0.2, -D / 2 - 0.2, W / 2 + 0.2, D + 0.4);
    else g.fillRect(0, -D / 2 - 0.2, W / 2 + 0.2, D + 0.4);
  }

  // The aim: a hammer outside the side, its length the strength, with the
  // bands of the hand's spread.
  const aim = mem.aim;
  if (aiming && mem.canHit && aim) {
    const hand = handOf(view);
    const f = aim.pos / (POSITIONS + 1);
    const q = sidePoint(view, aim.side, f);
    const sideLen = aim.side % 2 === 0 ? W : D;
    const strength = currentStrength(mem, now);
    // A shaky hand shakes the hammer.
    const shake = (hand.aimFactor - 1) * 0.25 * Math.sin(now / 90);
    const tx = -q.ny, ty = q.nx; // along the side
    const hx = q.x + tx * shake, hy = q.y + ty * shake;
    const spread = hand.aim * sideLen * 2;
    g.strokeStyle = 'rgba(255,191,71,.55)';
    g.lineWidth = 0.5;
    g.beginPath();
    g.moveTo(hx - tx * spread, hy - ty * spread);
    g.lineTo(hx + tx * spread, hy + ty * spread);
    g.stroke();
    // The direction cone.
    const cone = hand.angle * 2;
    const reach = 3 + strength * 0.5;
    g.fillStyle = 'rgba(255,191,71,.25)';
    g.beginPath();
    g.moveTo(hx, hy);
    for (const s of [-cone, cone]) {
      const dx = q.nx * Math.cos(s) - q.ny * Math.sin(s), dy = q.nx * Math.sin(s) + q.ny * Math.cos(s);
      g.lineTo(hx + dx * reach, hy + dy * reach);
    }
    g.closePath();
    g.fill();
    // The hammer: handle outward, head at the edge.
    const back = 1 + strength * 0.35;
    g.strokeStyle = '#3a2a1a';
    g.lineWidth = 0.35;
    g.beginPath();
    g.moveTo(hx - q.nx * 0.6, hy - q.ny * 0.6);
    g.lineTo(hx - q.nx * (0.6 + back), hy - q.ny * (0.6 + back));
    g.stroke();
    g.fillStyle = mem.press ? '#c0392b' : seatColor(view, you);
    g.fillRect(Math.min(hx - q.nx * 0.1 - tx * 0.9, hx - q.nx * 1.1 + tx * 0.9), Math.min(hy - q.ny * 0.1 - ty * 0.9, hy - q.ny * 1.1 + ty * 0.9),
      Math.abs(q.nx) * 1 + Math.abs(tx) * 1.8, Math.abs(q.ny) * 1 + Math.abs(ty) * 1.8);
  }

  // Side names in screen space.
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.font = `bold ${Math.max(10, k * 0.7)}px system-ui, sans-serif`;
  g.fillStyle = '#3a2a1a';
  for (let sd = 0; sd < 4; sd++) {
    const q = sidePoint(view, sd, 0.5);
    const [sx, sy] = toScreen(q.x - q.nx * 1.5, q.y - q.ny * 1.5);
    g.fillStyle = '#f3e6d0';
    g.fillText(t(`ht.side.${SIDES[sd]}.short`), sx, sy);
  }
  if (aiming && mem.canHit && mem.aim) {
    const q = sidePoint(view, mem.aim.side, mem.aim.pos / (POSITIONS + 1));
    const [sx, sy] = toScreen(q.x - q.nx * 3.6, q.y - q.ny * 3.6);
    g.fillStyle = '#ffe08a';
    g.fillText(String(mem.aim.pos), sx, sy);
  }
  if (blind) {
    g.fillStyle = '#fff';
    g.font = `${Math.max(12, k * 0.9)}px system-ui, sans-serif`;
    const [sx, sy] = blind === 'eyes-closed' ? [cx, cy] : toScreen(0, 0);
    g.fillText(t(blind === 'eyes-closed' ? 'ht.blind.eyes' : 'ht.blind.head', { n: view.tray.hidden }), sx, blind === 'eyes-closed' ? sy : sy + (facingSide(view, you) === 2 ? -k * 2 : k * 2));
  }

  // The dragon.
  const dragon = mem.dragonUntil > now;
  c.dataset.dragon = dragon ? 'awake' : '';
  if (dragon) {
    const u = reducedMotion() ? 1 / 3 : 1 - (mem.dragonUntil - now) / DRAGON_MS;
    g.globalAlpha = u < 0.15 ? u / 0.15 : u > 0.85 ? (1 - u) / 0.15 : 1;
    g.fillStyle = 'rgba(120,0,0,.55)';
    g.fillRect(0, 0, pw, ph);
    // The dragon's eye opens.
    const open = Math.min(1, u * 3);
    g.fillStyle = '#f5c518';
    g.strokeStyle = '#2a0a00';
    g.lineWidth = k * 0.3;
    g.beginPath();
    g.ellipse(cx, cy - k * 2, k * 5, k * 2.4 * open + 0.5, 0, 0, 2 * Math.PI);
    g.fill();
    g.stroke();
    g.fillStyle = '#1a0500';
    g.beginPath();
    g.ellipse(cx, cy - k * 2, k * 0.6, k * 2.2 * open + 0.5, 0, 0, 2 * Math.PI);
    g.fill();
    g.font = `bold ${Math.max(14, k * 1.3)}px system-ui, sans-serif`;
    g.fillStyle = '#fff';
    g.fillText(t('ht.dragon.awake'), cx, cy + k * 3);
    g.globalAlpha = 1;
  }
  if (fell !== null) updateFallen(mem, fell);
  updateMeter(mem, now);
  return !!(mem.anim || mem.press || dragon || (mem.returnedAt && now - mem.returnedAt < 500) || mem.rollUntil > now || (aiming && mem.aim && handOf(view).aimFactor > 1));
}

// schedule asks for frames until nothing moves. The canvas is marked
// data-frame="due" until its last frame is drawn.
function schedule(mem) {
  if (mem.raf) return;
  mem.canvas.dataset.frame = 'due';
  mem.raf = requestAnimationFrame(function step(now) {
    mem.raf = 0;
    const more = draw(mem, now);
    updateDie(mem, now);
    if (more) schedule(mem);
    else delete mem.canvas.dataset.frame;
  });
}

// ---- strength ----

function currentStrength(mem, now) {
  const p = mem.press;
  if (!p) return mem.strength;
  if (p.mode === 'drag') return p.strength;
  return Math.max(1, Math.min(STRENGTHS, 1 + Math.floor((now - p.t0) / HOLD_STEP)));
}

function updateMeter(mem, now) {
  const s = currentStrength(mem, now);
  showStrength(mem, s);
  const hand = mem.view ? handOf(mem.view) : { base: 0, per: 1, low: 1, high: 1 };
  // The band of strengths the hand usually delivers (two hits in three, one
  // deviation either way around the chosen strength, which is the average
  // unless the technique changes the force).
  const speed = hand.base + hand.per * s;
  const lo = Math.max(1, Math.min(STRENGTHS, Math.round((speed * hand.low - hand.base) / hand.per)));
  const hi = Math.max(lo, Math.min(STRENGTHS, Math.round((speed * hand.high - hand.base) / hand.per)));
  mem.band.style.left = `${((lo - 1) / STRENGTHS) * 100}%`;
  mem.band.style.width = `${((hi - lo + 1) / STRENGTHS) * 100}%`;
}

// showStrength shows strength s everywhere it is read, the meter, its
// slider, its number and the hit button, so that they never disagree: the
// chosen strength, or while pressing on the tray the strength the press
// has reached.
function showStrength(mem, s) {
  mem.shown = s;
  const { t, lang } = mem.ctx;
  const aim = mem.aim || { side: facingSide(mem.view, mem.ctx.you), pos: 5 };
  const move = hitMove(aim.side, aim.pos, s);
  const key = `${move}|${lang}`;
  if (mem.meter.dataset.shown === key) return;
  mem.meter.dataset.shown = key;
  const m = mem.meter;
  m.dataset.strength = String(s);
  m.setAttribute('aria-valuenow', String(s));
  m.setAttribute('aria-valuetext', t('ht.strength.value', { n: s }));
  [...m.children].forEach((seg, i) => seg.classList.toggle('on', i < s));
  mem.meterText.textContent = String(s);
  mem.str.value = String(s);
  mem.str.setAttribute('aria-valuetext', t('ht.strength.value', { n: s }));
  mem.hit.dataset.move = move;
  mem.hit.textContent = t('ht.button.hit', { side: t(`ht.side.${SIDES[aim.side]}`), pos: aim.pos, strength: s });
  mem.canvas.setAttribute('aria-label', t('ht.tray.label', { move: describe(move, t) }));
}

// shownStrength returns the strength shown now (the one a press hits
// with), or the current strength before anything is shown.
function shownStrength(mem) {
  return mem.shown ?? currentStrength(mem, performance.now());
}

// ---- building the page ----

function build(el) {
  const mem = {
    aim: null, strength: 5, press: null, anim: null, raf: 0, lastSig: null, dragonUntil: 0, animations: 0,
    returned: new Set(), returnedAt: 0, dieKey: '', rollUntil: 0, canHit: false, fill: null, fillKey: null,
  };
  mem.canvas = h('canvas', { id: 'ht-tray', class: 'ht-tray', tabindex: '0', role: 'application', 'data-key': 'ht-tray', 'data-animations': '0', 'data-focus-default': '' });
  // The tray in words, for a screen reader: what access.summary says.
  mem.describe = h('div', { id: 'ht-describe', class: 'sr' });
  // The strength: one value, shown by the meter and set by the slider laid
  // over it (or by pressing on the tray, or by the keys up and down).
  mem.meterText = h('output', { class: 'ht-meter-n', id: 'ht-str-out', for: 'ht-strength' });
  mem.band = h('span', { class: 'ht-band', 'aria-hidden': 'true' });
  mem.meter = h('div', { id: 'ht-meter', class: 'ht-meter', role: 'meter', 'aria-valuemin': '1', 'aria-valuemax': String(STRENGTHS) },
    Array.from({ length: STRENGTHS }, (_, i) => h('span', { class: 'seg', 'data-level': i + 1 })));
  mem.str = h('input', { id: 'ht-strength', class: 'ht-str-input', type: 'range', min: 1, max: STRENGTHS, step: 1, 'data-key': 'ht-strength' });
  mem.meterBox = h('div', { class: 'ht-meterbox' },
    h('label', { class: 'ht-meter-label', id: 'ht-meter-label', for: 'ht-strength' }),
    h('div', { class: 'ht-gauge' }, mem.meter, mem.band, mem.str), mem.meterText);
  mem.meter.setAttribute('aria-labelledby', 'ht-meter-label');
  mem.die = h('div', { id: 'ht-die', class: 'ht-die', role: 'status', 'aria-live': 'polite' });
  mem.status = h('p', { id: 'ht-status', class: 'ht-status' });
  mem.fallen = h('div', { id: 'ht-fallen', class: 'ht-fallen', role: 'status', 'aria-live': 'polite', 'data-count': '0' });
  mem.side = h('select', { id: 'ht-side', 'data-key': 'ht-side' }, SIDES.map((sd) => h('option', { value: sd })));
  mem.pos = h('input', { id: 'ht-pos', type: 'range', min: 1, max: POSITIONS, step: 1, 'data-key': 'ht-pos' });
  mem.hit = h('button', { type: 'button', id: 'ht-hit', class: 'primary move', 'data-key': 'ht-hit' });
  mem.trayMoves = h('div', { id: 'ht-moves', class: 'ht-moves', role: 'group' });
  mem.aimForm = h('div', { class: 'ht-aim', id: 'ht-aim' },
    h('label', { for: 'ht-side', class: 'ht-l-side' }), mem.side,
    h('label', { for: 'ht-pos', class: 'ht-l-pos' }), mem.pos, h('output', { id: 'ht-pos-out', for: 'ht-pos' }),
    mem.hit);
  mem.helpText = h('p', { class: 'help', id: 'ht-help' });
  mem.helpSummary = h('summary');
  mem.help = h('details', { class: 'ht-help' }, mem.helpSummary, mem.helpText);
  mem.canvas.setAttribute('aria-describedby', 'ht-describe ht-help');
  mem.result = h('section', { id: 'ht-result', class: 'ht-result' });
  mem.fillBox = h('section', { id: 'ht-fillbox', class: 'ht-fillbox', hidden: true });
  mem.missions = h('section', { id: 'ht-missions', class: 'ht-missions' });
  mem.seats = h('section', { id: 'ht-seats', class: 'ht-seats' });
  mem.trayBox = h('div', { class: 'ht-traybox' }, mem.canvas, mem.fallen);
  mem.controls = h('div', { class: 'ht-controls' }, mem.die, mem.meterBox, mem.aimForm, mem.trayMoves, mem.fillBox, mem.result, mem.help);
  // The stage: the tray and the controls of the step; on a phone it is one
  // screen high (the table page's --stage-h), and what only informs (the
  // last move's result, the help) follows it, in mem.after.
  mem.stage = h('div', { class: 'ht-main ht-stage', id: 'ht-stage' }, mem.trayBox, mem.controls);
  mem.after = h('div', { class: 'ht-after', id: 'ht-after' });
  mem.root = h('div', { class: 'ht', id: 'ht' },
    mem.status, mem.stage, mem.after,
    h('div', { class: 'ht-cards' }, mem.missions, mem.seats), mem.describe);
  clear(el).append(mem.root);
  wire(mem);
  arrange(mem);
  return mem;
}

// arrange places the parts for the layout: on a phone (compact) the turn's
// facts and the fallen gems go into the controls beside or below the tray,
// and the last move's result and the help after the stage; on a desktop
// they are where they always were.
function arrange(mem) {
  const small = COMPACT.matches;
  if (small) {
    mem.controls.prepend(mem.status, mem.fallen);
    mem.after.append(mem.result, mem.help);
  } else {
    mem.root.prepend(mem.status);
    mem.trayBox.append(mem.fallen);
    mem.controls.append(mem.result, mem.help);
  }
  mem.after.hidden = !small;
  fitCanvas(mem);
}

// fitCanvas sizes the tray's canvas: on a phone all the room the stage
// leaves it, on a desktop a square as wide as its column (the style
// sheet's). A box with no width (hidden, or laid out for a moment at no
// size, as a full-page screenshot does) leaves the canvas as it is.
function fitCanvas(mem) {
  const c = mem.canvas;
  const staged = COMPACT.matches && getComputedStyle(mem.stage).getPropertyValue('--stage-h').trim() !== '';
  if (!staged) {
    c.style.removeProperty('width');
    c.style.removeProperty('height');
  } else if (mem.trayBox.clientWidth > 0) {
    const w = `${Math.floor(mem.trayBox.clientWidth)}px`, hgt = `${Math.max(120, Math.floor(mem.trayBox.clientHeight))}px`;
    if (c.style.width !== w || c.style.height !== hgt) {
      c.style.width = w;
      c.style.height = hgt;
    }
  }
  schedule(mem);
}

function setAim(mem, aim) {
  if (!aim) return;
  mem.aim = { side: aim.side, pos: aim.pos };
  updateAimForm(mem);
  schedule(mem);
}

// pointerAim returns the tray point under a pointer event and its aim.
function pointerPoint(mem, ev) {
  const view = mem.view;
  const r = mem.canvas.getBoundingClientRect();
  const k = trayScale(view, r.width, r.height, facingSide(view, mem.ctx.you));
  const u = (ev.clientX - r.left - r.width / 2) / k, v = -(ev.clientY - r.top - r.height / 2) / k;
  const th = trayAngle(view, mem.ctx.you, view.tray.quarter);
  const x = u * Math.cos(th) + v * Math.sin(th), y = -u * Math.sin(th) + v * Math.cos(th);
  return { x, y, aim: aimAt(view, x, y) };
}

function sendHit(mem, strength) {
  if (!mem.canHit || !mem.aim) return;
  mem.strength = strength;
  const move = hitMove(mem.aim.side, mem.aim.pos, strength);
  if (!mem.ctx.legal.includes(move)) return;
  mem.canHit = false;
  mem.ctx.send(move);
}

function wire(mem) {
  const c = mem.canvas;
  c.addEventListener('pointermove', (ev) => {
    if (!mem.canHit || mem.anim) return;
    const p = pointerPoint(mem, ev);
    if (mem.press && mem.press.pointer === ev.pointerId) {
      const d = Math.hypot(p.x - mem.press.x, p.y - mem.press.y);
      if (mem.press.mode === 'hold' && d > DRAG_START) mem.press.mode = 'drag';
      if (mem.press.mode === 'drag') mem.press.strength = Math.max(1, Math.min(STRENGTHS, 1 + Math.floor(d / DRAG_STEP)));
      schedule(mem);
      return;
    }
    if (p.aim) setAim(mem, p.aim);
  });
  c.addEventListener('pointerdown', (ev) => {
    if (!mem.canHit || mem.anim || ev.button !== 0) return;
    const p = pointerPoint(mem, ev);
    if (!p.aim) return;
    ev.preventDefault();
    c.focus();
    setAim(mem, p.aim);
    mem.press = { pointer: ev.pointerId, t0: performance.now(), x: p.x, y: p.y, mode: 'hold', strength: 1 };
    try { c.setPointerCapture(ev.pointerId); } catch { /* a synthetic pointer */ }
    schedule(mem);
  });
  // A press hits with the strength the meter shows when it ends.
  const release = (ev) => {
    if (!mem.press || mem.press.pointer !== ev.pointerId) return;
    const s = shownStrength(mem);
    mem.press = null;
    if (ev.type === 'pointerup') sendHit(mem, s);
    schedule(mem);
  };
  c.addEventListener('pointerup', release);
  c.addEventListener('pointercancel', release);
  // The tray in words is loaded for a keyboard player, and told once loaded.
  c.addEventListener('focus', () => describeTray(mem));
  c.addEventListener('keydown', (ev) => {
    const ctx = mem.ctx;
    if (ev.key === 'Escape' && mem.press) { mem.press = null; schedule(mem); ev.preventDefault(); return; }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'q' || ev.key === 'e') {
      const m = ev.key === 'q' ? 'turn left' : 'turn right';
      if (ctx.legal.includes(m)) { ev.preventDefault(); ctx.send(m); }
      return;
    }
    // Shift+N, E, S, W push the tray from that side.
    const push = { N: 'north', E: 'east', S: 'south', W: 'west' }[ev.key];
    if (push) {
      if (ctx.legal.includes(`push ${push}`)) { ev.preventDefault(); ctx.send(`push ${push}`); }
      return;
    }
    // D says the tray in words (the live region).
    if (ev.key === 'd') { ev.preventDefault(); loadWords().then(() => ctx.announce?.(access.summary(ctx).join(' '))); return; }
    if (!mem.canHit) return;
    if (!mem.aim) mem.aim = { side: facingSide(mem.view, ctx.you), pos: 5 };
    const idx = mem.aim.side * POSITIONS + mem.aim.pos - 1;
    switch (ev.key) {
      case 'ArrowLeft': case 'ArrowRight': {
        // Positions run clockwise: along the bottom side, that is leftward.
        const j = (idx + (ev.key === 'ArrowLeft' ? 1 : -1) + 4 * POSITIONS) % (4 * POSITIONS);
        setAim(mem, { side: Math.floor(j / POSITIONS), pos: (j % POSITIONS) + 1 });
        break;
      }
      case 'ArrowUp': case 'ArrowDown': case 'PageUp': case 'PageDown': case '+': case '=': case '-':
        mem.strength = Math.max(1, Math.min(STRENGTHS, mem.strength + (['ArrowUp', 'PageUp', '+', '='].includes(ev.key) ? 1 : -1)));
        updateAimForm(mem);
        schedule(mem);
        break;
      case '1': case '2': case '3': case '4':
        // 1 to 4 choose the side: north, east, south, west.
        setAim(mem, { side: Number(ev.key) - 1, pos: mem.aim.pos });
        break;
      case 'Enter':
        sendHit(mem, mem.strength);
        break;
      case ' ':
        if (!ev.repeat && !mem.press) { mem.press = { pointer: 'key', t0: performance.now(), mode: 'hold', strength: 1 }; schedule(mem); }
        break;
      default:
        return;
    }
    ev.preventDefault();
  });
  c.addEventListener('keyup', (ev) => {
    if (ev.key === ' ' && mem.press?.pointer === 'key') {
      const s = shownStrength(mem);
      mem.press = null;
      sendHit(mem, s);
      ev.preventDefault();
    }
  });
  mem.side.addEventListener('change', () => setAim(mem, { side: SIDES.indexOf(mem.side.value), pos: mem.aim?.pos || 5 }));
  mem.pos.addEventListener('input', () => setAim(mem, { side: mem.aim ? mem.aim.side : facingSide(mem.view, mem.ctx.you), pos: Number(mem.pos.value) }));
  mem.str.addEventListener('input', () => { mem.strength = Number(mem.str.value); updateAimForm(mem); schedule(mem); });
  mem.hit.addEventListener('click', () => {
    if (!mem.aim) mem.aim = { side: SIDES.indexOf(mem.side.value), pos: Number(mem.pos.value) };
    sendHit(mem, mem.strength);
  });
  // The canvas follows its box (a rotated phone, the page's bar coming or
  // going) and is redrawn at the new size.
  new ResizeObserver(() => fitCanvas(mem)).observe(mem.trayBox);
  // The canvas's own box can change without its box's (the phone's layout
  // sizes it by its style): a drawing made at the old size would be shown
  // stretched, so it is drawn again.
  new ResizeObserver(() => schedule(mem)).observe(mem.canvas);
  COMPACT.addEventListener('change', () => { if (mem.root.isConnected) arrange(mem); });
  window.addEventListener('resize', () => schedule(mem));
}

function updateAimForm(mem) {
  const aim = mem.aim || { side: facingSide(mem.view, mem.ctx.you), pos: 5 };
  mem.side.value = SIDES[aim.side];
  mem.pos.value = String(aim.pos);
  mem.root.querySelector('#ht-pos-out').textContent = String(aim.pos);
  showStrength(mem, mem.press ? currentStrength(mem, performance.now()) : mem.strength);
}

// ---- the page's texts and panels ----

function gemChip(t, color, extra = {}) {
  return h('span', { class: ['ht-gem', `g-${color}`, extra.class], 'data-color': color, title: t(`ht.color.${color}`), ...extra.attrs },
    gemSymbol(color, 'sym'),
    h('span', { class: 'sr', text: t(`ht.color.${color}`) }));
}

function missionCard(t, kind, extra = {}) {
  return h('span', { class: ['ht-mission', extra.class], 'data-kind': kind || '', title: kind ? t(`ht.mission.${kind}`) : '', ...extra.attrs },
    picture('star', 'ht-mission-star'), ' ', kind ? t(`ht.mission.${kind}`) : t('ht.mission.none'));
}

function updateStatic(mem) {
  const { t } = mem.ctx;
  mem.root.querySelector('.ht-l-side').textContent = t('ht.aim.side');
  mem.root.querySelector('.ht-l-pos').textContent = t('ht.aim.position');
  mem.root.querySelector('#ht-meter-label').textContent = t('ht.strength');
  [...mem.side.options].forEach((o) => { o.textContent = t(`ht.side.${o.value}`); });
  mem.helpSummary.textContent = t('ht.help.title');
  mem.helpText.textContent = `${t('ht.help')} ${t('hammertime.access.keys')}`;
}

function updateStatus(mem) {
  const { view, t, names, you } = mem.ctx;
  const who = names[view.current] ?? t('seat.number', { n: view.current + 1 });
  // At the end the table's end screen says that the game is over and who
  // won: the renderer adds no line of its own.
  mem.status.hidden = view.phase === 'over';
  let text;
  if (view.phase === 'over') text = '';
  else if (view.phase === 'roll') text = t('ht.die.rolling');
  else if (view.phase === 'fill') text = view.current === you ? t('ht.status.fillyou') : t('ht.status.fill', { name: who });
  else text = view.current === you ? t('ht.status.hityou') : t('ht.status.hit', { name: who });
  mem.status.dataset.phase = view.phase;
  mem.root.dataset.phase = view.phase;
  mem.root.dataset.current = String(view.current);
  mem.root.dataset.round = String(view.round);
  mem.root.dataset.technique = view.technique || '';
  const facts = [t('ht.round', { n: view.round + 1 })];
  if (view.phase === 'hit') facts.push(t('ht.hits', { n: view.hits_this_turn }), t('ht.movesleft', { n: view.tray_moves_left }));
  const toWin = t('ht.towin', { n: view.wagons_to_win });
  clear(mem.status).append(...[
    h('span', { class: 'ht-status-main' }, view.phase !== 'over' ? seatDot(view, view.current) : null, ' ', h('strong', { text })),
    view.final_round ? h('span', { class: 'tag acting', text: t('ht.finalround') }) : null,
    h('span', { class: 'ht-facts' }, facts.map((f) => h('span', { class: 'ht-fact', text: f })), h('span', { class: 'ht-fact towin', text: toWin }))].filter(Boolean));
}

function updateFallen(mem, fell) {
  const { t, lang } = mem.ctx;
  const view = mem.view;
  const wake = view?.dragon_wakes || 9;
  const lh = view?.last_hit;
  const n = fell ?? (lh ? lh.fallen.length : 0);
  const key = `${n}|${fell === null}|${lang}|${wake}`;
  if (mem.fallen.dataset.shown === key) return;
  mem.fallen.dataset.shown = key;
  mem.fallen.dataset.count = String(n);
  mem.fallen.dataset.final = String(fell === null);
  // A row of gem sockets up to the dragon: each fallen gem fills one.
  const pips = Array.from({ length: wake }, (_, i) => h('span', { class: ['pip', i < n && 'on', i === wake - 1 && 'last'], 'aria-hidden': 'true' }));
  const awake = n >= wake;
  clear(mem.fallen).append(
    h('span', { class: 'ht-fallen-n', text: t('ht.fallen', { n }) }),
    h('span', { class: 'pips', 'aria-hidden': 'true' }, pips, h('span', { class: ['ht-dragon', awake && 'awake'] }, picture('dragon'))),
    h('small', { class: 'ht-wakes', text: t('ht.wakes', { n: wake }) }));
}

// dieOwner returns the seat whose technique the die shows: the player to
// hit this turn.
function dieOwner(view) { return view.current; }

function updateDie(mem, now) {
  const { view, t, names, you, lang } = mem.ctx;
  if (!view.expert) { mem.die.hidden = true; return; }
  mem.die.hidden = false;
  const tech = view.technique || '';
  const rolling = mem.rollUntil > now;
  const faces = (view.hand?.techniques || []).map((x) => x.name);
  const face = rolling ? 1 + (Math.floor(now / 90) % 6) : faces.indexOf(tech) + 1;
  const owner = dieOwner(view);
  const mine = owner === you;
  const who = names[owner] ?? t('seat.number', { n: owner + 1 });
  const key = `${rolling}|${face}|${tech}|${owner}|${mine}|${who}|${lang}`;
  if (mem.die.dataset.shown === key) return;
  mem.die.dataset.shown = key;
  mem.die.dataset.technique = rolling ? '' : tech;
  mem.die.dataset.owner = String(owner);
  mem.die.classList.toggle('rolling', rolling);
  mem.die.classList.toggle('theirs', !mine);
  tint(mem.die, seatColor(view, owner));
  // Whose die it is: the player's own, or the hitter's, named.
  const whose = mine ? t('ht.die.yours') : t('ht.die.theirs', { name: who });
  clear(mem.die).append(h('span', { class: 'ht-die-face' }, dieFace(face > 0 ? face : 0)),
    h('span', { class: 'ht-die-text' },
      h('span', { class: 'ht-die-whose' }, seatDot(view, owner), ' ', whose),
      h('strong', { class: 'ht-die-tech' }, !rolling && tech ? picture(tech) : null, !rolling && tech ? ' ' : null,
        rolling ? t('ht.die.rolling') : tech ? t(`ht.technique.${tech}`) : t('ht.die.none')),
      !rolling && tech ? h('small', { class: 'ht-die-effect', text: mine ? t(`ht.technique.${tech}.effect`) : t(`ht.technique.${tech}.effect.theirs`, { name: who }) }) : null));
}

function updateControls(mem) {
  const { view, legal, t, send } = mem.ctx;
  mem.canHit = legal.some((m) => m.startsWith('hit '));
  const disabled = !mem.canHit;
  for (const x of [mem.side, mem.pos, mem.str, mem.hit]) x.disabled = disabled;
  mem.canvas.classList.toggle('aiming', mem.canHit);
  mem.aimForm.hidden = view.phase !== 'hit';
  mem.meterBox.hidden = view.phase !== 'hit';
  if (mem.canHit && !mem.aim) mem.aim = { side: facingSide(view, mem.ctx.you), pos: 5 };
  if (!mem.canHit) mem.press = null;
  updateAimForm(mem);
  clear(mem.trayMoves);
  mem.trayMoves.setAttribute('aria-label', t('ht.traymoves'));
  const mine = view.current === mem.ctx.you && view.phase === 'hit';
  mem.trayMoves.hidden = !mine;
  if (!mine) return;
  // Push buttons named by the tray side and drawn as the screen direction.
  const f = facingSide(view, mem.ctx.you);
  // An arrow pointing up turned toward the screen's bottom, left, top or
  // right, by (side - facing) clockwise.
  const turns = [180, 270, 0, 90];
  const btn = (m, pic, label, rot) => {
    const p = picture(pic);
    if (rot !== undefined) p.style.transform = `rotate(${turns[rot]}deg)`;
    return h('button', { type: 'button', class: 'move ht-traymove', 'data-move': m, 'data-key': 'move:' + m, title: label, disabled: !legal.includes(m), onclick: () => send(m) },
      p, h('span', { class: 'ht-traymove-label', text: label }));
  };
  mem.trayMoves.append(
    h('span', { class: 'ht-moves-label', text: t('ht.traymoves') }),
    btn('turn left', 'turn-left', t('ht.turn.left')), btn('turn right', 'turn-right', t('ht.turn.right')),
    ...SIDES.map((sd, i) => btn(`push ${sd}`, 'arrow', t('ht.push', { side: t(`ht.side.${sd}`) }), (i - f + 4) % 4)));
}

// ---- filling the wagon: fallen gems and mission cards as jokers ----

// parseFilling returns the counts of a filling's notation ("fill blue 1
// white 2 missions 1", "fill nothing") by part, or null for another move.
export function parseFilling(move) {
  const f = (move || '').split(' ');
  if (f[0] !== 'fill') return null;
  const c = Object.fromEntries(FILL_PARTS.map((p) => [p, 0]));
  for (let i = 1; i + 1 < f.length; i += 2) if (f[i] in c) c[f[i]] = Number(f[i + 1]);
  return c;
}

// fillingMove is the inverse of parseFilling: the engine's notation.
export function fillingMove(c) {
  const parts = FILL_PARTS.filter((p) => c[p] > 0).map((p) => `${p} ${c[p]}`);
  return parts.length ? `fill ${parts.join(' ')}` : 'fill nothing';
}

// fillBoardState returns the board of the player's filling: the wagon's
// slots and the gems already in it, and the fallen gems and mission cards
// put in (inWagon) or left out, as the filling move places them (of each
// color the gems with the lowest numbers, the cards won first).
function fillBoardState(view, you, move) {
  const seat = view.seats[you];
  const c = parseFilling(move) || {};
  const want = { ...c };
  const st = { slots: seat.wagon.slots, old: seat.wagon.gems, inWagon: [], left: [] };
  for (const id of [...view.fill.fallen].sort((a, b) => a - b)) {
    const g = { kind: 'gem', id, color: gemColor(id) };
    if (want[g.color] > 0) { want[g.color]--; st.inWagon.push(g); } else st.left.push(g);
  }
  seat.missions.forEach((m, i) => (i < (c.missions || 0) ? st.inWagon : st.left).push({ kind: 'card', id: i, mission: m }));
  return st;
}

// wagonFits reports whether the wagon can hold its old gems and items: no
// black gem, no more gems of a color than its slots (white gems and mission
// cards fill any slot), no more in all than its slots.
function wagonFits(st, items) {
  const slots = {}, n = {};
  for (const c of st.slots) slots[c] = (slots[c] || 0) + 1;
  for (const c of st.old) n[c] = (n[c] || 0) + 1;
  for (const x of items) {
    const c = x.kind === 'gem' ? x.color : 'white';
    n[c] = (n[c] || 0) + 1;
  }
  let total = 0;
  for (const [c, k] of Object.entries(n)) {
    if (c === 'black' || (c !== 'white' && k > (slots[c] || 0))) return false;
    total += k;
  }
  return total <= st.slots.length;
}

// boardMove returns the notation of the filling on the board.
function boardMove(st) {
  const c = Object.fromEntries(FILL_PARTS.map((p) => [p, 0]));
  for (const x of st.inWagon) c[x.kind === 'gem' ? x.color : 'missions']++;
  return fillingMove(c);
}

// layoutWagon places a wagon's contents in its slots, since gems in a wagon
// may move between slots: gems of a slot's color in it (the old ones
// first), then white gems and mission cards in the free slots. It returns,
// slot by slot, {color, item, fixed}; old gems are fixed items.
function layoutWagon(st) {
  const out = st.slots.map((color) => ({ color, item: null, fixed: false }));
  const put = (item, fixed, color) => {
    let i = color ? out.findIndex((s) => !s.item && s.color === color) : -1;
    if (i < 0) i = out.findIndex((s) => !s.item);
    if (i >= 0) { out[i].item = item; out[i].fixed = fixed; }
  };
  const old = st.old.map((c, i) => ({ kind: 'gem', color: c, id: `old${i}` }));
  for (const x of old) if (x.color !== 'white') put(x, true, x.color);
  for (const x of st.inWagon) if (x.kind === 'gem' && x.color !== 'white') put(x, false, x.color);
  for (const x of old) if (x.color === 'white') put(x, true, null);
  for (const x of st.inWagon) if (x.kind !== 'gem' || x.color === 'white') put(x, false, null);
  return out;
}

// fillBoard draws the wagon's slots and the items left out; items move, by
// pointer drag or by picking one and then a slot or the row (click or
// keyboard), between the wagon and the row, when the wagon can hold them.
// onChange is called after every change.
function fillBoard(st, t, onChange) {
  const wrap = h('div', { class: 'ht-slotboard' });
  let picked = null; // {from: 'wagon'|'left', i}
  const itemEl = (item, from, i) => {
    const el = item.kind === 'gem'
      ? gemChip(t, item.color, { class: from === 'wagon' ? 'ht-item fresh' : 'ht-item', attrs: { 'data-gem': item.id } })
      : missionCard(t, item.mission, { class: 'ht-item', attrs: { 'data-card': item.id } });
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.dataset.key = `fill-item-${item.kind}-${item.id}`;
    el.dataset.from = from;
    el.addEventListener('click', (e) => { e.stopPropagation(); picked = { from, i }; redraw(); });
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); picked = { from, i }; redraw(); } });
    el.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      const ghost = el.cloneNode(true);
      ghost.classList.add('ht-ghost');
      document.body.append(ghost);
      const moveTo = (ev) => { ghost.style.left = `${ev.clientX - 12}px`; ghost.style.top = `${ev.clientY - 12}px`; };
      moveTo(e);
      const up = (ev) => {
        window.removeEventListener('pointermove', moveTo);
        window.removeEventListener('pointerup', up);
        ghost.remove();
        const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest('[data-drop]');
        if (target && wrap.contains(target) && target.dataset.drop !== from) put({ from, i }, target.dataset.drop);
        else { picked = { from, i }; redraw(); }
      };
      window.addEventListener('pointermove', moveTo);
      window.addEventListener('pointerup', up);
    });
    return el;
  };
  // put moves the item at src into the wagon or out of it.
  const put = (src, dst) => {
    picked = null;
    const from = src.from === 'wagon' ? st.inWagon : st.left;
    const item = from[src.i];
    if (item && dst !== src.from && (dst === 'left' || wagonFits(st, [...st.inWagon, item]))) {
      from.splice(src.i, 1);
      (dst === 'left' ? st.left : st.inWagon).push(item);
    }
    redraw();
    onChange();
  };
  const redraw = () => {
    const focusKey = wrap.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    clear(wrap);
    const into = picked?.from === 'left';
    const slots = h('div', { class: 'ht-wagon ht-slots', role: 'group', 'aria-label': t('ht.wagon.slots') });
    layoutWagon(st).forEach((s, i) => {
      const slot = h('div', { class: ['ht-slot', `s-${s.color}`, s.fixed && 'fixed', into && !s.item && 'target'], 'data-drop': 'wagon', 'data-slot': i, 'data-color': s.color, 'data-key': `fill-slot-${i}`, title: t(`ht.color.${s.color}`) },
        gemSymbol(s.color, 'slot-sym'));
      if (!s.fixed) {
        slot.setAttribute('tabindex', '0');
        slot.setAttribute('role', 'button');
        slot.setAttribute('aria-label', t('ht.wagon.slot', { color: t(`ht.color.${s.color}`) }));
        const drop = () => { if (picked) put(picked, 'wagon'); };
        slot.addEventListener('click', drop);
        slot.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && e.target === slot) { e.preventDefault(); drop(); } });
      }
      if (s.item) slot.append(s.fixed ? gemChip(t, s.item.color, { class: 'old' }) : itemEl(s.item, 'wagon', st.inWagon.indexOf(s.item)));
      if (picked?.from === 'wagon' && st.inWagon[picked.i] === s.item && s.item) slot.classList.add('picked');
      slots.append(slot);
    });
    const left = h('div', { class: ['ht-left', picked?.from === 'wagon' && 'target'], 'data-drop': 'left', 'data-key': 'fill-left', tabindex: '0', role: 'button', 'aria-label': t('ht.wagon.back') },
      h('span', { class: 'label', text: t('ht.wagon.back') }), st.left.map((item, i) => itemEl(item, 'left', i)));
    const backDrop = () => { if (picked) put(picked, 'left'); };
    left.addEventListener('click', backDrop);
    left.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && e.target === left) { e.preventDefault(); backDrop(); } });
    wrap.append(slots, left);
    if (focusKey) wrap.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  };
  redraw();
  return wrap;
}

// describeFilling returns a filling's counts in words.
function describeFilling(move, t) {
  const c = parseFilling(move);
  if (!c) return '';
  const parts = FILL_PARTS.filter((p) => c[p] > 0)
    .map((p) => (p === 'missions' ? t('ht.cards', { n: c[p] }) : `${c[p]} × ${t(`ht.color.${p}`)}`));
  return parts.join(', ');
}

// updateFill shows the player's filling in the fill phase: the board,
// starting from the suggested filling, and a button that sends the filling
// on the board when it is legal. It is redrawn only when the view's filling
// or the legal moves change, so that the other players' moves do not
// interrupt a drag.
function updateFill(mem) {
  const { view, t, you, legal, send } = mem.ctx;
  const mine = view.phase === 'fill' && view.current === you && !!view.fill && !!view.seats[you]?.wagon;
  const sig = mine ? [view.round, view.current, JSON.stringify(view.fill), JSON.stringify(view.seats[you])].join('#') : '';
  const key = `${sig}#${legal.join('|')}#${mem.ctx.lang}`;
  if (mem.fillKey === key) return;
  mem.fillKey = key;
  clear(mem.fillBox);
  mem.fillBox.hidden = !mine;
  mem.canvas.toggleAttribute('data-focus-default', !mine);
  if (!mine) { mem.fill = null; return; }
  if (!mem.fill || mem.fill.sig !== sig) mem.fill = { sig, st: fillBoardState(view, you, view.fill.suggested), sent: false };
  const f = mem.fill;
  const suggested = view.fill.suggested;
  const box = h('div', { class: 'ht-fill', id: 'ht-fill', 'data-suggested': suggested });
  const confirm = h('button', { type: 'button', class: 'primary move', id: 'ht-fill-confirm', 'data-key': 'ht-fill-confirm', 'data-focus-default': '' });
  const note = h('small', { class: 'help', id: 'ht-fill-note' });
  const sync = () => {
    const move = boardMove(f.st);
    const ok = legal.includes(move);
    box.dataset.move = move;
    confirm.dataset.move = move;
    confirm.disabled = !ok || f.sent;
    const what = move === 'fill nothing' ? t('ht.log.fillnothing') : describeFilling(move, t);
    confirm.textContent = t('ht.fill.send', { what });
    note.textContent = ok ? (move === suggested ? '' : t('ht.fill.own'))
      : (f.st.inWagon.some((x) => x.kind === 'card') ? t('ht.fill.cardsonly') : t('ht.fill.illegal'));
  };
  confirm.addEventListener('click', () => {
    const move = boardMove(f.st);
    if (!legal.includes(move) || f.sent) return;
    f.sent = true;
    confirm.disabled = true;
    send(move);
  });
  const suggest = h('button', { type: 'button', id: 'ht-fill-suggest', 'data-key': 'ht-fill-suggest', text: t('ht.fill.suggest'),
    onclick: () => { f.st = fillBoardState(view, you, suggested); f.sent = false; mem.fillKey = ''; updateFill(mem); } });
  box.append(h('h3', { text: t('ht.fill.choose') }), h('p', { class: 'help', text: t('ht.fill.drag') }),
    fillBoard(f.st, t, sync), h('div', { class: 'actions' }, confirm, ' ', suggest, ' ', note));
  mem.fillBox.append(box);
  sync();
}

// updateResult shows the last hit, turn or push: who made it, the gems
// that fell, the dragon, the mission check and, while the hitter fills
// their wagon, that they do.
function updateResult(mem) {
  const { view, t, names, you } = mem.ctx;
  const lh = view.last_hit;
  clear(mem.result);
  if (!lh) {
    // A player aiming blind does not see what their hits did.
    const blindMiss = view.phase === 'hit' && view.current === you && view.hits_this_turn > 0;
    mem.result.hidden = !blindMiss;
    if (blindMiss) mem.result.append(h('p', { class: 'note', id: 'ht-blind-miss', text: t('ht.blind.heard') }));
    return;
  }
  mem.result.hidden = false;
  const who = names[lh.seat] ?? t('seat.number', { n: lh.seat + 1 });
  const n = lh.fallen.length;
  const isHit = lh.move.startsWith('hit ');
  mem.result.dataset.fallen = String(n);
  tint(mem.result, seatColor(view, lh.seat));
  const lines = [h('h3', {}, seatDot(view, lh.seat), h('span', { class: 'ht-last', text: t('ht.last', { name: who, move: describe(lh.move, t) }) }),
    lh.technique ? h('span', { class: 'tag ht-techtag' }, picture(lh.technique), ' ', t(`ht.technique.${lh.technique}`)) : null)];
  lines.push(h('p', { class: 'ht-fell' }, n ? t('ht.fell', { n }) : t('ht.fellnone'), ' ', lh.fallen.map((g) => gemChip(t, gemColor(g)))));
  if (n && !isHit) lines.push(h('p', { text: t('ht.traymove.fell') }));
  else if (lh.dragon) lines.push(h('p', { class: 'ht-dragonline' }, picture('dragon'), ' ', t('ht.dragon.back')));
  else if (n && isHit) {
    // The mission check, with the card that lay face up before the hit.
    if (lh.mission) {
      const met = !!lh.mission_met;
      lines.push(h('p', { class: ['ht-check', met ? 'met' : 'unmet'], id: 'ht-check', 'data-met': String(met) },
        missionCard(t, lh.mission), ' ', met ? t('ht.check.met', { name: who }) : t('ht.check.unmet')));
    }
    if (view.phase === 'fill' && view.current === lh.seat && lh.seat !== you) {
      lines.push(h('p', { class: 'ht-fill-waiting', id: 'ht-fill-waiting', text: t('ht.fill.waiting', { name: who }) }));
    }
  }
  mem.result.append(...lines);
}

function updateMissions(mem) {
  const { view, t } = mem.ctx;
  clear(mem.missions);
  if (!view.missions) { mem.missions.hidden = true; return; }
  mem.missions.hidden = false;
  mem.missions.append(...[h('h3', { text: t('ht.missions') }),
    h('div', { class: 'ht-pile', id: 'ht-mission-top', 'data-kind': view.mission || '' }, missionCard(t, view.mission), ' ',
      h('small', { text: t('ht.deck', { n: view.deck_size }) })),
    view.deck_bottom.length ? h('p', { class: 'help' }, t('ht.deckbottom'), ' ', view.deck_bottom.map((k) => missionCard(t, k, { class: 'small' }))) : null].filter(Boolean));
}

function updateSeats(mem) {
  const { view, t, names, you } = mem.ctx;
  clear(mem.seats);
  mem.seats.append(h('h3', { text: t('ht.wagons') }));
  const winners = new Set(view.winners || []);
  view.seats.forEach((s, i) => {
    const w = s.wagon;
    const laid = w ? layoutWagon({ slots: w.slots, old: w.gems, inWagon: [] }) : null;
    const full = s.full_wagons.length;
    mem.seats.append(tint(h('div', { class: ['ht-seat', i === you && 'you', view.current === i && view.phase !== 'over' && 'current', winners.has(i) && 'winner'],
      'data-seat': i, 'data-full': full, 'data-color': view.seat_colors?.[i] || '' },
      h('div', { class: 'ht-seat-head' },
        seatDot(view, i), ' ',
        h('strong', { text: names[i] ?? t('seat.number', { n: i + 1 }) }), ' ',
        h('span', { class: 'ht-owner', 'data-owner': s.owner, text: t(`ht.owner.${s.owner}`) }),
        winners.has(i) ? h('span', { class: 'tag acting ht-winner' }, icon('trophy'), ' ', t('ht.winner')) : null),
      h('div', { class: 'ht-stack' },
        h('div', { class: 'ht-full-pile', title: t('ht.fullwagons', { n: full }) },
          full ? s.full_wagons.map((id) => h('span', { class: 'ht-card-back full', 'data-wagon': id }, picture('check'))) : h('span', { class: 'ht-card-back none', 'aria-hidden': 'true' }),
          h('span', { class: 'ht-count', text: t('ht.fullwagons', { n: full }) })),
        w ? h('div', { class: 'ht-wagon small', 'data-wagon': w.id, role: 'img', 'aria-label': t('ht.topwagon', { n: w.gems.length, m: w.slots.length }) },
          laid.map((x) => h('span', { class: ['ht-slot', `s-${x.color}`], title: t(`ht.color.${x.color}`) },
            x.item ? gemChip(t, x.item.color) : gemSymbol(x.color, 'slot-sym')))) : h('span', { class: 'muted', text: t(s.pile_left ? 'ht.wagon.facedown' : 'ht.allfull') }),
        h('span', { class: 'ht-pile-left', title: t('ht.pileleft', { n: s.pile_left }) },
          Array.from({ length: s.pile_left }, () => h('span', { class: 'ht-card-back under', 'aria-hidden': 'true' })),
          h('span', { class: 'ht-count', text: t('ht.pileleft', { n: s.pile_left }) })),
        h('span', { class: 'ht-held' }, s.missions.map((k) => missionCard(t, k, { class: 'small joker' }))))), seatColor(view, i)));
  });
}

// render draws the view into el; ctx: view, prev, legal, send, you, names,
// t, lang, colorBlind, status, and solo: a page of one person at the tray
// (the practice), where the view's other seats are nobody's and not drawn.
export function render(el, ctx) {
  if (!document.getElementById('ht-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/games/hammertime.css', id: 'ht-css' }));
  let mem = memory.get(el);
  if (!mem || !el.contains(mem.root)) {
    mem = build(el);
    memory.set(el, mem);
  }
  const before = mem.view;
  mem.ctx = ctx;
  mem.view = ctx.view;
  const now = performance.now();
  const lh = ctx.view.last_hit;
  const sig = hitSignature(lh);
  if (mem.lastSig !== sig) {
    const prev = ctx.prev && hitSignature(ctx.prev.last_hit) !== sig ? ctx.prev : before;
    // A new move: whatever the dragon did on the move before is over, so
    // that it never shows over this one.
    mem.dragonUntil = 0;
    if (lh && mem.lastSig !== null && lh.move.startsWith('hit ') && words?.hitWords) ctx.announce?.(words.hitWords(ctx, lh));
    if (lh && mem.lastSig !== null && prev) {
      mem.anim = buildAnimation(prev, ctx.view, ctx.you, now);
      if (mem.anim.move === 'hit') play('hammer');
      mem.press = null;
      mem.returned = new Set(lh.fallen);
      mem.returnedAt = reducedMotion() ? 0 : mem.anim.end;
    }
    mem.lastSig = sig;
  }
  const dieKey = ctx.view.technique && ctx.view.phase === 'hit' ? `${ctx.view.round}|${ctx.view.current}|${ctx.view.technique}` : '';
  if (dieKey !== mem.dieKey) {
    // A new turn's technique: the die rolls (not on the first drawing).
    if (dieKey && before && !reducedMotion()) mem.rollUntil = now + ROLL_MS;
    mem.dieKey = dieKey;
  }
  updateStatic(mem);
  updateStatus(mem);
  updateControls(mem);
  updateResult(mem);
  updateFill(mem);
  updateMissions(mem);
  updateSeats(mem);
  updateDie(mem, now);
  updateFallen(mem, mem.anim ? 0 : null);
  describeTray(mem);
  mem.canvas.classList.toggle('colorblind', !!ctx.colorBlind);
  schedule(mem);
}

// breakdown returns each seat's score for the end screen (see
// breakdown.js): one point per wagon filled, and, when mission cards are
// in play, the mission cards won, which break a tie; the parts are the
// view's.
export function breakdown(view, ctx) {
  const { t } = ctx;
  if (!view?.seats) return null;
  return view.seats.map((sv) => {
    const lines = (sv.full_wagons || []).map((id, i) => ({ kind: 'wagon', label: t('ht.bd.wagon', { n: i + 1 }), points: 1 }));
    if (view.missions) {
      const kinds = sv.missions || [];
      lines.push({ tie: true, label: t('ht.bd.missions'), value: kinds.length,
        detail: kinds.length ? kinds.map((k) => t(`ht.mission.${k}`)).join(' · ') : null });
    }
    return lines;
  });
}

// describe returns a Hammer Time move in words.
export function describe(move, t) {
  const f = move.split(' ');
  const side = (x) => t(`ht.side.${x}`);
  switch (f[0]) {
    case 'hit': return f.length === 5 ? t('ht.log.hit', { side: side(f[1]), pos: f[2], strength: f[4] }) : '';
    case 'turn': return f[1] === 'left' || f[1] === 'right' ? t(`ht.log.turn.${f[1]}`) : '';
    case 'push': return SIDES.includes(f[1]) ? t('ht.log.push', { side: side(f[1]) }) : '';
    case 'fill': return f[1] === 'nothing' ? t('ht.log.fillnothing') : t('ht.log.fill', { what: describeFilling(move, t) });
    case 'roll': return f.length === 2 && TECHNIQUES.includes(f[1]) ? t('ht.log.roll', { technique: t(`ht.technique.${f[1]}`) }) : '';
    case 'reveal': return describeReveal(f[1] || '', t);
  }
  return '';
}

// describeReveal words chance turning a card face up ("reveal pink-2",
// "reveal mission-4"): the wagon by its owner's color and number, the
// mission card by its number.
function describeReveal(id, t) {
  const m = /^(.+)-(\d+)$/.exec(id);
  if (!m) return '';
  if (m[1] === 'mission') return t('ht.log.reveal.mission', { n: m[2] });
  return t('ht.log.reveal.wagon', { owner: t(`ht.owner.${m[1]}`), n: m[2] });
}

// learnTarget is the tutorial page's hook (js/learn.js): for a hit it aims
// the controls drawn in el at the hit's side, place and strength and marks
// the hit button, so that the learner makes exactly the tutorial's hit; for
// a filling it marks the wagon's confirm button when it sends that filling.
// It reports whether it marked anything.
export function learnTarget(el, move) {
  const mem = memory.get(el);
  if (parseFilling(move)) {
    const confirm = el.querySelector(`#ht-fill-confirm[data-move="${CSS.escape(move)}"]`);
    confirm?.classList.add('learn-target');
    return !!confirm;
  }
  const hit = parseHit(move);
  if (!mem || !hit || hit.side < 0) return false;
  mem.aim = { side: hit.side, pos: hit.pos };
  mem.strength = hit.strength;
  updateAimForm(mem);
  schedule(mem);
  mem.hit.classList.add('learn-target');
  return true;
}

// ---- the tray in words, for play without sight ----

// access is what the screen-reader mode reads (see access.js): the words
// live in js/hammertime-access.js, a script apart from the table's, loaded
// when first needed (the tray first drawn or described, a command asked);
// until then it answers nothing. words is the script once loaded;
// loadWords returns its loading, which settles when it is in (or failed,
// to be tried again at the next need).
let words = null;
let wordsLoading = null;
function loadWords() {
  wordsLoading ??= import('../js/hammertime-access.js').then((m) => { words = m; }, () => { wordsLoading = null; });
  return wordsLoading;
}

// describeTray tells the tray in words in its description (what a screen
// reader reads with the focused tray), now and, if the words are still
// loading, again once they are in: the tray may be focused, or drawn for
// the last time before the next move, while they load.
function describeTray(mem) {
  mem.describe.textContent = access.summary(mem.ctx).join(' ');
  if (!words) loadWords().then(() => { if (mem.root.isConnected && words) mem.describe.textContent = access.summary(mem.ctx).join(' '); });
}
export const access = {
  summary: (ctx) => (words?.access ? words.access.summary(ctx) : (loadWords(), [])),
  cell: (ctx, ref) => (words?.access ? words.access.cell(ctx, ref) : (loadWords(), null)),
  commands: (ctx) => (words?.access ? words.access.commands(ctx) : (loadWords(), [])),
};

// internals are what hammertime-access.js reads the tray with.
export const internals = { COLORS, SIDES, POSITIONS, BAND, facingSide };
