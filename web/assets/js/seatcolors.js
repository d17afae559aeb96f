// Seat colours: a player's colour is their colour in the game, on
// everything the page draws for a seat: the badge in the player list, the
// log, the end screen, the replay, and whatever a renderer draws (pawns,
// boards, crews).
//
// A game says its seats' colours in its view: "seat_colors", one entry per
// seat, each a colour name of GAME_COLORS ("blue") or a hex colour
// ("#2f6fd6"). A renderer may instead export seatColors(view) returning
// such a list. A game without colours (or a seat without one) gets the
// neutral palette, the same for every game: seat 1 red, 2 green, 3
// purple, 4 orange, 5 turquoise.
//
// Use: colors = seatColors(mod, view) once per render, then
// seatBadge(colors, i, t) for a badge with the seat's number, or
// paintSeat(el, colors, i) to give any element (an SVG pawn) the CSS
// variables --pc (the colour) and --pc-ink (a text colour that reads on
// it). Every badge also shows the seat's number, so colours never carry
// meaning alone.
import { h } from './dom.js';

// GAME_COLORS are the colours a view may name, as drawn on the page.
export const GAME_COLORS = {
  red: '#d62728', blue: '#2f6fd6', green: '#2ca02c', yellow: '#f2c230', white: '#f4f3ee', black: '#2b2b2b',
  orange: '#ff7f0e', purple: '#8e44ad', pink: '#e377c2', turquoise: '#17a2b8', teal: '#138a8a', brown: '#8c564b',
  grey: '#7f7f7f', golden: '#d9a520',
};

// NEUTRAL is the palette of games without seat colours.
export const NEUTRAL = ['red', 'green', 'purple', 'orange', 'turquoise'];

// seatColors returns the seat colours the game states for view (through
// the renderer mod's seatColors(view), else the view's seat_colors), or
// null when it states none.
export function seatColors(mod, view) {
  const list = typeof mod?.seatColors === 'function' ? mod.seatColors(view) : view?.seat_colors;
  return Array.isArray(list) && list.length ? list : null;
}

// ink returns a text colour that reads on hex: near black on light
// colours, white on dark ones.
function ink(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const l = 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return l > 0.3 ? '#111111' : '#ffffff';
}

// seatColor returns seat i's colour: {name, fill, ink}; name is the
// colour's name, or '' for a hex colour.
export function seatColor(colors, i) {
  let c = colors?.[i];
  if (typeof c !== 'string') c = NEUTRAL[i % NEUTRAL.length];
  c = c.trim().toLowerCase();
  if (GAME_COLORS[c]) return { name: c, fill: GAME_COLORS[c], ink: ink(GAME_COLORS[c]) };
  if (/^#[0-9a-f]{6}$/.test(c)) return { name: '', fill: c, ink: ink(c) };
  if (/^#[0-9a-f]{3}$/.test(c)) {
    const x = '#' + [...c.slice(1)].map((d) => d + d).join('');
    return { name: '', fill: x, ink: ink(x) };
  }
  return seatColor(null, i);
}

// paintSeat gives el seat i's colour as the CSS variables --pc and
// --pc-ink (and data-seat-color, its name) and returns el.
export function paintSeat(el, colors, i) {
  const c = seatColor(colors, i);
  el.style.setProperty('--pc', c.fill);
  el.style.setProperty('--pc-ink', c.ink);
  el.dataset.seatColor = c.name || c.fill;
  return el;
}

// seatBadge returns a round badge in seat i's colour with the seat's
// number (counted from 1); given t, its tooltip names the colour.
export function seatBadge(colors, i, t, cls) {
  const c = seatColor(colors, i);
  const title = t && c.name ? t('color.' + c.name) : undefined;
  return paintSeat(h('span', { class: ['pawn-dot', cls], 'aria-hidden': 'true', title, text: String(i + 1) }), colors, i);
}
