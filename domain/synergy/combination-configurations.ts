// The six network configurations of a drug pair and a disease (Cheng, Kovács & Barabási, Nat Commun 2019,
// doi:10.1038/s41467-019-09186-x, Fig. 2), from the separation of the two drugs' target modules (s_AB,
// network-separation.ts) and whether each drug's targets hit the disease module:
//
//                                   both drugs hit the disease   one hits it          neither
//   targets overlap   (s_AB < 0)    overlapping exposure        indirect exposure    non-exposure
//   targets separated (s_AB >= 0)   complementary exposure      single exposure      independent action
//
// "Hits" is decided by the drug's network proximity to the disease genes (Guney et al., Nat Commun 2016): its
// z-score against degree-preserving random target and gene sets, z < threshold (proximityHit). The earlier
// criterion, the raw separation s_AD < 0, is kept as `configuration` for the raw-distance view. Only
// complementary exposure was associated with clinically efficacious combinations (hypertension and cancer in
// the paper), so it ranks first; overlapping exposure is flagged (the two drugs act on the same neighbourhood). Pure.

export const CONFIGURATIONS = [
  'complementary_exposure', 'overlapping_exposure', 'indirect_exposure', 'single_exposure', 'non_exposure', 'independent_action', 'undetermined',
] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];

/**
 * The configuration from s_AB and whether each drug hits the disease module; `undetermined` when any is unknown.
 * `containedTargets` (identical or nested target sets, target-set-relation.ts) counts as overlapping target modules
 * whatever s_AB is: two one-target drugs on the same protein have s_AB = 0, which is not separation.
 */
export function configurationFromHits(sAB: number | null, hitA: boolean | null, hitB: boolean | null, containedTargets = false): Configuration {
  if (sAB === null || hitA === null || hitB === null) return 'undetermined';
  const hits = Number(hitA) + Number(hitB);
  const overlap = sAB < 0 || containedTargets;
  if (hits === 2) return overlap ? 'overlapping_exposure' : 'complementary_exposure';
  if (hits === 1) return overlap ? 'indirect_exposure' : 'single_exposure';
  return overlap ? 'non_exposure' : 'independent_action';
}

/** Raw-distance criterion: a drug hits the disease module when its targets overlap it, s_AD < 0. */
export function configuration(sAB: number | null, sAD: number | null, sBD: number | null): Configuration {
  return configurationFromHits(sAB, sAD === null ? null : sAD < 0, sBD === null ? null : sBD < 0);
}

/** Proximity criterion: the drug's targets are closer to the disease genes than random (z < threshold); null without z. */
export function proximityHit(z: number | null, threshold: number): boolean | null {
  return z === null ? null : z < threshold;
}

export interface RankablePair {
  a: string;
  b: string;
  configuration: Configuration;
  s_ab: number | null;
  s_ad: number | null;
  s_bd: number | null;
  /** Each drug's proximity z-score to the disease genes, when computed. */
  z_a?: number | null;
  z_b?: number | null;
}

const weakest = (x: number | null | undefined, y: number | null | undefined) =>
  (x === null || x === undefined || y === null || y === undefined ? Number.POSITIVE_INFINITY : Math.max(x, y));

/**
 * Pairs in ranking order: by configuration (the order of CONFIGURATIONS: complementary exposure first), then by
 * the weaker drug's proximity z-score to the disease (max(z_A, z_B), smaller first: both drugs closer than random),
 * then the weaker drug's separation from the disease module (max(s_AD, s_BD), smaller first), then by s_AB
 * (larger first: more separate neighbourhoods), then by the two ids. Unknown values sort last.
 */
export function rankPairs<P extends RankablePair>(pairs: readonly P[]): P[] {
  const rank = new Map<Configuration, number>(CONFIGURATIONS.map((c, i) => [c, i]));
  const order = (x: number, y: number) => (x === y ? 0 : x < y ? -1 : 1); // Infinity - Infinity would be NaN
  return [...pairs].sort((x, y) =>
    rank.get(x.configuration)! - rank.get(y.configuration)!
    || order(weakest(x.z_a, x.z_b), weakest(y.z_a, y.z_b))
    || order(weakest(x.s_ad, x.s_bd), weakest(y.s_ad, y.s_bd))
    || order(y.s_ab ?? Number.NEGATIVE_INFINITY, x.s_ab ?? Number.NEGATIVE_INFINITY)
    || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0)
    || (x.b < y.b ? -1 : x.b > y.b ? 1 : 0));
}
