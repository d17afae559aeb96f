// Private tables: the invitation in a private table's link (?invite=SECRET)
// is kept per table in localStorage, for the page to show the link again,
// and in a cookie, which the table's requests and WebSocket carry to the
// server (docs/protocol.md, "Private tables").

const KEY = 'minehall.invite.';
const COOKIE = 'minehall_invite_';
const YEAR_S = 365 * 24 * 3600;

// saveInvite keeps the invitation of table id.
export function saveInvite(id, invite) {
  if (!id || !invite || !/^[0-9a-zA-Z_-]+$/.test(id + invite)) return;
  localStorage.setItem(KEY + id, invite);
  document.cookie = `${COOKIE}${id}=${invite}; path=/; max-age=${YEAR_S}; SameSite=Lax`;
}

// saveLink keeps the invitation a link such as /tables/ID?invite=SECRET
// carries, if any.
export function saveLink(link) {
  const u = new URL(link, location.origin);
  const m = u.pathname.match(/^\/tables\/([0-9a-zA-Z_-]+)$/);
  if (m) saveInvite(m[1], u.searchParams.get('invite'));
}

// rememberInvite keeps the invitation of the page's own link, if any.
export function rememberInvite() { saveLink(location.href); }

// inviteOf returns the invitation kept for table id, or ''.
export function inviteOf(id) { return localStorage.getItem(KEY + id) || ''; }

// inviteLink returns the full link to share for table id: with its
// invitation when it is private.
export function inviteLink(id) {
  const inv = inviteOf(id);
  return `${location.origin}/tables/${id}${inv ? '?invite=' + inv : ''}`;
}
