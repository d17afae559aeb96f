// The Out of Mine renderer: the player's gallery board large and everyone
// else's small and live; the shared supply with live counts; the treasure
// card; the tile in hand (one hand). Tiles are taken, turned (R, right
// click, a two-finger turn), mirrored (F) and dragged onto the board (or laid
// by a click or tap on a space, the anchor there) with a
// snapping preview that shows cells over rock; placed tiles are moved,
// turned, mirrored, removed or swapped. Every action shows at once
// (optimistic) and the server's ack confirms it or its error rolls it back
// visibly. Between rounds: the scoring of the round (removed tiles marked,
// the breakdown), the 7-round score sheet and the choice of a board side.
// While chance deals (the phases "deal" and "cards", which a table passes
// through at once and a replay steps through), every player's board as
// far as it is dealt, the treasure cards lying face down and the seats a
// lot is drawn among. On a phone (the table page's compact layout) a
// round's own board, hand, call, supply, clock and card goal share one
// stage a screen high, and so does the choice of a side; the rest follows.
//
// Without a mouse: the board's spaces are focusable cells named by what
// lies there, the keyboard's cursor the one Tab stop; S goes to the
// supply (arrows choose, Enter takes the tile onto the cursor), the
// arrows carry the tile by its top-left cell, R turns, F mirrors, Enter
// lays it (or lifts a placed tile to move it), Backspace or Escape puts
// it back, O calls, A or B chooses a side. access (below) is what the
// screen-reader mode reads; ctx.announce tells another player's call and
// the round's time running low.
//
// Everything drawn comes from the view: tiles are named with their shape
// and element (the hand, placed tiles, a round's results), board sides with
// their layout (both sides of the board dealt while choosing, the side
// played in a round and in its results), the supply lists every kind, and
// cell sets are lists of cell names.
//
// Geometry follows the game's notation: transforms r0, r90, r180, r270 turn
// clockwise, m0 … m270 are the same turns followed by a mirror left to
// right (as the engine builds them: turn first, then mirror); a
// transform's cells are anchored at the top-left of their bounding box,
// and only the first transform that gives a cell set is legal (canonical).
// The cells of every transform are computed here from the view's shapes
// (drawn in r0), not read from the view: dragging, turning and mirroring a
// tile shows where it would land before the server has seen the move.
import { h, s, clear, activate } from '../js/dom.js';
import { seatColors, seatBadge, paintSeat } from '../js/seatcolors.js';
import { icon, glyph } from '../js/icons.js';
import { play } from '../js/sound.js';
import { compact } from '../js/compact.js';
import { confirmDialog } from '../js/dialog.js';

const C = 36;      // cell size in the big board's SVG units
const PAD = 6;     // room around the board for the elves
const LBL = 14;   // the band of the own board's coordinates, above and left
const SYMS = ['r0', 'r90', 'r180', 'r270', 'm0', 'm90', 'm180', 'm270'];
const COLORS = ['yellow', 'blue', 'green', 'red', 'white'];
// Color-blind symbols, one per tile color (icons.js), drawn on every tile
// cell; the elements' pictures, drawn on a tile when the finds variant
// scores them.
const COLOR_SYMBOLS = { yellow: 'circle', blue: 'triangle', green: 'diamond', red: 'square', white: 'star' };
const ELEMENTS = new Set(['gold', 'silver', 'woodworm', 'rat']);
const OP_TIMEOUT = 15000; // an action with neither ack nor error is dropped after this
// The phases in which chance deals boards (and draws a lot) or treasure
// cards: no seat acts, and the header names chance.
const CHANCE_PHASES = new Set(['deal', 'cards']);

const memory = new WeakMap();

// The table page's compact (phone) layout: the own board, the hand, the
// supply and the call button share one screen, the stage (see
// compactRound).
const compactLayout = compact();

// drawsClock tells the table page that this renderer draws the round
// clock itself, by the board.
export const drawsClock = true;

// ---- geometry ----

function parseCell(name) { return { r: Number(name.slice(1)) - 1, c: name.charCodeAt(0) - 97 }; }
function cellName(r, c) { return String.fromCharCode(97 + c) + (r + 1); }

function normalize(pts) {
  const mr = Math.min(...pts.map((p) => p[0]));
  const mc = Math.min(...pts.map((p) => p[1]));
  return pts.map(([r, c]) => [r - mr, c - mc]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
const keyOf = (pts) => pts.map((p) => p.join(',')).join(';');
const turnPt = ([r, c]) => [c, -r];     // 90° clockwise (rows grow downwards)
const mirrorPt = ([r, c]) => [r, -c];   // left to right

const geoms = new Map();
// geom returns a shape's 8 transforms (cells, rows, cols) as the engine
// builds them: turn t%4 times, then mirror when t >= 4; canon[t] is the
// first transform with the same cells.
function geom(shape) {
  if (geoms.has(shape.id)) return geoms.get(shape.id);
  const base = [];
  shape.cells.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === '#') base.push([r, c]); }));
  const orient = [];
  for (let t = 0; t < 8; t++) {
    let pts = base.map((p) => { let q = p; for (let k = 0; k < t % 4; k++) q = turnPt(q); return t >= 4 ? mirrorPt(q) : q; });
    pts = normalize(pts);
    orient.push({ pts, key: keyOf(pts), rows: Math.max(...pts.map((p) => p[0])) + 1, cols: Math.max(...pts.map((p) => p[1])) + 1 });
  }
  const canon = orient.map((o) => orient.findIndex((x) => x.key === o.key));
  const g = { id: shape.id, color: shape.color, orient, canon };
  geoms.set(shape.id, g);
  return g;
}

// applyTurn applies op (turnPt or mirrorPt) to transform t of g; grab, a
// cell of the tile held by the pointer, follows the tile.
function applyTurn(g, t, op, grab) {
  const raw = g.orient[t].pts.map(op);
  const mr = Math.min(...raw.map((p) => p[0]));
  const mc = Math.min(...raw.map((p) => p[1]));
  const key = keyOf(normalize(raw));
  const nt = g.orient.findIndex((o) => o.key === key);
  const ng = grab ? op(grab) : null;
  return { sym: nt, grab: ng ? [ng[0] - mr, ng[1] - mc] : null };
}

// cellsOf returns the absolute cells of a tile of shape g at transform sym
// with its top-left at (r, c).
function cellsOf(g, sym, r, c) { return g.orient[sym].pts.map(([dr, dc]) => [r + dr, c + dc]); }

// namedCells turns a list of cell names ("c2") into [row, col] pairs.
function namedCells(names) { return (names || []).map((n) => { const { r, c } = parseCell(n); return [r, c]; }); }

function layoutInfo(layout) {
  const rows = layout.rows.length, cols = layout.rows[0].length;
  const gallery = new Set();
  layout.rows.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === '#') gallery.add(r * 8 + c); }));
  return { rows, cols, gallery, elves: layout.elves || [] };
}

// ---- the optimistic model ----

const kindKey = (shape, element) => (element ? `${shape} ${element}` : shape);

// model returns the player's own part of the view with the pending actions
// applied on top: hand, placed tiles, supply counts.
function model(view, mem) {
  const supply = new Map((view.supply || []).map((k) => [kindKey(k.shape, k.element), k.count]));
  const me = view.you >= 0 ? view.players[view.you] : null;
  const m = { supply, hand: null, placed: [], me, calling: false, stopped: !!me?.stopped, side: me?.side || '' };
  if (!me) return m;
  if (me.hand_tile) m.hand = { tile: me.hand_tile.tile, shape: me.hand_tile.shape, element: me.hand_tile.element || '', pending: false };
  m.placed = (me.placed || []).map((p) => {
    const { r, c } = parseCell(p.cell);
    return { tile: p.tile, shape: p.shape, element: p.element || '', sym: SYMS.indexOf(p.transform), r, c, pending: false };
  });
  const bump = (k, d) => m.supply.set(k, Math.max(0, (m.supply.get(k) || 0) + d));
  for (const op of mem.ops) {
    switch (op.type) {
      case 'take':
        if (!m.hand) { m.hand = { tile: null, shape: op.shape, element: op.element, pending: true }; bump(op.kind, -1); }
        break;
      case 'return':
        if (m.hand) { if (m.hand.shape) bump(kindKey(m.hand.shape, m.hand.element), 1); m.hand = null; }
        break;
      case 'place':
        if (m.hand) {
          m.placed.push({ tile: m.hand.tile, shape: m.hand.shape, element: m.hand.element, sym: op.sym, r: op.r, c: op.c, pending: true });
          m.hand = null;
        }
        break;
      case 'move': {
        const p = m.placed.find((x) => x.tile === op.tile);
        if (p) Object.assign(p, { sym: op.sym, r: op.r, c: op.c, pending: true });
        break;
      }
      case 'remove': case 'swap': {
        const i = m.placed.findIndex((x) => x.tile === op.tile);
        if (i < 0 || (op.type === 'swap' && m.hand)) break;
        const p = m.placed.splice(i, 1)[0];
        bump(kindKey(p.shape, p.element), 1);
        if (op.type === 'swap') { m.hand = { tile: null, shape: op.shape, element: op.element, pending: true }; bump(op.kind, -1); }
        break;
      }
      case 'call': m.calling = true; break;
      case 'stop':
        if (m.hand) { if (m.hand.shape) bump(kindKey(m.hand.shape, m.hand.element), 1); m.hand = null; }
        m.stopped = true;
        break;
      case 'side': if (!m.side) m.side = op.side; break;
    }
  }
  return m;
}

// ---- rendering ----

// render draws the view into el; ctx: view, legal, send, you, names, t,
// colorBlind, status, n, deadline.
export function render(el, ctx) {
  const { view } = ctx;
  let mem = memory.get(el);
  if (!mem) {
    mem = { ops: [], pressedKind: 0, handSym: 0, handKind: '', selected: null, drag: null, kcarry: null, rollback: null, flash: null, clock: 0, confirmed: new Map(),
      cursor: { r: 0, c: 0 }, resultsSeen: null, lowRound: null };
    memory.set(el, mem);
    installListeners(el, mem);
  }
  mem.ctx = ctx;
  mem.el = el;
  if (document.body.classList.contains('srmode')) loadWords();
  learnTiles(view);
  if (!document.getElementById('oom-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/games/outofmine.css', id: 'oom-css' }));
  // Actions the view already shows (their ack named an n we have reached)
  // and actions that never got an answer leave the queue.
  const now = Date.now();
  mem.ops = mem.ops.filter((op) => !(op.n && op.n <= (ctx.n ?? 0)) && now - op.at < OP_TIMEOUT);
  if (!view || !view.players) { clear(el); return; }
  const shapes = new Map((view.shapes || []).map((sh) => [sh.id, geom(sh)]));
  mem.shapes = shapes;
  const m = model(view, mem);
  mem.model = m;
  mem.stopped = m.stopped && view.phase === 'round';
  if (!m.hand) mem.handKind = '';
  else if (kindKey(m.hand.shape, m.hand.element) !== mem.handKind) { mem.handKind = kindKey(m.hand.shape, m.hand.element); mem.handSym = 0; }
  if (mem.selected !== null && !m.placed.some((p) => p.tile === mem.selected)) mem.selected = null;
  if (view.phase !== 'round') { mem.drag = null; mem.kcarry = null; mem.selected = null; }

  const small = compactLayout.matches;
  const root = h('div', { class: ['oom', small && 'compact'], id: 'oom', 'data-phase': view.phase, 'data-round': view.round });
  if (small && view.phase === 'round' && view.you >= 0 && ctx.you >= 0) root.append(...compactRound(view, ctx, m, mem));
  else if (small && view.phase === 'choose') root.append(h('div', { class: 'oom-stage oom-stage-choose', id: 'oom-stage' }, header(view, ctx, m, mem), chooseArea(view, ctx, m, mem)));
  else {
    root.append(header(view, ctx, m, mem));
    if (view.phase === 'round') root.append(roundArea(view, ctx, m, mem));
    else if (view.phase === 'choose') root.append(chooseArea(view, ctx, m, mem));
    else if (CHANCE_PHASES.has(view.phase)) root.append(othersBox(view, ctx, mem, true));
  }
  if (view.results && view.results.length && view.phase !== 'round') root.append(scoringArea(view, ctx, shapes, view.results.length - 1));
  if (view.results && view.results.length) root.append(scoreSheet(view, ctx));
  // Focus stays where it was: on the element with the same data-key, else
  // on the board's default target (the cursor, a side to choose).
  const active = document.activeElement;
  const focusKey = active && active !== el && el.contains(active) ? active.getAttribute('data-key') : null;
  const focusWas = !!active && el.contains(active);
  clear(el).append(root);
  lastMem = mem;
  if (focusWas || mem.focusBoard) {
    const same = focusKey !== null && !mem.focusBoard ? el.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) : null;
    (same && !same.disabled ? same : el.querySelector('[data-focus-default]'))?.focus({ preventScroll: !mem.focusBoard });
    mem.focusBoard = false;
  }
  announceRound(mem, view, ctx);
  startClock(mem);
  drawPreview(mem);
}

// announceRound tells a screen reader (ctx.announce) that another player
// called OUT OF MINE! (once per round, when its results arrive) or
// stopped digging (once, when the view first shows it).
function announceRound(mem, view, ctx) {
  const name = (i) => ctx.names[i] ?? ctx.t('seat.number', { n: i + 1 });
  const n = view.results?.length || 0;
  if (mem.resultsSeen !== null && n > mem.resultsSeen) {
    view.results[n - 1].forEach((r, i) => {
      if (r.called && i !== view.you) ctx.announce?.(ctx.t('outofmine.access.called', { name: name(i) }));
    });
  }
  mem.resultsSeen = n;
  const stopped = view.phase === 'round' ? view.players.map((p) => !!p.stopped) : [];
  if (mem.stoppedSeen) stopped.forEach((st, i) => { if (st && !mem.stoppedSeen[i] && i !== view.you) ctx.announce?.(ctx.t('outofmine.access.stopped', { name: name(i) })); });
  mem.stoppedSeen = stopped;
}

function header(view, ctx, m, mem) {
  const { t } = ctx;
  const flags = [view.assist && t('oom.assist'), view.elves && t('oom.elves'), view.finds && t('oom.finds')].filter(Boolean);
  return h('div', { class: 'oom-head' },
    h('strong', { class: 'oom-round', text: t('oom.round', { n: view.round, of: view.rounds }) }), ' · ',
    h('span', { class: 'oom-phase', text: CHANCE_PHASES.has(view.phase) ? t('actor.chance') : t(`oom.phase.${view.phase}`) }),
    flags.length ? h('span', { class: 'muted', text: ' · ' + flags.join(', ') }) : null,
    view.phase === 'round' && view.clock_seconds > 0 && ctx.deadline
      ? h('span', { class: 'oom-clock', id: 'oom-clock', role: 'timer', 'aria-label': t('oom.clock') }, icon('clock'), ' ', h('span', { class: 'oom-clock-time' })) : null,
    view.phase === 'round' && !view.clock_seconds ? h('span', { class: 'muted', text: ' · ' + t('oom.noclock') }) : null);
}

function startClock(mem) {
  clearInterval(mem.clock);
  const tick = () => {
    const c = document.getElementById('oom-clock');
    if (!c || !mem.el?.isConnected) { clearInterval(mem.clock); return; }
    const left = Math.max(0, (mem.ctx.deadline || 0) - Date.now());
    const sec = Math.ceil(left / 1000);
    c.querySelector('.oom-clock-time').textContent = `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
    c.classList.toggle('low', sec <= 10);
    c.dataset.seconds = String(sec);
    const round = mem.ctx.view?.round;
    if (sec <= 10 && sec > 0 && mem.lowRound !== round) {
      mem.lowRound = round;
      mem.ctx.announce?.(mem.ctx.t('outofmine.access.timelow', { n: sec }));
    }
  };
  if (mem.ctx.deadline && mem.ctx.view?.phase === 'round') { tick(); mem.clock = setInterval(tick, 250); }
}

// ---- the round ----

function roundArea(view, ctx, m, mem) {
  const { t } = ctx;
  const mine = view.you >= 0 && ctx.you >= 0;
  const wrap = h('div', { class: 'oom-round-area' });
  if (mine) {
    const me = m.me;
    const { layout, empty } = ownBoardState(m, mem);
    wrap.append(h('div', { class: 'oom-mine' },
      h('div', { class: 'oom-boardcol' },
        h('h3', {}, t('oom.yourboard', { id: me.board, side: me.side }), ' · ',
          h('span', { class: 'oom-empty', id: 'oom-empty', 'data-empty': empty, text: t('oom.empty', { n: empty }) })),
        layout ? ownBoard(view, ctx, m, mem, layout) : null,
        h('div', { class: 'oom-controls' },
          callButton(ctx, m, mem, layout, empty),
          stopButton(ctx, m, mem),
          selectedTools(ctx, m, mem)),
        hint(ctx, m, mem),
        rollbackBanner(ctx, mem)),
      h('div', { class: 'oom-sidecol' },
        handBox(view, ctx, m, mem),
        cardBox(view, ctx, m, me, mem),
        supplyBox(view, ctx, m, mem))));
  } else {
    wrap.append(supplyBox(view, ctx, m, mem));
  }
  wrap.append(othersBox(view, ctx, mem));
  return wrap;
}

// ownBoardState returns the player's board side (layoutInfo) and how many
// of its gallery spaces are empty, and keeps the board and its covered
// spaces in mem for the pointer and the keyboard.
function ownBoardState(m, mem) {
  const layout = m.me.layout ? layoutInfo(m.me.layout) : null;
  const covered = new Set();
  for (const p of m.placed) { const g = mem.shapes.get(p.shape); if (g) for (const [r, c] of cellsOf(g, p.sym, p.r, p.c)) covered.add(r * 8 + c); }
  mem.covered = covered;
  mem.layout = layout;
  return { layout, empty: layout ? [...layout.gallery].filter((k) => !covered.has(k)).length : 20 };
}

// callButton is the OUT OF MINE call, enabled once every gallery space is
// covered.
function callButton(ctx, m, mem, layout, empty) {
  const { t } = ctx;
  const canCall = layout && empty === 0 && !m.calling && ctx.status === 'playing';
  return h('button', { type: 'button', class: ['primary', 'oom-call'], id: 'oom-call', 'data-key': 'call', disabled: !canCall,
    title: canCall ? t('oom.call.ready') : t('oom.call.notyet', { n: empty }), onclick: () => act(mem, 'call', { type: 'call' }), text: t('oom.call') });
}

// stopButton stops digging for the rest of the round, once the player
// confirms: the round ends when every player has stopped (or someone
// calls, or the clock runs out).
// On a phone (small) it shows its icon only.
function stopButton(ctx, m, mem, small) {
  const { t } = ctx;
  const can = !m.stopped && !m.calling && ctx.status === 'playing';
  const stop = async () => {
    const ok = await confirmDialog({ id: 'oom-stop-dialog', title: t('oom.stop.confirm'), text: t('oom.stop.help'), ok: t('oom.stop'), cancel: t('oom.stop.cancel') });
    if (ok) act(mem, 'stop', { type: 'stop' });
  };
  return h('button', { type: 'button', class: 'oom-stop', id: 'oom-stop', 'data-key': 'stop', disabled: !can, title: t('oom.stop.help'), onclick: stop },
    icon('stop'), h('span', { class: small && 'sr', text: ' ' + (m.stopped ? t('oom.stopped') : t('oom.stop')) }));
}

// compactRound draws a round on a phone: the stage, one screen high
// (the table page's --stage-h), holds the round and its clock, the
// treasure card's goal, the own board, the hand with its buttons, the call
// and the supply (portrait: board above, the rest below; landscape: board
// left, the rest right); the hint, the treasure card in full and the other
// players' boards follow it.
function compactRound(view, ctx, m, mem) {
  const { t } = ctx;
  const me = m.me;
  const { layout, empty } = ownBoardState(m, mem);
  const clock = view.clock_seconds > 0 && ctx.deadline
    ? h('span', { class: 'oom-clock', id: 'oom-clock', role: 'timer', 'aria-label': t('oom.clock') }, icon('clock'), ' ', h('span', { class: 'oom-clock-time' })) : null;
  const strip = h('div', { class: 'oom-strip', id: 'oom-strip' },
    h('strong', { class: 'oom-round', text: t('oom.round.short', { n: view.round, of: view.rounds }) }),
    h('span', { class: 'oom-empty', id: 'oom-empty', 'data-empty': empty, text: t('oom.empty', { n: empty }) }),
    goalChips(ctx, m, me, mem), clock);
  const stage = h('div', { class: 'oom-stage', id: 'oom-stage' },
    strip,
    h('div', { class: 'oom-stage-board', 'data-stage-board': '' }, layout ? ownBoard(view, ctx, m, mem, layout) : null, rollbackBanner(ctx, mem)),
    h('div', { class: 'oom-stage-controls' },
      h('div', { class: 'oom-handbar' }, compactHand(ctx, m, mem), callButton(ctx, m, mem, layout, empty), stopButton(ctx, m, mem, true)),
      selectedTools(ctx, m, mem)),
    supplyBox(view, ctx, m, mem));
  // The board's width for its height, for the landscape stage's column.
  if (layout) stage.style.setProperty('--board-aspect', ((layout.cols * C + 2 * PAD + LBL) / (layout.rows * C + 2 * PAD + LBL)).toFixed(3));
  return [stage, ...hint(ctx, m, mem).filter(Boolean), cardBox(view, ctx, m, me, mem), othersBox(view, ctx, mem)];
}

// goalChips is the treasure card's goal in short: per color on the card,
// how many tiles of it lie on the board and how many the card wants.
function goalChips(ctx, m, me, mem) {
  const { t } = ctx;
  const face = me.card_face;
  if (!face) return null;
  const onBoard = placedColors(m, mem);
  return h('span', { class: 'oom-goal', id: 'oom-goal', role: 'group', 'aria-label': t('oom.card'), 'data-card': face.id },
    COLORS.filter((col) => face.tiles[col]).map((col) => {
      const want = face.tiles[col], have = onBoard[col] || 0;
      return h('span', { class: ['oom-goal-color', have > want && 'over', have === want && 'done'], 'data-color': col, title: t(`oom.color.${col}`) },
        h('span', { class: `chip c-${col}`, 'aria-hidden': 'true' }, icon(COLOR_SYMBOLS[col])),
        h('span', { class: 'sr', text: t(`oom.color.${col}`) + ' ' }), t('oom.card.count', { have, want }));
    }));
}

// placedColors counts the tiles on the own board by color.
function placedColors(m, mem) {
  const n = {};
  for (const p of m.placed) { const col = mem.shapes.get(p.shape)?.color; if (col) n[col] = (n[col] || 0) + 1; }
  return n;
}

// compactHand is the hand on a phone: the tile in hand (drag it onto the
// board) and its buttons as icons (turn, mirror, put back), or a word
// that it is empty.
function compactHand(ctx, m, mem) {
  const { t } = ctx;
  const hand = m.hand;
  const g = hand && mem.shapes.get(hand.shape);
  const box = h('section', { class: 'oom-hand', id: 'oom-hand', 'aria-label': t('oom.hand'), 'data-shape': hand?.shape || '',
    'data-sym': hand ? SYMS[mem.handSym] : '', 'data-state': hand ? (hand.pending ? 'pending' : 'confirmed') : '' });
  if (!g) {
    box.append(h('p', { class: 'muted oom-handempty', text: hand ? '…' : t('oom.handempty.short') }));
    return box;
  }
  const button = (id, key, name, label, onclick) => h('button', { type: 'button', class: 'oom-iconbutton', id, 'data-key': key, 'aria-label': label, title: label, onclick }, icon(name));
  box.append(handTile(ctx, mem, hand, g),
    button('oom-hand-turn', 'hand-turn', 'turnright', t('oom.turn'), () => turnHand(mem, turnPt)),
    button('oom-hand-mirror', 'hand-mirror', 'swap', t('oom.mirror'), () => turnHand(mem, mirrorPt)),
    button('oom-return', 'return', 'down', t('oom.return'), () => act(mem, 'return', { type: 'return' })));
  return box;
}

function hint(ctx, m, mem) {
  const { t } = ctx;
  let text = compactLayout.matches ? t('oom.hint.taptap') : t('oom.hint.take');
  if (m.stopped) text = t('oom.hint.stopped');
  else if (mem.selected !== null) text = m.hand ? t('oom.hint.selectedhand') : t('oom.hint.selected');
  else if (m.hand) text = t('oom.hint.hand');
  return [h('p', { class: 'hint oom-hint', id: 'oom-hint', text }),
    h('p', { class: 'help oom-keys', id: 'oom-keys', text: t('outofmine.access.keys') })];
}

function rollbackBanner(ctx, mem) {
  const rb = mem.rollback;
  if (!rb) return null;
  return h('div', { class: 'oom-rollback', id: 'oom-rollback', role: 'alert', 'data-move': rb.move, 'data-code': rb.code },
    rb.move ? h('strong', { text: ctx.t('oom.rolledback', { move: describe(rb.move, ctx.t, ctx.names) || rb.move }) }) : null, ' ', rb.message);
}

function selectedTools(ctx, m, mem) {
  const { t } = ctx;
  if (mem.selected === null) return null;
  const p = m.placed.find((x) => x.tile === mem.selected);
  if (!p) return null;
  return h('span', { class: 'oom-selected-tools', role: 'group', 'aria-label': t('oom.selectedtile', { id: p.tile }) },
    h('button', { type: 'button', id: 'oom-turn', 'data-key': 'turn', onclick: () => transformSelected(mem, turnPt), text: t('oom.turn') }),
    h('button', { type: 'button', id: 'oom-mirror', 'data-key': 'mirror', onclick: () => transformSelected(mem, mirrorPt), text: t('oom.mirror') }),
    h('button', { type: 'button', id: 'oom-remove', 'data-key': 'remove', onclick: () => removeSelected(mem), text: t('oom.remove') }),
    h('button', { type: 'button', 'data-key': 'deselect', onclick: () => { mem.selected = null; rerender(mem); }, text: t('oom.deselect') }));
}

// tileOpts are the options of tileGroup for a renderer context: symbols in
// color-blind mode (not on the small boards) and elements when scored.
const tileOpts = (ctx, small) => ({ colorBlind: !small && !!ctx.colorBlind, finds: !!ctx.view?.finds, t: ctx.t });

// outline returns the SVG path of a polyomino's outline (cells as [row,
// col]), inset by d units from the cells' borders so that neighbouring
// tiles show a gap, and the path of its seams (the borders between its own
// cells, stopping short of the outline).
function outline(cells, size, d) {
  const set = new Set(cells.map(([r, c]) => r * 8 + c));
  const has = (r, c) => r >= 0 && c >= 0 && c < 8 && set.has(r * 8 + c);
  const next = new Map(); // the outline's edges, clockwise: "x,y" -> [x, y]
  const inner = [];
  for (const [r, c] of cells) {
    if (!has(r - 1, c)) next.set(`${c},${r}`, [c + 1, r]);
    if (!has(r, c + 1)) next.set(`${c + 1},${r}`, [c + 1, r + 1]); else inner.push([c + 1, r, c + 1, r + 1]);
    if (!has(r + 1, c)) next.set(`${c + 1},${r + 1}`, [c, r + 1]); else inner.push([c, r + 1, c + 1, r + 1]);
    if (!has(r, c - 1)) next.set(`${c},${r + 1}`, [c, r]);
  }
  const px = (v) => (PAD + v * size).toFixed(2);
  let path = '';
  const done = new Set();
  for (const start of next.keys()) {
    if (done.has(start)) continue;
    const pts = [];
    for (let k = start; !done.has(k); ) {
      done.add(k);
      const [x, y] = k.split(',').map(Number);
      pts.push([x, y]);
      const [nx, ny] = next.get(k);
      k = `${nx},${ny}`;
    }
    // Keep the corners, and move each inwards by d along both edges.
    const corners = pts.filter((p, i) => {
      const a = pts[(i + pts.length - 1) % pts.length], b = pts[(i + 1) % pts.length];
      return (p[0] - a[0]) * (b[1] - p[1]) !== (p[1] - a[1]) * (b[0] - p[0]);
    });
    path += corners.map((p, i) => {
      const a = corners[(i + corners.length - 1) % corners.length], b = corners[(i + 1) % corners.length];
      const ax = Math.sign(p[0] - a[0]), ay = Math.sign(p[1] - a[1]), bx = Math.sign(b[0] - p[0]), by = Math.sign(b[1] - p[1]);
      const ox = (-ay - by) * d, oy = (ax + bx) * d;
      return `${i ? 'L' : 'M'}${(Number(px(p[0])) + ox).toFixed(2)} ${(Number(px(p[1])) + oy).toFixed(2)}`;
    }).join('') + 'Z';
  }
  const onEdge = (x, y) => next.has(`${x},${y}`);
  const seams = inner.map(([x1, y1, x2, y2]) => {
    const dx = Math.sign(x2 - x1) * d, dy = Math.sign(y2 - y1) * d;
    const sx = Number(px(x1)) + (onEdge(x1, y1) ? dx : 0), sy = Number(px(y1)) + (onEdge(x1, y1) ? dy : 0);
    const ex = Number(px(x2)) - (onEdge(x2, y2) ? dx : 0), ey = Number(px(y2)) - (onEdge(x2, y2) ? dy : 0);
    return `M${sx.toFixed(2)} ${sy.toFixed(2)}L${ex.toFixed(2)} ${ey.toFixed(2)}`;
  }).join('');
  return { path, seams };
}

// tileGroup draws a tile as one outlined polyomino in its color, with a
// bevel inside its outline, faint seams between its cells, the color-blind
// symbol on each cell (opts.colorBlind) and its element's picture when the
// finds variant scores it (opts.finds); attrs go on the group.
function tileGroup(cells, color, element, size, attrs, opts = {}) {
  const g = s('g', attrs);
  if (!cells.length) return g;
  const inset = Math.max(0.9, size * 0.05);
  const { path, seams } = outline(cells, size, inset);
  g.append(s('path', { d: path, class: `tc c-${color}` }));
  if (size >= 16) g.append(s('path', { d: outline(cells, size, inset + Math.max(1.4, size * 0.09)).path, class: color === 'white' ? 'bevel shade' : 'bevel' }));
  if (seams) g.append(s('path', { d: seams, class: 'seam' }));
  if (opts.colorBlind) {
    for (const [r, c] of cells) g.append(glyph(COLOR_SYMBOLS[color], PAD + (c + 0.5) * size, PAD + (r + 0.5) * size, size * 0.42, 'csym'));
  }
  if (element && opts.finds && ELEMENTS.has(element)) {
    const [r, c] = cells[0];
    const el = glyph(element, PAD + c * size + size * 0.72, PAD + r * size + size * 0.3, size * 0.38, `elem e-${element}`);
    el.append(s('title', { text: opts.t ? opts.t(`oom.element.${element}`) : element }));
    g.append(el);
  }
  return g;
}

// boardBase draws a board's cells; with interactiveCells (the viewer's
// own board) a band above and left of it holds the coordinates the
// notation and the log use for a cell ("c2": column c, row 2).
function boardBase(layout, size, attrs, t, interactiveCells, covered) {
  const w = layout.cols * size + 2 * PAD, hgt = layout.rows * size + 2 * PAD;
  const band = interactiveCells ? LBL : 0;
  const svg = s('svg', { viewBox: `${-band} ${-band} ${w + band} ${hgt + band}`, ...attrs });
  if (interactiveCells) {
    const g = s('g', { class: 'coords', 'aria-hidden': 'true' });
    for (let c = 0; c < layout.cols; c++) g.append(s('text', { x: PAD + (c + 0.5) * size, y: -band / 2 + 4, class: 'coord', text: String.fromCharCode(97 + c) }));
    for (let r = 0; r < layout.rows; r++) g.append(s('text', { x: -band / 2, y: PAD + (r + 0.5) * size + 4, class: 'coord', text: String(r + 1) }));
    svg.append(g);
  }
  const cells = s('g', { class: 'cells' });
  for (let r = 0; r < layout.rows; r++) {
    for (let c = 0; c < layout.cols; c++) {
      const gal = layout.gallery.has(r * 8 + c);
      const rect = s('rect', { x: PAD + c * size, y: PAD + r * size, width: size, height: size, class: ['cell', gal ? 'gallery' : 'rock', covered?.has(r * 8 + c) && 'covered'] });
      if (interactiveCells) rect.dataset.cell = cellName(r, c);
      cells.append(rect);
    }
  }
  svg.append(cells);
  return svg;
}

function elvesGroup(layout, size, t, colorBlind) {
  const g = s('g', { class: 'elves' });
  for (const e of layout.elves) {
    const { r, c } = parseCell(e.cell);
    let x = PAD + c * size + size / 2, y = PAD + r * size + size / 2;
    const off = size / 2 - 3;
    if (e.edge === 'north') y -= off; else if (e.edge === 'south') y += off; else if (e.edge === 'west') x -= off; else x += off;
    const rad = Math.max(3, size / (colorBlind ? 5.5 : 7));
    g.append(s('circle', { cx: x, cy: y, r: rad, class: `elf c-${e.color}` }, s('title', { text: t('oom.elf', { color: t(`oom.color.${e.color}`), cell: e.cell }) })));
    if (colorBlind) g.append(glyph(COLOR_SYMBOLS[e.color], x, y, rad * 1.3, 'csym elfsym'));
  }
  return g;
}

function ownBoard(view, ctx, m, mem, layout) {
  const { t } = ctx;
  const svg = boardBase(layout, C, { class: 'oom-board big', id: 'oom-board', role: 'group', 'aria-describedby': 'oom-keys',
    'aria-label': t('oom.board.label'), 'data-rows': layout.rows, 'data-cols': layout.cols, 'data-board': m.me.board, 'data-side': m.me.side }, t, true, mem.covered);
  // Every space is a focusable cell named by what is there; the keyboard's
  // cursor is the one Tab stop (a roving tabindex), arrows move it.
  const facts = factsOf(layout, m.placed, mem.shapes);
  // The group's name says the treasure card's target too.
  if (m.me.card_face) svg.setAttribute('aria-label', `${t('oom.board.label')} ${t('outofmine.access.card', { tiles: cardWords(t, facts, m.me.card_face) })}`);
  for (const rect of svg.querySelectorAll('rect.cell')) {
    const { r, c } = parseCell(rect.dataset.cell);
    const label = cellWords(t, facts, r, c);
    rect.setAttribute('data-key', 'cell:' + rect.dataset.cell);
    rect.setAttribute('data-label', label);
    rect.setAttribute('aria-label', label);
    rect.setAttribute('role', 'img');
    rect.setAttribute('tabindex', '-1');
  }
  mem.boardSvg = svg;
  const tiles = s('g', { class: 'tiles' });
  const dragging = mem.drag && mem.drag.source !== 'hand' ? mem.drag.source : null;
  const carrying = mem.kcarry && mem.kcarry.source !== 'hand' ? mem.kcarry.source : null;
  for (const p of m.placed) {
    const g = mem.shapes.get(p.shape);
    if (!g) continue;
    const cells = cellsOf(g, p.sym, p.r, p.c);
    const protrudes = cells.some(([r, c]) => !layout.gallery.has(r * 8 + c));
    const state = p.pending ? 'pending' : 'confirmed';
    const flash = mem.flash && mem.flash.until > Date.now() && mem.flash.key === `${p.shape}@${p.sym}@${p.r},${p.c}` ? 'just-confirmed' : '';
    const grp = tileGroup(cells, g.color, p.element, C, {
      class: ['tile', state, flash, protrudes && 'protrudes', mem.selected === p.tile && p.tile !== null && 'selected', (dragging === p.tile || carrying === p.tile) && p.tile !== null && 'lifted'],
      'data-tile': p.tile ?? '', 'data-shape': p.shape, 'data-sym': SYMS[p.sym], 'data-cell': cellName(p.r, p.c), 'data-state': state,
      'data-cells': cells.map(([r, c]) => cellName(r, c)).join(' '),
    }, tileOpts(ctx));
    if (p.tile !== null && ctx.status === 'playing') {
      grp.addEventListener('pointerdown', (e) => startDrag(e, mem, p.tile, p.shape, p.element, p.sym, cellUnder(e, svg), p));
    }
    tiles.append(grp);
  }
  svg.append(tiles, elvesGroup(layout, C, t, ctx.colorBlind), s('g', { id: 'oom-preview', class: 'preview' }));
  if (mem.rollback && mem.rollback.cells && mem.rollback.until > Date.now()) {
    const ghost = s('g', { class: 'rollback-ghost', 'aria-hidden': 'true' });
    for (const [r, c] of mem.rollback.cells) ghost.append(s('rect', { x: PAD + c * C + 2, y: PAD + r * C + 2, width: C - 4, height: C - 4 }));
    svg.append(ghost);
  }
  // On a phone the board is drawn in a box of another shape: its own
  // ground, behind the coordinates, shows where the board ends.
  if (compactLayout.matches) svg.prepend(s('rect', { class: 'board-ground', x: -LBL, y: -LBL, width: layout.cols * C + 2 * PAD + LBL, height: layout.rows * C + 2 * PAD + LBL, rx: 6 }));
  svg.addEventListener('keydown', (e) => boardKey(e, mem));
  syncCursor(mem, false);
  // A press on a board space (not on a placed tile) with a tile in hand
  // picks that tile up by its anchor, the first cell of its shape: let go
  // without moving (a click or a tap) and it is laid with the anchor on
  // that space, the same as a drop there; move first and it is a drag.
  if (m.hand && ctx.status === 'playing') {
    const hand = m.hand;
    svg.addEventListener('pointerdown', (e) => {
      if (mem.drag || e.target?.closest?.('g.tile')) return;
      const cell = cellUnder(e, svg);
      if (cell.r < 0 || cell.c < 0 || cell.r >= layout.rows || cell.c >= layout.cols) return;
      const g = mem.shapes.get(hand.shape);
      if (!g) return;
      startDrag(e, mem, 'hand', hand.shape, hand.element, mem.handSym, null, null, g.orient[mem.handSym].pts[0]);
      if (mem.drag) mem.drag.tap = true;
    });
  }
  return h('div', { class: 'oom-boardwrap' }, svg);
}

// cellUnder returns the board cell (row, column; outside the board when
// off it) under the pointer event e: the board's SVG may be drawn smaller
// than its box (it keeps its shape in a box of another), so the point is
// taken into the SVG's own units.
function cellUnder(e, svg) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return { r: -99, c: -99 };
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
  return { r: Math.floor((p.y - PAD) / C), c: Math.floor((p.x - PAD) / C) };
}

function handBox(view, ctx, m, mem) {
  const { t } = ctx;
  const hand = m.hand;
  const box = h('section', { class: 'oom-hand', id: 'oom-hand', 'aria-label': t('oom.hand'), 'data-shape': hand?.shape || '',
    'data-sym': hand ? SYMS[mem.handSym] : '', 'data-state': hand ? (hand.pending ? 'pending' : 'confirmed') : '' },
    h('h3', {}, t('oom.hand'), ' ', h('small', { text: t('oom.onehand') })));
  const g = hand && mem.shapes.get(hand.shape);
  if (!hand) {
    box.append(h('p', { class: 'muted', text: t('oom.handempty') }));
    return box;
  }
  if (!g) { box.append(h('p', { class: 'muted', text: '…' })); return box; }
  box.append(h('div', { class: 'oom-handrow' }, handTile(ctx, mem, hand, g),
    h('div', { class: 'oom-handbuttons' },
      h('button', { type: 'button', id: 'oom-hand-turn', 'data-key': 'hand-turn', onclick: () => turnHand(mem, turnPt), text: t('oom.turn') }),
      h('button', { type: 'button', id: 'oom-hand-mirror', 'data-key': 'hand-mirror', onclick: () => turnHand(mem, mirrorPt), text: t('oom.mirror') }),
      h('button', { type: 'button', id: 'oom-return', 'data-key': 'return', onclick: () => act(mem, 'return', { type: 'return' }), text: t('oom.return') }))),
  h('p', { class: 'help', text: t('oom.handhelp') }));
  return box;
}

// handTile draws the tile in hand (shape g) as it is turned: press it and
// drag it onto the board; Enter carries it there by the keyboard.
function handTile(ctx, mem, hand, g) {
  const { t } = ctx;
  const o = g.orient[mem.handSym];
  const size = 30;
  const svg = s('svg', { viewBox: `0 0 ${o.cols * size + 2 * PAD} ${o.rows * size + 2 * PAD}`, class: ['oom-handtile', hand.pending && 'pending',
    mem.flash && mem.flash.key === 'hand' && mem.flash.until > Date.now() && 'just-confirmed'], id: 'oom-handtile',
    width: o.cols * size + 2 * PAD, height: o.rows * size + 2 * PAD, 'data-key': 'handtile', tabindex: '0', role: 'button',
    'aria-label': t('oom.handtile', { shape: hand.shape, sym: SYMS[mem.handSym] }) });
  const grp = tileGroup(o.pts, g.color, hand.element, size, { class: ['tile', mem.drag?.source === 'hand' && 'lifted'] }, tileOpts(ctx));
  for (const [r, c] of o.pts) {
    grp.append(s('rect', { x: PAD + c * size, y: PAD + r * size, width: size, height: size, class: 'grab', 'data-hcell': `${r},${c}` }));
  }
  svg.append(grp);
  svg.addEventListener('pointerdown', (e) => {
    const hc = e.target?.dataset?.hcell;
    const [r, c] = hc ? hc.split(',').map(Number) : o.pts[0];
    startDrag(e, mem, 'hand', hand.shape, hand.element, mem.handSym, null, null, [r, c]);
  });
  svg.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); startCarry(mem, 'hand'); syncCursor(mem, true); }
  });
  return svg;
}

function cardBox(view, ctx, m, me, mem) {
  const { t } = ctx;
  const face = me.card_face;
  if (!face) return null;
  const onBoard = placedColors(m, mem);
  const finds = Object.entries(face.finds || {});
  return h('section', { class: 'oom-card', id: 'oom-card', 'data-card': face.id, 'aria-label': t('oom.card') },
    h('h3', {}, t('oom.card'), ' ', h('small', { text: `#${face.id}` })),
    h('ul', { class: 'oom-card-tiles' }, COLORS.filter((col) => face.tiles[col] || onBoard[col]).map((col) => {
      const want = face.tiles[col] || 0, have = onBoard[col] || 0;
      return h('li', { class: ['oom-card-row', have > want && 'over'], 'data-color': col },
        h('span', { class: `chip c-${col}`, 'aria-hidden': 'true' }, icon(COLOR_SYMBOLS[col])), ' ',
        t(`oom.color.${col}`), ' ', h('strong', { text: t('oom.card.count', { have, want }) }),
        have > want ? h('span', { class: 'tag bad', text: t('oom.card.over') }) : null,
        !want ? h('span', { class: 'tag bad', text: t('oom.card.notoncard') }) : null);
    })),
    view.finds && finds.length ? h('p', { class: 'oom-finds' }, t('oom.findsvalues'), ' ',
      finds.map(([el, pts]) => h('span', { class: `find e-${el}` }, ELEMENTS.has(el) ? icon(el, `elem e-${el}`) : null, ` ${t(`oom.element.${el}`)} ${pts > 0 ? '+' : ''}${pts} `))) : null);
}

// supplyEntries lists what the supply offers, in the order of the shapes:
// every kind (shape and element) when the finds variant scores elements,
// else every shape with its kinds taken together, since a tile's element
// then counts for nothing. The view's supply names every kind of the pack,
// those with none left at count 0; counts come from the model (pending
// actions applied).
function supplyEntries(view, m) {
  const entries = new Map();
  for (const k of view.supply || []) {
    const key = kindKey(k.shape, k.element);
    const id = view.finds ? key : k.shape;
    if (!entries.has(id)) entries.set(id, { id, shape: k.shape, element: view.finds ? k.element || '' : '', kinds: [], n: 0 });
    const e = entries.get(id);
    const n = m.supply.get(key) || 0;
    e.kinds.push({ key, element: k.element || '', n });
    e.n += n;
  }
  return [...entries.values()];
}

// pickKind returns the kind a press on entry takes: a plain tile first,
// else the kind with the most left.
function pickKind(entry) {
  const left = entry.kinds.filter((k) => k.n > 0);
  return left.find((k) => !k.element) || left.sort((a, b) => b.n - a.n)[0];
}

function supplyBox(view, ctx, m, mem) {
  const { t } = ctx;
  const mine = view.you >= 0 && ctx.you >= 0 && ctx.status === 'playing' && view.phase === 'round';
  const selected = mem.selected !== null ? m.placed.find((p) => p.tile === mem.selected) : null;
  const box = h('section', { class: 'oom-supply', id: 'oom-supply', 'aria-label': t('oom.supply') }, h('h3', {}, t('oom.supply'),
    m.hand && mine ? h('small', { class: 'onehand', text: ' ' + t('oom.supply.onehand') }) : null,
    selected && !m.hand ? h('small', { text: ' ' + t('oom.supply.swap', { id: selected.tile }) }) : null));
  const list = h('ul', { class: ['oom-kinds', view.finds && 'with-elements'] });
  for (const entry of supplyEntries(view, m)) {
    const g = mem.shapes.get(entry.shape);
    if (!g) continue;
    const n = entry.n;
    const o = g.orient[0];
    const size = 12;
    const pic = s('svg', { viewBox: `0 0 ${o.cols * size + 2 * PAD} ${o.rows * size + 2 * PAD}`, class: 'kind-icon', 'aria-hidden': 'true' },
      tileGroup(o.pts, g.color, entry.element, size, { class: 'tile' }, { ...tileOpts(ctx), finds: false }));
    const can = mine && n > 0 && !m.hand && !m.stopped;
    const label = entry.element
      ? t('oom.kind', { shape: entry.shape, element: t(`oom.element.${entry.element}`), n })
      : t('oom.kind.shape', { shape: entry.shape, n });
    // The name is the visible text, then the words (not a label that hides it).
    const b = h('button', { type: 'button', class: ['kind', `c-${g.color}`, n === 0 && 'out'], 'data-kind': entry.id, 'data-key': 'kind:' + entry.id, 'data-count': n,
      disabled: !can, title: label },
    pic, h('span', { class: 'kind-name', text: entry.shape }), entry.element ? icon(entry.element, `elem e-${entry.element}`) : null,
    h('span', { class: 'count', text: `×${n}` }), h('span', { class: 'sr', text: `, ${label}` }));
    if (can) {
      const take = () => {
        const k = pickKind(entry);
        if (!k) return undefined;
        const element = k.element;
        if (selected && !m.hand) return act(mem, `swap ${selected.tile} ${k.key}`, { type: 'swap', tile: selected.tile, kind: k.key, shape: entry.shape, element });
        return act(mem, `take ${k.key}`, { type: 'take', kind: k.key, shape: entry.shape, element });
      };
      // A press takes the tile and carries it at once (drag it onto the
      // board, or let go to keep it in the hand); a click that did not
      // start with a press here (the keyboard's Enter or Space) takes it.
      b.addEventListener('click', (e) => {
        e.preventDefault();
        if (Date.now() - mem.pressedKind < 1000) { mem.pressedKind = 0; return; }
        take();
        // From the keyboard the tile goes at once to the board's cursor.
        if (!selected && mem.model.hand && mem.layout) { startCarry(mem, 'hand'); syncCursor(mem, true); }
      });
      b.addEventListener('pointerdown', (e) => {
        if (e.button !== 0 || selected) return;
        mem.pressedKind = Date.now();
        const k = pickKind(entry);
        take();
        startDrag(e, mem, 'hand', entry.shape, k?.element || '', mem.handSym, null, null, g.orient[mem.handSym].pts[0]);
      });
    }
    list.append(h('li', {}, b));
  }
  box.append(list);
  // The supply is one Tab stop: the arrow keys go from kind to kind.
  const kinds = [...list.querySelectorAll('button.kind:not([disabled])')];
  kinds.forEach((b, i) => b.setAttribute('tabindex', i === 0 ? '0' : '-1'));
  list.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const at = kinds.indexOf(document.activeElement);
    if (step && at >= 0) {
      e.preventDefault();
      const next = kinds[(at + step + kinds.length) % kinds.length];
      kinds.forEach((b) => b.setAttribute('tabindex', b === next ? '0' : '-1'));
      next.focus();
    } else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); syncCursor(mem, true); }
  });
  box.addEventListener('pointerup', () => { if (mem.drag && mem.drag.source !== 'hand') mem.dropOnSupply = true; });
  return box;
}

// othersBox draws the other players' boards small (every player's with
// all): the board and side, tiles, hand, a treasure card lying face down
// and whether a lot is drawn among them.
function othersBox(view, ctx, mem, all) {
  const { t } = ctx;
  const others = view.players.map((p, i) => ({ p, i })).filter(({ i }) => all || i !== view.you);
  // The heading (for those who read by headings) that the boards' h4s follow.
  return h('section', { class: 'oom-others', 'aria-label': t('oom.others') }, h('h3', { class: 'sr', text: t('oom.others') }), others.map(({ p, i }) => {
    const layout = p.layout ? layoutInfo(p.layout) : null;
    const size = 14;
    let svg = null;
    if (layout) {
      svg = boardBase(layout, size, { class: 'oom-board small', role: 'img', 'aria-label': t('oom.boardof', { name: ctx.names[i] ?? i + 1, n: p.empty }) }, t, false);
      for (const pl of p.placed || []) {
        const g = mem.shapes.get(pl.shape);
        if (!g) continue;
        const { r, c } = parseCell(pl.cell);
        svg.append(tileGroup(cellsOf(g, SYMS.indexOf(pl.transform), r, c), g.color, pl.element, size, { class: 'tile', 'data-tile': pl.tile }, tileOpts(ctx, true)));
      }
      svg.append(elvesGroup(layout, size, t, false));
    }
    const hand = p.hand_tile || null;
    const lot = (view.lot || []).includes(i);
    let board = p.side ? t('oom.otherboard', { id: p.board, side: p.side }) : t('oom.choosing');
    if (!p.side && view.phase !== 'choose') board = p.board ? `#${p.board}` : '…';
    return h('div', { class: ['oom-other', 'pboard', lot && 'oom-lot'], 'data-player': i, 'data-board': p.board ?? '', 'data-lot': lot ? 'yes' : '' },
      h('h4', {}, seatBadge(seatColors(null, view), i, t), h('span', { class: 'seat-name', text: ctx.names[i] ?? t('seat.number', { n: i + 1 }) }),
        lot ? h('span', { class: 'tag acting', title: t('actor.chance') }, icon('die'), h('span', { class: 'sr', text: t('actor.chance') })) : null,
        p.card_down ? h('span', { class: 'oom-card-down', role: 'img', 'aria-label': t('oom.card'), title: t('oom.card') }, icon('card')) : null,
        h('span', { class: 'score', text: t('table.points', { n: view.scores?.[i] ?? 0 }) })),
      svg,
      h('p', { class: 'small' },
        board,
        layout ? h('span', { class: 'oom-other-empty', 'data-empty': p.empty, text: ' · ' + t('oom.empty', { n: p.empty }) }) : null,
        hand ? h('span', { class: 'oom-other-hand', text: ' · ' + t('oom.holds', { shape: hand.shape }) }) : null,
        p.stopped ? h('span', { class: 'oom-other-stopped', text: ' · ' + t('oom.other.stopped') }) : null));
  }));
}

// ---- choosing a side ----

function chooseArea(view, ctx, m, mem) {
  const { t } = ctx;
  const me = m.me;
  // data-side: the side the server has taken as this player's choice.
  const box = h('section', { class: 'oom-choose', id: 'oom-choose', 'aria-labelledby': 'oom-choose-h', 'data-side': me?.side || null });
  if (!me) {
    box.append(h('h3', { id: 'oom-choose-h', text: t('oom.choose.watch') }));
    return box;
  }
  const waiting = view.players.map((p, i) => (p.side ? null : ctx.names[i] ?? String(i + 1))).filter(Boolean);
  if (m.side) {
    box.append(h('h3', { id: 'oom-choose-h', text: t('oom.choose.done', { side: m.side }) }),
      h('p', { class: 'muted', id: 'oom-choose-waiting', text: t('oom.choose.waiting', { names: waiting.join(', ') }) }));
    return box;
  }
  box.append(h('h3', { id: 'oom-choose-h', text: t('oom.choose.title', { id: me.board, n: view.round }) }));
  // Why a side: the rule says each player decides; the same board as last
  // round must be turned to its other side.
  box.append(me.must_side ? h('p', { class: 'note', text: t('oom.choose.must', { side: me.must_side }) }) : h('p', { class: 'muted', id: 'oom-choose-why', text: t('oom.choose.why') }));
  const sides = h('div', { class: 'oom-sides' });
  ['A', 'B'].forEach((sd, i) => {
    const layout = me.sides?.[i] ? layoutInfo(me.sides[i]) : null;
    const allowed = !me.must_side || me.must_side === sd;
    const pv = layout ? boardBase(layout, 20, { class: 'oom-board preview-side', role: 'img', 'aria-label': t('oom.side', { side: sd }) }, t, false) : null;
    if (pv) pv.append(elvesGroup(layout, 20, t, ctx.colorBlind));
    sides.append(h('div', { class: ['oom-sidechoice', !allowed && 'disabled'] }, pv,
      h('button', { type: 'button', class: 'primary', id: `oom-side-${sd}`, 'data-key': 'side:' + sd, disabled: !allowed || ctx.status !== 'playing',
        'data-focus-default': allowed && (sd === 'A' || me.must_side === 'B') ? '' : null, 'aria-keyshortcuts': sd.toLowerCase(),
        onclick: () => act(mem, `side ${sd}`, { type: 'side', side: sd }), text: t('oom.side.play', { side: sd }) })));
  });
  box.append(sides);
  return box;
}

// ---- scoring ----

function scoringArea(view, ctx, shapes, round) {
  const { t } = ctx;
  const res = view.results[round];
  return h('section', { class: 'oom-scoring', id: 'oom-scoring', 'data-round': round + 1, 'aria-labelledby': 'oom-scoring-h' },
    h('h3', { id: 'oom-scoring-h', text: t('oom.scoring.title', { n: round + 1 }) }),
    h('div', { class: 'oom-results' }, res.map((r, i) => resultCard(view, ctx, shapes, r, i))));
}

function resultCard(view, ctx, shapes, r, i) {
  const { t } = ctx;
  const sc = r.score;
  const layout = r.layout ? layoutInfo(r.layout) : null;
  const removed = new Set(r.removed || []);
  let svg = null;
  if (layout) {
    const size = 20;
    svg = boardBase(layout, size, { class: 'oom-board result', role: 'img', 'aria-label': t('oom.boardof', { name: ctx.names[i] ?? i + 1, n: sc.empty }) }, t, false);
    for (const p of r.placed || []) {
      const cells = namedCells(p.cells);
      const color = shapes.get(p.shape)?.color || COLORS[cells.length - 1] || 'white';
      const grp = tileGroup(cells, color, p.element, size, { class: ['tile', removed.has(p.tile) && 'removed'], 'data-tile': p.tile, 'data-shape': p.shape, 'data-sym': p.transform, 'data-cell': p.cell }, tileOpts(ctx));
      if (removed.has(p.tile)) {
        for (const [rr, cc] of cells) grp.append(s('path', { class: 'xmark', d: `M${PAD + cc * size + 4} ${PAD + rr * size + 4}l${size - 8} ${size - 8}m0 ${-(size - 8)}l${-(size - 8)} ${size - 8}` }));
        grp.append(s('title', { text: t('oom.removedtile') }));
      }
      svg.append(grp);
    }
    svg.append(elvesGroup(layout, size, t, ctx.colorBlind));
  }
  const part = (key, v, label) => [h('dt', { text: label }), h('dd', { 'data-part': key, text: (v > 0 && key !== 'empty' && key !== 'score' ? '+' : '') + v })];
  return h('div', { class: ['oom-result', 'pboard', i === view.you && 'you'], 'data-player': i },
    h('h4', {}, seatBadge(seatColors(null, view), i, t), h('span', { class: 'seat-name', text: ctx.names[i] ?? t('seat.number', { n: i + 1 }) }),
      r.called ? h('span', { class: 'tag acting', text: t('oom.called') }) : null),
    svg,
    removed.size ? h('p', { class: 'oom-removed', 'data-removed': removed.size, text: t('oom.removed', { n: removed.size }) }) : null,
    h('dl', { class: 'oom-breakdown' },
      part('empty', sc.empty, t('oom.part.empty')),
      part('base', sc.base, t('oom.part.base')),
      r.called ? part('caller', sc.caller, sc.caller >= 0 ? t('oom.part.bonus') : t('oom.part.penalty')) : null,
      view.elves ? part('elves', sc.elves, t('oom.part.elves')) : null,
      view.finds ? part('finds', sc.finds, t('oom.part.finds')) : null,
      part('score', sc.score, t('oom.part.score'))),
    sc.empty > 10 ? h('p', { class: 'muted small', text: t('oom.toomanyempty') }) : null);
}

// boardPicture draws a board side (a view's layout) with tiles (placed
// tiles as a view names them, with their cells), not interactive: a
// puzzle's solution. shapes are the view's shapes; opts as tileGroup's.
export function boardPicture(layout, placed, shapes, size, attrs, opts) {
  const info = layoutInfo(layout);
  const colors = new Map((shapes || []).map((sh) => [sh.id, sh.color]));
  const svg = boardBase(info, size, attrs, opts.t, false);
  for (const p of placed) svg.append(tileGroup(namedCells(p.cells), colors.get(p.shape) || 'white', p.element, size, { class: 'tile', 'data-shape': p.shape, 'data-cell': p.cell }, opts));
  svg.append(elvesGroup(info, size, opts.t, opts.colorBlind));
  return svg;
}

// breakdown returns each seat's score for the end screen (see
// breakdown.js): the score of every round played, with its parts (empty
// spaces, base, the caller's bonus or penalty, elves, finds) as the
// round's result in the view gives them.
export function breakdown(view, ctx) {
  const { t } = ctx;
  if (!view?.players || !view.results) return null;
  return view.players.map((_, i) => view.results.map((res, r) => {
    const sc = res?.[i]?.score;
    if (!sc) return null;
    const bits = [`${t('oom.part.empty')} ${sc.empty}`, `${t('oom.part.base')} ${sc.base}`];
    if (res[i].called) bits.push(`${sc.caller >= 0 ? t('oom.part.bonus') : t('oom.part.penalty')} ${sc.caller}`);
    if (view.elves) bits.push(`${t('oom.part.elves')} ${sc.elves}`);
    if (view.finds) bits.push(`${t('oom.part.finds')} ${sc.finds}`);
    return { kind: 'round', label: t('oom.bd.round', { n: r + 1 }), detail: bits.join(' · '), points: sc.score };
  }).filter(Boolean));
}

function scoreSheet(view, ctx) {
  const { t } = ctx;
  const n = view.players.length;
  const rows = [];
  for (let r = 0; r < view.rounds; r++) {
    const res = view.results[r];
    rows.push(h('tr', { 'data-round': r + 1 }, h('th', { scope: 'row', text: String(r + 1) }),
      [...Array(n).keys()].map((i) => h('td', {}, res ? String(res[i].score.score) : '', res?.[i].called ? [' ', icon('star', 'called')] : null))));
  }
  return h('section', { class: 'oom-sheet', 'aria-labelledby': 'oom-sheet-h' },
    h('h3', { id: 'oom-sheet-h', text: t('oom.sheet') }),
    h('div', { class: 'table-wrap' }, h('table', { class: 'scores', id: 'oom-sheet' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('oom.sheet.round') }),
        [...Array(n).keys()].map((i) => h('th', { scope: 'col', text: ctx.names[i] ?? String(i + 1) })))),
      h('tbody', {}, rows),
      h('tfoot', {}, h('tr', {}, h('th', { scope: 'row', text: t('oom.sheet.total') }),
        [...Array(n).keys()].map((i) => h('td', { 'data-total': i, text: String(view.scores?.[i] ?? 0) })))))),
    // The star's key shows once a star does: a round someone called.
    view.results.some((res) => res?.some((r) => r?.called)) ? h('p', { class: 'help' }, icon('star', 'called'), ' ', t('oom.sheet.help')) : null);
}

// ---- actions ----

function rerender(mem) { if (mem.el?.isConnected && mem.ctx) render(mem.el, mem.ctx); }

// act shows op at once and sends move; reply() confirms or rolls it back.
function act(mem, move, op) {
  if (mem.stopped) return; // a player who stopped lays nothing more this round
  if (op.type === 'place' || op.type === 'move') op.key = `${op.shape}@${op.sym}@${op.r},${op.c}`;
  op.move = move;
  op.at = Date.now();
  mem.rollback = null;
  mem.ops.push(op);
  const seq = mem.ctx.send(move);
  if (!seq) mem.ops = mem.ops.filter((o) => o !== op);
  else op.seq = seq;
  rerender(mem);
}

// reply receives the ack or error frame of an action sent with ctx.send.
export function reply(el, f) {
  const mem = memory.get(el);
  if (!mem || !f.seq) return;
  const op = mem.ops.find((o) => o.seq === f.seq);
  if (!op) return;
  if (f.type === 'ack') {
    op.n = f.n;
    op.acked = true;
    if (op.type === 'place' || op.type === 'move') play('tile');
    mem.flash = { key: op.type === 'take' || op.type === 'swap' ? 'hand' : op.key, until: Date.now() + 900 };
    setTimeout(() => rerender(mem), 950);
  } else if (f.type === 'error') {
    mem.ops = mem.ops.filter((o) => o !== op);
    let cells = null;
    const g = op.shape ? mem.shapes?.get(op.shape) : null;
    if (g && (op.type === 'place' || op.type === 'move')) cells = cellsOf(g, op.sym, op.r, op.c);
    mem.rollback = { move: op.move, message: f.message, code: f.code, cells, until: Date.now() + 1500 };
    setTimeout(() => rerender(mem), 1550);
  }
  rerender(mem);
}

function transformSelected(mem, op) {
  const m = mem.model;
  const p = m.placed.find((x) => x.tile === mem.selected);
  const g = p && mem.shapes.get(p.shape);
  if (!g || p.pending) return;
  const { sym } = applyTurn(g, p.sym, op, null);
  const o = g.orient[sym];
  const r = Math.max(0, Math.min(p.r, mem.layout.rows - o.rows));
  const c = Math.max(0, Math.min(p.c, mem.layout.cols - o.cols));
  tryCommit(mem, p.tile, p.shape, p.element, sym, r, c);
}

function removeSelected(mem) {
  const tile = mem.selected;
  if (tile === null) return;
  mem.selected = null;
  act(mem, `remove ${tile}`, { type: 'remove', tile });
}

function turnHand(mem, op) {
  const m = mem.model;
  const g = m?.hand && mem.shapes.get(m.hand.shape);
  if (!g) return;
  mem.handSym = applyTurn(g, mem.handSym, op, null).sym;
  rerender(mem);
}

// fits reports whether a tile of g at sym, top-left (r, c), lies inside the
// board without overlapping another tile (ignoring tile self); over rock
// it protrudes, which the tabletop rules allow and assist mode does not.
function placementState(mem, g, sym, r, c, self) {
  const layout = mem.layout;
  const cells = cellsOf(g, sym, r, c);
  const taken = new Set();
  for (const p of mem.model.placed) {
    if (p.tile === self && self !== null) continue;
    const pg = mem.shapes.get(p.shape);
    if (pg) for (const [rr, cc] of cellsOf(pg, p.sym, p.r, p.c)) taken.add(rr * 8 + cc);
  }
  let off = false, overlap = false, rock = false;
  const marks = cells.map(([rr, cc]) => {
    if (rr < 0 || cc < 0 || rr >= layout.rows || cc >= layout.cols) { off = true; return 'bad'; }
    if (taken.has(rr * 8 + cc)) { overlap = true; return 'bad'; }
    if (!layout.gallery.has(rr * 8 + cc)) { rock = true; return 'protrude'; }
    return 'ok';
  });
  const assist = mem.ctx.view.assist;
  return { cells, marks, ok: !off && !overlap && !(assist && rock), off, overlap, rock };
}

function tryCommit(mem, source, shape, element, sym, r, c) {
  const g = mem.shapes.get(shape);
  const st = placementState(mem, g, sym, r, c, source === 'hand' ? null : source);
  const { t } = mem.ctx;
  if (!st.ok) {
    mem.rollback = { move: '', message: st.off ? t('oom.local.off') : st.overlap ? t('oom.local.overlap') : t('oom.local.rock'), code: 'local', cells: st.cells, until: Date.now() + 1200 };
    rerender(mem);
    return;
  }
  const where = `${SYMS[sym]} ${cellName(r, c)}`;
  if (source === 'hand') act(mem, `place ${where}`, { type: 'place', shape, element, sym, r, c });
  else {
    const p = mem.model.placed.find((x) => x.tile === source);
    if (p && p.sym === sym && p.r === r && p.c === c) { rerender(mem); return; }
    act(mem, `move ${source} ${where}`, { type: 'move', tile: source, shape, element, sym, r, c });
  }
}

// ---- dragging ----

function startDrag(e, mem, source, shape, element, sym, cell, placed, grab) {
  if (e.button !== 0 && e.pointerType === 'mouse') return;
  if (mem.drag && e.pointerType === 'touch') { // a second finger: the turn gesture
    mem.drag.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (mem.drag.touches.size === 2) mem.drag.angle = touchAngle(mem.drag);
    e.preventDefault();
    return;
  }
  e.preventDefault();
  if (!grab && placed && cell) grab = [cell.r - placed.r, cell.c - placed.c];
  mem.drag = { source, shape, element, sym, grab: grab || [0, 0], x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY,
    pointerId: e.pointerId, moved: false, touches: new Map([[e.pointerId, { x: e.clientX, y: e.clientY }]]), angle: null };
  mem.kcarry = null;
  mem.dropOnSupply = false;
  drawPreview(mem);
}

function touchAngle(drag) {
  const [a, b] = [...drag.touches.values()];
  return Math.atan2(b.y - a.y, b.x - a.x) * 180 / Math.PI;
}

function onPointerMove(e, mem) {
  const d = mem.drag;
  if (!d) return;
  if (d.touches.has(e.pointerId)) d.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (d.touches.size === 2 && d.angle !== null) {
    let delta = touchAngle(d) - d.angle;
    if (delta > 180) delta -= 360;
    if (delta < -180) delta += 360;
    if (Math.abs(delta) >= 45) {
      rotateDrag(mem, delta > 0 ? 1 : 3);
      d.angle = touchAngle(d);
    }
  }
  if (e.pointerId !== d.pointerId) return;
  d.x = e.clientX;
  d.y = e.clientY;
  if (Math.abs(d.x - d.x0) + Math.abs(d.y - d.y0) > 4) d.moved = true;
  drawPreview(mem);
}

function rotateDrag(mem, quarterTurns, mirror) {
  const d = mem.drag;
  const g = d && mem.shapes.get(d.shape);
  if (!g) return;
  let r = { sym: d.sym, grab: d.grab };
  if (mirror) r = applyTurn(g, r.sym, mirrorPt, r.grab);
  for (let i = 0; i < (quarterTurns || 0); i++) r = applyTurn(g, r.sym, turnPt, r.grab);
  d.sym = r.sym;
  d.grab = r.grab;
  if (d.source === 'hand') mem.handSym = r.sym;
  drawPreview(mem);
}

// dragTarget returns where the dragged tile would land: its top-left cell,
// or null when the pointer is off the board.
function dragTarget(mem, d = mem.drag) {
  const svg = document.getElementById('oom-board');
  if (!d || !svg || !mem.layout) return null;
  const cell = cellUnder({ clientX: d.x, clientY: d.y }, svg);
  if (cell.r < -1 || cell.c < -1 || cell.r > mem.layout.rows || cell.c > mem.layout.cols) return null;
  const g = mem.shapes.get(d.shape);
  const o = g.orient[d.sym];
  // Snap the grabbed cell under the pointer.
  return { r: cell.r - d.grab[0], c: cell.c - d.grab[1], o };
}

function onPointerUp(e, mem) {
  const d = mem.drag;
  if (!d) return;
  if (d.touches.size > 1 && e.pointerId !== d.pointerId) { d.touches.delete(e.pointerId); d.angle = null; return; }
  if (e.pointerId !== d.pointerId) return;
  mem.drag = null;
  if (!d.moved && !d.tap) {
    // A click on a placed tile selects it (or deselects it).
    if (d.source !== 'hand') mem.selected = mem.selected === d.source ? null : d.source;
    rerender(mem);
    return;
  }
  const to = dragTarget(mem, d);
  if (to) tryCommit(mem, d.source, d.shape, d.element, d.sym, to.r, to.c);
  else if (mem.dropOnSupply && d.source !== 'hand') { mem.selected = null; act(mem, `remove ${d.source}`, { type: 'remove', tile: d.source }); }
  else rerender(mem);
  mem.dropOnSupply = false;
}

// drawPreview draws where the carried tile would land, in place (no full
// render), and the floating tile under the pointer.
function drawPreview(mem) {
  const group = document.getElementById('oom-preview');
  const float = document.getElementById('oom-float');
  float?.remove();
  if (!group) return;
  clear(group);
  const svg = document.getElementById('oom-board');
  let carry = null;
  if (mem.drag) {
    const to = dragTarget(mem);
    if (to) carry = { shape: mem.drag.shape, sym: mem.drag.sym, r: to.r, c: to.c, source: mem.drag.source };
    else if (mem.drag.moved) floatTile(mem);
  } else if (mem.kcarry) carry = mem.kcarry;
  svg.dataset.preview = '';
  if (!carry) return;
  const g = mem.shapes.get(carry.shape);
  const st = placementState(mem, g, carry.sym, carry.r, carry.c, carry.source === 'hand' ? null : carry.source);
  st.cells.forEach(([r, c], i) => {
    if (r < 0 || c < 0 || r >= mem.layout.rows || c >= mem.layout.cols) return;
    group.append(s('rect', { x: PAD + c * C + 1, y: PAD + r * C + 1, width: C - 2, height: C - 2, class: `pv ${st.marks[i]} c-${g.color}`, 'data-pv': cellName(r, c) }));
  });
  svg.dataset.preview = st.ok ? (st.rock ? 'protrudes' : 'ok') : 'bad';
  svg.dataset.previewAt = `${SYMS[carry.sym]} ${cellName(Math.max(0, carry.r), Math.max(0, carry.c))}`;
}

function floatTile(mem) {
  const d = mem.drag;
  const g = mem.shapes.get(d.shape);
  const o = g.orient[d.sym];
  const size = 30;
  const svg = s('svg', { viewBox: `0 0 ${o.cols * size + 2 * PAD} ${o.rows * size + 2 * PAD}`, width: o.cols * size + 2 * PAD, height: o.rows * size + 2 * PAD },
    tileGroup(o.pts, g.color, d.element, size, { class: 'tile' }, tileOpts(mem.ctx)));
  const div = h('div', { class: 'oom-float', id: 'oom-float', 'aria-hidden': 'true' }, svg);
  div.style.left = `${d.x - PAD - (d.grab[1] + 0.5) * size}px`;
  div.style.top = `${d.y - PAD - (d.grab[0] + 0.5) * size}px`;
  mem.el.append(div);
}

// ---- keyboard ----

function startCarry(mem, source) {
  const m = mem.model;
  if (!mem.layout) return;
  if (source === 'hand') {
    if (!m.hand) return;
    const o = mem.shapes.get(m.hand.shape)?.orient[mem.handSym];
    const r = Math.max(0, Math.min(mem.layout.rows - (o?.rows || 1), mem.cursor.r));
    const c = Math.max(0, Math.min(mem.layout.cols - (o?.cols || 1), mem.cursor.c));
    mem.kcarry = { source: 'hand', shape: m.hand.shape, element: m.hand.element, sym: mem.handSym, r, c };
  } else {
    const p = m.placed.find((x) => x.tile === source);
    if (!p) return;
    mem.kcarry = { source, shape: p.shape, element: p.element, sym: p.sym, r: p.r, c: p.c };
  }
  rerender(mem);
}

// boardKey handles the keys on the board's cells: the arrows move the
// cursor, or the carried tile by its top-left cell (its anchor); Enter or
// Space places the carried tile, picks up the tile in hand at the cursor,
// or lifts the placed tile under the cursor to move it.
function boardKey(e, mem) {
  const k = mem.kcarry;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    if (!k && mem.selected === null && mem.model.hand && mem.ctx.status === 'playing') startCarry(mem, 'hand');
    const kc = mem.kcarry;
    if (kc) {
      const o = mem.shapes.get(kc.shape).orient[kc.sym];
      kc.r = Math.max(0, Math.min(mem.layout.rows - o.rows, kc.r + dr));
      kc.c = Math.max(0, Math.min(mem.layout.cols - o.cols, kc.c + dc));
      drawPreview(mem);
      syncCursor(mem, true);
      return;
    }
    mem.cursor = { r: Math.max(0, Math.min(mem.layout.rows - 1, mem.cursor.r + dr)), c: Math.max(0, Math.min(mem.layout.cols - 1, mem.cursor.c + dc)) };
    syncCursor(mem, true);
  } else if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    if (mem.ctx.status !== 'playing') return;
    if (k) {
      mem.kcarry = null;
      tryCommit(mem, k.source, k.shape, k.element, k.sym, k.r, k.c);
      return;
    }
    if (mem.model.hand) { startCarry(mem, 'hand'); syncCursor(mem, true); return; }
    const p = tileAt(mem, mem.cursor.r, mem.cursor.c);
    if (p && p.tile !== null && !p.pending) { mem.selected = p.tile; startCarry(mem, p.tile); syncCursor(mem, true); }
  }
}

// tileAt returns the placed tile (of the model) covering cell (r, c).
function tileAt(mem, r, c) {
  return mem.model.placed.find((p) => {
    const g = mem.shapes.get(p.shape);
    return g && cellsOf(g, p.sym, p.r, p.c).some(([rr, cc]) => rr === r && cc === c);
  });
}

// syncCursor marks the keyboard's cursor on the board (where the carried
// tile's anchor is, else where the arrows left it): its cell is the
// board's one Tab stop and default focus, named with what lies there and
// the carried tile, and is focused when focus is on the board or focus
// is true.
function syncCursor(mem, focus) {
  const svg = mem.boardSvg;
  if (!svg || !mem.layout) return;
  const k = mem.kcarry;
  if (k) mem.cursor = { r: Math.max(0, k.r), c: Math.max(0, k.c) };
  mem.cursor.r = Math.min(mem.cursor.r, mem.layout.rows - 1);
  mem.cursor.c = Math.min(mem.cursor.c, mem.layout.cols - 1);
  const name = cellName(mem.cursor.r, mem.cursor.c);
  for (const rect of svg.querySelectorAll('rect.cell.cursor')) {
    rect.classList.remove('cursor');
    rect.setAttribute('tabindex', '-1');
    rect.removeAttribute('data-focus-default');
    rect.setAttribute('aria-label', rect.dataset.label);
  }
  const rect = svg.querySelector(`rect.cell[data-cell="${name}"]`);
  if (!rect) return;
  rect.classList.add('cursor');
  rect.setAttribute('tabindex', '0');
  rect.setAttribute('data-focus-default', '');
  const { t } = mem.ctx;
  let label = rect.dataset.label;
  if (k) {
    const g = mem.shapes.get(k.shape);
    const st = placementState(mem, g, k.sym, k.r, k.c, k.source === 'hand' ? null : k.source);
    label += '. ' + t('outofmine.access.carry', { shape: k.shape, turn: SYMS[k.sym], cells: st.cells.map(([r, c]) => cellName(r, c)).join(' '),
      state: t(`outofmine.access.fit.${st.ok ? (st.rock ? 'rock' : 'ok') : st.off ? 'off' : st.overlap ? 'overlap' : 'rock'}`) });
  } else if (mem.model?.hand) label += '. ' + t('outofmine.access.inhand', { shape: mem.model.hand.shape, turn: SYMS[mem.handSym] });
  rect.setAttribute('aria-label', label);
  svg.dataset.cursor = name;
  // The cursor's ring, drawn over the tiles (shown while focus is on the board).
  let mark = svg.querySelector('rect.cursor-mark');
  if (!mark) { mark = s('rect', { class: 'cursor-mark', 'aria-hidden': 'true', width: C - 2, height: C - 2, rx: 3 }); svg.append(mark); }
  mark.setAttribute('x', PAD + mem.cursor.c * C + 1);
  mark.setAttribute('y', PAD + mem.cursor.r * C + 1);
  if (focus || svg.contains(document.activeElement)) rect.focus({ preventScroll: !focus });
}

function keyTurn(mem, op) {
  if (mem.drag) { rotateDrag(mem, op === turnPt ? 1 : 0, op === mirrorPt); return true; }
  if (mem.kcarry) {
    const k = mem.kcarry;
    const g = mem.shapes.get(k.shape);
    k.sym = applyTurn(g, k.sym, op, null).sym;
    const o = g.orient[k.sym];
    k.r = Math.max(0, Math.min(mem.layout.rows - o.rows, k.r));
    k.c = Math.max(0, Math.min(mem.layout.cols - o.cols, k.c));
    if (k.source === 'hand') mem.handSym = k.sym;
    rerender(mem); // the hand shows the turn too
    return true;
  }
  if (mem.selected !== null) { transformSelected(mem, op); return true; }
  if (mem.model?.hand) { turnHand(mem, op); return true; }
  return false;
}

function installListeners(el, mem) {
  const alive = () => {
    if (el.isConnected) return true;
    for (const [type, f] of listeners) window.removeEventListener(type, f);
    compactLayout.removeEventListener('change', relayout);
    clearInterval(mem.clock);
    return false;
  };
  const relayout = () => { if (alive()) rerender(mem); };
  const move = (e) => { if (alive()) onPointerMove(e, mem); };
  const down = (e) => { // a second finger anywhere joins the turn gesture
    if (!alive() || !mem.drag || e.pointerType !== 'touch' || mem.drag.touches.has(e.pointerId)) return;
    mem.drag.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (mem.drag.touches.size === 2) mem.drag.angle = touchAngle(mem.drag);
  };
  const up = (e) => { if (alive()) onPointerUp(e, mem); };
  const key = (e) => {
    if (!alive() || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const inside = el.contains(document.activeElement) || document.activeElement === document.body;
    const ph = mem.ctx?.view?.phase;
    if (ph === 'choose') {
      // A and B choose a side of the board dealt.
      const b = inside && (e.key === 'a' || e.key === 'b') ? document.getElementById(`oom-side-${e.key.toUpperCase()}`) : null;
      if (b && !b.disabled) { e.preventDefault(); b.click(); }
      return;
    }
    if (ph !== 'round') return;
    const hand = mem.model?.hand;
    if (e.key === 'r' || e.key === 'R') { if (keyTurn(mem, turnPt)) { e.preventDefault(); syncCursor(mem, false); } }
    else if (e.key === 'f' || e.key === 'F') { if (keyTurn(mem, mirrorPt)) { e.preventDefault(); syncCursor(mem, false); } }
    else if (e.key === 'Escape') {
      if (mem.drag || mem.kcarry || mem.selected !== null) { mem.drag = null; mem.kcarry = null; mem.selected = null; rerender(mem); }
      else if (hand && inside && mem.ctx.status === 'playing') { e.preventDefault(); act(mem, 'return', { type: 'return' }); }
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      if (mem.selected !== null && !hand) { e.preventDefault(); mem.kcarry = null; removeSelected(mem); }
      else if (hand && inside && mem.ctx.status === 'playing') { e.preventDefault(); mem.kcarry = null; act(mem, 'return', { type: 'return' }); }
      else if (inside && mem.boardSvg?.contains(document.activeElement)) {
        const p = tileAt(mem, mem.cursor.r, mem.cursor.c);
        if (p && p.tile !== null && !p.pending) { e.preventDefault(); act(mem, `remove ${p.tile}`, { type: 'remove', tile: p.tile }); }
      }
    } else if ((e.key === 'o' || e.key === 'O') && inside) {
      // O calls OUT OF MINE!, when the call button allows it.
      const b = document.getElementById('oom-call');
      if (b && !b.disabled) { e.preventDefault(); b.click(); }
    } else if ((e.key === 's' || e.key === 'S') && inside) {
      // S goes to the supply (Escape there comes back to the board).
      const b = document.querySelector('#oom-supply button.kind[tabindex="0"]');
      if (b) { e.preventDefault(); b.focus(); }
    }
  };
  const menu = (e) => {
    if (!alive() || mem.ctx?.view?.phase !== 'round') return;
    if (!el.contains(e.target) && !mem.drag) return;
    if (keyTurn(mem, turnPt)) e.preventDefault();
  };
  const listeners = [['pointermove', move], ['pointerdown', down], ['pointerup', up], ['pointercancel', up], ['keydown', key], ['contextmenu', menu]];
  for (const [type, f] of listeners) window.addEventListener(type, f);
  compactLayout.addEventListener('change', relayout);
}

// The tiles' shapes as the views seen so far named them, for the log's
// words: by tile id, and by where a seat laid a tile ("1 r90 c2"). A
// view names every tile it shows; these only remember what was shown.
const tileShapes = new Map();
const placedShapes = new Map();

// learnTiles remembers the tiles a view shows.
function learnTiles(view) {
  (view?.players || []).forEach((p, i) => {
    for (const pl of p.placed || []) {
      tileShapes.set(pl.tile, { shape: pl.shape, element: pl.element });
      placedShapes.set(`${i} ${pl.transform} ${pl.cell}`, { shape: pl.shape, element: pl.element });
    }
    if (p.hand_tile) tileShapes.set(p.hand_tile.tile, { shape: p.hand_tile.shape, element: p.hand_tile.element });
  });
}

function placedShape(player, sym, cell) { return player >= 0 ? placedShapes.get(`${player} ${sym} ${cell}`) : undefined; }

// tileWords names a tile by its shape and element ("the L3 tile"), or
// says "a tile" when no view showed it.
function tileWords(t, tile) {
  if (!tile) return t('oom.tile.any');
  const el = ELEMENTS.has(tile.element) ? ' ' + t(`oom.element.${tile.element}`) : '';
  return t('oom.tile.named', { shape: tile.shape + el });
}

// where says a transform and a cell ("r90", "c2") in words: the column,
// the row and how the tile is turned.
function where(t, sym, cell) {
  return { col: cell.slice(0, 1), row: cell.slice(1), turn: SYMS.includes(sym) && sym !== 'r0' ? t(`oom.turn.${sym}`) : '' };
}

// describe returns an Out of Mine move in words; names are the seats'
// names (the notation counts seats from 1); ctx.player is the seat that
// made it, when known.
export function describe(move, t, names, ctx) {
  const f = move.split(' ');
  const who = (n) => names?.[Number(n) - 1] ?? t('seat.number', { n: Number(n) });
  // A kind in words: its shape, and its element in the language.
  const kind = (g) => [g[0], ...(ELEMENTS.has(g[1]) ? [t(`oom.element.${g[1]}`)] : g.slice(1))].join(' ');
  switch (f[0]) {
    case 'take': return t('oom.log.take', { shape: kind(f.slice(1)) });
    case 'return': return t('oom.log.return');
    case 'place': return f.length === 3 ? t('oom.log.place', { tile: tileWords(t, placedShape(ctx?.player, f[1], f[2])), ...where(t, f[1], f[2]) }) : '';
    case 'move': return f.length === 4 ? t('oom.log.move', { tile: tileWords(t, tileShapes.get(Number(f[1]))), ...where(t, f[2], f[3]) }) : '';
    case 'remove': return t('oom.log.remove', { tile: tileWords(t, tileShapes.get(Number(f[1]))) });
    case 'swap': return t('oom.log.swap', { tile: tileWords(t, tileShapes.get(Number(f[1]))), shape: kind(f.slice(2)) });
    case 'call': return t('oom.log.call');
    case 'stop': return t('oom.log.stop');
    case 'side': return t('oom.log.side', { side: f[1] });
    case 'time': return t('oom.log.timeup');
    // Chance's deals, draws and lots: "deal board 7 to seat 2", "draw
    // card 12 for seat 2", "draw board 7", "lot seat 2".
    case 'deal': return f.length === 6 ? t('oom.log.deal', { board: f[2], name: who(f[5]) }) : '';
    case 'draw':
      if (f[1] === 'card' && f.length === 6) return t('oom.log.drawcard', { card: f[2], name: who(f[5]) });
      if (f[1] === 'card' && f.length === 5) return t('oom.log.drawcard.hidden', { name: who(f[4]) }); // the card face down, unnamed
      if (f[1] === 'board' && f.length === 3) return t('oom.log.drawboard', { board: f[2] });
      return '';
    case 'lot': return f.length === 3 ? t('oom.log.lot', { name: who(f[2]) }) : '';
  }
  return '';
}

// learnTarget is the tutorial page's hook (js/learn.js): it marks the
// supply's kind, the gallery's cell or the board side named target in el
// and reports whether it found one.
export function learnTarget(el, move, target) {
  if (!target) return false;
  const tg = CSS.escape(target);
  const kind = move.startsWith('take ') ? CSS.escape(move.slice(5)) : tg; // "take Y1 gold": the kind with its element
  const found = el.querySelectorAll(`[data-kind="${kind}"], #oom-board rect[data-cell="${tg}"]${move.startsWith('side ') ? `, [data-key="side:${tg}"]` : ''}`);
  found.forEach((e) => e.classList.add('learn-target'));
  return found.length > 0;
}

// ---- reading the board without sight ----

// lastMem is the state of the board drawn last: where its keyboard cursor
// is, for the command "what fits here".
let lastMem = null;

// factsOf returns what lies on a board side (layoutInfo): the placed
// tiles (shape, element, tile, sym, r, c) by covered space (row * 8 +
// column), with their color from shapes (geom by shape id).
function factsOf(layout, placed, shapes) {
  const cover = new Map();
  for (const p of placed) {
    const g = shapes.get(p.shape);
    const rec = { ...p, color: g?.color };
    if (g) for (const [r, c] of cellsOf(g, p.sym, p.r, p.c)) cover.set(r * 8 + c, rec);
  }
  return { layout, cover };
}

// cellWords names the space (r, c) of a board as a sighted player sees it:
// rock or gallery, empty or the tile that covers it, and an elf there.
function cellWords(t, facts, r, c) {
  const { layout, cover } = facts;
  const cell = cellName(r, c);
  const key = r * 8 + c;
  const rock = !layout.gallery.has(key);
  const p = cover.get(key);
  let text;
  if (p) text = t(rock ? 'outofmine.access.cell.tilerock' : 'outofmine.access.cell.tile', { cell, color: t(`oom.color.${p.color}`), shape: p.shape });
  else text = t(rock ? 'outofmine.access.cell.rock' : 'outofmine.access.cell.empty', { cell });
  const elf = layout.elves.find((e) => e.cell === cell);
  if (elf) text += ', ' + t('oom.elf', { color: t(`oom.color.${elf.color}`), cell });
  return text;
}

// cardWords says the treasure card's target: the tiles of each color it
// wants and how many lie on the board.
function cardWords(t, facts, face) {
  const have = {};
  for (const p of new Set(facts ? facts.cover.values() : [])) have[p.color] = (have[p.color] || 0) + 1;
  return COLORS.filter((col) => face.tiles[col]).map((col) => t('outofmine.access.cardcolor', { color: t(`oom.color.${col}`), want: face.tiles[col], have: have[col] || 0 })).join(', ');
}

// access is what the screen-reader mode reads (see access.js): the words
// live in js/outofmine-access.js, loaded when first asked for (or at the
// first drawing in the mode); until then it answers nothing.
let words = null;
function loadWords() { words ??= import('../js/outofmine-access.js').then((m) => { words = m; }, () => { words = null; }); }
export const access = {
  summary: (ctx) => (words?.access ? words.access.summary(ctx) : (loadWords(), [])),
  cell: (ctx, ref) => (words?.access ? words.access.cell(ctx, ref) : (loadWords(), null)),
  commands: (ctx) => (words?.access ? words.access.commands(ctx) : (loadWords(), [])),
};

// internals are what outofmine-access.js reads the board with.
export const internals = { SYMS, COLORS, CHANCE_PHASES, geom, layoutInfo, cellsOf, cellName, parseCell, factsOf, cellWords, cardWords, cursor: () => lastMem?.cursor };
