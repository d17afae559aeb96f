// Zoom and pan of an SVG board: pinch and drag on a touch screen, buttons
// (+, −, fit the whole board), and a focus that zooms in on the places a
// person must tap until each is at least minTarget pixels wide, so that a
// board drawn small on a phone can still be played with a finger.
//
// The state part (zoom, centre, the whole drawing's box) lives in a PanZoom
// that the renderer keeps across renders; the render part is attach(svg),
// called on every new SVG of the board (it sets the SVG's viewBox and
// listens for gestures), and controls(t), the buttons. A drag that moves
// the board does not click what it started on.
//
// The view is as wide and high as the SVG element is on the screen (its
// CSS size decides, never the viewBox): zoom 1 shows the whole drawing as
// large as it fits, centred. fitTargets fits a view to the places to tap
// (a phone's stage, where the element's size is the stage's), and fits
// again when the element changes size, until the person zooms or pans.
import { h } from './dom.js';
import { icon } from './icons.js';

const DRAG_PX = 8;   // a pointer that moves this far drags instead of clicking
const STEP = 1.5;    // the buttons' zoom factor

export class PanZoom {
  // opts: minTarget (pixels a tap target must be wide, default 40),
  // maxZoom (default 6).
  constructor(opts = {}) {
    this.minTarget = opts.minTarget ?? 40;
    this.maxZoom = opts.maxZoom ?? 6;
    this.box = null;   // [x, y, w, h] of the whole drawing
    this.zoom = 1;     // 1 shows the whole drawing
    this.cx = 0;       // the centre of the view, in drawing units
    this.cy = 0;
    this.svg = null;
    this.size = [0, 0]; // the element's size on the screen, in px, when last seen
    this.focusKey = '';
    this.fitted = null; // the targets of the last fitTargets, until the person moves the view
    this.resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.resized()) : null;
    this.pointers = new Map();
    this.gesture = null;
    this.dragged = false;
    this.pressed = -Infinity; // when a pointer last went down or up on the board
  }

  // setBox sets the whole drawing's box; the view keeps its zoom and
  // centre (held inside the box).
  setBox(box) {
    const first = !this.box;
    this.box = box;
    if (first) { this.cx = box[0] + box[2] / 2; this.cy = box[1] + box[3] / 2; }
    this.clamp();
  }

  // measure updates the element's size from the screen, when it is on it.
  measure() {
    const r = this.svg?.getBoundingClientRect();
    if (r && r.width > 0 && r.height > 0) this.size = [r.width, r.height];
    return this.size[0] > 0;
  }

  // view returns the width and height of the view in drawing units: the
  // element's shape (the box's before the element was seen).
  view() {
    const [, , w, hgt] = this.box;
    const [ew, eh] = this.size;
    // An element of the drawing's own shape (to a pixel's rounding) shows
    // the box itself.
    if (!ew || !eh || Math.abs(ew / eh - w / hgt) < 0.005 * (w / hgt)) return [w / this.zoom, hgt / this.zoom];
    const k = this.baseScale() * this.zoom;
    return [ew / k, eh / k];
  }

  // baseScale returns the pixels per drawing unit at zoom 1: the whole box
  // fits the element.
  baseScale() {
    const [, , w, hgt] = this.box;
    const [ew, eh] = this.size;
    return ew && eh ? Math.min(ew / w, eh / hgt) : 0;
  }

  clamp() {
    const [x, y, w, hgt] = this.box;
    this.zoom = Math.max(1, Math.min(this.maxZoom, this.zoom));
    const [vw, vh] = this.view();
    this.cx = vw >= w ? x + w / 2 : Math.max(x + vw / 2, Math.min(x + w - vw / 2, this.cx));
    this.cy = vh >= hgt ? y + hgt / 2 : Math.max(y + vh / 2, Math.min(y + hgt - vh / 2, this.cy));
  }

  // viewBox returns the SVG viewBox of the current view.
  viewBox() {
    const [vw, vh] = this.view();
    return [this.cx - vw / 2, this.cy - vh / 2, vw, vh].map((v) => v.toFixed(1)).join(' ');
  }

  // pxPerUnit returns how many screen pixels one drawing unit takes now.
  pxPerUnit() {
    return this.measure() ? this.baseScale() * this.zoom : 0;
  }

  apply() {
    if (!this.svg) return;
    this.measure();
    this.clamp();
    this.svg.setAttribute('viewBox', this.viewBox());
    this.svg.dataset.zoom = this.zoom.toFixed(2);
    this.svg.classList.toggle('zoomed', this.zoom > 1.01);
  }

  // zoomBy zooms by factor f around the point (ux, uy) in drawing units
  // (the centre of the view when left out), which stays where it is.
  zoomBy(f, ux = this.cx, uy = this.cy) {
    this.fitted = null;
    const z = Math.max(1, Math.min(this.maxZoom, this.zoom * f));
    const k = this.zoom / z;
    this.cx = ux + (this.cx - ux) * k;
    this.cy = uy + (this.cy - uy) * k;
    this.zoom = z;
    this.apply();
  }

  fit() { this.zoom = 1; this.fitted = null; this.apply(); }

  // fitTargets fits the view to the places a person must tap: targets are
  // their centres in drawing units, each a box of half-width hw and
  // half-height hh. The view shows every target, with margin px around
  // them, as large as the element allows up to maxScale px per unit, and no
  // smaller than makes each target minPx wide and high or spaced so that
  // the minPx square centred on it touches no other target (WCAG's target
  // size); when every target cannot be shown that large, the view centres
  // on them at that size and a person pans to the rest. No targets fit the
  // whole drawing. It fits once per key (the set of targets), and again
  // when the element changes size, until the person zooms or pans.
  fitTargets(key, targets, { hw, hh, minPx = 44, maxScale = 3, margin = 26 }) {
    if (key === this.focusKey) return;
    this.focusKey = key;
    this.fitted = { targets, hw, hh, minPx, maxScale, margin };
    this.fitNow();
  }

  fitNow() {
    if (!this.svg || !this.fitted || !this.measure()) return;
    const { targets, hw, hh, minPx, maxScale, margin } = this.fitted;
    const [ew, eh] = this.size;
    const k0 = this.baseScale();
    if (!targets.length) {
      this.zoom = 1;
      this.apply();
      return;
    }
    const xs = targets.map((p) => p[0]), ys = targets.map((p) => p[1]);
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    const fits = Math.min((ew - 2 * margin) / (x1 - x0 + 2 * hw), (eh - 2 * margin) / (y1 - y0 + 2 * hh));
    const k = Math.max(Math.min(fits, maxScale), targetScale(targets, hw, hh, minPx));
    this.maxZoom = Math.max(this.maxZoom, k / k0);
    this.zoom = Math.max(1, k / k0);
    this.cx = (x0 + x1) / 2;
    this.cy = (y0 + y1) / 2;
    this.apply();
  }

  // resized follows a change of the element's size: a fitted view fits
  // again; else the view keeps its zoom and centre.
  resized() {
    if (!this.svg) return;
    const [w, hgt] = this.size;
    if (!this.measure() || (w === this.size[0] && hgt === this.size[1])) return;
    if (this.fitted) this.fitNow();
    else this.apply();
  }

  // focus makes a tap target of size units at least minTarget pixels
  // wide, showing as much of the box [x0, y0, x1, y1] (the targets) as
  // then fits, and pans to the targets unless they are all in view. It
  // does so once per key (the set of targets): after that the person's own
  // zoom and pan stand.
  focus(key, size, bounds) {
    if (!this.svg || key === this.focusKey) return;
    this.focusKey = key;
    const ppu = this.pxPerUnit() / this.zoom; // at zoom 1
    if (!ppu) return;
    const [x0, y0, x1, y1] = bounds;
    let moved = false;
    if (size * ppu * this.zoom < this.minTarget) {
      const need = (this.minTarget * 1.1) / (size * ppu);
      const fits = Math.min(this.box[2] / Math.max(x1 - x0, 1), this.box[3] / Math.max(y1 - y0, 1));
      this.zoom = Math.max(need, Math.min(fits, (this.minTarget * 1.4) / (size * ppu)));
      moved = true;
    }
    const [vw, vh] = this.view();
    const inView = x0 >= this.cx - vw / 2 && x1 <= this.cx + vw / 2 && y0 >= this.cy - vh / 2 && y1 <= this.cy + vh / 2;
    if (moved || !inView) {
      this.cx = (x0 + x1) / 2;
      this.cy = (y0 + y1) / 2;
    }
    this.apply();
  }

  // reveal pans so that the point (ux, uy) is in view with margin units
  // around it (a hex reached by the keyboard). A point already in view,
  // or a focus that a tap or click brought (the view must not move under
  // the finger before the click lands), leaves the view as it is.
  reveal(ux, uy, margin) {
    if (performance.now() - this.pressed < 400) return;
    const [vw, vh] = this.view();
    const out = Math.abs(ux - this.cx) > vw / 2 - margin || Math.abs(uy - this.cy) > vh / 2 - margin;
    if (!out) return;
    if (Math.abs(ux - this.cx) > vw / 2 - margin) this.cx = ux;
    if (Math.abs(uy - this.cy) > vh / 2 - margin) this.cy = uy;
    this.apply();
  }

  // toUnits converts a point on the screen to drawing units.
  toUnits(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const [vw, vh] = this.view();
    return [this.cx - vw / 2 + ((clientX - r.left) / r.width) * vw, this.cy - vh / 2 + ((clientY - r.top) / r.height) * vh];
  }

  // attach takes over a new SVG of the board: its viewBox, and the
  // gestures on it.
  attach(svg) {
    if (this.svg) this.resize?.unobserve(this.svg);
    this.svg = svg;
    this.resize?.observe(svg);
    // Where CSS sizes the element by its height (a desktop page), it takes
    // the whole drawing's shape.
    svg.style.setProperty('--pz-ratio', `${this.box[2]} / ${this.box[3]}`);
    this.pointers.clear();
    this.gesture = null;
    svg.addEventListener('pointerdown', (e) => this.down(e));
    svg.addEventListener('pointermove', (e) => this.move(e));
    for (const type of ['pointerup', 'pointercancel']) svg.addEventListener(type, (e) => this.up(e));
    // A drag does not click what it started on.
    svg.addEventListener('click', (e) => { if (this.dragged) { e.stopPropagation(); e.preventDefault(); this.dragged = false; } }, true);
    this.apply();
    return svg;
  }

  down(e) {
    this.pressed = performance.now();
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.dragged = false;
    if (this.pointers.size === 1) this.gesture = { kind: 'press', x: e.clientX, y: e.clientY, cx: this.cx, cy: this.cy };
    else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const mid = this.toUnits((a.x + b.x) / 2, (a.y + b.y) / 2);
      this.gesture = { kind: 'pinch', d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, z0: this.zoom, mid };
    }
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    const g = this.gesture;
    if (!p || !g) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (g.kind === 'pinch' && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      this.zoomTo(g.z0 * (d / g.d0), g.mid);
      this.dragged = true;
      e.preventDefault();
      return;
    }
    if (this.pointers.size !== 1) return;
    const dx = e.clientX - g.x, dy = e.clientY - g.y;
    if (g.kind === 'press' && Math.hypot(dx, dy) < DRAG_PX) return;
    if (this.zoom <= 1.01) return; // the whole board shows: nothing to pan
    if (g.kind !== 'drag') this.svg.setPointerCapture?.(e.pointerId);
    g.kind = 'drag';
    this.fitted = null;
    this.dragged = true;
    const ppu = this.pxPerUnit();
    this.cx = g.cx - dx / ppu;
    this.cy = g.cy - dy / ppu;
    this.apply();
    e.preventDefault();
  }

  zoomTo(z, [ux, uy]) { this.zoomBy(z / this.zoom, ux, uy); }

  up(e) {
    this.pressed = performance.now();
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.pointers.size === 1) {
      const [p] = this.pointers.values();
      this.gesture = { kind: 'drag', x: p.x, y: p.y, cx: this.cx, cy: this.cy };
    } else if (!this.pointers.size) this.gesture = null;
  }

  // controls returns the zoom buttons: in, out and fit.
  controls(t) {
    const b = (id, name, label, fn) => h('button', { type: 'button', class: 'iconbutton', id, 'data-key': id, title: label, 'aria-label': label, onclick: fn }, icon(name));
    return h('div', { class: 'zoombar', role: 'group', 'aria-label': t('zoom.label') },
      b('zoom-in', 'plus', t('zoom.in'), () => this.zoomBy(STEP)),
      b('zoom-out', 'minus', t('zoom.out'), () => this.zoomBy(1 / STEP)),
      b('zoom-fit', 'fit', t('zoom.fit'), () => this.fit()));
  }
}

// targetScale returns the pixels per drawing unit at which every target
// (centres, half-sizes hw and hh) is minPx wide and high, or far enough from
// every other target that the minPx square centred on it touches none.
function targetScale(targets, hw, hh, minPx) {
  const size = minPx / (2 * Math.min(hw, hh));
  const half = minPx / 2;
  let need = 0;
  for (const [x, y] of targets) {
    let spaced = 0;
    for (const [ox, oy] of targets) {
      if (ox === x && oy === y) continue;
      const dx = Math.abs(ox - x), dy = Math.abs(oy - y);
      spaced = Math.max(spaced, Math.min(dx > hw ? half / (dx - hw) : Infinity, dy > hh ? half / (dy - hh) : Infinity));
    }
    need = Math.max(need, Math.min(size, spaced));
  }
  return need * 1.03;
}
