// The z-score of a drug pair's target-module separation s_AB against degree-preserving random target sets, the
// reference Cheng, Kovács & Barabási (Nat Commun 2019) use for their network measures: each drug's targets are
// replaced by random genes of the same interactome degree bins (Guney et al.'s binning, bins of >= 100 genes;
// domain/network-medicine/degree-preserving-sampling.ts) and s_A'B' recomputed;
// z_AB = (s_AB − mean)/sd (population sd). Negative z: the two target modules sit closer than degree-matched
// random modules of the same sizes. Pure and seeded: each drug has its own stream (keyed by its CURIE), and
// permutation k of a pair pairs random set k of A with random set k of B, so each drug's random sets are
// drawn and placed once per permutation however many pairs it is in. A random draw whose separation is
// undefined (sets in different components) is skipped and not counted.
import { degreeBins, DegreePreservingSampler, NullAccumulator, streamRandom } from '../network-medicine/degree-preserving-sampling';
import type { Interactome } from './interactome';
import { placeSet, PlacedSet, separation } from './network-separation';

export interface SeparationNullDrug { key: string; genes: readonly number[] }
export interface SeparationNullPair { a: number; b: number; observed: number }
export interface SeparationNull { random_mean: number; random_sd: number; z: number | null; permutations_used: number }

export function separationNull(
  net: Interactome, drugs: readonly SeparationNullDrug[], pairs: readonly SeparationNullPair[], permutations: number, seed: number,
): (SeparationNull | null)[] {
  const n = net.nodes.length;
  const degrees = new Int32Array(n);
  for (let u = 0; u < n; u++) degrees[u] = net.start[u + 1]! - net.start[u]!;
  const sampler = new DegreePreservingSampler(degreeBins(degrees), n);
  const used = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const plans = new Map(used.map((d) => [d, sampler.plan([...new Set(drugs[d]!.genes)])]));
  const streams = new Map(used.map((d) => [d, streamRandom(seed, `separation:${drugs[d]!.key}`)]));
  const accumulators = pairs.map((p) => new NullAccumulator(p.observed));
  const counts = new Int32Array(pairs.length);
  for (let k = 0; k < permutations; k++) {
    const placed = new Map<number, PlacedSet>();
    for (const d of used) {
      const plan = plans.get(d)!;
      const out = new Int32Array(plan.size);
      sampler.sample(plan, streams.get(d)!, out);
      placed.set(d, placeSet(net, [...out]));
    }
    pairs.forEach((p, i) => {
      const s = separation(placed.get(p.a)!, placed.get(p.b)!).s_ab;
      if (s === null) return;
      accumulators[i]!.add(s);
      counts[i]!++;
    });
  }
  return pairs.map((_, i) => {
    if (counts[i] === 0) return null;
    const { mean, sd, z } = accumulators[i]!.summary();
    return { random_mean: mean, random_sd: sd, z, permutations_used: counts[i]! };
  });
}
