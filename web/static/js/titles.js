import { call } from './api.js';

// Variants' titles by name, each asked for once a page load; a variant the
// server no longer has goes by its name.
const titles = new Map();

export function titleOf(name, signal) {
  if (!titles.has(name)) {
    const p = call('GET', `/variants/${encodeURIComponent(name)}`, { signal }).then((v) => v.title, () => name);
    titles.set(name, p);
    p.then((t) => { if (t === name) titles.delete(name); }); // asked again next time
  }
  return titles.get(name);
}

// titlesOf answers a map of the titles of names.
export async function titlesOf(names, signal) {
  const list = [...new Set(names)];
  const got = await Promise.all(list.map((n) => titleOf(n, signal)));
  return new Map(list.map((n, i) => [n, got[i]]));
}
