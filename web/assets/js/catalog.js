// The games the server offers (GET /api/games), their renderers, and the
// translated names of games, bots and options.
import { api } from './api.js';
import { t, has } from './i18n.js';

let games = null;

// catalog returns the list of games, fetched once.
export async function catalog() {
  if (!games) games = api('GET', '/api/games').catch((e) => { games = null; throw e; });
  return games;
}

// gameSpec returns the spec of a game, or undefined.
export async function gameSpec(id) {
  return (await catalog()).find((g) => g.id === id);
}

// Games with a renderer of their own; every other game uses generic.js.
const RENDERERS = ['minerals', 'outofmine', 'hammertime', 'tf22'];

const loaded = new Map();

// renderer returns the module that draws game id: render(el, ctx) and,
// optionally, describe(move, t).
export function renderer(id) {
  const name = RENDERERS.includes(id) ? id : 'generic';
  if (!loaded.has(name)) loaded.set(name, import(`/assets/games/${name}.js`));
  return loaded.get(name);
}

// gameTitle returns the game's translated title, or the spec's.
export function gameTitle(spec) {
  const k = `game.${spec.id}.title`;
  return has(k) ? t(k) : spec.title;
}

export function gameSummary(spec) {
  const k = `game.${spec.id}.summary`;
  return has(k) ? t(k) : spec.summary;
}

export function botName(bot) {
  const k = `bot.${bot}`;
  return has(k) ? t(k) : bot;
}

export function optionTitle(game, o) {
  const k = `option.${game}.${o.key}`;
  return has(k) ? t(k) : o.title;
}

export function optionHelp(game, o) {
  const k = `option.${game}.${o.key}.help`;
  return has(k) ? t(k) : (o.help || '');
}

export function choiceName(game, o, v) {
  const k = `option.${game}.${o.key}.${v}`;
  return has(k) ? t(k) : v;
}

// seatName returns how a seat is called: the person's name, the bot's
// level, or "Seat N".
export function seatName(seat, i) {
  if (!seat) return t('seat.number', { n: i + 1 });
  if (seat.kind === 'bot') {
    // Bots have names of their own, so that two bots of one level can be
    // told apart; tables made before they had keep "Bot (level)".
    const level = botName(seat.bot || 'medium');
    const named = seat.name && !seat.name.endsWith(' bot');
    return named ? t('seat.botnamed', { name: seat.name, level }) : t('seat.bot', { level });
  }
  return seat.name || t('seat.number', { n: i + 1 });
}
