import { account, asPlayer } from './account.js';
import { ApiError, call } from './api.js';
import { el } from './dom.js';
import { watchQuery } from './live.js';
import { friendly } from './messages.js';
import { guestBadge, seatName } from './names.js';

// The table's chat: lines said by its seats and by signed-in spectators,
// before, during and after the game. table.js reads them among the game's
// events (chat_after, the last line it has) and hands each to add(); the
// panel shows them as text only, never as markup. The lines that come in
// while the panel is closed, or the page is hidden, are counted as unread
// until it is open and seen (what was seen is kept per game, so a reload
// does not count the old lines again). A signed-in player mutes another
// player: the server then leaves that player's lines out of what they read,
// and the panel hides those it already shows.

export const MAX_CHAT = 300;

const OPEN_KEY = 'hanabi.chat.open';
const seenKey = (id) => `hanabi.chat.seen.${id}`;

// A phone starts with the panel closed (the table needs the room); a wider
// screen with it open; then the panel stays as the person left it.
function startsOpen() {
  const kept = localStorage.getItem(OPEN_KEY);
  if (kept === 'open' || kept === 'closed') return kept === 'open';
  return window.matchMedia('(min-width: 761px)').matches;
}

// clean makes a typed or pasted line one the server takes: no control
// characters, at most MAX_CHAT characters.
function clean(text) {
  return [...text.replace(/\p{Cc}+/gu, ' ').trim()].slice(0, MAX_CHAT).join('');
}

const lower = (s) => String(s || '').toLowerCase();

function clock(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

// seconds says how long to wait, in words.
const seconds = (n) => `${n} second${n === 1 ? '' : 's'}`;

// ROOM_LINK is a shared replay's link as "Open a shared replay" says it
// in the chat: this site's address, then the room.
const ROOM_LINK = /(https?:\/\/[^\s/]+)\/\?room=([0-9a-z]+)/g;

// lineText is a line as text, but for the links to this site's shared
// replays in it, which open the room (the link is made from the room's id
// alone, never from what else the line says).
function lineText(text) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(ROOM_LINK)) {
    if (m[1] !== location.origin) continue;
    out.push(text.slice(at, m.index), el('a', { class: 'room-invite', href: `/?room=${m[2]}`, 'data-nav': true, text: m[0] }));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

// chatPanel makes the chat of table t (t.id, t.seat, t.token, t.secret,
// t.view): its element, add(ev) for each line that comes in, and update()
// when the seat or the account changes who may speak.
export function chatPanel(t) {
  const c = {
    open: startsOpen(),
    lines: new Map(), // line number → its chat event
    seen: Number(localStorage.getItem(seenKey(t.id))) || 0,
    muted: new Set(), // the lower-cased names of the players muted
    mutedNames: new Map(), // … and each as the server writes it
    who: null, // who the form speaks for: 'seat', 'player' or 'none'
    waitUntil: 0,
  };
  const unreadEl = el('span', { class: 'badge unread', id: 'chat-unread', hidden: true });
  const toggle = el('button', {
    type: 'button', class: 'chat-toggle', id: 'chat-toggle', 'aria-controls': 'chat-body', 'aria-expanded': String(c.open),
    onclick: () => setOpen(!c.open),
  }, el('span', { text: 'Chat' }), ' ', unreadEl);
  // A log region: a screen reader reads out the lines that come in.
  const list = el('ol', { class: 'chat-lines', id: 'chat-lines' });
  const scroller = el('div', { class: 'chat-scroll', role: 'log', 'aria-label': 'chat lines' }, list);
  const empty = el('p', { class: 'muted chat-empty', id: 'chat-empty', text: 'Nobody has said anything yet.' });
  const says = el('p', { class: 'chat-says', id: 'chat-says', role: 'status' });
  const speak = el('div', { class: 'chat-speak' });
  const mutedEl = el('p', { class: 'chat-muted', id: 'chat-muted', hidden: true });
  const body = el('div', { class: 'chat-body', id: 'chat-body', hidden: !c.open }, scroller, empty, says, speak, mutedEl);
  const section = el('section', { class: `chat${c.open ? '' : ' closed'}`, id: 'chat', 'aria-labelledby': 'chat-h' },
    el('h2', { id: 'chat-h' }, toggle), body);

  const me = () => account();
  const mine = (ev) => (t.seat !== null && ev.seat === t.seat)
    || (ev.seat === null && ev.player && !!me() && lower(ev.from) === lower(me().name));
  const hidden = (ev) => ev.player && c.muted.has(lower(ev.from));
  const who = (ev) => (ev.seat === null || ev.seat === undefined
    ? `${ev.from} (watching)`
    : seatName({ [ev.seat]: { name: ev.from, bot: null, player: ev.player ? { bot: false } : null } }, ev.seat));

  // say tells what became of the reader's last request; news goes after a
  // while, a refusal stays until the next request.
  let sayTimer = 0;
  function say(text, news = false) {
    clearTimeout(sayTimer);
    says.textContent = text || '';
    if (news) sayTimer = setTimeout(() => { says.textContent = ''; }, 8000);
  }

  // seenAll marks every line seen once the panel is open on a page that shows.
  function seenAll() {
    if (!c.open || document.hidden) return;
    const last = Math.max(0, ...c.lines.keys());
    if (last > c.seen) {
      c.seen = last;
      try { localStorage.setItem(seenKey(t.id), String(last)); } catch { /* storage full: counted again after a reload */ }
    }
  }

  function count() {
    seenAll();
    let n = 0;
    for (const ev of c.lines.values()) if (ev.line > c.seen && !mine(ev) && !hidden(ev)) n++;
    unreadEl.hidden = n === 0;
    unreadEl.textContent = n === 0 ? '' : `${n} unread`;
    section.dataset.unread = String(n);
    empty.hidden = [...c.lines.values()].some((ev) => !hidden(ev));
  }

  function setOpen(open) {
    c.open = open;
    localStorage.setItem(OPEN_KEY, open ? 'open' : 'closed');
    toggle.setAttribute('aria-expanded', String(open));
    section.classList.toggle('closed', !open);
    body.hidden = !open;
    if (open) scroller.scrollTop = scroller.scrollHeight;
    count();
  }

  function lineEl(ev) {
    const a = me();
    const canMute = a && ev.player && lower(ev.from) !== lower(a.name);
    return el('li', { class: `chat-line${mine(ev) ? ' mine' : ''}`, 'data-line': ev.line, 'data-seat': ev.seat ?? '' },
      el('time', { datetime: ev.at, title: new Date(ev.at).toLocaleString(), text: clock(ev.at) }), ' ',
      el('b', { class: 'chat-sayer', text: who(ev) }), ' ',
      ev.seat !== null && ev.seat !== undefined ? [guestBadge({ name: ev.from, player: ev.player }), ' '] : null,
      el('span', { class: 'chat-text' }, lineText(ev.text)),
      canMute ? el('button', { type: 'button', class: 'small chat-mute', 'aria-label': `Mute ${ev.from}`, title: `stop reading ${ev.from}’s lines`, text: 'Mute', onclick: () => mute(ev.from, true) }) : null);
  }

  function redraw() {
    list.replaceChildren(...[...c.lines.values()].sort((x, y) => x.line - y.line).filter((ev) => !hidden(ev)).map(lineEl));
    scroller.scrollTop = scroller.scrollHeight;
    const names = [...c.muted];
    mutedEl.hidden = names.length === 0;
    mutedEl.replaceChildren(...(names.length ? ['Muted: ', ...names.flatMap((n, i) => [i ? ', ' : '', el('span', { text: c.mutedNames.get(n) || n }), ' ',
      el('button', { type: 'button', class: 'small chat-unmute', 'aria-label': `Unmute ${c.mutedNames.get(n) || n}`, text: 'Unmute', onclick: () => mute(c.mutedNames.get(n) || n, false) })])] : []));
    count();
  }

  // add shows one line the server sent (or answered with); a line seen
  // before is not shown twice.
  function add(ev) {
    if (!ev || ev.type !== 'chat' || c.lines.has(ev.line)) return;
    c.lines.set(ev.line, ev);
    if (!hidden(ev)) {
      const atEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 24;
      const li = lineEl(ev);
      const after = [...list.children].find((x) => Number(x.dataset.line) > ev.line);
      list.insertBefore(li, after || null);
      if (atEnd || mine(ev)) scroller.scrollTop = scroller.scrollHeight;
    }
    count();
  }

  async function mute(name, on) {
    try {
      const p = await asPlayer(on ? 'PUT' : 'DELETE', `/me/mutes/${encodeURIComponent(name)}`);
      const shown = (p && p.name) || name;
      if (on) { c.muted.add(lower(shown)); c.mutedNames.set(lower(shown), shown); } else { c.muted.delete(lower(shown)); c.mutedNames.delete(lower(shown)); }
      redraw();
      say(on ? `You no longer read ${shown}’s lines.` : `${shown}’s new lines show again.`, true);
    } catch (e) {
      say(friendly(e));
    }
  }

  async function send(input, button) {
    const text = clean(input.value);
    if (!text) { input.value = ''; return; }
    if (Date.now() < c.waitUntil) return;
    button.disabled = true;
    try {
      const path = `/games/${encodeURIComponent(t.id)}/chat${watchQuery(!!t.token, t.secret).replace(/^&/, '?')}`;
      const res = t.token ? await call('POST', path, { token: t.token, body: { text } }) : await asPlayer('POST', path, { body: { text } });
      input.value = '';
      say('');
      add(res);
    } catch (e) {
      if (e instanceof ApiError && e.status === 429) {
        const wait = e.retryAfter || 2;
        c.waitUntil = Date.now() + wait * 1000;
        say(`That was quick: the table takes a few lines at a time. Your line is still here; send it again in ${seconds(wait)}.`);
        setTimeout(() => {
          if (Date.now() >= c.waitUntil) { button.disabled = false; say(''); }
        }, wait * 1000);
        return;
      }
      say(friendly(e));
    }
    button.disabled = false;
  }

  // update draws who may speak: a seat, or a signed-in spectator; anyone
  // else reads the lines and is asked to sign in.
  function update() {
    const now = t.token ? 'seat' : me() ? 'player' : 'none';
    if (now === c.who) return;
    c.who = now;
    if (now === 'none') {
      const next = `${location.pathname}${location.search}`;
      speak.replaceChildren(el('p', { class: 'muted', id: 'chat-signin' },
        el('a', { href: `/?signin&next=${encodeURIComponent(next)}`, 'data-nav': true, text: 'Sign in' }), ' to chat: a spectator speaks under their own name.'));
    } else {
      const input = el('input', { type: 'text', id: 'chat-text', 'data-key': 'chat-text', maxlength: MAX_CHAT, autocomplete: 'off', placeholder: 'Say something to the table', 'aria-label': 'Say something to the table' });
      const button = el('button', { type: 'submit', class: 'small', id: 'chat-send', text: 'Send' });
      speak.replaceChildren(el('form', { class: 'chat-form', id: 'chat-form', onsubmit: (e) => { e.preventDefault(); send(input, button); } }, input, button));
    }
    redraw();
  }

  const onVisible = () => count();
  document.addEventListener('visibilitychange', onVisible);
  if (me()) {
    asPlayer('GET', '/me/mutes', { signal: t.signal }).then((res) => {
      for (const p of res.players) { c.muted.add(lower(p.name)); c.mutedNames.set(lower(p.name), p.name); }
      redraw();
    }, () => {});
  }
  update();
  return { el: section, add, update, close: () => document.removeEventListener('visibilitychange', onVisible) };
}
