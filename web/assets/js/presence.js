// Presence of the people at a table: whether each seat's person is here
// (online), has the page in the background (away) or is gone (offline),
// whether a stand-in bot plays for them, and why, and how long an offline
// person on their turn is still waited for. The server tells every page
// in "table" frames (seat.presence, seat.stand_in, seat.absent,
// seat.offline_deadline); the socket reports the person's own page
// (TableSocket sends a presence frame when the page is hidden or shown).
// This module draws it: a dot whose shape differs by state (filled, half, hollow) so
// that it reads without colour, with the state in words for screen
// readers and as a tooltip.
import { h, s } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { clockText } from './timecontrol.js';

export const ONLINE = 'online';
export const AWAY = 'away';
export const OFFLINE = 'offline';

// presenceOf returns the presence of a taken seat, or '' for a free one.
export function presenceOf(seat) {
  if (!seat || !seat.taken) return '';
  if (seat.kind === 'bot') return ONLINE;
  return seat.presence || OFFLINE;
}

// presenceDot returns the dot and words of a seat's presence, or null.
export function presenceDot(seat) {
  const p = presenceOf(seat);
  if (!p) return null;
  const words = t('presence.' + p);
  const svg = s('svg', { class: 'dot', viewBox: '0 0 12 12', width: 12, height: 12, 'aria-hidden': 'true', focusable: 'false' },
    s('circle', { class: 'ring', cx: 6, cy: 6, r: 4.5 }),
    p === AWAY ? s('path', { class: 'fill', d: 'M6 1.5a4.5 4.5 0 0 1 0 9z' }) : null,
    p === ONLINE ? s('circle', { class: 'fill', cx: 6, cy: 6, r: 4.5 }) : null);
  return h('span', { class: `presence presence-${p}`, 'data-presence': p, title: words }, svg, h('span', { class: 'sr', text: words }));
}

// standInTag returns the tag that says a stand-in bot plays for the seat,
// and why (left, time ran out, absent), or null.
export function standInTag(seat) {
  if (!seat?.stand_in) return null;
  const reason = seat.absent ? t('standin.reason.' + seat.absent) : '';
  return h('span', { class: 'tag standin', 'data-absent': seat.absent || '' }, icon('bot'), ' ',
    reason ? t('standin.with', { reason }) : t('standin.tag'));
}

// The graces of offline people: while a person is offline on their turn,
// their seat's offline_deadline says when a stand-in takes over unless
// they come back. graceNote draws "Fritz is offline: a stand-in takes
// over in 0:23" and keeps it counting down (every note on the page, one
// timer), until the next table frame draws the seat again.
const GRACE_TICK_MS = 250;
const graceNotes = new Set();
let graceTimer = 0;

// graceNote returns the countdown of seat's grace, under name, or null
// when no grace runs for it.
export function graceNote(seat, name) {
  if (!seat?.offline_deadline || seat.stand_in) return null;
  const el = h('span', { class: 'grace', role: 'timer', 'data-deadline': seat.offline_deadline, 'data-name': name });
  drawGrace(el, Date.now());
  graceNotes.add(el);
  if (!graceTimer) graceTimer = setInterval(tickGraces, GRACE_TICK_MS);
  return el;
}

function drawGrace(el, now) {
  const left = Math.max(0, Number(el.dataset.deadline) - now);
  const text = t('grace.offline', { name: el.dataset.name, time: clockText(left) });
  if (el.textContent !== text) el.textContent = text;
  el.dataset.ms = String(left);
}

function tickGraces() {
  const now = Date.now();
  for (const el of graceNotes) {
    if (!el.isConnected) { graceNotes.delete(el); continue; }
    drawGrace(el, now);
  }
  if (!graceNotes.size) { clearInterval(graceTimer); graceTimer = 0; }
}
