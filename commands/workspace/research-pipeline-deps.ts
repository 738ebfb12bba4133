// What the research pipeline reads from: the source adapters with their options (mode, cache, base
// URL, corpus), the LLM settings and the clock. Shared by the workspace job module and the CLI.
import path from 'node:path';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import { ALL_ADAPTERS } from '../../infra/sources/adapters';
import { PostgresResponseCache } from '../../infra/sources/response-cache';
import type { PipelineDeps } from './research-pipeline';

/** useCache=false (or no database, as in the CLI) means no response cache. */
export function pipelineDeps(parts: { settings: Settings; clock: Clock; db?: Pick<Database, 'knex'> }): PipelineDeps {
  const { settings } = parts;
  const cache = settings.useCache && parts.db ? new PostgresResponseCache(parts.db.knex) : undefined;
  return {
    adapters: ALL_ADAPTERS,
    sourceOptions: (source) => ({
      mode: settings.evidenceSourceMode,
      cache,
      ...(settings.sourceBaseUrls[source] ? { baseUrl: settings.sourceBaseUrls[source] } : {}),
      corpusDir: settings.evidenceCorpusDir ?? path.resolve(__dirname, '../../../fixtures/corpus'),
    }),
    llm: settings.llm,
    clock: parts.clock,
  };
}
