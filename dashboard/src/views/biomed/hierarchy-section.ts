// IS_A parents and children of a condition up to a chosen depth (GET /api/v1/conditions/{curie}/hierarchy,
// depth 0-3), each a link to its own condition page.
import { api } from '../../core/api';
import { emptySection, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import { conditionHref } from './biomed-page';
import type { HierarchyNode, HierarchyResponse } from './biomed-types';
import { HIERARCHY_DEPTH } from './biomed-vocabulary';
import { updateFragmentQuery } from './fragment-query';

export function hierarchySection(curie: string, query: URLSearchParams, signal: AbortSignal, onDisclaimer: (text: string) => void): HTMLElement {
  const asked = Number(query.get('depth') ?? HIERARCHY_DEPTH.default);
  const initial = Number.isInteger(asked) && asked >= HIERARCHY_DEPTH.min && asked <= HIERARCHY_DEPTH.max ? asked : HIERARCHY_DEPTH.default;
  const depths = Array.from({ length: HIERARCHY_DEPTH.max - HIERARCHY_DEPTH.min + 1 }, (_, i) => HIERARCHY_DEPTH.min + i);
  const select = h('select', { name: 'depth', 'data-testid': 'hierarchy-depth' },
    depths.map((d) => h('option', { value: d, selected: d === initial }, d === 0 ? '0 (the term only)' : `${d} step${d > 1 ? 's' : ''}`)));
  const body = h('div', { 'aria-live': 'polite' });
  let inFlight: AbortController | undefined;

  const load = async () => {
    inFlight?.abort();
    const own = (inFlight = new AbortController());
    signal.addEventListener('abort', () => own.abort(), { once: true });
    replace(body, h('p', { class: 'muted' }, 'Loading hierarchy…'));
    try {
      const answer = await api.get<HierarchyResponse>(`/api/v1/conditions/${encodeURIComponent(curie)}/hierarchy`, { query: { depth: select.value }, signal: own.signal });
      onDisclaimer(answer.disclaimer);
      replace(body,
        h('div', { class: 'hierarchy' },
          h('div', null, h('h3', null, `Parents (${answer.parents.length})`), nodeList(answer.parents, 'parent')),
          h('div', null, h('h3', null, `Children (${answer.children.length})`), nodeList(answer.children, 'child'))));
    } catch (error) {
      if (!own.signal.aborted) replace(body, errorBox(error));
    }
  };
  select.addEventListener('change', () => {
    updateFragmentQuery({ depth: select.value === String(HIERARCHY_DEPTH.default) ? undefined : select.value });
    void load();
  });
  void load();
  return h('section', { class: 'panel', 'data-testid': 'condition-hierarchy' },
    h('h2', null, 'Hierarchy (IS_A)'),
    h('label', { class: 'field inline-field', 'data-field': 'depth' }, 'Depth', select),
    body);
}

function nodeList(nodes: HierarchyNode[], role: 'parent' | 'child'): HTMLElement {
  if (nodes.length === 0) return emptySection(role === 'parent' ? 'no parents' : 'no children');
  const sorted = [...nodes].sort((a, b) => a.distance - b.distance || (a.label ?? a.curie).localeCompare(b.label ?? b.curie));
  return h('ul', { class: 'node-list' }, sorted.map((node) => h('li', { 'data-testid': `hierarchy-${role}`, 'data-curie': node.curie, class: `distance-${Math.min(node.distance, 3)}` },
    h('a', { href: conditionHref(node.curie) }, node.label ?? node.curie), ' ', h('code', { class: 'muted' }, node.curie),
    node.distance > 1 ? h('span', { class: 'muted' }, ` · ${node.distance} steps`) : null)));
}
