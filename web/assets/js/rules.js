// The rules page: the rules text of a game (rulings included) in the
// current language, from GET /api/games/{id}/rules?lang=xx, which answers
// {"lang", "fallback", "markdown"}: fallback is true when the text is the
// English one because the language has none.
import { h, clear } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api } from './api.js';
import { catalog, gameTitle, gameSummary } from './catalog.js';
import { markdown } from './markdown.js';
import { retitle } from './router.js';

export function rulesPage(el, game) {
  let seq = 0;
  let spec = null;

  async function render() {
    const my = ++seq;
    let games = [];
    try { games = await catalog(); } catch (e) { clear(el).append(h('p', { class: 'error', role: 'alert', text: e.message })); return; }
    if (my !== seq) return;
    if (!game) {
      clear(el).append(h('h1', { text: t('rules.title') }),
        h('ul', { class: 'game-list' }, games.map((g) => h('li', {},
          h('a', { href: `/rules/${g.id}`, 'data-link': true, text: gameTitle(g) }), ' ', h('span', { text: gameSummary(g) })))));
      return;
    }
    spec = games.find((g) => g.id === game) || null;
    retitle();
    const title = spec ? gameTitle(spec) : game;
    clear(el).append(h('h1', { text: t('rules.of', { game: title }) }), h('p', { text: t('app.loading') }));
    try {
      const r = await api('GET', `/api/games/${encodeURIComponent(game)}/rules?lang=${language()}`);
      if (my !== seq) return;
      // Element.append writes null as the text "null": leave the note out
      // rather than pass it null.
      const parts = [h('h1', { text: t('rules.of', { game: title }) }), h('p', {}, h('a', { href: '/rules', 'data-link': true, text: t('rules.all') }),
        ' · ', h('a', { href: `/learn/${encodeURIComponent(game)}`, 'data-link': true, id: 'learn-link', text: t('learn.link', { game: title }) }))];
      if (r.fallback) parts.push(h('p', { class: 'note', text: t('rules.english') }));
      parts.push(h('article', { class: 'rules', lang: r.fallback ? 'en' : r.lang }, markdown(r.markdown || '')));
      clear(el).append(...parts);
    } catch (e) {
      if (my !== seq) return;
      clear(el).append(h('h1', { text: t('rules.of', { game: title }) }),
        h('p', { class: 'error', role: 'alert', text: e.status === 404 ? t('rules.missing') : e.message }));
    }
  }

  const off = onLanguage(render);
  render();
  return { leave: off, title: () => (game ? t('rules.of', { game: spec ? gameTitle(spec) : game }) : t('rules.title')) };
}
