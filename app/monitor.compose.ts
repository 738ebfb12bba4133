// The evidence monitor's parts: the Workspace pipeline's sources (mode, cache, corpus), the knowledge graph of
// the active snapshots and the store. Used by the monitor routes and the scheduler's monitor duty.
import type { MonitorDeps } from '../commands/monitor/take-snapshot';
import { pipelineDeps } from '../commands/workspace/research-pipeline-deps';
import type { Clock } from '../infra/clock/clock';
import type { Settings } from '../infra/config/settings';
import type { Database } from '../infra/db/database';
import type { DiseaseRegistry } from '../infra/diseases/disease-registry';
import type { EventStore } from '../infra/event-store/event-store';
import { storeGraphCache } from '../infra/kg/store-graph-cache';

export interface MonitorParts { settings: Settings; clock: Clock; db: Database; store: EventStore; diseases: DiseaseRegistry }

export function monitorDeps(parts: MonitorParts): MonitorDeps {
  return {
    store: parts.store,
    diseases: parts.diseases,
    knowledgeGraph: async () => (await storeGraphCache(parts.db.knex).current()).graph,
    pipeline: pipelineDeps(parts),
  };
}
