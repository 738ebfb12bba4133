// What the research pipeline reads from: the source adapters with their options (mode, cache, base
// URL, corpus, provider credentials and rate), the LLM settings and the clock. Shared by the workspace
// job module and the CLI.
import type { Knex } from 'knex';
import type { SourceName } from '../../domain/workspace/sources';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import { ALL_ADAPTERS } from '../../infra/sources/adapters';
import { PostgresResponseCache } from '../../infra/sources/response-cache';
import type { SharedRateLimit } from '../../infra/sources/shared-rate';
import { runSource, type RunSourceOptions } from '../../infra/sources/source-runner';
import { faersCounts } from '../analysis/drug-safety/openfda-faers';
import { offlineSourceOptions } from './offline-source-options';
import type { PipelineDeps } from './research-pipeline';

/** NCBI E-utilities allow 10 requests per second with an API key (3 without: the adapter's 340 ms). */
export const NCBI_KEYED_INTERVAL_MS = 100;

/** Per-provider credentials and identification as query parameters, and the keyed NCBI rate. */
export function providerOptions(source: SourceName, providers: Settings['providers']): Pick<RunSourceOptions, 'extraParams' | 'minIntervalMs'> {
  if (source === 'pubmed') {
    return {
      extraParams: { tool: providers.ncbiTool, email: providers.ncbiEmail, api_key: providers.ncbiApiKey },
      ...(providers.ncbiApiKey ? { minIntervalMs: NCBI_KEYED_INTERVAL_MS } : {}),
    };
  }
  if (source === 'fda_labels') return { extraParams: { api_key: providers.openFdaApiKey } };
  return {};
}

type SourceSettings = Pick<Settings, 'evidenceSourceMode' | 'useCache' | 'sourceBaseUrls' | 'evidenceCorpusDir' | 'evidenceMirrorDir' | 'evidenceLiveMirrorDir' | 'providers'>;

/**
 * The one binding of source options, used by the Workspace pipeline and the analysis modules alike:
 * mode, response cache, base URL, offline mirror (or corpus), provider credentials and the provider rate shared
 * across workers. useCache=false (or no database, as in the CLI) means no response cache.
 */
export function pipelineSourceOptions(parts: { settings: Partial<SourceSettings>; db?: Pick<Database, 'knex'>; sharedRate?: SharedRateLimit }): (source: SourceName) => RunSourceOptions {
  const { settings } = parts;
  const cache = settings.useCache !== false && parts.db ? new PostgresResponseCache(parts.db.knex) : undefined;
  return (source) => ({
    mode: settings.evidenceSourceMode ?? 'auto',
    cache,
    ...(settings.sourceBaseUrls?.[source] ? { baseUrl: settings.sourceBaseUrls[source] } : {}),
    ...offlineSourceOptions(settings, parts.db?.knex),
    ...(settings.providers ? providerOptions(source, settings.providers) : {}),
    ...(parts.sharedRate ? { sharedRate: parts.sharedRate } : {}),
  });
}

/** sharedRate holds provider limits across workers. */
export function pipelineDeps(parts: { settings: Settings; clock: Clock; db?: Pick<Database, 'knex'>; sharedRate?: SharedRateLimit }): PipelineDeps {
  const sourceOptions = pipelineSourceOptions(parts);
  return {
    adapters: ALL_ADAPTERS,
    sourceOptions,
    llm: parts.settings.llm,
    clock: parts.clock,
    faers: faersForPipeline(sourceOptions, parts.db?.knex),
  };
}

/**
 * FAERS report counts through the drug-safety module's adapter, with openFDA's options; offline (or when
 * openFDA fails in auto mode) from the store's active faers snapshot, else absent (never made up).
 */
export function faersForPipeline(sourceOptions: (source: SourceName) => RunSourceOptions, knex?: Knex): NonNullable<PipelineDeps['faers']> {
  return async (disease, names) => {
    const options = sourceOptions('fda_labels');
    const sources: typeof runSource = (adapter, request, own = {}) => runSource(adapter, request, { ...options, ...own });
    return faersCounts({ sources, sourceMode: options.mode ?? 'auto', ...(knex ? { db: knex } : {}) }, disease, names, FAERS_EVENTS_PER_DRUG);
  };
}

/** The drug's most reported events tested for disproportionality (the drug-safety module's default). */
export const FAERS_EVENTS_PER_DRUG = 20;
