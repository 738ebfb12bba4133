// disease_id as every analysis takes it (spec §4.6): a registry module id (sle, mondo_0005083) or a disease
// CURIE (MONDO:… directly, DOID:… through its exact MONDO match), resolved to a Disease node of the
// knowledge graph of the active snapshots. Never by label.
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';

export type DiseaseResolution =
  | { kind: 'resolved'; node: number; curie: string; label: string; module_id: string | null }
  | { kind: 'not_found'; detail: string };

export function resolveDisease(diseases: Pick<DiseaseRegistry, 'entry'>, g: TypedKnowledgeGraph, diseaseId: string): DiseaseResolution {
  const isCurie = diseaseId.includes(':');
  const entry = isCurie ? undefined : diseases.entry(diseaseId);
  if (!isCurie && !entry?.module) {
    return { kind: 'not_found', detail: entry ? `disease module '${diseaseId}' is incomplete: ${entry.problems.join('; ')}` : `unknown disease module '${diseaseId}'` };
  }
  const curie = entry?.module ? entry.module.mondo_id : diseaseId;
  const node = g.lookup(curie);
  if (node === undefined) return { kind: 'not_found', detail: `disease ${curie}${entry ? ` (module '${diseaseId}')` : ''} has no node in the knowledge graph of the active snapshots` };
  if (g.typeOf(node) !== 'Disease') return { kind: 'not_found', detail: `${diseaseId} is a ${g.typeOf(node)}, not a disease` };
  return { kind: 'resolved', node, curie: g.id(node), label: g.label(node), module_id: entry?.module ? entry.module.id : null };
}
