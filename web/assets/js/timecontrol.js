// Time controls: the lobby's presets, how a table's time control and a
// clock's time read in words, and the stand-in levels a game offers.
import { t } from './i18n.js';

// PRESETS are the lobby's time controls, fastest first; untimed has none.
export const PRESETS = [
  { key: 'fast', tc: { move_s: 15, bank_s: 120 } },
  { key: 'normal', tc: { move_s: 45, bank_s: 300 } },
  { key: 'slow', tc: { move_s: 120, bank_s: 900 } },
  { key: 'correspondence', tc: { move_s: 86400, bank_s: 172800 } },
  { key: 'untimed', tc: null },
];

export const DEFAULT_PRESET = 'normal';

// CORRESPONDENCE_S is the move time from which a table counts as a
// correspondence table: clocks read in hours and days, and the low-time
// warning comes an hour before the end instead of ten seconds.
export const CORRESPONDENCE_S = 3600;

// realtime reports whether a game plays in real time (its own round clock,
// no time control).
export function realtime(spec) { return spec?.turns === 'realtime'; }

// presetOf returns the key of the preset a time control is, or ''.
export function presetOf(tc) {
  if (!tc) return 'untimed';
  const p = PRESETS.find((x) => x.tc && x.tc.move_s === tc.move_s && x.tc.bank_s === tc.bank_s);
  return p ? p.key : '';
}

// span returns a number of seconds in words: "45 s", "5 min", "2 days".
export function span(sec) {
  if (sec === 86400) return t('dur.day');
  if (sec >= 86400 && sec % 86400 === 0) return t('dur.d', { n: sec / 86400 });
  if (sec >= 3600 && sec % 3600 === 0) return t('dur.h', { n: sec / 3600 });
  if (sec >= 60 && sec % 60 === 0) return t('dur.min', { n: sec / 60 });
  return t('dur.s', { n: sec });
}

// describe returns what a time control means: "45 s a move + 5 min bank".
export function describe(tc) {
  if (!tc) return t('tc.none');
  return t('tc.custom', { move: span(tc.move_s), bank: span(tc.bank_s) });
}

// label returns a table's time control for a list: the preset's name and
// what it means, or "untimed".
export function label(tc) {
  const p = presetOf(tc);
  if (!tc) return t('tc.untimed');
  return p ? `${t('tc.' + p)} · ${describe(tc)}` : describe(tc);
}

// clockText returns a clock's time left: m:ss under an hour, h:mm under a
// day, days and hours beyond.
export function clockText(ms) {
  const sec = Math.max(0, Math.ceil(ms / 1000));
  if (sec >= 86400) {
    const d = Math.floor(sec / 86400);
    const hours = Math.floor((sec % 86400) / 3600);
    return hours ? t('clock.days', { d, h: hours }) : t('clock.day', { d });
  }
  if (sec >= 3600) return t('clock.hours', { h: Math.floor(sec / 3600), mm: String(Math.floor((sec % 3600) / 60)).padStart(2, '0') });
  return `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
}

// standInLevels returns the bots that may stand in at a game's tables and
// the default one: "medium" when the game has it, else "random".
export function standInLevels(spec) {
  const bots = spec?.bots?.length ? spec.bots : ['random'];
  const def = bots.includes('medium') ? 'medium' : bots.includes('random') ? 'random' : bots[0];
  return { bots, def };
}
