// GET /api/stats: the service at a glance: the biomedical store (active snapshots and row totals), the
// knowledge graph of the active snapshots (nodes, edges, claims by type), and per disease the jobs (by
// phase and module), Workspace runs and stored module results. disease_id narrows the per-disease part.
import type { Knex } from 'knex';
import { storeStats } from '../../infra/biomed/read/stats';
import type { ServedGraph } from '../../infra/kg/store-graph-cache';
import type { ActivityQueries } from '../../projections/operations/activity.queries';
import type { ModuleResultQueries } from '../../projections/module-results/module-results.queries';

export interface StatsDeps {
  db: Knex;
  graph(): Promise<ServedGraph>;
  activity: ActivityQueries;
  results: Pick<ModuleResultQueries, 'countByDisease'>;
}

/** A disease id is caller input: `constructor` must not read Object's own member. */
const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

export async function serviceStats(deps: StatsDeps, diseaseId: string | undefined) {
  const [store, served, activity, results] = await Promise.all([storeStats(deps.db), deps.graph(), deps.activity.byDisease(diseaseId), deps.results.countByDisease()]);
  const g = served.graph;
  const ids = [...new Set([...Object.keys(activity), ...Object.keys(results)])].filter((id) => diseaseId === undefined || id === diseaseId).sort();
  return {
    disease_id: diseaseId ?? null,
    store: { totals: store.totals, snapshots: store.per_snapshot.map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource, version: s.version })) },
    graph: { nodes: g.nodeCount, edges: g.edgeCount, claims: g.claimCount, node_types: g.countsByNodeType(), edge_types: g.countsByEdgeType() },
    diseases: Object.fromEntries(ids.map((id) => [id, {
      jobs: own(activity, id)?.jobs ?? { total: 0, by_phase: {}, by_module: {} }, runs: own(activity, id)?.runs ?? 0, module_results: own(results, id) ?? 0,
    }])),
  };
}
