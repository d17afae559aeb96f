// keeptaps.js: a click on a board's button survives the page changing
// under the mouse between the press and the release.
//
// The table page draws the board again on every frame, a renderer may
// draw itself again a moment after a move is confirmed, and a note that
// comes or goes above the board (a player gone offline) moves it down or
// up. The browser clicks only what lies under both the press and the
// release: a button replaced by its copy, or moved away, while it is held
// down gets no click, and the player's click is lost. keepTaps watches
// the board's buttons that carry a data-key (the same key names the same
// button in every drawing): when the mouse was let go where it was
// pressed and no click reached a button of the key pressed, it clicks
// that button (the one pressed, or its copy), once.
//
// Only a mouse's press is watched: the browser sends a mouse's click in
// the same task as its release, so the watch knows by then whether it
// came. A finger's tap is sent later, to whatever lies under the finger
// then.

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
    // The browser's click (if any) comes after pointerup in the same task.
    setTimeout(() => {
      if (press !== p) return;
      press = null;
      const b = p.node.isConnected ? p.node : box.querySelector(`button[data-key="${CSS.escape(p.key)}"]`);
      if (b && !b.disabled) b.click();
    });
  }, { capture: true, signal });
  return () => watch.abort();
}
