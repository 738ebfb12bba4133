// What every /api/kg query starts from: the graph of the snapshots active now, a disease_id resolved to its
// node (a registry module's MONDO id, or a disease CURIE directly, DOIDs through their exact MONDO match),
// a node id resolved, the snapshot list every answer carries, and the outcome the routes map (ok 200,
// not_found 404).
import type { Knex } from 'knex';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { resolveDisease as resolveAnalysisDisease } from '../analysis/resolve-disease';

export interface KgReadDeps {
  db: Knex;
  diseases: Pick<DiseaseRegistry, 'entry' | 'list'>;
}

/** The answer's body without the disclaimer (the route adds it); `snapshots` last, as every answer ends. */
export type KgReadOutcome = { kind: 'ok'; body: Record<string, unknown> } | { kind: 'not_found'; detail: string };

export const kgNotFound = (detail: string): KgReadOutcome => ({ kind: 'not_found', detail });

export function snapshotsOf(g: TypedKnowledgeGraph) {
  return g.snapshots.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource }));
}

export type Resolved = { node: number; module_id: string | null } | { detail: string };

/** disease_id as every analysis takes it (commands/analysis/resolve-disease.ts). */
export function resolveDiseaseNode(deps: KgReadDeps, g: TypedKnowledgeGraph, diseaseId: string): Resolved {
  const resolved = resolveAnalysisDisease(deps.diseases, g, diseaseId);
  return resolved.kind === 'resolved' ? { node: resolved.node, module_id: resolved.module_id } : { detail: resolved.detail };
}

export function resolveNode(g: TypedKnowledgeGraph, nodeId: string): number | { detail: string } {
  const node = g.lookup(nodeId);
  return node ?? { detail: `node ${nodeId} is not in the knowledge graph of the active snapshots` };
}
