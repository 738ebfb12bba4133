// The disease ids among a route's parameters that the disease registry alone already refuses, so a caller is
// answered in the serving thread, before an analysis thread is asked or a job is queued (issue 23: the fuzzer's
// `disease_id=keylen` waited 14 s for a thread's first knowledge-graph build to be told 404, and
// `POST /api/jobs/<module>?disease_id=constructor` was queued, 202, to fail in the job). A disease parameter is
// one whose schema carries a disease-id pattern (domain/diseases/disease-id-patterns.ts). Only what every
// resolver refuses is refused here (resolve-disease.ts, source-context/source-disease.ts): a plain id that is no
// registry entry, or an entry whose configuration is incomplete, with their words. A CURIE, a `mondo_<7 digits>`
// class id or a cross-reference written with `_` (efo_0000685) needs the graph or the MONDO registry: left to the run.
import { DISEASE_ID_PATTERN, DISEASE_MODULE_ID_PATTERN, DISEASE_MODULE_OR_MONDO_PATTERN } from '../../domain/diseases/disease-id-patterns';
import { normaliseXref } from '../../domain/diseases/mondo-registry';
import type { JsonSchema } from '../../domain/shared/schema-validation';
import type { DiseaseLookup } from './resolve-disease';

export interface RefusedDisease {
  parameter: string;
  /** The run's own not_found detail for this id. */
  detail: string;
  type: 'unknown_disease' | 'incomplete_disease_configuration';
}

const DISEASE_PATTERNS = new Set([DISEASE_ID_PATTERN, DISEASE_MODULE_ID_PATTERN, DISEASE_MODULE_OR_MONDO_PATTERN]);
const MONDO_CLASS_ID = /^mondo_\d{7}$/;

/** The parameters of `schemas` that name a disease. */
export function diseaseParameters(...schemas: (JsonSchema | undefined)[]): string[] {
  return schemas.flatMap((schema) => Object.entries((schema?.properties ?? {}) as Record<string, { pattern?: unknown }>)
    .filter(([, property]) => typeof property.pattern === 'string' && DISEASE_PATTERNS.has(property.pattern))
    .map(([name]) => name));
}

export function registryRefusedDiseases(names: readonly string[], input: Record<string, unknown>, diseases: Pick<DiseaseLookup, 'entry'>): RefusedDisease[] {
  const refused: RefusedDisease[] = [];
  for (const parameter of names) {
    const id = input[parameter];
    if (typeof id !== 'string' || id.includes(':') || MONDO_CLASS_ID.test(id) || normaliseXref(id) !== null) continue;
    const entry = diseases.entry(id);
    if (entry?.module) continue;
    refused.push(entry
      ? { parameter, detail: `disease module '${id}' is incomplete: ${entry.problems.join('; ')}`, type: 'incomplete_disease_configuration' }
      : { parameter, detail: `unknown disease module '${id}'`, type: 'unknown_disease' });
  }
  return refused;
}
