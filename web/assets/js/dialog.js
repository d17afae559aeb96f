// A confirmation dialog in the page (the browser's own confirm() cannot be
// translated or styled, and stops every timer of the page while it shows).
import { h } from './dom.js';

// confirmDialog shows a modal dialog and resolves to true when the person
// confirms, false when they cancel (Escape included).
export function confirmDialog({ title, text, ok, cancel, id }) {
  return new Promise((resolve) => {
    const dlg = h('dialog', { class: 'confirm', id, 'aria-labelledby': 'dialog-h', 'aria-describedby': 'dialog-text' },
      h('h2', { id: 'dialog-h', text: title }),
      h('p', { id: 'dialog-text', text }),
      h('form', { method: 'dialog', class: 'actions' },
        h('button', { type: 'submit', value: 'cancel', id: 'dialog-cancel', text: cancel }),
        h('button', { type: 'submit', value: 'ok', id: 'dialog-ok', class: 'primary', text: ok })));
    dlg.addEventListener('close', () => {
      dlg.remove();
      resolve(dlg.returnValue === 'ok');
    });
    document.body.append(dlg);
    dlg.showModal();
    dlg.querySelector('#dialog-cancel').focus();
  });
}
