// keeptaps.js: a mouse click on a board's button survives the page
// changing under the mouse between press and release: the board drawn
// anew (every frame, or a renderer's own redraw) or moved (a box coming
// above it). The browser clicks only what lies under both the press and
// the release, so such a click would be lost. keepTaps watches the
// board's buttons with a data-key (the same key names the same button in
// every drawing): when the mouse was let go where it was pressed and no
// click reached a button of that key, it clicks that button (the one
// pressed, or its copy), once. A finger's tap is left alone: the browser
// sends its click later, to what lies under the finger then.

const SLOP = 10; // px the mouse may move between press and release

// keepTaps installs the watch on box (the board's container). A press the
// renderer took for itself (a drag that called preventDefault) is left to
// the renderer. It returns the function that takes the watch away.
export function keepTaps(box) {
  const watch = new AbortController();
  const { signal } = watch;
  let press = null;
  box.addEventListener('pointerdown', (e) => {
    const b = e.target.closest?.('button[data-key]');
    press = null;
    if (!b || e.pointerType !== 'mouse' || e.button !== 0 || e.defaultPrevented) return;
    const p = { key: b.dataset.key, node: b, x: e.clientX, y: e.clientY };
    // A click sent to the old button, even once it is gone, is a click.
    b.addEventListener('click', () => { if (press === p) press = null; }, { once: true, capture: true });
    press = p;
  }, { signal });
  document.addEventListener('click', (e) => {
    if (press && e.target.closest?.('[data-key]')?.dataset.key === press.key) press = null;
  }, { capture: true, signal });
  document.addEventListener('pointercancel', () => { press = null; }, { capture: true, signal });
  document.addEventListener('pointerup', (e) => {
    const p = press;
    if (!p) return;
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > SLOP) { press = null; return; }
    // A mouse's click (if any) comes after pointerup in the same task.
    setTimeout(() => {
      if (press !== p) return;
      press = null;
      const b = p.node.isConnected ? p.node : box.querySelector(`button[data-key="${CSS.escape(p.key)}"]`);
      if (b && !b.disabled) b.click();
    });
  }, { capture: true, signal });
  return () => watch.abort();
}
