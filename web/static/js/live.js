import { ApiError, call } from './api.js';

// waitState long-polls the game's state: the new view once its version passes
// version, or null when the wait ran out.
export function waitState(id, token, version, signal) {
  return call('GET', `/games/${encodeURIComponent(id)}?since=${version}&wait=30s`, { token, signal });
}

// streamEvents reads the game's events after seq `after` and hands each to
// onEvent, oldest first, until the server ends the stream (after game_over)
// or the connection drops; onOpen runs once the server has answered, so
// that a "reconnecting…" can go as soon as the stream is back. It asks for NDJSON: EventSource cannot send the
// seat token, which travels only in the Authorization header. A server that
// answers with a plain list (a long-poll) is read the same way; the caller
// simply asks again.
export async function streamEvents(id, token, after, signal, onEvent, onOpen) {
  const headers = { Accept: 'application/x-ndjson' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/v1/games/${encodeURIComponent(id)}/events?after=${after}&wait=30s`, { headers, signal });
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

export const sleep = (ms, signal) => new Promise((resolve) => {
  const t = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
});
