// What disease administration works on: the latest module results (read model), the cache rows, the
// content-addressed blobs that keep both exactly, the event store, and the registry that names a disease.
import type { Knex } from 'knex';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ModuleResultQueries } from '../../projections/module-results/module-results.queries';
import type { ModuleRegistry } from '../jobs/module-registry';

export interface DiseaseAdminDeps {
  knex: Knex;
  store: EventStore;
  blobs: Pick<BlobStore, 'putText' | 'getText'>;
  results: Pick<ModuleResultQueries, 'list'>;
  diseases: { entry(id: string): { summary: { name: string | null; mondo_id: string | null } } | undefined };
  modules: Pick<ModuleRegistry, 'list'>;
}

export interface DiseaseTarget {
  diseaseId: string;
  /** Disease ids results may be recorded under: the module id and its MONDO CURIE. */
  resultIds: string[];
  /** Words a cached request about it contains: its name and MONDO id. */
  cacheTerms: string[];
}

export function diseaseTarget(deps: Pick<DiseaseAdminDeps, 'diseases'>, diseaseId: string): DiseaseTarget | undefined {
  const entry = deps.diseases.entry(diseaseId);
  if (!entry) return undefined;
  const { name, mondo_id: mondo } = entry.summary;
  return {
    diseaseId,
    resultIds: [diseaseId, ...(mondo ? [mondo] : [])],
    cacheTerms: [...(name ? [name] : []), ...(mondo ? [mondo] : [])],
  };
}
