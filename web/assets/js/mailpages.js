// The pages the server's mails link to: /reset-password?token=… sets a
// new password (every session of the account is then signed out), and
// /verify-email?token=… confirms an address. Each link works once.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api } from './api.js';

function tokenOfLocation() { return new URLSearchParams(location.search).get('token') || ''; }

function signInLink() {
  return h('p', {}, h('a', { href: '/account', 'data-link': true, id: 'to-signin', text: t('mailpage.signin') }));
}

export function resetPasswordPage(el) {
  const token = tokenOfLocation();
  const st = { password: '', error: '', done: false, busy: false };

  // submit sends the new password with the button disabled; a refused
  // password leaves the focus where it was, to mend it.
  async function submit() {
    if (st.busy) return;
    const refocus = keepFocus();
    st.busy = true;
    st.error = '';
    render();
    try {
      await api('POST', '/api/account/reset/finish', { token, password: st.password });
      st.done = true;
      history.replaceState(null, '', '/reset-password');
    } catch (e) {
      st.error = e.message;
    }
    st.busy = false;
    render();
    refocus();
  }

  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('h1', { text: t('mailpage.resettitle') }));
    if (st.done) {
      el.append(h('p', { class: 'note', role: 'status', id: 'reset-done', text: t('mailpage.resetdone') }), signInLink());
      return;
    }
    if (st.error) el.append(h('p', { class: 'error', role: 'alert', id: 'reset-error', text: st.error }));
    el.append(h('section', { class: 'card account-card' },
      h('form', { class: 'account-form', id: 'reset-form', onsubmit: (e) => { e.preventDefault(); submit(); } },
        h('div', { class: 'field' }, h('label', { for: 'reset-password', text: t('account.newpassword') }),
          h('input', { id: 'reset-password', type: 'password', autocomplete: 'new-password', maxlength: 1024, value: st.password, oninput: (e) => { st.password = e.target.value; } })),
        h('small', { class: 'help', text: t('account.passwordhelp') }),
        h('small', { class: 'help', text: t('mailpage.resethelp') }),
        h('button', { type: 'submit', id: 'reset-submit', class: 'primary', disabled: st.busy || !token, text: t('mailpage.resetbutton') }))));
    refocus();
  }

  const off = onLanguage(render);
  render();
  return { leave: off, title: () => t('mailpage.resettitle') };
}

export function verifyEmailPage(el) {
  const token = tokenOfLocation();
  const st = { state: 'busy', error: '' };

  function render() {
    clear(el);
    el.append(h('h1', { text: t('mailpage.verifytitle') }));
    if (st.state === 'busy') el.append(h('p', { text: t('app.loading') }));
    else if (st.state === 'done') el.append(h('p', { class: 'note', role: 'status', id: 'verify-done', text: t('mailpage.verified') }), signInLink());
    else el.append(h('p', { class: 'error', role: 'alert', id: 'verify-error', text: st.error }));
  }

  api('POST', '/api/account/email/verify', { token }).then(() => {
    st.state = 'done';
    history.replaceState(null, '', '/verify-email');
  }, (e) => {
    st.state = 'error';
    st.error = e.message;
  }).then(render);
  const off = onLanguage(render);
  render();
  return { leave: off, title: () => t('mailpage.verifytitle') };
}
