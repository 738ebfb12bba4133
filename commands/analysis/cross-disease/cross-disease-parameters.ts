// The cross-disease routes' shared parameter (max_diseases) and the type of their parameters. The values come
// from each route's query schema (route-parameters.ts: coerced, defaults filled where the route or job is
// entered), so the schemas below are the one place their defaults are written.
export const CROSS_DISEASE_MODULE_ID = 'cross-disease';

export const maxDiseasesSchema = {
  type: 'integer', minimum: 1, maximum: 5000, default: 200,
  description: 'Compare at most this many diseases: the first qualifying registry modules in registry (id) order',
};

/** max_diseases plus the route's own caps (top, top_synergy, min_module_genes), as its schema gives them. */
export type CrossDiseaseParameters<Cap extends string = never> = { max_diseases: number } & Record<Cap, number>;

/** Stable order of disease pairs by their CURIEs. */
export function comparePairs(x: { a: { curie: string }; b: { curie: string } }, y: { a: { curie: string }; b: { curie: string } }): number {
  return x.a.curie < y.a.curie ? -1 : x.a.curie > y.a.curie ? 1 : x.b.curie < y.b.curie ? -1 : x.b.curie > y.b.curie ? 1 : 0;
}
