// Accounts: the signed-in player (whoami), the header's account link, and
// the account page: sign in or sign up with a passkey or a password, sign
// out, and, signed in, the account's settings (accountsettings.js).
// Accounts are optional; guests play as before.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api, heldSeats } from './api.js';
import { navigate } from './router.js';
import { icon } from './icons.js';

let me; // undefined: not asked yet; null: a guest; else the account
let offered = false; // whether the server keeps accounts at all
const listeners = new Set();

// accountsOffered reports whether the server keeps accounts (known once
// whoami has answered).
export function accountsOffered() { return offered; }

// whoami returns the signed-in account (GET /api/account), or null for a
// guest; the answer is kept until signing in or out.
export async function whoami(fresh) {
  if (me !== undefined && !fresh) return me;
  try {
    // A guest is answered {"signed_in": false, "accounts": …}: whether the
    // server keeps accounts, and so offers signing in.
    const a = await api('GET', '/api/account');
    me = a.signed_in ? a : null;
    offered = !!a.accounts;
  } catch {
    me = null;
    offered = false;
  }
  updateNav();
  return me;
}

// onAccount calls fn whenever the signed-in account changes; it returns a
// function that stops it.
export function onAccount(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function setMe(a) {
  me = a;
  updateNav();
  for (const fn of listeners) fn(me);
}

// updateNav shows the account's name, or "Sign in", in the header.
export function updateNav() {
  const a = document.getElementById('nav-account');
  if (!a) return;
  a.hidden = !offered;
  const f = document.getElementById('nav-friends');
  if (f) f.hidden = !me;
  if (me) {
    a.setAttribute('href', '/account');
    a.removeAttribute('data-i18n');
    a.textContent = me.name;
  } else {
    a.setAttribute('data-i18n', 'nav.signin');
    a.textContent = t('nav.signin');
  }
}

// Base64url, as WebAuthn's JSON carries binary values.
function fromB64(s) {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(b, (c) => c.charCodeAt(0)).buffer;
}
function toB64(buf) {
  let s = '';
  for (const c of new Uint8Array(buf)) s += String.fromCharCode(c);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// credentialJSON encodes what the authenticator answered for the server.
function credentialJSON(c) {
  const r = c.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    if (r.getTransports) response.transports = r.getTransports();
  } else {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    if (r.userHandle) response.userHandle = toB64(r.userHandle);
  }
  return { id: c.id, rawId: toB64(c.rawId), type: c.type, response, clientExtensionResults: c.getClientExtensionResults() };
}

// passkeySignUp creates an account named name with a new passkey.
export async function passkeySignUp(name) {
  const begun = await api('POST', '/api/account/passkey/signup/begin', { name, seats: heldSeats() });
  const pk = begun.options.publicKey;
  pk.challenge = fromB64(pk.challenge);
  pk.user.id = fromB64(pk.user.id);
  for (const c of pk.excludeCredentials || []) c.id = fromB64(c.id);
  const cred = await navigator.credentials.create({ publicKey: pk });
  setMe(await api('POST', `/api/account/passkey/signup/finish?ceremony=${begun.ceremony}`, credentialJSON(cred)));
  return me;
}

// passkeySignIn signs in with a passkey of this device.
export async function passkeySignIn() {
  const begun = await api('POST', '/api/account/passkey/signin/begin', { seats: heldSeats() });
  const pk = begun.options.publicKey;
  pk.challenge = fromB64(pk.challenge);
  for (const c of pk.allowCredentials || []) c.id = fromB64(c.id);
  const cred = await navigator.credentials.get({ publicKey: pk });
  setMe(await api('POST', `/api/account/passkey/signin/finish?ceremony=${begun.ceremony}`, credentialJSON(cred)));
  return me;
}

// passwordSign signs up ('signup') or in ('signin') with a password.
export async function passwordSign(kind, name, password) {
  setMe(await api('POST', `/api/account/${kind}`, { name, password, seats: heldSeats() }));
  return me;
}

export async function signOut() {
  await api('POST', '/api/account/signout');
  setMe(null);
}

// accountPage is /account: the forms to sign in or up, or, signed in, the
// account with a link to its profile and a sign-out button.
export function accountPage(el) {
  let error = '';
  let note = '';
  let busy = false;
  const form = { inName: '', inPassword: '', upName: '', upPassword: '', forgot: '' };
  let settings = null; // the signed-in account's settings, made for settingsOf
  let settingsModule = null; // accountsettings.js, once loaded
  let settingsLoading = null;
  let settingsOf = '';

  async function run(fn) {
    if (busy) return;
    busy = true;
    error = '';
    try {
      await fn();
    } catch (e) {
      error = e.name === 'NotAllowedError' ? t('account.passkeycancelled') : e.message;
    }
    busy = false;
    render();
  }

  function field(id, label, key, type, auto) {
    return h('div', { class: 'field' }, h('label', { for: id, text: label }),
      h('input', { id, type, value: form[key], autocomplete: auto, maxlength: type === 'password' ? 1024 : 32, oninput: (e) => { form[key] = e.target.value; } }));
  }

  function signedInView() {
    // The settings' module is loaded when the signed-in page is first shown.
    if (!settingsModule) {
      settingsLoading ||= import('./accountsettings.js').then((m) => { settingsModule = m; render(); });
    } else if (!settings || settingsOf !== me.id) {
      settingsOf = me.id;
      settings = settingsModule.accountSettings({ me, redraw: () => render(), deleted: () => { note = t('account.deleted'); setMe(null); } });
    }
    return [h('section', { class: 'card account-card', 'aria-labelledby': 'acct-h' },
      h('h2', { id: 'acct-h', text: t('account.signedin', { name: me.name }) }),
      h('p', {}, h('a', { href: `/players/${encodeURIComponent(me.name)}`, 'data-link': true, id: 'my-profile', text: t('account.profile') })),
      h('button', { type: 'button', id: 'signout', onclick: () => run(async () => { await signOut(); }) }, icon('leave'), ' ', t('account.signout'))),
    h('h2', { class: 'settings-h', text: t('account.settings') }),
    ...(settings ? settings.render().filter(Boolean) : [])];
  }

  // forgotPassword is "Forgot password?": an address to mail a reset
  // link to; the answer is the same whether or not the address is an
  // account's.
  function forgotPassword() {
    const ask = () => run(async () => {
      await api('POST', '/api/account/reset', { address: form.forgot.trim(), lang: language() });
      note = t('account.resetasked', { address: form.forgot.trim() });
    });
    return h('details', { class: 'forgot', id: 'forgot' }, h('summary', { text: t('account.forgot') }),
      h('form', { class: 'account-form', id: 'forgot-form', onsubmit: (e) => { e.preventDefault(); ask(); } },
        h('div', { class: 'field' }, h('label', { for: 'forgot-address', text: t('notifyout.email') }),
          h('input', { id: 'forgot-address', type: 'email', autocomplete: 'email', maxlength: 254, value: form.forgot, oninput: (e) => { form.forgot = e.target.value; } })),
        h('small', { class: 'help', text: t('account.forgothelp') }),
        h('button', { type: 'submit', id: 'forgot-send', text: t('account.forgotsend') })));
  }

  function signInView() {
    const canPasskey = !!window.PublicKeyCredential;
    return [
      h('section', { class: 'card account-card', 'aria-labelledby': 'in-h' },
        h('h2', { id: 'in-h', text: t('account.signin') }),
        canPasskey ? h('button', { type: 'button', id: 'passkey-signin', class: 'primary', onclick: () => run(passkeySignIn) }, t('account.passkeysignin')) : null,
        h('form', { class: 'account-form', onsubmit: (e) => { e.preventDefault(); run(() => passwordSign('signin', form.inName, form.inPassword)); } },
          field('signin-name', t('account.name'), 'inName', 'text', 'username'),
          field('signin-password', t('account.password'), 'inPassword', 'password', 'current-password'),
          h('button', { type: 'submit', id: 'signin', text: t('account.signinbutton') })),
        forgotPassword()),
      h('section', { class: 'card account-card', 'aria-labelledby': 'up-h' },
        h('h2', { id: 'up-h', text: t('account.signup') }),
        h('p', { class: 'help', text: t('account.why') }),
        field('signup-name', t('account.name'), 'upName', 'text', 'username'),
        canPasskey ? h('button', { type: 'button', id: 'passkey-signup', class: 'primary', onclick: () => run(() => passkeySignUp(form.upName)) }, t('account.passkeysignup')) : null,
        h('form', { class: 'account-form', onsubmit: (e) => { e.preventDefault(); run(() => passwordSign('signup', form.upName, form.upPassword)); } },
          field('signup-password', t('account.password'), 'upPassword', 'password', 'new-password'),
          h('small', { class: 'help', text: t('account.passwordhelp') }),
          h('button', { type: 'submit', id: 'signup', text: t('account.signupbutton') }))),
    ];
  }

  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('h1', { text: t('account.title') }));
    if (error) el.append(h('p', { class: 'error', role: 'alert', text: error }));
    if (note && !me) el.append(h('p', { class: 'note', role: 'status', id: 'account-note', text: note }));
    if (me === undefined) { el.append(h('p', { text: t('app.loading') })); return; }
    if (!offered) { el.append(noAccounts()); return; }
    el.append(...(me ? signedInView() : signInView()));
    refocus();
  }

  const off = onLanguage(render);
  const offAccount = onAccount(render);
  whoami().then(render);
  render();
  return { leave() { off(); offAccount(); }, title: () => t('account.title') };
}

// refusal returns what a page that needs accounts shows for the API's
// error e: its message, or null when the server keeps no accounts (show
// [noAccounts] then).
export async function refusal(e) {
  await whoami();
  return offered ? e.message : null;
}

// noAccounts is the notice of a page that needs accounts on a server that
// keeps none (its API answers not_found), with the way back to the lobby.
export function noAccounts() {
  return h('p', { class: 'card no-accounts', id: 'no-accounts' }, t('account.none'), ' ',
    h('a', { href: '/', 'data-link': true, text: t('notfound.back') }));
}

// goSignIn sends a guest to the account page.
export function goSignIn() { navigate('/account'); }
