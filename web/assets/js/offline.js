// The offline banner: registers the service worker that keeps the app's
// shell, and says "You are offline" whenever the browser has no network
// or the page was answered from that cache because the server was not
// reached. Tables need the server; the banner goes when the browser is
// back online. Its text follows a language switch (data-i18n).
import { h } from './dom.js';
import { t } from './i18n.js';

let banner = null;

// showOffline shows or hides the banner at the top of the page.
function showOffline(on) {
  if (!on) {
    banner?.remove();
    banner = null;
    return;
  }
  if (banner) return;
  banner = h('p', { id: 'offline', class: 'offline', role: 'status', 'data-i18n': 'offline.banner', text: t('offline.banner') });
  document.body.prepend(banner);
}

// watchNetwork starts the banner and the service worker; it is called
// once at start-up, after the translations are loaded.
export function watchNetwork() {
  showOffline(!navigator.onLine);
  window.addEventListener('offline', () => showOffline(true));
  window.addEventListener('online', () => showOffline(false));
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e) => {
    if (e.data?.type === 'network' && !e.data.reachable) showOffline(true);
  });
  navigator.serviceWorker.controller?.postMessage('network?');
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
}
