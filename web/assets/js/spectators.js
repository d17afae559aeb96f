// Who watches a table (docs/protocol.md, GET /api/tables/{id}: the table's
// "spectators", {count, names}): their number and the names they gave,
// shown next to the players.
import { h } from './dom.js';
import { t } from './i18n.js';

// spectatorsLine returns the line that says who watches the table info:
// the count of every spectator's connection and the names given, or that
// nobody watches; null when the server does not know (a table no server
// runs now).
export function spectatorsLine(info) {
  const sp = info?.spectators;
  if (!info || (info.status === 'finished' && !sp)) return null;
  const count = sp?.count || 0;
  const names = sp?.names || [];
  return h('p', { class: 'spectators', id: 'spectators', 'data-count': count, title: t('spec.title') },
    count ? t('spec.count', { n: count }) : t('spec.none'),
    names.length ? ': ' : null, names.length ? h('span', { class: 'spectator-names', text: names.join(', ') }) : null);
}
