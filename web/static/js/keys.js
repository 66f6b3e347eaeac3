import { help } from './dialog.js';

// installKeys gives the table its keyboard shortcuts (listed in the help
// dialog): p or d then a slot number, n on a card or n then a slot number
// for a note, c for the clues, l for the log, ? for help. Keys typed into a
// field are left alone. The note editor opens when its key is released, so
// that the key's own character never lands in the editor's field.
export function installKeys(t) {
  let prefix = null;
  let timer = 0;
  let onRelease = null; // { key, open }: the note editor to open on keyup
  const click = (sel) => {
    const b = t.app.querySelector(sel);
    if (b) { b.focus(); b.click(); }
  };
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // The help has the focus while it is open: ? closes it from there.
    if (e.key === '?' && document.getElementById('help') && !(e.target.closest && e.target.closest('input, textarea, select'))) {
      help();
      e.preventDefault();
      return;
    }
    if (e.target.closest && e.target.closest('input, textarea, select, dialog')) return;
    if (t.replay || t.rewinding) return;
    const k = e.key;
    if (prefix && /^[1-6]$/.test(k)) {
      if (prefix === 'note') onRelease = { key: k, open: () => click(`.hand.mine .slot-col:nth-child(${k}) .card-hit`) };
      else click(`button[data-action=${prefix}][data-slot="${Number(k) - 1}"]`);
      prefix = null;
      e.preventDefault();
      return;
    }
    prefix = null;
    if (k === '?') { help(); e.preventDefault(); return; }
    const card = e.target.closest && e.target.closest('.card.notable');
    if (k === 'n' && card) {
      onRelease = { key: k, open: () => card.querySelector('.card-hit').click() };
      e.preventDefault();
      return;
    }
    if (k === 'p' || k === 'd' || k === 'n') {
      prefix = { p: 'play', d: 'discard', n: 'note' }[k];
      clearTimeout(timer);
      timer = setTimeout(() => { prefix = null; }, 2000);
      e.preventDefault();
      return;
    }
    if (k === 'c') {
      const b = t.app.querySelector('.hand.selected button.clue:not([aria-disabled=true])') || t.app.querySelector('button.clue:not([aria-disabled=true])') || t.app.querySelector('button.clue');
      if (b) { b.focus(); e.preventDefault(); }
      return;
    }
    if (k === 'l') {
      const log = t.app.querySelector('.log');
      if (log) { log.focus(); e.preventDefault(); }
      return;
    }
    if ((k === 'ArrowLeft' || k === 'ArrowRight') && e.target.matches && e.target.matches('button.clue')) {
      const bs = [...t.app.querySelectorAll('button.clue')].filter((b) => b.offsetParent !== null);
      const i = bs.indexOf(e.target);
      const next = bs[i + (k === 'ArrowRight' ? 1 : -1)];
      if (next) { next.focus(); e.preventDefault(); }
    }
  };
  const onUp = (e) => {
    if (!onRelease || e.key !== onRelease.key) return;
    const { open } = onRelease;
    onRelease = null;
    open();
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('keyup', onUp);
  return () => { document.removeEventListener('keydown', onKey); document.removeEventListener('keyup', onUp); };
}
