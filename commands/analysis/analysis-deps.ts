// The analysis modules' dependencies, from the runtime's parts: the shared knowledge graph of the active
// snapshots, the disease registry, the store, the evidence-source runner and the settings they read.
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import { PostgresResponseCache } from '../../infra/sources/response-cache';
import { runSource, type RunSourceOptions } from '../../infra/sources/source-runner';
import { offlineSourceOptions } from '../workspace/offline-source-options';
import type { AnalysisDeps } from './analysis-module';

type SourceSettings = Pick<Settings, 'evidenceSourceMode' | 'useCache' | 'sourceBaseUrls' | 'evidenceCorpusDir' | 'evidenceMirrorDir' | 'llm'>;

/** runSource with the settings' options for each source (the same ones the Workspace pipeline uses). */
function boundSources(settings: Partial<SourceSettings>, db: Pick<Database, 'knex'>): AnalysisDeps['sources'] {
  const cache = settings.useCache !== false ? new PostgresResponseCache(db.knex) : undefined;
  return (adapter, request, options: RunSourceOptions = {}) => runSource(adapter, request, {
    mode: settings.evidenceSourceMode ?? 'auto',
    cache,
    ...(settings.sourceBaseUrls?.[adapter.name] ? { baseUrl: settings.sourceBaseUrls[adapter.name] } : {}),
    ...offlineSourceOptions(settings),
    ...options,
  });
}

export function analysisDeps(parts: { db: Pick<Database, 'knex'>; diseases: Pick<DiseaseRegistry, 'entry' | 'list'>; settings: { dataDir: string } & Partial<SourceSettings> }): AnalysisDeps {
  return {
    graph: () => storeGraphCache(parts.db.knex).current(),
    diseases: parts.diseases,
    db: parts.db.knex,
    settings: {
      dataDir: parts.settings.dataDir, screeningReceptorsDir: process.env.SCREENING_RECEPTORS_DIR ?? null,
      ...(parts.settings.llm ? { llm: parts.settings.llm } : {}),
    },
    sources: boundSources(parts.settings, parts.db),
  };
}
