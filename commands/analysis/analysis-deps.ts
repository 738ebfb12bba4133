// The analysis modules' dependencies, from the runtime's parts: the shared knowledge graph of the active
// snapshots, the disease registry, the store and the settings they read.
import type { Database } from '../../infra/db/database';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import type { AnalysisDeps } from './analysis-module';

export function analysisDeps(parts: { db: Pick<Database, 'knex'>; diseases: Pick<DiseaseRegistry, 'entry' | 'list'>; settings: { dataDir: string } }): AnalysisDeps {
  return {
    graph: () => storeGraphCache(parts.db.knex).current(),
    diseases: parts.diseases,
    db: parts.db.knex,
    settings: { dataDir: parts.settings.dataDir, screeningReceptorsDir: process.env.SCREENING_RECEPTORS_DIR ?? null },
  };
}
