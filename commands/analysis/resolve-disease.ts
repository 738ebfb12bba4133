// disease_id as every analysis takes it (spec §4.6): a registry module id (sle, mondo_0005083), a MONDO class
// of the MONDO registry (mondo_0005301 without a module file), or a disease CURIE (MONDO:… directly; DOID:…,
// EFO:…, MESH:…, OMIM:…, Orphanet:… through their one exact MONDO match), resolved to a Disease node of the
// knowledge graph of the active snapshots. Never by label.
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';

export type DiseaseResolution =
  | { kind: 'resolved'; node: number; curie: string; label: string; module_id: string | null }
  | { kind: 'not_found'; detail: string };

/** `exactMondo` is optional so callers (and tests) holding only module entries keep working. */
export type DiseaseLookup = Pick<DiseaseRegistry, 'entry'> & Partial<Pick<DiseaseRegistry, 'exactMondo'>>;

export function resolveDisease(diseases: DiseaseLookup, g: TypedKnowledgeGraph, diseaseId: string): DiseaseResolution {
  const isCurie = diseaseId.includes(':');
  const entry = isCurie ? undefined : diseases.entry(diseaseId);
  // A registry MONDO class without a Workspace module (no single exact EFO match) still names its disease.
  const mondoClass = !isCurie && !entry?.module ? diseases.exactMondo?.(diseaseId) : undefined;
  if (!isCurie && !entry?.module && !mondoClass) {
    return { kind: 'not_found', detail: entry ? `disease module '${diseaseId}' is incomplete: ${entry.problems.join('; ')}` : `unknown disease module '${diseaseId}'` };
  }
  const curie = entry?.module ? entry.module.mondo_id : mondoClass ?? diseaseId;
  // A CURIE the graph has no node for may still be the exact cross-reference of one MONDO class (EFO:… of GWAS).
  const node = g.lookup(curie) ?? (isCurie ? lookupExactMondo(diseases, g, curie) : undefined);
  if (node === undefined) return { kind: 'not_found', detail: `disease ${curie}${entry || mondoClass ? ` (module '${diseaseId}')` : ''} has no node in the knowledge graph of the active snapshots` };
  if (g.typeOf(node) !== 'Disease') return { kind: 'not_found', detail: `${diseaseId} is a ${g.typeOf(node)}, not a disease` };
  return { kind: 'resolved', node, curie: g.id(node), label: g.label(node), module_id: entry?.module ? entry.module.id : null };
}

function lookupExactMondo(diseases: DiseaseLookup, g: TypedKnowledgeGraph, curie: string): number | undefined {
  const mondo = diseases.exactMondo?.(curie);
  return mondo === undefined ? undefined : g.lookup(mondo);
}
