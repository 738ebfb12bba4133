// The entity's graph neighbourhood (GET /api/kg/neighbors): each neighbour linked to its own entity
// page, the edge's type read in its stored direction (→ from this entity, ← into it), and the sources
// that state it; a table to sort and filter by edge type and neighbour type.
import { api } from '../../core/api';
import { dataTable } from '../../core/data-table';
import { Child, emptySection, h } from '../../core/dom';
import { entityHref, KIND_OF_TYPE } from '../../core/entity-links';
import type { KgNeighbour, KgNeighbours } from './entity-types';
import { idLink } from './identity-section';

const SHOWN = 200;

export async function neighbours(nodeId: string, edgeTypes: string[] | undefined, signal: AbortSignal, testId = 'neighbour-table'): Promise<Child> {
  const answer = await api.get<KgNeighbours>(`/api/kg/neighbors/${encodeURIComponent(nodeId)}`, { query: { limit: SHOWN, edge_types: edgeTypes }, signal });
  if (answer.neighbors.length === 0) return emptySection('no neighbours of these edge types');
  return [
    h('p', { class: 'muted small' }, `${answer.total} links: `, Object.entries(answer.counts_by_edge_type).map(([t, n]) => `${t} ${n}`).join(' · '),
      answer.total > answer.neighbors.length ? ` (first ${answer.neighbors.length} listed)` : ''),
    dataTable<KgNeighbour>({
      testId, caption: 'Knowledge-graph neighbours', rows: answer.neighbors, pageSize: 25,
      facets: [
        { key: 'edge', label: 'Edge', value: (n) => n.edge.type },
        { key: 'type', label: 'Neighbour type', value: (n) => n.node.type },
      ],
      text: (n) => `${n.node.label} ${n.node.id}`,
      rowAttrs: (n) => ({ 'data-testid': 'neighbour', 'data-node': n.node.id, 'data-edge': n.edge.type }),
      columns: [
        { label: 'Neighbour', cell: (n) => h('a', { href: entityHref(n.node.id), class: 'entity-link' }, n.node.label), sort: (n) => n.node.label.toLowerCase() },
        { label: 'Type', cell: (n) => h('span', { class: `tag kind-${KIND_OF_TYPE[n.node.type] ?? 'other'}` }, n.node.type), sort: (n) => n.node.type },
        { label: 'Relation', cell: relation, sort: (n) => n.edge.type },
        { label: 'Stated by', cell: statedBy, sort: (n) => n.edge.claim_count },
      ],
    }),
  ];
}

function relation(n: KgNeighbour): string {
  if (n.edge.symmetric) return `— ${n.edge.type} —`;
  return n.edge.direction === 'forward' ? `${n.edge.type} →` : `← ${n.edge.type}`;
}

function statedBy(n: KgNeighbour): Child {
  const resources = [...new Set(n.edge.citations.map((c) => c.resource))];
  const refs = [...new Set(n.edge.citations.map((c) => c.reference).filter((r): r is string => typeof r === 'string' && /^PMID:\d+$/.test(r)))].slice(0, 3);
  return [h('span', { class: 'small' }, resources.join(', ')), refs.length > 0 ? h('div', { class: 'small' }, refs.map((r, i) => [i > 0 ? ', ' : '', idLink(r)])) : null];
}
