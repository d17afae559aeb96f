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
    throw new ApiError(r.status, err.code || 'internal', err.message || `${r.status} ${r.statusText}`);
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
export function ownerOf(id) { return store.get('minehall.owner.' + id); }
export function saveOwner(id, token) { store.set('minehall.owner.' + id, token); }
export function playerName() { return store.get('minehall.name') || ''; }
export function savePlayerName(n) { store.set('minehall.name', n); }
