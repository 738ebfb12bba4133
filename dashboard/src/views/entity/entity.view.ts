// #entity/{id}[?run=..&disease=..]: one drug (compound), target (gene) or disease — who it is and its
// identifiers (linked to their resources when real), where the dossier it was opened from mentions it,
// its module results (safety and predicted indication for a drug, the drugs acting on a target, the
// predicted treatments of a disease) and its knowledge-graph neighbourhood. Reached from every mention
// in a dossier and from the header's search; a dossier id (drug:belimumab) resolves to its graph node.
import './entity.css';
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import type { Dossier } from '../dossier/dossier-model';
import { graphHref } from '../graph/graph-link';
import { historyHref } from '../history/history-link';
import { asyncSection } from './async-section';
import { predictedTreatments } from './disease-modules';
import { predictedIndication, safetyProfile } from './drug-modules';
import { readDossier, resolveEntity } from './entity-resolve';
import type { KgNodeAnswer, ResolvedEntity } from './entity-types';
import { identity } from './identity-section';
import { dossierMentions } from './mentions-section';
import { neighbours } from './neighbours-section';
import { actingDrugs } from './target-modules';

const KIND_TEXT = { drug: 'Drug', target: 'Target (gene)', disease: 'Disease' } as const;

export async function entityView({ params, query, outlet, signal }: ViewContext): Promise<void> {
  const id = params.id ?? '';
  const loading = h('p', { class: 'muted' }, 'Loading…');
  replace(outlet, loading);
  let dossier: Dossier | null;
  let entity: ResolvedEntity;
  let node: KgNodeAnswer | null = null;
  try {
    dossier = await readDossier(query.get('run'), signal);
    entity = await resolveEntity(id, dossier, signal);
    if (entity.nodeId) node = await api.get<KgNodeAnswer>(`/api/kg/node/${encodeURIComponent(entity.nodeId)}`, { signal });
  } catch (error) {
    if (signal.aborted) return;
    replace(outlet, h('h1', null, id), errorBox(error));
    return;
  }
  if (signal.aborted) return;
  const disease = query.get('disease') ?? dossier?.disease.id ?? null;
  document.title = `${entity.label} — Evidence Research Service`;
  replace(outlet,
    h('header', { class: 'entity-head', 'data-testid': 'entity-page', 'data-kind': entity.kind, 'data-node': entity.nodeId ?? '' },
      h('p', { class: 'muted' }, h('span', { class: `tag kind-${entity.kind}` }, KIND_TEXT[entity.kind]), entity.nodeId ? ` ${entity.nodeId}` : ''),
      h('h1', { 'data-testid': 'entity-title' }, entity.label),
      entity.kind !== 'disease'
        ? h('p', null, h('a', { href: historyHref(entity.candidateId ?? `${entity.kind}:${entity.kind === 'drug' ? entity.label.toLowerCase() : entity.label}`, entity.kind), 'data-testid': 'entity-history-link' },
          'Its scores and your reviews across your runs'))
        : entity.nodeId ? h('p', null, h('a', { href: graphHref(entity.nodeId), 'data-testid': 'entity-graph-link' }, 'Explore its knowledge-graph neighbourhood')) : null),
    asyncSection('entity-identity', 'Identity and mappings', () => identity(entity, node, signal), signal),
    dossier ? h('section', { class: 'panel', 'data-testid': 'entity-mentions' }, h('h2', null, 'In the dossier'), dossierMentions(dossier, entity.candidateId, entity.nodeId)) : null,
    moduleSections(entity, disease, signal),
    entity.nodeId ? asyncSection('entity-neighbours', 'Graph neighbourhood', () => neighbours(entity.nodeId!, undefined, signal), signal) : null);
}

function moduleSections(entity: ResolvedEntity, disease: string | null, signal: AbortSignal): (HTMLElement | null)[] {
  const nodeId = entity.nodeId;
  if (!nodeId) return [];
  if (entity.kind === 'drug') {
    return [
      asyncSection('entity-safety', 'Safety profile', () => safetyProfile(nodeId, signal), signal),
      disease
        ? asyncSection('entity-prediction', 'Predicted indication', () => predictedIndication(nodeId, disease, signal), signal)
        : h('section', { class: 'panel' }, h('h2', null, 'Predicted indication'), h('p', { class: 'muted' }, 'Open this page from a dossier or a disease page to see the prediction for that disease.')),
    ];
  }
  if (entity.kind === 'target') return [asyncSection('entity-acting-drugs', 'Drugs acting on this target', () => actingDrugs(nodeId, disease, signal), signal)];
  return [asyncSection('entity-predicted-treatments', 'Predicted treatments (link prediction)', () => predictedTreatments(nodeId, signal), signal)];
}
