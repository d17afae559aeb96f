// Small DOM helpers: h() builds HTML elements, s() builds SVG elements.

const SVG = 'http://www.w3.org/2000/svg';

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.filter(Boolean).join(' ') : v);
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' && 'value' in el) el.value = v;
    else if (k === 'checked' || k === 'selected' || k === 'disabled') { el[k] = !!v; if (v) el.setAttribute(k, ''); }
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// h returns a new HTML element with attributes (class, text, on<event>,
// anything else as an attribute) and children (nodes or text).
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s returns a new SVG element.
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

// keepFocus notes the control that has the keyboard focus; the function
// it returns gives the focus back to the control with the same id when
// the focus was lost meanwhile: a render put a new one in its place, or
// the control itself was disabled for a while (a move on its way to the
// server) and is enabled again. A player tabbing through the page keeps
// their place when an update arrives, with the caret where it was in a
// text field holding the same text (a person typing goes on typing).
// It returns false while the control is missing or disabled (a page may
// call it again after a later render).
export function keepFocus() {
  const was = document.activeElement;
  if (!was?.id || was === document.body) return () => true;
  const caret = typeof was.selectionStart === 'number' ? { value: was.value, start: was.selectionStart, end: was.selectionEnd, dir: was.selectionDirection } : null;
  return () => {
    if (!focusLost()) return true;
    const now = document.getElementById(was.id);
    if (!now || now.disabled) return false;
    now.focus();
    if (caret && typeof now.selectionStart === 'number' && now.value === caret.value) now.setSelectionRange(caret.start, caret.end, caret.dir);
    return true;
  };
}

// focusLost reports whether the focus is on no element but the body.
export function focusLost() {
  return !document.activeElement || document.activeElement === document.body;
}

// clear empties an element and returns it.
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// activate makes a non-button element (an SVG hex) act like a button:
// focusable, and fired by click, Enter or Space.
export function activate(el, label, fn) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.addEventListener('click', fn);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); fn(e); }
  });
  return el;
}
