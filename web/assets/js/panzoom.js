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
    this.focusKey = '';
    this.pointers = new Map();
    this.gesture = null;
    this.dragged = false;
  }

  // setBox sets the whole drawing's box; the view keeps its zoom and
  // centre (held inside the box).
  setBox(box) {
    const first = !this.box;
    this.box = box;
    if (first) { this.cx = box[0] + box[2] / 2; this.cy = box[1] + box[3] / 2; }
    this.clamp();
  }

  clamp() {
    const [x, y, w, hgt] = this.box;
    this.zoom = Math.max(1, Math.min(this.maxZoom, this.zoom));
    const vw = w / this.zoom, vh = hgt / this.zoom;
    this.cx = Math.max(x + vw / 2, Math.min(x + w - vw / 2, this.cx));
    this.cy = Math.max(y + vh / 2, Math.min(y + hgt - vh / 2, this.cy));
  }

  // viewBox returns the SVG viewBox of the current view.
  viewBox() {
    const [, , w, hgt] = this.box;
    const vw = w / this.zoom, vh = hgt / this.zoom;
    return [this.cx - vw / 2, this.cy - vh / 2, vw, vh].map((v) => v.toFixed(1)).join(' ');
  }

  // pxPerUnit returns how many screen pixels one drawing unit takes now.
  pxPerUnit() {
    const r = this.svg?.getBoundingClientRect();
    return r && r.width ? (r.width * this.zoom) / this.box[2] : 0;
  }

  apply() {
    if (!this.svg) return;
    this.clamp();
    this.svg.setAttribute('viewBox', this.viewBox());
    this.svg.dataset.zoom = this.zoom.toFixed(2);
    this.svg.classList.toggle('zoomed', this.zoom > 1.01);
  }

  // zoomBy zooms by factor f around the point (ux, uy) in drawing units
  // (the centre of the view when left out), which stays where it is.
  zoomBy(f, ux = this.cx, uy = this.cy) {
    const z = Math.max(1, Math.min(this.maxZoom, this.zoom * f));
    const k = this.zoom / z;
    this.cx = ux + (this.cx - ux) * k;
    this.cy = uy + (this.cy - uy) * k;
    this.zoom = z;
    this.apply();
  }

  fit() { this.zoom = 1; this.apply(); }

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
    const vw = this.box[2] / this.zoom, vh = this.box[3] / this.zoom;
    const inView = x0 >= this.cx - vw / 2 && x1 <= this.cx + vw / 2 && y0 >= this.cy - vh / 2 && y1 <= this.cy + vh / 2;
    if (moved || !inView) {
      this.cx = (x0 + x1) / 2;
      this.cy = (y0 + y1) / 2;
    }
    this.apply();
  }

  // reveal pans so that the point (ux, uy) is in view (a hex reached by
  // the keyboard).
  reveal(ux, uy, margin) {
    const [, , w, hgt] = this.box;
    const vw = w / this.zoom, vh = hgt / this.zoom;
    if (Math.abs(ux - this.cx) > vw / 2 - margin) this.cx = ux;
    if (Math.abs(uy - this.cy) > vh / 2 - margin) this.cy = uy;
    this.apply();
  }

  // toUnits converts a point on the screen to drawing units.
  toUnits(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const [, , w, hgt] = this.box;
    const vw = w / this.zoom, vh = hgt / this.zoom;
    return [this.cx - vw / 2 + ((clientX - r.left) / r.width) * vw, this.cy - vh / 2 + ((clientY - r.top) / r.height) * vh];
  }

  // attach takes over a new SVG of the board: its viewBox, and the
  // gestures on it.
  attach(svg) {
    this.svg = svg;
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
    this.dragged = true;
    const ppu = this.pxPerUnit();
    this.cx = g.cx - dx / ppu;
    this.cy = g.cy - dy / ppu;
    this.apply();
    e.preventDefault();
  }

  zoomTo(z, [ux, uy]) { this.zoomBy(z / this.zoom, ux, uy); }

  up(e) {
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
