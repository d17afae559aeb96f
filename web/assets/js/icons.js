// Small inline SVG icons drawn with the text's colour: no emoji and no
// symbol from a font (those depend on the fonts of the system and show as
// empty boxes without them), no file, no outside request. An icon is
// decoration: the text beside it says the same for screen readers.
//
// icon(name) makes an HTML-level <svg> (1em, in the text's colour);
// glyph(name, x, y, size) draws the same icon inside another SVG (a board).
// Every icon is drawn in a 24 × 24 box: strokes by default (the .icon class
// sets fill none and stroke currentColor), parts marked F filled.
//
// The icons: clock, trophy, bot, leave, dragon, die1 … die6 (pips), die
// (a die: chance), first, prev, next, last (the replay's steps), cut
// (scissors), swap, card (a card face down), star, gem, and the color-blind
// symbols circle, triangle, diamond, square (and star); gold, silver,
// woodworm and rat (Out of Mine's elements); turnleft, turnright, check,
// up, down, left, right, hammer; plus, minus and fit (zoom); warning;
// menu, chat and close (the table's bar on a phone).
import { s } from './dom.js';

const F = { fill: 'currentColor', stroke: 'none' };
const pip = (cx, cy) => ['circle', { cx, cy, r: 1.9, ...F }];
const dieBox = ['rect', { x: 3, y: 3, width: 18, height: 18, rx: 3.5 }];
const PIPS = {
  1: [[12, 12]],
  2: [[8, 8], [16, 16]],
  3: [[7.5, 7.5], [12, 12], [16.5, 16.5]],
  4: [[8, 8], [16, 8], [8, 16], [16, 16]],
  5: [[7.5, 7.5], [16.5, 7.5], [12, 12], [7.5, 16.5], [16.5, 16.5]],
  6: [[8, 7], [16, 7], [8, 12], [16, 12], [8, 17], [16, 17]],
};
const STAR = 'M12 2.8l2.7 5.9 6.4.7-4.8 4.3 1.4 6.3L12 16.8 6.3 20l1.4-6.3-4.8-4.3 6.4-.7z';

const PATHS = {
  // A stopwatch: the dial, the crown and the hand.
  clock: [['circle', { cx: 12, cy: 13.5, r: 8 }], ['path', { d: 'M9.5 2.5h5M12 2.5v3M12 13.5V9M18.5 6.5l1.5-1.5' }]],
  // A bell: the "your turn" notifications.
  bell: [['path', { d: 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0' }]],
  // A padlock: a private table.
  lock: [['rect', { x: 5, y: 11, width: 14, height: 10, rx: 2 }], ['path', { d: 'M8 11V8a4 4 0 0 1 8 0v3' }]],
  // A cup with two handles on a foot.
  trophy: [['path', { d: 'M7 3.5h10v5a5 5 0 0 1-10 0zM7 5.5H4.5v1a3 3 0 0 0 3 3M17 5.5h2.5v1a3 3 0 0 1-3 3M12 13.5v4M8 20.5h8M9.5 17.5h5v3h-5z' }]],
  // A robot's head: the stand-in.
  bot: [['rect', { x: 5, y: 8, width: 14, height: 11, rx: 2.5 }], ['path', { d: 'M12 8V4.5M9.5 13h.01M14.5 13h.01M9.5 16.5h5' }], ['circle', { cx: 12, cy: 3.5, r: 1 }]],
  // A door with an arrow out: leaving the table.
  leave: [['path', { d: 'M14 4.5H6.5v15H14M10.5 12h10M17 8.5l3.5 3.5-3.5 3.5' }]],
  // A dragon's head in profile, facing right: spikes down the neck, a
  // horn, the snout, the open jaw and an eye.
  dragon: [['path', { d: 'M3 21L4.5 16 2.8 15.4 5.5 13 4 11.5 7 10 9 7 7 2.5 11.5 6H16L21 9.5 21.5 11.5 17.5 12.5 20 15 15 15.5 11 19 9 21z' }],
    ['circle', { cx: 14.5, cy: 9, r: 1.1, ...F }]],
  die1: [dieBox, ...PIPS[1].map(([x, y]) => pip(x, y))],
  die2: [dieBox, ...PIPS[2].map(([x, y]) => pip(x, y))],
  die3: [dieBox, ...PIPS[3].map(([x, y]) => pip(x, y))],
  die4: [dieBox, ...PIPS[4].map(([x, y]) => pip(x, y))],
  die5: [dieBox, ...PIPS[5].map(([x, y]) => pip(x, y))],
  die6: [dieBox, ...PIPS[6].map(([x, y]) => pip(x, y))],
  die: [dieBox, ...PIPS[5].map(([x, y]) => pip(x, y))],
  // The replay's steps: to the start, back, forward, to the end.
  first: [['path', { d: 'M6 5v14' }], ['path', { d: 'M19 5.5l-10 6.5 10 6.5z', ...F }]],
  prev: [['path', { d: 'M17 5.5L6.5 12 17 18.5z', ...F }]],
  next: [['path', { d: 'M7 5.5L17.5 12 7 18.5z', ...F }]],
  last: [['path', { d: 'M18 5v14' }], ['path', { d: 'M5 5.5l10 6.5-10 6.5z', ...F }]],
  // Scissors: fragments about to be cut off.
  cut: [['circle', { cx: 6, cy: 6.5, r: 2.8 }], ['circle', { cx: 6, cy: 17.5, r: 2.8 }], ['path', { d: 'M8.3 8.2L20 17M8.3 15.8L20 7' }]],
  // Two arrows, there and back: a swap.
  swap: [['path', { d: 'M4 8.5h15M15.5 5L19 8.5 15.5 12M20 15.5H5M8.5 12L5 15.5 8.5 19' }]],
  // A card lying face down.
  card: [['rect', { x: 5, y: 2.5, width: 14, height: 19, rx: 2 }], ['path', { d: 'M8 6l8 12M16 6L8 18' }]],
  star: [['path', { d: STAR, ...F }]],
  // A cut gem seen from above: a collection card's deck mark.
  gem: [['path', { d: 'M12 3l7.5 9-7.5 9-7.5-9z', ...F }]],
  // The color-blind symbols, one per color (with star above).
  circle: [['circle', { cx: 12, cy: 12, r: 7.5 }]],
  triangle: [['path', { d: 'M12 4l8.5 15h-17z' }]],
  diamond: [['path', { d: 'M12 3l8.5 9-8.5 9-8.5-9z' }]],
  square: [['rect', { x: 5, y: 5, width: 14, height: 14, rx: .5 }]],
  // Out of Mine's elements: a gold nugget (a coin), a silver crystal, a
  // woodworm, a rat.
  gold: [['circle', { cx: 12, cy: 12, r: 8 }], ['circle', { cx: 12, cy: 12, r: 4, ...F }]],
  silver: [['path', { d: 'M12 3l7 9-7 9-7-9z' }], ['path', { d: 'M12 8l3 4-3 4-3-4z', ...F }]],
  woodworm: [['path', { d: 'M3 14c2-4 4-4 6 0s4 4 6 0 4-4 6 0', 'stroke-width': 2.6 }], ['circle', { cx: 20.5, cy: 13, r: 1.3, ...F }]],
  rat: [['path', { d: 'M4 17c0-3.5 3.2-6 7-6 3 0 5 1 6.5 2.5l4 2-4.5 1.5zM4 17c-2.2 0-2.8 2.6-.8 4M8 17v2M13 17v2', 'stroke-width': 1.8 }],
    ['circle', { cx: 15, cy: 10.8, r: 1.9 }], ['circle', { cx: 18.2, cy: 14.2, r: .9, ...F }]],
  // Turning left and right (a tray, a card), a tick, arrows.
  turnleft: [['path', { d: 'M4.5 10A8 8 0 1 1 6 17M4.5 4.5V10H10' }]],
  turnright: [['path', { d: 'M19.5 10A8 8 0 1 0 18 17M19.5 4.5V10H14' }]],
  check: [['path', { d: 'M4.5 12.5l5 5 10-11' }]],
  up: [['path', { d: 'M12 19.5v-15M6 10l6-6 6 6' }]],
  down: [['path', { d: 'M12 4.5v15M6 14l6 6 6-6' }]],
  left: [['path', { d: 'M19.5 12h-15M10 6l-6 6 6 6' }]],
  right: [['path', { d: 'M4.5 12h15M14 6l6 6-6 6' }]],
  // A hammer: its head and handle.
  hammer: [['path', { d: 'M13.5 10.5L4 20M9 4.5l5-1.5 6.5 6.5-1.5 5z' }]],
  // Zoom in, zoom out, fit the board to the screen.
  plus: [['path', { d: 'M12 5v14M5 12h14' }]],
  minus: [['path', { d: 'M5 12h14' }]],
  fit: [['path', { d: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5' }]],
  // A refusal: a warning triangle with its mark.
  warning: [['path', { d: 'M12 4l8.5 15h-17zM12 10v4M12 16.5h.01' }]],
  menu: [['path', { d: 'M4 6.5h16M4 12h16M4 17.5h16' }]],
  chat: [['path', { d: 'M4 5.5h16v10.5H10l-4.5 3.5V16H4z' }]],
  close: [['path', { d: 'M6 6l12 12M18 6L6 18' }]],
  stop: [['circle', { cx: 12, cy: 12, r: 8.5 }], ['rect', { x: 8.5, y: 8.5, width: 7, height: 7, rx: 1, ...F }]],
};

// has reports whether there is an icon called name.
export function has(name) { return name in PATHS; }

function draw(parent, name) {
  for (const [tag, attrs] of PATHS[name] || []) parent.append(s(tag, attrs));
  return parent;
}

// icon returns the named icon as an inline SVG element of the text's size
// and colour, hidden from screen readers.
export function icon(name, cls) {
  const svg = s('svg', { class: ['icon', `icon-${name}`, cls], viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' });
  return draw(svg, name);
}

// glyph returns the named icon as an SVG group centred on (x, y), size
// units wide, to place inside another SVG drawing; cls classes the group
// (give it stroke and fill colours in CSS, or it draws in currentColor).
export function glyph(name, x, y, size, cls) {
  const k = size / 24;
  const g = s('g', { class: ['glyph', `glyph-${name}`, cls], transform: `translate(${(x - size / 2).toFixed(2)} ${(y - size / 2).toFixed(2)}) scale(${k.toFixed(4)})`,
    'aria-hidden': 'true' });
  return draw(g, name);
}
