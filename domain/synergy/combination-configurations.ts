// The six network configurations of a drug pair and a disease (Cheng, Kovács & Barabási, Nat Commun 2019,
// doi:10.1038/s41467-019-09186-x, Fig. 2), from the separation of the two drugs' target modules (s_AB) and
// of each drug's targets from the disease module (s_AD, s_BD; network-separation.ts):
//
//                                   both drugs hit the disease   one hits it          neither
//   targets overlap   (s_AB < 0)    overlapping exposure        indirect exposure    non-exposure
//   targets separated (s_AB >= 0)   complementary exposure      single exposure      independent action
//
// A drug "hits" the disease module when its targets overlap it: s_AD < 0 (the same overlap criterion the paper
// uses between the two drugs). Only complementary exposure was associated with clinically efficacious
// combinations (hypertension and cancer in the paper), so it ranks first; overlapping exposure is flagged
// (the two drugs act on the same neighbourhood). Pure.

export const CONFIGURATIONS = [
  'complementary_exposure', 'overlapping_exposure', 'indirect_exposure', 'single_exposure', 'non_exposure', 'independent_action', 'undetermined',
] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];

/** `undetermined` when a separation is null (a target set reaches nothing in the interactome). */
export function configuration(sAB: number | null, sAD: number | null, sBD: number | null): Configuration {
  if (sAB === null || sAD === null || sBD === null) return 'undetermined';
  const hits = (sAD < 0 ? 1 : 0) + (sBD < 0 ? 1 : 0);
  const overlap = sAB < 0;
  if (hits === 2) return overlap ? 'overlapping_exposure' : 'complementary_exposure';
  if (hits === 1) return overlap ? 'indirect_exposure' : 'single_exposure';
  return overlap ? 'non_exposure' : 'independent_action';
}

export interface RankablePair {
  a: string;
  b: string;
  configuration: Configuration;
  s_ab: number | null;
  s_ad: number | null;
  s_bd: number | null;
}

/**
 * Pairs in ranking order: by configuration (the order of CONFIGURATIONS: complementary exposure first), then
 * by the weaker drug's separation from the disease module (max(s_AD, s_BD), smaller first: both drugs deeper
 * in the module), then by s_AB (larger first: more separate neighbourhoods), then by the two ids.
 */
export function rankPairs<P extends RankablePair>(pairs: readonly P[]): P[] {
  const rank = new Map<Configuration, number>(CONFIGURATIONS.map((c, i) => [c, i]));
  const weaker = (p: P) => (p.s_ad === null || p.s_bd === null ? Number.POSITIVE_INFINITY : Math.max(p.s_ad, p.s_bd));
  return [...pairs].sort((x, y) =>
    rank.get(x.configuration)! - rank.get(y.configuration)!
    || weaker(x) - weaker(y)
    || (y.s_ab ?? Number.NEGATIVE_INFINITY) - (x.s_ab ?? Number.NEGATIVE_INFINITY)
    || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0)
    || (x.b < y.b ? -1 : x.b > y.b ? 1 : 0));
}
