// The cross-disease routes' shared parameter (max_diseases) and their own caps, as the routes' schemas give
// them (validated, defaults applied) and as the results record them.
export const CROSS_DISEASE_MODULE_ID = 'cross-disease';

export const maxDiseasesSchema = {
  type: 'integer', minimum: 1, maximum: 5000, default: 200,
  description: 'Compare at most this many diseases: the first qualifying registry modules in registry (id) order',
};

export interface CrossDiseaseParameters { max_diseases: number; [cap: string]: number }

/** max_diseases plus the named caps (top, top_synergy) with their defaults. */
export function crossDiseaseParameters(input: Record<string, unknown>, caps: readonly (readonly [string, number])[]): CrossDiseaseParameters {
  const out: CrossDiseaseParameters = { max_diseases: typeof input.max_diseases === 'number' ? input.max_diseases : 200 };
  for (const [name, fallback] of caps) out[name] = typeof input[name] === 'number' ? input[name] as number : fallback;
  return out;
}

/** Stable order of disease pairs by their CURIEs. */
export function comparePairs(x: { a: { curie: string }; b: { curie: string } }, y: { a: { curie: string }; b: { curie: string } }): number {
  return x.a.curie < y.a.curie ? -1 : x.a.curie > y.a.curie ? 1 : x.b.curie < y.b.curie ? -1 : x.b.curie > y.b.curie ? 1 : 0;
}
