import { ApiError, call } from './api.js';

// waitState long-polls the game's state: the new view once its version passes
// version, or null when the wait ran out. query is what the reader adds to
// every read (readQuery in table.js: a private table's secret, a shadowed
// seat), starting with "&".
export function waitState(id, token, version, signal, query = '') {
  return call('GET', `/games/${encodeURIComponent(id)}?since=${version}&wait=30s${query}`, { token, signal });
}

// watchQuery is what a reader with no seat adds to its reads: a private
// table's secret, which the server asks of every spectator there, and the
// seat a signed-in spectator shadows (null: none, every hand).
export function watchQuery(seated, secret, shadow = null) {
  if (seated) return '';
  return `${secret ? `&secret=${encodeURIComponent(secret)}` : ''}${shadow !== null && shadow !== undefined ? `&shadow=${shadow}` : ''}`;
}

// streamEvents reads the game's events after seq `after` and hands each to
// onEvent, oldest first, until the server ends the stream (after game_over)
// or the connection drops; onOpen runs once the server has answered, so
// that a "reconnecting…" can go as soon as the stream is back. It asks for NDJSON: EventSource cannot send the
// seat token, which travels only in the Authorization header. A server that
// answers with a plain list (a long-poll) is read the same way; the caller
// simply asks again. query is added to the request as waitState adds it;
// with chat_after in it, the table's chat lines come among the events.
export function streamEvents(id, token, after, signal, onEvent, onOpen, query = '') {
  return streamJSON(`/v1/games/${encodeURIComponent(id)}/events?after=${after}&wait=30s${query}`, token, signal, onEvent, onOpen);
}

// streamJSON reads an NDJSON stream at url as streamEvents does, handing
// each object to onEvent; a plain JSON answer's events are read the same.
export async function streamJSON(url, token, signal, onEvent, onOpen) {
  const headers = { Accept: 'application/x-ndjson' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, { headers, signal });
  if (!res.ok) {
    let p = null;
    try { p = await res.json(); } catch { p = null; }
    throw new ApiError(res.status, p);
  }
  if (onOpen) onOpen();
  const ct = res.headers.get('Content-Type') || '';
  if (!ct.startsWith('application/x-ndjson')) {
    const data = await res.json();
    for (const ev of data.events) onEvent(ev);
    return;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (line) onEvent(JSON.parse(line));
    }
  }
}

// sleep waits ms, or less: until signal aborts or the browser says it is
// online again, when a retry has its best chance at once.
export const sleep = (ms, signal) => new Promise((resolve) => {
  if (signal.aborted) { resolve(); return; }
  const done = () => {
    clearTimeout(timer);
    window.removeEventListener('online', done);
    signal.removeEventListener('abort', done);
    resolve();
  };
  const timer = setTimeout(done, ms);
  window.addEventListener('online', done);
  signal.addEventListener('abort', done, { once: true });
});

// retrier spaces out the tries of something that keeps failing: a quarter
// of a second, then doubling to a second while the failures are fresh (a
// network blip is over in seconds, and the board must catch up at once),
// then up to max once they have gone on for a while, so that a server
// that is down is not hammered. ok() starts it over.
export function retrier(max = 10000) {
  let delay = 0;
  let since = 0;
  return {
    next() {
      const now = Date.now();
      if (!since) since = now;
      const cap = now - since < 15000 ? 1000 : max;
      delay = Math.min(cap, delay ? delay * 2 : 250);
      return delay;
    },
    ok() { delay = 0; since = 0; },
  };
}
