// keeptaps.js: a mouse click on a page's button, link or box survives
// the page changing under the mouse between press and release: the part
// drawn anew (a board every frame, a table's controls on every update, a
// form when the account's answer arrives) or moved (a box coming above
// it). The browser clicks only what lies under both the press and the
// release, so such a click would be lost. keepTaps watches the buttons and
// links with a data-key or an id, and the checkboxes and radio buttons
// with an id, pressed themselves or by their label (the same key names the
// same control in every drawing): when the mouse was let go where it was
// pressed and no click reached a control of that key, it clicks that
// control (the one pressed, or its copy), once. A finger's tap is left
// alone: the browser sends its click later, to what lies under the finger
// then. The Space key on a focused button or box, which clicks it when
// the key is let go, is kept the same way: the page puts the focus back
// on the copy of a control it drew anew, but the browser clicks only a
// control that had both the key's press and its release.

const SLOP = 10; // px the mouse may move between press and release

// WATCHED finds the controls whose click is kept.
const WATCHED = ':is(button,a)[data-key],:is(button,a)[id],input:is([type=checkbox],[type=radio])[id]';

// boxOfLabel returns the watched box that the label around target (if
// any) stands for, or null.
function boxOfLabel(target) {
  const box = target.closest?.('label')?.control;
  return box?.matches(WATCHED) ? box : null;
}

// keepTaps installs the watch on box (the page's container). A press the
// renderer took for itself (a drag that called preventDefault) is left to
// the renderer. It returns the function that takes the watch away.
export function keepTaps(box) {
  const watch = new AbortController();
  const { signal } = watch;
  let press = null;
  // watchPress watches a press on b (null: none): at is where the mouse
  // pressed, or the Space key's keydown event.
  const watchPress = (b, at) => {
    press = null;
    if (!b) return;
    const k = b.dataset.key;
    const p = { sel: b.localName + (k ? `[data-key="${CSS.escape(k)}"]` : '#' + CSS.escape(b.id)), node: b, at };
    // A click sent to the old control, even once it is gone, is a click.
    b.addEventListener('click', () => { if (press === p) press = null; }, { once: true, capture: true });
    press = p;
  };
  // release clicks the pressed control, or its copy, when the browser's
  // own click (which comes after the release, in the same task) did not.
  const release = () => {
    const p = press;
    setTimeout(() => {
      if (press !== p) return;
      press = null;
      const b = p.node.isConnected ? p.node : box.querySelector(p.sel);
      if (b && !b.disabled) b.click();
    });
  };
  box.addEventListener('pointerdown', (e) => {
    const b = e.target.closest?.(WATCHED) ?? boxOfLabel(e.target);
    const mouse = e.pointerType === 'mouse' && e.button === 0 && !e.defaultPrevented;
    watchPress(mouse ? b : null, { x: e.clientX, y: e.clientY });
  }, { signal });
  box.addEventListener('keydown', (e) => {
    if (e.key !== ' ' || e.repeat) return;
    const b = e.target.closest?.(WATCHED);
    watchPress(b?.localName === 'a' ? null : b, e);
  }, { signal });
  document.addEventListener('click', (e) => {
    if (press && e.target.closest?.(press.sel)) press = null;
  }, { capture: true, signal });
  document.addEventListener('pointercancel', () => { press = null; }, { capture: true, signal });
  document.addEventListener('pointerup', (e) => {
    const at = press?.at;
    if (!at || at instanceof Event) return;
    if (Math.hypot(e.clientX - at.x, e.clientY - at.y) > SLOP) { press = null; return; }
    release();
  }, { capture: true, signal });
  // The key is kept only when its press was the browser's (no handler took
  // it) and the focus is on the control or its copy at the release.
  document.addEventListener('keyup', (e) => {
    const down = press?.at;
    if (e.key !== ' ' || !(down instanceof Event)) return;
    if (down.defaultPrevented || !document.activeElement?.matches(press.sel)) { press = null; return; }
    release();
  }, { capture: true, signal });
  return () => watch.abort();
}
