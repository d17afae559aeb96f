// The table's chat (docs/protocol.md, "Chat"): the messages with their
// senders' names and seat colours, an input of at most 500 characters with
// a counter, the quick phrases (sent as keys, said in each reader's own
// language), the server's reason when a message is refused, and the
// owner's controls (mute a seat, let spectators chat). Messages are text
// only: they are put on the page as text nodes, never as markup.
//
// On a phone (compact.js) the panel starts folded: the table's bar has its
// button with the count of the messages not read yet, and open, the panel
// is a sheet at the bottom (at the side in landscape) below the board.
import { h, clear } from './dom.js';
import { t } from './i18n.js';
import { seatBadge } from './seatcolors.js';
import { compact } from './compact.js';

// PHRASES are the quick phrases' keys, as the server knows them.
export const PHRASES = ['hello', 'good_luck', 'have_fun', 'your_turn', 'one_moment', 'thinking', 'nice_move', 'oops',
  'sorry', 'thanks', 'well_played', 'good_game', 'rematch', 'bye'];
export const MAX_CHARS = 500;
const SPECTATOR = -3;
const KEEP = 500; // messages kept on the page

// messageText returns what a message says in the reader's language.
export function messageText(m) {
  return m.phrase ? t('chat.phrase.' + m.phrase) : (m.text || '');
}

// messageLine returns a message as a list item: the sender's badge (a
// seat's colour) and name, then the text, all as text nodes.
export function messageLine(m, colors, nameOf) {
  const seat = m.seat >= 0;
  const who = m.name || (seat ? nameOf(m.seat) : t('chat.anonymous'));
  return h('li', { class: ['chat-msg', m.phrase && 'phrase'], 'data-id': m.id, 'data-seat': m.seat, 'data-after': m.after },
    seat ? seatBadge(colors, m.seat, t, 'small') : null,
    h('span', { class: 'chat-who', text: who }),
    seat ? null : h('span', { class: 'tag', text: t('chat.spectator') }),
    ' ', h('span', { class: 'chat-text', text: messageText(m) }));
}

// ChatPanel is the chat of one table page. o: info() the table, you() the
// connection's seat (-3 watching), owner() the owner token or null,
// ownSeat() the seat this device holds as its own (-1 none: the owner is
// offered no mute for it), colors(), nameOf(seat), send(frame) → whether the frame went out,
// changed(info) after the owner's settings changed, api(method, path,
// body, token), rendered() after every render (optional).
export class ChatPanel {
  constructor(o) {
    this.o = o;
    this.msgs = [];
    this.unread = 0;
    this.error = '';
    this.narrow = compact();
    this.open = !this.narrow.matches;
    this.onNarrow = (e) => this.setOpen(!e.matches);
    this.narrow.addEventListener('change', this.onNarrow);
    this.list = h('ol', { class: 'chat-list', id: 'chat-list', 'aria-live': 'polite' });
    this.badge = h('span', { class: 'chat-unread', id: 'chat-unread', hidden: true });
    this.toggle = h('button', { type: 'button', class: 'chat-toggle', id: 'chat-toggle', 'aria-controls': 'chat-body', onclick: () => this.setOpen(!this.open) });
    this.err = h('p', { class: 'chat-error', id: 'chat-error', role: 'alert', hidden: true });
    this.note = h('p', { class: 'chat-note', id: 'chat-note', hidden: true });
    this.count = h('small', { class: 'chat-count', id: 'chat-count', 'aria-live': 'off' });
    this.input = h('input', { id: 'chat-input', maxlength: MAX_CHARS, autocomplete: 'off', oninput: () => this.counter() });
    this.sendBtn = h('button', { type: 'submit', id: 'chat-send' });
    this.form = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); this.say(); } }, this.input, this.sendBtn, this.count);
    this.summary = h('summary');
    this.phraseButtons = PHRASES.map((p) => h('button', { type: 'button', 'data-phrase': p, onclick: () => this.say(p) }));
    this.phrases = h('details', { class: 'chat-phrases' }, this.summary, h('div', { class: 'chat-phrase-list' }, this.phraseButtons));
    this.ownerBox = h('div', { class: 'chat-owner', id: 'chat-owner' });
    this.body = h('div', { class: 'chat-body', id: 'chat-body' }, this.list, this.err, this.note, this.form, this.phrases, this.ownerBox);
    this.element = h('section', { class: 'chat', id: 'chat' }, this.toggle, this.body);
  }

  setOpen(open) {
    this.open = open;
    if (open) this.unread = 0;
    this.render();
    if (open) this.list.scrollTop = this.list.scrollHeight;
  }

  // stop ends the panel's watch of the screen's width.
  stop() { this.narrow.removeEventListener('change', this.onNarrow); }

  // load replaces the messages with those of a state frame.
  load(list) {
    const had = new Set(this.msgs.map((m) => m.id));
    this.msgs = (list || []).slice(-KEEP);
    if (!this.open) this.unread += this.msgs.filter((m) => !had.has(m.id)).length;
    this.renderList();
    this.render();
  }

  // add appends the message of a chat frame.
  add(m) {
    if (this.msgs.some((x) => x.id === m.id)) return;
    this.msgs.push(m);
    if (this.msgs.length > KEEP) this.msgs.shift();
    if (!this.open) this.unread++;
    this.renderList();
    this.render();
  }

  // refused shows the server's reason for a refused chat frame.
  refused(f) {
    this.error = f.message || f.code;
    this.render();
  }

  mayChat() {
    const info = this.o.info();
    if (!info) return false;
    const you = this.o.you();
    if (you === SPECTATOR) return !!info.chat?.spectators;
    return !(info.chat?.muted || []).includes(you);
  }

  say(phrase) {
    const text = this.input.value.trim();
    const f = phrase ? { type: 'chat', phrase } : { type: 'chat', text };
    if (!phrase && !text) return;
    if (!this.o.send(f)) { this.error = t('table.notconnected'); this.render(); return; }
    this.error = '';
    if (!phrase) { this.input.value = ''; this.counter(); }
    this.render();
  }

  counter() {
    const n = [...this.input.value].length;
    this.count.textContent = t('chat.count', { n, max: MAX_CHARS });
    this.count.classList.toggle('near', n > MAX_CHARS - 50);
  }

  renderList() {
    const colors = this.o.colors();
    clear(this.list).append(...this.msgs.map((m) => messageLine(m, colors, this.o.nameOf)));
    if (!this.msgs.length) this.list.append(h('li', { class: 'chat-empty', text: t('chat.empty') }));
    this.list.scrollTop = this.list.scrollHeight;
  }

  render() {
    const may = this.mayChat();
    this.element.classList.toggle('open', this.open);
    this.body.hidden = !this.open;
    this.toggle.setAttribute('aria-expanded', String(this.open));
    clear(this.toggle).append(t('chat.title'), ' ', this.badge);
    this.badge.hidden = !this.unread;
    this.badge.textContent = String(this.unread);
    this.badge.setAttribute('aria-label', t('chat.unread', { n: this.unread }));
    this.err.textContent = this.error;
    this.err.hidden = !this.error;
    // Who may not chat is told why in a line of its own, in place of the
    // field, which would cut the reason short on a narrow panel.
    this.note.textContent = may ? '' : t(this.o.you() === SPECTATOR ? 'chat.nospectators' : 'chat.muted');
    this.note.hidden = may;
    this.form.hidden = !may;
    this.input.placeholder = t('chat.placeholder');
    this.input.disabled = !may;
    this.input.setAttribute('aria-label', t('chat.placeholder'));
    this.sendBtn.textContent = t('chat.send');
    this.sendBtn.disabled = !may;
    this.counter();
    this.summary.textContent = t('chat.phrases');
    this.phraseButtons.forEach((b) => { b.textContent = t('chat.phrase.' + b.dataset.phrase); b.disabled = !may; });
    this.phrases.hidden = !may;
    this.renderOwner();
    this.o.rendered?.();
  }

  // renderOwner draws the owner's controls: who may chat. The controls are
  // built once for a table and its people's seats and then only updated,
  // so that a change arriving from the server neither takes the keyboard
  // focus away nor swaps a box under the pointer; a box whose change is on
  // its way keeps the owner's click until the server answers.
  renderOwner() {
    const token = this.o.owner();
    const info = this.o.info();
    if (!token || !info) {
      clear(this.ownerBox);
      this.owner = null;
      return;
    }
    const own = this.o.ownSeat?.() ?? -1;
    const people = info.seats.flatMap((s, i) => (s.kind === 'person' && i !== own ? [i] : []));
    const key = info.id + ':' + people.join(',');
    // A box whose change is on its way stays until the server answers.
    if (this.owner?.key !== key && !this.owner?.pending) this.owner = this.buildOwner(key, people);
    const o = this.owner;
    const muted = info.chat?.muted || [];
    o.heading.textContent = t('chat.owner');
    o.spectatorsText.textContent = t('chat.letspectators');
    if (!o.pending) o.spectators.checked = !!info.chat?.spectators;
    o.mutes.forEach(({ seat, box, text }) => {
      text.textContent = t('chat.mute', { name: this.o.nameOf(seat) });
      if (!o.pending) box.checked = muted.includes(seat);
    });
  }

  // buildOwner puts the owner's controls on the page: who may chat, and a
  // mute box for each seat in people.
  buildOwner(key, people) {
    const o = { key, pending: 0 };
    const set = async (body) => {
      const info = this.o.info();
      o.pending++;
      try {
        this.o.changed(await this.o.api('POST', `/api/tables/${info.id}/chat/settings`, body, this.o.owner()));
        this.error = '';
      } catch (e) { this.error = e.message; }
      o.pending--;
      this.render();
    };
    const box = (attrs) => h('input', { type: 'checkbox', ...attrs });
    o.heading = h('p', { class: 'chat-owner-h' });
    o.spectators = box({ id: 'chat-spectators', onchange: (e) => set({ spectators: e.target.checked }) });
    o.spectatorsText = h('span');
    o.mutes = people.map((seat) => ({
      seat,
      box: box({ 'data-mute': seat, onchange: () => set({ muted: o.mutes.filter((m) => m.box.checked).map((m) => m.seat) }) }),
      text: h('span'),
    }));
    clear(this.ownerBox).append(o.heading, h('label', {}, o.spectators, ' ', o.spectatorsText),
      ...o.mutes.map((m) => h('label', {}, m.box, ' ', m.text)));
    return o;
  }
}
