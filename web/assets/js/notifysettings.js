// Notifications outside the tab, on the account page: the kinds the
// account opts in to (check boxes), "Enable on this device" (a Web Push
// subscription of this browser), and the account's e-mail address (with
// its verification and the daily digest), shown only when the server
// sends mail; otherwise a line says nothing is sent by mail.
import { h, keepFocus } from './dom.js';
import { t, language } from './i18n.js';
import { api } from './api.js';

function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && typeof window.Notification === 'function';
}

// fromB64url decodes the server's VAPID key for pushManager.subscribe.
function fromB64url(s) {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}

// notifySettings returns the section's render; redraw re-renders the page.
export function notifySettings({ redraw }) {
  const st = { s: null, error: '', note: '', busy: false, address: '', device: false };

  // run does fn with the section's controls disabled, which takes the
  // focus from the one used: it gets it back once they are enabled again.
  async function run(fn) {
    if (st.busy) return;
    const refocus = keepFocus();
    st.busy = true;
    st.error = st.note = '';
    redraw();
    try {
      await fn();
    } catch (e) {
      st.error = e.name === 'NotAllowedError' ? t('notifyout.denied') : e.message;
    }
    st.busy = false;
    redraw();
    refocus();
  }

  async function load() {
    try {
      st.s = await api('GET', '/api/account/notifications');
      st.address = st.s.email?.address || '';
      if (pushSupported()) {
        const reg = await navigator.serviceWorker.getRegistration();
        st.device = !!(reg && await reg.pushManager.getSubscription());
      }
    } catch (e) {
      st.error = e.message;
    }
    redraw();
  }

  const setKind = (kind, on) => run(async () => {
    const kinds = st.s.kinds.filter((k) => k !== kind);
    if (on) kinds.push(kind);
    st.s = await api('POST', '/api/account/notifications', { kinds });
  });

  const enableDevice = () => run(async () => {
    if (await Notification.requestPermission() !== 'granted') throw new Error(t('notifyout.denied'));
    const { public_key: key } = await api('GET', '/api/push/key');
    const reg = await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromB64url(key) });
    await api('POST', '/api/push/subscriptions', sub.toJSON());
    st.device = true;
    st.note = t('notifyout.deviceon');
    st.s = await api('GET', '/api/account/notifications');
  });

  const disableDevice = () => run(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = reg && await reg.pushManager.getSubscription();
    if (sub) {
      await api('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
      await sub.unsubscribe();
    }
    st.device = false;
    st.s = await api('GET', '/api/account/notifications');
  });

  const saveEmail = () => run(async () => {
    st.s = await api('POST', '/api/account/email', { address: st.address.trim(), lang: language() });
    st.note = st.address.trim() ? t('notifyout.emailsent', { address: st.address.trim() }) : t('notifyout.emailremoved');
  });

  const setDigest = (on) => run(async () => {
    st.s = await api('POST', '/api/account/email/digest', { digest: on });
  });

  function kindBox(kind) {
    const id = 'notify-kind-' + kind;
    return h('div', { class: 'check' },
      h('input', { type: 'checkbox', id, checked: st.s.kinds.includes(kind), disabled: st.busy, onchange: (e) => setKind(kind, e.target.checked) }),
      h('label', { for: id, text: t('notifyout.kind.' + kind) }));
  }

  function pushPart() {
    if (!st.s.push) return null;
    const device = !pushSupported() ? h('p', { class: 'help', text: t('notifyout.nopush') })
      : st.device ? h('button', { type: 'button', id: 'push-disable', disabled: st.busy, onclick: disableDevice, text: t('notifyout.disable') })
        : h('button', { type: 'button', id: 'push-enable', class: 'primary', disabled: st.busy, onclick: enableDevice, text: t('notifyout.enable') });
    return [
      h('fieldset', { class: 'notify-kinds' }, h('legend', { text: t('notifyout.kinds') }), st.s.available.map(kindBox)),
      device,
      h('small', { class: 'help', id: 'push-devices', text: t('notifyout.devices', { n: st.s.devices }) }),
    ];
  }

  function emailPart() {
    if (!st.s.mail) return h('p', { class: 'help', id: 'no-mail', text: t('notifyout.nomail') });
    const e = st.s.email;
    return h('form', { class: 'account-form', id: 'email-form', onsubmit: (ev) => { ev.preventDefault(); saveEmail(); } },
      h('div', { class: 'field' }, h('label', { for: 'email-address', text: t('notifyout.email') }),
        h('input', { id: 'email-address', type: 'email', autocomplete: 'email', maxlength: 254, value: st.address, oninput: (ev) => { st.address = ev.target.value; } })),
      e ? h('small', { class: 'help', id: 'email-state', text: t(e.verified ? 'notifyout.verified' : 'notifyout.unverified') })
        : h('small', { class: 'help', text: t('notifyout.emailhelp') }),
      h('button', { type: 'submit', id: 'email-save', disabled: st.busy, text: t('notifyout.emailsave') }),
      e && e.verified ? h('div', { class: 'check' },
        h('input', { type: 'checkbox', id: 'email-digest', checked: e.digest, disabled: st.busy, onchange: (ev) => setDigest(ev.target.checked) }),
        h('label', { for: 'email-digest', text: t('notifyout.digest') })) : null);
  }

  function render() {
    return h('section', { class: 'card account-card', 'aria-labelledby': 'notify-h', id: 'notify-settings' },
      h('h2', { id: 'notify-h', text: t('notifyout.title') }),
      st.error ? h('p', { class: 'error', role: 'alert', text: st.error }) : null,
      st.note ? h('p', { class: 'note', role: 'status', id: 'notify-note', text: st.note }) : null,
      st.s === null ? h('p', { text: t('app.loading') }) : [pushPart(), emailPart()]);
  }

  load();
  return { render };
}
