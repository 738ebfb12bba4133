// The analysis modules' dependencies, from the runtime's parts: the shared knowledge graph of the active
// snapshots, the disease registry, the store, the settings they read and the evidence-source framework.
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import { ALL_ADAPTERS } from '../../infra/sources/adapters';
import { PostgresResponseCache } from '../../infra/sources/response-cache';
import { defaultCorpusDir, runSource } from '../../infra/sources/source-runner';
import type { AnalysisDeps, SourceRunner } from './analysis-module';

type SourceSettings = Partial<Pick<Settings, 'evidenceSourceMode' | 'useCache' | 'sourceBaseUrls' | 'evidenceCorpusDir'>>;

/** Sources as the Workspace reads them (EVIDENCE_SOURCE_MODE, USE_CACHE...); offline when no mode is set. */
function sourceRunner(db: Pick<Database, 'knex'>, settings: SourceSettings): SourceRunner {
  const cache = settings.useCache === true ? new PostgresResponseCache(db.knex) : undefined;
  return {
    run: (source, request, options = {}) => runSource(ALL_ADAPTERS[source], request, {
      mode: settings.evidenceSourceMode ?? 'offline',
      ...(cache && !options.noCache ? { cache } : {}),
      ...(settings.sourceBaseUrls?.[source] ? { baseUrl: settings.sourceBaseUrls[source] } : {}),
      corpusDir: settings.evidenceCorpusDir ?? defaultCorpusDir(),
    }),
  };
}

export function analysisDeps(parts: { db: Pick<Database, 'knex'>; diseases: Pick<DiseaseRegistry, 'entry' | 'list'>; settings: { dataDir: string } & SourceSettings }): AnalysisDeps {
  return {
    graph: () => storeGraphCache(parts.db.knex).current(),
    diseases: parts.diseases,
    db: parts.db.knex,
    settings: { dataDir: parts.settings.dataDir, screeningReceptorsDir: process.env.SCREENING_RECEPTORS_DIR ?? null },
    sources: sourceRunner(parts.db, parts.settings),
  };
}
