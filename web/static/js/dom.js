// el builds an element: el('div', {class: 'x', onclick: f}, child, 'text', ...).
// Text is always set as text, never parsed as HTML: names come from players.
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k === 'vars') for (const [p, x] of Object.entries(v)) e.style.setProperty(p, x);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

let toastTimer = 0;

// toast shows a short message, e.g. why the server refused a move.
// It also goes to the console, where a refused move is worth noticing.
export function toast(msg) {
  console.warn(msg);
  const t = document.getElementById('toast');
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

export function setStatus(msg) {
  document.getElementById('status').textContent = msg || '';
}
