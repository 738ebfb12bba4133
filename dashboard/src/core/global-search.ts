// The header's search over the knowledge graph (GET /api/kg/search): diseases, drugs and genes by name,
// synonym or id, as a combobox whose options are links to the entity pages. Typing waits 200 ms and
// cancels the previous request, so a fast typist sends one request, not one per letter.
import { api } from './api';
import { h, replace } from './dom';
import { entityHref, KIND_OF_TYPE } from './entity-links';

interface SearchHit { id: string; label: string; type: string; match: string; matched: string }

const TYPES = ['Disease', 'Compound', 'Gene'];
let sequence = 0;

export function globalSearch(): HTMLElement {
  const list = h('ul', { id: 'global-search-results', class: 'search-results', role: 'listbox', 'aria-label': 'Search results', 'data-testid': 'global-search-results', hidden: true });
  const input = h('input', {
    type: 'search', name: 'q', placeholder: 'Search drugs, genes, diseases', autocomplete: 'off', maxlength: 200,
    role: 'combobox', 'aria-expanded': 'false', 'aria-controls': 'global-search-results', 'aria-autocomplete': 'list',
    'aria-label': 'Search drugs, genes and diseases', 'data-testid': 'global-search',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;
  const close = () => { list.hidden = true; input.setAttribute('aria-expanded', 'false'); };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    inflight?.abort();
    const q = input.value.trim();
    if (q.length < 2) return close();
    timer = setTimeout(() => {
      inflight = new AbortController();
      void search(q, list, input, inflight.signal);
    }, 200);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
    if (event.key === 'ArrowDown') list.querySelector<HTMLAnchorElement>('a')?.focus();
  });
  list.addEventListener('keydown', (event) => moveFocus(event, list, input));
  list.addEventListener('click', () => { close(); input.value = ''; });
  document.addEventListener('click', (event) => { if (!form.contains(event.target as Node)) close(); });
  const form = h('form', { class: 'global-search', role: 'search' }, input, list);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    list.querySelector<HTMLAnchorElement>('a')?.click();
  });
  return form;
}

async function search(q: string, list: HTMLElement, input: HTMLInputElement, signal: AbortSignal): Promise<void> {
  const mine = ++sequence;
  let hits: SearchHit[];
  try {
    hits = (await api.get<{ hits: SearchHit[] }>('/api/kg/search', { query: { q, types: TYPES, limit: 8 }, signal })).hits;
  } catch (error) {
    if (signal.aborted) return;
    hits = [];
    replace(list, h('li', { class: 'muted' }, error instanceof Error ? error.message : 'Search failed'));
  }
  if (mine !== sequence) return;
  if (hits.length > 0) {
    replace(list, hits.map((hit) => h('li', { role: 'option', 'aria-selected': 'false' },
      h('a', { href: entityHref(hit.id), 'data-testid': 'global-search-hit' },
        h('span', { class: 'hit-label' }, hit.label),
        h('span', { class: `tag kind-${KIND_OF_TYPE[hit.type] ?? 'other'}` }, KIND_OF_TYPE[hit.type] ?? hit.type),
        h('span', { class: 'muted hit-id' }, hit.id)))));
  } else if (list.childElementCount === 0 || !signal.aborted) {
    replace(list, h('li', { class: 'muted', 'data-testid': 'global-search-empty' }, `Nothing in the knowledge graph matches “${q}”.`));
  }
  list.hidden = false;
  input.setAttribute('aria-expanded', 'true');
}

function moveFocus(event: KeyboardEvent, list: HTMLElement, input: HTMLInputElement): void {
  const links = [...list.querySelectorAll<HTMLAnchorElement>('a')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]?.focus();
  else if (event.key === 'ArrowUp') (at <= 0 ? input : links[at - 1])?.focus();
  else return;
  event.preventDefault();
}
