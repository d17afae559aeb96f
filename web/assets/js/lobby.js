// The lobby: create a table (game, options, player count, seats with bots
// and their levels, time control, the stand-in bot's level) and list the
// open and running tables.
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api, saveOwner, saveSeat, saveHere, playerName, savePlayerName } from './api.js';
import { catalog, gameTitle, gameSummary, botName, optionTitle, optionHelp, choiceName, seatName } from './catalog.js';
import { navigate } from './router.js';
import { icon } from './icons.js';
import { PRESETS, DEFAULT_PRESET, realtime, describe, label as timeControlLabel, standInLevels } from './timecontrol.js';
import { whoami, onAccount, accountsOffered } from './account.js';
import { saveLink } from './private.js';

// LIST is the lobby's query: tables one may join or watch; finished ones
// (abandoned ones too) are in their replays, not here.
const LIST = '/api/tables?status=open,playing&limit=30';
// BOT_TIMES are the bots' thinking times per move offered, in ms (0: the
// server's default); the server accepts 100 to 10000.
const BOT_TIMES = [0, 250, 500, 1000, 2000, 5000];

export function lobbyPage(el) {
  let games = [];
  let tables = [];
  let error = '';
  // The form's choices survive re-rendering (a language switch).
  const form = { game: '', players: 2, options: {}, seats: [], name: playerName(), tc: DEFAULT_PRESET, standIn: '', botTime: 0, rated: false, private: false };
  let me = null; // the signed-in account, if any
  let refresh = 0;
  let tablesBox = null;

  function pickGame(id) {
    const g = games.find((x) => x.id === id) || games[0];
    form.game = g.id;
    form.players = Math.max(g.min_players, Math.min(form.players, g.max_players));
    form.options = {};
    for (const o of g.options || []) form.options[o.key] = o.default;
    form.standIn = standInLevels(g).def;
    fitSeats(g);
  }

  function fitSeats(g) {
    const bots = g.bots && g.bots.length ? g.bots : ['random'];
    const level = bots.includes('easy') ? 'easy' : bots[0];
    while (form.seats.length < form.players) form.seats.push(form.seats.length === 0 ? { kind: 'person' } : defaultSeat(level));
    form.seats.length = form.players;
    for (const s of form.seats) if (s.kind === 'bot' && !bots.includes(s.bot)) s.bot = level;
  }

  // defaultSeat is a seat after the first the player has not chosen: an
  // open seat for a friend at a private table (a table for people joined by
  // its link), a bot of the given level otherwise.
  function defaultSeat(level) {
    return form.private ? { kind: 'person' } : { kind: 'bot', bot: level };
  }

  // redefaultSeats gives the seats the player has not chosen their default
  // again, when the private choice changes.
  function redefaultSeats(g) {
    const bots = g.bots && g.bots.length ? g.bots : ['random'];
    const level = bots.includes('easy') ? 'easy' : bots[0];
    form.seats = form.seats.map((s, i) => (i === 0 || s.chosen ? s : defaultSeat(level)));
  }

  async function load() {
    try {
      games = await catalog();
      if (!form.game && games.length) pickGame(games[0].id);
      tables = listed(await api('GET', LIST));
      error = '';
    } catch (e) {
      error = e.message;
    }
    render();
  }

  async function create(ev) {
    ev.preventDefault();
    const g = games.find((x) => x.id === form.game);
    // A signed-in player sits under their account's name.
    const name = me ? me.name : form.name.trim();
    if (form.seats.some((s) => s.kind === 'person') && !name) {
      error = t('lobby.needname');
      render();
      return;
    }
    savePlayerName(name);
    // Seats "on this device" (pass and play) are seated at once, each with
    // its person's name; the creator's own seat is then among them. A
    // private table may keep other seats for accounts.
    const here = !realtime(g) && form.seats.some((s) => s.kind === 'person' && s.here);
    const seats = form.seats.map((s, i) => (s.kind === 'bot' ? { kind: 'bot', bot: s.bot }
      : here && s.here ? { kind: 'person', here: true, name: (s.name || '').trim() || (i === 0 ? name : '') }
        : form.private && i > 0 && s.reserved?.trim() ? { kind: 'person', reserved_for: s.reserved.trim() } : { kind: 'person' }));
    const body = { game: g.id, players: form.players, options: form.options, seats, autostart: true, stand_in: form.standIn };
    if (!realtime(g)) body.time_control = PRESETS.find((p) => p.key === form.tc)?.tc ?? null;
    if (form.rated && ratedOff(g) === '') body.rated = true;
    if (form.private) body.private = true;
    if (form.botTime && seats.some((x) => x.kind === 'bot')) body.bot_time_ms = form.botTime;
    try {
      const c = await api('POST', '/api/tables', body);
      saveOwner(c.table.id, c.owner_token);
      if (c.link) saveLink(c.link);
      if (here) {
        saveHere(c.table.id, c.here);
        saveSeat(c.table.id, c.here[0].seat, c.here[0].token);
      } else if (seats.some((s) => s.kind === 'person')) {
        const j = await api('POST', `/api/tables/${c.table.id}/join`, { name });
        saveSeat(c.table.id, j.seat, j.token);
      }
      navigate(c.link || `/tables/${c.table.id}`);
    } catch (e) {
      error = e.message;
      render();
    }
  }

  function optionField(g, o) {
    const id = `opt-${o.key}`;
    // A setting may make the table casual: the rated box says so at once.
    const set = (v) => { form.options[o.key] = v; render(); };
    const help = optionHelp(g.id, o);
    if (o.kind === 'bool') {
      return checkField({ id, checked: form.options[o.key] === 'true', onchange: (e) => set(e.target.checked ? 'true' : 'false') }, optionTitle(g.id, o), help);
    }
    let input;
    if (o.kind === 'int') {
      // Out of Mine's round clock may be off (0) only at a private table.
      const min = o.key === 'clock' && realtime(g) && !form.private ? Math.max(o.min, 1) : o.min;
      input = h('input', { id, type: 'number', min, max: o.max, value: form.options[o.key], onchange: (e) => set(e.target.value) });
    } else {
      input = h('select', { id, onchange: (e) => set(e.target.value) },
        (o.choices || []).map((c) => h('option', { value: c, selected: form.options[o.key] === c, text: choiceName(g.id, o, c) })));
    }
    return h('div', { class: 'field' }, h('label', { for: id, text: optionTitle(g.id, o) }), input,
      help ? h('small', { class: 'help', text: help }) : null);
  }

  // passAndPlay makes a table on this device private and untimed, unless
  // the player chose otherwise.
  function passAndPlay() {
    if (!form.privateChosen) form.private = true;
    if (!form.tcChosen) form.tc = 'untimed';
  }

  function seatField(g, s, i) {
    const bots = g.bots && g.bots.length ? g.bots : ['random'];
    const kind = h('select', { id: `seat-${i}`, 'aria-label': t('seat.number', { n: i + 1 }), onchange: (e) => {
      s.kind = e.target.value;
      s.chosen = true;
      if (s.kind === 'bot' && !s.bot) s.bot = bots.includes('easy') ? 'easy' : bots[0];
      render();
    } },
    h('option', { value: 'person', selected: s.kind === 'person', text: t('seat.person') }),
    h('option', { value: 'bot', selected: s.kind === 'bot', text: t('seat.botkind') }));
    const level = s.kind === 'bot'
      ? h('select', { id: `seat-${i}-bot`, 'aria-label': t('seat.level', { n: i + 1 }), onchange: (e) => { s.bot = e.target.value; s.chosen = true; render(); } },
        bots.map((b) => h('option', { value: b, selected: s.bot === b, text: botName(b) })))
      : null;
    // Pass and play: a person's seat may be on this device, with a name;
    // not in a real-time game (one person a device).
    const here = s.kind === 'person' && !realtime(g)
      ? [h('label', { class: 'check here' }, h('input', { type: 'checkbox', id: `seat-${i}-here`, checked: !!s.here,
        onchange: (e) => { s.here = e.target.checked; if (s.here) passAndPlay(); render(); } }), ' ', t('pp.here')),
      s.here ? h('input', { class: 'here-name', id: `seat-${i}-name`, maxlength: 32, value: s.name ?? (i === 0 ? form.name : ''),
        'aria-label': t('pp.name', { n: i + 1 }), oninput: (e) => { s.name = e.target.value; } }) : null]
      : null;
    const reserve = form.private && s.kind === 'person' && i > 0 && !s.here
      ? h('input', { id: `seat-${i}-reserved`, class: 'reserved', maxlength: 32, autocomplete: 'off', placeholder: t('private.reserveph'),
        'aria-label': t('private.reserve', { n: i + 1 }), value: s.reserved || '', oninput: (e) => { s.reserved = e.target.value; } })
      : null;
    return h('li', { class: 'seat-row' }, h('span', { class: 'seat-label', text: t('seat.number', { n: i + 1 }) }), kind, level, here, reserve);
  }

  // timeControlField returns the time control select with what each
  // preset means, or null for a real-time game (it keeps its round clock).
  function timeControlField(g) {
    if (realtime(g)) return null;
    // Untimed play is for private tables only.
    const offered = PRESETS.filter((p) => p.tc || form.private);
    if (!offered.some((p) => p.key === form.tc)) form.tc = DEFAULT_PRESET;
    const preset = offered.find((p) => p.key === form.tc) || offered[1];
    return h('div', { class: 'field' }, h('label', { for: 'time-control', text: t('tc.label') }),
      h('select', { id: 'time-control', 'aria-describedby': 'time-control-help', onchange: (e) => { form.tc = e.target.value; form.tcChosen = true; render(); } },
        offered.map((p) => h('option', { value: p.key, selected: p.key === preset.key, text: t('tc.option', { name: t('tc.' + p.key), time: describe(p.tc) }) }))),
      h('small', { class: 'help', id: 'time-control-help' },
        preset.tc ? h('strong', { text: describe(preset.tc) + '. ' }) : null, t('tc.' + preset.key + '.help')));
  }

  // standInField returns the select of the bot that plays for a person who
  // leaves, runs out of time or is away.
  function standInField(g) {
    const { bots } = standInLevels(g);
    return h('div', { class: 'field' }, h('label', { for: 'stand-in', text: t('standin.label') }),
      h('select', { id: 'stand-in', 'aria-describedby': 'stand-in-help', onchange: (e) => { form.standIn = e.target.value; } },
        bots.map((b) => h('option', { value: b, selected: b === form.standIn, text: botName(b) }))),
      h('small', { class: 'help', id: 'stand-in-help', text: t('standin.help') }));
  }

  // botTimeField returns the select of the bots' thinking time per move,
  // for a table with bots; 0 keeps the server's default.
  function botTimeField() {
    if (!form.seats.some((s) => s.kind === 'bot')) return null;
    return h('div', { class: 'field' }, h('label', { for: 'bot-time', text: t('bots.time.label') }),
      h('select', { id: 'bot-time', 'aria-describedby': 'bot-time-help', onchange: (e) => { form.botTime = Number(e.target.value); } },
        BOT_TIMES.map((ms) => h('option', { value: ms, selected: ms === form.botTime, text: ms ? t('bots.time.seconds', { s: (ms / 1000).toLocaleString(language()) }) : t('bots.time.default') }))),
      h('small', { class: 'help', id: 'bot-time-help', text: t('bots.time.help') }));
  }

  // ratedOff says why the table cannot be rated ('' when it can): "rated"
  // is for signed-in players, at timed tables, each bot level once, with
  // the rulebook's settings (an option's rated values; none listed: any).
  function ratedOff(g) {
    if (form.private) return t('private.norated');
    const casual = (g.options || []).filter((o) => o.rated?.length && !o.rated.includes(String(form.options[o.key])));
    if (casual.length) return t('rated.casual', { options: casual.map((o) => optionTitle(g.id, o)).join(', ') });
    if (!me) return t('rated.signin');
    if (!realtime(g) && !PRESETS.find((p) => p.key === form.tc)?.tc) return t('rated.untimed');
    const bots = form.seats.filter((s) => s.kind === 'bot').map((s) => s.bot);
    if (new Set(bots).size < bots.length) return t('rated.samebot');
    return '';
  }

  // privateField is the "private" box: a table left out of the list,
  // joined by its invitation link, with seats kept for accounts, untimed
  // play and Out of Mine's clock off; never rated.
  function privateField(g) {
    return checkField({ id: 'private', checked: form.private, onchange: (e) => { form.private = e.target.checked; form.privateChosen = true; redefaultSeats(g); render(); } },
      [icon('lock'), ' ', t('private.label')], t('private.help'));
  }

  function ratedField(g) {
    if (!accountsOffered()) return null;
    const off = ratedOff(g);
    return checkField({ id: 'rated', disabled: off !== '', checked: form.rated && !off, onchange: (e) => { form.rated = e.target.checked; } },
      t('rated.label'), off || t('rated.help'),
      h('a', { href: `/leaderboard/${g.id}`, 'data-link': true, id: 'leaderboard-link', text: t('lobby.leaderboard', { game: gameTitle(g) }) }));
  }

  // checkField is a yes/no field: its box (a checkbox with attrs) before
  // its title, then its help, described by it, then more.
  function checkField(attrs, title, help, ...more) {
    const helpId = `${attrs.id}-help`;
    return h('div', { class: 'field check-field' },
      h('label', { class: 'check' }, h('input', { type: 'checkbox', ...attrs, 'aria-describedby': help ? helpId : null }), ' ', title),
      help ? h('small', { class: 'help', id: helpId, text: help }) : null, ...more);
  }

  function tableRow(tb) {
    const g = games.find((x) => x.id === tb.game);
    const title = g ? gameTitle(g) : tb.game;
    const free = tb.seats.filter((s) => s.kind === 'person' && !s.taken).length;
    const names = tb.seats.map((s, i) => seatName(s, i)).join(', ');
    const link = h('a', { href: `/tables/${tb.id}`, id: `lobby-table-${tb.id}`, 'data-link': true, text: tb.status === 'open' && free ? t('lobby.join') : t('lobby.watch') });
    return h('li', { class: 'table-row', 'data-table': tb.id },
      h('strong', { text: title }), ' ',
      h('span', { class: `status status-${tb.status}`, text: t('status.' + tb.status) }), ' ',
      tb.rated ? h('span', { class: 'rated-badge' }, icon('trophy'), ' ', t('rated.label')) : null, tb.rated ? ' ' : null,
      h('span', { class: 'seats', text: names }), ' ',
      g && realtime(g) ? null : h('span', { class: 'tc', 'data-tc': tb.time_control ? `${tb.time_control.move_s}/${tb.time_control.bank_s}` : 'untimed' },
        icon('clock'), ' ', timeControlLabel(tb.time_control)), ' ',
      tb.status === 'open' ? h('span', { class: 'free', text: t('lobby.free', { n: free }) }) : null, ' ', link);
  }

  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('h1', { text: t('lobby.title') }));
    el.append(h('p', { class: 'lobby-puzzles' }, h('a', { href: '/puzzles', 'data-link': true, id: 'lobby-puzzles', text: t('lobby.puzzles') })));
    if (error) el.append(h('p', { class: 'error', role: 'alert', text: error }));
    if (!games.length) { el.append(h('p', { text: t('app.loading') })); return; }
    const g = games.find((x) => x.id === form.game);
    const counts = [];
    for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
    el.append(h('section', { class: 'card create', 'aria-labelledby': 'create-h' },
      h('h2', { id: 'create-h', text: t('lobby.create') }),
      h('form', { onsubmit: create },
        h('div', { class: 'field' }, h('label', { for: 'game', text: t('lobby.game') }),
          h('select', { id: 'game', onchange: (e) => { pickGame(e.target.value); render(); } },
            games.map((x) => h('option', { value: x.id, selected: x.id === g.id, text: gameTitle(x) }))),
          h('small', { class: 'help', text: gameSummary(g) }),
          h('p', { class: 'game-links' },
            h('a', { href: `/rules/${g.id}`, 'data-link': true, text: t('lobby.rulesof', { game: gameTitle(g) }) }),
            ' · ', h('a', { href: `/learn/${g.id}`, 'data-link': true, id: 'learn-link', text: t('learn.link', { game: gameTitle(g) }) }))),
        h('div', { class: 'field' }, h('label', { for: 'players', text: t('lobby.players') }),
          h('select', { id: 'players', onchange: (e) => { form.players = Number(e.target.value); fitSeats(g); render(); } },
            counts.map((n) => h('option', { value: n, selected: n === form.players, text: String(n) })))),
        (g.options || []).filter((o) => !o.former).map((o) => optionField(g, o)),
        h('fieldset', {}, h('legend', { text: t('lobby.seats') }), h('ol', { class: 'seat-list' }, form.seats.map((s, i) => seatField(g, s, i))),
          realtime(g) && form.players > 1 ? h('small', { class: 'help', id: 'here-realtime', text: t('pp.realtime') }) : null),
        privateField(g),
        timeControlField(g),
        standInField(g),
        botTimeField(),
        ratedField(g),
        me ? null : h('div', { class: 'field' }, h('label', { for: 'name', text: t('lobby.yourname') }),
          h('input', { id: 'name', maxlength: 32, autocomplete: 'nickname', value: form.name, oninput: (e) => { form.name = e.target.value; } })),
        h('button', { type: 'submit', id: 'create', class: 'primary', text: t('lobby.createbutton') }))));
    tablesBox = h('section', { class: 'card', 'aria-labelledby': 'tables-h' });
    el.append(tablesBox);
    renderTables();
    refocus();
  }

  // renderTables draws the list of tables again, every 10 s; the link or
  // button with the focus keeps it.
  function renderTables() {
    if (!tablesBox) return;
    const refocus = keepFocus();
    clear(tablesBox).append(h('h2', { id: 'tables-h', text: t('lobby.tables') }),
      h('button', { type: 'button', id: 'lobby-refresh', onclick: listTables, text: t('lobby.refresh') }),
      tables.length ? h('ul', { class: 'tables' }, tables.map(tableRow)) : h('p', { text: t('lobby.notables') }));
    refocus();
  }

  // listTables refreshes the list of tables without touching the form.
  async function listTables() {
    try {
      tables = listed(await api('GET', LIST));
      renderTables();
    } catch { /* the next refresh tries again */ }
  }

  // listed keeps the tables one may join or watch.
  function listed(list) { return (list || []).filter((tb) => tb.status !== 'finished'); }

  const off = onLanguage(render);
  const offAccount = onAccount((a) => { me = a; render(); });
  whoami().then((a) => { me = a; if (games.length) render(); });
  refresh = setInterval(() => { if (!document.hidden) listTables(); }, 10000);
  load();
  return { leave() { off(); offAccount(); clearInterval(refresh); }, title: () => t('lobby.title') };
}
