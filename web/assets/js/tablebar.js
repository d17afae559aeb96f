// The table page on a phone (the compact layout, compact.js): one slim bar
// at the top (the menu, whose turn it is with the clock, the chat), the
// site's navigation and settings and the table's head (title, connection,
// invitation, notifications, take-back) in a sheet the menu opens, and a
// stage for the game's renderer: the CSS custom property --stage-h on the
// board, the height from the board's top to the bottom of the screen
// when the page is scrolled to its top. On a larger screen the bar is
// hidden, everything stays where the page put it and --stage-h is unset.
import { h } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { compact } from './compact.js';

// TableBar takes o: board (the renderer's element), status (the turn
// line), head (the table's head), takeback (the take-back element), chat
// (the ChatPanel), above() (the elements above the board whose size moves
// it) and title() (the game's title). Its element goes first on the page.
export class TableBar {
  constructor(o) {
    this.o = o;
    this.query = compact();
    this.slot = h('div', { class: 'bar-status', id: 'bar-status' });
    this.menuButton = h('button', { type: 'button', class: 'iconbutton bar-menu', id: 'bar-menu', 'aria-haspopup': 'dialog',
      onclick: () => this.openMenu() }, icon('menu'));
    this.chatBadge = h('span', { class: 'chat-unread', id: 'bar-chat-unread', hidden: true });
    this.chatButton = h('button', { type: 'button', class: 'iconbutton bar-chat', id: 'bar-chat', 'aria-controls': 'chat',
      onclick: () => o.chat.setOpen(!o.chat.open) }, icon('chat'), this.chatBadge);
    // The page's heading on a phone, where the table's head is in the sheet.
    this.heading = h('h1', { class: 'sr', id: 'bar-title' });
    this.element = h('div', { class: 'tablebar', id: 'tablebar' }, this.heading, this.menuButton, this.slot, this.chatButton);
    this.closeButton = h('button', { type: 'button', class: 'iconbutton sheet-close', id: 'menu-close', onclick: () => this.sheet.close() }, icon('close'));
    this.site = h('div', { class: 'sheet-site' });
    this.tableBox = h('div', { class: 'sheet-table' });
    this.sheet = h('dialog', { class: 'sheet', id: 'table-menu', 'aria-labelledby': 'table-menu-h' },
      h('div', { class: 'sheet-top' }, h('h2', { id: 'table-menu-h' }), this.closeButton), this.site, this.tableBox);
    // A tap on the backdrop (outside the sheet's box) closes it.
    this.sheet.addEventListener('click', (e) => { if (e.target === this.sheet) this.sheet.close(); });
    this.sheet.addEventListener('close', () => this.returnSite());
    // Where the moved parts live on a large screen.
    this.homes = new Map([o.status, o.head, o.takeback].map((e) => [e, null]));
    this.onChange = () => { if (!this.query.matches && this.sheet.open) this.sheet.close(); this.place(); };
    this.query.addEventListener('change', this.onChange);
    this.onResize = () => { this.measure(); this.placeChat(); };
    window.addEventListener('resize', this.onResize);
    // Whatever grows or shrinks above the board moves its top.
    this.watch = new ResizeObserver(() => this.measure());
    document.body.classList.add('on-table');
    document.body.append(this.sheet);
  }

  // start notes where the moved parts live on a large screen (call once
  // they are on the page) and places them for the screen.
  start() {
    for (const e of this.homes.keys()) this.homes.set(e, { parent: e.parentNode, next: e.nextSibling });
    for (const e of this.o.above()) this.watch.observe(e);
    this.watch.observe(this.element);
    this.watch.observe(this.o.board);
    // Text above the board takes its height once the fonts are in.
    document.fonts?.ready.then(() => this.measure());
    this.place();
  }

  // place puts the status line in the bar and the head and the take-back
  // (unless someone asks to take back, which the players must see) in the
  // sheet on a phone, and everything home on a large screen.
  place() {
    const small = this.query.matches;
    const home = (e) => {
      const at = this.homes.get(e);
      if (at?.parent && e.parentNode !== at.parent) at.parent.insertBefore(e, at.next?.parentNode === at.parent ? at.next : null);
    };
    if (small) {
      if (this.o.status.parentNode !== this.slot) this.slot.append(this.o.status);
      if (this.o.head.parentNode !== this.tableBox) this.tableBox.prepend(this.o.head);
      const asked = !!this.o.takeback.querySelector('#tb-request');
      if (asked) home(this.o.takeback);
      else if (this.o.takeback.parentNode !== this.tableBox) this.tableBox.append(this.o.takeback);
    } else {
      for (const e of this.homes.keys()) home(e);
    }
    this.render();
    // Measured once a frame, before it is painted, when the page's layout
    // is made anyway: a render that moves things does not force a layout
    // of its own (a busy table renders many times a second).
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.measure(); });
  }

  // measure sets --stage-h on the board on a phone, and removes it on a
  // large screen.
  measure() {
    const board = this.o.board;
    if (!this.query.matches) { board.style.removeProperty('--stage-h'); return; }
    const top = board.getBoundingClientRect().top + window.scrollY;
    const px = Math.max(160, Math.floor(window.innerHeight - top));
    if (board.style.getPropertyValue('--stage-h') !== `${px}px`) board.style.setProperty('--stage-h', `${px}px`);
  }

  // render draws the bar's labels and the chat's unread count.
  render() {
    const chat = this.o.chat;
    this.heading.textContent = this.o.title();
    this.menuButton.setAttribute('aria-label', t('table.menu'));
    this.closeButton.setAttribute('aria-label', t('table.menu.close'));
    this.sheet.querySelector('#table-menu-h').textContent = t('table.menu');
    this.chatButton.setAttribute('aria-label', chat.unread ? `${t('chat.title')}: ${t('chat.unread', { n: chat.unread })}` : t('chat.title'));
    this.chatButton.setAttribute('aria-expanded', String(!!chat.open));
    this.chatBadge.hidden = !chat.unread;
    this.chatBadge.textContent = String(chat.unread);
    this.placeChat();
  }

  // placeChat puts the open chat's sheet on a phone below the board and
  // the scores (beside them on a screen on its side): the renderer marks
  // its board with data-stage-board. The sheet keeps at least 40% of the
  // screen.
  placeChat() {
    const el = this.o.chat.element;
    el.style.removeProperty('--chat-top');
    el.style.removeProperty('--chat-left');
    if (!this.query.matches || !this.o.chat.open) return;
    const covered = [this.o.board.querySelector('[data-stage-board]'), document.querySelector('#end:not([hidden]) .scores')]
      .filter(Boolean).map((e) => e.getBoundingClientRect());
    if (!covered.length) return;
    if (window.innerHeight <= 500) {
      const right = Math.max(0, ...covered.map((r) => r.right));
      el.style.setProperty('--chat-left', `${Math.round(Math.min(right, window.innerWidth * 0.6))}px`);
    } else {
      const bottom = Math.max(48, ...covered.map((r) => r.bottom));
      el.style.setProperty('--chat-top', `${Math.round(Math.min(bottom, window.innerHeight * 0.6))}px`);
    }
  }

  // openMenu moves the site's navigation and settings into the sheet and
  // opens it.
  openMenu() {
    const header = document.querySelector('header.top');
    this.site.append(...header.querySelectorAll(':scope > nav, :scope > .prefs'));
    this.place();
    this.sheet.showModal();
  }

  // returnSite gives the navigation and settings back to the header.
  returnSite() {
    const header = document.querySelector('header.top');
    if (header) header.append(...this.site.children);
  }

  stop() {
    if (this.sheet.open) this.sheet.close();
    this.returnSite();
    this.sheet.remove();
    this.query.removeEventListener('change', this.onChange);
    window.removeEventListener('resize', this.onResize);
    this.watch.disconnect();
    cancelAnimationFrame(this.frame);
    this.o.board.style.removeProperty('--stage-h');
    document.body.classList.remove('on-table');
  }
}
