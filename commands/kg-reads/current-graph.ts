// The knowledge graph of the snapshots active now, as every /api/kg read starts from it (built once per
// set of active snapshots by infra/kg/store-graph-cache.ts), and the values its answers are written with.
// In the serving thread the first read of a graph also starts loading its citation table in the background
// (issue 25: loaded on the first answer that cites, it landed in the first burst of path traffic after a start
// or an activation); analysis threads, which answer no citations, never load it.
import { isMainThread } from 'node:worker_threads';
import type { Knex } from 'knex';
import { storeGraphCache, type ServedGraph } from '../../infra/kg/store-graph-cache';

export { GRAPH_SEED } from '../../infra/kg/store-graph-cache';
export { nodeJson } from '../../infra/kg/kg-views';

export async function currentKnowledgeGraph(db: Knex): Promise<ServedGraph> {
  const served = await storeGraphCache(db).current();
  if (isMainThread) served.citations(db);
  return served;
}
