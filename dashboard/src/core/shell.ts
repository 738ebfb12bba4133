// The frame around every view: navigation, the global search, the researcher's name with sign-out,
// the unread-alerts badge, and one compact research-only disclaimer per page. The header stays on one
// line from 960 px up (short nav labels, the full names in title attributes); the disclaimer is a
// single line under it that scrolls away with the page instead of covering headings.
import { authState, signOut } from './auth';
import { h, replace } from './dom';
import { on } from './events';
import { globalSearch } from './global-search';
import { mountAlertsBadge } from '../views/alerts/badge';

export const DISCLAIMER = 'Research use only. This service works on public biomedical knowledge; it accepts no patient or case data and gives no '
  + 'medical advice. Scores are prioritization heuristics, not probabilities of benefit or safety.';

const NAV: [route: string, label: string, title: string][] = [
  ['ask', 'Ask', 'Ask a research question'],
  ['runs', 'Runs', 'Your runs'],
  ['compare', 'Compare', 'Compare two runs'],
  ['trends', 'Trends', 'Scores across runs'],
  ['analysis', 'Analysis', 'Analysis modules'],
  ['history', 'History', 'Candidate history'],
  ['alerts', 'Alerts', 'Alerts'],
  ['settings', 'Settings', 'Notification settings'],
  ['digest', 'Digest', 'Digest'],
  ['biomed', 'Store', 'Biomedical store'],
];

export function mountShell(root: HTMLElement): HTMLElement {
  const who = h('span', { class: 'who', 'data-testid': 'researcher-name' });
  const signOutButton = h('button', { type: 'button', class: 'link', 'data-testid': 'sign-out', onclick: () => void signOut() }, 'Sign out');
  const badge = h('span', { class: 'badge', 'data-testid': 'alerts-badge', hidden: true });
  const links = NAV.map(([route, label, title]) =>
    h('a', { href: `#${route}`, 'data-route': route, title }, label, route === 'alerts' ? badge : null));
  const menuToggle = h('button', { type: 'button', class: 'menu-toggle', 'aria-expanded': 'false', 'aria-controls': 'main-nav' }, 'Menu');
  const nav = h('nav', { id: 'main-nav', 'aria-label': 'Main' }, links);
  menuToggle.addEventListener('click', () => {
    const open = nav.classList.toggle('open');
    menuToggle.setAttribute('aria-expanded', String(open));
  });
  nav.addEventListener('click', () => nav.classList.remove('open'));
  const outlet = h('main', { id: 'outlet', tabindex: '-1' });
  replace(root,
    h('header', { class: 'top', 'data-testid': 'app-header' },
      h('a', { class: 'brand', href: '#ask', title: 'Evidence Research Service' }, h('span', { class: 'brand-long' }, 'Evidence Research'), h('span', { class: 'brand-short' }, 'ERS')),
      menuToggle,
      nav,
      globalSearch(),
      h('div', { class: 'account' }, who, signOutButton)),
    h('p', { class: 'disclaimer', role: 'note', 'data-testid': 'disclaimer', title: DISCLAIMER },
      'Research use only — no patient data, no medical advice; scores are prioritization heuristics, not probabilities of benefit or safety.'),
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
