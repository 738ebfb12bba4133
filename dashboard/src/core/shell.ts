// The frame around every view: navigation, the researcher's name with sign-out, the unread-alerts
// badge, and the research-only disclaimer, which stays visible on every page.
import { authState, signOut } from './auth';
import { h, replace } from './dom';
import { on } from './events';
import { mountAlertsBadge } from '../views/alerts/badge';

export const DISCLAIMER = 'Research use only. This service works on public biomedical knowledge; it accepts no patient or case data and gives no '
  + 'medical advice. Scores are prioritization heuristics, not probabilities of benefit or safety.';

const NAV: [route: string, label: string][] = [
  ['ask', 'Ask'],
  ['runs', 'Runs'],
  ['compare', 'Compare'],
  ['trends', 'Trends'],
  ['history', 'Candidate history'],
  ['alerts', 'Alerts'],
  ['settings', 'Notifications'],
  ['digest', 'Digest'],
  ['biomed', 'Biomedical store'],
];

export function mountShell(root: HTMLElement): HTMLElement {
  const who = h('span', { class: 'who', 'data-testid': 'researcher-name' });
  const signOutButton = h('button', { type: 'button', class: 'link', 'data-testid': 'sign-out', onclick: () => void signOut() }, 'Sign out');
  const badge = h('span', { class: 'badge', 'data-testid': 'alerts-badge', hidden: true });
  const links = NAV.map(([route, label]) =>
    h('a', { href: `#${route}`, 'data-route': route }, label, route === 'alerts' ? badge : null));
  const menuToggle = h('button', { type: 'button', class: 'menu-toggle', 'aria-expanded': 'false', 'aria-controls': 'main-nav' }, 'Menu');
  const nav = h('nav', { id: 'main-nav', 'aria-label': 'Main' }, links);
  menuToggle.addEventListener('click', () => {
    const open = nav.classList.toggle('open');
    menuToggle.setAttribute('aria-expanded', String(open));
  });
  nav.addEventListener('click', () => nav.classList.remove('open'));
  const outlet = h('main', { id: 'outlet', tabindex: '-1' });
  replace(root,
    h('header', { class: 'top' },
      h('a', { class: 'brand', href: '#ask' }, 'Evidence Research Service'),
      menuToggle,
      nav,
      h('div', { class: 'account' }, who, signOutButton)),
    h('div', { class: 'disclaimer', role: 'note', 'data-testid': 'disclaimer' }, DISCLAIMER),
    outlet,
  );
  const showWho = () => {
    const state = authState();
    replace(who, state?.authenticated ? state.researcher_id : 'Not signed in');
    signOutButton.hidden = !(state?.authenticated && state.source === 'session');
  };
  showWho();
  on('signed-in', showWho);
  on('session-expired', showWho);
  mountAlertsBadge(badge);
  return outlet;
}
