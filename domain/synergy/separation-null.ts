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
import { SetDistanceBuffers } from './set-distance-buffers';

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
  const reference = new PairReference(pairs);
  const bfs = new SetDistanceBuffers(net);
  const partnersOf = partnersOfDrugs(pairs);
  const sets = new Map(used.map((d) => [d, new Int32Array(plans.get(d)!.size)]));
  for (let k = 0; k < permutations; k++) {
    for (const d of used) sampler.sample(plans.get(d)!, streams.get(d)!, sets.get(d)!);
    reference.add(pairSeparations(bfs, (d) => sets.get(d)!, partnersOf, pairs));
  }
  return reference.summaries();
}

/** Each pair's reference distribution of s_AB (undefined draws skipped and not counted) and its z. */
export class PairReference {
  private readonly accumulators: NullAccumulator[];
  private readonly counts: Int32Array;
  constructor(pairs: readonly SeparationNullPair[]) {
    this.accumulators = pairs.map((p) => new NullAccumulator(p.observed));
    this.counts = new Int32Array(pairs.length);
  }
  add(draw: readonly (number | null)[]): void {
    draw.forEach((s, i) => {
      if (s === null) return;
      this.accumulators[i]!.add(s);
      this.counts[i]!++;
    });
  }
  summaries(): (SeparationNull | null)[] {
    return this.accumulators.map((acc, i) => {
      if (this.counts[i] === 0) return null;
      const { mean, sd, z } = acc.summary();
      return { random_mean: mean, random_sd: sd, z, permutations_used: this.counts[i]! };
    });
  }
}

/** Each drug of the pairs → the drugs it is paired with. */
export function partnersOfDrugs(pairs: readonly { a: number; b: number }[]): Map<number, number[]> {
  const out = new Map<number, Set<number>>();
  for (const p of pairs) {
    (out.get(p.a) ?? out.set(p.a, new Set()).get(p.a)!).add(p.b);
    (out.get(p.b) ?? out.set(p.b, new Set()).get(p.b)!).add(p.a);
  }
  return new Map([...out].map(([d, s]) => [d, [...s]]));
}

/**
 * s_AB of every pair for the drugs' gene sets `setOf(d)` on the network of `bfs`: one breadth-first search per
 * drug, stopped once its partners' genes and its own spread are known; null where a separation is undefined.
 */
export function pairSeparations(
  bfs: SetDistanceBuffers, setOf: (drug: number) => ArrayLike<number>, partnersOf: ReadonlyMap<number, readonly number[]>, pairs: readonly { a: number; b: number }[],
): (number | null)[] {
  const spread = new Map<number, number | null>();
  // toPartner.get(e).get(d)[i]: hops from gene i of e's set to d's set.
  const toPartner = new Map<number, Map<number, Int32Array>>([...partnersOf.keys()].map((d) => [d, new Map()]));
  for (const [d, partners] of partnersOf) {
    const genes = setOf(d);
    const reach: number[] = [];
    for (const e of partners) { const set = setOf(e); for (let i = 0; i < set.length; i++) reach.push(set[i]!); }
    const other = bfs.run(genes, reach);
    spread.set(d, meanReached(other, new Set(Array.from(genes)).size === 1));
    for (const e of partners) {
      const partner = setOf(e);
      const hops = new Int32Array(partner.length);
      for (let i = 0; i < partner.length; i++) hops[i] = bfs.nearest[partner[i]!]!;
      toPartner.get(e)!.set(d, hops);
    }
  }
  return pairs.map((p) => separationOf(toPartner.get(p.a)!.get(p.b)!, toPartner.get(p.b)!.get(p.a)!, spread.get(p.a)!, spread.get(p.b)!));
}

/** d_AA from each gene's hops to the nearest other gene of its set (0 for one gene; null when none reaches another). */
function meanReached(other: Int32Array, single: boolean): number | null {
  if (single) return 0;
  let sum = 0, n = 0;
  for (const d of other) if (d >= 0) { sum += d; n++; }
  return n ? sum / n : null;
}

/** s_AB = d_AB − (d_AA + d_BB)/2 from the hops of A's genes to B and of B's genes to A (network-separation.ts's rule). */
function separationOf(aToB: Int32Array, bToA: Int32Array, spreadA: number | null, spreadB: number | null): number | null {
  let sum = 0, n = 0;
  for (const d of aToB) if (d >= 0) { sum += d; n++; }
  for (const d of bToA) if (d >= 0) { sum += d; n++; }
  if (n === 0 || spreadA === null || spreadB === null) return null;
  return sum / n - (spreadA + spreadB) / 2;
}
