// The knowledge graph of the snapshots active now, as every /api/kg read starts from it (built once per
// set of active snapshots by infra/kg/store-graph-cache.ts), and the values its answers are written with.
import type { Knex } from 'knex';
import { storeGraphCache, type ServedGraph } from '../../infra/kg/store-graph-cache';

export { GRAPH_SEED } from '../../infra/kg/store-graph-cache';
export { nodeJson } from '../../infra/kg/kg-views';

export function currentKnowledgeGraph(db: Knex): Promise<ServedGraph> {
  return storeGraphCache(db).current();
}
