// The frame of every biomedical store page: its own small navigation and the disclaimer the API sends
// with every answer (shown as the server wrote it; until the first answer arrives, a placeholder).
import './biomed.css';
import { h, replace } from '../../core/dom';

export const conditionHref = (curie: string) => `#biomed/conditions/${encodeURIComponent(curie)}`;
export const snapshotHref = (snapshotId: string) => `#biomed/snapshots/${encodeURIComponent(snapshotId)}`;

/** The latest disclaimer the API sent, so a page whose answer is an error still shows the server's words. */
let lastDisclaimer = 'Research use only.';

export interface BiomedPage {
  element: HTMLElement;
  /** Shows the disclaimer of the latest API answer. */
  setDisclaimer(text: string | undefined): void;
  setTitle(text: string): void;
}

export function biomedPage(active: 'conditions' | 'snapshots', title: string, ...content: HTMLElement[]): BiomedPage {
  const disclaimer = h('p', { class: 'biomed-disclaimer', role: 'note', 'data-testid': 'biomed-disclaimer' }, lastDisclaimer);
  const tab = (key: typeof active, href: string, label: string) => h('a', { href, class: key === active ? 'active' : null, 'aria-current': key === active ? 'page' : null }, label);
  const heading = h('h1', { 'data-testid': 'biomed-title' }, title);
  // The store's own disclaimer (the server's words) replaces the header's line: one per page.
  document.body.classList.add('own-disclaimer');
  const element = h('div', { class: 'biomed' },
    h('nav', { class: 'biomed-tabs', 'aria-label': 'Biomedical store' }, tab('conditions', '#biomed', 'Conditions'), tab('snapshots', '#biomed/snapshots', 'Snapshots')),
    heading,
    disclaimer,
    content);
  return {
    element,
    setDisclaimer: (text) => {
      if (!text) return;
      lastDisclaimer = text;
      replace(disclaimer, text);
    },
    setTitle: (text) => replace(heading, text),
  };
}

export function tierTag(tier: string, meaning?: string): HTMLElement {
  return h('span', { class: `tag readiness readiness-${tier}`, title: meaning ?? null, 'data-testid': 'readiness-tier' }, tier);
}
