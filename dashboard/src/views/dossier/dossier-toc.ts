// The dossier's table of contents: a bar that stays at the top while the page scrolls, one link per
// part with its count, and the part in view marked (aria-current) as the reader moves.
import { h } from '../../core/dom';

export interface TocEntry { id: string; label: string; count?: number }

export function dossierToc(entries: TocEntry[], signal: AbortSignal): HTMLElement {
  const links = entries.map((e) => h('a', { href: `#${location.hash.slice(1).split('?')[0]}`, 'data-target': e.id, 'data-testid': `toc-${e.id}` },
    e.label, e.count === undefined ? null : h('span', { class: 'toc-count' }, String(e.count))));
  // Fragment links would change the route: scroll instead.
  links.forEach((link) => link.addEventListener('click', (event) => {
    event.preventDefault();
    document.getElementById(link.dataset.target ?? '')?.scrollIntoView({ block: 'start' });
  }));
  const nav = h('nav', { class: 'dossier-toc', 'aria-label': 'Dossier contents', 'data-testid': 'dossier-toc' }, links);
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver((seen) => {
      const visible = seen.filter((s) => s.isIntersecting).map((s) => s.target.id);
      if (visible.length === 0) return;
      links.forEach((l) => (visible.includes(l.dataset.target ?? '') ? l.setAttribute('aria-current', 'true') : l.removeAttribute('aria-current')));
    }, { rootMargin: '-20% 0px -70% 0px' });
    queueMicrotask(() => entries.forEach((e) => { const el = document.getElementById(e.id); if (el) observer.observe(el); }));
    signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  }
  return nav;
}
