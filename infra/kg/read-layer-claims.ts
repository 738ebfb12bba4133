// The claims of the graph's snapshots that its walkable edges do not hold, for the claim layer
// (domain/knowledge-graph/claim-graph.ts): every claim that does not support an edge-type statement
// (contradicting or neutral claims, predicates outside the metagraph), plus the supporting edge claims
// the build left out because their endpoints misfit the edge type (LoadedGraph.unplaced).
import type { Knex } from 'knex';
import type { LayerClaimRow } from '../../domain/knowledge-graph/claim-graph';
import { EDGE_TYPE_NAMES } from '../../domain/knowledge-graph/metagraph';
import { T } from '../biomed/store/tables';
import type { LoadedGraph } from './load-store-graph';

export async function readLayerClaims(db: Knex, loaded: LoadedGraph): Promise<LayerClaimRow[]> {
  const out: LayerClaimRow[] = [];
  for (const { snapshot_id } of loaded.graph.snapshots) {
    const { rows } = await db.raw(`select snapshot_id, claim_no, subject, predicate, object, evidence_direction from ${T.claims}
      where snapshot_id = ? and not (evidence_direction = 'supports' and predicate = any(?::text[])) order by claim_no`, [snapshot_id, [...EDGE_TYPE_NAMES]]);
    for (const r of rows as LayerClaimRow[]) out.push(r);
  }
  for (const u of loaded.unplaced) out.push({ ...u, evidence_direction: 'supports' });
  return out;
}
