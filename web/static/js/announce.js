// Telling a player what happened without looking: an ARIA live region reads
// out each move and "your turn"; the tab's title says it too, and an optional
// short tone sounds (off unless the player turns it on).

let title = 'Hanabi';

export function announce(text) {
  const r = document.getElementById('announce');
  if (!r || !text) return;
  // A new node each time, so that the same words twice are read twice; the
  // last few stay, for moves that come in quick succession.
  const p = document.createElement('p');
  p.textContent = text;
  r.append(p);
  while (r.children.length > 4) r.firstElementChild.remove();
}

// pageTitle names a page by what it shows, then the site: "Replay — Up or
// Down (5 Suits) — Hanabi"; a part that says the same as one before it (the
// basic variant's title is "Hanabi") is said once.
export function pageTitle(...parts) {
  const out = [];
  for (const p of [...parts, 'Hanabi']) if (p && !out.includes(p)) out.push(p);
  return out.join(' — ');
}

export function setTitle(base, yourTurn) {
  title = base;
  document.title = yourTurn ? `▶ Your turn — ${base}` : base;
}

export const soundOn = () => localStorage.getItem('hanabi.sound') === 'on';
export function setSound(on) { localStorage.setItem('hanabi.sound', on ? 'on' : 'off'); }

let ctx = null;
export function beep() {
  if (!soundOn()) return;
  try {
    ctx = ctx || new AudioContext();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.08, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.35);
  } catch { /* no audio: the title still says it */ }
}

export const currentTitle = () => title;
