// The HTTP API of docs/protocol.md.

// ApiError is a refusal of the server: its code (invalid, illegal,
// not_found, ...) and a message meant for the person.
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// api sends a JSON request and returns the decoded answer, or throws an
// ApiError.
export async function api(method, path, body, token) {
  const headers = {};
  // The server takes state-changing requests only as JSON, bodiless ones
  // included (a page on another site cannot send that without asking).
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  // A signed-in browser proves a change comes from this site's pages with
  // the session's CSRF token (its cookie is readable by them only).
  const csrf = method !== 'GET' && document.cookie.match(/(?:^|; )minehall_csrf=([^;]+)/);
  if (csrf) headers['X-CSRF-Token'] = decodeURIComponent(csrf[1]);
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'offline', e.message);
  }
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!r.ok) {
    const err = (data && data.error) || {};
    const e = new ApiError(r.status, err.code || 'internal', err.message || `${r.status} ${r.statusText}`);
    e.retryAfter = Number(r.headers.get('Retry-After')) || 0; // seconds, for a refusal that says when to try again
    throw e;
  }
  return data;
}

// Seat tokens, owner tokens and names are kept in localStorage so that a
// person can reload or reconnect.
const store = {
  get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch { return null; } },
  set(key, v) { localStorage.setItem(key, JSON.stringify(v)); },
};

// seatOf returns {seat, token} for table id, or null.
export function seatOf(id) { return store.get('minehall.seat.' + id); }
export function saveSeat(id, seat, token) { store.set('minehall.seat.' + id, { seat, token }); }
// forgetSeat drops the seat token of table id (the seat was given up).
export function forgetSeat(id) { localStorage.removeItem('minehall.seat.' + id); }
// hereSeats returns the seats of table id that this browser holds for
// several people passing it round ([{seat, name, token}], see "Seats on
// one device"), or [].
export function hereSeats(id) { return store.get('minehall.here.' + id) || []; }
export function saveHere(id, seats) { store.set('minehall.here.' + id, seats); }
export function ownerOf(id) { return store.get('minehall.owner.' + id); }
export function saveOwner(id, token) { store.set('minehall.owner.' + id, token); }
export function playerName() { return store.get('minehall.name') || ''; }
export function savePlayerName(n) { store.set('minehall.name', n); }

// heldSeats returns the seats this browser holds ({table, token}), sent at
// sign-up and sign-in so that they become the account's.
export function heldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith('minehall.seat.')) continue;
    const v = store.get(k);
    if (v && v.token) out.push({ table: k.slice('minehall.seat.'.length), token: v.token });
  }
  return out.slice(-50);
}
