// The Hammer Time renderer: the tray seen from above on a canvas, turned so
// that the side in front of the viewer is at the bottom, with its gems;
// aiming by pointing at a side and a position (snapped to the engine's 9
// positions) and strength by press-and-hold or drag with a meter (snapped
// to its 10 levels), with keyboard and form equivalents; turning and
// pushing the tray; the server's recorded gem paths animated smoothly
// (interpolated between frames with requestAnimationFrame); fallen gems
// counted and the dragon waking at 9; the mission check and the filling of
// the wagon (a suggested filling the player may rearrange by dragging and
// confirms); mission cards as jokers; every player's wagon stack; and, in
// the expert variant, the die rolled and its technique made real (the tray
// hidden while aiming with eyes closed, its far half with the head down,
// the meter and the aim shaking with the spreads the technique widens).
//
// Geometry follows the engine: tray coordinates are centimeters from the
// tray's center, x toward the east short side, y toward the north long
// side; a hit's position 1–9 runs clockwise along its side (seen from
// above), at the fraction position/10 of the side.
import { h, clear } from '../js/dom.js';
import { playerColorClass } from '../js/words.js';

const COLORS = ['white', 'blue', 'green', 'yellow', 'red', 'black'];
const GEM_FILL = { white: '#f7f6f0', blue: '#3b6fd6', green: '#2e9e48', yellow: '#e8c12c', red: '#d62728', black: '#2b2b2b' };
// Color-blind symbols, one per gem color, drawn on every gem and chip.
const GEM_SYMBOL = { white: '○', blue: '△', green: '◇', yellow: '□', red: '✚', black: '■' };
const OWNER_FILL = { orange: '#f08a24', purple: '#8e44ad', pink: '#e377c2', turquoise: '#17a2b8' };
const GEM_LENGTH = 2.0; // cm, the reconstructed pack's gem (elongated hexagon)
const GEM_WIDTH = 1.4;
const SIDES = ['north', 'east', 'south', 'west'];
const POSITIONS = 9;
const STRENGTHS = 10;
const WAKE = 9;          // this many fallen gems wake the dragon
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
// The seats' table sides (north 0, east 1, south 2, west 3) by player
// count, clockwise in the order of play, as in the engine.
const SEAT_SIDES = { 2: [2, 0], 3: [2, 3, 0], 4: [2, 3, 0, 1] };
// The hand's spreads (as the engine draws them) and how each technique of
// the expert die widens them; the renderer shows them as bands.
const AIM_SPREAD = 0.05;   // of the side's length
const ANGLE_SPREAD = 0.08; // radians
const STRENGTH_SPREAD = 0.4;
const TECHNIQUES = {
  handle: { face: '🔨', strength: 2, aim: 1, angle: 1 },
  'weak-hand': { face: '✋', strength: 1.5, aim: 3, angle: 1.2 },
  fist: { face: '👊', strength: 1.3, aim: 1, angle: 2 },
  'head-down': { face: '🙇', strength: 1, aim: 1.5, angle: 1 },
  'thumb-off': { face: '👍', strength: 1.5, aim: 1, angle: 3 },
  'eyes-closed': { face: '🙈', strength: 2, aim: 2, angle: 1.5 },
};
// The die's faces, in the order of TECHNIQUES.
const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const PLAIN_HAND = { face: '', strength: 1, aim: 1, angle: 1 };

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

// tableSide returns the table side in front of which the viewer sits (a
// spectator watches from seat 0's side).
function tableSide(view, you) {
  const sides = SEAT_SIDES[view.players] || SEAT_SIDES[2];
  return you >= 0 && you < sides.length ? sides[you] : sides[0];
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

// missionMet reports whether the gems that fell fulfil a mission kind.
export function missionMet(kind, count, blacks) {
  switch (kind) {
    case 'few': return count >= 1 && count <= 3;
    case 'many': return count >= 6 && count <= 8;
    case 'black': return blacks >= 2;
    case 'even': return count > 0 && count % 2 === 0;
    case 'odd': return count % 2 === 1;
  }
  return false;
}

// suggestFilling fills a wagon as the engine does: fallen gems of the
// slots' colors first, then white jokers. slots are the wagon's slot
// colors, held the colors already in it, fallen the gem ids that fell. It
// returns, slot by slot, what is in it: {gem: id, fresh} or {color, old}
// or null; and the fallen gems left over.
export function suggestFilling(slots, held, fallen) {
  const out = slots.map(() => null);
  const freeOf = (c) => out.findIndex((s, i) => s === null && (c === 'white' || slots[i] === c));
  // Gems already in the wagon take slots of their color, whites the rest.
  const old = [...held].sort((a, b) => (a === 'white') - (b === 'white'));
  for (const c of old) {
    const i = c === 'white' ? out.findIndex((s) => s === null) : freeOf(c);
    if (i >= 0) out[i] = { color: c, old: true };
  }
  const used = new Set();
  for (const pass of [0, 1]) {
    for (const g of fallen) {
      const c = gemColor(g);
      if (used.has(g) || c === 'black' || (pass === 0) === (c === 'white')) continue;
      const i = pass === 0 ? freeOf(c) : out.findIndex((s) => s === null);
      if (i >= 0) { out[i] = { gem: g, color: c, fresh: true }; used.add(g); }
    }
  }
  return { slots: out, left: fallen.filter((g) => !used.has(g)) };
}

function fits(slotColor, gemColorName) {
  return gemColorName === 'white' || gemColorName === slotColor;
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
    theta0: trayAngle(view, you, quarter0), theta1: trayAngle(view, you, view.tray.quarter),
    move: move[0], push: move[0] === 'push' ? SIDES.indexOf(move[1]) : -1, hit: parseHit(lh.move),
    dragon: lh.fallen.length >= WAKE && move[0] === 'hit',
  };
  if (Math.abs(a.theta1 - a.theta0) > Math.PI) a.theta1 += a.theta1 < a.theta0 ? 2 * Math.PI : -2 * Math.PI;
  if (a.move === 'turn') a.end = Math.max(a.end, now + TURN_MS + 200);
  return a;
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

function drawGem(g, gem, colorBlind, toScreen, k) {
  const color = gemColor(gem.id);
  const l = GEM_LENGTH / 2 * gem.scale, w = GEM_WIDTH / 2 * gem.scale;
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
    g.font = `${Math.max(8, k * 0.9)}px system-ui, sans-serif`;
    g.textAlign = 'center'; g.textBaseline = 'middle';
    g.fillStyle = color === 'black' || color === 'blue' || color === 'red' || color === 'green' ? '#fff' : '#000';
    g.fillText(GEM_SYMBOL[color], sx, sy);
    g.restore();
  }
}

function sizeCanvas(c) {
  const dpr = window.devicePixelRatio || 1;
  const css = c.clientWidth || 480;
  const px = Math.round(css * dpr);
  if (c.width !== px || c.height !== px) { c.width = px; c.height = px; }
  return px;
}

// draw paints the tray at time now.
function draw(mem, now) {
  const c = mem.canvas;
  const view = mem.view;
  if (!view || !c.isConnected) return false;
  const ctx = mem.ctx;
  const t = ctx.t;
  const px = sizeCanvas(c);
  const W = view.tray.width_cm, D = view.tray.depth_cm;
  const span = Math.max(W, D) + 2 * MARGIN;
  const k = px / span;
  const cx = px / 2, cy = px / 2;
  let a = mem.anim;
  if (a && now >= a.end) {
    if (a.dragon) mem.dragonUntil = now + DRAGON_MS;
    mem.anim = a = null;
    mem.animations++;
    c.dataset.animations = String(mem.animations);
    updateFallen(mem, null);
  }
  // The tray's angle and offset now.
  let theta = trayAngle(view, ctx.you, view.tray.quarter);
  let ox = 0, oy = 0;
  if (a) {
    const t0 = now - a.start;
    if (a.move === 'turn') theta = a.theta0 + (a.theta1 - a.theta0) * ease(t0 / TURN_MS);
    else theta = a.theta1;
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
  g.clearRect(0, 0, px, px);
  g.fillStyle = '#7a5a3a';
  g.fillRect(0, 0, px, px);

  // The seats around the table, the viewer at the bottom.
  const sides = SEAT_SIDES[view.players] || SEAT_SIDES[2];
  const mine = tableSide(view, ctx.you);
  g.font = `${Math.max(11, k * 0.8)}px system-ui, sans-serif`;
  g.textAlign = 'center'; g.textBaseline = 'middle';
  sides.forEach((sd, i) => {
    const o = (sd - mine + 4) % 4; // 0 bottom, 1 left, 2 top, 3 right
    const at = [[cx, px - k * 1.2], [k * 1.2, cy], [cx, k * 1.2], [px - k * 1.2, cy]][o];
    g.save();
    g.translate(at[0], at[1]);
    if (o === 1) g.rotate(-Math.PI / 2);
    if (o === 3) g.rotate(Math.PI / 2);
    g.fillStyle = view.current === i && view.phase !== 'over' ? '#ffe08a' : '#f3e6d0';
    g.fillText(`${i + 1} · ${ctx.names[i] ?? t('seat.number', { n: i + 1 })}`, 0, 0);
    g.restore();
  });

  // The tray.
  g.setTransform(k * cos, -k * sin, -k * sin, -k * cos, cx, cy);
  g.translate(ox, oy);
  g.fillStyle = '#d8c8a4';
  g.fillRect(-W / 2, -D / 2, W, D);
  g.lineWidth = 0.15;
  g.strokeStyle = '#5b4328';
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
  for (const gem of gems) drawGem(g, gem, ctx.colorBlind, toScreen, k);
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
    const hand = TECHNIQUES[view.technique] || PLAIN_HAND;
    const f = aim.pos / (POSITIONS + 1);
    const q = sidePoint(view, aim.side, f);
    const sideLen = aim.side % 2 === 0 ? W : D;
    const strength = currentStrength(mem, now);
    // A shaky hand shakes the hammer.
    const shake = (hand.aim - 1) * 0.25 * Math.sin(now / 90);
    const tx = -q.ny, ty = q.nx; // along the side
    const hx = q.x + tx * shake, hy = q.y + ty * shake;
    const spread = AIM_SPREAD * hand.aim * sideLen * 2;
    g.strokeStyle = 'rgba(255,191,71,.55)';
    g.lineWidth = 0.5;
    g.beginPath();
    g.moveTo(hx - tx * spread, hy - ty * spread);
    g.lineTo(hx + tx * spread, hy + ty * spread);
    g.stroke();
    // The direction cone.
    const cone = ANGLE_SPREAD * hand.angle * 2;
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
    g.fillStyle = mem.press ? '#c0392b' : '#555';
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
    const u = 1 - (mem.dragonUntil - now) / DRAGON_MS;
    g.globalAlpha = u < 0.15 ? u / 0.15 : u > 0.85 ? (1 - u) / 0.15 : 1;
    g.fillStyle = 'rgba(120,0,0,.55)';
    g.fillRect(0, 0, px, px);
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
  return !!(mem.anim || mem.press || dragon || (mem.returnedAt && now - mem.returnedAt < 500) || mem.rollUntil > now || (aiming && mem.aim && (TECHNIQUES[view.technique]?.aim || 1) > 1));
}

// schedule asks for frames until nothing moves.
function schedule(mem) {
  if (mem.raf) return;
  mem.raf = requestAnimationFrame(function step(now) {
    mem.raf = 0;
    const more = draw(mem, now);
    updateDie(mem, now);
    if (more) schedule(mem);
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
  const m = mem.meter;
  if (m.dataset.strength !== String(s)) {
    m.dataset.strength = String(s);
    m.setAttribute('aria-valuenow', String(s));
    m.setAttribute('aria-valuetext', mem.ctx.t('ht.strength.value', { n: s }));
    [...m.children].forEach((seg, i) => seg.classList.toggle('on', i < s));
    mem.meterText.textContent = String(s);
  }
  const hand = TECHNIQUES[mem.view?.technique] || PLAIN_HAND;
  // The band of strengths the hand may deliver (two spreads either way).
  const lo = Math.max(1, Math.round(s * Math.exp(-2 * STRENGTH_SPREAD * hand.strength * 0.5)));
  const hi = Math.min(STRENGTHS, Math.round(s * Math.exp(2 * STRENGTH_SPREAD * hand.strength * 0.5)));
  mem.band.style.left = `${((lo - 1) / STRENGTHS) * 100}%`;
  mem.band.style.width = `${((hi - lo + 1) / STRENGTHS) * 100}%`;
}

// ---- building the page ----

function build(el) {
  const mem = {
    aim: null, strength: 5, press: null, anim: null, raf: 0, lastSig: null, hitPrev: null, dragonUntil: 0, animations: 0,
    returned: new Set(), returnedAt: 0, dieKey: '', rollUntil: 0, canHit: false, myFill: null, decide: null, decideSig: '', decideKey: '',
  };
  mem.canvas = h('canvas', { id: 'ht-tray', class: 'ht-tray', tabindex: '0', role: 'application', 'data-key': 'ht-tray', 'data-animations': '0' });
  mem.meterText = h('span', { class: 'ht-meter-n' });
  mem.band = h('span', { class: 'ht-band', 'aria-hidden': 'true' });
  mem.meter = h('div', { id: 'ht-meter', class: 'ht-meter', role: 'meter', 'aria-valuemin': '1', 'aria-valuemax': String(STRENGTHS) },
    Array.from({ length: STRENGTHS }, (_, i) => h('span', { class: 'seg', 'data-level': i + 1 })));
  mem.meterBox = h('div', { class: 'ht-meterbox' }, h('span', { class: 'ht-meter-label', id: 'ht-meter-label' }), mem.meter, mem.band, mem.meterText);
  mem.meter.setAttribute('aria-labelledby', 'ht-meter-label');
  mem.die = h('div', { id: 'ht-die', class: 'ht-die', role: 'status', 'aria-live': 'polite' });
  mem.status = h('p', { id: 'ht-status', class: 'ht-status' });
  mem.fallen = h('div', { id: 'ht-fallen', class: 'ht-fallen', role: 'status', 'aria-live': 'polite', 'data-count': '0' });
  mem.side = h('select', { id: 'ht-side', 'data-key': 'ht-side' }, SIDES.map((sd) => h('option', { value: sd })));
  mem.pos = h('input', { id: 'ht-pos', type: 'range', min: 1, max: POSITIONS, step: 1, 'data-key': 'ht-pos' });
  mem.str = h('input', { id: 'ht-strength', type: 'range', min: 1, max: STRENGTHS, step: 1, 'data-key': 'ht-strength' });
  mem.hit = h('button', { type: 'button', id: 'ht-hit', class: 'primary move', 'data-key': 'ht-hit' });
  mem.trayMoves = h('div', { id: 'ht-moves', class: 'ht-moves', role: 'group' });
  mem.aimForm = h('div', { class: 'ht-aim', id: 'ht-aim' },
    h('label', { for: 'ht-side', class: 'ht-l-side' }), mem.side,
    h('label', { for: 'ht-pos', class: 'ht-l-pos' }), mem.pos, h('output', { id: 'ht-pos-out', for: 'ht-pos' }),
    h('label', { for: 'ht-strength', class: 'ht-l-str' }), mem.str, h('output', { id: 'ht-str-out', for: 'ht-strength' }),
    mem.hit);
  mem.help = h('p', { class: 'ht-help help', id: 'ht-help' });
  mem.canvas.setAttribute('aria-describedby', 'ht-help');
  mem.result = h('section', { id: 'ht-result', class: 'ht-result' });
  mem.myFillBox = h('section', { id: 'ht-myfill', class: 'ht-myfill', hidden: true });
  mem.decidePanel = h('section', { id: 'ht-decide', class: 'ht-decide' });
  mem.missions = h('section', { id: 'ht-missions', class: 'ht-missions' });
  mem.seats = h('section', { id: 'ht-seats', class: 'ht-seats' });
  mem.root = h('div', { class: 'ht', id: 'ht' },
    mem.status,
    h('div', { class: 'ht-main' },
      h('div', { class: 'ht-traybox' }, mem.canvas, mem.fallen),
      h('div', { class: 'ht-controls' }, mem.die, mem.help, mem.meterBox, mem.aimForm, mem.trayMoves, mem.decidePanel)),
    mem.myFillBox, mem.result, mem.missions, mem.seats);
  clear(el).append(mem.root);
  wire(mem);
  return mem;
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
  const span = Math.max(view.tray.width_cm, view.tray.depth_cm) + 2 * MARGIN;
  const k = r.width / span;
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
  const release = (ev) => {
    if (!mem.press || mem.press.pointer !== ev.pointerId) return;
    const s = currentStrength(mem, performance.now());
    mem.press = null;
    if (ev.type === 'pointerup') sendHit(mem, s);
    schedule(mem);
  };
  c.addEventListener('pointerup', release);
  c.addEventListener('pointercancel', release);
  c.addEventListener('keydown', (ev) => {
    const ctx = mem.ctx;
    if (ev.key === 'Escape' && mem.press) { mem.press = null; schedule(mem); ev.preventDefault(); return; }
    if ((ev.key === 'q' || ev.key === 'e') && !ev.ctrlKey && !ev.metaKey) {
      const m = ev.key === 'q' ? 'turn left' : 'turn right';
      if (ctx.legal.includes(m)) { ev.preventDefault(); ctx.send(m); }
      return;
    }
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
      case 'ArrowUp': case 'ArrowDown':
        mem.strength = Math.max(1, Math.min(STRENGTHS, mem.strength + (ev.key === 'ArrowUp' ? 1 : -1)));
        updateAimForm(mem);
        schedule(mem);
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
      const s = currentStrength(mem, performance.now());
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
  window.addEventListener('resize', () => schedule(mem));
}

function updateAimForm(mem) {
  const t = mem.ctx.t;
  const aim = mem.aim || { side: facingSide(mem.view, mem.ctx.you), pos: 5 };
  mem.side.value = SIDES[aim.side];
  mem.pos.value = String(aim.pos);
  mem.str.value = String(mem.strength);
  mem.root.querySelector('#ht-pos-out').textContent = String(aim.pos);
  mem.root.querySelector('#ht-str-out').textContent = String(mem.strength);
  const move = hitMove(aim.side, aim.pos, mem.strength);
  mem.hit.dataset.move = move;
  mem.hit.textContent = t('ht.button.hit', { side: t(`ht.side.${SIDES[aim.side]}`), pos: aim.pos, strength: mem.strength });
  mem.canvas.setAttribute('aria-label', t('ht.tray.label', { move: describe(move, t) }));
}

// ---- the page's texts and panels ----

function gemChip(t, color, extra = {}) {
  return h('span', { class: ['ht-gem', `g-${color}`, extra.class], 'data-color': color, title: t(`ht.color.${color}`), ...extra.attrs },
    h('span', { class: 'sym', 'aria-hidden': 'true', text: GEM_SYMBOL[color] }),
    h('span', { class: 'sr', text: t(`ht.color.${color}`) }));
}

function missionCard(t, kind, extra = {}) {
  return h('span', { class: ['ht-mission', extra.class], 'data-kind': kind || '', title: kind ? t(`ht.mission.${kind}`) : '', ...extra.attrs },
    h('span', { class: 'ht-mission-star', 'aria-hidden': 'true', text: '★' }), ' ', kind ? t(`ht.mission.${kind}`) : t('ht.mission.none'));
}

function updateStatic(mem) {
  const { t } = mem.ctx;
  mem.root.querySelector('.ht-l-side').textContent = t('ht.aim.side');
  mem.root.querySelector('.ht-l-pos').textContent = t('ht.aim.position');
  mem.root.querySelector('.ht-l-str').textContent = t('ht.aim.strength');
  mem.root.querySelector('#ht-meter-label').textContent = t('ht.strength');
  [...mem.side.options].forEach((o) => { o.textContent = t(`ht.side.${o.value}`); });
  mem.help.textContent = t('ht.help');
}

function updateStatus(mem) {
  const { view, t, names, you } = mem.ctx;
  const who = names[view.current] ?? t('seat.number', { n: view.current + 1 });
  let text;
  if (view.phase === 'over') text = t('ht.status.over');
  else if (view.phase === 'decide') text = view.current === you ? t('ht.status.decideyou') : t('ht.status.decide', { name: who });
  else text = view.current === you ? t('ht.status.hityou') : t('ht.status.hit', { name: who });
  mem.status.dataset.phase = view.phase;
  mem.root.dataset.phase = view.phase;
  mem.root.dataset.current = String(view.current);
  mem.root.dataset.round = String(view.round);
  mem.root.dataset.technique = view.technique || '';
  clear(mem.status).append(
    h('strong', { text }), ' · ', t('ht.round', { n: view.round + 1 }),
    view.final_round ? h('span', { class: 'tag acting', text: t('ht.finalround') }) : '',
    view.phase === 'hit' ? ` · ${t('ht.hits', { n: view.hits_this_turn })} · ${t('ht.movesleft', { n: view.tray_moves_left })}` : '',
    ` · ${t('ht.towin', { n: view.wagons_to_win })}`);
}

function updateFallen(mem, fell) {
  const { t } = mem.ctx;
  const lh = mem.view?.last_hit;
  const n = fell ?? (lh ? lh.fallen.length : 0);
  if (mem.fallen.dataset.count === String(n) && mem.fallen.dataset.final === String(fell === null)) return;
  mem.fallen.dataset.count = String(n);
  mem.fallen.dataset.final = String(fell === null);
  const pips = Array.from({ length: WAKE }, (_, i) => h('span', { class: ['pip', i < n && 'on'], 'aria-hidden': 'true' }));
  clear(mem.fallen).append(
    h('span', { class: 'ht-fallen-n', text: t('ht.fallen', { n }) }), ' ',
    h('span', { class: 'pips', 'aria-hidden': 'true' }, pips, h('span', { class: ['ht-dragon', n >= WAKE && 'awake'], text: '🐉' })),
    h('small', { text: ' ' + t('ht.wakes', { n: WAKE }) }));
}

function updateDie(mem, now) {
  const { view, t } = mem.ctx;
  if (!view.expert) { mem.die.hidden = true; return; }
  mem.die.hidden = false;
  const tech = view.technique || '';
  const rolling = mem.rollUntil > now;
  const faces = Object.keys(TECHNIQUES);
  const face = rolling ? DIE_FACES[Math.floor(now / 90) % 6] : (DIE_FACES[faces.indexOf(tech)] || '?');
  const key = `${rolling}|${face}|${tech}|${mem.ctx.lang}`;
  if (mem.die.dataset.shown === key) return;
  mem.die.dataset.shown = key;
  mem.die.dataset.technique = rolling ? '' : tech;
  mem.die.classList.toggle('rolling', rolling);
  clear(mem.die).append(
    h('span', { class: 'ht-die-face', 'aria-hidden': 'true', text: face }),
    h('span', { class: 'ht-die-text' },
      h('strong', {}, !rolling && tech ? `${TECHNIQUES[tech].face} ` : '', rolling ? t('ht.die.rolling') : tech ? t(`ht.technique.${tech}`) : t('ht.die.none')),
      !rolling && tech ? h('small', { text: ' ' + t(`ht.technique.${tech}.effect`) }) : null));
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
  if (!mine) return;
  // Push buttons named by the tray side and drawn as the screen direction.
  const f = facingSide(view, mem.ctx.you);
  const arrows = ['↓', '←', '↑', '→']; // by (side - facing) clockwise: bottom, left, top, right
  const btn = (m, label) => h('button', { type: 'button', class: 'move', 'data-move': m, 'data-key': 'move:' + m, disabled: !legal.includes(m), onclick: () => send(m), text: label });
  mem.trayMoves.append(
    btn('turn left', '⟲ ' + t('ht.turn.left')), btn('turn right', '⟳ ' + t('ht.turn.right')),
    ...SIDES.map((sd, i) => btn(`push ${sd}`, `${arrows[(i - f + 4) % 4]} ${t('ht.push', { side: t(`ht.side.${sd}`) })}`)));
}

// ---- filling the wagon, and mission cards as jokers ----

// slotBoard draws a wagon's slots holding items that can be dragged (by
// pointer, or picked and put by click or keyboard) between the slots and
// a row of items left over. state: {slots: [{color, item|null, fixed}],
// left: [item], fit(item, slotColor)}; onChange is called after a move.
function slotBoard(state, t, idp, onChange) {
  const wrap = h('div', { class: 'ht-slotboard' });
  let picked = null; // {from: 'slot'|'left', i}
  const itemEl = (item, from, i) => {
    const el = item.kind === 'gem'
      ? gemChip(t, item.color, { class: 'ht-item', attrs: { 'data-gem': item.id } })
      : missionCard(t, item.mission, { class: 'ht-item', attrs: { 'data-card': item.id } });
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.dataset.key = `${idp}-item-${item.kind}-${item.id}`;
    el.dataset.from = from;
    el.dataset.index = String(i);
    el.addEventListener('click', (e) => { e.stopPropagation(); picked = { from, i }; redraw(); });
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); picked = { from, i }; redraw(); } });
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
        if (target && wrap.contains(target)) put({ from, i }, target.dataset.drop);
        else { picked = { from, i }; redraw(); }
      };
      window.addEventListener('pointermove', moveTo);
      window.addEventListener('pointerup', up);
    });
    return el;
  };
  // put moves the item at src to a drop target ("slot:i" or "left"),
  // swapping with what is there when that fits.
  const put = (src, dst) => {
    picked = null;
    const take = () => (src.from === 'slot' ? state.slots[src.i].item : state.left[src.i]);
    const item = take();
    if (!item) { redraw(); return; }
    if (dst === 'left') {
      if (src.from === 'slot' && !state.slots[src.i].fixed) { state.slots[src.i].item = null; state.left.push(item); }
    } else {
      const j = Number(dst.split(':')[1]);
      const target = state.slots[j];
      if (target.fixed || !state.fit(item, target.color)) { redraw(); return; }
      const there = target.item;
      if (src.from === 'slot') {
        if (there && !state.fit(there, state.slots[src.i].color)) { redraw(); return; }
        state.slots[src.i].item = there;
      } else {
        state.left.splice(src.i, 1);
        if (there) state.left.push(there);
      }
      target.item = item;
    }
    redraw();
    onChange();
  };
  const redraw = () => {
    const focusKey = wrap.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    clear(wrap);
    const slots = h('div', { class: 'ht-wagon ht-slots', role: 'group', 'aria-label': t('ht.wagon.slots') });
    state.slots.forEach((s, i) => {
      const slot = h('div', { class: ['ht-slot', `s-${s.color}`, s.fixed && 'fixed', picked && !s.fixed && 'target'], 'data-drop': `slot:${i}`, 'data-slot': i, 'data-color': s.color, 'data-key': `${idp}-slot-${i}`, title: t(`ht.color.${s.color}`) },
        h('span', { class: 'slot-sym', 'aria-hidden': 'true', text: GEM_SYMBOL[s.color] }));
      if (!s.fixed) {
        slot.setAttribute('tabindex', '0');
        slot.setAttribute('role', 'button');
        slot.setAttribute('aria-label', t('ht.wagon.slot', { color: t(`ht.color.${s.color}`) }));
        const drop = () => { if (picked) put(picked, `slot:${i}`); };
        slot.addEventListener('click', drop);
        slot.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); drop(); } });
      }
      if (s.item) slot.append(s.fixed ? (s.item.kind === 'gem' ? gemChip(t, s.item.color, { class: 'old' }) : missionCard(t, s.item.mission)) : itemEl(s.item, 'slot', i));
      if (picked && picked.from === 'slot' && picked.i === i) slot.classList.add('picked');
      slots.append(slot);
    });
    const left = h('div', { class: ['ht-left', picked && 'target'], 'data-drop': 'left', 'data-key': `${idp}-left`, tabindex: '0', role: 'button', 'aria-label': t('ht.wagon.back') },
      h('span', { class: 'label', text: t('ht.wagon.back') }), state.left.map((item, i) => itemEl(item, 'left', i)));
    const backDrop = () => { if (picked) put(picked, 'left'); };
    left.addEventListener('click', backDrop);
    left.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && e.target === left) { e.preventDefault(); backDrop(); } });
    wrap.append(slots, left);
    if (focusKey) wrap.querySelector(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
  };
  redraw();
  return wrap;
}

// fillState returns the slot board of a wagon after a hit, as suggested.
function fillState(slots, heldBefore, fallen) {
  const sug = suggestFilling(slots, heldBefore, fallen);
  return {
    slots: sug.slots.map((x, i) => ({ color: slots[i], fixed: !!x?.old, item: x ? (x.old ? { kind: 'gem', color: x.color, id: `old${i}` } : { kind: 'gem', color: x.color, id: x.gem }) : null })),
    left: sug.left.map((g) => ({ kind: 'gem', color: gemColor(g), id: g })),
    fit: (item, color) => item.kind === 'gem' && fits(color, item.color),
    placed: sug.slots.filter((x) => x?.fresh).length,
  };
}

function placedCount(state) { return state.slots.filter((s) => s.item && !s.fixed).length; }

function updateResult(mem) {
  const { view, t, names, you } = mem.ctx;
  const lh = view.last_hit;
  const prev = mem.hitPrev;
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
  const blacks = lh.fallen.filter((g) => gemColor(g) === 'black').length;
  const isHit = lh.move.startsWith('hit ');
  mem.result.dataset.fallen = String(n);
  const lines = [h('h3', {}, t('ht.last', { name: who, move: describe(lh.move, t) }),
    lh.technique ? h('span', { class: 'tag', text: `${TECHNIQUES[lh.technique]?.face || ''} ${t(`ht.technique.${lh.technique}`)}` }) : null)];
  lines.push(h('p', { class: 'ht-fell' }, n ? t('ht.fell', { n }) : t('ht.fellnone'), ' ', lh.fallen.map((g) => gemChip(t, gemColor(g)))));
  if (n && !isHit) lines.push(h('p', { text: t('ht.traymove.fell') }));
  else if (n >= WAKE) lines.push(h('p', { class: 'ht-dragonline', text: '🐉 ' + t('ht.dragon.back') }));
  else if (n && isHit) {
    // The mission check, with the card that lay face up before the hit.
    const kind = prev?.mission;
    if (view.missions && kind) {
      const met = missionMet(kind, n, blacks);
      lines.push(h('p', { class: ['ht-check', met ? 'met' : 'unmet'], id: 'ht-check', 'data-met': String(met) },
        missionCard(t, kind), ' ', met ? t('ht.check.met', { name: who }) : t('ht.check.unmet')));
    }
    // The filling of the hitter's wagon: the player's own is theirs to
    // arrange and confirm (see updateMyFill); another's is shown.
    const before = prev?.seats?.[lh.seat]?.wagon;
    if (before) {
      const sig = hitSignature(lh);
      const st = fillState(before.slots, before.gems, lh.fallen);
      if (lh.seat === you && mem.myFill?.sig !== sig) mem.myFill = { sig, state: fillState(before.slots, before.gems, lh.fallen), args: [before.slots, before.gems, lh.fallen], confirmed: false, key: '' };
      lines.push(h('div', { class: 'ht-fill-view' }, h('strong', { text: t('ht.fill.theirs', { name: who }) }), ' ',
        wagonChips(t, before.slots, st.slots.map((x) => x.item && { color: x.item.color, fresh: !x.fixed })),
        st.slots.every((x) => x.item) ? h('span', { class: 'ht-full', text: ' ' + t('ht.wagon.full') }) : null));
    }
  }
  mem.result.append(...lines);
}

// wagonChips draws a wagon's slots with what is in them (null for empty),
// fresh gems marked.
function wagonChips(t, slots, items) {
  return h('span', { class: 'ht-wagon small' }, slots.map((c, j) => h('span', { class: ['ht-slot', `s-${c}`], title: t(`ht.color.${c}`) },
    items[j] ? gemChip(t, items[j].color, { class: items[j].fresh ? 'fresh' : 'old' }) : h('span', { class: 'slot-sym', 'aria-hidden': 'true', text: GEM_SYMBOL[c] }))));
}

// updateMyFill shows the filling of the player's wagon after their last hit
// that dropped gems, as suggested, to rearrange by dragging and confirm. It
// stays until the player's next such hit and is redrawn only when it
// changes, so that the other players' moves do not interrupt a drag.
function updateMyFill(mem) {
  const { t } = mem.ctx;
  const f = mem.myFill;
  if (!f) { mem.myFillBox.hidden = true; return; }
  const key = `${f.sig}|${f.confirmed}|${mem.ctx.lang}`;
  if (f.key === key) return;
  f.key = key;
  mem.myFillBox.hidden = false;
  const st = f.state;
  const confirm = h('button', { type: 'button', class: 'primary', id: 'ht-fill-confirm', 'data-key': 'ht-fill-confirm' });
  const note = h('small', { class: 'help', id: 'ht-fill-note' });
  const sync = () => {
    const ok = placedCount(st) === st.placed;
    confirm.disabled = !ok || f.confirmed;
    confirm.textContent = f.confirmed ? t('ht.fill.confirmed') : t('ht.fill.confirm');
    note.textContent = ok ? '' : t('ht.fill.more', { n: st.placed - placedCount(st) });
  };
  confirm.addEventListener('click', () => { f.confirmed = true; updateMyFill(mem); });
  const suggest = h('button', { type: 'button', id: 'ht-fill-suggest', 'data-key': 'ht-fill-suggest', disabled: f.confirmed, text: t('ht.fill.suggest'),
    onclick: () => { f.state = fillState(...f.args); f.key = ''; updateMyFill(mem); } });
  clear(mem.myFillBox).append(h('div', { class: 'ht-fill', id: 'ht-fill', 'data-confirmed': String(f.confirmed) },
    h('p', {}, h('strong', { text: t('ht.fill.yours') }), ' ', h('small', { class: 'help', text: t('ht.fill.help') })),
    f.confirmed ? wagonChips(t, st.slots.map((x) => x.color), st.slots.map((x) => x.item && { color: x.item.color, fresh: !x.fixed })) : slotBoard(st, t, 'fill', sync),
    h('div', { class: 'actions' }, confirm, ' ', suggest, ' ', note)));
  sync();
}

function updateDecide(mem) {
  const { view, t, you, legal, send, names } = mem.ctx;
  // Redrawn only when it changes, so that nothing interrupts a drag.
  const key = [view.phase, view.current, view.round, JSON.stringify(view.seats[view.current]), legal.join('|'), mem.ctx.lang, you].join('#');
  if (mem.decideKey === key) return;
  mem.decideKey = key;
  clear(mem.decidePanel);
  mem.decidePanel.hidden = view.phase !== 'decide';
  if (view.phase !== 'decide') return;
  if (view.current !== you) {
    mem.decidePanel.append(h('p', { text: t('ht.status.decide', { name: names[view.current] ?? t('seat.number', { n: view.current + 1 }) }) }));
    return;
  }
  const seat = view.seats[you];
  const w = seat.wagon;
  const empty = w.slots.length - w.gems.length;
  const sig = `${view.round}|${w.id}|${w.gems.join(',')}|${seat.missions.join(',')}`;
  if (mem.decideSig !== sig) {
    mem.decideSig = sig;
    // The gems in the wagon keep their slots; the cards won first (the
    // ones the rules use) are suggested in the empty slots.
    const sug = suggestFilling(w.slots, w.gems, []);
    let card = 0;
    mem.decide = {
      slots: sug.slots.map((x, i) => (x ? { color: w.slots[i], fixed: true, item: { kind: 'gem', color: x.color, id: `w${i}` } }
        : { color: w.slots[i], fixed: false, item: card < empty ? { kind: 'card', mission: seat.missions[card], id: card++ } : null })),
      left: seat.missions.slice(empty).map((m, i) => ({ kind: 'card', mission: m, id: empty + i, later: true })),
      fit: (item) => item.kind === 'card' && !item.later,
    };
  }
  const st = mem.decide;
  const use = h('button', { type: 'button', class: 'primary move', id: 'ht-use', 'data-move': 'use missions', 'data-key': 'move:use missions',
    disabled: !legal.includes('use missions'), onclick: () => send('use missions'), text: t('ht.decide.use', { n: empty }) });
  const keep = h('button', { type: 'button', class: 'move', id: 'ht-keep', 'data-move': 'keep missions', 'data-key': 'move:keep missions',
    disabled: !legal.includes('keep missions'), onclick: () => send('keep missions'), text: t('ht.decide.keep') });
  const sync = () => {
    const covered = st.slots.every((s) => s.item);
    use.disabled = !covered || !legal.includes('use missions');
  };
  mem.decidePanel.append(h('h3', { text: t('ht.decide.title') }), h('p', { class: 'help', text: t('ht.decide.help', { n: empty }) }),
    slotBoard(st, t, 'decide', sync), h('div', { class: 'actions' }, use, ' ', keep));
  sync();
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
    const sug = w ? suggestFilling(w.slots, w.gems, []) : null;
    mem.seats.append(h('div', { class: ['ht-seat', playerColorClass(i), i === you && 'you', view.current === i && view.phase !== 'over' && 'current', winners.has(i) && 'winner'], 'data-seat': i, 'data-full': s.full_wagons.length },
      h('div', { class: 'ht-seat-head' },
        h('span', { class: `pawn-dot ${playerColorClass(i)}`, 'aria-hidden': 'true', text: String(i + 1) }), ' ',
        h('strong', { text: names[i] ?? t('seat.number', { n: i + 1 }) }), ' ',
        h('span', { class: 'ht-owner', 'data-owner': s.owner, text: t(`ht.owner.${s.owner}`) }),
        winners.has(i) ? h('span', { class: 'tag acting', text: '🏆' }) : null),
      h('div', { class: 'ht-stack' },
        h('div', { class: 'ht-full-pile', 'aria-label': t('ht.fullwagons', { n: s.full_wagons.length }), title: t('ht.fullwagons', { n: s.full_wagons.length }) },
          s.full_wagons.map((id, j) => h('span', { class: 'ht-card-back full', 'data-wagon': id, text: j === s.full_wagons.length - 1 ? '✓' : '' })),
          h('span', { class: 'ht-count', text: t('ht.fullwagons', { n: s.full_wagons.length }) })),
        w ? h('div', { class: 'ht-wagon small', 'data-wagon': w.id, 'aria-label': t('ht.topwagon', { n: w.gems.length, m: w.slots.length }) },
          sug.slots.map((x, j) => h('span', { class: ['ht-slot', `s-${w.slots[j]}`], title: t(`ht.color.${w.slots[j]}`) },
            x ? gemChip(t, x.color) : h('span', { class: 'slot-sym', 'aria-hidden': 'true', text: GEM_SYMBOL[w.slots[j]] })))) : h('span', { class: 'muted', text: t('ht.allfull') }),
        h('span', { class: 'ht-count', text: t('ht.pileleft', { n: s.pile_left }) }),
        h('span', { class: 'ht-held' }, s.missions.map((k) => missionCard(t, k, { class: 'small joker' }))))));
  });
}

// render draws the view into el; ctx: view, prev, legal, send, you, names,
// t, lang, colorBlind, status.
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
    if (lh && mem.lastSig !== null && prev) {
      mem.hitPrev = prev;
      mem.anim = buildAnimation(prev, ctx.view, ctx.you, now);
      mem.press = null;
      mem.returned = new Set(lh.fallen);
      mem.returnedAt = mem.anim.end;
    } else mem.hitPrev = prev || null;
    mem.lastSig = sig;
  }
  const dieKey = ctx.view.technique && ctx.view.phase === 'hit' ? `${ctx.view.round}|${ctx.view.current}|${ctx.view.technique}` : '';
  if (dieKey !== mem.dieKey) {
    // A new turn's technique: the die rolls (not on the first drawing).
    if (dieKey && before) mem.rollUntil = now + ROLL_MS;
    mem.dieKey = dieKey;
  }
  updateStatic(mem);
  updateStatus(mem);
  updateControls(mem);
  updateDecide(mem);
  updateResult(mem);
  updateMyFill(mem);
  updateMissions(mem);
  updateSeats(mem);
  updateDie(mem, now);
  updateFallen(mem, mem.anim ? 0 : null);
  mem.canvas.classList.toggle('colorblind', !!ctx.colorBlind);
  schedule(mem);
}

// describe returns a Hammer Time move in words.
export function describe(move, t) {
  const f = move.split(' ');
  const side = (x) => t(`ht.side.${x}`);
  switch (f[0]) {
    case 'hit': return f.length === 5 ? t('ht.log.hit', { side: side(f[1]), pos: f[2], strength: f[4] }) : '';
    case 'turn': return f[1] === 'left' || f[1] === 'right' ? t(`ht.log.turn.${f[1]}`) : '';
    case 'push': return SIDES.includes(f[1]) ? t('ht.log.push', { side: side(f[1]) }) : '';
    case 'use': return t('ht.log.use');
    case 'keep': return t('ht.log.keep');
  }
  return '';
}
