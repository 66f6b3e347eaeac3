import { el } from './dom.js';

// confirm asks before something that cannot be undone; it answers true when
// the person confirms. A <dialog> keeps the keyboard inside it while open.
export function confirm(title, text, ok) {
  return new Promise((resolve) => {
    const d = el('dialog', { class: 'dialog', id: 'confirm', 'aria-labelledby': 'confirm-h' },
      el('h2', { id: 'confirm-h', text: title }), el('p', { text }),
      el('form', { method: 'dialog', class: 'dialog-buttons' },
        el('button', { value: 'cancel', id: 'confirm-cancel', text: 'Cancel' }),
        el('button', { value: 'ok', class: 'primary danger', id: 'confirm-ok', text: ok })));
    d.addEventListener('close', () => { d.remove(); resolve(d.returnValue === 'ok'); });
    document.body.append(d);
    d.showModal();
    d.querySelector('#confirm-cancel').focus();
  });
}

export const SHORTCUTS = [
  ['p then 1–6', 'play the card in that slot'],
  ['d then 1–6', 'discard the card in that slot'],
  ['n', 'on a focused card (Tab to it; Enter works too): write a note on it'],
  ['n then 1–6', 'write a note on your card in that slot'],
  ['c', 'go to the clue buttons (arrow keys or Tab move between them)'],
  ['l', 'go to the log'],
  ['← →', 'in a replay: one turn back or forward'],
  ['space', 'in a replay: play or pause'],
  ['?', 'show or hide this help'],
];

// help shows the keyboard shortcuts.
export function help() {
  const open = document.getElementById('help');
  if (open) { open.close(); return; }
  const d = el('dialog', { class: 'dialog', id: 'help', 'aria-labelledby': 'help-h' },
    el('h2', { id: 'help-h', text: 'Keyboard shortcuts' }),
    el('dl', { class: 'keys' }, SHORTCUTS.flatMap(([k, v]) => [el('dt', {}, el('kbd', { text: k })), el('dd', { text: v })])),
    el('form', { method: 'dialog', class: 'dialog-buttons' }, el('button', { value: 'close', id: 'help-close', text: 'Close' })));
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
}

// readNotes shows a card's notes in full: on a phone a card has room for a
// line or two of them. what names the card; note is from notes.js.
export function readNotes(what, note) {
  document.getElementById('note-reader')?.close();
  const d = el('dialog', { class: 'dialog', id: 'note-reader', 'aria-labelledby': 'note-reader-h' },
    el('h2', { id: 'note-reader-h', text: `Notes on ${what}` }),
    el('ul', { class: 'note-lines' }, note.lines.map((line) => el('li', { text: line }))),
    el('form', { method: 'dialog', class: 'dialog-buttons' }, el('button', { value: 'close', id: 'note-reader-close', text: 'Close' })));
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
}
