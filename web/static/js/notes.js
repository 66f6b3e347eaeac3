import { ApiError, call } from './api.js';
import { el } from './dom.js';
import { friendly } from './messages.js';

// Card notes: a seat's own words on a card, kept by the server. While the
// game runs a seat reads only its own notes (they come in its view); once it
// is over, and in the replay, everyone's show, each with its writer's name.

export const MAX_NOTE = 200;

// notesByCard gathers what each card carries: card id → { text, label },
// text as the card shows it, label for its accessible name. A seat's own
// notes during the game read as they are; anyone else's, or any after the
// game, carry the writer's name ("Alice: chop").
export function notesByCard(notes, { seat, active, name }) {
  const byCard = new Map();
  for (const n of notes || []) {
    if (!n.text) continue;
    const own = active && n.seat === seat;
    const line = own ? n.text : `${name(n.seat)}: ${n.text}`;
    const list = byCard.get(n.card) || [];
    list.push({ seat: n.seat, line, own });
    byCard.set(n.card, list);
  }
  const out = new Map();
  for (const [card, list] of byCard) {
    list.sort((a, b) => a.seat - b.seat);
    const text = list.map((x) => x.line).join(' · ');
    const label = list.length === 1 && list[0].own ? `your note: ${list[0].line}` : `notes: ${list.map((x) => x.line).join('; ')}`;
    out.set(card, { text, label, lines: list.map((x) => x.line), own: list.find((x) => x.own)?.line ?? null });
  }
  return out;
}

// withNote is a view with one of seat's notes set (or removed, text ''),
// so that the page shows a note it has just written even when a newer
// view, fetched before the note was, arrived in between.
export function withNote(view, seat, card, text) {
  const rest = (view.notes || []).filter((n) => !(n.seat === seat && n.card === card));
  const notes = text ? [...rest, { seat, card, text }] : rest;
  return { ...view, notes: notes.length ? notes : undefined };
}

// clean makes a typed or pasted text one the server takes: one line, no
// control characters, at most MAX_NOTE characters.
export function clean(text) {
  return [...text.replace(/\p{Cc}+/gu, ' ').trim()].slice(0, MAX_NOTE).join('');
}

function problem(e) {
  if (e instanceof ApiError && e.code === 'game_not_active') return 'The game is over: notes can only be written while it runs.';
  if (e instanceof ApiError && e.status === 400) return `That note cannot be saved: write at most ${MAX_NOTE} characters on one line.`;
  return friendly(e);
}

// editNote opens the note editor for one card: what names the card
// ("your card in slot 2", "Bob's red 4"). It saves through the API and
// hands the answer to done(game, note); Escape or Cancel leave it as it was.
export function editNote(t, card, what, done) {
  document.getElementById('note-editor')?.close();
  const current = ((t.view.notes || []).find((n) => n.seat === t.seat && n.card === card) || {}).text || '';
  const input = el('input', {
    type: 'text', id: 'note-text', maxlength: MAX_NOTE, value: current, autocomplete: 'off',
    'aria-describedby': 'note-hint', placeholder: 'e.g. chop, finesse?, red 3',
  });
  const error = el('p', { class: 'note-error', id: 'note-error', role: 'alert' });
  const buttons = el('div', { class: 'dialog-buttons' },
    el('button', { type: 'button', id: 'note-clear', text: 'Clear' }),
    el('button', { type: 'button', id: 'note-cancel', text: 'Cancel' }),
    el('button', { type: 'submit', class: 'primary', id: 'note-save', text: 'Save' }));
  const form = el('form', { class: 'note-form' },
    el('label', { for: 'note-text', class: 'label', text: 'Your note' }), input,
    el('small', { class: 'hint', id: 'note-hint', text: `Up to ${MAX_NOTE} characters. Only you see it until the game ends; then everyone does.` }),
    error, buttons);
  const d = el('dialog', { class: 'dialog note-dialog', id: 'note-editor', 'aria-labelledby': 'note-h', 'data-card': card },
    el('h2', { id: 'note-h', text: `Note on ${what}` }), form);
  let busy = false;
  const save = async (text) => {
    if (busy) return;
    busy = true;
    error.textContent = '';
    buttons.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    try {
      const res = await call('PUT', `/games/${encodeURIComponent(t.id)}/notes/${card}`, { token: t.token, body: { text } });
      d.close();
      done(res.game, res.note);
    } catch (e) {
      error.textContent = problem(e);
      buttons.querySelectorAll('button').forEach((b) => { b.disabled = false; });
      input.focus();
    } finally {
      busy = false;
    }
  };
  form.addEventListener('submit', (e) => { e.preventDefault(); save(clean(input.value)); });
  buttons.querySelector('#note-clear').addEventListener('click', () => save(''));
  buttons.querySelector('#note-cancel').addEventListener('click', () => d.close());
  d.addEventListener('close', () => {
    d.remove();
    // Back to the card the note is on (the table may have been redrawn).
    t.app.querySelector(`[data-key="card-${card}"]`)?.focus({ preventScroll: true });
  });
  document.body.append(d);
  d.showModal();
  input.focus();
  input.select();
}
