// Who the entity is: its name, type, graph id, synonyms and the exact mappings that resolve to it, each
// id linked to its resource's page when it is a real id of a known resource; for a disease also the
// store's condition record (definition, mappings). A dossier name with no graph node says so.
import { api } from '../../core/api';
import { h } from '../../core/dom';
import { externalUrl } from '../../core/entity-links';
import type { KgNodeAnswer, ResolvedEntity } from './entity-types';

export function idLink(curie: string): HTMLElement {
  const url = externalUrl(curie);
  return url
    ? h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', class: 'external', 'data-testid': 'external-link' }, curie)
    : h('code', null, curie);
}

export async function identity(entity: ResolvedEntity, node: KgNodeAnswer | null, signal: AbortSignal): Promise<HTMLElement> {
  if (!node) {
    return h('div', { 'data-testid': 'entity-not-in-graph' },
      h('p', null, `“${entity.label}” has no node in the knowledge graph of the active snapshots (${entity.linkedBy}). `,
        'The dossier found it in the retrieved records; graph, safety and prediction modules need a graph node.'),
      entity.candidateId ? h('p', { class: 'muted small' }, 'Dossier id: ', h('code', null, entity.candidateId), ' (no external page: not a resource identifier)') : null);
  }
  const ids = [node.node.id, ...node.aliases.filter((a) => a !== node.node.id)];
  const condition = entity.kind === 'disease' ? await conditionRecord(node.node.id, signal) : null;
  return h('div', null,
    h('dl', { class: 'identity' },
      h('dt', null, 'Type'), h('dd', null, node.node.type),
      h('dt', null, 'Identifiers'), h('dd', { 'data-testid': 'entity-ids' }, ids.map((id, i) => [i > 0 ? ' · ' : '', idLink(id)])),
      node.synonyms.length > 0 ? [h('dt', null, 'Synonyms'), h('dd', null, node.synonyms.slice(0, 12).join(', '))] : null,
      condition?.definition ? [h('dt', null, 'Definition'), h('dd', null, condition.definition)] : null,
      condition && condition.mappings.length > 0
        ? [h('dt', null, 'Mappings'), h('dd', { 'data-testid': 'entity-mappings' }, condition.mappings.map((m, i) => [i > 0 ? ' · ' : '', idLink(m.curie), h('span', { class: 'muted small' }, ` ${m.predicate}`)]))]
        : null,
      h('dt', null, 'Graph links'), h('dd', null, Object.entries(node.degree_by_type).map(([type, d]) => `${type} ${d.out + d.in}`).join(' · ') || 'none'),
      h('dt', null, 'From'), h('dd', { class: 'muted small' }, node.provenance.map((p) => `${p.resource} (${p.edges} edges)`).join(', ') || '—')),
    entity.kind === 'disease' ? h('p', null, h('a', { href: `#biomed/conditions/${encodeURIComponent(node.node.id)}` }, 'Open in the biomedical store (hierarchy, claims)')) : null,
    entity.candidateId ? h('p', { class: 'muted small' }, `Dossier id ${entity.candidateId}, linked by ${entity.linkedBy}.`) : null);
}

interface ConditionRecord { definition: string | null; mappings: { curie: string; predicate: string }[] }

async function conditionRecord(curie: string, signal: AbortSignal): Promise<ConditionRecord | null> {
  return api.get<ConditionRecord>(`/api/v1/conditions/${encodeURIComponent(curie)}`, { signal }).catch(() => null);
}
