// The signed-in account's settings, on the account page: change (or add)
// the password, the list of its sessions with "sign out everywhere else",
// the blocked accounts, and deleting the account. The page mounts it with the account, a redraw
// callback and what to do once the account is deleted.
import { h, keepFocus } from './dom.js';
import { t, language } from './i18n.js';
import { api } from './api.js';
import { confirmDialog } from './dialog.js';
import { notifySettings } from './notifysettings.js';

// browserOf names a session's browser and system from its user agent, as
// far as the common ones tell; '' when it tells nothing.
export function browserOf(ua) {
  if (!ua) return '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari' : '';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  if (browser && os) return t('account.browseron', { browser, os });
  return browser || os || '';
}

// accountSettings returns the settings' state and its render: me is the
// account (GET /api/account), redraw re-renders the page, deleted is
// called once the account is gone.
export function accountSettings({ me, redraw, deleted }) {
  const st = {
    sessions: null, // null until loaded
    error: '', note: '', busy: false,
    current: '', next: '', confirm: '',
  };

  // run does fn with the buttons disabled, which takes the focus from the
  // one used: it gets it back once they are enabled again.
  async function run(fn) {
    if (st.busy) return;
    const refocus = keepFocus();
    st.busy = true;
    st.error = st.note = '';
    redraw();
    try {
      await fn();
    } catch (e) {
      st.error = e.message;
    }
    st.busy = false;
    redraw();
    refocus();
  }

  async function loadSessions() {
    try {
      st.sessions = (await api('GET', '/api/account/sessions')).sessions;
    } catch (e) {
      st.error = e.message;
      st.sessions = [];
    }
    redraw();
  }

  const changePassword = () => run(async () => {
    await api('POST', '/api/account/password', { password: st.current, new_password: st.next });
    st.current = st.next = '';
    me.password = true;
    st.note = t('account.passwordchanged');
    await loadSessions();
  });

  const signOutOthers = () => run(async () => {
    const r = await api('POST', '/api/account/sessions/signout', { others: true });
    st.note = t('account.signedoutothers', { n: r.signed_out });
    await loadSessions();
  });

  const deleteAccount = () => run(async () => {
    const ok = await confirmDialog({
      id: 'delete-dialog',
      title: t('account.deleteconfirm', { name: me.name }),
      text: t('account.deletehelp'),
      ok: t('account.deleteok'),
      cancel: t('account.cancel'),
    });
    if (!ok) return;
    await api('POST', '/api/account/delete', me.password ? { password: st.confirm } : { name: st.confirm });
    st.confirm = '';
    deleted();
  });

  function field(id, label, key, type, auto) {
    return h('div', { class: 'field' }, h('label', { for: id, text: label }),
      h('input', { id, type, value: st[key], autocomplete: auto, maxlength: type === 'password' ? 1024 : 32, oninput: (e) => { st[key] = e.target.value; } }));
  }

  function sessionItem(s) {
    const what = [browserOf(s.user_agent) || t('account.unknownbrowser')];
    if (s.address) what.push(t('account.sessionfrom', { address: s.address }));
    what.push(t('account.sessionsince', { date: new Date(s.created).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' }) }));
    return h('li', { class: s.current ? 'current' : '' }, what.join(' · '),
      s.current ? h('strong', { class: 'this-session', text: ` (${t('account.sessionthis')})` }) : null);
  }

  function render() {
    const others = st.sessions ? st.sessions.filter((s) => !s.current).length : 0;
    return [
      st.error ? h('p', { class: 'error', role: 'alert', id: 'settings-error', text: st.error }) : null,
      st.note ? h('p', { class: 'note', role: 'status', id: 'settings-note', text: st.note }) : null,
      h('section', { class: 'card account-card', 'aria-labelledby': 'pw-h' },
        h('h2', { id: 'pw-h', text: me.password ? t('account.changepassword') : t('account.addpassword') }),
        h('form', { class: 'account-form', id: 'password-form', onsubmit: (e) => { e.preventDefault(); changePassword(); } },
          h('input', { type: 'text', autocomplete: 'username', value: me.name, hidden: true, readonly: true }),
          me.password ? field('current-password', t('account.currentpassword'), 'current', 'password', 'current-password') : null,
          field('new-password', t('account.newpassword'), 'next', 'password', 'new-password'),
          h('small', { class: 'help', text: t('account.passwordhelp') }),
          h('button', { type: 'submit', id: 'change-password', disabled: st.busy, text: me.password ? t('account.changepassword') : t('account.addpassword') }))),
      h('section', { class: 'card account-card', 'aria-labelledby': 'sessions-h' },
        h('h2', { id: 'sessions-h', text: t('account.sessions') }),
        st.sessions === null ? h('p', { text: t('app.loading') })
          : h('ul', { class: 'sessions', id: 'sessions' }, st.sessions.map(sessionItem)),
        h('button', { type: 'button', id: 'signout-others', disabled: st.busy || !others, onclick: signOutOthers, text: t('account.signoutothers') })),
      h('section', { class: 'card account-card danger-zone', 'aria-labelledby': 'delete-h' },
        h('h2', { id: 'delete-h', text: t('account.delete') }),
        h('p', { class: 'help', text: t('account.deletehelp') }),
        h('form', { class: 'account-form', id: 'delete-form', onsubmit: (e) => { e.preventDefault(); deleteAccount(); } },
          me.password ? field('delete-password', t('account.deletepassword'), 'confirm', 'password', 'current-password')
            : field('delete-name', t('account.deletename', { name: me.name }), 'confirm', 'text', 'off'),
          h('button', { type: 'submit', id: 'delete-account', class: 'danger', disabled: st.busy, text: t('account.deletebutton') }))),
    ];
  }

  const notify = notifySettings({ redraw });
  // The blocked accounts, drawn by friends.js once it has loaded.
  const blocked = h('div', { id: 'blocked-card' });
  import('./friends.js').then((m) => m.blockedCard(blocked));
  loadSessions();
  // The notifications and the blocked accounts go before the danger zone.
  return { render: () => { const r = render(); return [...r.slice(0, 4), notify.render(), blocked, ...r.slice(4)]; } };
}
