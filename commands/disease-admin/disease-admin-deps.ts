// What disease administration works on: the latest module results (read model), the cache rows, the
// content-addressed blobs that keep both exactly, the event store, and the registry that names a disease.
import type { Knex } from 'knex';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { ModuleResultQueries } from '../../projections/module-results/module-results.queries';
import type { ModuleRegistry } from '../jobs/module-registry';
import type { DiseaseModule } from '../../domain/diseases/disease-module';

export interface DiseaseAdminDeps {
  knex: Knex;
  store: EventStore;
  blobs: Pick<BlobStore, 'putText' | 'getText'>;
  results: Pick<ModuleResultQueries, 'listEveryOwner'>;
  diseases: { entry(id: string): { summary: { name: string | null; mondo_id: string | null; efo_id: string | null }; module: DiseaseModule | undefined } | undefined };
  modules: Pick<ModuleRegistry, 'list'>;
}

export interface DiseaseTarget {
  diseaseId: string;
  /** Disease ids results may be recorded under: the module id and its MONDO CURIE. */
  resultIds: string[];
  /** Words a cached request about it contains: its name, MONDO id (both spellings), EFO id, MeSH terms, trial condition. */
  cacheTerms: string[];
}

export function diseaseTarget(deps: Pick<DiseaseAdminDeps, 'diseases'>, diseaseId: string): DiseaseTarget | undefined {
  const entry = deps.diseases.entry(diseaseId);
  if (!entry) return undefined;
  const { name, mondo_id: mondo, efo_id: efo } = entry.summary;
  const search = entry.module?.search;
  const terms = [name, mondo, mondo?.replace(':', '_'), efo, search?.clinical_trials?.condition, ...(search?.pubmed?.mesh_terms ?? [])];
  return {
    diseaseId,
    resultIds: [diseaseId, ...(mondo ? [mondo] : [])],
    // Short synonyms (SLE, lupus) are left out: they would match other diseases' requests.
    cacheTerms: [...new Set(terms.filter((t): t is string => typeof t === 'string' && t.length >= 4))],
  };
}
