// The analysis modules' dependencies, from the runtime's parts: the shared knowledge graph of the active
// snapshots, the disease registry, the store, the evidence-source runner and the settings they read.
// The source runner is bound with the same per-source options the Workspace pipeline uses
// (pipelineSourceOptions: mode, cache, base URL, corpus, provider API keys and the provider rate shared
// across workers), so an analysis module asks a provider exactly as a dossier does.
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import type { SharedRateLimit } from '../../infra/sources/shared-rate';
import { runSource, type RunSourceOptions } from '../../infra/sources/source-runner';
import type { SourceName } from '../../domain/workspace/sources';
import { pipelineSourceOptions } from '../workspace/research-pipeline-deps';
import type { AnalysisDeps } from './analysis-module';

type SourceSettings = Pick<Settings, 'evidenceSourceMode' | 'useCache' | 'sourceBaseUrls' | 'evidenceCorpusDir' | 'evidenceMirrorDir' | 'evidenceLiveMirrorDir' | 'llm' | 'providers'>;

export interface AnalysisParts {
  db: Pick<Database, 'knex'>;
  diseases: Pick<DiseaseRegistry, 'entry' | 'list'>;
  settings: { dataDir: string } & Partial<SourceSettings>;
  /** Provider rate limits shared across worker processes (the runtime's; absent offline and in unit tests). */
  sharedRate?: SharedRateLimit;
}

/** runSource with the Workspace pipeline's options for each source; a module's own options come last. */
function boundSources(parts: AnalysisParts): AnalysisDeps['sources'] {
  const optionsFor = pipelineSourceOptions(parts);
  return (adapter, request, options: RunSourceOptions = {}) => runSource(adapter, request, {
    ...optionsFor(adapter.name as SourceName),
    ...options,
  });
}

export function analysisDeps(parts: AnalysisParts): AnalysisDeps {
  return {
    graph: () => storeGraphCache(parts.db.knex).current(),
    diseases: parts.diseases,
    db: parts.db.knex,
    settings: {
      dataDir: parts.settings.dataDir, screeningReceptorsDir: process.env.SCREENING_RECEPTORS_DIR ?? null,
      ...(parts.settings.llm ? { llm: parts.settings.llm } : {}),
    },
    sources: boundSources(parts),
    sourceMode: parts.settings.evidenceSourceMode ?? 'auto',
  };
}
