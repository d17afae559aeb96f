// Friends (/friends): the challenges waiting for an answer (incoming with
// Accept and Decline, outgoing with Cancel), the accounts followed (a
// friend when the follow goes both ways, online or not, the public table
// its page shows, to watch), the followers, and the blocked accounts;
// every list paged. Also the relation buttons of a profile (Follow,
// Challenge, Block) and the challenge form.
import { h, clear, keepFocus, focusLost } from './dom.js';
import { t, onLanguage } from './i18n.js';
import { api } from './api.js';
import { whoami, refusal, goSignIn } from './account.js';
import { catalog, gameTitle, optionTitle, choiceName, botName } from './catalog.js';
import { PRESETS, DEFAULT_PRESET, realtime, label } from './timecontrol.js';
import { friendsCss, summary, accept, toast } from './live.js';

// list is one paged list of the API: its entries so far and the cursor
// of the next page.
function pagedList(path) {
  const l = { entries: [], next: '', done: false, error: '' };
  l.more = async () => {
    try {
      const sep = path.includes('?') ? '&' : '?';
      const p = await api('GET', `${path}${sep}limit=20${l.next ? '&after=' + encodeURIComponent(l.next) : ''}`);
      l.entries.push(...p.entries);
      l.next = p.next;
      l.done = !p.next;
    } catch (e) {
      l.error = await refusal(e);
    }
  };
  return l;
}

function playerLink(name) {
  return h('a', { href: `/players/${encodeURIComponent(name)}`, 'data-link': true, text: name });
}

// section draws a list with its heading and a button for the next page.
// The heading takes the focus when the control used in the list goes with
// its new drawing (headingBack).
function section(id, title, l, row, empty, redraw) {
  return h('section', { class: 'card friends-list', 'aria-labelledby': id, id: id + '-s' },
    h('h2', { id, tabindex: '-1', text: title }),
    l.error ? h('p', { class: 'error', role: 'alert', text: l.error }) : null,
    l.entries.length ? h('ul', { class: 'people' }, l.entries.map(row)) : h('p', { class: 'help', text: empty }),
    l.done ? null : h('button', { type: 'button', class: 'more', id: id + '-more', text: t('friends.more'),
      onclick: async (e) => { const back = headingBack(e); await l.more(); redraw(); back(); } }));
}

// headingBack notes the list whose control the event e comes from; the
// function it returns gives the focus to the list's heading when the
// focus was lost meanwhile: the control went with the list's new drawing
// (a challenge declined, an account unfollowed: its row is gone), so that
// a keyboard user goes on from the list and not from the page's top.
function headingBack(e) {
  const id = e?.currentTarget?.closest?.('section[aria-labelledby]')?.getAttribute('aria-labelledby');
  return () => {
    if (id && focusLost()) document.getElementById(id)?.focus();
  };
}

export function friendsPage(el) {
  friendsCss();
  let lists = null;
  let me = null;
  let error = '';

  async function load() {
    me = await whoami();
    if (!me) { render(); return; }
    lists = {
      incoming: pagedList('/api/challenges?dir=in&open=true'),
      outgoing: pagedList('/api/challenges?dir=out&open=true'),
      following: pagedList('/api/account/following'),
      followers: pagedList('/api/account/followers'),
      blocks: pagedList('/api/account/blocks'),
    };
    await Promise.all(Object.values(lists).map((l) => l.more()));
    for (const l of [lists.incoming, lists.outgoing]) {
      l.sums = await Promise.all(l.entries.map(summary));
    }
    render();
  }

  const run = (fn) => async (e) => {
    const back = headingBack(e);
    try { await fn(); error = ''; await load(); } catch (err) { error = err.message; render(); }
    back();
  };

  function online(e) {
    return h('span', { class: ['presence', e.online ? 'on' : 'off'] },
      h('span', { class: 'dot', 'aria-hidden': 'true' }), ' ', t(e.online ? 'friends.online' : 'friends.offline'));
  }

  function personRow(e, buttons) {
    return h('li', { 'data-name': e.name },
      h('span', { class: 'who' }, playerLink(e.name), e.friend ? h('span', { class: 'tag', text: t('friends.friend') }) : null, ' ', online(e),
        e.table ? h('a', { class: 'watch', href: `/tables/${e.table}`, 'data-link': true, text: t('friends.watch') }) : null),
      h('span', { class: 'actions' }, buttons));
  }

  function challengeRow(c, i, l, incoming) {
    return h('li', { 'data-challenge': c.id },
      h('span', { class: 'who' }, playerLink(incoming ? c.from : c.to), ' ', h('small', { text: l.sums?.[i] || '' })),
      h('span', { class: 'actions' }, incoming
        ? [h('button', { type: 'button', text: t('friends.decline'), onclick: run(() => api('POST', `/api/challenges/${c.id}/decline`)) }),
          h('button', { type: 'button', class: 'primary', text: t('friends.accept'), onclick: () => accept(c.id).catch((e) => { error = e.message; render(); }) })]
        : h('button', { type: 'button', text: t('friends.cancel'), onclick: run(() => api('POST', `/api/challenges/${c.id}/cancel`)) })));
  }

  function render() {
    const refocus = keepFocus();
    clear(el);
    el.append(h('h1', { text: t('friends.title') }));
    if (!me) {
      el.append(h('p', {}, t('friends.signin'), ' ', h('button', { type: 'button', text: t('nav.signin'), onclick: goSignIn })));
      return;
    }
    if (!lists) { el.append(h('p', { text: t('app.loading') })); return; }
    if (error) el.append(h('p', { class: 'error', role: 'alert', text: error }));
    el.append(
      section('incoming-h', t('friends.incoming'), lists.incoming, (c, i) => challengeRow(c, i, lists.incoming, true), t('friends.noincoming'), render),
      section('outgoing-h', t('friends.outgoing'), lists.outgoing, (c, i) => challengeRow(c, i, lists.outgoing, false), t('friends.nooutgoing'), render),
      section('following-h', t('friends.following'), lists.following, (e) => personRow(e, [
        h('button', { type: 'button', text: t('friends.challenge'), 'aria-label': t('friends.challengeof', { name: e.name }), onclick: () => challengeDialog(e.name) }),
        h('button', { type: 'button', text: t('friends.unfollow'), 'aria-label': t('friends.unfollowof', { name: e.name }), onclick: run(() => api('POST', `/api/players/${encodeURIComponent(e.name)}/unfollow`)) })]),
      t('friends.nofollowing'), render),
      section('followers-h', t('friends.followers'), lists.followers, (e) => personRow(e, e.friend ? [] : [
        h('button', { type: 'button', text: t('friends.followback'), 'aria-label': t('friends.followof', { name: e.name }), onclick: run(() => api('POST', `/api/players/${encodeURIComponent(e.name)}/follow`)) })]),
      t('friends.nofollowers'), render),
      blockedSection(lists.blocks, run, render));
    refocus();
  }

  const off = onLanguage(render);
  load().catch(async (e) => { error = await refusal(e); render(); });
  return { leave() { off(); }, title: () => t('friends.title') };
}

// blockedSection lists the blocked accounts, each with Unblock.
function blockedSection(l, run, redraw) {
  return section('blocked-h', t('friends.blocked'), l, (e) => h('li', { 'data-name': e.name },
    h('span', { class: 'who' }, playerLink(e.name)),
    h('span', { class: 'actions' }, h('button', { type: 'button', text: t('friends.unblock'), 'aria-label': t('friends.unblockof', { name: e.name }),
      onclick: run(() => api('POST', `/api/players/${encodeURIComponent(e.name)}/unblock`)) }))),
  t('friends.noblocked'), redraw);
}

// blockedCard draws the blocked list into el (the account settings).
export function blockedCard(el) {
  friendsCss();
  const wrap = h('div');
  el.append(wrap);
  let l = pagedList('/api/account/blocks');
  const draw = () => { clear(wrap).append(blockedSection(l, run, draw)); };
  const run = (fn) => async (e) => {
    const back = headingBack(e);
    await fn().catch(() => {});
    l = pagedList('/api/account/blocks');
    await l.more();
    draw();
    back();
  };
  l.more().then(draw);
}

// relationBar draws a profile's Follow, Challenge and Block buttons for
// the signed-in account into el (on one's own profile, a link to one's
// friends; nothing for a guest).
export async function relationBar(el, name) {
  friendsCss();
  const me = await whoami();
  if (!me) return;
  if (me.name.toLowerCase() === name.toLowerCase()) {
    el.append(h('a', { id: 'my-friends', href: '/friends', 'data-link': true, text: t('friends.mine') }));
    return;
  }
  const path = `/api/players/${encodeURIComponent(name)}`;
  let rel = null;
  const err = h('p', { class: 'error', role: 'alert' });
  const bar = h('div', { class: 'relation-bar' });
  el.append(bar, err);
  // A button used gives way to its opposite (Follow to Unfollow), which
  // takes the focus.
  const opposite = { follow: 'unfollow', unfollow: 'follow', block: 'unblock', unblock: 'block' };
  const act = (verb) => async () => {
    try { rel = await api('POST', `${path}/${verb}`); err.textContent = ''; draw(); } catch (e) { err.textContent = e.message; }
    if (focusLost()) document.getElementById(opposite[verb])?.focus();
  };
  function draw() {
    clear(bar).append(...[
      rel.friends ? h('span', { class: 'tag', text: t('friends.friend') }) : rel.followed_by ? h('span', { class: 'tag', text: t('friends.followsyou') }) : null,
      rel.follows ? h('button', { type: 'button', id: 'unfollow', text: t('friends.unfollow'), onclick: act('unfollow') })
        : h('button', { type: 'button', id: 'follow', class: 'primary', disabled: rel.blocks, text: t('friends.follow'), onclick: act('follow') }),
      h('button', { type: 'button', id: 'challenge', disabled: rel.blocks, text: t('friends.challenge'), onclick: () => challengeDialog(name) }),
      rel.blocks ? h('button', { type: 'button', id: 'unblock', text: t('friends.unblock'), onclick: act('unblock') })
        : h('button', { type: 'button', id: 'block', class: 'danger', text: t('friends.block'), onclick: act('block') }),
      rel.online ? h('span', { class: 'presence on' }, h('span', { class: 'dot', 'aria-hidden': 'true' }), ' ', t('friends.online')) : null,
      rel.table ? h('a', { class: 'watch', href: `/tables/${rel.table}`, 'data-link': true, text: t('friends.watch') }) : null].filter(Boolean));
  }
  try { rel = await api('GET', `${path}/relation`); draw(); } catch (e) { err.textContent = e.message; }
}

// challengeDialog asks for the game, its options, the players (bots fill
// the seats beyond two), the time control and rated or casual, and
// challenges name to it.
export async function challengeDialog(name) {
  friendsCss();
  const games = await catalog();
  const f = { game: games[0].id, players: 2, options: {}, bots: [], tc: DEFAULT_PRESET, rated: false };
  const dlg = h('dialog', { class: 'challenge-form', 'aria-labelledby': 'challenge-form-h' });
  const spec = () => games.find((g) => g.id === f.game);
  const pick = (g) => {
    f.game = g.id;
    f.options = {};
    for (const o of g.options || []) f.options[o.key] = o.default;
    f.players = Math.max(2, g.min_players);
    f.bots = [];
  };
  pick(games[0]);
  let error = '';
  function field(id, text, input) {
    return h('div', { class: 'field' }, h('label', { for: id, text }), input);
  }
  function option(g, o) {
    const id = `ch-opt-${o.key}`;
    const set = (v) => { f.options[o.key] = v; };
    if (o.kind === 'bool') {
      return h('div', { class: 'field check' }, h('input', { type: 'checkbox', id, checked: f.options[o.key] === 'true', onchange: (e) => set(e.target.checked ? 'true' : 'false') }),
        h('label', { for: id, text: optionTitle(g.id, o) }));
    }
    return field(id, optionTitle(g.id, o), o.kind === 'int'
      ? h('input', { id, type: 'number', min: o.min, max: o.max, value: f.options[o.key], onchange: (e) => set(e.target.value) })
      : h('select', { id, onchange: (e) => set(e.target.value) }, (o.choices || []).map((c) => h('option', { value: c, selected: f.options[o.key] === c, text: choiceName(g.id, o, c) }))));
  }
  // draw draws the form again for the game and players chosen; the field
  // with the focus keeps it (a keyboard user goes through the games with
  // the arrow keys).
  function draw() {
    const refocus = keepFocus();
    const g = spec();
    const counts = [];
    for (let n = Math.max(2, g.min_players); n <= g.max_players; n++) counts.push(n);
    while (f.bots.length < f.players - 2) f.bots.push(g.bots?.includes('medium') ? 'medium' : (g.bots || ['random'])[0]);
    f.bots.length = f.players - 2;
    clear(dlg).append(
      h('h2', { id: 'challenge-form-h', text: t('friends.challengeof', { name }) }),
      h('form', { method: 'dialog', onsubmit: send },
        field('ch-game', t('lobby.game'), h('select', { id: 'ch-game', onchange: (e) => { pick(games.find((x) => x.id === e.target.value)); draw(); } },
          games.filter((x) => x.max_players >= 2).map((x) => h('option', { value: x.id, selected: x.id === f.game, text: gameTitle(x) })))),
        field('ch-players', t('lobby.players'), h('select', { id: 'ch-players', onchange: (e) => { f.players = Number(e.target.value); draw(); } },
          counts.map((n) => h('option', { value: n, selected: n === f.players, text: String(n) })))),
        f.bots.map((b, i) => field(`ch-bot-${i}`, t('friends.bot', { n: i + 3 }), h('select', { id: `ch-bot-${i}`, onchange: (e) => { f.bots[i] = e.target.value; } },
          (g.bots || ['random']).map((x) => h('option', { value: x, selected: x === b, text: botName(x) }))))),
        (g.options || []).map((o) => option(g, o)),
        realtime(g) ? null : field('ch-tc', t('tc.label'), h('select', { id: 'ch-tc', onchange: (e) => { f.tc = e.target.value; } },
          PRESETS.map((p) => h('option', { value: p.key, selected: p.key === f.tc, text: label(p.tc) })))),
        h('div', { class: 'field check' }, h('input', { type: 'checkbox', id: 'ch-rated', checked: f.rated, onchange: (e) => { f.rated = e.target.checked; } }),
          h('label', { for: 'ch-rated', text: t('friends.ratedbox') })),
        error ? h('p', { class: 'error', role: 'alert', text: error }) : null,
        h('div', { class: 'actions' },
          h('button', { type: 'button', text: t('friends.cancel'), onclick: () => dlg.close() }),
          h('button', { type: 'submit', class: 'primary', id: 'ch-send', text: t('friends.send') }))));
    refocus();
  }
  async function send(ev) {
    ev.preventDefault();
    const tc = realtime(spec()) ? null : PRESETS.find((p) => p.key === f.tc)?.tc || null;
    try {
      await api('POST', `/api/players/${encodeURIComponent(name)}/challenge`,
        { game: f.game, players: f.players, options: f.options, bots: f.bots, time_control: tc, rated: f.rated });
      dlg.close();
      toast(t('friends.sent', { name }));
    } catch (e) {
      error = e.message;
      draw();
    }
  }
  dlg.addEventListener('close', () => dlg.remove());
  draw();
  document.body.append(dlg);
  dlg.showModal();
}
