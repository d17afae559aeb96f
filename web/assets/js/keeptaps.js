// keeptaps.js: a mouse click on a page's button or link survives the page
// changing under the mouse between press and release: the part drawn
// anew (a board every frame, a table's controls on every update) or
// moved (a box coming above it). The browser clicks only what lies under
// both the press and the release, so such a click would be lost. keepTaps
// watches the buttons and links with a data-key or an id (the same key
// names the same control in every drawing): when the mouse was let go
// where it was pressed and no click reached a control of that key, it
// clicks that control (the one pressed, or its copy), once. A finger's
// tap is left alone: the browser sends its click later, to what lies
// under the finger then.

const SLOP = 10; // px the mouse may move between press and release

// keepTaps installs the watch on box (the page's container). A press the
// renderer took for itself (a drag that called preventDefault) is left to
// the renderer. It returns the function that takes the watch away.
export function keepTaps(box) {
  const watch = new AbortController();
  const { signal } = watch;
  let press = null;
  box.addEventListener('pointerdown', (e) => {
    const b = e.target.closest?.(':is(button,a)[data-key],:is(button,a)[id]');
    press = null;
    if (!b || e.pointerType !== 'mouse' || e.button !== 0 || e.defaultPrevented) return;
    const k = b.dataset.key;
    const p = { sel: b.localName + (k ? `[data-key="${CSS.escape(k)}"]` : '#' + CSS.escape(b.id)), node: b, x: e.clientX, y: e.clientY };
    // A click sent to the old control, even once it is gone, is a click.
    b.addEventListener('click', () => { if (press === p) press = null; }, { once: true, capture: true });
    press = p;
  }, { signal });
  document.addEventListener('click', (e) => {
    if (press && e.target.closest?.(press.sel)) press = null;
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
      const b = p.node.isConnected ? p.node : box.querySelector(p.sel);
      if (b && !b.disabled) b.click();
    });
  }, { capture: true, signal });
  return () => watch.abort();
}
