// Tournaments for people: the list with the form that schedules one
// (/tournaments) and a tournament's page (/tournaments/ID) with its live
// standings, the current round's tables and the join and leave buttons.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api } from './api.js';
import { catalog, gameTitle, botName } from './catalog.js';
import { navigate } from './router.js';
import { whoami, refusal } from './account.js';
import { icon } from './icons.js';
import { PRESETS, label as tcLabel, realtime } from './timecontrol.js';

// POLL_MS is how often a tournament's page asks for its standings again.
const POLL_MS = 3000;
const LISTS = ['upcoming', 'running', 'finished'];

function when(iso) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// nameOf is an entrant's name as shown: a bot's level in words.
function nameOf(id, name) { return id.startsWith('b:') ? botName(id.slice(2)) : name; }

function formatName(f) { return t(`tourney.format.${f}`); }

// formatsOf lists the tournament formats a game allows (the server's
// FormatsFor): Swiss for a turn-based game, arena for a real-time one and
// for a game short enough to play many in an hour.
function formatsOf(g) {
  const rt = realtime(g);
  return [...(rt ? [] : ['swiss']), ...(rt || g?.arena ? ['arena'] : [])];
}

function summary(tr, games) {
  const g = games.find((x) => x.id === tr.game);
  const length = tr.format === 'arena' ? t('tourney.minutes', { n: Math.round(tr.duration_s / 60) }) : t('tourney.rounds', { n: tr.rounds });
  return `${g ? gameTitle(g) : tr.game} · ${formatName(tr.format)} · ${length}`;
}

// rulesText says a tournament's pairing and scoring rules in the page's
// language, with its numbers (the API's "rules" says them in English, from
// the tournament package's Rules).
function rulesText(tr) {
  const k = Math.max(tr.table_size || 2, 2);
  const f = tr.format === 'arena' ? 'arena' : 'swiss';
  const parts = f === 'arena'
    ? [t('tourney.rules.arena.head', { length: t('tourney.minutes', { n: Math.round(tr.duration_s / 60) }), k }), t('tourney.rules.arena.pairing')]
    : [t('tourney.rules.swiss.head', { rounds: t('tourney.rounds', { n: tr.rounds }), k }), t('tourney.rules.swiss.pairing')];
  parts.push(k === 2 ? t(`tourney.rules.${f}.score2`) : t(`tourney.rules.${f}.scoren`, { k, k1: k - 1 }));
  const rest = f === 'arena' ? ['fire', 'end', 'ties'] : ['bye', 'seat', 'ties', 'withdraw'];
  for (const r of rest) parts.push(t(`tourney.rules.${f}.${r}`));
  return parts.join(' ');
}

// styles loads the pages' stylesheet once.
function styles() {
  if (!document.getElementById('tourney-css')) document.head.append(h('link', { rel: 'stylesheet', href: '/assets/tournaments.css', id: 'tourney-css' }));
}

export function tournamentsPage(el) {
  styles();
  let games = [];
  let me = null;
  const lists = { upcoming: [], running: [], finished: [] };
  const next = { upcoming: 0, running: 0, finished: 0 };
  let error = '';
  let formError = '';
  // draft holds what the form's fields held when the page was last drawn,
  // so that drawing it again (More, a change of language) keeps what was
  // typed and chosen.
  let draft = null;
  let left = false;

  async function loadList(kind, offset) {
    const page = await api('GET', `/api/tournaments?status=${kind}&offset=${offset}&limit=20`);
    lists[kind] = offset ? lists[kind].concat(page.tournaments) : page.tournaments;
    next[kind] = page.next || 0;
  }

  async function load() {
    try {
      [games, me] = await Promise.all([catalog(), whoami()]);
      await Promise.all(LISTS.map((k) => loadList(k, 0)));
      error = '';
    } catch (e) {
      error = await refusal(e);
    }
    if (!left) render();
  }

  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('h1', { text: t('tourney.title') }));
    if (error) { el.append(h('p', { class: 'error', role: 'alert', text: error })); return; }
    for (const kind of LISTS) el.append(list(kind));
    el.append(form());
    refocus();
  }

  function list(kind) {
    const hid = `tourney-${kind}-h`;
    const rows = lists[kind];
    return h('section', { class: 'tourney-list', 'aria-labelledby': hid }, h('h2', { id: hid, text: t(`tourney.list.${kind}`) }),
      !rows.length ? h('p', { class: 'empty', text: t('tourney.none') })
        : h('ul', {}, rows.map((tr) => h('li', {},
          h('a', { href: `/tournaments/${tr.id}`, 'data-link': true, text: summary(tr, games) }),
          h('span', { class: 'help', text: ` · ${when(tr.starts)} · ${t('tourney.players', { n: tr.players })}` })))),
      next[kind] ? h('button', { type: 'button', id: `tourney-more-${kind}`, text: t('tourney.more'), onclick: async () => { await loadList(kind, next[kind]); render(); } }) : null);
  }

  function form() {
    const hid = 'tourney-new-h';
    const box = h('section', { class: 'tourney-new', 'aria-labelledby': hid }, h('h2', { id: hid, text: t('tourney.new') }));
    if (!me) {
      box.append(h('p', {}, h('a', { href: '/account', 'data-link': true, text: t('tourney.signin') })));
      return box;
    }
    const gameSel = h('select', { id: 'tn-game', onchange: () => refresh() }, games.map((g) => h('option', { value: g.id, text: gameTitle(g) })));
    const formatSel = h('select', { id: 'tn-format', onchange: () => layout() });
    const tcSel = h('select', { id: 'tn-tc' }, PRESETS.filter((p) => p.tc).map((p) => h('option', { value: p.key, text: tcLabel(p.tc) })));
    const rounds = h('input', { id: 'tn-rounds', type: 'number', min: '1', max: '30', value: '4' });
    const minutes = h('input', { id: 'tn-minutes', type: 'number', min: '1', max: '360', value: '30' });
    const size = h('input', { id: 'tn-size', type: 'number', min: '2', max: '8', value: '2' });
    const minPlayers = h('input', { id: 'tn-min', type: 'number', max: '200', 'aria-describedby': 'tn-min-help' });
    const minHelp = h('small', { class: 'help', id: 'tn-min-help' });
    // botsBox holds a checkbox for each bot level of the chosen game: each
    // level ticked enters as one player.
    const botsBox = h('div', { class: 'tourney-bots' });
    const start = h('input', { id: 'tn-start', type: 'datetime-local', required: true });
    const soon = new Date(Date.now() + 15 * 60000 - new Date().getTimezoneOffset() * 60000);
    start.value = soon.toISOString().slice(0, 16);
    const field = (id, key, input) => h('div', { class: 'field' }, h('label', { for: id, text: t(key) }), input);
    const fTc = field('tn-tc', 'tourney.tc', tcSel);
    const fRounds = field('tn-rounds', 'tourney.roundsfield', rounds);
    const fMinutes = field('tn-minutes', 'tourney.minutesfield', minutes);
    const chosen = () => games.find((x) => x.id === gameSel.value);
    // layout shows the fields of the chosen game and format: a time control
    // for a turn-based game, rounds for Swiss, a length for an arena.
    function layout() {
      const arena = formatSel.value === 'arena';
      fTc.style.display = realtime(chosen()) ? 'none' : '';
      fRounds.style.display = arena ? 'none' : '';
      fMinutes.style.display = arena ? '' : 'none';
      fewest();
    }
    function refresh() {
      const g = chosen();
      clear(formatSel);
      formatSel.append(...formatsOf(g).map((f) => h('option', { value: f, text: formatName(f) })));
      size.min = String(g?.min_players || 2);
      size.max = String(Math.min(8, g?.max_players || 2));
      const ticked = new Set(botsBox.firstChild ? [...botsBox.querySelectorAll('input:checked')].map((c) => c.value) : draft?.bots);
      clear(botsBox);
      botsBox.append(...(g?.bots?.length ? g.bots : ['random']).map((b) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', id: `tn-bot-${b}`, value: b, checked: ticked.has(b) }), ` ${botName(b)}`)));
      layout();
    }
    // fewest sets the least minimum of players the server takes (two
    // tables' worth for Swiss, one for an arena), which an empty field
    // means.
    function fewest() {
      const n = Math.max(Number(size.value) || 2, 2) * (formatSel.value === 'arena' ? 1 : 2);
      minPlayers.min = String(n);
      minPlayers.placeholder = String(n);
      minHelp.textContent = t('tourney.minhelp', { n });
    }
    size.addEventListener('input', fewest);
    const fields = { game: gameSel, format: formatSel, tc: tcSel, rounds, minutes, size, min: minPlayers, start };
    if (draft && games.some((g) => g.id === draft.game)) gameSel.value = draft.game;
    refresh();
    if (draft) {
      for (const [k, f] of Object.entries(fields)) {
        // A format the game chosen does not offer keeps the first it does.
        if (k === 'game' || (f.tagName === 'SELECT' && ![...f.options].some((o) => o.value === draft[k]))) continue;
        f.value = draft[k];
      }
      layout();
    }
    const keep = () => {
      draft = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.value]));
      draft.bots = [...botsBox.querySelectorAll('input:checked')].map((c) => c.value);
    };
    const err = h('p', { class: 'error', role: 'alert', text: formError });
    box.append(h('form', {
      class: 'tourney-form',
      oninput: keep,
      onchange: keep,
      onsubmit: async (e) => {
        e.preventDefault();
        const arena = formatSel.value === 'arena';
        const req = { game: gameSel.value, format: formatSel.value, table_size: Number(size.value), starts: new Date(start.value).toISOString() };
        if (minPlayers.value) req.min_players = Number(minPlayers.value);
        const bots = [...botsBox.querySelectorAll('input:checked')].map((c) => c.value);
        if (bots.length) req.bots = bots;
        if (arena) req.duration_s = Number(minutes.value) * 60;
        else req.rounds = Number(rounds.value);
        if (!realtime(chosen())) req.time_control = PRESETS.find((p) => p.key === tcSel.value).tc;
        try {
          const tr = await api('POST', '/api/tournaments', req);
          navigate(`/tournaments/${tr.id}`);
        } catch (x) {
          formError = await refusal(x);
          err.textContent = formError;
        }
      },
    }, field('tn-game', 'lobby.game', gameSel), field('tn-format', 'tourney.formatfield', formatSel), fTc, fRounds, fMinutes,
    field('tn-size', 'tourney.size', size),
    h('div', { class: 'field' }, h('label', { for: 'tn-min', text: t('tourney.minplayers') }), minPlayers, minHelp),
    h('fieldset', { class: 'field' }, h('legend', { text: t('tourney.bots') }), botsBox),
    field('tn-start', 'tourney.start', start), err,
    h('button', { type: 'submit', class: 'primary', text: t('tourney.create') })));
    return box;
  }

  const off = onLanguage(render);
  load();
  return { leave() { left = true; off(); }, title: () => t('tourney.title') };
}

export function tournamentPage(el, id) {
  styles();
  let games = [];
  let me = null;
  let tr = null;
  let error = '';
  let actionError = '';
  let timer = 0;
  let left = false;

  async function load() {
    let missing = false;
    try {
      if (!games.length) [games, me] = await Promise.all([catalog(), whoami()]);
      tr = await api('GET', `/api/tournaments/${id}`);
      error = '';
    } catch (e) {
      error = await refusal(e);
      missing = e.code === 'not_found';
    }
    if (left) return;
    render();
    // A live event is asked again; so is one whose first answer failed
    // for a passing reason (a dropped connection, a busy server).
    const live = tr ? tr.status === 'scheduled' || tr.status === 'running' : !missing;
    if (live) timer = setTimeout(load, POLL_MS);
  }

  async function act(what) {
    try {
      tr = await api('POST', `/api/tournaments/${id}/${what}`);
      actionError = '';
    } catch (e) {
      actionError = await refusal(e);
    }
    render();
  }

  function title() { return tr ? summary(tr, games) : t('tourney.title'); }

  // render draws the event again, every few seconds while it is live; the
  // control with the focus keeps it.
  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('p', {}, h('a', { href: '/tournaments', 'data-link': true, text: t('tourney.back') })));
    if (error) { el.append(h('p', { class: 'error', role: 'alert', text: error })); return; }
    if (!tr) { el.append(h('p', { text: t('app.loading') })); return; }
    el.append(h('h1', { text: title() }));
    const facts = [t(`tourney.status.${tr.status}`), t(tr.status === 'scheduled' ? 'tourney.startsat' : 'tourney.startedat', { when: when(tr.starts) }), t('tourney.players', { n: tr.players })];
    if (tr.time_control) facts.push(tcLabel(tr.time_control));
    if (tr.status === 'running' && tr.format === 'swiss') facts.push(t('tourney.roundof', { n: tr.round, of: tr.rounds }));
    el.append(h('p', { class: 'tourney-facts', 'aria-live': 'polite', text: facts.join(' · ') }));
    if (tr.status === 'cancelled') el.append(h('p', { class: 'notice', role: 'status', text: t(`tourney.cancel.${tr.cancel_reason}`) || tr.cancel_reason }));
    el.append(buttons());
    if (actionError) el.append(h('p', { class: 'error', role: 'alert', text: actionError }));
    el.append(pairings(), standings(), rules());
    refocus();
  }

  function buttons() {
    const box = h('div', { class: 'tourney-actions' });
    if (!me) {
      if (tr.status === 'scheduled' || tr.status === 'running') box.append(h('a', { href: '/account', 'data-link': true, text: t('tourney.signin') }));
      return box;
    }
    const open = tr.status === 'scheduled' || (tr.status === 'running' && tr.format === 'arena');
    const playing = tr.me && !tr.me.withdrawn;
    if (!tr.me && open) box.append(h('button', { id: 'tourney-join', type: 'button', class: 'primary', text: t('tourney.join'), onclick: () => act('join') }));
    if (playing && (tr.status === 'scheduled' || tr.status === 'running')) {
      box.append(h('button', { id: 'tourney-leave', type: 'button', text: t(tr.status === 'running' ? 'tourney.withdraw' : 'tourney.leave'), onclick: () => act('leave') }));
    }
    if (tr.me?.withdrawn) box.append(h('p', { text: t(`tourney.withdrawn.${tr.me.withdrawn}`) }));
    if (!tr.me && tr.status === 'running' && tr.format === 'swiss') box.append(h('p', { class: 'help', text: t('tourney.nolatejoin') }));
    return box;
  }

  function pairings() {
    const hid = 'tourney-pairings-h';
    const rows = tr.pairings || [];
    return h('section', { class: 'tourney-pairings', 'aria-labelledby': hid },
      h('h2', { id: hid, text: tr.format === 'swiss' && tr.round ? t('tourney.round', { n: tr.round }) : t('tourney.games') }),
      !rows.length ? h('p', { class: 'empty', text: t('tourney.nopairings') })
        : h('ul', {}, rows.map((p) => h('li', { 'data-table': p.table || '' },
          p.table ? h('a', { href: `/tables/${p.table}`, id: `tourney-table-${p.table}`, 'data-link': true, text: p.names.map((n, i) => nameOf(p.players[i], n)).join(' – ') }) : h('span', { text: p.names.map((n, i) => nameOf(p.players[i], n)).join(' – ') }),
          h('span', { class: 'help', text: ` · ${p.outcome ? t(`tourney.outcome.${p.outcome}`) : t(p.done ? 'tourney.ended' : 'tourney.playing')}` })))));
  }

  function standings() {
    const hid = 'tourney-standings-h';
    const swiss = tr.format === 'swiss';
    const rows = tr.standings || [];
    return h('section', { class: 'tourney-standings', 'aria-labelledby': hid }, h('h2', { id: hid, text: t('tourney.standings') }),
      !rows.length ? h('p', { class: 'empty', text: t('tourney.noplayers') })
        : h('div', { class: 'table-wrap' }, h('table', { class: 'standings' },
          h('thead', {}, h('tr', {}, h('th', { text: '#' }), h('th', { text: t('board.player') }), h('th', { text: t('tourney.points') }),
            h('th', { text: t(swiss ? 'tourney.buchholz' : 'tourney.performance') }), h('th', { text: t('tourney.games') }))),
          h('tbody', {}, rows.map((s) => h('tr', { class: s.withdrawn ? 'withdrawn' : null, 'data-entrant': s.id },
            h('td', { text: String(s.rank) }),
            h('td', {}, nameOf(s.id, s.name) + (s.withdrawn ? ` (${t('tourney.out')})` : ''),
              s.on_fire ? h('span', { class: 'tourney-fire', title: t('tourney.onfire') }, ' ', icon('star'), h('span', { class: 'sr', text: t('tourney.onfire') })) : null),
            h('td', { text: String(s.points) }),
            h('td', { text: String(Math.round(s.tie_breaks[0] * 10) / 10) }),
            h('td', { text: String(s.games) })))))));
  }

  function rules() {
    const hid = 'tourney-rules-h';
    return h('section', { class: 'tourney-rules', 'aria-labelledby': hid }, h('h2', { id: hid, text: t('tourney.rules') }),
      h('p', { text: rulesText(tr) }));
  }

  const off = onLanguage(render);
  load();
  return { leave() { left = true; clearTimeout(timer); off(); }, title };
}
