import { account, asPlayer } from './account.js';
import { ApiError, call } from './api.js';
import { el } from './dom.js';
import { retrier, sleep, streamJSON } from './live.js';
import { friendly } from './messages.js';

// The live lobby: the page follows the lobby's events (GET /lobby/events
// once, for the chat's last lines and the cursor, then its NDJSON stream
// from there: fetch sends the player's token, which EventSource cannot),
// and hands each to what shows it: the table lists, the lobby's chat and
// who is online. A dropped stream is taken up again from the last event
// it gave; nothing is asked again on a timer. Everything players wrote is
// set as text, never as markup.

const MAX_CHAT = 300;

// clean makes a typed or pasted line one the server takes.
const clean = (text) => [...text.replace(/\p{Cc}+/gu, ' ').trim()].slice(0, MAX_CHAT).join('');

const clock = (at) => {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

// lobbyChat is the lobby's chat: read by everyone, said by signed-in
// players; a 429 says when to send again. A signed-in player mutes
// another: the server leaves that player's lines out of what they read,
// and the panel hides those it shows, until they unmute them.
function lobbyChat() {
  const seen = new Set();
  const lines = []; // every line, muted or not, in order
  const muted = new Map(); // lower-cased name → the name
  const list = el('ol', { class: 'chat-lines', id: 'lobby-chat-lines' });
  const scroller = el('div', { class: 'chat-scroll', role: 'log', 'aria-label': 'lobby chat lines' }, list);
  const empty = el('p', { class: 'muted chat-empty', id: 'lobby-chat-empty', text: 'Nobody has said anything yet.' });
  const says = el('p', { class: 'chat-says', id: 'lobby-chat-says', role: 'status' });
  const me = account();
  let speak;
  if (me) {
    const input = el('input', { type: 'text', id: 'lobby-chat-text', maxlength: MAX_CHAT, autocomplete: 'off', placeholder: 'Say something to the lobby', 'aria-label': 'Say something to the lobby' });
    const button = el('button', { type: 'submit', class: 'small', id: 'lobby-chat-send', text: 'Send' });
    const send = async () => {
      const text = clean(input.value);
      if (!text) return;
      button.disabled = true;
      try {
        add(await call('POST', '/lobby/chat', { token: me.token, body: { text } }));
        input.value = '';
        says.textContent = '';
      } catch (e) {
        if (e instanceof ApiError && e.status === 429) {
          const wait = e.retryAfter || 2;
          says.textContent = `That was quick: the lobby takes a few lines at a time. Your line is still here; send it again in ${wait} second${wait === 1 ? '' : 's'}.`;
          setTimeout(() => { button.disabled = false; says.textContent = ''; }, wait * 1000);
          return;
        }
        says.textContent = friendly(e);
      }
      button.disabled = false;
    };
    speak = el('form', { class: 'chat-form', id: 'lobby-chat-form', onsubmit: (e) => { e.preventDefault(); send(); } }, input, button);
  } else {
    speak = el('p', { class: 'muted', id: 'lobby-chat-signin' },
      el('a', { href: '/?signin&next=%2F', 'data-nav': true, text: 'Sign in' }), ' to chat in the lobby.');
  }
  const mutedEl = el('p', { class: 'chat-muted', id: 'lobby-chat-muted', hidden: true });
  const section = el('section', { class: 'panel lobby-chat', id: 'lobby-chat', 'aria-labelledby': 'lobby-chat-h' },
    el('h2', { id: 'lobby-chat-h', text: 'Lobby chat' }), scroller, empty, says, speak, mutedEl);
  const mineOf = (ev) => !!me && ev.from.toLowerCase() === me.name.toLowerCase();
  const lineEl = (ev) => el('li', { class: `chat-line${mineOf(ev) ? ' mine' : ''}`, 'data-id': ev.id },
    el('time', { datetime: ev.at, text: clock(ev.at) }), ' ',
    el('b', { class: 'chat-sayer', text: ev.bot ? `${ev.from} (bot)` : ev.from }), ' ',
    el('span', { class: 'chat-text', text: ev.text }),
    me && !mineOf(ev) ? el('button', { type: 'button', class: 'small chat-mute', 'aria-label': `Mute ${ev.from}`, title: `stop reading ${ev.from}’s lines`, text: 'Mute', onclick: () => mute(ev.from, true) }) : null);
  function redraw() {
    list.replaceChildren(...lines.filter((ev) => !muted.has(ev.from.toLowerCase())).map(lineEl));
    empty.hidden = list.children.length > 0;
    mutedEl.hidden = muted.size === 0;
    mutedEl.replaceChildren(...(muted.size ? ['Muted: ', ...[...muted.values()].flatMap((n, i) => [i ? ', ' : '', el('span', { text: n }), ' ',
      el('button', { type: 'button', class: 'small chat-unmute', 'aria-label': `Unmute ${n}`, text: 'Unmute', onclick: () => mute(n, false) })])] : []));
    scroller.scrollTop = scroller.scrollHeight;
  }
  async function mute(name, on) {
    try {
      const p = await asPlayer(on ? 'PUT' : 'DELETE', `/me/mutes/${encodeURIComponent(name)}`);
      const shown = (p && p.name) || name;
      if (on) muted.set(shown.toLowerCase(), shown); else muted.delete(shown.toLowerCase());
      says.textContent = '';
      redraw();
    } catch (e) {
      says.textContent = friendly(e);
    }
  }
  if (me) {
    asPlayer('GET', '/me/mutes').then((res) => {
      for (const p of res.players) muted.set(p.name.toLowerCase(), p.name);
      redraw();
    }, () => {});
  }
  // add shows a line once, in the order of the lobby's events.
  function add(ev) {
    if (seen.has(ev.id)) return;
    seen.add(ev.id);
    const at = lines.findIndex((x) => x.id > ev.id);
    lines.splice(at < 0 ? lines.length : at, 0, ev);
    if (muted.has(ev.from.toLowerCase())) return;
    const atEnd = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 24;
    list.insertBefore(lineEl(ev), [...list.children].find((x) => Number(x.dataset.id) > ev.id) || null);
    empty.hidden = true;
    if (atEnd || mineOf(ev)) scroller.scrollTop = scroller.scrollHeight;
  }
  return { el: section, add };
}

// whereWords is where a player online is, in words, with a link to the
// table or the replay room when the server tells which (an unlisted
// table it never does).
function whereWords(p) {
  if (p.where === 'table' && p.game_id) {
    return el('a', { href: `/?game=${encodeURIComponent(p.game_id)}`, 'data-nav': true, text: 'at a table' });
  }
  if (p.where === 'room' && p.room_id) {
    return el('a', { href: `/?room=${encodeURIComponent(p.room_id)}`, 'data-nav': true, text: 'in a replay room' });
  }
  return { lobby: 'in the lobby', table: 'at a table', room: 'in a replay room' }[p.where] || '';
}

// onlineList is who is online, and where.
function onlineList() {
  const players = new Map(); // name → as last told
  const list = el('ul', { class: 'online-list', id: 'online-list' });
  const section = el('section', { class: 'panel', id: 'online', 'aria-labelledby': 'online-h' },
    el('h2', { id: 'online-h', text: 'Who’s online' }), list);
  const draw = () => {
    const me = account();
    const all = [...players.values()].sort((a, b) => a.name.localeCompare(b.name));
    list.replaceChildren(...(all.length ? all.map((p) => el('li', { 'data-name': p.name },
      el('b', { text: p.name }), p.bot ? ' (bot)' : '', me && me.name === p.name ? ' (you)' : '', ' — ', whereWords(p)))
      : [el('li', { class: 'muted', text: 'Nobody signed in is here right now.' })]));
  };
  return {
    el: section,
    async load(signal) {
      const res = await call('GET', '/lobby/online', { signal });
      players.clear();
      for (const p of res.players) players.set(p.name, p);
      draw();
    },
    apply(ev) {
      if (ev.type === 'online') players.set(ev.name, ev);
      else players.delete(ev.name);
      draw();
    },
  };
}

// lobbyLive builds the lobby's chat and who's online, and follows the
// lobby's events for them and for lists (tableLists) until signal aborts.
export function lobbyLive(lists, signal) {
  const chat = lobbyChat();
  const online = onlineList();
  const handle = (ev) => {
    if (ev.type === 'table') lists.apply(ev);
    else if (ev.type === 'chat') chat.add(ev);
    else if (ev.type === 'online' || ev.type === 'offline') online.apply(ev);
  };
  (async () => {
    const retry = retrier();
    let last = null;
    let token = account() && account().token;
    while (!signal.aborted) {
      try {
        if (last === null) {
          // The cursor first, then the lists: the events after it apply
          // to the lists as read, and applying one twice changes nothing.
          const first = await call('GET', '/lobby/events', { token, signal });
          await Promise.all([lists.load(), online.load(signal)]);
          first.events.forEach(handle);
          last = first.last;
        }
        await streamJSON(`/v1/lobby/events/ndjson?after=${last}`, token, signal, (ev) => { last = ev.id; handle(ev); }, () => retry.ok());
      } catch (e) {
        if (signal.aborted) return;
        if (e instanceof ApiError && e.status === 401) token = null; // a token gone stale: read as a guest
        else if (e instanceof ApiError && e.status === 410) last = null; // away longer than the lobby keeps: read it anew
        else if (last === null) lists.fail(e);
      }
      await sleep(retry.next(), signal);
    }
  })();
  return [online.el, chat.el];
}
