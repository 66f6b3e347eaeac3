import { pageTitle } from './announce.js';
import { account, asPlayer, check, onAccount } from './account.js';
import { call, saveSecret, saveSeat } from './api.js';
import { el, toast, setStatus } from './dom.js';
import { accountNav } from './nav.js';
import { friendly } from './messages.js';
import { openSeed } from './seed.js';

const app = document.getElementById('app');
const nav = document.getElementById('account');
let leave = null; // stops the current table's live updates

function go(url) {
  history.pushState(null, '', url);
  route();
}

window.addEventListener('popstate', () => route());

// A page left for another (or kept by the browser to come back to) holds
// none of its long-polls and streams open: the browser's few connections to
// the server are for the page shown. One brought back from the browser's
// cache starts again.
window.addEventListener('pagehide', () => { if (leave) { leave(); leave = null; } });
window.addEventListener('pageshow', (e) => { if (e.persisted) route(); });

// A link of the page's own (data-nav) changes what the page shows without
// loading it again; one opened in a new tab or window loads as any link.
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-nav]');
  if (!a || e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  go(a.getAttribute('href'));
});

// Signing in or out redraws the pages that depend on it; a table goes on
// with the seat it holds.
onAccount(() => {
  const q = new URLSearchParams(location.search);
  if (q.get('game') || q.get('replay')) accountNav(nav);
  else route();
});

// lazy opens a page whose module is loaded when it is first shown: the
// lobby does not carry the table's code nor the replay's. It answers the
// function that leaves the page, even before it has opened.
function lazy(load) {
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading…' }));
  let left = false;
  let close = null;
  load().then((open) => { if (!left) close = open(); }, (e) => { if (!left) toast(friendly(e)); });
  return () => { left = true; if (close) close(); };
}

function route() {
  if (leave) { leave(); leave = null; }
  setStatus('');
  document.title = pageTitle();
  accountNav(nav);
  const q = new URLSearchParams(location.search);
  // The pages a table does not need load when they are first shown: a
  // table's first load carries only what it draws.
  if (q.has('signin')) {
    document.title = pageTitle('Sign in');
    leave = lazy(() => import('./signin.js').then((m) => () => { m.showSignIn(app, go, q.get('next')); return null; }));
  } else if (q.get('player')) {
    leave = lazy(() => import('./profile.js').then((m) => () => m.openProfile(app, q.get('player'))));
  } else if (q.get('seed')) {
    leave = openSeed(app, q.get('seed'));
  } else if (q.get('leaderboard')) {
    const board = { variant: q.get('leaderboard'), players: Number(q.get('players')), bots: q.get('bots') === 'true' };
    leave = lazy(() => import('./leaderboard.js').then((m) => () => m.openLeaderboard(app, board, go)));
  } else if (q.get('room')) {
    // The room's module loads with the first room: the lobby does without it.
    const ctl = new AbortController();
    let close = () => {};
    leave = () => { ctl.abort(); close(); };
    import('./room.js').then((m) => { if (!ctl.signal.aborted) close = m.openRoom(app, q.get('room')); }, (e) => toast(friendly(e)));
  } else if (q.get('replay')) {
    leave = lazy(() => import('./replay.js').then((m) => () => m.openReplay(app, q.get('replay'), { onNew: () => go('/') })));
  } else if (q.get('game')) {
    leave = lazy(() => import('./table.js').then((m) => () => m.openTable(app, q.get('game'), { onNew: () => go('/'), secret: q.get('secret') })));
  } else {
    // The lobby follows the lobby's events until the page goes elsewhere.
    const ctl = new AbortController();
    leave = () => ctl.abort();
    showCreate(ctl.signal).catch((e) => { if (!ctl.signal.aborted) toast(friendly(e)); });
  }
}

function field(label, input, hint) {
  return el('label', { class: 'field' }, el('span', { class: 'label', text: label }), input,
    hint ? el('small', { class: 'hint', text: hint }) : null);
}

function numberInput(name, opt) {
  return el('input', { type: 'number', name, min: opt.min, max: opt.max, value: opt.default, required: true });
}

// TOGGLES are the yes-or-no table options beyond empty clues, as the form
// offers them: the option, its label and a hint.
const TOGGLES = [
  ['one_extra_card', 'One extra card', 'every hand holds one card more'],
  ['one_less_card', 'One card less', 'every hand holds one card less'],
  ['deck_plays', 'Deck plays', 'while the deck holds one card, the player to act may play it blind'],
  ['all_or_nothing', 'All or nothing', 'the deck running out starts no last round; only a perfect game scores'],
];

// showCreate is the lobby: a form that opens a table.
async function showCreate(signal) {
  app.replaceChildren(el('p', { class: 'loading', text: 'Loading…' }));
  // The lobby's lists load with the lobby: a table's page does without them.
  const [list, botList, { myGames }, { tableLists }] = await Promise.all([call('GET', '/variants?limit=100', { signal }), call('GET', '/bots', { signal }),
    import('./my-games.js'), import('./open-tables.js')]);
  const variants = new Map(list.variants.map((v) => [v.name, v]));
  const rules = list.variants.filter((v) => v.source === 'rules' || ['basic', 'farbrausch', 'farbrausch2'].includes(v.name));
  const others = list.variants.filter((v) => !rules.includes(v));

  const variantSel = el('select', { name: 'variant', id: 'variant' },
    el('optgroup', { label: 'The rules' }, rules.map((v) => el('option', { value: v.name, text: v.title }))),
    el('optgroup', { label: 'hanab.live catalogue', id: 'catalogue' }, others.map((v) => el('option', { value: v.name, text: v.title }))));
  const search = el('input', { type: 'search', placeholder: 'search 2,000+ variants…', 'aria-label': 'search variants', 'aria-describedby': 'variant-matches' });
  const matches = el('p', { class: 'hint', id: 'variant-matches', role: 'status' });
  let searchTimer = 0;
  search.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(async () => {
      try {
        const q = search.value.trim();
        const found = await call('GET', `/variants?limit=100&q=${encodeURIComponent(q)}`);
        if (search.value.trim() !== q) return; // typed on meanwhile: that search answers
        for (const v of found.variants) variants.set(v.name, v);
        showMatches(q, found.variants);
      } catch (e) { toast(friendly(e)); }
    }, 250);
  });

  // showMatches lists a search's hits in the picker. The choice changes
  // only when the search names one variant (its only hit, or one whose
  // name or title it is); otherwise the choice stays, still listed, and
  // the page says how many match.
  function showMatches(q, hits) {
    const chosen = variants.get(variantSel.value);
    const listed = hits.filter((v) => !rules.includes(variants.get(v.name)) || q);
    if (!rules.includes(chosen) && !listed.some((v) => v.name === chosen.name)) listed.unshift(chosen);
    variantSel.querySelector('#catalogue').replaceChildren(...listed.map((v) => el('option', { value: v.name, text: v.title })));
    variantSel.value = chosen.name;
    const lower = q.toLowerCase();
    const named = hits.length === 1 ? hits[0] : hits.find((v) => v.name === lower || v.title.toLowerCase() === lower);
    if (!q) {
      matches.textContent = '';
    } else if (named) {
      variantSel.value = named.name;
      matches.textContent = `Chosen: ${named.title}.`;
    } else if (hits.length === 0) {
      matches.textContent = `No variant matches “${q}”.`;
    } else {
      const n = hits.length === 100 ? '100 or more' : String(hits.length);
      matches.textContent = `${n} variants match “${q}”: choose one in the Variant list above.`;
    }
    if (variantSel.value !== chosen.name) renderOptions();
  }

  const players = el('select', { name: 'players', id: 'players' },
    [2, 3, 4, 5, 6].map((n) => el('option', { value: n, text: `${n} players`, selected: n === 2 })));
  // A signed-in player's seat takes their account's name; a guest names
  // their seat, or not.
  const player = account();
  const name = player ? null : el('input', { name: 'name', id: 'name', maxlength: 64, placeholder: 'your name', value: localStorage.getItem('hanabi.name') || '' });
  const options = el('div', { class: 'options' });
  const seats = el('div', { class: 'seats-setup' });
  const seed = el('input', { name: 'seed', id: 'seed', placeholder: 'random', maxlength: 64 });
  const priv = el('input', { type: 'checkbox', name: 'private', id: 'private' });
  const unlisted = el('input', { type: 'checkbox', name: 'unlisted', id: 'unlisted' });
  // Who may watch the table while it runs (a finished game is public record).
  const spectators = el('select', { name: 'spectators', id: 'spectators', 'aria-describedby': 'spectators-hint' },
    el('option', { value: 'open', text: 'Anyone (signed in: every hand)', selected: true }),
    el('option', { value: 'no_hands', text: 'Anyone, but no hand shown' }),
    el('option', { value: 'closed', text: 'Only the players' }));
  const desc = el('p', { class: 'variant-desc' });

  function renderOptions() {
    const v = variants.get(variantSel.value);
    desc.replaceChildren(v.description || '', ' ', el('span', { class: 'max', text: `Max score ${v.max_score}.` }));
    const o = v.options || {};
    const rows = [];
    if (o.storm_tokens) rows.push(field('Strikes', numberInput('storm_tokens', o.storm_tokens), 'misplays that end the game'));
    if (o.note_tokens) rows.push(field('Clue tokens', numberInput('note_tokens', o.note_tokens), 'clues the team holds at the start'));
    if (o.empty_clues) {
      rows.push(el('label', { class: 'field check' },
        el('input', { type: 'checkbox', name: 'empty_clues', checked: !!o.empty_clues.default }),
        el('span', { class: 'label', text: 'Empty clues allowed' })));
    }
    // The table options the server offers as yes or no, each in words; one
    // extra card and one card less exclude each other.
    const checks = [];
    for (const [key, label, hint] of TOGGLES) {
      if (!o[key] || typeof o[key].default !== 'boolean') continue;
      const box = el('input', { type: 'checkbox', name: key, id: `opt-${key.replaceAll('_', '-')}`, checked: o[key].default });
      checks.push(box);
      rows.push(el('label', { class: 'field check' }, box, el('span', { class: 'label', text: label }), el('small', { class: 'hint', text: hint })));
    }
    const extra = checks.find((c) => c.name === 'one_extra_card');
    const less = checks.find((c) => c.name === 'one_less_card');
    if (extra && less) {
      extra.addEventListener('change', () => { if (extra.checked) less.checked = false; });
      less.addEventListener('change', () => { if (less.checked) extra.checked = false; });
    }
    if (o.rainbow_cards) {
      rows.push(field('Rainbow cards', el('select', { name: 'rainbow_cards' },
        o.rainbow_cards.allowed.map((n) => el('option', { value: n, selected: n === o.rainbow_cards.default, text: n === 10 ? '10 (like the other suits)' : `${n} (one of each rank)` })))));
    }
    // The turn clock appears when the server offers it for this variant,
    // with the bounds of its options table: 0 (untimed) or min–max seconds.
    let clock = null;
    if (o.turn_seconds) {
      const ts = o.turn_seconds;
      const ok = (n) => (ts.allowed || []).includes(n) || (n >= (ts.min ?? 0) && n <= (ts.max ?? Infinity));
      const hint = `${(ts.allowed || []).includes(0) ? '0 = untimed, or ' : ''}${ts.min}–${ts.max} seconds a turn`;
      const input = numberInput('turn_seconds', { ...ts, min: Math.min(ts.min ?? 0, ...(ts.allowed || [])) });
      input.id = 'turn-seconds';
      clock = input;
      input.addEventListener('input', () => input.setCustomValidity(ok(Number(input.value)) ? '' : `Choose ${hint}.`));
      rows.push(field('Turn clock', input, hint));
    }
    if (o.on_timeout) {
      const onTimeout = field('When a turn\'s time runs out', el('select', { name: 'on_timeout', id: 'on-timeout' },
        (o.on_timeout.allowed || ['bot', 'end']).map((x) => el('option', { value: x, selected: x === o.on_timeout.default, text: x === 'bot' ? 'a bot makes that move' : x === 'end' ? 'the game ends' : x }))));
      // What happens when time runs out matters only with the clock on.
      const follow = () => { onTimeout.hidden = !!clock && Number(clock.value) === 0; };
      if (clock) clock.addEventListener('input', follow);
      follow();
      rows.push(onTimeout);
    }
    options.replaceChildren(...rows);
  }

  function renderSeats() {
    const n = Number(players.value);
    const rows = [el('div', { class: 'seat-row' }, el('span', { class: 'seat-no', text: 'Seat 1' }), el('span', { text: 'you' }))];
    for (let s = 1; s < n; s++) {
      rows.push(el('div', { class: 'seat-row' }, el('span', { class: 'seat-no', text: `Seat ${s + 1}` }),
        el('select', { name: `seat${s}`, 'data-seat': s, 'aria-label': `seat ${s + 1}` },
          el('option', { value: '', text: 'a person (share the link)' }),
          botList.bots.map((b) => el('option', { value: b.name, title: b.description, text: `a bot: ${b.name} (${b.description.split(':')[0]})` })))));
    }
    seats.replaceChildren(...rows);
  }

  variantSel.addEventListener('change', renderOptions);
  players.addEventListener('change', renderSeats);

  const form = el('form', { class: 'panel create', id: 'create' },
    el('h1', { text: 'New game' }),
    el('div', { class: 'grid' },
      el('div', {},
        field('Variant', variantSel), search, matches, desc,
        field('Players', players),
        player ? el('p', { class: 'field', id: 'playing-as' }, el('span', { class: 'label', text: 'Playing as' }), el('strong', { text: player.name }))
          : field('Your name', name, 'no account needed; sign in (optional) to keep your games and scores'),
        el('label', { class: 'field check' }, priv, el('span', { class: 'label', text: 'Private table (only people with the link can join)' })),
        el('label', { class: 'field check' }, unlisted, el('span', { class: 'label', text: 'Unlisted (not shown in open tables)' })),
        el('label', { class: 'field' }, el('span', { class: 'label', text: 'Spectators while the game runs' }), spectators,
          el('small', { class: 'hint', id: 'spectators-hint', text: 'signed-in spectators of an open table see every hand, or exactly what one player sees; a finished game is open to all' }))),
      el('div', {}, el('h2', { text: 'Options' }), options),
      el('div', {}, el('h2', { text: 'Seats' }), seats)),
    el('details', { class: 'advanced' }, el('summary', { text: 'Advanced' }), field('Seed', seed, 'the same seed deals the same cards')),
    el('button', { type: 'submit', class: 'primary', id: 'create-game', text: 'Create game' }));

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const v = variants.get(variantSel.value);
    const body = { variant: v.name, players: Number(players.value), options: {} };
    if (!player) body.name = name.value.trim() || 'Player 1';
    for (const inp of options.querySelectorAll('input, select')) {
      if (inp.closest('[hidden]')) continue; // an option that does not apply: the server's default
      if (inp.type === 'checkbox') body.options[inp.name] = inp.checked;
      else if (inp.name === 'on_timeout') body.options[inp.name] = inp.value;
      else body.options[inp.name] = Number(inp.value);
    }
    const bots = [];
    for (const sel of seats.querySelectorAll('select')) if (sel.value) bots.push({ seat: Number(sel.dataset.seat), strategy: sel.value });
    if (bots.length) body.bots = bots;
    if (seed.value.trim()) body.seed = seed.value.trim();
    if (priv.checked) body.private = true;
    if (unlisted.checked) body.unlisted = true;
    if (spectators.value !== 'open') body.spectators = spectators.value;
    if (name && name.value.trim()) localStorage.setItem('hanabi.name', body.name);
    const btn = form.querySelector('button[type=submit]');
    btn.disabled = true;
    try {
      const res = player ? await asPlayer('POST', '/games', { body }) : await call('POST', '/games', { body });
      if (res.token) saveSeat(res.game.id, res.seat, res.token, { player: player && player.name });
      if (res.game.join_secret) saveSecret(res.game.id, res.game.join_secret);
      go(`/?game=${encodeURIComponent(res.game.id)}`);
    } catch (e) {
      toast(friendly(e));
      btn.disabled = false;
    }
  });

  renderOptions();
  renderSeats();
  if (signal.aborted) return;
  const titles = new Map([...variants].map(([n, v]) => [n, v.title]));
  const lists = tableLists(go, { titles, signal });
  app.replaceChildren(...[player ? myGames(go, signal) : null, form].filter(Boolean), ...lists.sections);
  // The chat and who's online come with the lobby's events, in a module of
  // their own: the table's pages never load it.
  const { lobbyLive } = await import('./lobby-live.js');
  if (!signal.aborted) app.append(el('div', { class: 'lobby-live' }, lobbyLive(lists, signal)));
}

route();
check();
