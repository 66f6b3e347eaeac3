import { account, signOut } from './account.js';
import { el, toast } from './dom.js';
import { friendly } from './messages.js';

// accountNav is the top bar's links: the leaderboards, and the signed-in
// player's profile and sign-out, or a way to sign in (never needed to play).
export function accountNav(nav) {
  const a = account();
  const here = `${location.pathname}${location.search}`;
  const next = here === '/' || new URLSearchParams(location.search).has('signin') ? null : here;
  const signIn = `/?signin${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  nav.replaceChildren(...[
    el('a', { href: '/?leaderboard=basic&players=2', 'data-nav': true, id: 'to-leaderboards', text: 'Leaderboards' }),
    a ? el('a', { href: `/?player=${encodeURIComponent(a.name)}`, 'data-nav': true, id: 'account-name', title: 'your profile', text: a.name }) : null,
    a ? el('button', {
      type: 'button', class: 'small', id: 'sign-out', text: 'Sign out',
      onclick: async (e) => {
        e.currentTarget.disabled = true;
        try { await signOut(); } catch (err) { toast(friendly(err)); }
      },
    }) : el('a', { href: signIn, 'data-nav': true, id: 'sign-in', text: 'Sign in' })].filter(Boolean));
}
