// The public HTTP API under /v1, as any client would use it. Errors come back
// as RFC 9457 problems; call() throws them as ApiError with the server's detail.

export class ApiError extends Error {
  constructor(status, problem, retryAfter) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.code = problem && problem.code;
    this.reason = problem && problem.reason;
    this.detail = problem && problem.detail;
    // Retry-After, in seconds, of a refusal that says when to try again.
    this.retryAfter = Number(retryAfter) || null;
  }
}

export async function call(method, path, { token, body, signal, headers } = {}) {
  const h = { Accept: 'application/json', ...(headers || {}) };
  if (token) h.Authorization = `Bearer ${token}`;
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const res = await fetch(`/v1${path}`, {
    method, headers: h, signal, body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 304) return null;
  const text = await res.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) throw new ApiError(res.status, data, res.headers.get('Retry-After'));
  return data;
}

// A seat's token is kept per game, so that a reload keeps the seat and a
// token never travels to another game. A seat taken "in this tab" (to play
// several seats from one browser) lives in the tab's session storage, which
// is read first. A seat taken as a signed-in player names that player, so
// that signing out forgets it.
const key = (id) => `hanabi.seat.${id}`;

function read(store, id) {
  try {
    const v = JSON.parse(store.getItem(key(id)) || 'null');
    return v && typeof v.token === 'string' && Number.isInteger(v.seat) ? v : null;
  } catch {
    return null;
  }
}

export function savedSeat(id) {
  return read(sessionStorage, id) || read(localStorage, id);
}

export function saveSeat(id, seat, token, { tabOnly = false, player = null } = {}) {
  (tabOnly ? sessionStorage : localStorage).setItem(key(id), JSON.stringify(player ? { seat, token, player } : { seat, token }));
}

// seatKept is how the seat of game id is kept (see saveSeat): in this tab
// only or not, and as which player, so that it is kept back the same way.
export function seatKept(id) {
  const tab = read(sessionStorage, id);
  const v = tab || read(localStorage, id);
  return { tabOnly: Boolean(tab), player: v?.player ?? null };
}

// forgetPlayerSeats forgets the seats this browser took as player.
export function forgetPlayerSeats(player) {
  for (const k of Object.keys(localStorage)) {
    if (!k.startsWith('hanabi.seat.')) continue;
    try {
      if (JSON.parse(localStorage.getItem(k)).player === player) localStorage.removeItem(k);
    } catch {
      // not one of ours
    }
  }
}

export function forgetSeat(id) {
  if (read(sessionStorage, id)) sessionStorage.removeItem(key(id));
  else localStorage.removeItem(key(id));
}

export function newKey() {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

// A private table's join secret, once this browser has seen it (in an
// invite link, or as a seat of the table), is kept per game: the list of
// open tables then offers to join it.
const secretKey = (id) => `hanabi.secret.${id}`;

export function savedSecret(id) {
  try {
    return localStorage.getItem(secretKey(id));
  } catch {
    return null;
  }
}

export function saveSecret(id, secret) {
  try {
    if (secret) localStorage.setItem(secretKey(id), secret);
    else localStorage.removeItem(secretKey(id));
  } catch {
    // storage full or blocked: the link still carries the secret
  }
}

// inviteLink is the link that others open to take a seat: a private
// table's carries its join secret.
export function inviteLink(id, secret) {
  const q = new URLSearchParams({ game: id });
  if (secret) q.set('secret', secret);
  return `${location.origin}/?${q}`;
}
