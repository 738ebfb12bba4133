// #biomed[?q=..]: type-ahead search of the imported conditions (GET /api/v1/conditions/search), debounced,
// each keystroke cancelling the previous request. The query is kept in the fragment (without a new
// history entry) so coming back from a condition shows the same results.
import { api } from '../../core/api';
import { emptySection, h, replace } from '../../core/dom';
import { showClientErrors, showFieldErrors } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { biomedPage, conditionHref, tierTag } from './biomed-page';
import type { SearchResponse } from './biomed-types';
import { PAGE_LIMIT, READINESS_MEANING, validLimit } from './biomed-vocabulary';

const DEBOUNCE_MS = 250;
const MAX_QUERY = 200;

export function searchView({ query, outlet, signal }: ViewContext): void {
  const input = h('input', { name: 'q', type: 'search', value: query.get('q') ?? '', maxlength: MAX_QUERY, autocomplete: 'off',
    placeholder: 'Label or synonym, e.g. arthritis', 'aria-controls': 'condition-results', 'data-testid': 'condition-search' });
  const limit = h('input', { name: 'limit', type: 'number', min: PAGE_LIMIT.min, max: PAGE_LIMIT.max, step: 1, value: query.get('limit') ?? String(PAGE_LIMIT.default) });
  const general = h('div');
  const form = h('form', { class: 'panel', role: 'search', novalidate: true },
    h('div', { class: 'row' },
      h('label', { class: 'field search-field', 'data-field': 'q' }, 'Search conditions', input),
      h('label', { class: 'field limit-field', 'data-field': 'limit' }, `Results (${PAGE_LIMIT.min}–${PAGE_LIMIT.max})`, limit)),
    general);
  const results = h('div', { id: 'condition-results', 'aria-live': 'polite', 'data-testid': 'condition-results' });
  const page = biomedPage('conditions', 'Conditions', form, results);
  replace(outlet, page.element);

  let inFlight: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => { clearTimeout(timer); inFlight?.abort(); });

  const search = async () => {
    const q = input.value;
    const errors: Record<string, string> = {};
    if (q.length > MAX_QUERY) errors.q = `must be at most ${MAX_QUERY} characters`;
    const badLimit = validLimit(limit.value.trim(), PAGE_LIMIT);
    if (badLimit) errors.limit = badLimit;
    if (!showClientErrors(form, errors, general)) return;
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q);
    if (limit.value.trim() && limit.value.trim() !== String(PAGE_LIMIT.default)) params.set('limit', limit.value.trim());
    history.replaceState(null, '', `#biomed${params.size ? `?${params.toString()}` : ''}`);
    inFlight?.abort();
    if (q.trim() === '') {
      replace(results, h('p', { class: 'muted' }, 'Type part of a condition\'s name or synonym.'));
      return;
    }
    inFlight = new AbortController();
    const own = inFlight;
    try {
      const answer = await api.get<SearchResponse>('/api/v1/conditions/search', { query: { q, limit: limit.value.trim() || undefined }, signal: own.signal });
      page.setDisclaimer(answer.disclaimer);
      replace(results, hitsList(answer));
    } catch (error) {
      if (own.signal.aborted) return;
      replace(results);
      showFieldErrors(form, error, general);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), DEBOUNCE_MS);
  };
  input.addEventListener('input', schedule);
  limit.addEventListener('input', schedule);
  form.addEventListener('submit', (event) => { event.preventDefault(); clearTimeout(timer); void search(); });
  void search();
  input.focus();
}

function hitsList(answer: SearchResponse): HTMLElement {
  if (answer.results.length === 0) return emptySection(`no condition matches “${answer.query}”`);
  return h('div', null,
    h('p', { class: 'muted' }, `${answer.count} result(s)${answer.count >= answer.limit ? ` (the first ${answer.limit}; raise the limit or refine the query)` : ''}`),
    h('ul', { class: 'hit-list' }, answer.results.map((hit) => h('li', { 'data-testid': 'condition-hit', 'data-curie': hit.curie },
      h('a', { href: conditionHref(hit.curie) }, hit.label ?? hit.curie),
      ' ', h('code', null, hit.curie), ' ', tierTag(hit.readiness_tier, READINESS_MEANING[hit.readiness_tier]),
      h('div', { class: 'muted' },
        `${hit.kind} · ${hit.resource}`,
        hit.matched === 'synonym' ? ` · synonym “${hit.matched_text}”` : '',
        hit.mondo_curie && hit.mondo_curie !== hit.curie ? ` · ${hit.mondo_curie}` : '',
        hit.efo_id ? ` · ${hit.efo_id}` : '')))));
}
