// Play without sight: the table page's screen-reader mode and the list of
// legal moves. Loaded by table.js only when needed (the mode is on, or a
// player pressed "m" on the board), so that no other page carries it.
//
// The mode adds, above the board, a command field (#sr-command, labelled
// "Command or move") whose answers appear in #sr-answer (a polite log).
// Typed text that names a legal move (or a unique prefix of one) is
// played; else it is matched against the command words: the generic ones
// (help, board, moves, turn, clock, score, at REF / what is at REF) and
// the game renderer's access.commands(ctx), longest words first. Events
// (the other players' moves, the turn, the clock running low, the end)
// are told once each in the table page's #announce live region; the
// Announcer here decides what to tell.
import { h, clear } from './dom.js';
import { t } from './i18n.js';
import { moveWords, loggedWords } from './words.js';
import { Clocks } from './clocks.js';

// LOW_MS is the time left under which the clock is told once per turn.
const LOW_MS = 10000;

// words splits an i18n text of command words ("at|what is at") into its
// lower-case alternatives.
function words(key) {
  return t(key).split('|').map((w) => w.trim().toLowerCase()).filter(Boolean);
}

// duration says a number of milliseconds as m:ss.
function duration(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// moveList returns the legal moves of ctx with their words, in the order
// the server lists them.
export function moveList(host) {
  const ctx = host.ctx();
  return (ctx?.legal || []).map((move) => ({ move, words: moveWords(host.mod(), host.game(), move, t, ctx.names, { player: ctx.you }) }));
}

// movesDialog shows the legal moves as a modal list: arrow keys (and Home,
// End) choose, Enter (or a click) plays the chosen move, Escape closes.
// host is the table page (see Access); done is called once it closes,
// with the move played or null, after the dialog has left the page.
export function movesDialog(host, done) {
  const moves = moveList(host);
  let at = 0;
  const options = moves.map((m, i) => h('li', { role: 'option', id: `moves-opt-${i}`, 'aria-selected': i === 0 ? 'true' : 'false',
    onclick: () => { at = i; choose(); } }, m.words === m.move ? m.move : `${m.words} (${m.move})`));
  const list = h('ul', { role: 'listbox', class: 'moves-list', id: 'moves-list', tabindex: '0', 'aria-labelledby': 'moves-h',
    'aria-activedescendant': moves.length ? 'moves-opt-0' : null });
  list.append(...options);
  let played = null;
  const dlg = h('dialog', { class: 'confirm moves-dialog', id: 'moves-dialog', 'aria-labelledby': 'moves-h' },
    h('h2', { id: 'moves-h', text: t('access.moves.title', { n: moves.length }) }),
    moves.length ? list : h('p', { text: t('access.moves.none') }),
    h('p', { class: 'help', text: t('access.moves.help') }),
    h('form', { method: 'dialog', class: 'actions' }, h('button', { type: 'submit', value: 'cancel', id: 'moves-close', text: t('access.moves.close') })));
  const show = (i) => {
    if (!moves.length) return;
    at = Math.max(0, Math.min(moves.length - 1, i));
    options.forEach((o, k) => o.setAttribute('aria-selected', k === at ? 'true' : 'false'));
    list.setAttribute('aria-activedescendant', options[at].id);
    options[at].scrollIntoView({ block: 'nearest' });
  };
  function choose() {
    if (!moves.length) return;
    played = moves[at].move;
    dlg.close();
  }
  list.addEventListener('keydown', (e) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[e.key];
    if (step) show(at + step);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(moves.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') choose();
    else return;
    e.preventDefault();
  });
  dlg.addEventListener('close', () => {
    dlg.remove();
    done(played);
  });
  document.body.append(dlg);
  dlg.showModal();
  (moves.length ? list : dlg.querySelector('#moves-close')).focus();
  return dlg;
}

// Access is the screen-reader mode of one table page. host gives what the
// page knows: ctx() the renderer's ctx (null before the first view), mod()
// the renderer module, game() the game's id, play(move) sends a move,
// nameOf(seat), status() and turnText() the page's state and its status
// line, clocks the page's Clocks, deadline() a timed phase's deadline,
// result() the result once the game ends, announce(text) the live region.
export class Access {
  constructor(host) {
    this.host = host;
    this.input = h('input', { id: 'sr-command', type: 'text', list: 'sr-complete', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'sr-help' });
    this.complete = h('datalist', { id: 'sr-complete' });
    this.answer = h('div', { id: 'sr-answer', class: 'sr-answer', role: 'log', 'aria-live': 'polite' });
    this.label = h('label', { for: 'sr-command' });
    this.help = h('small', { id: 'sr-help', class: 'help' });
    this.button = h('button', { type: 'submit' });
    this.element = h('form', { class: 'sr-panel', id: 'sr-panel', onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      this.label, h('div', { class: 'sr-line' }, this.input, this.button), this.help, this.complete, this.answer);
    this.said = { n: -1, turn: false, low: -1, end: false };
    this.timer = setInterval(() => this.watchClock(), 1000);
    this.render();
  }

  stop() { clearInterval(this.timer); }

  // access returns the renderer's access export, or null.
  access() { return this.host.mod()?.access || null; }

  // commands returns every command the field knows: the game's first, so
  // that a game's word wins over a generic one of the same length.
  commands() {
    const ctx = this.host.ctx();
    const own = ctx ? (this.access()?.commands?.(ctx) || []) : [];
    const generic = [
      { key: 'help', answer: () => this.helpText() },
      { key: 'board', answer: (c) => (this.access()?.summary?.(c) || [t('access.noboard')]).join(' ') },
      { key: 'moves', answer: () => this.movesText() },
      { key: 'turn', answer: () => this.host.turnText() || t('access.noturn') },
      { key: 'clock', answer: () => this.clockText() },
      { key: 'score', answer: () => this.scoreText() },
      { key: 'at', answer: (c, rest) => this.cellText(c, rest) },
    ].map((g) => ({ words: words(`access.cmd.${g.key}`), help: t(`access.cmd.${g.key}.help`), answer: g.answer }));
    return [...own, ...generic];
  }

  // render refreshes the field's label and completion (the legal moves and
  // the command words) after every render of the page.
  render() {
    this.label.textContent = t('access.command');
    this.answer.setAttribute('aria-label', t('access.answers'));
    this.button.textContent = t('access.send');
    this.help.textContent = t('access.commandhelp');
    const legal = this.host.ctx()?.legal || [];
    const offered = [...legal, ...this.commands().flatMap((c) => c.words)];
    const have = [...this.complete.options].map((o) => o.value);
    if (have.length !== offered.length || have.some((v, i) => v !== offered[i])) {
      clear(this.complete).append(...offered.map((v) => h('option', { value: v })));
    }
  }

  // submit answers what was typed.
  submit() {
    const text = this.input.value.trim();
    if (!text) return;
    this.input.value = '';
    this.reply(text, this.respond(text));
  }

  // reply shows a question and its answer in #sr-answer, the newest last.
  reply(question, text) {
    this.answer.append(h('p', {}, h('span', { class: 'sr-q', text: `${question}: ` }), text));
    while (this.answer.children.length > 20) this.answer.firstChild.remove();
  }

  // respond returns the answer to typed text: a legal move is played; a
  // command answers; a unique prefix of a legal move is played.
  respond(text) {
    const ctx = this.host.ctx();
    const lower = text.toLowerCase().replace(/\s+/g, ' ');
    const legal = ctx?.legal || [];
    const exact = legal.find((m) => m.toLowerCase() === lower);
    if (exact) return this.play(exact);
    const pairs = this.commands().flatMap((c) => c.words.map((w) => ({ w, c }))).sort((a, b) => b.w.length - a.w.length);
    const hit = pairs.find(({ w }) => lower === w || lower.startsWith(w + ' '));
    if (hit) {
      try {
        return hit.c.answer(ctx, text.trim().slice(hit.w.length).trim()) || t('access.nothing');
      } catch (e) {
        return t('access.failed', { message: e.message });
      }
    }
    const prefixed = legal.filter((m) => m.toLowerCase().startsWith(lower));
    if (prefixed.length === 1) return this.play(prefixed[0]);
    if (prefixed.length > 1) return t('access.ambiguous', { moves: prefixed.slice(0, 12).join(', ') });
    if (!legal.length && this.host.status() === 'playing') return t('access.notyourturn');
    return t('access.unknown', { text });
  }

  play(move) {
    const words = moveWords(this.host.mod(), this.host.game(), move, t, this.host.ctx()?.names || [], { player: this.host.ctx()?.you });
    return this.host.play(move) ? t('access.played', { move: words }) : t('table.notconnected');
  }

  helpText() {
    const lines = this.commands().map((c) => `${c.words[0]}: ${c.help}`);
    return `${t('access.helpintro')} ${lines.join(' · ')}. ${t('access.keyhelp')}`;
  }

  movesText() {
    const moves = moveList(this.host);
    if (!moves.length) return t('access.moves.none');
    return t('access.moves.list', { n: moves.length, moves: moves.map((m) => (m.words === m.move ? m.move : `${m.words} (${m.move})`)).join('; ') });
  }

  cellText(ctx, rest) {
    const ref = rest.trim().toLowerCase();
    if (!ref) return t('access.at.which');
    const cell = ctx ? this.access()?.cell?.(ctx, ref) : null;
    return cell ?? t('access.at.none', { ref });
  }

  clockText() {
    const { clocks } = this.host;
    const ctx = this.host.ctx();
    const now = Date.now();
    const parts = [];
    const deadline = this.host.deadline();
    if (deadline && this.host.status() === 'playing') parts.push(t('access.clock.phase', { time: duration(deadline - now) }));
    if (clocks.timed()) {
      (ctx?.names || []).forEach((name, i) => {
        const c = clocks.of(i);
        if (!c) return;
        const left = c.running && c.deadline ? Clocks.left(c, now).total : (c.bank_ms || 0);
        parts.push(t(c.running ? 'access.clock.running' : 'access.clock.seat', { name, time: duration(left) }));
      });
    }
    return parts.length ? parts.join(' ') : t('access.clock.none');
  }

  scoreText() {
    const ctx = this.host.ctx();
    const names = ctx?.names || [];
    const result = this.host.result();
    let scores = result?.scores;
    if (!scores && ctx?.view) {
      const parts = this.host.mod()?.breakdown?.(ctx.view, { t, names, you: ctx.you, result: null });
      if (Array.isArray(parts) && parts.some(Boolean)) {
        scores = parts.map((lines) => (lines || []).reduce((n, l) => n + (l.tie ? 0 : Number(l.points) || 0), 0));
      } else if (Array.isArray(ctx.view.scores)) scores = ctx.view.scores;
    }
    if (!scores) return t('access.score.none');
    return names.map((name, i) => t('access.score.seat', { name, n: scores[i] ?? 0 })).join(', ');
  }

  // frame tells what a frame brought: another player's move, the
  // person's turn, the end with the result. f is the frame, turn whether it
  // is now the person's turn.
  frame(f, turn) {
    const ctx = this.host.ctx();
    if (f.type === 'update' && f.n !== this.said.n && f.player !== ctx?.you && f.player >= 0) {
      this.said.n = f.n;
      // A move the person may not see is told as the log tells it.
      const w = loggedWords(this.host.mod(), this.host.game(), f, t, ctx?.names || []);
      this.host.announce(t('access.moved', { name: this.host.nameOf(f.player), move: w }));
    }
    if (turn && !this.said.turn) this.host.announce(t('table.yourturn'));
    this.said.turn = turn;
    const result = this.host.result();
    if (this.host.status() === 'finished' && result && !this.said.end) {
      this.said.end = true;
      this.host.announce(this.endText(result));
    }
  }

  // endText says the result: who won and everyone's score.
  endText(result) {
    const w = result.winners || [];
    const scores = (result.scores || []).map((n, i) => t('access.score.seat', { name: this.host.nameOf(i), n })).join(', ');
    return w.length ? t('access.end.won', { names: w.map((i) => this.host.nameOf(i)).join(', '), scores }) : t('access.end.none', { scores });
  }

  // watchClock tells, once per position the person is to move in, that
  // their clock runs low: ten seconds left of the move time, or of the
  // bank once the move time is spent, or of a timed phase.
  watchClock() {
    const ctx = this.host.ctx();
    if (!ctx || this.host.status() !== 'playing' || ctx.you < 0 || !(ctx.legal || []).length || this.said.low === ctx.n) return;
    const now = Date.now();
    const c = this.host.clocks.timed() ? this.host.clocks.of(ctx.you) : null;
    const lefts = [];
    if (c?.running && c.deadline) {
      const left = Clocks.left(c, now);
      lefts.push(left.move > 0 ? left.move : left.total);
    }
    const deadline = this.host.deadline();
    if (deadline) lefts.push(deadline - now);
    const low = lefts.find((left) => left > 0 && left <= LOW_MS);
    if (low === undefined) return;
    this.said.low = ctx.n;
    this.host.announce(t('access.clock.low', { time: duration(low) }));
  }
}
