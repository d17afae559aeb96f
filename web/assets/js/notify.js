// "Your turn" notifications: when the table of a hidden tab comes to the
// player's turn, the browser's Notification API says so, once the player
// allowed it with the button notifyButton makes (permission is asked on
// that click only, never on load). The turn sound is sound.js's.
import { h } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';

function supported() { return typeof window.Notification === 'function'; }

// permission returns Notification.permission. Reading it is a round trip
// to the browser and the table asks on every move it draws, so once the
// browser's Permissions API watches it for changes (the player may allow
// notifications in the browser's settings), the value watched is used.
let known;
let watching = false;
function permission() {
  if (known !== undefined) return known;
  if (!watching && navigator.permissions?.query) {
    watching = true;
    navigator.permissions.query({ name: 'notifications' }).then((status) => {
      known = Notification.permission;
      status.addEventListener('change', () => { known = Notification.permission; });
    }, () => {});
  }
  return Notification.permission;
}

// notifyButton returns the button "Notify me when it is my turn", or null
// when the browser has no notifications or the player answered already.
export function notifyButton() {
  if (!supported() || permission() !== 'default') return null;
  const b = h('button', { type: 'button', class: 'notify-me', id: 'notify-me' }, icon('bell'), ' ', t('notify.button'));
  b.addEventListener('click', async () => {
    b.disabled = true;
    let answer = 'default';
    try { answer = await Notification.requestPermission(); } catch { /* an old browser: no notifications */ }
    b.replaceWith(h('small', { class: 'help notify-state', text: t(answer === 'granted' ? 'notify.on' : 'notify.off') }));
  });
  return b;
}

// notifyTurn shows "your turn" for the table id whose game is title, if
// the tab is hidden and the player allowed notifications; clicking it
// brings the tab back.
export function notifyTurn(id, title) {
  if (!document.hidden || !supported() || permission() !== 'granted') return;
  try {
    const n = new Notification(t('notify.title'), { body: t('notify.body', { game: title }), tag: 'minehall-turn-' + id });
    n.onclick = () => { window.focus(); n.close(); };
  } catch { /* a browser that allows notifications only from a service worker */ }
}
