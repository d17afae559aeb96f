// The table page: seats with their presence and clocks, whose turn, the
// board (drawn by the game's renderer), the action log in words, the
// connection state with automatic reconnect, the join form for a link,
// leaving and taking back one's seat, the owner's controls before the
// start, and the end screen with scores and rematch.
import { play } from './sound.js';
import { notifyButton, notifyTurn } from './notify.js';
import { inviteLink, inviteOf } from './private.js';
import { h, clear, keepFocus } from './dom.js';
import { t, onLanguage, language } from './i18n.js';
import { api, hereSeats, seatOf, saveSeat, forgetSeat, ownerOf, playerName, savePlayerName } from './api.js';
import { gameSpec, gameTitle, renderer, seatName } from './catalog.js';
import { TableSocket } from './socket.js';
import { navigate } from './router.js';
import { moveWords, loggedWords } from './words.js';
import { Explainer, reasonText } from './explain.js';
import { icon } from './icons.js';
import { seatColors, seatBadge } from './seatcolors.js';
import { Clocks } from './clocks.js';
import { presenceDot, presenceOf, standInTag, graceNote } from './presence.js';
import { SeatKeeping } from './seatkeeping.js';
import { label as timeControlLabel, realtime } from './timecontrol.js';
import { ChatPanel } from './chat.js';
import { TakeBack } from './takeback.js';
import { spectatorsLine } from './spectators.js';
import { TableBar } from './tablebar.js';
import { botRatingTag } from './botrating.js';

const SPECTATOR = -3;
const LOG_LIMIT = 300;

export function tablePage(el, id) {
  const st = {
    info: null, spec: null, mod: null, you: SPECTATOR, view: null, prevView: null, legal: [], actors: [],
    status: '', n: 0, result: null, lastSeats: null, deadline: 0, conn: 'connecting', heard: false, retryIn: 0, message: '', log: [], sent: null,
  };
  let mine = seatOf(id);
  let sock = null;
  // explainer asks the engine why a move may not be played (greyed
  // controls, typed moves); typed is the last typed move and its answer.
  const explainer = new Explainer((f) => !!sock && sock.send(f));
  let typed = null; // {move, state: 'asking'|'sent'|'accepted'|'refused', text, seq}
  let draft = ''; // what is typed in the notation field and not sent yet
  let clockTimer = 0;
  let joinForm = null; // the invitation to join, kept while it stands (see renderJoin)
  let left = false;
  let missing = false; // the table does not exist
  const say = (text) => { st.message = text; renderMessage(); };
  const keeping = new SeatKeeping({
    seat: () => mine, info: () => st.info, status: () => st.status, you: () => st.you, socket: () => sock,
    reconnect: () => { st.you = SPECTATOR; connect(); },
    forget: () => { forgetSeat(id); mine = null; },
    redraw: () => renderAll(), say,
  });
  // The owner's controls (owner.js) load only in the browser that owns
  // the table: ownership is kept before the page opens (the lobby and the
  // end screen's rematch save the owner token, then open the table).
  let owner = null;
  if (ownerOf(id)) {
    import('./owner.js').then(({ OwnerControls }) => {
      owner = new OwnerControls({
        id, info: () => st.info, spec: () => st.spec, actors: () => st.actors, say,
        held: (i) => mySeat() === i || !!pass.held(i),
        changed: (info) => { st.info = info; st.status = info.status || st.status; st.message = ''; renderAll(); },
      });
      if (st.info) renderAll();
    });
  }
  // Several seats held here (pass and play): the page follows the seat to
  // move (and watches until the first frame says who that is). Its module
  // (passplay.js) loads with the table, in start, only on such a device.
  let pass = { active: false, element: null, held: () => undefined, follow: () => {} };
  const passing = hereSeats(id).length > 1;
  if (passing) mine = null;
  async function loadPassPlay() {
    const { PassPlay } = await import('./passplay.js');
    pass = new PassPlay({
      seats: hereSeats(id), hidden: () => st.spec?.information !== 'perfect',
      use: (s) => { mine = s ? { seat: s.seat, token: s.token } : null; st.you = SPECTATOR; connect(); },
      drop: () => {
        if (sock) sock.close();
        sock = null;
        Object.assign(st, { view: null, prevView: null, log: [], legal: [], you: SPECTATOR });
        renderAll();
      },
    });
    el.append(pass.element);
  }
  const clocks = new Clocks({ nameOf: (i) => nameOf(i), you: () => st.you });
  // The end screen of a rated table shows each person's rating change.
  let bar = null; // the bar and stage on a phone (tablebar.js)
  let ratingChanges = null; // a rated game's rating changes, made with the end screen's module
  const chat = new ChatPanel({
    info: () => st.info, you: () => st.you, owner: () => ownerOf(id), ownSeat: () => mine?.seat ?? -1, colors: () => colors(), nameOf: (i) => nameOf(i),
    send: (f) => !!sock && sock.send(f), api, changed: (info) => { st.info = info; renderAll(); }, rendered: () => bar?.render(),
  });
  const takeback = new TakeBack({
    you: () => st.you, status: () => st.status, actors: () => st.actors, log: () => st.log, nameOf: (i) => nameOf(i),
    realtime: () => !!st.spec && realtime(st.spec), timed: () => !!st.info?.time_control, send: (f) => !!sock && sock.send(f),
  });

  const boxes = {
    head: h('div', { class: 'table-head' }),
    join: h('div', { class: 'join' }),
    status: h('div', { class: 'turn', role: 'status', 'aria-live': 'polite' }),
    graces: h('div', { class: 'graces', id: 'graces' }),
    message: h('div', { class: 'message', role: 'alert', 'aria-live': 'assertive' }),
    end: h('section', { class: 'end', id: 'end', hidden: true, 'aria-labelledby': 'end-h' }),
    board: h('div', { class: 'board', id: 'board' }),
    seats: h('ol', { class: 'seats', id: 'seats' }),
    seatctl: h('div', { class: 'seatctl' }),
    notation: h('form', { class: 'notation' }),
    // The log scrolls: a keyboard reaches it (tabindex 0) to scroll it.
    log: h('ol', { class: 'log', id: 'log', 'aria-live': 'polite', tabindex: '0', 'aria-labelledby': 'log-h' }),
    // What the screen-reader mode tells: the other players' moves, the
    // turn, the clock running low, the end (access.js), and what a
    // renderer says through ctx.announce.
    announce: h('div', { class: 'sr', id: 'announce', role: 'log', 'aria-live': 'polite', 'aria-label': t('access.announcements') }),
    sr: h('div', { class: 'sr-box', id: 'sr-box' }),
  };
  // The board is focusable itself (tabindex -1), the last place focus
  // returns to after a move when no element of the board can take it.
  boxes.board.tabIndex = -1;
  // On a phone the page folds into a bar and a stage (tablebar.js).
  bar = new TableBar({
    board: boxes.board, status: boxes.status, head: boxes.head, takeback: takeback.element, chat,
    title: () => (st.spec ? gameTitle(st.spec) : ''),
    above: () => [boxes.join, boxes.message, boxes.end, boxes.graces, takeback.element],
  });
  el.append(bar.element, boxes.head, boxes.join, boxes.message, boxes.end,
    h('div', { class: 'table-layout' },
      h('div', { class: 'play' }, h('h2', { class: 'sr', 'data-i18n': 'table.board', text: t('table.board') }),
        // A grace note stands beside the turn, not above the board: one
        // that comes or goes while a player aims does not move the board.
        h('div', { class: 'play-head' }, boxes.status, boxes.graces), takeback.element, boxes.sr, boxes.board, boxes.notation),
      h('aside', { class: 'side' },
        h('h2', { 'data-i18n': 'table.players', text: t('table.players') }), boxes.seats, boxes.seatctl, chat.element,
        h('h2', { id: 'log-h', 'data-i18n': 'table.log', text: t('table.log') }), boxes.log)),
    clocks.live, boxes.announce);
  bar.start();

  // Focus stays where the player plays. zone is the part of the page the
  // focus was last in (the board, the move field or the command field),
  // boardKey the data-key of the board element it was on; when focus
  // falls to the page's body (the element that had it was drawn anew, or
  // a move disabled it), refocusPlay puts it back: on the same place of the
  // board, else the board's data-focus-default element, else the board.
  let zone = null;
  let boardKey = null;
  let parked = false; // focus waits on the board for a field that is disabled until the next turn
  const onFocusIn = (e) => {
    const target = e.target;
    // A renderer moving the focus about its board while the field waits
    // leaves the field its claim; the person's own key or tap ends it.
    if (parked && boxes.board.contains(target)) return;
    parked = false;
    if (boxes.board.contains(target)) {
      zone = 'board';
      boardKey = target.dataset?.key ?? (target === boxes.board ? boardKey : null);
    } else if (boxes.notation.contains(target)) zone = 'notation';
    else if (boxes.sr.contains(target)) zone = 'sr';
    else if (!target.closest?.('#moves-dialog')) zone = null;
  };
  // A click outside the board on nothing focusable leaves the board.
  const onPointer = (e) => { parked = false; if (!boxes.board.contains(e.target)) zone = null; };
  const onBoardKey = (e) => { if (parked) { parked = false; zone = 'board'; boardKey = e.target.dataset?.key ?? null; } };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointer);
  boxes.board.addEventListener('keydown', onBoardKey, true);
  function refocusPlay() {
    const now = document.activeElement;
    if (now && now !== document.body && !(parked && boxes.board.contains(now))) return;
    if (zone === 'notation') {
      const input = boxes.notation.querySelector('#move-input');
      if (input && !input.disabled) { input.focus(); return; }
    }
    if (zone === 'sr') {
      const input = boxes.sr.querySelector('#sr-command');
      if (input) { input.focus(); return; }
    }
    if (!zone) return;
    const keep = zone;
    const same = boardKey !== null ? boxes.board.querySelector(`[data-key="${CSS.escape(boardKey)}"]`) : null;
    const target = [same, boxes.board.querySelector('[data-focus-default]')].find((e) => e && !e.disabled && e.offsetParent !== null);
    if (keep === 'board' || !now || now === document.body) (target || boxes.board).focus({ preventScroll: true });
    // Focus put on the board for a typist whose field is disabled until
    // the next turn goes back to the field then.
    zone = keep;
    parked = keep !== 'board';
  }
  // A renderer that draws anew by itself (a selection, a preview) may take
  // the focused element away between two renders of the page.
  const boardWatch = new MutationObserver(() => { if (zone === 'board') refocusPlay(); });
  boardWatch.observe(boxes.board, { childList: true, subtree: true });

  // The key m on the board lists the legal moves (access.js).
  let access = null; // the screen-reader mode's command field, while the mode is on
  const accessModule = () => (accessModule.p ||= import('./access.js'));
  const host = {
    ctx: () => lastCtx, mod: () => st.mod, game: () => st.info?.game, nameOf: (i) => nameOf(i),
    play: (move) => !!send(move), status: () => st.status, turnText: () => boxes.status.querySelector('span')?.textContent || '',
    clocks, deadline: () => st.deadline, result: () => st.result, announce: (text) => announce(text),
  };
  boxes.board.addEventListener('keydown', async (e) => {
    if ((e.key !== 'm' && e.key !== 'M') || e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
    if (e.target.closest('input, textarea, select, [contenteditable="true"]')) return;
    e.preventDefault();
    const mod = await accessModule();
    if (document.getElementById('moves-dialog')) return;
    zone = 'board';
    mod.movesDialog(host, (move) => {
      if (move) send(move);
      zone = 'board';
      refocusPlay();
    });
  });

  // announce tells text in the live region, once: the region keeps the
  // last few lines, the newest last.
  function announce(text) {
    if (!text) return;
    boxes.announce.append(h('p', { text }));
    while (boxes.announce.children.length > 12) boxes.announce.firstChild.remove();
  }

  // srMode shows or hides the screen-reader mode's command field, as the
  // page's setting says (main.js sets the class srmode on the body).
  async function srMode() {
    const on = document.body.classList.contains('srmode');
    // In the mode the live region tells the turn and the moves: the status
    // line and the log stay quiet, so nothing is said twice.
    boxes.log.setAttribute('aria-live', on ? 'off' : 'polite');
    boxes.status.setAttribute('aria-live', on ? 'off' : 'polite');
    clocks.live.setAttribute('aria-live', on ? 'off' : 'assertive');
    if (!on) {
      access?.stop();
      access = null;
      clear(boxes.sr);
      return;
    }
    if (access) return;
    const mod = await accessModule();
    if (access || left || !document.body.classList.contains('srmode')) return;
    access = new mod.Access(host);
    boxes.sr.append(access.element);
    access.frame({}, st.actors.includes(st.you) && st.status === 'playing');
  }
  let lastCtx = null; // the ctx of the board's last render

  function names() {
    return (st.info?.seats || []).map((s, i) => seatName(s, i));
  }

  // colors returns the seats' colours as the game's view states them (null
  // for the neutral palette).
  function colors() { return seatColors(st.mod, st.view); }

  // mySeat returns the person's seat at this table, watching or not, or -1.
  function mySeat() {
    return st.you >= 0 ? st.you : (mine?.seat ?? -1);
  }

  // endedWithStandIn reports whether a stand-in played for seat i at the
  // end: as the table says, or said while it was playing, or as the last
  // move of the seat in the log shows.
  function endedWithStandIn(i) {
    if (st.info?.seats?.[i]?.stand_in || st.lastSeats?.[i]?.stand_in) return true;
    for (let k = st.log.length - 1; k >= 0; k--) {
      if (st.log[k].player === i) return !!st.log[k].standIn;
    }
    return false;
  }

  function nameOf(p) {
    if (p === -1) return t('actor.chance');
    if (p === -2) return t('actor.system');
    return names()[p] ?? t('seat.number', { n: p + 1 });
  }

  // renderMissing says that the table is not there and leads back to the
  // lobby, with no invitation link or connection state.
  function renderMissing() {
    bar.stop();
    clear(el).append(h('section', { class: 'card notfound', id: 'no-table' },
      h('h1', { text: t('table.notfound.title') }),
      h('p', { text: t('table.notfound.text', { id }) }),
      h('a', { class: 'button primary', href: '/', 'data-link': true, text: t('notfound.back') })));
  }

  async function start() {
    try {
      if (passing) await loadPassPlay();
      st.info = await api('GET', `/api/tables/${id}`);
      st.spec = await gameSpec(st.info.game);
      st.mod = await renderer(st.info.game);
    } catch (e) {
      if (e.code === 'not_found') {
        missing = true;
        renderMissing();
        return;
      }
      st.message = e.message;
      renderAll();
      return;
    }
    if (left) return;
    keeping.start();
    clocks.update({ table: st.info }, st.info);
    st.status = st.info.status;
    renderAll();
    connect();
  }

  function connect() {
    if (sock) sock.close();
    st.heard = false;
    sock = new TableSocket(id, keeping.token(), {
      onFrame: frame,
      onLeft: () => keeping.left(),
      onExplain: (f) => explainer.answer(f),
      onChat: (f) => chat.add(f.message),
      onTakeback: (f) => takeback.frame(f),
      onAck: (f) => {
        st.mod?.reply?.(boxes.board, f);
        if (typed && typed.seq === f.seq) { typed.state = 'accepted'; renderNotation(); }
      },
      onError: (f) => {
        if (f.frame === 'chat') { chat.refused(f); return; }
        if (f.frame === 'takeback') { takeback.refused(f); return; }
        st.mod?.reply?.(boxes.board, f);
        if (typed && typed.seq === f.seq) { typed.state = 'refused'; typed.text = f.message; }
        if (!f.seq) keeping.refused();
        if (st.sent && f.seq && st.sent.seq !== undefined) { st.legal = st.sent.legal; st.sent = null; }
        st.message = f.message;
        renderMessage();
        renderBoard();
      },
      onStatus: (s, delay) => {
        // Questions asked of a connection that dropped get no answer.
        if (s !== 'open') explainer.drop();
        st.conn = s; st.retryIn = delay || 0; renderHead();
      },
    });
    sock.lang = language();
    // A spectator watches under the name this browser last used (a device
    // passed round watches between turns without one).
    if (!sock.token && !pass.active) sock.name = playerName();
    // A device passed round keeps every seat it holds present, so that
    // nobody's grace runs out while the device is passed to them.
    if (pass.active) sock.held = hereSeats(id).map((s) => s.token).filter((tok) => tok && tok !== sock.token);
    sock.connect();
  }

  // explain asks the engine whether the viewer may play move now: a
  // promise of the explain answer (see explain.js), null when offline.
  function explain(move) {
    explainer.position(st.n, language());
    return explainer.ask(move, language());
  }

  // submitTyped answers a typed move: the engine's reason when it may not
  // be played, else it is sent and the ack says it was accepted.
  async function submitTyped(move) {
    typed = { move, state: 'asking' };
    renderNotation();
    const a = await explain(move);
    if (typed?.move !== move) return;
    if (!a) {
      // Not connected: nothing was asked, nothing is sent.
      typed = null;
      st.message = t('table.notconnected');
      renderMessage();
      renderNotation();
      return;
    }
    if (a && !a.ok) {
      typed = { move, state: 'refused', text: reasonText(a) };
      renderNotation();
      return;
    }
    const seq = send(move);
    typed = seq ? { move, state: 'sent', seq } : null;
    if (seq) draft = '';
    renderNotation();
  }

  // toLocalTime moves the server's deadlines in f onto this device's
  // clock, by the difference between the server's time when it sent f and
  // ours when it arrived, so a device whose clock is off counts down right.
  function toLocalTime(f) {
    if (!f.now) return;
    const skew = f.now - Date.now();
    const shift = (c) => { if (c && c.deadline) c.deadline -= skew; };
    if (f.deadline) f.deadline -= skew;
    (f.clocks || []).forEach(shift);
    (f.table?.seats || []).forEach((s) => {
      shift(s.clock);
      if (s.offline_deadline) s.offline_deadline -= skew;
    });
  }

  function frame(f) {
    toLocalTime(f);
    if (f.table) {
      if (st.info?.status === 'playing') st.lastSeats = st.info.seats;
      st.info = f.table;
    }
    if (f.type === 'state') {
      st.you = f.you ?? SPECTATOR;
      st.heard = true;
      // The server lists the last moves as this seat saw them: the log
      // survives a reload or a reconnect.
      st.log = (f.history || []).map((e) => ({ n: e.n, player: e.player, move: e.move, veiled: e.veiled, standIn: !!e.stand_in }));
      trimLog();
      chat.load(f.chat);
      takeback.load(f.takeback);
    }
    if (f.view !== undefined) { st.prevView = st.view; st.view = f.view; }
    if (f.status) st.status = f.status;
    if (f.type !== 'table' || f.actors !== undefined) st.actors = f.actors || [];
    st.legal = f.legal || [];
    st.sent = null;
    st.n = f.n ?? st.n;
    st.deadline = f.deadline || 0;
    if (f.result) st.result = f.result;
    if (st.info?.result) st.result = st.info.result;
    clocks.update(f, st.info);
    if (f.type === 'update') {
      // The seat's own move answers a typed move as its ack would: a page
      // that follows the seat to move (pass and play) may leave the
      // connection before the ack comes.
      if (typed?.state === 'sent' && f.player === st.you && !f.stand_in) typed.state = 'accepted';
      st.log.push({ n: f.n, player: f.player, move: f.move, veiled: f.veiled, standIn: !!f.stand_in });
      trimLog();
      st.message = '';
      takeback.moved();
    }
    renderAll();
    access?.frame(f, st.actors.includes(st.you) && st.status === 'playing');
    pass.follow(st.actors, st.status);
  }

  // trimLog keeps the last LOG_LIMIT moves, after a line that counts the
  // moves before them.
  function trimLog() {
    const moves = st.log.filter((e) => !e.earlier).slice(-LOG_LIMIT);
    st.log = moves.length && moves[0].n > 1 ? [{ n: moves[0].n - 1, earlier: true }, ...moves] : moves;
  }

  // send sends a move and returns its seq, or 0 when it was not sent. A
  // renderer with a reply(el, frame) function hears the ack or error of
  // every seq it sent, for optimistic display.
  function send(move) {
    if (!sock || !sock.act(move)) {
      st.message = t('table.notconnected');
      renderMessage();
      return 0;
    }
    const seq = sock.pending?.seq;
    st.sent = { seq, legal: st.legal };
    st.legal = [];
    st.message = '';
    renderMessage();
    renderBoard();
    return seq;
  }

  async function join(ev) {
    ev.preventDefault();
    const input = boxes.join.querySelector('input');
    const name = input.value.trim();
    if (!name) { st.message = t('lobby.needname'); renderMessage(); return; }
    savePlayerName(name);
    try {
      const j = await api('POST', `/api/tables/${id}/join`, { name });
      saveSeat(id, j.seat, j.token);
      mine = { seat: j.seat, token: j.token };
      keeping.away = false;
      st.message = '';
      connect();
    } catch (e) {
      st.message = e.message;
    }
    renderAll();
  }

  async function startGame() {
    try {
      st.info = await api('POST', `/api/tables/${id}/start`, undefined, ownerOf(id));
    } catch (e) { st.message = e.message; }
    renderAll();
  }

  // rematch is the end screen's rematch: offered by any seated person,
  // accepted by the others (see endscreen.js).
  function rematch() {
    rematch.offer ||= new renderEnd.module.Rematch({
      id, seat: () => mine, pass, name: (i) => nameOf(i), redraw: () => renderEnd(), say: (text) => { st.message = text; renderMessage(); },
    });
    return rematch.offer;
  }

  function renderAll() {
    const refocus = keepFocus();
    boxes.announce.setAttribute('aria-label', t('access.announcements'));
    renderHead();
    renderJoin();
    renderMessage();
    renderStatus();
    renderSeats();
    renderBoard();
    renderNotation();
    renderLog();
    renderEnd();
    chat.render();
    takeback.render();
    bar.place();
    refocus();
    refocusPlay();
  }

  function renderHead() {
    const title = st.spec ? gameTitle(st.spec) : (st.info?.game || '');
    const link = inviteLink(id);
    const connText = {
      connecting: t('conn.connecting'), open: t('conn.open'), closed: t('conn.closed'),
      reconnecting: st.retryIn ? t('conn.retry', { s: Math.ceil(st.retryIn / 1000) }) : t('conn.reconnecting'),
    }[st.conn] || st.conn;
    const copy = h('button', { type: 'button', class: 'copy', id: 'copy', text: t('table.copy'), onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t('table.copied'); } catch { linkInput.select(); }
    } });
    const linkInput = h('input', { readonly: true, value: link, 'aria-label': t('table.link'), onfocus: (e) => e.target.select() });
    clear(boxes.head).append(
      h('h1', {}, title, ' ', h('small', { class: 'table-id', text: id })),
      h('div', { class: 'meta' },
        h('span', { class: `conn conn-${st.conn}`, id: 'conn', 'data-state': st.conn, role: 'status', text: connText }),
        st.status ? h('span', { class: `status status-${st.status}`, text: t('status.' + st.status) }) : null,
        st.info && st.spec && !realtime(st.spec)
          ? h('span', { class: 'tc', id: 'time-control', 'data-preset': st.info.time_control ? `${st.info.time_control.move_s}/${st.info.time_control.bank_s}` : 'untimed' },
            icon('clock'), ' ', timeControlLabel(st.info.time_control))
          : null,
        st.info?.bot_time_ms ? h('span', { class: 'tc', id: 'table-bot-time', text: t('bots.time.head', { s: (st.info.bot_time_ms / 1000).toLocaleString(language()) }) }) : null,
        h('a', { href: `/rules/${st.info?.game || ''}`, id: 'rules', 'data-link': true, text: t('nav.rules') })),
      ...(shareable() ? [h('div', { class: 'invite' }, h('label', { text: t('table.link') }), linkInput, copy)] : []), ...(mine ? [notifyButton()] : []));
  }

  // shareable reports whether this page may show the table's link. A
  // private table's link carries its secret: only its seated people and
  // its owner pass it on, never a spectator.
  function shareable() {
    return !inviteOf(id) || !!mine || !!ownerOf(id) || pass.active;
  }

  // inviteButton returns the phone's "Invite a friend" for a table that
  // waits for people (on a phone the link itself is in the menu): it opens
  // the phone's share sheet with the link, or else copies the link, or
  // else opens the menu where the link can be selected.
  function inviteButton() {
    const b = h('button', { type: 'button', class: 'invite-share', id: 'invite-share' }, icon('plus'), ' ', t('table.share'));
    b.addEventListener('click', async () => {
      const link = inviteLink(id);
      if (navigator.share) {
        try { await navigator.share({ title: st.spec ? gameTitle(st.spec) : 'Minehall', url: link }); } catch { /* the player closed the sheet */ }
        return;
      }
      try { await navigator.clipboard.writeText(link); b.textContent = t('table.copied'); } catch { bar?.openMenu(); }
    });
    return b;
  }

  // renderJoin draws the invitation to join while a person's seat is free
  // (built once and then kept, so that a render keeps the name being typed
  // and the focus), or else the stand-in's banner or the watching note,
  // and the owner's start and abort controls.
  function renderJoin() {
    const free = st.info?.seats.some((s) => s.kind === 'person' && !s.taken);
    if (!(st.info && !mine && st.info.status === 'open' && free)) joinForm = null;
    else joinForm ||= h('form', { class: 'card join-form', onsubmit: join },
      h('p', { text: t('table.invited') }),
      h('label', { for: 'join-name', text: t('lobby.yourname') }),
      h('input', { id: 'join-name', maxlength: 32, value: playerName(), autocomplete: 'nickname' }),
      h('button', { type: 'submit', id: 'join', class: 'primary', text: t('table.join') }));
    for (const child of [...boxes.join.children]) if (child !== joinForm) child.remove();
    if (!st.info) return;
    const banner = keeping.banner();
    if (joinForm) {
      if (!joinForm.isConnected) boxes.join.prepend(joinForm);
    } else if (banner) {
      boxes.join.append(banner);
    } else if (st.you === SPECTATOR && (!mine || st.heard) && st.info.status !== 'finished') {
      // heard: the server said whose page it is
      boxes.join.append(h('p', { class: 'watching', text: t('table.watching') }));
    }
    const ownerToken = ownerOf(id);
    const start = ownerToken && st.info.status === 'open' && !st.info.autostart && st.info.seats.every((s) => s.taken)
      ? h('button', { type: 'button', class: 'primary', id: 'start', onclick: startGame, text: t('table.start') }) : null;
    const abort = owner?.panel();
    const invite = !joinForm && free && st.info.status === 'open' && shareable() ? inviteButton() : null;
    if (invite || start || abort) boxes.join.append(h('div', { class: 'table-actions' }, invite, start, abort));
  }

  function renderMessage() {
    boxes.message.textContent = st.message;
    boxes.message.hidden = !st.message;
  }

  function renderStatus() {
    clearInterval(clockTimer);
    clear(boxes.status);
    renderGraces();
    if (!st.info) return;
    const yourTurn = st.actors.includes(st.you) && st.status === 'playing';
    if (yourTurn && el.dataset.myTurn === 'false') { play('turn'); notifyTurn(id, st.spec ? gameTitle(st.spec) : ''); }
    el.dataset.myTurn = yourTurn ? 'true' : 'false';
    el.dataset.status = st.status;
    el.dataset.n = String(st.n);
    let text;
    if (st.status === 'open') {
      const free = st.info.seats.filter((s) => !s.taken).length;
      text = free ? t('table.waiting', { n: free }) : t('table.waitingowner');
    } else if (st.status === 'finished') {
      // The end screen says how the game ended; the status line says it
      // only until that screen shows.
      text = st.result || st.info.ending ? '' : t('table.over');
    }
    else if (yourTurn) text = t('table.yourturn');
    // Before the first state frame nobody is known to act: the line says
    // the page is connecting, never a bare "Waiting for".
    else if (!st.actors.length) text = st.conn === 'open' ? '' : t('conn.connecting');
    else {
      const who = st.actors.filter((p) => p >= 0).map(nameOf);
      text = who.length ? t('table.theirturn', { names: who.join(', ') }) : t('table.waitingfor', { who: st.actors.map(nameOf).join(', ') });
    }
    const turn = h('span', { class: yourTurn ? 'yourturn' : '', text });
    const own = st.you >= 0 && st.status === 'playing' ? clocks.element(st.you, true) : null;
    boxes.status.append(turn);
    // On a phone the watching note is this tag in the bar (app.css).
    if (st.you === SPECTATOR && st.view !== null && !pass.active && st.status === 'playing') boxes.status.append(' ', h('span', { class: 'watching-tag', text: t('table.watchingtag') }));
    if (pass.active && st.you >= 0) boxes.status.append(' ', h('span', { class: 'tag', id: 'pp-playing', text: t('pp.playing', { name: nameOf(st.you) }) }));
    if (own) boxes.status.append(' ', own);
    // The tab says when it is the person's turn, in words.
    document.title = `${yourTurn ? t('table.yourturn') + ' · ' : ''}${st.spec ? gameTitle(st.spec) : ''} · Minehall`;
    if (st.deadline && st.status === 'playing' && !st.mod?.drawsClock) {
      // The round clock of a game with timed phases, unless the game's
      // renderer draws it (Out of Mine's round clock by the board).
      const time = h('span');
      boxes.status.append(' ', h('span', { class: 'clock', role: 'timer', 'aria-label': t('table.clock') }, icon('clock'), ' ', time));
      const tick = () => {
        const left = Math.max(0, st.deadline - Date.now());
        const s = Math.ceil(left / 1000);
        time.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      };
      tick();
      clockTimer = setInterval(tick, 500);
    }
  }

  // renderGraces says, for every other person who is offline on their
  // turn, how long until a stand-in takes over, counting down.
  function renderGraces() {
    const notes = st.status === 'playing' && st.info
      ? st.info.seats.map((s, i) => (i === st.you ? null : graceNote(s, seatName(s, i)))).filter(Boolean) : [];
    clear(boxes.graces).append(...notes);
    boxes.graces.hidden = !notes.length;
  }

  function renderSeats() {
    clear(boxes.seats);
    if (!st.info) return;
    const scores = st.result?.scores;
    const me = mySeat();
    const pal = colors();
    st.info.seats.forEach((s, i) => {
      const acting = st.actors.includes(i) && st.status === 'playing';
      const clock = s.kind === 'person' && st.status === 'playing' ? clocks.element(i, false) : null;
      boxes.seats.append(h('li', { class: ['seat', acting && 'acting', i === me && 'you', s.stand_in && 'stood-in'], 'data-seat': i,
        'data-presence': presenceOf(s), 'data-stand-in': s.stand_in ? 'true' : 'false' },
        seatBadge(pal, i, t),
        presenceDot(s),
        h('span', { class: 'seat-name', text: seatName(s, i) }),
        st.info.rated ? botRatingTag(st.info.game, s, renderSeats) : null,
        i === me ? h('span', { class: 'tag', text: t('table.you') }) : null,
        !s.taken ? h('span', { class: 'tag free', text: t('table.free') }) : null,
        standInTag(s),
        acting ? h('span', { class: 'tag acting', text: t('table.tomove') }) : null,
        clock,
        scores ? h('span', { class: 'score', text: t('table.points', { n: scores[i] }) }) : null,
        owner?.seatControl(i)));
    });
    clear(boxes.seatctl).append(spectatorsLine(st.info) || '', keeping.button() || '');
  }

  function renderBoard() {
    // A table called off before its start has no game to show.
    const never = ['aborted', 'expired'].includes(st.info?.ending);
    if (!st.mod || !st.view || never) {
      if (!st.view || never) clear(boxes.board);
      return;
    }
    const focused = boxes.board.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    lastCtx = {
      view: st.view, prev: st.prevView, legal: st.status === 'playing' ? st.legal : [], send, you: st.you,
      actors: st.actors, names: names(), t, lang: language(), colorBlind: document.body.classList.contains('colorblind'),
      status: st.status, n: st.n, deadline: st.deadline, explain, announce,
      srMode: document.body.classList.contains('srmode'),
    };
    st.mod.render(boxes.board, lastCtx);
    if (focused) boxes.board.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
    refocusPlay();
    access?.render();
  }

  // renderNotation draws the field for typed moves. What is typed and not
  // sent yet, and the focus, outlive the render: an update arriving while
  // a player types takes neither away, and a refused move stays there to
  // be mended.
  function renderNotation() {
    const refocus = keepFocus();
    clear(boxes.notation);
    if (st.you === SPECTATOR || st.status !== 'playing') return;
    const answer = typedAnswer();
    const list = h('datalist', { id: 'legal-moves' }, st.legal.map((m) => h('option', { value: m })));
    const input = h('input', { id: 'move-input', list: 'legal-moves', autocomplete: 'off', disabled: !st.legal.length,
      placeholder: st.legal[0] || '', 'aria-describedby': 'move-help', value: draft, oninput: (e) => { draft = e.target.value; } });
    boxes.notation.onsubmit = (e) => {
      e.preventDefault();
      draft = input.value;
      const m = draft.trim();
      if (m) submitTyped(m);
    };
    boxes.notation.append(h('label', { for: 'move-input', text: t('table.typemove') }), input, list,
      h('button', { type: 'submit', id: 'move-send', disabled: !st.legal.length, text: t('table.send') }),
      h('small', { id: 'move-help', class: 'help', text: t('table.legalcount', { n: st.legal.length }) }));
    if (answer) boxes.notation.append(answer);
    refocus();
    refocusPlay();
  }

  // typedAnswer says what became of the last typed move: accepted, or
  // the engine's reason why not.
  function typedAnswer() {
    if (!typed) return null;
    const words = moveWords(st.mod, st.info?.game, typed.move, t, names(), { player: st.you });
    const text = {
      asking: t('table.typed.asking', { move: typed.move }),
      sent: t('table.typed.asking', { move: typed.move }),
      accepted: t('table.typed.accepted', { move: words }),
      refused: t('table.typed.refused', { move: typed.move, reason: typed.text || '' }),
    }[typed.state];
    return h('p', { class: ['typed-answer', `typed-${typed.state}`], id: 'move-answer', role: 'status', 'data-state': typed.state },
      icon(typed.state === 'refused' ? 'warning' : typed.state === 'accepted' ? 'check' : 'clock'), ' ', text);
  }

  // renderLog draws the log, keeping the lines already drawn: a line is
  // drawn anew only when what it shows changed (its move, the names, the
  // language, the colours), so that a move of a long game adds one line
  // instead of drawing hundreds again. It scrolls to the last move when a
  // line was added.
  function renderLog() {
    const pal = colors();
    const seen = JSON.stringify([language(), names(), pal, !!st.mod]);
    const lines = st.log.map((e) => ({ e, key: `${seen}|${e.earlier ? 'earlier' : ''}|${e.n}|${e.player}|${e.move}|${e.veiled}|${e.standIn}` }));
    const wanted = new Set(lines.map((l) => l.key));
    for (const li of [...boxes.log.children]) if (!wanted.has(li.logKey)) li.remove();
    let next = boxes.log.firstElementChild;
    let added = false;
    for (const { e, key } of lines) {
      if (next?.logKey === key) { next = next.nextElementSibling; continue; }
      const li = logLine(e, pal);
      li.logKey = key;
      boxes.log.insertBefore(li, next);
      added = true;
    }
    // Lines left over were out of order: drawn again above.
    while (next) { const after = next.nextElementSibling; next.remove(); next = after; }
    if (added) boxes.log.scrollTop = boxes.log.scrollHeight;
  }

  // logLine returns the log's line for entry e.
  function logLine(e, pal) {
    if (e.earlier) return h('li', { class: 'earlier', text: t('log.earlier', { n: e.n }) });
    const words = loggedWords(st.mod, st.info?.game, e, t, names());
    return h('li', { 'data-n': e.n, class: e.standIn ? 'by-standin' : null }, h('span', { class: 'log-n', text: `${e.n}.` }), ' ',
      e.player >= 0 ? seatBadge(pal, e.player, t, 'small') : null, h('span', { class: 'log-who', text: nameOf(e.player) }), ' ',
      e.standIn ? h('span', { class: 'log-standin', text: t('log.standin') }) : null, e.standIn ? ' ' : null, words);
  }

  function renderEnd() {
    clear(boxes.end);
    const ending = st.info?.ending || '';
    const over = st.status === 'finished' && (st.result || ending);
    // The end screen stays hidden, not an empty box, until its module
    // (loaded when a game ends) has drawn it.
    boxes.end.hidden = !over || !renderEnd.module;
    boxes.end.dataset.ending = ending;
    if (!over) return;
    if (!renderEnd.module) {
      renderEnd.loading ||= import('./endscreen.js').then((m) => { renderEnd.module = m; renderEnd(); });
      return;
    }
    const { endOrder, winnersLine } = renderEnd.module;
    const r = ending ? {} : st.result;
    const me = mySeat();
    const rows = endOrder(names().map((n, i) => ({ i, n, score: r.scores?.[i], win: (r.winners || []).includes(i), standIn: endedWithStandIn(i) })));
    const parts = ending ? null : st.mod?.breakdown?.(st.view, { t, names: names(), you: st.you, result: r });
    const pal = colors();
    const who = (row) => [
      row.win ? icon('trophy', 'win') : null, row.win ? h('span', { class: 'sr', text: t('end.winner') + ': ' }) : null,
      seatBadge(pal, row.i, t, 'small'), ' ', row.n, row.i === me ? ` (${t('table.you')})` : '',
      row.standIn ? h('span', { class: 'tag standin', 'data-stand-in': 'true' }, icon('bot'), ' ', t('end.standin')) : null];
    const offer = rematch().view(st.info);
    ratingChanges ||= new renderEnd.module.RatingChanges(id, () => renderEnd());
    if (st.info?.rated && !ending) ratingChanges.load();
    boxes.end.append(...[
      h('h2', { id: 'end-h', text: ['aborted', 'expired'].includes(ending) ? t('end.closed') : t('end.title') }),
      ending ? h('p', { class: 'ending', text: t('ending.' + ending) }) : null,
      h('p', { class: 'winners', text: winnersLine({ result: r, parts, nameOf, game: st.info?.game, t }) }),
      ending
        ? (ending === 'abandoned' ? h('ul', { class: 'endseats' }, rows.map((row) => h('li', { 'data-seat': row.i }, who(row)))) : null)
        : h('table', { class: 'scores' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('end.player') }), h('th', { scope: 'col', text: t('end.score') }))),
          h('tbody', {}, rows.map((row) => h('tr', { class: row.win ? 'winner' : '', 'data-seat': row.i },
            h('td', {}, who(row)),
            h('td', { text: row.score ?? '' }))))),
      st.info?.rated && !ending ? ratingChanges.view() : null,
      ending ? null : renderEnd.module.breakdownSection(parts, r.scores, names(), pal, t),
      offer.note,
      h('div', { class: 'actions' },
        ...offer.buttons,
        !ending || ending === 'abandoned'
          ? h('a', { class: 'button', href: `/replay/${id}`, 'data-link': true, id: 'replay', text: t('end.replay') }) : null,
        !ending ? h('a', { class: 'button', href: `/review/${id}`, 'data-link': true, id: 'review', text: t('end.review') }) : null,
        h('a', { class: 'button', href: '/', 'data-link': true, text: t('end.lobby') }))].filter(Boolean));
  }

  const offLang = onLanguage(() => {
    if (missing) { renderMissing(); return; }
    // The invitation is built in the new language, with the name typed so far.
    const name = joinForm?.querySelector('#join-name').value;
    joinForm = null;
    chat.renderList();
    renderAll();
    if (joinForm && name !== undefined) joinForm.querySelector('#join-name').value = name;
  });
  const onCB = () => renderBoard();
  window.addEventListener('minehall:colorblind', onCB);
  window.addEventListener('minehall:srmode', srMode);
  srMode();
  start();
  return {
    leave() {
      left = true;
      offLang();
      window.removeEventListener('minehall:colorblind', onCB);
      window.removeEventListener('minehall:srmode', srMode);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointer);
      boxes.board.removeEventListener('keydown', onBoardKey, true);
      boardWatch.disconnect();
      access?.stop();
      clearInterval(clockTimer);
      ratingChanges?.stop();
      clocks.stop();
      chat.stop();
      bar.stop();
      if (sock) sock.close();
    },
    title: () => (st.spec ? gameTitle(st.spec) : t('table.title')),
  };
}

