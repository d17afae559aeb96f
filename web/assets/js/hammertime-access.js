// The words of Hammer Time's screen-reader mode (hammertime.js's access,
// loaded when first needed): the turn, the seat's wagon and mission cards,
// the tray by edge and by color, the dragon; a side by its name ("north",
// "north 5": the gems near it); the commands "describe" and "gems near the
// north edge" (and the others); and a hit's result in words (hitWords).
import { internals, gemColor, describe } from '../games/hammertime.js';

const { COLORS, SIDES, POSITIONS, BAND, facingSide } = internals;

// NEAR_CM is how far from an edge (in cm) a gem counts as near it: about
// the reach of the aiming band.
const NEAR_CM = BAND;

// nearEdge returns, for each tray side (north, east, south, west), the
// visible gems of view within NEAR_CM of it, each {color, pos} with pos
// the nearest of the side's positions 1–9.
function nearEdge(view) {
  const w = view.tray.width_cm / 2, d = view.tray.depth_cm / 2;
  const out = [[], [], [], []];
  for (const g of view.tray.gems || []) {
    const color = g.color || gemColor(g.id);
    const dist = [d - g.y, w - g.x, g.y + d, g.x + w];
    const f = [(g.x + w) / (2 * w), (d - g.y) / (2 * d), (w - g.x) / (2 * w), (g.y + d) / (2 * d)];
    for (let sd = 0; sd < 4; sd++) {
      if (dist[sd] <= NEAR_CM) out[sd].push({ color, pos: Math.max(1, Math.min(POSITIONS, Math.round(f[sd] * (POSITIONS + 1)))) });
    }
  }
  return out;
}

// colorCounts says a list of gems ({color}) by color, in the colors'
// order: "2 blue, 1 red".
function colorCounts(t, gems) {
  const n = {};
  for (const g of gems) n[g.color] = (n[g.color] || 0) + 1;
  return COLORS.filter((c) => n[c]).map((c) => `${n[c]} ${t(`ht.color.${c}`)}`).join(', ');
}

// edgeWords says the gems near side sd: by color, with the positions
// along the side where they lie.
function edgeWords(t, near, sd) {
  const gems = near[sd];
  const side = t(`ht.side.${SIDES[sd]}`);
  if (!gems.length) return t('hammertime.access.edge.none', { side });
  const at = COLORS.filter((c) => gems.some((g) => g.color === c)).map((c) => {
    const list = gems.filter((g) => g.color === c);
    const pos = [...new Set(list.map((g) => g.pos))].sort((a, b) => a - b);
    return t('hammertime.access.edge.color', { n: list.length, color: t(`ht.color.${c}`), pos: pos.join(', ') });
  });
  return t('hammertime.access.edge', { side, n: gems.length, gems: at.join('; ') });
}

// hitWords says a hit's result: who hit and the gems that fell, by color.
export function hitWords(ctx, lh) {
  const { t, names } = ctx;
  const name = names[lh.seat] ?? t('seat.number', { n: lh.seat + 1 });
  const fell = (lh.fallen || []).map((id) => ({ color: gemColor(id) }));
  return t(fell.length ? 'hammertime.access.hit' : 'hammertime.access.hitnone', { name, move: describe(lh.move, t), n: fell.length, gems: colorCounts(t, fell) })
    + (lh.dragon ? ' ' + t('ht.dragon.awake') : '');
}

// seatWords says a seat's wagons and mission cards.
function seatWords(t, view, i, name) {
  const s = view.seats[i];
  const w = s.wagon;
  const gems = w?.gems || [], held = s.missions || [];
  const wagon = w ? t('hammertime.access.wagon', { slots: (w.slots || []).map((c) => t(`ht.color.${c}`)).join(', '), gems: gems.length ? gems.map((c) => t(`ht.color.${c}`)).join(', ') : '—' }) : t(s.pile_left ? 'ht.wagon.facedown' : 'ht.allfull');
  const missions = held.length ? held.map((k) => t(`ht.mission.${k}`)).join(', ') : '—';
  return t('hammertime.access.seat', { name, full: (s.full_wagons || []).length, wagon, missions });
}

// sideOf reads a side's name (in the reader's language or in English,
// or its first letter) at the start of text: its index, or -1.
function sideOf(t, text) {
  const w = String(text || '').trim().toLowerCase();
  if (!w) return -1;
  return SIDES.findIndex((sd) => {
    const names = [sd, t(`ht.side.${sd}`).toLowerCase(), t(`ht.side.${sd}.short`).toLowerCase()];
    return names.some((n) => n && (w === n || w.startsWith(n + ' ')));
  });
}

// access is what the screen-reader mode reads (see access.js): the turn,
// the seat's wagon and mission cards, the tray by edge and by color, the
// dragon; a side by its name ("north", "north 5": the gems near it); and
// the commands "describe" and "gems near the north edge" (and the others).
export const access = {
  summary(ctx) {
    const { view, t, names, you } = ctx;
    if (!view?.tray) return [];
    const who = (i) => names[i] ?? t('seat.number', { n: i + 1 });
    const out = [];
    if (view.phase !== 'over') {
      const step = view.phase === 'roll' ? t('ht.die.rolling')
        : view.phase === 'fill' ? (view.current === you ? t('ht.status.fillyou') : t('ht.status.fill', { name: who(view.current) }))
          : view.current === you ? t('ht.status.hityou') : t('ht.status.hit', { name: who(view.current) });
      out.push(`${t('ht.round', { n: view.round + 1 })}: ${step}.`);
      if (view.phase === 'hit') out.push(`${t('ht.hits', { n: view.hits_this_turn })}, ${t('ht.movesleft', { n: view.tray_moves_left })}.`);
    }
    if (view.expert && view.technique) out.push(`${t(`ht.technique.${view.technique}`)}: ${t(`ht.technique.${view.technique}.effect`)}`);
    if (you >= 0 && view.seats?.[you]) out.push(seatWords(t, view, you, t('hammertime.access.you')));
    if (view.missions) out.push(t('hammertime.access.mission', { mission: view.mission ? t(`ht.mission.${view.mission}`) : t('ht.mission.none') }));
    const gems = (view.tray.gems || []).map((g) => ({ color: g.color || gemColor(g.id) }));
    out.push(t('hammertime.access.tray', { side: t(`ht.side.${SIDES[facingSide(view, you)]}`), n: gems.length, gems: colorCounts(t, gems) }));
    if (view.tray.hidden) out.push(t('ht.blind.eyes', { n: view.tray.hidden }));
    const near = nearEdge(view);
    for (let sd = 0; sd < 4; sd++) out.push(edgeWords(t, near, sd));
    const lh = view.last_hit;
    out.push(t('hammertime.access.dragon', { n: view.dragon_wakes || 9, fell: lh?.fallen?.length || 0 }));
    (view.seats || []).forEach((_, i) => { if (i !== you) out.push(seatWords(t, view, i, who(i))); });
    return out;
  },
  cell(ctx, ref) {
    const { view, t } = ctx;
    const sd = sideOf(t, ref);
    if (!view?.tray || sd < 0) return null;
    const near = nearEdge(view);
    const pos = Number(String(ref).trim().split(/\s+/)[1]);
    if (pos >= 1 && pos <= POSITIONS) {
      const at = near[sd].filter((g) => Math.abs(g.pos - pos) <= 1);
      return t(at.length ? 'hammertime.access.point' : 'hammertime.access.pointnone', { side: t(`ht.side.${SIDES[sd]}`), pos, gems: colorCounts(t, at) });
    }
    return edgeWords(t, near, sd);
  },
  commands(ctx) {
    const { t } = ctx;
    const edge = (sd) => ({ words: [t(`hammertime.access.cmd.near.${SIDES[sd]}`)], help: t('hammertime.access.cmd.near.help', { side: t(`ht.side.${SIDES[sd]}`) }),
      answer: (cx) => edgeWords(cx.t, nearEdge(cx.view), sd) });
    return [
      { words: [t('hammertime.access.cmd.describe')], help: t('hammertime.access.cmd.describe.help'), answer: (cx) => access.summary(cx).join(' ') },
      ...[0, 1, 2, 3].map(edge),
      { words: [t('hammertime.access.cmd.near')], help: t('hammertime.access.cmd.near.anyhelp'), answer: (cx, rest) => {
        const sd = sideOf(cx.t, String(rest || '').replace(/^(the|der|die|das|du|de la|de|het|de)\s+/i, ''));
        return sd < 0 ? cx.t('hammertime.access.cmd.near.any') : edgeWords(cx.t, nearEdge(cx.view), sd);
      } },
      { words: [t('hammertime.access.cmd.wagon')], help: t('hammertime.access.cmd.wagon.help'), answer: (cx) =>
        (cx.you >= 0 && cx.view.seats?.[cx.you] ? seatWords(cx.t, cx.view, cx.you, cx.t('hammertime.access.you')) : cx.t('hammertime.access.nowagon')) },
    ];
  },
};
