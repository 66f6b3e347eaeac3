import { ApiError, call, forgetPlayerSeats } from './api.js';

// The signed-in player, if any: their name and their session's token, kept
// in this site's local storage (no other site can read it, and it never goes
// into a link), so that the page stays signed in across reloads. Nobody has
// to sign in to play: without an account the page plays as a guest.

const KEY = 'hanabi.player';
const listeners = new Set();

export function account() {
  try {
    const a = JSON.parse(localStorage.getItem(KEY) || 'null');
    return a && typeof a.token === 'string' && typeof a.name === 'string' ? a : null;
  } catch {
    return null;
  }
}

// onAccount calls f whenever the page signs in or out (in this tab or another).
export function onAccount(f) {
  listeners.add(f);
}

function changed() {
  for (const f of listeners) f(account());
}

window.addEventListener('storage', (e) => { if (e.key === KEY || e.key === null) changed(); });

// signedIn keeps a sign-up's or a sign-in's answer: the player and the token.
export function signedIn(res) {
  localStorage.setItem(KEY, JSON.stringify({ name: res.player.name, bot: !!res.player.bot, token: res.token }));
  changed();
}

// forget signs the page out without asking the server (the token no longer
// works): the seats taken as the player are forgotten too.
function forget() {
  const a = account();
  if (a) forgetPlayerSeats(a.name);
  localStorage.removeItem(KEY);
  changed();
}

// signOut ends the session on the server, then forgets it here.
export async function signOut() {
  const a = account();
  if (!a) return;
  try {
    await call('DELETE', '/sessions/current', { token: a.token });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
  }
  forget();
}

// check asks the server who the kept token is: a token that no longer
// works (it expired, or signed out elsewhere) is forgotten.
export async function check() {
  const a = account();
  if (!a) return;
  try {
    const me = await call('GET', '/me', { token: a.token });
    if (me.name !== a.name) {
      localStorage.setItem(KEY, JSON.stringify({ ...a, name: me.name, bot: me.bot }));
      changed();
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) forget();
  }
}

// asPlayer is call() with the player's token; a token the server no longer
// takes signs the page out, and the error says so (friendly() tells it).
export async function asPlayer(method, path, opts = {}) {
  const a = account();
  try {
    return await call(method, path, { ...opts, token: a ? a.token : undefined });
  } catch (e) {
    if (a && e instanceof ApiError && e.status === 401 && e.code === 'unauthorized') {
      e.signedOut = true;
      forget();
    }
    throw e;
  }
}

// readAsPlayer is a read with the player's token, so that the server can
// say what the player may not read (a deal they play elsewhere); a token it
// no longer takes signs the page out (asPlayer), and the read is made
// again as anyone's, which it was before the page sent the token.
export async function readAsPlayer(path, opts = {}) {
  try {
    return await asPlayer('GET', path, opts);
  } catch (e) {
    if (!e.signedOut) throw e;
    return call('GET', path, opts);
  }
}

// problemWords is a refusal of the accounts' forms in the server's own
// words (a taken name names the one it clashes with), and, when the server
// says to wait, for how long.
export function problemWords(e) {
  if (!(e instanceof ApiError) || !e.detail) return null;
  let s = e.detail.charAt(0).toUpperCase() + e.detail.slice(1);
  if (!/[.!?]$/.test(s)) s += '.';
  if (e.retryAfter) s += ` You can try again in ${duration(e.retryAfter)}.`;
  return s;
}

export function duration(secs) {
  if (secs < 60) return `${secs} second${secs === 1 ? '' : 's'}`;
  const min = Math.ceil(secs / 60);
  return `${min} minute${min === 1 ? '' : 's'}`;
}
