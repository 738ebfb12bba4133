// What every /api/kg route needs: the graph of the snapshots active now, a disease_id resolved to its
// node (a registry module's MONDO id, or a disease CURIE directly, DOIDs through their exact MONDO match),
// and the snapshot list every answer carries.
import type { Response } from 'express';
import type { Knex } from 'knex';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { resolveDisease as resolveAnalysisDisease } from '../../commands/analysis/resolve-disease';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import type { ServedGraph } from '../../infra/kg/store-graph-cache';
import { currentKnowledgeGraph } from '../../commands/kg-reads/current-graph';
import { KG_DISCLAIMER } from './kg.schemas';

export interface KgRouteDeps {
  db: Knex;
  diseases: DiseaseRegistry;
}

export function currentGraph(deps: KgRouteDeps): Promise<ServedGraph> {
  return currentKnowledgeGraph(deps.db);
}

export function snapshotsOf(g: TypedKnowledgeGraph) {
  return g.snapshots.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource }));
}

export type Resolved = { node: number; module_id: string | null } | { detail: string };

/** disease_id as every analysis takes it (commands/analysis/resolve-disease.ts). */
export function resolveDisease(deps: KgRouteDeps, g: TypedKnowledgeGraph, diseaseId: string): Resolved {
  const resolved = resolveAnalysisDisease(deps.diseases, g, diseaseId);
  return resolved.kind === 'resolved' ? { node: resolved.node, module_id: resolved.module_id } : { detail: resolved.detail };
}

export function resolveNode(g: TypedKnowledgeGraph, nodeId: string): number | { detail: string } {
  const node = g.lookup(nodeId);
  return node ?? { detail: `node ${nodeId} is not in the knowledge graph of the active snapshots` };
}

export function sendNotFound(res: Response, detail: string): void {
  res.status(404).json({ detail, disclaimer: KG_DISCLAIMER });
}
