import { account, problemWords, signedIn } from './account.js';
import { call } from './api.js';
import { el } from './dom.js';
import { friendly } from './messages.js';

// showSignIn is the page's sign-in and sign-up: two small forms, each with
// its refusal in the server's words. Once signed in the page goes to next
// (a page of this site), else to the lobby.
export function showSignIn(app, go, next) {
  const back = next && next.startsWith('/?') ? next : '/';
  const a = account();
  if (a) {
    app.replaceChildren(el('section', { class: 'panel account-forms', 'aria-labelledby': 'signin-h' },
      el('h1', { id: 'signin-h', text: `You are signed in as ${a.name}` }),
      el('p', {}, el('a', { href: back, 'data-nav': true, text: back === '/' ? 'Play' : 'Go back' }))));
    return;
  }
  const form = (kind, title, button, path, hints) => {
    const name = el('input', { id: `${kind}-name`, name: 'name', required: true, autocomplete: 'username', maxlength: 64, autocapitalize: 'none', spellcheck: 'false' });
    const password = el('input', { id: `${kind}-password`, name: 'password', type: 'password', required: true, autocomplete: kind === 'signup' ? 'new-password' : 'current-password', maxlength: 256 });
    const error = el('p', { class: 'form-error', id: `${kind}-error`, role: 'alert' });
    const f = el('form', { class: 'account-form', id: `${kind}-form`, 'aria-labelledby': `${kind}-h` },
      el('h2', { id: `${kind}-h`, text: title }),
      el('label', { class: 'field' }, el('span', { class: 'label', text: 'Name' }), name, hints ? el('small', { class: 'hint', text: hints[0] }) : null),
      el('label', { class: 'field' }, el('span', { class: 'label', text: 'Password' }), password, hints ? el('small', { class: 'hint', text: hints[1] }) : null),
      error,
      el('button', { type: 'submit', class: 'primary', id: kind, text: button }));
    f.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const btn = f.querySelector('button[type=submit]');
      btn.disabled = true;
      error.textContent = '';
      try {
        signedIn(await call('POST', path, { body: { name: name.value.trim(), password: password.value } }));
        go(back);
      } catch (e) {
        error.textContent = problemWords(e) || friendly(e);
        btn.disabled = false;
      }
    });
    return f;
  };
  app.replaceChildren(el('section', { class: 'panel account-forms', 'aria-labelledby': 'account-h' },
    el('h1', { id: 'account-h', text: 'Sign in' }),
    el('p', { class: 'muted', text: 'Nobody needs an account to play. With one, your seats follow you to any device, and your games, scores and the other scores on their deals stay on your profile.' }),
    el('div', { class: 'account-grid' },
      form('signin', 'I have an account', 'Sign in', '/sessions'),
      form('signup', 'Create an account', 'Create account', '/players',
        ['2–20 letters, digits, “_”, “-” or “.”; others see it at the table', 'at least 8 characters'])),
    el('p', {}, el('a', { href: back, 'data-nav': true, text: 'Play as a guest' }))));
}
