// The live channel of the signed-in account (GET /ws/live, see
// docs/protocol.md): one tab of the browser holds it (a Web Lock), since
// a browser keeps few connections to one site, and hands each challenge
// to the others (a BroadcastChannel); live.js, loaded with the first,
// draws it.
const bc = window.BroadcastChannel ? new BroadcastChannel('minehall-live') : null;
const show = (c) => import('./live.js').then((m) => m.challenge(c));
if (bc) bc.onmessage = (e) => show(e.data);

let me = null; // the account's id
let tb = ''; // the table this tab shows
let es = null;
let release = null; // ends this tab's hold of the channel
let asked = false;

function open() {
  es?.close();
  es = null;
  if (!me) return;
  es = new EventSource('/ws/live' + (tb && '?table=' + tb));
  es.addEventListener('challenge', (e) => {
    const c = JSON.parse(e.data);
    bc?.postMessage(c);
    show(c);
  });
}

// listen keeps the channel open for account (null: signed out) on the
// page shown now, in this tab if it holds it.
export function listen(account) {
  const id = account?.id || null;
  const t = location.pathname.match(/^\/tables\/([\w-]+)/)?.[1] || '';
  if (id === me && t === tb) return;
  me = id;
  tb = t;
  if (!me) {
    es?.close();
    es = null;
    release?.();
    release = null;
    asked = false;
    return;
  }
  if (release || !navigator.locks) { open(); return; }
  if (asked) return;
  asked = true;
  navigator.locks.request('minehall-live', () => new Promise((r) => {
    release = r;
    open();
    if (!me) { r(); release = null; asked = false; }
  }));
}
